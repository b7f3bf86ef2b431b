// Shapes: any set of words over shared cells, each word taken from a list of its length (its
// own list, or the dictionary). The square modes, diagonal squares, word cubes and user files
// (fieldfinder topologies, Qxw decks) are all shapes, searched by SquareSearch.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace squares::core {

inline constexpr int kMaxShapeCells = 1024;     // cells of a shape
inline constexpr int kMaxShapeWords = 1024;     // words of a shape
inline constexpr int kMaxShapeWordLength = 32;  // cells of one word
inline constexpr int kMaxCellWords = 8;         // words through one cell (walkers per level)
inline constexpr int kMaxShapeLetters = 4096;   // cells of all words together
// A shape file larger than this cannot be within the limits above (kept generous).
inline constexpr size_t kMaxShapeFileBytes = size_t{8} << 20;

// The letters a cell of a word may take: any letter, or the letters in `letters` (each one
// UTF-8 character, as written), or with `negate` every letter but those.
struct CellPattern {
  std::vector<std::string> letters;
  bool negate = false;
  bool any() const { return letters.empty() && !negate; }
};

struct ShapeWord {
  std::vector<int> cells;            // cell ids in reading order (a cell may repeat)
  std::string list;                  // word list file for this word; empty: --dict
  std::vector<CellPattern> pattern;  // per position; empty: every position free
  int line = 0;                      // line in the shape file, 0 for built-in shapes
};

struct Shape {
  int cell_count = 0;
  std::vector<ShapeWord> words;
  // How text output shows a result: rows of cell ids (-1 prints a space). Empty: each word
  // on its own line.
  std::vector<std::vector<int>> layout;
  // Per cell, a cell in no word that shows the same letter (itself when none; -1 for a cell
  // shown that way): the lower triangle of a symmetric square shows the upper one.
  std::vector<int> echo;
  // The cell order of the search, or empty: the search chooses (see SquareSearch).
  std::vector<int> order;
  std::vector<std::string> cell_names;  // per cell, as the file named it (messages)
  std::string name;                     // file name for messages
};

enum class SquareShapeKind { kSymmetric, kDouble, kRectangle };

// rows x cols grid, cell (i, j) = id i * cols + j. Symmetric: the words are the rows (row i
// = column i), cells below the diagonal echo those above. Double and rectangle: the rows,
// then the columns. `diagonals` adds both main diagonals (square grids), main one first.
// The order is row-major (symmetric: the upper triangle), the square modes' order.
Shape MakeSquareShape(SquareShapeKind kind, int rows, int cols, bool diagonals);
// Every line of an n x n x n cube along each axis; cell (x, y, z) = id (z * n + y) * n + x.
// Words along x first, then y, then z; text shows the layers side by side.
Shape MakeCubeShape(int n);

// Parses a shape file, detecting its format (Qxw deck when the name ends in .qxd or the
// first line that is not a comment starts with '.' or has no ',' or ':'; else a fieldfinder
// topology). Errors name "FILE:LINE: problem"; a malformed file is a data error.
absl::StatusOr<Shape> ParseShape(std::string_view text, const std::string& name);

// Checks the limits and that every cell lies in a word; sets `layout` when some consecutive
// words of one length cover every cell once (they print as the rows of a grid).
absl::Status FinishShape(Shape& shape);

// Involutions of the shape: permutations s of the cells, s(s(c)) = c, that map every word,
// read in order, onto a word of the same kind (word_kind[w]: words of one kind take the same
// list), and every cell onto one of the same kind (cell_kind[c]: its fixed letters). The
// identity is left out. Up to `max_results`, found by a search over the words' images that
// gives up after about `budget` word visits (a shape of many alike words has very many).
// Cells in no word map to themselves.
std::vector<std::vector<int>> ShapeInvolutions(const Shape& shape,
                                               const std::vector<int>& word_kind,
                                               const std::vector<int>& cell_kind,
                                               size_t max_results, size_t budget);

}  // namespace squares::core
