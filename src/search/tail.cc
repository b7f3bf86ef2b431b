// The tail count and its fold (tail.h): which levels they stand for.
#include "search/tail.h"

namespace squares::core {

// The tail count. When the last k >= 2 levels each step one word W, in its order, and every
// other word through their cells has its state there set before the first of them (it ends
// there, or meets no other of them), no echo or tie among them, then the masks those other
// words leave each cell are known when W's tail begins, and the results below are the paths
// of W's automaton from its state that take, at step q, a letter of level q's mask: a walk
// of W alone, without placing the other words' letters or testing them. In a diagonal 4x4
// square the tail is the last row after its first letter. The run counts it in loops of
// three walkers or more, tied or not (a tie constrains none of the tail's letters): the
// shapes where the other words' steps it spares are many. A word cube keeps its tail
// through the choice of its tie (see WalkPlan::BuildTie).
TailCount TailCount::Build(const WalkPlan& plan, bool other_count, const std::vector<bool>& sifts) {
  if (other_count) return TailCount{};
  TailCount tail = Find(plan);
  if (tail.level < 0) return tail;
  const int fold_reader = tail.BuildFold(plan, sifts);
  const uint16_t free_slot = static_cast<uint16_t>(plan.slots - 1);
  auto cell = [&](int q, int left_out) {
    const Level& at = plan.levels[tail.level + q];
    Cell c{{}, at.allowed};
    for (int w = 0; w < kMaxCellWords; ++w) {
      c.reads[w] = w == tail.walker[q] || w == left_out ? free_slot : at.walkers[w].before;
    }
    return c;
  };
  const int length = static_cast<int>(tail.walker.size());
  for (int q = 0; q < length; ++q) tail.cells.push_back(cell(q, -1));
  if (tail.fold_level >= 0) tail.folded_last = cell(length - 1, fold_reader);
  return tail;
}

// The longest tail (see Build) whose levels have no echo and are the later level of no
// tie pair built so far; a level that is the earlier one of a pair has the later one below
// it, in the tail too.
TailCount TailCount::Find(const WalkPlan& plan) {
  TailCount best;
  if (plan.empty || plan.count() < 3) return best;
  const std::vector<Level>& levels = plan.levels;
  const int last = plan.count() - 1;
  const std::vector<int> writer = plan.SlotWriters();
  auto clean = [&](int l) { return levels[l].echo_of < 0 && !plan.Tied(l); };
  for (int k = 0; k < levels[last].walker_count; ++k) {
    if (!clean(last)) break;
    // W's walker at each level from the last back, while the tail can grow.
    uint16_t slot = levels[last].walkers[k].before;
    std::vector<uint8_t> walker_of = {static_cast<uint8_t>(k)};
    int start = last;
    for (int l = last - 1; l >= 0 && writer[slot] == l && clean(l); --l) {
      const Level& level = levels[l];
      int w = 0;
      while (level.walkers[w].after != slot) ++w;
      walker_of.insert(walker_of.begin(), static_cast<uint8_t>(w));
      slot = level.walkers[w].before;
      start = l;
    }
    // Every other word's state at a tail level must be set before the tail: if not, the
    // tail starts later.
    for (bool moved = true; moved && start <= last;) {
      moved = false;
      for (int l = start; l <= last && !moved; ++l) {
        const Level& level = levels[l];
        for (int w = 0; w < level.walker_count; ++w) {
          if (w != walker_of[l - start] && writer[level.walkers[w].before] >= start) {
            const int after = writer[level.walkers[w].before] + 1;
            walker_of.erase(walker_of.begin(), walker_of.begin() + (after - start));
            start = after;
            moved = true;
            break;
          }
        }
      }
    }
    if (last - start + 1 >= 2 && start >= 1 && (best.level < 0 || start < best.level)) {
      best.level = start;
      best.walker = walker_of;
      best.slot = levels[start].walkers[walker_of[0]].before;
    }
  }
  return best;
}

// The tail's fold. When the level before the tail steps one word V, whose next letter is read
// only at the tail's last level (as a mask: V is not the tail's word), and every other word
// through the level's cell ends there, its letters x make the results below differ only in
// the mask V's child leaves that last cell: the count below is the tail's, its last step
// counting each letter c by the number of x whose child allows c. Counting then neither
// places nor tests the fold level's letters. In a diagonal 4x4 square the fold is the third
// row's last cell, whose column's next letter is the last cell's: a large share of that
// search's nodes were the fold level's letters, which no longer need placing.
int TailCount::BuildFold(const WalkPlan& plan, const std::vector<bool>& sifts) {
  if (level < 2) return -1;
  const std::vector<Level>& levels = plan.levels;
  const int fold = level - 1, last = plan.count() - 1;
  const Level& at = levels[fold];
  // Its letters are summed over, not placed: no tie may constrain them. (Nor may one read
  // them: the later level of such a pair would be in the tail, which has none.)
  if (at.echo_of >= 0 || sifts[fold] || plan.Tied(fold)) return -1;
  int stepper = -1;
  for (int w = 0; w < at.walker_count; ++w) {
    if (!at.walkers[w].step) continue;
    if (stepper >= 0) return -1;
    stepper = w;
  }
  if (stepper < 0) return -1;
  const uint16_t fold_slot = at.walkers[stepper].after;
  int reader = -1;
  for (int l = fold + 1; l <= last; ++l) {
    for (int w = 0; w < levels[l].walker_count; ++w) {
      if (levels[l].walkers[w].before != fold_slot) continue;
      if (l != last || w == walker.back() || reader >= 0) return -1;
      reader = w;
    }
  }
  if (reader < 0 || fold_slot == slot) return -1;
  fold_level = fold;
  fold_walker = static_cast<uint8_t>(stepper);
  // The count tests the fold's and the tail's cells exactly: counting skips the look-ahead
  // of the level before, which tests them too. Only loops of three walkers or more count the
  // fold (see SquareSearch::RunWalkers).
  if (plan.max_walkers >= 3) unchecked_level = fold - 1;
  return reader;
}

}  // namespace squares::core
