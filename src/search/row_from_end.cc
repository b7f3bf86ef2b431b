// The row's test from its end (row_from_end.h): which rows it tests, and their reversed words.
#include "search/row_from_end.h"

#include <algorithm>

#include "search/dawg_states.h"

namespace squares::core {

namespace {

// The reversed words of the automaton below `root`, `length` letters, sorted.
template <class Mask>
RowFromEnd::Table MakeTable(const DawgEntry<Mask>* entries, uint32_t root, int length,
                            int alphabet_size) {
  std::vector<Letter> letters;
  AppendPaths(entries, root, length, letters);
  const size_t n = letters.size() / length;
  for (size_t k = 0; k < n; ++k) std::reverse(&letters[k * length], &letters[(k + 1) * length]);
  std::vector<uint32_t> order(n);
  for (size_t k = 0; k < n; ++k) order[k] = static_cast<uint32_t>(k);
  auto word = [&](uint32_t k) { return letters.begin() + size_t{k} * length; };
  std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    return std::lexicographical_compare(word(a), word(a) + length, word(b), word(b) + length);
  });
  std::vector<Letter> sorted;
  sorted.reserve(letters.size());
  for (uint32_t k : order) sorted.insert(sorted.end(), word(k), word(k) + length);
  WordsOfLength reversed{std::move(sorted), std::vector<int64_t>(n, 0), length};
  return RowFromEnd::Table{Dawg::Build(reversed, alphabet_size)};
}

// Whether the row at levels [first, first + n) may be walked whole (no other part acts
// there); if so, its cells whose tie reads the row's own letters, into `tied_in_row`.
bool Walkable(const WalkPlan& plan, const std::vector<bool>& busy, int first, int n,
              uint32_t& tied_in_row) {
  if (n > 32) return false;
  for (int l = first; l < first + n; ++l) {
    if (busy[l]) return false;
  }
  for (int q = 0; q < n; ++q) {
    if (!plan.Tied(first + q)) continue;
    const TieAt& at = plan.tie_of_level[first + q];
    bool inside = at.earlier >= first;
    for (int k = at.first; k < at.pair; ++k)
      inside = inside || plan.tie_pairs[k][0] >= first || plan.tie_pairs[k][1] >= first;
    if (inside) tied_in_row |= uint32_t{1} << q;
  }
  return true;
}

}  // namespace

// A word W qualifies when its cells are the consecutive levels [first, first + length), the
// last of them before the search's last level (the last word is counted or sifted there),
// each level stepping W and one other word begun kMinDepth letters or more before W. Every
// such W of one automaton is tested, after the level before it.
RowFromEnd RowFromEnd::Build(const WalkPlan& plan, const Shape& shape,
                             const std::vector<bool>& busy, SearchTables* tables) {
  RowFromEnd from_end;
  if (plan.empty || plan.max_walkers != 2 || plan.has_echoes) return from_end;
  const int word_count = static_cast<int>(shape.words.size());
  const std::vector<int> writer = plan.SlotWriters();
  const std::vector<int> level_of = plan.LevelOfCells(shape.cell_count);
  int root = -1, length = 0;
  for (int w = 0; w < word_count; ++w) {
    const std::vector<int>& cells = shape.words[w].cells;
    const int n = static_cast<int>(cells.size());
    if (n < kMinLength ||
        (root >= 0 && (static_cast<int>(plan.word_root[w]) != root || n != length)))
      continue;
    const int first = level_of[cells[0]];
    if (first < 1 || first + n >= plan.count()) continue;
    Row row;
    row.level = first;
    for (int q = 0; q < n; ++q) {
      const Level& level = plan.levels[first + q];
      if (level.cell != cells[q] || level.walker_count != 2 || level.echo_of >= 0) break;
      const int k = level.walkers[0].before == q * word_count + w ? 1 : 0;
      if (level.walkers[1 - k].before != q * word_count + w) break;
      const uint16_t slot = level.walkers[k].before;
      if (slot / word_count < kMinDepth || writer[slot] >= first) break;
      row.slots.push_back(slot);
      row.after.push_back(level.walkers[k].after);
      row.allowed.push_back(level.allowed);
    }
    if (static_cast<int>(row.slots.size()) != n) continue;
    row.resume_first.assign(n + 1, -1);
    row.resume_last.assign(n + 1, -1);
    for (int d = 1; d <= n; ++d) {
      row.resume_first[d] =
          static_cast<int16_t>(std::max<int>(row.resume_first[d - 1], writer[row.slots[d - 1]]));
      row.resume_last[d] =
          static_cast<int16_t>(std::max<int>(row.resume_last[d - 1], writer[row.slots[n - d]]));
    }
    row.walked = Walkable(plan, busy, first, n, row.tied_in_row);
    if (row.walked) {
      if (from_end.walk_at_level.empty()) from_end.walk_at_level.assign(plan.count(), -1);
      from_end.walk_at_level[first] = static_cast<int16_t>(from_end.rows.size());
    }
    root = static_cast<int>(plan.word_root[w]);
    length = n;
    if (from_end.at_level.empty()) from_end.at_level.assign(plan.count(), -1);
    from_end.at_level[first - 1] = static_cast<int16_t>(from_end.rows.size());
    from_end.rows.push_back(std::move(row));
  }
  if (from_end.rows.empty()) return from_end;
  from_end.root = static_cast<uint32_t>(root);
  SearchTables::Key key{plan.automata,
                        {plan.wide, static_cast<uint32_t>(root), static_cast<uint32_t>(length)}};
  from_end.table = SearchTables::Get<Table>(tables, key, [&] {
    return plan.wide ? MakeTable(plan.entries<uint64_t>(), root, length, 64)
                     : MakeTable(plan.entries<uint32_t>(), root, length, 32);
  });
  return from_end;
}

}  // namespace squares::core
