// Word-region puzzles: split a letter grid into connected regions of
// min..max cells (4-neighbourhood) whose letters, read in row-major order, spell words.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "lexicon/dawg.h"

namespace squares::core {

// A letter grid; cell i is at row i / cols, column i % cols (reading order).
struct RegionPuzzle {
  int rows = 0, cols = 0;
  std::vector<Letter> letters;  // rows * cols alphabet codes
};

// Parses rows of letters, one row per line (LF or CRLF; blank lines at the end are
// ignored). Errors name the source, line and column: "p.txt:3:5: 'x' is not a letter of
// the dictionary", "p.txt:2: row has 5 letters, expected 6", "p.txt: no rows".
absl::StatusOr<RegionPuzzle> ParseRegionPuzzle(std::string_view text, std::string_view name,
                                               const Alphabet& alphabet, bool fold_accents = false);

struct RegionSizes {
  int min = 4, max = 8;  // 1 <= min <= max <= kMaxRegionSize
};
inline constexpr int kMaxRegionSize = 10;  // the shapes of 10 cells are 36,446

// A partition of the grid: region_of[cell] = region number; regions are numbered in the
// reading order of their first cell, so equal partitions have equal vectors.
struct RegionPartition {
  std::vector<int> region_of;
  int region_count = 0;
  friend bool operator==(const RegionPartition&, const RegionPartition&) = default;
};

struct RegionStats {
  size_t placements = 0;  // connected word placements, found before the search
  size_t nodes = 0;       // regions placed during the search
  bool stopped = false;   // the stop flag ended the search
};

struct ShapeTrie;

// The solver for one dictionary and one range of region sizes; reusable across puzzles.
// Solve calls `on_solution` for each solution in search order until it returns false or
// the search is exhausted, and returns the number of solutions reported. The search: the
// first free cell in reading order starts the next region, which extends along the automaton
// of its length through free cells later in reading order and is accepted when connected.
// Placements are enumerated once per puzzle, by walking a trie of all connected shapes in step with
// the automaton; after a region is placed, the search backs up as soon as a free cell has no
// placement left that avoids the used cells.
class RegionSolver {
 public:
  RegionSolver(const Dictionary& dictionary, RegionSizes sizes);
  ~RegionSolver();

  // `stop`, when given, is polled between placements and between nodes: once set, the
  // search ends.
  size_t Solve(const RegionPuzzle& puzzle,
               const std::function<bool(const RegionPartition&)>& on_solution,
               RegionStats* stats = nullptr, const std::atomic<bool>* stop = nullptr) const;

 private:
  const Dictionary& dictionary_;
  std::vector<int> lengths_;  // the sizes in min..max that the dictionary has words of
  std::unique_ptr<const ShapeTrie> shapes_;
};

// The word of each region, in region order.
std::vector<Word> RegionWords(const RegionPuzzle& puzzle, const RegionPartition& partition);

// Draws the partition with +---+ borders, one string per text line.
std::vector<std::string> DrawRegions(const RegionPuzzle& puzzle, const RegionPartition& partition,
                                     const Alphabet& alphabet, bool upper);

struct MadeRegionPuzzle {
  RegionPuzzle puzzle;
  RegionPartition solution;
  int attempts = 0;  // solver runs it took
};

// Makes a puzzle with exactly one solution: a random partition into regions of `sizes`,
// each filled with a random word of its length; while the solver finds a second solution,
// the words of the regions where it differs are drawn again (and after many tries, a new
// partition). Deterministic for a given seed. Fails when the grid cannot be partitioned or
// no unique puzzle was found within the attempt budget, or `stop` was set (a CancelledError).
absl::StatusOr<MadeRegionPuzzle> MakeRegionPuzzle(int rows, int cols, const Dictionary& dictionary,
                                                  RegionSizes sizes, uint64_t seed,
                                                  const std::atomic<bool>* stop = nullptr);

}  // namespace squares::core
