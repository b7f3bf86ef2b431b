// squares: block patterns of American-style crosswords, where the blocks of an empty grid go.
// A legal pattern is symmetric under a half turn, has no entry shorter than three letters, no
// unchecked cell (every white cell is in an across and a down entry), and its white cells are
// connected.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "squares/error.h"
#include "squares/fill.h"

namespace squares {

// The most rows and columns of a random pattern.
inline constexpr int kMaxPatternSide = 64;

struct PatternOptions {
  int rows = 15, cols = 15;  // 3 to kMaxPatternSide each
  double density = 1.0 / 6;  // blocks per cell, 0 to 0.4 (a 15x15 daily has about 1/6)
  uint64_t seed = 1;         // the same options make the same pattern, on any machine
};

// A random legal pattern with round(density * rows * cols) blocks, or one more where the half
// turn pairs them: rows of '#' (a block) and '.' (a white cell), as Grid::FromRows reads
// them. A usage Error for options out of range; a data Error when no legal pattern with so
// many blocks was found (saying how many it reached).
std::vector<std::string> MakePattern(const PatternOptions& options = {});

struct PatternCheck {
  bool legal = false;
  // Why not, in reading order within each kind, at most 20 and then how many more: "row 3,
  // column 5 is a block but row 13, column 11 is not (...)", "the across entry at row 1,
  // column 4 has 2 letters (at least 3)", "row 2, column 7 is unchecked: it is in no down
  // entry", "the white cells are not connected: ...".
  std::vector<std::string> problems;
};
// Whether `grid`'s blocks make a legal pattern (its letters count as white cells).
PatternCheck CheckPattern(const Grid& grid);

}  // namespace squares
