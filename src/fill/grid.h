// Grid: a crossword grid (black cells, empty cells, pre-fixed letters) read from one of three
// text formats, with its slots numbered as printed crosswords number them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace squares::core {

// The most rows and columns of any grid, Kakuro board or region puzzle read: larger files are
// refused with a message instead of exhausting memory.
inline constexpr int kMaxGridSide = 256;
// A file of one grid (or region puzzle) is refused past this size, before it is read whole:
// 256 rows of 256 letters of up to 4 bytes, with room to spare for comments.
inline constexpr size_t kMaxGridFileBytes = size_t{1} << 20;

enum class GridFormat { kCrucio, kPlain, kCwc };

enum class Direction { kAcross, kDown };

// A slot: a maximal run of >= 2 non-black cells in one direction.
struct GridSlot {
  Direction direction;
  int number;              // printed clue number (1, 2, ...)
  int row, col, length;    // first cell and run length
  std::vector<int> cells;  // cell indices (row * cols + col), in reading order of the word
};

// The grid. Cells are row-major; cell i is black, empty, or holds a fixed letter (one UTF-8
// encoded code point, uppercase as written). Slots: all Across slots in reading order, then all
// Down slots in reading order; every non-black cell lies in at least one slot (the parser
// rejects isolated cells). numbers[i] is the printed number of cell i, 0 when it has none.
// How a white cell is marked in print: a circle in it, or shaded (a theme's letters).
enum class CellMark : uint8_t { kNone, kCircled, kShaded };

struct Grid {
  int rows = 0, cols = 0;
  std::vector<bool> black;
  std::vector<std::string> fixed;  // "" = empty cell (or black)
  std::vector<int> numbers;
  std::vector<CellMark> marks;  // per cell; kNone for black cells
  std::vector<GridSlot> slots;
  GridFormat format = GridFormat::kPlain;
  int first_row_line = 1;  // source line of row 0 (for messages about cells)

  int cell(int row, int col) const { return row * cols + col; }
  CellMark mark(int cell) const { return marks.empty() ? CellMark::kNone : marks[cell]; }
  int size() const { return rows * cols; }
};

// Parses a grid, detecting the format (plain and crucio grids may be followed by a blank line
// and a block of marks, a row per grid row: 'O' a circled cell, '*' a shaded one, '.' or '#'
// neither):
//   crucio (.crg): line 1 rows, line 2 columns, then the rows: '-' empty, '#' black, A-Z fixed;
//   cwc pattern:   line 1 "W H", then H rows: '+' empty, ' ' black, letter fixed (short rows
//                  are padded with black; lines after the grid are ignored);
//   plain:         rows of '.' empty, '#' black, letters fixed, all the same length.
// Errors name the source, line and column: "g.txt:3: row has 9 cells, expected 10"; grids
// over kMaxGridSide rows or columns are refused.
absl::StatusOr<Grid> ParseGrid(std::string_view name, std::string_view text);
// Plain rows as given (no format is detected): errors name the row as its line.
absl::StatusOr<Grid> ParseGridRows(std::string_view name, const std::vector<std::string>& rows);

// "3 Across" / "12 Down".
std::string SlotName(const GridSlot& slot);

}  // namespace squares::core
