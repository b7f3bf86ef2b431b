// Puzzle: a crossword as documents hold it, the one model every reader fills and every writer
// takes: the grid (shape, given letters, marks, bars), the solution, the clues and what is
// said about the puzzle. Readers (puzzle_reader.cc and a file per format) detect the format by
// content; writers are the document formats of fill_output.h.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "fill/clues.h"
#include "fill/grid.h"

namespace squares::core {

// What a puzzle says about itself; "" when it does not say.
struct PuzzleInfo {
  std::string title, author, editor, copyright, date, notes, publisher;
};

// grid.fixed holds the letters the puzzle gives the solver at the start (rare: a theme's seed
// letters, a fill-in's given word), solution the answer: per cell, its letters ("" for a black
// cell and for a cell whose answer the file does not give), as many as grid.fixed may hold (one
// letter, a digraph, a rebus). clues are numbered (Clue::number > 0), Across then Down as the
// file lists them, their text as given (ipuz's inline markup kept: <i>, <b>, <sub>, <sup>).
struct Puzzle {
  Grid grid;
  std::vector<std::string> solution;
  PuzzleInfo info;
  std::vector<Clue> clues;
  std::string format;                 // the format it was read from ("puz", "ipuz", ...)
  std::vector<std::string> warnings;  // what reading noted and let pass (a bad checksum, ...)
  bool locked = false;                // the file's solution is scrambled (a .puz with a key):
                                      // solution is empty
};

// A puzzle file is refused past this size, before it is read whole: a grid of the largest
// size with clues and notes in a document format, with room to spare.
inline constexpr size_t kMaxPuzzleFileBytes = size_t{16} << 20;

// The formats ReadPuzzle tells apart, as their names say them in messages.
inline constexpr std::string_view kPuzzleFormats =
    "ipuz, Across Lite .puz, Across Lite text, Crossword Compiler .jpz, .xd, Exolve, crucio, "
    "cwc or plain rows";

// Reads a puzzle in any of kPuzzleFormats, told by its content (never by its name); `name`
// names it in errors, which also name the format found: "x.puz: puz: the file ends in its
// clues (3 of 76 read)". A file that is no puzzle at all is an error listing the formats.
absl::StatusOr<Puzzle> ReadPuzzle(std::string_view name, std::string_view bytes);

// Reads a puzzle file (`-`: stdin) whole, for ReadPuzzle: at most kMaxPuzzleFileBytes, and no
// NUL byte unless it is a .puz or a ZIP archive (a zipped .jpz); errors name the file and, for a binary file, the formats read.
absl::StatusOr<std::string> ReadPuzzleFile(const std::string& path);

// A puzzle of rows x cols white cells without letters, marks or bars, read from `format`: the
// start of every reader, which then sets its cells.
Puzzle BlankPuzzle(int rows, int cols, std::string format);

// A puzzle of the grid formats (crucio, cwc, plain rows), whose letters are given letters.
Puzzle PuzzleOfGrid(Grid grid, std::string format);

}  // namespace squares::core
