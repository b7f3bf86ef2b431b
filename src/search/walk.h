// The walk's tables: the levels of a search (one cell each, with the walkers it steps), the
// automata its walkers read, the memo keys and the tie pairs of the symmetry counted up to.
// Every part of the search is built from them; the level loop reads them through LoopWalk
// (loop_walk.h).
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "lexicon/dawg.h"
#include "search/shape.h"

namespace squares::core {

inline constexpr int kMaxLevels = kMaxShapeLetters;  // cells plus echo levels of a shape
inline constexpr int kMaxMemoWidth = 6;              // open words a memoized level is keyed by

// The search state is one array of automaton entries (Knuth's a[l][j]): word w's walker after
// its letter p at state[(p + 1) * words + w] (p = -1: the root of its automaton), and a free
// slot, the last, whose mask allows every letter. A square's words are its rows (symmetric:
// row i = column i), then its columns: state[(i + 1) * n + j] is column j after row i.
// Slots are 16-bit: at most (kMaxShapeWordLength + 1) * kMaxShapeWords + 1 of them.
//
// Level l fills one cell and steps the walker of every word whose next letter is that cell's:
// up to kMaxCellWords walkers; the rest of the level's walkers read the free slot and never
// step, so the loop has no case analysis: mask = AND of the walkers' masks & allowed. A word
// that reaches a cell placed at an earlier level (a cell repeated in it, or a word read
// against the cell order) gets an echo level: one walker, the letter fixed to that level's.
struct Walker {
  uint16_t before, after;  // state slots
  bool step;               // whether `after` is read later
};
struct Level {
  std::array<Walker, kMaxCellWords> walkers;
  uint8_t walker_count = 0;
  int8_t memo_width = -1;  // the memos' key at this level's start: the states of the words
                           // begun and not ended there, at state[memo_slots[memo_begin + k]];
                           // -1: no memo here
  uint16_t memo_begin = 0;
  int16_t echo_of = -1;   // echo level: the level whose letter this one repeats
  uint16_t cell, mirror;  // grid cells written (mirror: symmetric transpose)
  LetterSet allowed;
};
static_assert((kMaxShapeWordLength + 1) * kMaxShapeWords + 1 <=
                  std::numeric_limits<uint16_t>::max(),
              "state slots are 16-bit");
static_assert(kMaxLevels <= std::numeric_limits<int16_t>::max(),
              "echo_of names a level in 16 bits");
static_assert(kMaxMemoWidth <= std::numeric_limits<int8_t>::max());
static_assert(std::is_trivially_copyable_v<Level>, "levels are copied with the search");

// Counting up to a symmetry compares chains of tie pairs (see WalkPlan::symmetry): at most
// three. TieAt is a level's pair: the earlier level it is tied to (-1: none), its chain, the
// chain's first pair and its own (indices into tie_pairs), whether the later letter must be
// at most the earlier one (it lies in the lesser key) and whether it is the chain's last.
inline constexpr int kMaxTieChains = 3;
using TieCut = std::array<uint16_t, kMaxTieChains>;
// How a run compares each chain's two keys: free, the first at least the second (greater),
// or equal.
enum class TieMode : uint8_t { kFree, kAtLeast, kGreater, kEqual };
// A run of a count up to a symmetry: how it compares each chain, and the weight of each
// result in the total: `weight`, or `weight_equal` for those whose keys in chain
// `weigh_chain` end equal (-1: none). All free: no tie.
struct Tie {
  std::array<TieMode, kMaxTieChains> modes{};
  int weigh_chain = -1;
  int weight = 1, weight_equal = 1;
  bool operator==(const Tie&) const = default;
};
struct TieAt {
  int16_t earlier = -1;
  uint8_t chain = 0;
  bool below = false, last = false;
  uint16_t first = 0, pair = 0;
};

// The walk of a shape: its levels in search order, and everything they read. Built once;
// copies of a search share nothing mutable.
struct WalkPlan {
  int word_count = 0;  // the shape's words
  int slots = 0;       // state array size; the free slot is the last
  bool wide = false;   // 64-bit masks (an alphabet of more than 32 letters)
  bool empty = false;  // some word's automaton has no words: no result
  std::vector<Level> levels;
  int max_walkers = 0;  // walkers of the busiest level
  bool has_echoes = false;
  // The automata: per word, its root entry in entries(). Words of several lengths (or lists)
  // walk one array, merged_* (each automaton copied in, child indices rebased, so a walker
  // needs no pointer of its own); with one automaton, `dawg`'s own.
  std::vector<uint32_t> word_root;
  const Dawg* dawg = nullptr;
  std::vector<const Dawg*> automata;  // the distinct ones, in the order merged: they name the
                                      // entries (the key of tables shared, see SearchTables)
  std::vector<DawgEntry<uint32_t>> merged_narrow;
  std::vector<DawgEntry<uint64_t>> merged_wide;
  // The memo keys' slots (see Level::memo_width).
  std::vector<uint16_t> memo_slots;
  // Counting up to a symmetry (see BuildTie and SquareSearch::Run): its order (1: none; 2:
  // one involution; 6: the permutations of three key sequences of cells, S3), its involutions
  // (one, or S3's three transpositions), the tie chains that compare the keys of a result
  // against those of its images and the runs whose weighted counts sum to the total. A chain
  // is a list of pairs compared in order (a key read lexicographically); pair (later level,
  // earlier level) ties the letter placed later to the earlier one's. An involution has one
  // chain: the later cell of each moved pair against its image. S3 has three (see BuildS3).
  // tie_pairs holds the chains one after another, chain_end[k] the end of chain k;
  // tie_of_level the pair a level places the later letter of (at most one).
  int symmetry_order = 1;
  std::vector<Tie> tie_runs;
  std::vector<std::vector<int>> symmetry;
  std::vector<std::array<uint16_t, 2>> tie_pairs;
  TieCut chain_end{};
  int chains = 0;
  std::vector<TieAt> tie_of_level;

