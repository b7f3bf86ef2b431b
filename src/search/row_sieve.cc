// The row sieve (row_sieve.h): per bucket, its candidates and their bitsets.
#include "search/row_sieve.h"

#include <algorithm>
#include <bit>

#include "search/dawg_states.h"

namespace squares::core {
namespace {

// The table of the states `depth` letters below `root`, candidates of `cells` letters, the
// crossing word of cell j below crossing_roots[j]; the letters d >= 1 places below a state
// read in `reach` (the look-ahead's table: plane d - 1 of `entry_count` masks).
RowSieve::Table MakeTable(const DawgEntry<uint32_t>* entries, const uint32_t* reach,
                          size_t entry_count, uint32_t root, int depth, int cells,
                          const std::vector<uint32_t>& crossing_roots) {
  RowSieve::Table table;
  // Laid out by depth, states' child groups span the entries one letter below them, so a
  // state's child group maps it directly.
  auto mappable = [&](const std::vector<uint32_t>& states) {
    size_t children = 0;
    for (uint32_t e : states) children += std::popcount(entries[e].mask);
    return entries[states.back()].first - entries[states.front()].first <= 2 * children + 1024;
  };
  const std::vector<uint32_t> states = StatesAt(entries, root, depth);
  if (!mappable(states)) return table;
  table.lo = entries[states.front()].first;
  table.bucket_of.assign(entries[states.back()].first - table.lo + 1, UINT32_MAX);
  // The candidates, bucket by bucket, depth first (the walk's order).
  std::vector<Letter>& letters = table.letters;
  for (uint32_t e : states) {
    RowSieve::Table::Bucket bucket;
    bucket.first = static_cast<uint32_t>(letters.size() / cells);
    AppendPaths(entries, e, cells, letters, &table.ends);
    bucket.count = static_cast<uint32_t>(letters.size() / cells) - bucket.first;
    bucket.blocks = (bucket.count + 63) / 64;
    table.bucket_of[entries[e].first - table.lo] = static_cast<uint32_t>(table.buckets.size());
    table.buckets.push_back(bucket);
    table.max_blocks = std::max<size_t>(table.max_blocks, bucket.blocks);
  }
  // The crossing states, numbered cell by cell (cell j's from ids_of[j]).
  std::vector<uint32_t> crossing;  // entries, by id
  std::vector<uint32_t> ids_of;
  for (int j = 0; j < cells; ++j) {
    ids_of.push_back(static_cast<uint32_t>(crossing.size()));
    const std::vector<uint32_t> at = StatesAt(entries, crossing_roots[j], depth);
    if (!mappable(at)) return table;
    const uint32_t first_lo = entries[at.front()].first;
    table.map_begin.push_back(static_cast<uint32_t>(table.state_of.size()));
    table.first_lo.push_back(first_lo);
    table.state_of.resize(table.state_of.size() + entries[at.back()].first - first_lo + 1,
                          UINT32_MAX);
    for (uint32_t e : at) {
      table.state_of[table.map_begin[j] + entries[e].first - first_lo] =
          static_cast<uint32_t>(crossing.size());
      crossing.push_back(e);
    }
  }
  size_t rows = 0;
  for (RowSieve::Table::Bucket& bucket : table.buckets) {
    bucket.rows = rows;
    rows += crossing.size() * bucket.blocks;
  }
  if (rows * sizeof(uint64_t) + crossing.size() * 32 * cells * sizeof(uint32_t) >
      RowSieve::kMaxBytes)
    return table;
  // The letters below each crossing state's children.
  table.below.assign(crossing.size() * 32 * cells, 0);
  for (size_t id = 0; id < crossing.size(); ++id) {
    const DawgEntry<uint32_t>& s = entries[crossing[id]];
    int k = 0;
    for (uint32_t m = s.mask; m; m &= m - 1, ++k) {
      const DawgEntry<uint32_t>& child = entries[s.first + k];
      uint32_t* below = &table.below[(id * 32 + std::countr_zero(m)) * cells];
      below[0] = child.mask;
      for (int d = 1; d < cells; ++d) below[d] = reach[(d - 1) * entry_count + child.first];
    }
  }
  // Per bucket, the bitsets of its candidates by letter at each cell, then the crossing
  // states' rows: the OR of those of the letters each allows.
  table.present.assign(table.buckets.size() * cells, 0);
  table.rows.assign(rows, 0);
  constexpr int kLetters = 32;
  std::vector<uint64_t> by_letter;
  for (size_t b = 0; b < table.buckets.size(); ++b) {
    RowSieve::Table::Bucket& bucket = table.buckets[b];
    bucket.present = static_cast<uint32_t>(b * cells);
    by_letter.assign(static_cast<size_t>(cells) * kLetters * bucket.blocks, 0);
    for (uint32_t i = 0; i < bucket.count; ++i) {
      const Letter* candidate = &letters[(size_t{bucket.first} + i) * cells];
      for (int j = 0; j < cells; ++j) {
        by_letter[(static_cast<size_t>(j) * kLetters + candidate[j]) * bucket.blocks + i / 64] |=
            uint64_t{1} << (i % 64);
        table.present[bucket.present + j] |= uint32_t{1} << candidate[j];
      }
    }
    for (int j = 0; j < cells; ++j) {
      const uint32_t present = table.present[bucket.present + j];
      const size_t end = j + 1 < cells ? ids_of[j + 1] : crossing.size();
      for (size_t id = ids_of[j]; id < end; ++id) {
        // A state that allows all of the bucket's letters there, or none, is never read:
        // entering the row skips the cell, or ends.
        const uint32_t allowed = entries[crossing[id]].mask & present;
        if (allowed == 0 || allowed == present) continue;
        uint64_t* row = &table.rows[bucket.rows + id * bucket.blocks];
        const uint64_t* bits = &by_letter[static_cast<size_t>(j) * kLetters * bucket.blocks];
        for (uint32_t w = 0; w < bucket.blocks; ++w, ++bits) {
          uint64_t x = 0;
          for (uint32_t m = allowed; m; m &= m - 1) x |= bits[std::countr_zero(m) * bucket.blocks];
          row[w] = x;
        }
      }
    }
  }
  letters.resize(letters.size() + 8);  // a candidate is compared 8 letters at a time
  table.made = true;
  return table;
}

// The checks of the row's cell j (column p = r + 1 + j): the cells (k, p) for rows
// r < k < p, the nearest first, each at its place in row k's word and in row p's (shape
// cell k * n + p; row r's states after the row stand before place r + 1).
void AddChecks(const Shape& shape, int n, int r, int j, RowSieve::Row& row) {
  auto place = [&](int word, int cell) {
    const std::vector<int>& cells = shape.words[word].cells;
    return static_cast<int>(std::find(cells.begin(), cells.end(), cell) - cells.begin());
  };
  const int p = r + 1 + j;
  for (int k = r + 1; k < p; ++k) {
    const int cell = k * n + p;
    row.checks.push_back({static_cast<uint8_t>(k - r - 1),
                          static_cast<uint8_t>(place(k, cell) - r - 1),
                          static_cast<uint8_t>(place(p, cell) - r - 1)});
  }
  row.at_cell.push_back(static_cast<uint16_t>(row.checks.size()));
}

}  // namespace

RowSieve RowSieve::Build(const WalkPlan& plan, const Shape& shape, int side,
                         const std::vector<bool>& busy, const LookAhead& look,
                         SearchTables* tables) {
  RowSieve sieve;
  if (plan.empty || plan.wide || plan.has_echoes || plan.word_count != side || side < kMinSide ||
      !look.reach_table)
    return sieve;
  const int n = side, words = plan.word_count;
  const std::vector<int> level_of = plan.LevelOfCells(n * n);
  // Row 0's bucket is the root, whose crossings allow every letter: nothing to sieve. Rows
  // from n - 3 keep their diagonal in place (see SquareSearch::Create).
  for (int r = 1; r + 4 <= n; ++r) {
    Row row;
    row.at_cell.push_back(0);
    row.level = level_of[r * n + r + 1];
    row.cells = n - 1 - r;
    if (row.level < 0 || level_of[r * n + r] != row.level + row.cells ||
        row.level + row.cells + 8 > kMaxLevels)  // the letters placed are read 8 at a time
      continue;
    bool fits = true;
    for (int j = 0; j < row.cells && fits; ++j) {
      const int l = row.level + j;
      fits = level_of[r * n + r + 1 + j] == l && !busy[l] && plan.AllowAll(l, l + 1, ~LetterSet{0});
      const Level& lv = plan.levels[l];
      int own = -1, crossing = -1;
      for (int w = 0; w < lv.walker_count; ++w) {
        const int word = lv.walkers[w].before % words;
        if (word == r) own = w;
        else if (word == r + 1 + j) crossing = w;
      }
      fits = fits && lv.walker_count == 2 && own >= 0 && crossing >= 0 &&
             (j == 0 || lv.walkers[own].before == row.own_end);
      if (!fits) break;
      if (j == 0) row.bucket_slot = lv.walkers[own].before;
      row.own_end = lv.walkers[own].after;
      row.crossing.push_back(lv.walkers[crossing].before);
      row.crossing_after.push_back(lv.walkers[crossing].after);
      AddChecks(shape, n, r, j, row);
    }
    if (!fits) continue;
    const int cells = row.cells;
    SearchTables::Key key{plan.automata, {static_cast<uint32_t>(r), plan.word_root[r]}};
    for (int p = r + 1; p < n; ++p) key.numbers.push_back(plan.word_root[p]);
    row.table = SearchTables::Get<Table>(tables, key, [&] {
      return MakeTable(plan.entries<uint32_t>(), look.reach<uint32_t>(), plan.entry_count(),
                       plan.word_root[r], r, cells, {key.numbers.begin() + 2, key.numbers.end()});
    });
    if (!row.table->made) continue;
    if (sieve.row_at_level.empty()) sieve.row_at_level.assign(plan.count() + 1, -1);
    sieve.row_at_level[row.level] = static_cast<int8_t>(sieve.rows.size());
    sieve.rows.push_back(std::move(row));
  }
  return sieve;
}

}  // namespace squares::core
