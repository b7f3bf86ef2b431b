// Listing's memos (see ListingMemos::Build): where the replay memo and the sibling memo stand
// in a symmetric square's listing. The level loop keeps them in loop_listing.h.
#pragma once

#include <memory>

#include "search/shape.h"
#include "search/walk.h"

namespace squares::core {

class SiblingMemo;  // sibling_memo.h

struct ListingMemos {
  // The replay memo (see ReplayMemo) at the start of the last kReplayDepth levels, the last
  // three rows of a square, when that level has a memo key; -1: none. Higher, its records
  // are longer and repeat less; lower, each hit replays too few results to pay.
  static constexpr int kReplayDepth = 6;
  int replay_level = -1;
  // The sibling memo (see SiblingMemo) at the start of row 1 of a symmetric square, when
  // levels 0..sibling_level-1 spell row 0 from its root (level 0 stepping it alone), the
  // replay level lies below and at most kMaxSiblingLevels levels follow (a result's letters
  // in 128 bits); -1: none. The memo is shared by the search's copies, which search alike.
  static constexpr int kMaxSiblingLevels = 16;
  int sibling_level = -1;
  std::shared_ptr<SiblingMemo> sibling;

  // From `plan`'s memo keys; none when the search only counts.
  static ListingMemos Build(const WalkPlan& plan, const Shape& shape, bool count_only);
};

}  // namespace squares::core
