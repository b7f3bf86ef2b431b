// Block patterns of American-style crosswords: where the blocks (black cells) of an empty grid
// go. A legal pattern is symmetric under a half turn, has no entry shorter than three letters
// and no unchecked cell (every white cell is in an across and a down entry), and its white
// cells are connected. RandomPattern makes one; PatternProblems says why a pattern is not.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace squares::core {

// The shortest entry of a legal pattern.
inline constexpr int kMinPatternEntry = 3;
// The most rows and columns of a random pattern: each block placed is checked against the whole
// grid, which past this size takes seconds.
inline constexpr int kMaxPatternSide = 64;

struct BlockPattern {
  int rows = 0, cols = 0;
  std::vector<uint8_t> black;  // per cell, row-major: 1 for a block

  int cell(int row, int col) const { return row * cols + col; }
  // The cell a half turn of the grid puts on `cell`.
  int mirror(int cell) const { return rows * cols - 1 - cell; }
  int blocks() const;
  // Rows of '#' (a block) and '.' (a white cell), the grid format's plain rows.
  std::vector<std::string> text_rows() const;
};

// Why `pattern` is not legal, one line a problem in reading order (the first `max_problems`,
// then how many more): "row 3, column 5 is a block but row 11, column 11 is not (the pattern is
// not symmetric under a half turn)". Empty for a legal pattern.
std::vector<std::string> PatternProblems(const BlockPattern& pattern, size_t max_problems = 20);

// A random legal pattern of rows x cols (kMinPatternEntry to kMaxPatternSide each) with `blocks`
// blocks, or one more where symmetry places them in pairs; the same for the same arguments
// (std::mt19937_64 seeded with `seed`, whose sequence the standard fixes). A data error names
// the most blocks reached when no try reaches `blocks`.
absl::StatusOr<BlockPattern> RandomPattern(int rows, int cols, int blocks, uint64_t seed);

}  // namespace squares::core
