// ReadPuzzle: the format told by the content, then that format's reader.
#include "fill/puzzle.h"

#include <utility>

#include "absl/strings/str_format.h"
#include "fill/ipuz_reader.h"

namespace squares::core {

Puzzle PuzzleOfGrid(Grid grid, std::string format) {
  Puzzle puzzle;
  // A grid file's letters are the constructor's: the answer in those cells, given to no solver.
  puzzle.solution = std::exchange(grid.fixed, std::vector<std::string>(grid.size()));
  puzzle.grid = std::move(grid);
  puzzle.format = std::move(format);
  return puzzle;
}

absl::StatusOr<Puzzle> ReadPuzzle(std::string_view name, std::string_view bytes) {
  if (IsIpuz(bytes)) return ReadIpuz(name, bytes);
  absl::StatusOr<Grid> grid = ParseGrid(name, bytes);
  if (!grid.ok()) return grid.status();
  const GridFormat format = grid->format;
  return PuzzleOfGrid(*std::move(grid), format == GridFormat::kCrucio ? "crucio"
                                        : format == GridFormat::kCwc  ? "cwc"
                                                                      : "plain rows");
}

}  // namespace squares::core
