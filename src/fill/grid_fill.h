// GridFill: the search engine that fills cells so that every slot spells a word of that slot's
// automaton. Crossword grids pass the dictionary's per-length Dawg for each slot;
// Kakuro passes per-(length, sum) digit automata. The engine knows nothing of grids beyond
// "slot = list of cells".
//
// Search: letter domains per cell (LetterSet bitmasks) kept generalized-arc-consistent with
// every slot, by a table of the slot's words that narrows as its cells do (or, for automata
// with many words per entry, a sweep of the automaton); most-constrained-first branching on a
// slot (try its words) or a cell (try its letters); conflict-directed backjumping; restarts,
// local or from the root, with a seeded random tie-break (reproducible), each keeping what
// the branch it abandons refuted as nogoods (see Nogoods); timeout.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "lexicon/dawg.h"
#include "lexicon/lexicon.h"

namespace squares::core {

struct FillSlot {
  std::vector<int> cells;           // cell indices, in the order the word is read
  const Dawg* dawg = nullptr;       // words allowed here; dawg->length() == cells.size()
  std::span<const int64_t> scores;  // score of each word by Dawg rank; empty = unscored
};

struct FillProblem {
  std::vector<LetterSet> domains;  // initial letters allowed per cell (fixed letter = one bit)
  std::vector<FillSlot> slots;
};

enum class Branching { kWord, kLetter };
// Which scores are better: none (scores ignored), the higher (lists scored by quality) or the
// lower (the default list, scored by SCOWL size: commoner). A word's cost is its score
// (kLowerFirst) or minus its score (kHigherFirst), 0 in an unscored slot: the lower the better.
enum class ScoreOrder { kNone, kHigherFirst, kLowerFirst };

// Nogoods a search with restarts learned (FillResult::nogoods): each a list of literals
// cell * 64 + letter that no fill has all at once; nogood g is literals[begin[g],
// begin[g + 1]). They hold for any search of the same problem and options whose fills are
// among this one's (the same or a lower max_cost, no `improve`), which may take them in.
struct Nogoods {
  std::vector<uint32_t> literals;
  std::vector<uint32_t> begin{0};
};

// What a running fill has done so far, for a progress display (FillOptions::progress):
// written by its searches as they go, read from any thread. Costs as in FillOptions.
struct FillProgress {
  std::atomic<int64_t> nodes{0};               // searched by all the run's searches
  std::atomic<int64_t> best_worst{INT64_MAX};  // FillBest: the best fill's worst word so far
  std::atomic<int64_t> max_cost{INT64_MAX};    // FillBest: what its current step asks of every
                                               // word (INT64_MAX: a first fill)
  std::atomic<bool> polishing{false};          // FillBest: the worst word is settled, the mean
                                               // is being improved
};

struct FillOptions {
  Branching branching = Branching::kWord;  // (`squares fill` defaults to kLetter)
  ScoreOrder scores = ScoreOrder::kNone;
  bool prefer_scores = false;  // try the cheapest words first (implies kWord)
  // Quality (with `scores`): words costing more than max_cost are left out of scored slots.
  // With `improve` (no `all`), a fill is reported only when it costs less in all than
  // total_below and every fill reported before it (branch and bound on the total cost); the
  // search ends when no cheaper fill remains.
  int64_t max_cost = INT64_MAX;
  bool improve = false;
  int64_t total_below = INT64_MAX;
  bool distinct = false;       // no word twice (same automaton and rank)
  bool deterministic = false;  // only fills usable as fill-in puzzles (implies distinct)
  bool all = false;            // enumerate every fill (no restarts; lexicographic order)
                               // (without `all`, runs restart: a `limit` > 1 stops at that
                               // many distinct fills, in no particular order)
  // With `all`: enumerate only part shard_index (1-based) of shard_count. The parts are
  // disjoint; their fills, concatenated in order of the parts, are all fills in order.
  int shard_index = 1, shard_count = 1;
  // With `all`, when set: the key the cut must have (FillShardKey); a search cut otherwise
  // searches nothing (FillResult::other_key).
  std::optional<uint64_t> shard_key;
  int64_t limit = 0;  // stop after this many fills (0 = no limit; 1 unless `all`)
  uint64_t seed = 1;
  // Without `all`: a run restarts after restart_failures times Luby's sequence (1 1 2 1 1 2
  // 4 ...) failures, from the root or, deep in the search, from some levels above the dead end.
  // 0: no restarts (a complete search, as with `all`, that stops at the first fill).
  int64_t restart_failures = 100;
  // FillBest: each step of its descent alternates two searches with restarts (seeds seed
  // and seed + 1, restart_failures 1x and 3x, the second with weight_growth 1.02), first
  // within this many nodes, then 4x more each round, each starting with the nogoods learned
  // before (0: one complete search).
  int64_t probe_nodes = 2000;
  // FillBest with 2 or more: each step runs its two searches at once (see FillBest); the
  // fill printed is the same whenever no time limit cuts a step short.
  int threads = 1;
  double timeout_seconds = 0;  // 0 = none
  int64_t node_limit = 0;      // stop (kTimedOut) after this many nodes; 0 = none
  // Polled between nodes: stop (kTimedOut) after this many nodes, as it is now.
  const std::atomic<int64_t>* node_cap = nullptr;
  // Polled between nodes: once set, stop (kTimedOut) as soon as the current node is done.
  const std::atomic<bool>* stop = nullptr;
  // Nogoods learned by an earlier search that hold for this one (see Nogoods): kept from
  // the start, and in the result with those this search learns.
  const Nogoods* nogoods = nullptr;
  // Also check each 2x2 block of cells as a whole (see fill_internal::CellBlock) while its
  // four slots have at most this many words each (0: never). Sound: the fills are the same.
  int64_t block_words = 0;
  // With restarts and a limit of one fill (no `improve`): where the problem is the same under
  // a map of its cells (a grid symmetric about its diagonal, transposed), learn each nogood's
  // image too, so no run searches the image of a part already refuted. Sound: the fills are
  // the same.
  bool mirror_nogoods = true;
  // Branching takes the variable with the fewest letters (or words) per weight, a slot's
  // weight growing with each failure that blames it (Boussemart et al.'s dom/wdeg, ECAI 2004).
  // Each slot blamed (one per failure, four for a 2x2 block's) gains this factor times the
  // gain before: 1, all failures alike; a little above 1, the recent ones weigh more, as
  // activities in SAT solvers' VSIDS.
  double weight_growth = 1.0;
  // When set (a letter per cell, e.g. a fill found before): the first value tried for a cell,
  // or a slot's first word, is the one with these letters where the domains allow it. A
  // search for a grid that differs a little from one filled before then repairs that fill
  // around the difference rather than starting over (SAT solvers' phase saving).
  const std::vector<Letter>* preferred = nullptr;
  FillProgress* progress = nullptr;  // when set, kept up to date (see FillProgress)
};

enum class FillStatus {
  kFilled,           // at least one fill reported (all of them, unless stopped or limited)
  kImpossible,       // search exhausted, no fill
  kOverConstrained,  // `bad_slot` has no candidate before search
  kNoDeterministic,  // the grid cannot have a deterministic fill (no slot is forced first)
  kTimedOut,         // time (or node_limit) ran out, or `stop` was set (fills may have been
                     // reported before)
};

struct FillStats {
  int64_t nodes = 0, failures = 0, backjumps = 0, restarts = 0, fills = 0;
  int64_t rejected = 0;  // fills found but not deterministic
  int64_t learned = 0;   // nogoods learned at restarts
  int64_t mirrored = 0;  // of those, images of others under a symmetry of the grid
  double seconds = 0;
};

struct FillResult {
  FillStatus status = FillStatus::kImpossible;
  // kOverConstrained: the slot with no word; kImpossible: the slot that propagation at the
  // root (before any decision) left with no word, or -1 when a search was needed to tell.
  int bad_slot = -1;
  FillStats stats;
  Nogoods nogoods;  // options.nogoods and those learned (with restarts or options.nogoods)
  // kImpossible after a search: the slots its failures blamed, most blamed first (the
  // branching weights: the entries of the conflicts it learned), at most kBlamed.
  static constexpr size_t kBlamed = 4;
  std::vector<int> blamed;
  // With options.shard_key: the key of the cut this search made when it is another (then
  // nothing was searched, status kTimedOut).
  std::optional<uint64_t> other_key;
};

// What propagation alone (no decision) proves of a problem, as a search's root has it: each
// cell's letters that every slot through it still supports, the fill's arc consistency.
// Every letter taken out is in no fill; what is left may still have none (only a search
// decides). A slot with no word against its own cells' letters is dead at once; otherwise
// propagation runs to its fixpoint, or until it empties a slot (`emptied`), when the
// domains are those it had then (each an upper bound of the cell's letters in any fill).
struct Consistency {
  std::vector<LetterSet> domains;  // per cell
  std::vector<uint64_t> words;     // per slot: the words consistent with the domains
  std::vector<int> dead;           // the slots with no word against their own cells' letters
  int emptied = -1;                // else the slot propagation left with no word, or -1
  bool repeated = false;           // emptied by `distinct`: its only word is another slot's
  // Cells where the slots through it, each taken alone, accept no common letter.
  std::vector<int> dead_cells;
  bool consistent() const { return dead.empty() && emptied < 0 && dead_cells.empty(); }
};
Consistency Propagated(const FillProblem& problem, const FillOptions& options);

// Called with one letter per cell for each fill; return false to stop the search.
using FillCallback = std::function<bool(std::span<const Letter> letters)>;

FillResult Fill(const FillProblem& problem, const FillOptions& options,
                const FillCallback& on_fill);

// The key of the cut of an `all` search into options.shard_count parts: a hash of the problem
// (the cells' letters, the slots' cells, their automata and scores) and of the units the cut
// numbers (the decisions above its split depth), so that searches with equal keys cut the
// same parts of the same fills, and a build that searches in another order, or other words,
// give another key. nullopt when the cut ran out of time (timeout_seconds, node_limit, stop).
std::optional<uint64_t> FillShardKey(const FillProblem& problem, const FillOptions& options);

// A first fill (no `all`, `limit` 0 or 1) on options.threads: with 2 or more and restarts, two
// searches with restarts at once (seeds seed and seed + 1, restart_failures 1x and 3x); the fill
// reported is the one found in fewer nodes, so it does not depend on which ends first (see
// fill_best.cc's RunRace); the statistics are both searches'. Otherwise Fill.
FillResult FillFirst(const FillProblem& problem, const FillOptions& options,
                     const FillCallback& on_fill);

// The best fill for scored slots (options.scores is not kNone; unscored slots
// cost nothing). First the fill whose worst word costs least: a first fill, then runs of the
// restart search with max_cost just below the best worst word so far, each finding a better
// fill or proving there is none (the best is then proven); then, at that worst cost,
// `polish_nodes` nodes for a lower total: branch and bound (options.improve, the options' own
// branching) on the whole grid for half of them, then, unless it proved its total least,
// branch and bound on neighbourhoods of the best fill (the cells of the slots crossing a
// costly word; every other cell kept) for the rest; where a neighbourhood would free most of
// the grid, branch and bound for all of them. The runs share options.timeout_seconds; those
// after the first fill also stop `quality_seconds` after it (0: no such limit); a run cut
// short leaves the best fill so far and the bound proven.
struct BestFill {
  FillStatus status = FillStatus::kImpossible;  // kFilled, or the first run's state
  int bad_slot = -1;                            // for kOverConstrained
  std::vector<Letter> letters;                  // the best fill (kFilled)
  int64_t worst = 0, total = 0;                 // the cost of its worst word, and of all its words
  int64_t bound = 0;            // proven: every fill has a word costing `bound` or more;
                                // bound == worst when the worst word is proven best
  bool bound_searched = false;  // a search proved `bound` (else no level was ruled out
                                // and `bound` is just the least cost of any word)
  bool total_proven = false;    // no fill with no word costing over `worst` costs less
  int runs = 0;
  int64_t repairs = 0, repaired = 0;  // polishing's neighbourhood searches, and those that
                                      // lowered the total
  FillStats stats;                    // summed over the runs
};

BestFill FillBest(const FillProblem& problem, const FillOptions& options, int64_t polish_nodes,
                  double quality_seconds = 0);

// The costs of a fill's words (options.scores as in FillOptions): the highest and the sum.
void FillCosts(const FillProblem& problem, ScoreOrder scores, std::span<const Letter> letters,
               int64_t* worst, int64_t* total);

// A set of a problem's slots with no fill by itself: the problem with only those slots (the
// cells no slot of the set crosses left free) has none. `minimal`: each slot's removal was
// checked to leave a fillable set.
struct Conflict {
  std::vector<int> slots;
  bool minimal = false;
};
// Shrinks `start`, slots of `problem` (which has no fill) that a search blamed, to a conflict:
// first an unfillable set (`start`, else with the slots crossing it, else with those crossing
// these, and so on), then deletion (each slot dropped when the set stays unfillable without
// it), each check a search (options' `distinct`, `block_words`, `stop`) within `seconds` in
// all. When the time runs out first, `start` itself, not minimal.
Conflict ShrinkConflict(const FillProblem& problem, const std::vector<int>& start,
                        const FillOptions& options, double seconds);

// True when the filled slots form a deterministic fill-in puzzle: placing words one at a time,
// with only the lengths' word lists known, some unplaced slot always admits exactly one of the
// words not yet placed (matching the letters already placed).
bool IsDeterministicFill(const FillProblem& problem, std::span<const Letter> letters);

}  // namespace squares::core
