// Counting's shortcuts (counting.h): lone levels, and the closing and corner counts' vectors.
#include "search/counting.h"

#include <algorithm>
#include <bit>
#include <utility>

#include "search/dawg_states.h"

namespace squares::core {

// Lone levels: counting, a level whose cell lies in one word only, which ends there, is
// searched for one of its letters and the count below multiplied by the letters it allows:
// nothing after it reads that letter (no walker steps, no echo, no check, sift or tie). A
// symmetric square's diagonal cells are lone when placed last in their rows (see
// SquareSearch::Create).
LoneLevels LoneLevels::Build(const WalkPlan& plan, const Shape& shape,
                             const std::vector<bool>& busy) {
  LoneLevels lone;
  lone.lone.assign(plan.count() + 1, 0);
  if (plan.empty || !plan.tie_pairs.empty()) return lone;
  std::vector<int> words_through(shape.cell_count, 0);
  for (const ShapeWord& word : shape.words) {
    for (int cell : word.cells) ++words_through[cell];
  }
  for (int l = 1; l < plan.count() - 1; ++l) {
    const Level& level = plan.levels[l];
    lone.lone[l] = level.walker_count == 1 && !level.walkers[0].step && level.echo_of < 0 &&
                   words_through[level.cell] == 1 && !busy[l];
  }
  return lone;
}

int LoneLevels::count() const { return static_cast<int>(std::count(lone.begin(), lone.end(), 1)); }

namespace {

// The states `depth` letters below each of `roots`, as MappableStates gives them, in `table`
// (a closing or corner table: made, the letters `depth` deep below them, and with `map` its
// map sized from lo); none when they cannot be mapped.
template <class Table, class Mask>
std::vector<uint32_t> MapStates(const DawgEntry<Mask>* entries,
                                const std::vector<std::pair<uint32_t, int>>& roots, int depth,
                                Table& table, bool map = true) {
  std::vector<uint32_t> states = MappableStates(entries, roots);
  if (states.empty()) return states;
  table.made = true;
  table.below = LettersBelow(entries, states, depth);
  table.lo = entries[states.front()].first;
  if (map) table.map.assign(entries[states.back()].first - table.lo + 1, 0);
  return states;
}

// The closing table of the states `depth` letters below each of `roots` (two); without
// `vectors`, what decides the closing count alone (made, below, many_letters).
template <class Mask>
ClosingTable MakeClosingTable(const DawgEntry<Mask>* entries,
                              const std::vector<std::pair<uint32_t, int>>& roots, bool vectors) {
  constexpr int kLetters = sizeof(Mask) * 8;
  ClosingTable table;
  const std::vector<uint32_t> states = MapStates(entries, roots, 2, table, vectors);
  if (states.empty()) return table;
  double letters = 0;
  for (uint32_t e : states) letters += std::popcount(entries[e].mask);
  table.many_letters = letters >= ClosingCount::kMinMean * static_cast<double>(states.size());
  table.vectors = vectors;
  if (!vectors) return table;
  table.counts.assign((states.size() + 1) * 2 * kLetters, 0);
  table.zeros = static_cast<uint32_t>(states.size() * 2 * kLetters);
  for (size_t id = 0; id < states.size(); ++id) {
    const DawgEntry<Mask>& state = entries[states[id]];
    table.map[state.first - table.lo] = static_cast<uint32_t>(id * 2 * kLetters);
    uint8_t* v = &table.counts[id * 2 * kLetters];
    uint8_t* w = v + kLetters;
    int k = 0;
    for (Mask m = state.mask; m; m &= m - 1, ++k) {
      const Mask next = entries[state.first + k].mask;
      for (Mask n = next; n; n &= n - 1) ++v[std::countr_zero(n)];
      w[std::countr_zero(m)] = static_cast<uint8_t>(std::popcount(next));
    }
  }
  return table;
}

// The corner table of the states `depth` letters below each of `roots` (three: R's, A's,
// B's), on `closing`, the closing table one letter below A's and B's.
template <class Mask>
CornerTable MakeCornerTable(const DawgEntry<Mask>* entries,
                            const std::vector<std::pair<uint32_t, int>>& roots,
                            const ClosingTable& closing) {
  constexpr int kLetters = sizeof(Mask) * 8;
  CornerTable corner;
  const std::vector<uint32_t> states = MapStates(entries, roots, 3, corner);
  if (states.empty()) return corner;
  // A letter the state lacks leads to the zeros. (So does a child outside the closing table's
  // map: a state of R only, whose children are never read as A's or B's.)
  auto closing_vectors = [&](uint32_t child_first) {
    if (child_first < closing.lo || child_first - closing.lo >= closing.map.size())
      return closing.zeros;
    return closing.map[child_first - closing.lo];
  };
  corner.children.assign(states.size() * kLetters, closing.zeros);
  corner.pairs_begin.assign(1, 0);
  // Each state's pairs (x, y) in order, counted in pair_count and listed in `pairs`: a state
  // has few of the kLetters^2, and scanning them all cost more than the rest of the build.
  std::vector<uint32_t> pair_count(kLetters * kLetters), pairs;
  for (size_t id = 0; id < states.size(); ++id) {
    const DawgEntry<Mask>& state = entries[states[id]];
    corner.map[state.first - corner.lo] = static_cast<uint32_t>(id);
    int k = 0;
    for (Mask m = state.mask; m; m &= m - 1, ++k) {
      const DawgEntry<Mask>& child = entries[state.first + k];
      corner.children[id * kLetters + std::countr_zero(m)] = closing_vectors(child.first);
      int j = 0;
      for (Mask x = child.mask; x; x &= x - 1, ++j) {
        for (Mask y = entries[child.first + j].mask; y; y &= y - 1) {
          const uint32_t xy = std::countr_zero(x) * kLetters + std::countr_zero(y);
          if (pair_count[xy]++ == 0) pairs.push_back(xy);
        }
      }
    }
    std::sort(pairs.begin(), pairs.end());
    for (uint32_t xy : pairs) {
      corner.pairs.push_back({static_cast<uint8_t>(xy / kLetters),
                              static_cast<uint8_t>(xy % kLetters),
                              static_cast<uint16_t>(pair_count[xy])});
      pair_count[xy] = 0;
    }
    pairs.clear();
    corner.pairs_begin.push_back(static_cast<uint32_t>(corner.pairs.size()));
  }
  return corner;
}

// The key of a table of the states below `roots` in `plan`'s automata.
SearchTables::Key KeyOf(const WalkPlan& plan, const std::vector<std::pair<uint32_t, int>>& roots) {
  SearchTables::Key key{plan.automata, {plan.wide}};
  for (auto [root, depth] : roots)
    key.numbers.insert(key.numbers.end(), {root, static_cast<uint32_t>(depth)});
  return key;
}

}  // namespace

// The closing count (see counting.h). Levels a, b, c = the last three: a steps word A
// alone from state P, b ends A and steps word B from state Q, c ends B alone, no letters are
// fixed there and no tie pairs them. Then the results below a are
//   sum over x of v_P[x] * w_Q[x],
//   v_P[x] = the letters y of P after which x may end A,
//   w_Q[x] = the letters that may end B after x (0 when Q has no x),
// vectors of one state each, made for every state A and B can be in. In a symmetric square,
// A and B are its last two rows and the count replaces the walk of both. Where the states
// leave many letters, the look-ahead tests at the level above seldom end a branch, and cost
// more than the dot product they would spare; with few letters they prune enough to keep.
ClosingCount ClosingCount::Build(const WalkPlan& plan, const Shape& shape, int sieve_level,
                                 bool counts, SearchTables* tables) {
  ClosingCount closing;
  if (plan.empty || sieve_level >= 0 || plan.count() < 3) return closing;
  const int a = plan.count() - 3, word_count = static_cast<int>(shape.words.size());
  const Level &first = plan.levels[a], &middle = plan.levels[a + 1], &last = plan.levels[a + 2];
  for (int l = a; l < plan.count(); ++l) {
    if (plan.levels[l].echo_of >= 0 || plan.Tied(l)) return closing;
  }
  if (first.walker_count != 1 || middle.walker_count != 2 || last.walker_count != 1) return closing;
  const uint16_t p = first.walkers[0].before;
  const int ends_a = middle.walkers[0].before == first.walkers[0].after ? 0 : 1;
  const Walker& b_walker = middle.walkers[1 - ends_a];
  const uint16_t q = b_walker.before;
  const int word_a = p % word_count, word_b = q % word_count;
  auto length = [&](int w) { return static_cast<int>(shape.words[w].cells.size()); };
  if (middle.walkers[ends_a].before != first.walkers[0].after ||
      last.walkers[0].before != b_walker.after || word_a == word_b ||
      p / word_count != length(word_a) - 2 || q / word_count != length(word_b) - 2) {
    return closing;
  }
  const std::vector<std::pair<uint32_t, int>> roots = {
      {plan.word_root[word_a], length(word_a) - 2}, {plan.word_root[word_b], length(word_b) - 2}};
  SearchTables::Key key = KeyOf(plan, roots);
  key.numbers.push_back(counts);
  std::shared_ptr<const ClosingTable> table = SearchTables::Get<ClosingTable>(tables, key, [&] {
    return plan.wide ? MakeClosingTable(plan.entries<uint64_t>(), roots, counts)
                     : MakeClosingTable(plan.entries<uint32_t>(), roots, counts);
  });
  if (!table->made || !plan.AllowAll(a, plan.count(), table->below)) return closing;
  closing.level = a;
  closing.count_level = counts ? a : -1;
  closing.unchecked_level = table->many_letters ? a - 1 : -1;
  closing.slots = {p, q};
  closing.table = std::move(table);
  return closing;
}

// The corner count (see counting.h). The three levels before the closing count's: the
// first steps word R alone from state S, the second steps R and A (into the closing count's
// P), the third ends R and steps B (into Q), no letters fixed, no tie. Then the results below
// the first are
//   sum over the pairs (x, y) that may follow a letter of S, counted once per such letter,
//   of v_{A.x} . w_{B.y},
// with A's and B's states before those levels and the closing count's vectors. In a symmetric
// square, R, A and B are its last three rows, and the count replaces the walk of the third
// last row, where most of a count's nodes are. The pairs whose x or y the states lack are
// skipped rather than read as a block of zeros, as most pairs are absent.
CornerCount CornerCount::Build(const WalkPlan& plan, const Shape& shape,
                               const ClosingCount& closing, SearchTables* tables) {
  CornerCount corner;
  if (closing.count_level < 4) return corner;
  const int c = closing.level - 3, word_count = static_cast<int>(shape.words.size());
  const Level &first = plan.levels[c], &second = plan.levels[c + 1], &third = plan.levels[c + 2];
  for (int l = c; l < closing.level; ++l) {
    if (plan.levels[l].echo_of >= 0 || plan.Tied(l)) return corner;
  }
  if (first.walker_count != 1 || second.walker_count != 2 || third.walker_count != 2) return corner;
  // R alone, then R with A (into the closing count's P), then R's last letter with B (into Q).
  const uint16_t r = first.walkers[0].before;
  const int r2 = second.walkers[0].before == first.walkers[0].after ? 0 : 1;
  const int r3 = third.walkers[0].before == second.walkers[r2].after ? 0 : 1;
  const Walker &a_walker = second.walkers[1 - r2], &b_walker = third.walkers[1 - r3];
  const int word_r = r % word_count, word_a = a_walker.before % word_count,
            word_b = b_walker.before % word_count;
  auto length = [&](int w) { return static_cast<int>(shape.words[w].cells.size()); };
  if (second.walkers[r2].before != first.walkers[0].after ||
      third.walkers[r3].before != second.walkers[r2].after || a_walker.after != closing.slots[0] ||
      b_walker.after != closing.slots[1] || word_r == word_a || word_r == word_b ||
      r / word_count != length(word_r) - 3 || a_walker.before / word_count != length(word_a) - 3 ||
      b_walker.before / word_count != length(word_b) - 3) {
    return corner;
  }
  // The closing table is that of A's and B's states one letter below these: the key names it.
  const std::vector<std::pair<uint32_t, int>> roots = {
      {plan.word_root[word_r], length(word_r) - 3},
      {plan.word_root[word_a], length(word_a) - 3},
      {plan.word_root[word_b], length(word_b) - 3}};
  std::shared_ptr<const CornerTable> table =
      SearchTables::Get<CornerTable>(tables, KeyOf(plan, roots), [&] {
        return plan.wide ? MakeCornerTable(plan.entries<uint64_t>(), roots, *closing.table)
                         : MakeCornerTable(plan.entries<uint32_t>(), roots, *closing.table);
      });
  if (!table->made || !plan.AllowAll(c, closing.level, table->below)) return corner;
  corner.level = c;
  corner.slots = {r, a_walker.before, b_walker.before};
  corner.table = std::move(table);
  return corner;
}

}  // namespace squares::core
