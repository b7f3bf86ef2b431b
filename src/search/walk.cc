// The walk's tables (walk.h): the levels of a cell order, the merged automata, the memo keys
// and the symmetry counted up to.
#include "search/walk.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <numeric>

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
    }
    for (int k = 0; k < level.walker_count; ++k) ++placed[level.walkers[k].after % word_count];
  }
  for ([[maybe_unused]] const Level& level : levels) {
    assert(level.memo_width < 0 ||
           level.memo_begin + level.memo_width <= static_cast<int>(memo_slots.size()));
  }
}

// Counting up to a symmetry (see SquareSearch::Run): involutions s of the shape that map
// each word onto a word of the same automaton and each cell onto one with the same letters
// allowed (a double square's transposition, the exchange of two axes of a cube). Where two
// of them generate S3 (a cube's three axes), the search counts up to its six elements (see
// BuildS3); else up to the one involution whose moved cells are decided earliest: the least
// list of the levels at which pairs {c, s(c)} are complete. Where the tail is counted (see
// TailCount), first the one that leaves the most of the untied tail's last levels untied
// (two at least, or none counts): a tie pair there would cut the tail. A word cube 3's tail
// is its last row along x, which the exchange of y and z keeps. (A double square has two
// walkers: its transposition moves its last row and stays, halving the count.)
void WalkPlan::BuildTie(const Shape& shape, const std::vector<LetterSet>& allowed, int tail_start,
                        bool s3) {
  std::vector<int> word_kind(word_root.begin(), word_root.end());
  std::vector<int> cell_kind;
  std::vector<LetterSet> kinds;
  for (LetterSet letters : allowed) {
    auto it = std::find(kinds.begin(), kinds.end(), letters);
    cell_kind.push_back(static_cast<int>(it - kinds.begin()));
    if (it == kinds.end()) kinds.push_back(letters);
  }
  const std::vector<int> level_of = LevelOfCells(shape.cell_count);
  std::vector<std::vector<int>> involutions =
      ShapeInvolutions(shape, word_kind, cell_kind, 32, 4000000);
  std::vector<TiePair> best;
  int best_kept = -1, best_index = -1;
  for (size_t i = 0; i < involutions.size(); ++i) {
    const std::vector<int>& s = involutions[i];
    std::vector<TiePair> pairs;
    for (int c = 0; c < shape.cell_count; ++c) {
      if (s[c] <= c) continue;
      const int a = level_of[c], b = level_of[s[c]];
      pairs.push_back({std::max(a, b), std::min(a, b), 0});
    }
    std::sort(pairs.begin(), pairs.end());
    const int kept = KeptTail({pairs}, tail_start);
    if (kept > best_kept || (kept == best_kept && pairs < best)) {
      best_kept = kept;
      best = std::move(pairs);
      best_index = static_cast<int>(i);
    }
  }
  if (best_index < 0) return SetChains({});
  if (s3 && BuildS3(shape, involutions, level_of, tail_start, best_kept)) return;
  // X and its image s(X) are both results. Those whose key (the letters of the later cells
  // of the tie pairs) is greater than their image's are as many as those whose key is less:
  // count those at least their image's, twice, but those equal to it (X = s(X)) once.
  using enum TieMode;
  symmetry_order = 2;
  symmetry = {involutions[best_index]};
  tie_runs = {{{kAtLeast}, 0, 2, 1}};
  SetChains({best});
}

