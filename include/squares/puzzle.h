// squares: a crossword puzzle as documents hold it: the grid's cells (blocks, voids, letters of
// any number: one letter, a digraph such as the Dutch IJ, a rebus such as STAR), circles,
// shading and bars, the clues, and what the puzzle says about itself. Every reader fills it
// and every writer takes it, so that nothing is lost on the way in or out.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace squares {

enum class Direction { kAcross, kDown };

// A clue: for the slot numbered `number` in `direction`, or (number 0) for the entry `word`.
struct Clue {
  int number = 0;
  Direction direction = Direction::kAcross;
  std::string word;
  std::string text;  // as given: plain, or with the inline markup ipuz allows (<i>, <b>, <sub>,
                     // <sup>), which a format without it shows as plain text
  int line = 0;      // the line of the clues file it was read from (ParseClues), 0 when none
  std::string enumeration{};  // as the puzzle gives it ("5", "3,4"), "" when it does not
};

enum class CellKind {
  kWhite,  // a cell of the grid's entries
  kBlock,  // a black square
  kVoid,   // outside a shaped grid: drawn as nothing
};

struct PuzzleCell {
  CellKind kind = CellKind::kWhite;
  std::string given;     // the letters the solver is given from the start, "" when none
  std::string solution;  // the answer's letters (upper case), "" when the file has none
  bool circled = false, shaded = false;
  bool bar_right = false, bar_below = false;  // a thick edge after the cell (barred grids)
};

// What a puzzle says about itself; "" when it does not say.
struct PuzzleInfo {
  std::string title, author, editor, copyright, date, notes, publisher;
};

struct Puzzle {
  int rows = 0, cols = 0;
  std::vector<PuzzleCell> cells;  // row-major, rows * cols
  PuzzleInfo info;
  std::vector<Clue> clues;  // numbered clues, Across then Down as the file lists them
  // What reading found: the format's name ("puz", "ipuz", "jpz", "xd", "across-text", "exolve",
  // "crucio", "cwc", "plain rows"), what it let pass with a warning (a bad checksum), and
  // whether the file's solution is locked (a scrambled .puz: solution "" in every cell).
  std::string format;
  std::vector<std::string> warnings;
  bool locked = false;

  PuzzleCell& cell(int row, int col) { return cells.at(static_cast<size_t>(row * cols + col)); }
  const PuzzleCell& cell(int row, int col) const {
    return cells.at(static_cast<size_t>(row * cols + col));
  }

  // Reads a puzzle in any format the library reads, told by its content: ipuz, Across Lite
  // .puz (1.2, 1.3, 2.0) and its text format, Crossword Compiler .jpz, .xd, an Exolve page or
  // puzzle, crucio, cwc and plain rows. Errors (kData) name `source`, the format found and
  // the place; a text that is no puzzle names the formats read.
  static Puzzle Parse(std::string_view bytes, const std::string& source = "<puzzle>");
  static Puzzle Load(const std::string& path);  // Parse of a file ('-': stdin)
};

}  // namespace squares
