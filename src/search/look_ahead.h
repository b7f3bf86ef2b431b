// The look-ahead's tables (see LookAhead::Build): the tests after each placement that some
// letter still lies below each pair (or triple) of crossing walkers, and the table of the
// letters below each state that they read. The level loop runs them in loop_look_ahead.h.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "search/letter_rows.h"
#include "search/search_tables.h"
#include "search/shape.h"
#include "search/walk.h"

namespace squares::core {

struct LookAhead {
  // A test: some letter lies both at plane_a below walker state[slot_a] and at plane_b below
  // state[slot_b] (and, when slot_c != 0, at plane_c below state[slot_c]); plane_x is the
  // offset of that depth's plane in the reach table, or, in a test of two, kOwnMask for
  // depth 0: the state's own mask.
  struct Check {
    uint16_t slot_a, slot_b, slot_c;
    uint32_t plane_a, plane_b, plane_c;
  };
  static constexpr uint32_t kOwnMask = UINT32_MAX;
  // Per level, its checks checks[begin, end): the lift (see Build) applies [begin, lifted)
  // to the level's letters before they are placed; the rest cheapest first: up to `one` both
  // operands own masks, up to `two` one of them, up to `three` neither, then the tests of
  // three words. begin <= lifted <= one <= two <= three <= end.
  struct Range {
    uint16_t begin = 0, lifted = 0, one = 0, two = 0, three = 0, end = 0;
  };
  static constexpr size_t kMaxReachBytes = size_t{256} << 20;  // else no look-ahead

  // Letters d >= 1 below a state, at reach[(d - 1) * entry_count + state.first] (a state is
  // named by its child group, unique in the entries); the last plane: its own mask (d = 0).
  // Made from the automata alone, and shared by the searches on them (see SearchTables).
  struct Reach {
    std::vector<uint32_t> narrow;
    std::vector<uint64_t> wide;
    size_t bytes() const { return narrow.size() * 4 + wide.size() * 8; }
  };

  // The next cell's lift: the letters of level l whose child in the word stepped from slot
  // `before` leaves no letter to the next level, whose other words' masks are at `other`
  // (the free slot where fewer), are not placed. other[0] == 0: none at that level.
  struct NextLift {
    uint16_t before = 0;
    std::array<uint16_t, 3> other{};
  };

  // The lift as the loop runs it, per level from one place: the next cell's lift (`next`;
  // other[0] == 0: none; all a tied loop lifts), then the lifted checks, steps [begin, end)
  // of lift_steps, each keeping the letters whose child of state[from] allows some letter of
  // state[other]'s mask (steps [begin, reach)), or of its plane `plane` of the reach table
  // (steps [reach, end)).
  struct LiftStep {
    uint16_t from = 0, other = 0;
    uint32_t plane = kOwnMask;
  };
  struct Lift {
    NextLift next;
    uint16_t begin = 0, reach = 0, end = 0;
  };

  std::vector<Check> checks;
  std::vector<Range> at_level;  // per level; empty when no level has a check or lift
  std::vector<LiftStep> lift_steps;
  std::vector<Lift> lift_at;  // per level; empty when no level lifts
  std::shared_ptr<const Reach> reach_table;
  std::shared_ptr<const LetterRows> letter_rows;  // for loops that lift (null: none)
  int unchecked_level = -1;  // counting skips this level's checks (see Build)

  // The checks of `plan`'s levels (none with `off`). `fold_level` is the tail count's fold,
  // whose letters are not placed (see TailCount) and whose level above lifts more; counting
  // skips the checks of `unchecked_level`, whose cells the count below it tests exactly. The
  // reach table from `tables` (null: made for this search).
  static LookAhead Build(const WalkPlan& plan, const Shape& shape, bool off, int fold_level,
                         int unchecked_level, SearchTables* tables);
  // Whether level l tests nothing after a placement.
  bool Empty(int l) const { return at_level.empty() || at_level[l].begin == at_level[l].end; }
  template <class Mask>
  const Mask* reach() const {
    if (!reach_table) return nullptr;
    if constexpr (sizeof(Mask) == 8) return reach_table->wide.data();
    else return reach_table->narrow.data();
  }

 private:
  void DropCovered(const WalkPlan& plan, int fold_level);
  void BuildLiftSteps(const WalkPlan& plan);
};

}  // namespace squares::core
