// The double closing count (see DoubleClosing::Build): counting a double square or a
// rectangle, the results below the start of its second last row as the pairs of row words
// that close every column. The level loop counts them in loop_double_closing.h.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "search/walk.h"

namespace squares::core {

// At `level` (the second last row's first cell) the results below are the pairs of words of
// the last two rows (from their roots `roots`) that close each column c, whose state is in
// slot slots[c]; only once the tie pairs of `ties` leave the levels below untied (see
// LoopWalk::Untied).
struct DoubleClosing {
  static constexpr int kMinRows = 5;
  int level = -1;
  TieCut ties{};
  std::array<uint32_t, 2> roots{};
  std::vector<uint16_t> slots;

  // A `rows` x `cols` double square or rectangle's; none with `off` (filters, other shapes).
  static DoubleClosing Build(const WalkPlan& plan, int rows, int cols, bool off);

  // The count below `level` from the walkers' `state` (loop_double_closing.h); `levels` and
  // `entries` are the walk's.
  template <class Mask>
  uint64_t Count(const Level* levels, const DawgEntry<Mask>* entries,
                 const DawgEntry<Mask>* state) const;
};

}  // namespace squares::core
