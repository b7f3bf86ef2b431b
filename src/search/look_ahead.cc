// The look-ahead's tables (look_ahead.h): which crossing walkers each level tests, and the
// letters below each state that the tests read.
#include "search/look_ahead.h"

#include <algorithm>
#include <bit>
#include <cassert>

namespace squares::core {
namespace {

// The letters d = 1..depths-1 below each state of the automata in `entries` (all reachable
// from `roots`), at [(d - 1) * entry_count + state.first]: one plane per depth, so the states
// a check reads lie close together. The last plane holds depth 0, the state's own mask (read
// from the state itself where a check can).
template <class Mask>
std::vector<Mask> ReachOf(const DawgEntry<Mask>* entries, size_t entry_count,
                          const std::vector<uint32_t>& roots, int depths) {
  const size_t plane = entry_count;
  std::vector<Mask> reach(plane * depths, 0);
  std::vector<bool> done(entry_count, false);
  // Depth first; a state's letters d below are its children's letters d-1 below.
  auto fill = [&](auto& self, const DawgEntry<Mask>& e) -> void {
    if (e.mask == 0 || done[e.first]) return;
    done[e.first] = true;
    reach[(depths - 1) * plane + e.first] = e.mask;
    for (int k = 0; k < std::popcount(e.mask); ++k) {
      const DawgEntry<Mask>& c = entries[e.first + k];
      if (c.mask == 0) continue;
      self(self, c);
      if (depths > 1) reach[e.first] |= c.mask;
      for (int d = 2; d < depths; ++d)
        reach[(d - 1) * plane + e.first] |= reach[(d - 2) * plane + c.first];
    }
  };
  for (uint32_t root : roots) fill(fill, entries[root]);
  return reach;
}

// The next cell's lift of level l, whose walker of word w, stepped from slot `before`,
// reaches the next level's cell next: when the other words through that cell are begun, not
// stepped at l, each at its next letter there, and none repeats the cell.
void AddNextLift(LookAhead& look, int l, int w, uint16_t before,
                 const std::vector<std::pair<int, int>>& through, const std::vector<int>& placed,
                 const std::vector<int>& stepped, const WalkPlan& plan) {
  LookAhead::NextLift lift;
  lift.before = before;
  lift.other.fill(static_cast<uint16_t>(plan.slots - 1));  // the free slot: every letter
  int n = 0;
  for (auto [v, r] : through) {
    if (r < 0) return;
    if (v == w) continue;
    if (placed[v] == 0 || r != placed[v] || n == static_cast<int>(lift.other.size()) ||
        std::find(stepped.begin(), stepped.end(), v) != stepped.end()) {
      return;
    }
    lift.other[n++] = static_cast<uint16_t>(placed[v] * plan.word_count + v);
  }
  if (n == 0) return;
  if (look.lift_at.empty()) look.lift_at.assign(plan.count(), {});
  look.lift_at[l].next = lift;
}

}  // namespace

// Look-ahead, for every shape. After a level steps word w, each later cell c of w that also
// lies on another word v already begun is tested: some letter must lie both d_w letters below
// w's state and d_v below v's. Where c lies on two such words u and v (a diagonal square's
// cells on a diagonal, a cube's cells), one test reads all three: a letter below w's, v's and
// u's states at once, which also fails where each pair meets but the three do not, and
// costs one test instead of two. An empty meet is a dead end found before
// the levels between are searched. In a symmetric square these are the cells of later rows in
// the columns just stepped, and the rest of the current row; in a double square or a
// rectangle, the rest of the current row. Each test is a necessary condition only, so the
// search still tests every letter as it places it. The cell of the next level is left out
// (it is tested at once; not the fold's, see TailCount: its letters are not placed), as are
// words that repeat a cell, words not begun (a root allows nearly every letter) and cells
// already tested from a word stepped with w.
//
// A test of two own masks, w's new state against that of a word not stepped with it, can be
// lifted: before the level places its letters, each is tested against the child it leads w
// to, and the letters that fail are never placed (nor the other words stepped, nor the other
// tests run). The run lifts them in loops of three or more walkers without ties (diagonal
// squares, cubes), where a failed letter would otherwise step several words in vain. (In
// the square modes' loop of two walkers, an earlier lift of every test cost as much as it
// saved.) The next level's cell, left out of the tests, is lifted too where the other words
// through it are begun and not stepped (NextLift): a letter whose child leaves that cell no
// letter is not placed, where the next level would find it empty only after the step.
// The tied loop (counting up to a symmetry) lifts only the next cell: lifting the tests too
// cost the word cubes as much as it saved.
//
// At the level above the tail count's fold, whose every letter leads to a fold count (a walk
// of the tail's word), the tests of a new own mask against a reach plane of a word not
// stepped there are lifted too (in a search without ties: a tied loop tests a level's first
// checks after placing, as two own masks): in a diagonal square, the last cell's diagonal
// letter against the letters two below its column. A letter refused there spares its
// placement and a count; at the other levels the next level's lift finds most such dead
// ends a level later, and lifting them cost more than it saved.
LookAhead LookAhead::Build(const WalkPlan& plan, const Shape& shape, bool off, int fold_level,
                           int unchecked_level, SearchTables* tables) {
  // Double squares and rectangles are left out: there the only tests are the rest of the
  // current row against the columns' own masks, which the next levels test anyway, so they
  // cost more than they save.
  LookAhead look;
  look.unchecked_level = unchecked_level;
  if (off || plan.empty) return look;
  const int word_count = static_cast<int>(shape.words.size());
  const size_t entry_count = plan.entry_count();
  int depths = 1;
  for (const ShapeWord& word : shape.words)
    depths = std::max(depths, static_cast<int>(word.cells.size()));
  const size_t mask_bytes = plan.wide ? 8 : 4;
  if (entry_count * depths >= kOwnMask || entry_count * depths * mask_bytes > kMaxReachBytes)
    return look;
  look.at_level.assign(plan.count(), Range{});
  const bool lifts = plan.max_walkers >= 3;
  std::vector<uint32_t> roots(plan.word_root.begin(), plan.word_root.end());
  std::sort(roots.begin(), roots.end());
  roots.erase(std::unique(roots.begin(), roots.end()), roots.end());
  SearchTables::Key key{plan.automata, {plan.wide, static_cast<uint32_t>(depths)}};
  key.numbers.insert(key.numbers.end(), roots.begin(), roots.end());
  look.reach_table = SearchTables::Get<Reach>(tables, key, [&] {
    Reach reach;
    if (plan.wide) reach.wide = ReachOf(plan.entries<uint64_t>(), entry_count, roots, depths);
    else reach.narrow = ReachOf(plan.entries<uint32_t>(), entry_count, roots, depths);
    return reach;
  });
  auto plane = [&](int depth) {
    return depth == 0 ? kOwnMask : static_cast<uint32_t>((depth - 1) * entry_count);
  };
  // Three-word checks read every operand from the table, depth 0 too (its last plane).
  auto table_plane = [&](int depth) {
    return static_cast<uint32_t>((depth == 0 ? depths - 1 : depth - 1) * entry_count);
  };

  // Per cell, the words through it and the cell's position in each (-1: the word repeats it).
  std::vector<std::vector<std::pair<int, int>>> words_of(shape.cell_count);
  for (int w = 0; w < word_count; ++w) {
    const std::vector<int>& cells = shape.words[w].cells;
    for (int q = 0; q < static_cast<int>(cells.size()); ++q) {
      auto& through = words_of[cells[q]];
      if (!through.empty() && through.back().first == w) through.back().second = -1;
      else through.push_back({w, q});
    }
  }
  std::vector<int> placed(word_count, 0);  // letters of each word placed
  std::vector<bool> cell_placed(shape.cell_count, false);
  std::vector<Check>& checks = look.checks;
  for (int l = 0; l < plan.count(); ++l) {
    const Level& level = plan.levels[l];
    Range& range = look.at_level[l];
    range.begin = static_cast<uint16_t>(checks.size());
    std::vector<int> stepped;
    for (int k = 0; k < level.walker_count; ++k) {
      const int w = level.walkers[k].after % word_count;
      ++placed[w];
      stepped.push_back(w);
    }
    cell_placed[level.cell] = true;
    const int next_cell = l + 1 < plan.count() ? plan.levels[l + 1].cell : -1;
    for (size_t k = 0; k < stepped.size(); ++k) {
      const int w = stepped[k];
      const std::vector<int>& cells = shape.words[w].cells;
      for (int q = placed[w]; q < static_cast<int>(cells.size()) && !cell_placed[cells[q]]; ++q) {
        const int c = cells[q];
        if (c == next_cell && l + 1 != fold_level) {
          if (q == placed[w] && lifts) {
            AddNextLift(look, l, w, level.walkers[k].before, words_of[c], placed, stepped, plan);
          }
          continue;
        }
        // The words begun that cross w at c; c is tested from the first word stepped here.
        std::vector<std::pair<int, int>> others;
        bool tested = false;
        for (auto [v, r] : words_of[c]) {
          if (v == w || r < 0 || placed[v] == 0) continue;
          if (v < w && std::find(stepped.begin(), stepped.end(), v) != stepped.end()) tested = true;
          others.push_back({v, r});
        }
        if (tested) continue;
        const uint16_t slot_w = static_cast<uint16_t>(placed[w] * word_count + w);
        for (size_t k = 0; k < others.size(); k += 2) {
          if (checks.size() >= UINT16_MAX) return look;
          auto [v, r] = others[k];
          const uint16_t slot_v = static_cast<uint16_t>(placed[v] * word_count + v);
          if (k + 1 == others.size()) {
            checks.push_back({slot_w, slot_v, 0, plane(q - placed[w]), plane(r - placed[v]), 0});
            continue;
          }
          auto [u, t] = others[k + 1];
          checks.push_back({slot_w, slot_v, static_cast<uint16_t>(placed[u] * word_count + u),
                            table_plane(q - placed[w]), table_plane(r - placed[v]),
                            table_plane(t - placed[u])});
        }
      }
    }
    // Cheapest first: both sides at depth 0 (the states' own masks: no table load), then one
    // side (made side b), then neither, then the three-word tests (slot_c != 0).
    auto depth0 = [](const Check& ch) {
      return ch.slot_c != 0 ? -1 : (ch.plane_a == kOwnMask) + (ch.plane_b == kOwnMask);
    };
    auto written = [&](uint16_t slot) {
      return std::any_of(level.walkers.begin(), level.walkers.begin() + level.walker_count,
                         [&](const Walker& walker) { return walker.after == slot; });
    };
    for (auto it = checks.begin() + range.begin; it != checks.end(); ++it) {
      if (it->slot_c == 0 && it->plane_a == kOwnMask && it->plane_b != kOwnMask) {
        *it = {it->slot_b, it->slot_a, 0, it->plane_b, it->plane_a, 0};
      }
    }
    // Liftable, and first: a test of two words, one stepped here (made side a) at depth 0,
    // the other not, at depth 0 (or, above the fold, any depth).
    const bool reach_lifts = lifts && plan.tie_pairs.empty() && l + 1 == fold_level;
    auto liftable = [&](Check& ch) {
      if (ch.slot_c != 0) return false;
      Check lift = ch;
      if (written(ch.slot_b) && !written(ch.slot_a)) {
        std::swap(lift.slot_a, lift.slot_b);
        std::swap(lift.plane_a, lift.plane_b);
      }
      if (!written(lift.slot_a) || written(lift.slot_b) || lift.plane_a != kOwnMask ||
          (lift.plane_b != kOwnMask && !reach_lifts)) {
        return false;
      }
      ch = lift;
      return true;
    };
    std::stable_sort(checks.begin() + range.begin, checks.end(),
                     [&](const Check& x, const Check& y) { return depth0(x) > depth0(y); });
    const auto lifted = std::stable_partition(checks.begin() + range.begin, checks.end(), liftable);
    range.lifted = static_cast<uint16_t>(lifted - checks.begin());
    auto end = [&](int zeros) {
      return static_cast<uint16_t>(
          std::find_if(checks.begin() + range.lifted, checks.end(),
                       [&](const Check& ch) { return depth0(ch) < zeros; }) -
          checks.begin());
    };
    range.one = end(2);
    range.two = end(1);
    range.three = end(0);
    range.end = static_cast<uint16_t>(checks.size());
  }
  if (plan.max_walkers >= 3 && plan.tie_pairs.empty()) look.DropCovered(plan, fold_level);
  if (look.checks.empty() && look.lift_at.empty()) look.at_level.clear();
  for ([[maybe_unused]] const Range& r : look.at_level) {
    assert(r.begin <= r.lifted && r.lifted <= r.one && r.one <= r.two && r.two <= r.three &&
           r.three <= r.end);
  }
  look.BuildLiftSteps(plan);
  // The rows serve the loops of three walkers or more, the only ones that lift.
  if (lifts && std::any_of(look.lift_at.begin(), look.lift_at.end(), [](const Lift& lift) {
        return lift.next.other[0] != 0 || lift.begin != lift.end;
      })) {
    look.letter_rows = LetterRows::Get(plan, key, tables);
  }
  return look;
}

// In loops that lift (three walkers or more, no tie: every loop of such a search), a level
// followed by one that lifts tests only its own lifted checks: most of its other tests see
// a dead end that the next level's lift finds too, letter by letter and without a branch, so
// testing them after each placement costs more than the few nodes they spare. (The fold's
// letters are not lifted, see TailCount.)
void LookAhead::DropCovered(const WalkPlan& plan, int fold_level) {
  std::vector<Check> kept;
  for (int l = 0; l < plan.count(); ++l) {
    Range& range = at_level[l];
    const bool next_lifts = l + 1 < plan.count() && l + 1 != fold_level &&
                            at_level[l + 1].lifted != at_level[l + 1].begin;
    const uint16_t end = next_lifts ? range.lifted : range.end;
    const uint16_t shift = static_cast<uint16_t>(range.begin - kept.size());
    kept.insert(kept.end(), checks.begin() + range.begin, checks.begin() + end);
    for (uint16_t* at :
         {&range.begin, &range.lifted, &range.one, &range.two, &range.three, &range.end}) {
      *at = static_cast<uint16_t>(std::min(*at, end) - shift);
    }
  }
  checks = std::move(kept);
}

// Each level's lift read from one place: after the next cell's (set by AddNextLift), the
// lifted checks (their word's state before the level against the other word's mask), those
// against an own mask first.
void LookAhead::BuildLiftSteps(const WalkPlan& plan) {
  if (at_level.empty()) return;
  if (lift_at.empty()) lift_at.assign(plan.count(), {});
  for (int l = 0; l < plan.count(); ++l) {
    Lift& lift = lift_at[l];
    lift.begin = static_cast<uint16_t>(lift_steps.size());
    for (bool own : {true, false}) {
      if (!own) lift.reach = static_cast<uint16_t>(lift_steps.size());
      for (int k = at_level[l].begin; k < at_level[l].lifted; ++k) {
        const Check& ch = checks[k];
        if ((ch.plane_b == kOwnMask) != own) continue;
        lift_steps.push_back(
            {static_cast<uint16_t>(ch.slot_a - plan.word_count), ch.slot_b, ch.plane_b});
      }
    }
    lift.end = static_cast<uint16_t>(lift_steps.size());
  }
}

}  // namespace squares::core
