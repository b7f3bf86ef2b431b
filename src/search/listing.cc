// Listing's memos (listing.h): the levels where they stand.
#include "search/listing.h"

#include "search/sibling_memo.h"

namespace squares::core {

ListingMemos ListingMemos::Build(const WalkPlan& plan, const Shape& shape, bool count_only) {
  ListingMemos memos;
  const std::vector<Level>& levels = plan.levels;
  if (const int first = plan.count() - kReplayDepth; first >= 1 && levels[first].memo_width >= 0) {
    memos.replay_level = first;
  }
  if (count_only || levels[0].walker_count != 1) return memos;
  const std::vector<int>& row0 = shape.words[levels[0].walkers[0].after % plan.word_count].cells;
  const int below = static_cast<int>(row0.size());
  for (int l = 0; l < below; ++l) {
    if (levels[l].cell != row0[l]) return memos;
  }
  if (below < memos.replay_level && levels[below].memo_width >= 0 &&
      plan.count() - below <= kMaxSiblingLevels) {
    memos.sibling_level = below;
    memos.sibling = std::make_shared<SiblingMemo>();
  }
  return memos;
}

}  // namespace squares::core