// S3 = <s, u>, two involutions whose product has order 3, permutes three sequences of cells
// pointwise as it permutes three things: W1, the cells u fixes and s moves; W2 = s(W1);
// W3 = u(W2), which s fixes (s u s = u s u). Each of its six elements maps results onto
// results and their keys (the letters of W1, W2, W3) onto the keys permuted. Name the keys
// a, b, c in some order: with A the results whose keys are in strict order (a > b > c,
// lexicographically), E those whose keys a and b are equal and T those whose three are, the
// results number 6A + 3E - 2T: those with three distinct keys come six to an order, one in
// A; of the rest, each with two keys equal is in one of the three sets like E (as many
// each), each with three in all three. E and T are large where many results are symmetric,
// so each is counted up to the involution r that exchanges keys a and b (it keeps both
// sets): E = 2 #{E, X >= r(X)} - #{E, X = r(X)}, in one run whose results weigh 2, or 1
// where X = r(X); the same for T. Three chains compare: key a against b, b against c
// (position by position in one order for both: the keys' lexicographic order), and X
// against r(X) on the cells r moves but the first chain's. The positions kept are those
// whose pairs come in increasing level in both chains, each level tying one pair, none in
// the tail's last `kept` levels. Of the two involutions and the namings, the one whose
// first two chains are decided earliest (a cube's: on its first row and the first cell of
// each later row and layer).
bool WalkPlan::BuildS3(const Shape& shape, const std::vector<std::vector<int>>& involutions,
                       const std::vector<int>& level_of, int tail_start, int kept) {
  const int cells = shape.cell_count;
  std::vector<std::vector<TiePair>> best;
  std::vector<int> best_levels;
  std::vector<std::vector<int>> best_group;
  auto pointwise = [](const std::vector<int>& s, const std::vector<int>& w) {
    std::vector<int> image;
    for (int c : w) image.push_back(s[c]);
    return image;
  };
  for (size_t i = 0; i < involutions.size(); ++i) {
    for (size_t j = 0; j < involutions.size(); ++j) {
      const std::vector<int>&s = involutions[i], &u = involutions[j];
      bool order3 = i != j;
      for (int c = 0; c < cells && order3; ++c) order3 = s[u[s[u[s[u[c]]]]]] == c;
      if (!order3) continue;
      std::vector<int> w1, sus(cells);
      for (const Level& level : levels) {
        const int c = level.cell;
        if (level.echo_of < 0 && u[c] == c && s[c] != c) w1.push_back(c);
      }
      for (int c = 0; c < cells; ++c) sus[c] = s[u[s[c]]];
      const std::vector<int> w2 = pointwise(s, w1), w3 = pointwise(u, w2);
      const std::array<const std::vector<int>*, 3> keys = {&w1, &w2, &w3};
      const std::array<const std::vector<int>*, 3> fixing = {&u, &sus, &s};  // fixes key k
      std::vector<int> positions(w1.size());
      for (std::array<int, 3> name = {0, 1, 2};;) {
        auto pair = [&](int greater, int lesser, int t) {
          const int g = level_of[(*keys[greater])[t]], l = level_of[(*keys[lesser])[t]];
          return TiePair{std::max(g, l), std::min(g, l), l > g};
        };
        std::iota(positions.begin(), positions.end(), 0);
        std::stable_sort(positions.begin(), positions.end(), [&](int x, int y) {
          return pair(name[0], name[1], x)[0] < pair(name[0], name[1], y)[0];
        });
        std::vector<std::vector<TiePair>> chains(3);
        // Levels taken: by a pair, or the tail's kept ones.
        std::vector<bool> tied(count(), false), compared(cells, false);
        std::fill(tied.end() - kept, tied.end(), true);
        std::vector<int> later;
        for (int t : positions) {
          const TiePair first = pair(name[0], name[1], t), second = pair(name[1], name[2], t);
          if (first[0] == second[0] || tied[first[0]] || tied[second[0]] ||
              (!chains[1].empty() && chains[1].back()[0] >= second[0])) {
            continue;
          }
          chains[0].push_back(first);
          chains[1].push_back(second);
          tied[first[0]] = tied[second[0]] = true;
          later.push_back(first[0]);
          later.push_back(second[0]);
          compared[(*keys[name[0]])[t]] = compared[(*keys[name[1]])[t]] = true;
        }
        const std::vector<int>& r = *fixing[name[2]];
        for (int c = 0; c < cells; ++c) {
          if (r[c] <= c || compared[c]) continue;
          const int x = level_of[c], y = level_of[r[c]];
          chains[2].push_back({std::max(x, y), std::min(x, y), 0});
        }
        std::sort(chains[2].begin(), chains[2].end());
        if (!later.empty() && KeptTail(chains, tail_start) >= kept) {
          // Decided earliest: the least levels, then the most pairs.
          std::sort(later.begin(), later.end());
          later.push_back(std::numeric_limits<int>::max());
          if (best.empty() || later < best_levels) {
            best = std::move(chains);
            best_levels = std::move(later);
            best_group = {s, u, sus};
          }
        }
        if (!std::next_permutation(name.begin(), name.end())) break;
      }
    }
  }
  if (best.empty()) return false;
  using enum TieMode;
  symmetry_order = 6;
  symmetry = std::move(best_group);
  tie_runs = {{{kGreater, kGreater, kFree}, -1, 6, 6},
              {{kEqual, kFree, kAtLeast}, 2, 6, 3},      // 3 E = 6 #{E, >=} - 3 #{E, =}
              {{kEqual, kEqual, kAtLeast}, 2, -4, -2}};  // -2 T likewise
  SetChains(best);
  return true;
}

