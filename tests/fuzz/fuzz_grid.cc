// Crossword grids: any bytes are refused with a message naming the source, or parse into a
// grid whose slots are runs of 2+ white cells inside it, numbered in reading order.
#include <cstdint>

#include "fill/grid.h"
#include "fuzz_targets.h"

namespace squares::core::fuzz {

void FuzzGrid(std::string_view data) {
  auto grid = ParseGrid("fuzz.grid", data);
  if (!grid.ok()) {
    FUZZ_CHECK(grid.status().message().substr(0, 9) == "fuzz.grid");
    return;
  }
  FUZZ_CHECK(grid->rows > 0 && grid->cols > 0);
  FUZZ_CHECK(grid->black.size() == static_cast<size_t>(grid->size()));
  FUZZ_CHECK(grid->fixed.size() == static_cast<size_t>(grid->size()));
  FUZZ_CHECK(!grid->slots.empty());
  for (size_t k = 0; k < grid->slots.size(); ++k) {
    const GridSlot& slot = grid->slots[k];
    FUZZ_CHECK(slot.length >= 2 && slot.cells.size() == static_cast<size_t>(slot.length));
    // Numbered in reading order: within a direction, numbers increase.
    if (k > 0 && grid->slots[k - 1].direction == slot.direction) {
      FUZZ_CHECK(slot.number > grid->slots[k - 1].number);
    }
    FUZZ_CHECK(slot.number >= 1 && slot.cells[0] == grid->cell(slot.row, slot.col));
    for (int cell : slot.cells) FUZZ_CHECK(cell >= 0 && cell < grid->size() && !grid->black[cell]);
  }
}

}  // namespace squares::core::fuzz
