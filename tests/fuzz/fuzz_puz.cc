// Across Lite .puz files: any bytes are refused with a message naming the source and the
// format, or read into a puzzle whose parts agree with its grid; never a read past the input.
#include "fill/puz_reader.h"
#include "fuzz_targets.h"

namespace squares::core::fuzz {

void FuzzPuz(std::string_view data) {
  absl::StatusOr<Puzzle> puzzle = ReadPuz("fuzz.puz", data);
  if (!puzzle.ok()) {
    FUZZ_CHECK(puzzle.status().message().substr(0, 9) == "fuzz.puz:");
    return;
  }
  const Grid& grid = puzzle->grid;
  FUZZ_CHECK(grid.rows > 0 && grid.cols > 0 && grid.rows <= 255 && grid.cols <= 255);
  FUZZ_CHECK(grid.black.size() == static_cast<size_t>(grid.size()));
  FUZZ_CHECK(puzzle->solution.size() == (puzzle->locked ? 0 : static_cast<size_t>(grid.size())));
  FUZZ_CHECK(puzzle->clues.size() == grid.slots.size());
  for (size_t s = 0; s < grid.slots.size(); ++s) {
    FUZZ_CHECK(puzzle->clues[s].number == grid.slots[s].number);
    FUZZ_CHECK(puzzle->clues[s].direction == grid.slots[s].direction);
  }
  for (int i = 0; i < grid.size(); ++i) {
    if (grid.black[i]) FUZZ_CHECK(grid.mark(i) == 0);
  }
}

}  // namespace squares::core::fuzz
