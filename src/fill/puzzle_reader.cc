// ReadPuzzle: the format told by the content, then that format's reader.
#include "fill/puzzle.h"

#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_format.h"
#include "fill/ipuz_reader.h"
#include "fill/puz_reader.h"
#include "fill/puzzle_readers.h"
#include "fill/zip.h"
#include "text/read_file.h"

namespace squares::core {
namespace {

// Whether the text holds a NUL byte (a binary file), or its first line a character none of the
// grid formats uses (the '<' of XML, the ':' of a header), or the grid reader found a bad
// character on the first line: then it is most likely no grid at all.
bool ForeignText(std::string_view name, std::string_view bytes, const absl::Status& error) {
  const std::string message(error.message());
  if (message.rfind(std::string(name) + ":1:", 0) == 0 &&
      message.find("bad character") != std::string::npos)
    return true;
  constexpr std::string_view kGridPunctuation = ".#_-+[]*@ \t\r";
  if (bytes.find('\0') != std::string_view::npos) return true;
  for (unsigned char c : bytes.substr(0, bytes.find('\n'))) {
    if (c < 0x80 && !absl::ascii_isalnum(c) && kGridPunctuation.find(c) == std::string_view::npos)
      return true;
  }
  return false;
}

}  // namespace

Puzzle BlankPuzzle(int rows, int cols, std::string format) {
  Puzzle puzzle;
  Grid& g = puzzle.grid;
  g.rows = rows;
  g.cols = cols;
  g.black.assign(g.size(), false);
  g.voids.assign(g.size(), false);
  g.fixed.assign(g.size(), "");
  g.marks.assign(g.size(), 0);
  g.bars.assign(g.size(), 0);
  puzzle.solution.assign(g.size(), "");
  puzzle.format = std::move(format);
  return puzzle;
}

Puzzle PuzzleOfGrid(Grid grid, std::string format) {
  Puzzle puzzle;
  // A grid file's letters are the constructor's: the answer in those cells, given to no solver.
  puzzle.solution = std::exchange(grid.fixed, std::vector<std::string>(grid.size()));
  puzzle.grid = std::move(grid);
  puzzle.format = std::move(format);
  return puzzle;
}

absl::StatusOr<std::string> ReadPuzzleFile(const std::string& path) {
  return ReadFile(path, kMaxPuzzleFileBytes,
                  absl::StrFormat("a crossword puzzle of up to %dx%d cells in one of the formats "
                                  "read (%s)",
                                  kMaxGridSide, kMaxGridSide, kPuzzleFormats),
                  [](std::string_view head) { return IsPuz(head) || IsZip(head); });
}

absl::StatusOr<Puzzle> ReadPuzzle(std::string_view name, std::string_view bytes) {
  if (IsPuz(bytes)) return ReadPuz(name, bytes);
  if (IsIpuz(bytes)) return ReadIpuz(name, bytes);
  if (IsJpz(bytes)) return ReadJpz(name, bytes);
  if (IsAcrossText(bytes)) return ReadAcrossText(name, bytes);
  if (IsExolve(bytes)) return ReadExolve(name, bytes);
  if (IsXd(bytes)) return ReadXd(name, bytes);
  absl::StatusOr<Grid> grid = ParseGrid(name, bytes);
  if (!grid.ok() && ForeignText(name, bytes, grid.status())) {
    return absl::DataLossError(absl::StrFormat("%s (no puzzle of the formats read: %s)",
                                               grid.status().message(), kPuzzleFormats));
  }
  if (!grid.ok()) return grid.status();
  const GridFormat format = grid->format;
  return PuzzleOfGrid(*std::move(grid), format == GridFormat::kCrucio ? "crucio"
                                        : format == GridFormat::kCwc  ? "cwc"
                                                                      : "plain rows");
}

}  // namespace squares::core
