// GridFill: the search engine that fills cells so that every slot spells a word of that slot's
// automaton (DESIGN §6). Crossword grids pass the dictionary's per-length Dawg for each slot;
// Kakuro passes per-(length, sum) digit automata. The engine knows nothing of grids beyond
// "slot = list of cells".
//
// Search: letter domains per cell (LetterSet bitmasks) kept generalized-arc-consistent with
// every slot, by a table of the slot's words that narrows as its cells do (or, for automata
// with many words per entry, a sweep of the automaton); most-constrained-first branching on a
// slot (try its words) or a cell (try its letters); conflict-directed backjumping; restarts,
// local or from the root, with a seeded random tie-break (reproducible); timeout.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "squares/dawg.h"
#include "squares/lexicon.h"

namespace squares {

struct FillSlot {
  std::vector<int> cells;          // cell indices, in the order the word is read
  const Dawg* dawg = nullptr;      // words allowed here; dawg->length() == cells.size()
  std::span<const int64_t> scores; // score of each word by Dawg rank; empty = unscored
};

struct FillProblem {
  std::vector<LetterSet> domains;  // initial letters allowed per cell (fixed letter = one bit)
  std::vector<FillSlot> slots;
};

enum class Branching { kWord, kLetter };
// Which words of a scored slot to try first: none (scores ignored), the higher-scored (lists
// scored by quality) or the lower-scored (the default list, scored by SCOWL size: commoner).
enum class ScoreOrder { kNone, kHigherFirst, kLowerFirst };

struct FillOptions {
  Branching branching = Branching::kWord;  // (`squares fill` defaults to kLetter)
  ScoreOrder prefer_scores = ScoreOrder::kNone;  // any but kNone implies kWord
  bool distinct = false;       // no word twice (same automaton and rank)
  bool deterministic = false;  // only fills usable as fill-in puzzles (implies distinct)
  bool all = false;            // enumerate every fill (no restarts; lexicographic order)
                               // (without `all`, runs restart: a `limit` > 1 stops at that
                               // many distinct fills, in no particular order)
  // With `all`: enumerate only part shard_index (1-based) of shard_count. The parts are
  // disjoint; their fills, concatenated in order of the parts, are all fills in order.
  int shard_index = 1, shard_count = 1;
  int64_t limit = 0;           // stop after this many fills (0 = no limit; 1 unless `all`)
  uint64_t seed = 1;
  // Without `all`: a run restarts after restart_failures times Luby's sequence (1 1 2 1 1 2
  // 4 ...) failures, from the root or, deep in the search, from some levels above the dead end.
  int64_t restart_failures = 100;
  double timeout_seconds = 0;  // 0 = none
};

enum class FillStatus {
  kFilled,            // at least one fill reported (all of them, unless stopped or limited)
  kImpossible,        // search exhausted, no fill
  kOverConstrained,   // `bad_slot` has no candidate before search
  kNoDeterministic,   // the grid cannot have a deterministic fill (no slot is forced first)
  kTimedOut,          // time ran out (fills may have been reported before)
};

struct FillStats {
  int64_t nodes = 0, failures = 0, backjumps = 0, restarts = 0, fills = 0;
  int64_t rejected = 0;  // fills found but not deterministic
  double seconds = 0;
};

struct FillResult {
  FillStatus status = FillStatus::kImpossible;
  int bad_slot = -1;  // for kOverConstrained
  FillStats stats;
};

// Called with one letter per cell for each fill; return false to stop the search.
using FillCallback = std::function<bool(std::span<const Letter> letters)>;

FillResult Fill(const FillProblem& problem, const FillOptions& options,
                const FillCallback& on_fill);

// True when the filled slots form a deterministic fill-in puzzle: placing words one at a time,
// with only the lengths' word lists known, some unplaced slot always admits exactly one of the
// words not yet placed (matching the letters already placed).
bool IsDeterministicFill(const FillProblem& problem, std::span<const Letter> letters);

}  // namespace squares
