// squares: Kakuro boards and word-region puzzles, solved with a uniqueness check.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "squares/dictionary.h"
#include "squares/error.h"

namespace squares {

enum class KakuroVerdict {
  kUnique,      // exactly one solution
  kNotUnique,   // two or more (with `all`: KakuroResult::count of them)
  kNoSolution,
  kTimedOut,    // timeout or stop before the verdict was known
};

struct KakuroOptions {
  bool all = false;               // every solution (else stop at the second)
  std::optional<int64_t> limit;   // with all: at most this many
  double timeout = 0;             // seconds per board; 0: none
  const StopFlag* stop = nullptr;
};

struct KakuroResult {
  std::string name;   // from the board's KAKURO header; "" for a bare board
  int rows = 0, cols = 0;
  KakuroVerdict verdict = KakuroVerdict::kNoSolution;
  int64_t count = 0;  // solutions found
  // Each solution: a digit 1..9 per cell, row-major; 0 for black and clue cells.
  std::vector<std::vector<int>> solutions;
  std::string verdict_text() const;  // as `squares kakuro --count` prints it
};

// Solves every board of a Kakuro file given as text (errors name `source`, line, column).
std::vector<KakuroResult> SolveKakuro(std::string_view boards, const KakuroOptions& options = {},
                                      const std::string& source = "<board>");

enum class RegionsVerdict { kUnique, kNotUnique, kNoSolution, kStopped };

struct RegionsOptions {
  int min = 4, max = 8;  // region sizes, 1 <= min <= max <= 10
  bool all = false;      // every solution (else stop at the second)
  bool upper = false;
  const StopFlag* stop = nullptr;
};

struct RegionsSolution {
  std::vector<std::string> words;  // the word of each region, in region order
  std::vector<int> region_of;      // per cell (row-major): its region, 0, 1, ... in reading order
  std::string drawing;             // the partition drawn with +---+ borders
};

struct RegionsResult {
  RegionsVerdict verdict = RegionsVerdict::kNoSolution;
  int rows = 0, cols = 0;
  size_t count = 0;                        // solutions found
  std::vector<RegionsSolution> solutions;  // up to two (with all: every one)
  std::string verdict_text() const;        // as `squares regions` prints it
};

// Splits a letter grid (rows of letters, one a line) into connected regions whose letters,
// read in row-major order, spell words.
RegionsResult SolveRegions(const Dictionary& dictionary, std::string_view puzzle,
                           const RegionsOptions& options = {},
                           const std::string& source = "<puzzle>");

// Makes a region puzzle of rows x cols with exactly one solution (deterministic per seed).
struct MadeRegions {
  std::vector<std::string> rows;  // the puzzle's letters
  RegionsSolution solution;
};
MadeRegions MakeRegions(const Dictionary& dictionary, int rows, int cols,
                        const RegionsOptions& options = {}, uint64_t seed = 1);

}  // namespace squares
