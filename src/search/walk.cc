// The walk's tables (walk.h): the levels of a cell order, the merged automata, the memo keys
// and the symmetry counted up to.
#include "search/walk.h"

#include <algorithm>
#include <cassert>

namespace squares::core {

WalkPlan WalkPlan::Build(const Shape& shape, const std::vector<const Dawg*>& dawgs,
                         const std::vector<LetterSet>& allowed, const std::vector<int>& order,
                         bool memo) {
  WalkPlan plan;
  plan.wide = dawgs[0]->wide();
  size_t longest = 0;
  for (size_t w = 0; w < shape.words.size(); ++w) {
    longest = std::max(longest, shape.words[w].cells.size());
    plan.empty = plan.empty || dawgs[w]->word_count() == 0;
  }
  plan.word_count = static_cast<int>(shape.words.size());
  plan.slots = static_cast<int>((longest + 1) * shape.words.size() + 1);
  plan.dawg = dawgs[0];
  plan.MergeAutomata(dawgs);
  plan.BuildLevels(shape, allowed, order);
  if (memo) plan.BuildMemoKeys(shape);
  return plan;
}

// Words of several lengths (or lists) walk one array: each automaton is copied in with its
// child indices rebased, so a walker needs no pointer of its own.
void WalkPlan::MergeAutomata(const std::vector<const Dawg*>& dawgs) {
  if (empty) return;
  std::vector<const Dawg*>& distinct = automata;
  for (const Dawg* d : dawgs) {
    if (std::find(distinct.begin(), distinct.end(), d) == distinct.end()) distinct.push_back(d);
  }
  auto merge = [&](auto& merged) {
    using Mask = decltype(merged[0].mask);
    std::vector<uint32_t> base;
    for (const Dawg* d : distinct) {
      const uint32_t at = static_cast<uint32_t>(merged.size());
      base.push_back(at);
      if (distinct.size() == 1) break;  // walked in place
      const DawgEntry<Mask>* entries = d->entries<Mask>();
      for (size_t e = 0; e < d->entry_count(); ++e)
        merged.push_back({entries[e].mask, entries[e].first + at});
    }
    for (const Dawg* d : dawgs) {
      word_root.push_back(base[std::find(distinct.begin(), distinct.end(), d) - distinct.begin()]);
    }
  };
  if (wide) merge(merged_wide);
  else merge(merged_narrow);
}

void WalkPlan::BuildLevels(const Shape& shape, const std::vector<LetterSet>& allowed,
                           const std::vector<int>& order) {
  const int word_count = static_cast<int>(shape.words.size());
  const uint16_t free_slot = static_cast<uint16_t>(slots - 1);
  std::vector<int> next(word_count, 0);
  std::vector<int> level_of(shape.cell_count, -1);
  auto slot = [&](int w, int p) { return static_cast<uint16_t>((p + 1) * word_count + w); };
  auto walker = [&](int w) {
    const int p = next[w]++;
    return Walker{slot(w, p - 1), slot(w, p),
                  p + 1 < static_cast<int>(shape.words[w].cells.size())};
  };
  auto start = [&](int cell, LetterSet letters) {
    Level& level = levels.emplace_back();
    level.walkers.fill(Walker{free_slot, free_slot, false});
    level.cell = static_cast<uint16_t>(cell);
    const int echo = shape.echo[cell];
    level.mirror = static_cast<uint16_t>(echo >= 0 ? echo : cell);
    level.allowed = letters;
    return &level;
  };
  for (int cell : order) {
    Level* level = start(cell, allowed[cell]);
    std::vector<int> stepped;
    for (int w = 0; w < word_count; ++w) {
      const std::vector<int>& cells = shape.words[w].cells;
      if (next[w] < static_cast<int>(cells.size()) && cells[next[w]] == cell) {
        assert(level->walker_count < kMaxCellWords);  // FinishShape's limit
        level->walkers[level->walker_count++] = walker(w);
        stepped.push_back(w);
      }
    }
    level_of[cell] = count() - 1;
    for (int w : stepped) {
      const std::vector<int>& cells = shape.words[w].cells;
      while (next[w] < static_cast<int>(cells.size()) && level_of[cells[next[w]]] >= 0) {
        const int source = level_of[cells[next[w]]];
        Level* echo = start(cells[next[w]], levels[source].allowed);
        echo->echo_of = static_cast<int16_t>(source);
        echo->walkers[echo->walker_count++] = walker(w);
      }
    }
  }
  assert(count() <= kMaxLevels);
  for (const Level& level : levels) {
    for ([[maybe_unused]] const Walker& walker : level.walkers)
      assert(walker.before < slots && walker.after < slots);
    max_walkers = std::max<int>(max_walkers, level.walker_count);
    has_echoes = has_echoes || level.echo_of >= 0;
  }
}

// The memo's keys: at the start of level b (1 <= b < last - 1: the next-to-last level's
// subtree is counted without descent), the slots of the words begun and not ended. A level
// whose future repeats an earlier letter (an echo of a level before b) is not memoized, nor
// one with more open words than the key holds. Only symmetric squares have a memo: in double
// squares, rectangles, diagonal squares and cubes the tuples of states seldom recur, so the
// lookups would cost more than their rare hits save.
void WalkPlan::BuildMemoKeys(const Shape& shape) {
  const int word_count = static_cast<int>(shape.words.size());
  std::vector<int> placed(word_count, 0);  // letters of each word placed before level b
  std::vector<int> earliest_echo(count() + 1, count());  // least echo_of of levels >= b
  for (int l = count() - 1; l >= 0; --l) {
    earliest_echo[l] =
        std::min(earliest_echo[l + 1], levels[l].echo_of >= 0 ? int{levels[l].echo_of} : count());
  }
  for (int b = 0; b < count(); ++b) {
    Level& level = levels[b];
    std::vector<uint16_t> open;
    for (int w = 0; w < word_count; ++w) {
      const int length = static_cast<int>(shape.words[w].cells.size());
      if (placed[w] > 0 && placed[w] < length)
        open.push_back(static_cast<uint16_t>(placed[w] * word_count + w));
    }
    if (b >= 1 && b + 2 < count() && earliest_echo[b] >= b &&
        open.size() <= static_cast<size_t>(kMaxMemoWidth)) {
      level.memo_width = static_cast<int8_t>(open.size());
      level.memo_begin = static_cast<uint16_t>(memo_slots.size());
      memo_slots.insert(memo_slots.end(), open.begin(), open.end());
      has_memo = true;
    }
    for (int k = 0; k < level.walker_count; ++k) ++placed[level.walkers[k].after % word_count];
  }
  for ([[maybe_unused]] const Level& level : levels) {
    assert(level.memo_width < 0 ||
           level.memo_begin + level.memo_width <= static_cast<int>(memo_slots.size()));
  }
}

// Counting up to a symmetry (see SquareSearch::Run): an involution s of the shape that maps
// each word onto a word of the same automaton and each cell onto one with the same letters
// allowed (a double square's transposition, the exchange of two axes of a cube). Of those
// found, the one whose moved cells are decided earliest in the search: the least list of the
// levels at which pairs {c, s(c)} are complete. Where the tail is counted (see TailCount),
// first the one that leaves the most of the untied tail's last levels unmoved (two at least,
// or none counts): a tie pair there would cut the tail. A word cube 3's tail is its last row
// along x, which the exchange of y and z keeps. (A double square has two walkers: its
// transposition moves its last row and stays, halving the count.)
void WalkPlan::BuildTie(const Shape& shape, const std::vector<LetterSet>& allowed, int tail_start) {
  std::vector<int> word_kind(word_root.begin(), word_root.end());
  std::vector<int> cell_kind;
  std::vector<LetterSet> kinds;
  for (LetterSet letters : allowed) {
    auto it = std::find(kinds.begin(), kinds.end(), letters);
    cell_kind.push_back(static_cast<int>(it - kinds.begin()));
    if (it == kinds.end()) kinds.push_back(letters);
  }
  std::vector<int> level_of(shape.cell_count, -1);
  for (int l = 0; l < count(); ++l) {
    if (levels[l].echo_of < 0) level_of[levels[l].cell] = l;
  }
  auto kept_tail = [&](const std::vector<int>& s) {
    if (tail_start < 0) return 0;
    int kept = 0;
    for (int l = count() - 1; l >= tail_start && s[levels[l].cell] == levels[l].cell; --l) ++kept;
    return kept >= 2 ? kept : 0;
  };
  std::vector<std::array<uint16_t, 2>> best;
  int best_kept = -1;
  for (std::vector<int>& s : ShapeInvolutions(shape, word_kind, cell_kind, 32, 4000000)) {
    const int kept = kept_tail(s);
    if (kept < best_kept) continue;
    std::vector<std::array<uint16_t, 2>> pairs;
    for (int c = 0; c < shape.cell_count; ++c) {
      if (s[c] <= c) continue;
      const int a = level_of[c], b = level_of[s[c]];
      pairs.push_back(
          {static_cast<uint16_t>(std::max(a, b)), static_cast<uint16_t>(std::min(a, b))});
    }
    std::sort(pairs.begin(), pairs.end());
    if (kept > best_kept || pairs < best) {
      best_kept = kept;
      best = pairs;
      symmetry = std::move(s);
    }
  }
  SetTiePairs(std::move(best));
}

void WalkPlan::SetTiePairs(std::vector<std::array<uint16_t, 2>> pairs) {
  tie_pairs = std::move(pairs);
  tie_of_level.assign(count(), {-1, 0});
  for (size_t k = 0; k < tie_pairs.size(); ++k) {
    tie_of_level[tie_pairs[k][0]] = {static_cast<int16_t>(tie_pairs[k][1]),
                                     static_cast<int16_t>(k)};
  }
}

int WalkPlan::TiesBefore(int level) const {
  int ties = 0;
  for (const auto& pair : tie_pairs) ties += pair[0] < level;
  return ties;
}

std::vector<int> WalkPlan::SlotWriters() const {
  std::vector<int> writer(slots, -1);
  for (int l = 0; l < count(); ++l) {
    for (int k = 0; k < levels[l].walker_count; ++k) writer[levels[l].walkers[k].after] = l;
  }
  return writer;
}

bool WalkPlan::AllowAll(int from, int to, LetterSet letters) const {
  for (int l = from; l < to; ++l) {
    if ((levels[l].allowed & letters) != letters) return false;
  }
  return true;
}

}  // namespace squares::core
