// Puzzle files of any format (ReadPuzzle: told by their content): any bytes are refused with
// a message naming the source, or read into a puzzle whose every per-cell field has a value
// for each cell and whose clues name entries by number.
#include "fill/puzzle.h"
#include "fuzz_targets.h"

namespace squares::core::fuzz {

void FuzzPuzzle(std::string_view data) {
  auto puzzle = ReadPuzzle("fuzz.puzzle", data);
  if (!puzzle.ok()) {
    FUZZ_CHECK(puzzle.status().message().substr(0, 11) == "fuzz.puzzle");
    return;
  }
  const Grid& g = puzzle->grid;
  FUZZ_CHECK(g.rows > 0 && g.cols > 0 && g.rows <= kMaxGridSide && g.cols <= kMaxGridSide);
  const size_t size = static_cast<size_t>(g.size());
  FUZZ_CHECK(g.black.size() == size && g.fixed.size() == size);
  FUZZ_CHECK(puzzle->solution.size() == size || puzzle->solution.empty());
  FUZZ_CHECK(g.marks.empty() || g.marks.size() == size);
  FUZZ_CHECK(g.bars.empty() || g.bars.size() == size);
  FUZZ_CHECK(!g.slots.empty());
  for (const Clue& clue : puzzle->clues) FUZZ_CHECK(clue.number > 0);
}

}  // namespace squares::core::fuzz