int WalkPlan::KeptTail(const std::vector<std::vector<TiePair>>& chains, int tail_start) const {
  if (tail_start < 0) return 0;
  std::vector<bool> tied(count(), false);
  for (const auto& chain : chains) {
    for (const TiePair& pair : chain) tied[pair[0]] = true;
  }
  int kept = 0;
  for (int l = count() - 1; l >= tail_start && !tied[l]; --l) ++kept;
  return kept >= 2 ? kept : 0;
}

void WalkPlan::SetChains(const std::vector<std::vector<TiePair>>& pairs_of) {
  tie_pairs.clear();
  tie_of_level.assign(count(), TieAt{});
  chains = static_cast<int>(pairs_of.size());
  assert(chains <= kMaxTieChains);
  for (int k = 0; k < chains; ++k) {
    const uint16_t first = static_cast<uint16_t>(tie_pairs.size());
    for (size_t p = 0; p < pairs_of[k].size(); ++p) {
      const TiePair& pair = pairs_of[k][p];
      assert(tie_of_level[pair[0]].earlier < 0);
      tie_of_level[pair[0]] = {static_cast<int16_t>(pair[1]),
                               static_cast<uint8_t>(k),
                               pair[2] != 0,
                               p + 1 == pairs_of[k].size(),
                               first,
                               static_cast<uint16_t>(tie_pairs.size())};
      tie_pairs.push_back({static_cast<uint16_t>(pair[0]), static_cast<uint16_t>(pair[1])});
    }
    chain_end[k] = static_cast<uint16_t>(tie_pairs.size());
  }
  if (tie_pairs.empty()) tie_of_level.clear();
}

void WalkPlan::TieInOrder(const std::vector<std::array<int, 2>>& pairs) {
  std::vector<TiePair> chain;
  for (const auto& [later, earlier] : pairs) chain.push_back({later, earlier, 0});
  SetChains({chain});
}

TieCut WalkPlan::TiesBefore(int level) const {
  TieCut cut{};
  for (int k = 0; k < chains; ++k) {
    cut[k] = k == 0 ? 0 : chain_end[k - 1];
    while (cut[k] < chain_end[k] && tie_pairs[cut[k]][0] < level) ++cut[k];
  }
  return cut;
}

std::vector<int> WalkPlan::LevelOfCells(int cell_count) const {
  std::vector<int> level_of(cell_count, -1);
  for (int l = 0; l < count(); ++l) {
    if (levels[l].echo_of < 0) level_of[levels[l].cell] = l;
  }
  return level_of;
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