  // The levels of `words` (their automata `dawgs`, letters `allowed` per cell) in cell
  // `order`; with `memo`, the memo keys of a symmetric square.
  static WalkPlan Build(const Shape& shape, const std::vector<const Dawg*>& dawgs,
                        const std::vector<LetterSet>& allowed, const std::vector<int>& order,
                        bool memo);
  // The symmetry counted up to: of the shape's involutions that map words onto words of the
  // same automaton and cells onto cells of the same letters, S3 where two of them generate it
  // and its chains fit the cell order, else the one involution whose pairs are decided
  // earliest, preferring those that leave the most of the tail from `tail_start` untied.
  // Without `s3`, always the one involution.
  void BuildTie(const Shape& shape, const std::vector<LetterSet>& allowed, int tail_start,
                bool s3);
  // One chain of `pairs` (later level, earlier level) compared in order, each later letter at
  // least its earlier one while the pairs before agree, with no run to count: a filter's
  // order cut in the walk (see SquareSearch::TransposeCutPairs). Each pair's later level
  // comes after the one before it.
  void TieInOrder(const std::vector<std::array<int, 2>>& pairs);

  int count() const { return static_cast<int>(levels.size()); }
  template <class Mask>
  const DawgEntry<Mask>* entries() const {
    if constexpr (sizeof(Mask) == 8)
      return merged_wide.empty() ? dawg->entries<uint64_t>() : merged_wide.data();
    else return merged_narrow.empty() ? dawg->entries<uint32_t>() : merged_narrow.data();
  }
  size_t entry_count() const {
    const size_t merged = wide ? merged_wide.size() : merged_narrow.size();
    return merged == 0 ? dawg->entry_count() : merged;
  }
  // Whether a tie pair's later cell is placed at level l.
  bool Tied(int l) const { return !tie_of_level.empty() && tie_of_level[l].earlier >= 0; }
  // Per chain, the end of its pairs complete before `level`.
  TieCut TiesBefore(int level) const;
  // Per cell of a shape of `cell_count` cells, the level that places it (echo levels left
  // out), or -1.
  std::vector<int> LevelOfCells(int cell_count) const;
  // Per state slot, the (last) level that sets it, or -1.
  std::vector<int> SlotWriters() const;
  // Whether levels [from, to) allow every letter of `letters` (no fixed letter narrows them).
  bool AllowAll(int from, int to, LetterSet letters) const;

 private:
  void MergeAutomata(const std::vector<const Dawg*>& dawgs);
  void BuildLevels(const Shape& shape, const std::vector<LetterSet>& allowed,
                   const std::vector<int>& order);
  void BuildMemoKeys(const Shape& shape);
  // A tie pair as built: later level, earlier level, whether the later letter is at most the
  // earlier one.
  using TiePair = std::array<int, 3>;
  // The S3 of two of `involutions` whose chains fit the cell order and leave the tail's last
  // `kept` levels untied (see BuildTie), set; false: none.
  bool BuildS3(const Shape& shape, const std::vector<std::vector<int>>& involutions,
               const std::vector<int>& level_of, int tail_start, int kept);
  void SetChains(const std::vector<std::vector<TiePair>>& chains);
  // How many of the last levels from `tail_start` place no later letter of `pairs` (two at
  // least, or none counts).
  int KeptTail(const std::vector<std::vector<TiePair>>& chains, int tail_start) const;
};

}  // namespace squares::core
