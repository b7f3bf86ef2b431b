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

// How a white cell is marked in print (Grid::marks, any of them): a circle in it, shading.
inline constexpr uint8_t kCircled = 1, kShaded = 2;
// A bar is a thick edge after a cell (Grid::bars, any of them): barred grids end their entries
// at bars instead of blocks.
inline constexpr uint8_t kBarRight = 1, kBarBelow = 2;

// The grid: its shape, the letters it gives, its marks and bars, and the entries they make.
// Cells are row-major. A cell is black (a block, or a void: outside a shaped grid, drawn as
// nothing; voids is the subset of black that is void), or white: empty or holding fixed letters
// (fixed[i], upper-case UTF-8: one letter, a digraph the language counts as one letter such as
// the Dutch IJ, or a rebus such as STAR; the dictionary's alphabet decides how many letters of
// a word the cell takes). Entries (slots) are the maximal runs of two or more white cells
// between blocks, voids, bars and the edge: all Across slots in reading order, then all Down
// slots in reading order. numbers[i] is the printed number of cell i (0 when none), given by
// the usual rule to each cell that begins an entry. Every white cell lies in at least one slot
// (NumberGrid refuses isolated cells).
struct Grid {
  int rows = 0, cols = 0;
  std::vector<bool> black;
  std::vector<bool> voids;         // empty, or one per cell
  std::vector<std::string> fixed;  // "" = empty cell (or black)
  std::vector<uint8_t> marks;      // empty, or per cell: kCircled | kShaded (0 for black cells)
  std::vector<uint8_t> bars;       // empty, or per cell: kBarRight | kBarBelow
  std::vector<int> numbers;
  std::vector<GridSlot> slots;
  GridFormat format = GridFormat::kPlain;
  int first_row_line = 1;  // source line of row 0 (for messages about cells)

  int cell(int row, int col) const { return row * cols + col; }
  int size() const { return rows * cols; }
  bool is_void(int cell) const { return !voids.empty() && voids[cell]; }
  uint8_t mark(int cell) const { return marks.empty() ? 0 : marks[cell]; }
  bool circled(int cell) const { return (mark(cell) & kCircled) != 0; }
  bool shaded(int cell) const { return (mark(cell) & kShaded) != 0; }
  uint8_t bar(int cell) const { return bars.empty() ? 0 : bars[cell]; }
  bool any_bar() const;
};

// Makes the slots and numbers of a grid whose rows, cols, black, voids, fixed, marks and bars
// are set (as a reader finds them); errors name `name` and the cell's row as a line from
// first_row_line: an isolated white cell (in no slot), a grid with no slot at all.
absl::Status NumberGrid(std::string_view name, Grid& grid);

// Parses a grid, detecting the format (plain and crucio grids may be followed by a blank line
// and a block of marks, a row per grid row: 'O' a circled cell, '*' a shaded one, '@' both,
// '.' or '#' neither):
//   crucio (.crg): line 1 rows, line 2 columns, then the rows: '-' empty, '#' black, A-Z fixed;
//   cwc pattern:   line 1 "W H", then H rows: '+' empty, ' ' black, letter fixed (short rows
//                  are padded with black; lines after the grid are ignored);
//   plain:         rows of '.' empty, '#' black, letters fixed, all the same length; a cell
//                  of several letters (a rebus) in brackets, "[STAR]"; '_' a void cell.
// Errors name the source, line and column: "g.txt:3: row has 9 cells, expected 10"; grids
// over kMaxGridSide rows or columns are refused.
absl::StatusOr<Grid> ParseGrid(std::string_view name, std::string_view text);
// Plain rows as given (no format is detected): errors name the row as its line.
absl::StatusOr<Grid> ParseGridRows(std::string_view name, const std::vector<std::string>& rows);

// The plain rows of a grid with `letters` (per cell, "" none) into `rows` (their buffers
// reused): '#' a block, '_' a void, '.' an empty cell, a letter, "[STAR]" several letters.
void TextRows(const Grid& grid, const std::vector<std::string>& letters,
              std::vector<std::string>& rows);

// "3 Across" / "12 Down".
std::string SlotName(const GridSlot& slot);

}  // namespace squares::core
