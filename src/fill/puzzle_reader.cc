// ReadPuzzle: the format told by the content, then that format's reader.
#include "fill/puzzle.h"

#include <utility>

#include "absl/strings/str_format.h"
#include "fill/ipuz_reader.h"
#include "fill/puzzle_readers.h"

namespace squares::core {

Puzzle PuzzleOfGrid(Grid grid, std::string format) {
  Puzzle puzzle;
  // A grid file's letters are the constructor's: the answer in those cells, given to no solver.
  puzzle.solution = std::exchange(grid.fixed, std::vector<std::string>(grid.size()));
  puzzle.grid = std::move(grid);
  puzzle.format = std::move(format);
  return puzzle;
}

namespace {

// A file read as plain rows whose first line holds a character no grid has is most likely
// none of the formats: its error says which ones are read.
absl::Status GridError(std::string_view name, const absl::Status& status) {
  const std::string message(status.message());
  if (message.rfind(absl::StrFormat("%s:1:", name), 0) != 0 ||
      message.find("bad character") == std::string::npos) {
    return status;
  }
  return absl::DataLossError(
      absl::StrFormat("%s; the file is none of the formats read: %s", message, kPuzzleFormats));
}

}  // namespace

absl::StatusOr<Puzzle> ReadPuzzle(std::string_view name, std::string_view bytes) {
  if (IsIpuz(bytes)) {
    absl::StatusOr<IpuzPuzzle> ipuz = ParseIpuz(bytes, name);
    if (!ipuz.ok()) return ipuz.status();
    absl::StatusOr<Grid> grid = ParseGridRows(name, ipuz->rows);
    if (!grid.ok()) return grid.status();
    Puzzle puzzle = PuzzleOfGrid(*std::move(grid), "ipuz");
    puzzle.clues = std::move(ipuz->clues);
    puzzle.info.title = std::move(ipuz->title);
    puzzle.info.author = std::move(ipuz->author);
    puzzle.info.copyright = std::move(ipuz->copyright);
    return puzzle;
  }
  if (IsJpz(bytes)) return ReadJpz(name, bytes);
  if (IsAcrossText(bytes)) return ReadAcrossText(name, bytes);
  if (IsExolve(bytes)) return ReadExolve(name, bytes);
  if (IsXd(bytes)) return ReadXd(name, bytes);
  absl::StatusOr<Grid> grid = ParseGrid(name, bytes);
  if (!grid.ok()) return GridError(name, grid.status());
  const GridFormat format = grid->format;
  return PuzzleOfGrid(*std::move(grid), format == GridFormat::kCrucio ? "crucio"
                                        : format == GridFormat::kCwc  ? "cwc"
                                                                      : "plain rows");
}

}  // namespace squares::core
