// The last word's sieve (sieve.h): F's words as a bitset, a row per crossing state.
#include "search/sieve.h"

#include <algorithm>
#include <bit>
#include <map>
#include <tuple>

#include "absl/container/flat_hash_map.h"
#include "search/dawg_states.h"

namespace squares::core {

namespace {

// A crossing of F: the word through F's letter q, `depth` letters below its root before it.
struct Crossing {
  int q;
  uint32_t root;
  int depth;
};

// The sieve's table (Sieve::Table) of F's words below `root`, `length` letters, and the
// crossings in sift order.
template <class Mask>
Sieve::Table MakeTable(const DawgEntry<Mask>* entries, uint32_t root, int length,
                       const std::vector<Crossing>& crossings) {
  Sieve::Table table;
  // The crossing states of each letter of F, first: whether they leave enough letters.
  // The crossing words of one automaton share them (a square's columns).
  const std::vector<Mask> at = LettersAt(entries, root, length);  // the letters F has at q
  std::map<std::pair<uint32_t, int>, std::vector<uint32_t>> states_below;
  std::vector<const std::vector<uint32_t>*> states_of;
  double letters_left = 0;  // summed over the crossing states, and their count
  size_t states_seen = 0;
  for (const Crossing& crossing : crossings) {
    auto [it, added] = states_below.try_emplace({crossing.root, crossing.depth});
    if (added) it->second = StatesAt(entries, crossing.root, crossing.depth);
    for (uint32_t e : it->second) letters_left += std::popcount(entries[e].mask & at[crossing.q]);
    states_seen += it->second.size();
    states_of.push_back(&it->second);
  }
  if (letters_left < Sieve::kMinMean * static_cast<double>(states_seen)) return table;
  // F's words in rank order, depth first.
  std::vector<Letter>& letters = table.letters;
  AppendPaths(entries, root, length, letters);
  const size_t count = letters.size() / length, blocks = (count + 63) / 64;
  table.blocks = blocks;
  // The words whose letter q lies in `allowed`, from those with letter c at q (at
  // by_letter[(q * kLetters + c) * blocks]).
  constexpr int kLetters = sizeof(Mask) * 8;
  std::vector<uint64_t> by_letter(static_cast<size_t>(length) * kLetters * blocks, 0);
  for (size_t i = 0; i < count; ++i) {
    for (int q = 0; q < length; ++q) {
      const Letter c = letters[i * length + q];
      by_letter[(static_cast<size_t>(q) * kLetters + c) * blocks + i / 64] |= uint64_t{1}
                                                                               << (i % 64);
    }
  }
  // A map per crossing, its rows shared by the states that leave the same letters.
  absl::flat_hash_map<std::pair<int, Mask>, uint32_t> rows;  // (q, letters) -> row
  // At most a row per state: reserved once, so that the rows are not copied as they grow.
  table.rows.reserve(std::min(states_seen * blocks, Sieve::kMaxBytes / sizeof(uint64_t) + blocks));
  rows.reserve(states_seen);
  for (size_t j = 0; j < crossings.size(); ++j) {
    const int q = crossings[j].q;
    const std::vector<uint32_t>& states = *states_of[j];
    const uint32_t lo = entries[states.front()].first, hi = entries[states.back()].first;
    if (hi - lo > 8 * states.size() + 1024) return table;  // not laid out by depth
    const uint32_t map = static_cast<uint32_t>(table.row_of.size());
    table.maps.push_back({0, map, lo});
    table.row_of.resize(table.row_of.size() + (hi - lo + 1), Sieve::kPassRow);
    for (uint32_t e : states) {
      const Mask m = entries[e].mask & at[q];
      if (m == at[q]) continue;
      auto [it, added] =
          rows.try_emplace(std::pair{q, m}, static_cast<uint32_t>(table.rows.size() / blocks));
      if (added) {
        const size_t base = table.rows.size();
        table.rows.resize(base + blocks, 0);
        uint64_t* row = table.rows.data() + base;
        for (Mask left = m; left; left &= left - 1) {
          const uint64_t* letter =
              &by_letter[(static_cast<size_t>(q) * kLetters + std::countr_zero(left)) * blocks];
          for (size_t b = 0; b < blocks; ++b) row[b] |= letter[b];
        }
        if (table.rows.size() * sizeof(uint64_t) > Sieve::kMaxBytes) return table;
      }
      table.row_of[map + entries[e].first - lo] = it->second;
    }
    if (j == 0) table.first_rows = static_cast<uint32_t>(table.rows.size() / blocks);
  }
  table.made = true;
  return table;
}

// MakeTable's table, shared per dictionary (SearchTables) under `key`, to which the crossings
// are added.
std::shared_ptr<const Sieve::Table> SharedTable(const WalkPlan& plan, SearchTables* tables,
                                                SearchTables::Key& key, uint32_t root, int length,
                                                const std::vector<Crossing>& crossings) {
  for (const Crossing& crossing : crossings) {
    key.numbers.insert(key.numbers.end(), {static_cast<uint32_t>(crossing.q), crossing.root,
                                           static_cast<uint32_t>(crossing.depth)});
  }
  return SearchTables::Get<Sieve::Table>(tables, key, [&] {
    return plan.wide ? MakeTable(plan.entries<uint64_t>(), root, length, crossings)
                     : MakeTable(plan.entries<uint32_t>(), root, length, crossings);
  });
}

// The start and sift 0's lists (Sieve::Lists) of `table`, for F's cells allowing `allowed`
// (sift 0's only if there is a sift).
Sieve::Lists MakeLists(const Sieve::Table& table, int length, const std::vector<LetterSet>& allowed,
                       bool sifts) {
  const size_t blocks = table.blocks, count = table.letters.size() / length;
  std::vector<uint64_t> start_bits(blocks, 0);
  for (size_t i = 0; i < count; ++i) {
    bool fits = true;
    for (int q = 0; q < length && fits; ++q)
      fits = (allowed[q] >> table.letters[i * length + q]) & 1;
    if (fits) start_bits[i / 64] |= uint64_t{1} << (i % 64);
  }
  Sieve::Lists lists;
  // Appends the nonzero blocks of `set` to `list`.
  auto append_blocks = [&](const uint64_t* set, std::vector<Sieve::Block>& list) {
    for (size_t b = 0; b < blocks; ++b) {
      if (set[b]) list.push_back({static_cast<uint32_t>(b), set[b]});
    }
  };
  if (sifts) {
    std::vector<uint64_t> bits(blocks);
    lists.lists.push_back(0);
    for (uint32_t r = 0; r < table.first_rows; ++r) {
      const uint64_t* row_bits = &table.rows[static_cast<size_t>(r) * blocks];
      for (size_t b = 0; b < blocks; ++b) bits[b] = row_bits[b] & start_bits[b];
      append_blocks(bits.data(), lists.first);
      lists.lists.push_back(static_cast<uint32_t>(lists.first.size()));
    }
  }
  append_blocks(start_bits.data(), lists.start);
  return lists;
}

}  // namespace

// F is the word the last level steps, when its cells are the last levels, in its order (no
// echo among them), at least kMinLength of them, and each other word through them has its
// state before the cell set by a level before F begins. A crossing word at its first letter
// there reads its root, the same in every search: it narrows `start`. The sieve pays where
// the crossing states leave many letters, so that walking F costs many nodes per start:
// kMinMean or more on average over the distinct crossing states; with fewer, F's walk is
// short and the sifts cost more than they save. F's cells placed before the last levels
// (diagonal squares) or a short F (word cube 3) lose for the same reason: too little of the
// walk is left to spare. Where the loop counts the tail (see TailCount: three walkers or
// more, no tie), F is its tail: one walk of F's automaton through the masks of the crossing
// states, with no sift to pay.
Sieve Sieve::Build(const WalkPlan& plan, const Shape& shape, SearchTables* tables) {
  Sieve sieve;
  const int last = plan.count() - 1;
  if (plan.empty || (plan.max_walkers >= 3 && plan.tie_pairs.empty())) return sieve;
  const std::vector<Level>& levels = plan.levels;
  const int word_count = static_cast<int>(shape.words.size());
  int final_word = -1, start = 0;
  for (int k = 0; k < levels[last].walker_count && final_word < 0; ++k) {
    const int w = levels[last].walkers[k].after % word_count;
    const std::vector<int>& cells = shape.words[w].cells;
    start = last + 1 - static_cast<int>(cells.size());
    bool fits = start >= 1 && static_cast<int>(cells.size()) >= kMinLength;
    for (size_t q = 0; fits && q < cells.size(); ++q) {
      const Level& level = levels[start + q];
      fits = level.echo_of < 0 && level.cell == cells[q];
    }
    if (fits) final_word = w;
  }
  if (final_word < 0) return sieve;
  const int length = static_cast<int>(shape.words[final_word].cells.size());
  const std::vector<int> writer = plan.SlotWriters();
  // The crossings in sift order (by the level that sets their state), with their slots; and
  // per letter of F, the letters its cell and the crossing words at their root allow.
  std::vector<std::tuple<int, Crossing, uint16_t>> found;  // (level, crossing, slot)
  std::vector<LetterSet> allowed(length);
  for (int q = 0; q < length; ++q) {
    const Level& level = levels[start + q];
    allowed[q] = level.allowed;
    for (int k = 0; k < level.walker_count; ++k) {
      const uint16_t slot = level.walkers[k].before;
      const int v = slot % word_count, depth = slot / word_count;  // v's letters before
      if (v == final_word) continue;
      const uint32_t root = plan.word_root[v];
      if (depth == 0) {
        allowed[q] &= plan.wide ? plan.entries<uint64_t>()[root].mask
                                : plan.entries<uint32_t>()[root].mask;
        continue;
      }
      if (writer[slot] >= start) return sieve;
      found.push_back({writer[slot], Crossing{q, root, depth}, slot});
    }
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const auto& a, const auto& b) { return std::get<0>(a) < std::get<0>(b); });
  std::vector<Crossing> crossings;
  for (const auto& [l, crossing, slot] : found) crossings.push_back(crossing);
  SearchTables::Key key{plan.automata,
                        {plan.wide, plan.word_root[final_word], static_cast<uint32_t>(length)}};
  std::shared_ptr<const Table> table =
      SharedTable(plan, tables, key, plan.word_root[final_word], length, crossings);
  if (!table->made) return sieve;

  // F's words that fit the letters allowed, and sift 0's rows ANDed with them as lists of
  // blocks (its row_of names a list), so that sift 0 copies nothing: shared by the searches
  // that allow F's cells the same letters.
  for (LetterSet letters : allowed) {
    key.numbers.insert(key.numbers.end(),
                       {static_cast<uint32_t>(letters), static_cast<uint32_t>(letters >> 32)});
  }
  sieve.lists = SearchTables::Get<Lists>(
      tables, key, [&] { return MakeLists(*table, length, allowed, !found.empty()); });
  sieve.at_level.assign(plan.count(), {0, 0});
  for (size_t j = 0; j < found.size(); ++j) {
    const int l = std::get<0>(found[j]);
    if (sieve.at_level[l][0] == sieve.at_level[l][1])
      sieve.at_level[l][0] = static_cast<uint16_t>(j);
    sieve.sifts.push_back({std::get<2>(found[j]), table->maps[j].map, table->maps[j].first_lo});
    sieve.at_level[l][1] = static_cast<uint16_t>(j + 1);
  }
  sieve.level = start;
  sieve.ties = plan.TiesBefore(start);
  const int before = start - 1;
  if (!sieve.sifts.empty() && sieve.at_level[before][1] == sieve.sifts.size() &&
      sieve.at_level[before][0] + 1 == sieve.at_level[before][1] && !plan.Tied(before)) {
    const Level& level = levels[before];
    for (int k = 0; k < level.walker_count; ++k) {
      if (level.walkers[k].step && level.walkers[k].after == sieve.sifts.back().slot) {
        sieve.batch_level = before;
        sieve.batch_before = level.walkers[k].before;
      }
    }
  }
  sieve.table = std::move(table);
  sieve.BuildRow(plan, shape, final_word, tables);
  return sieve;
}

// R (see row_level): the levels [start - length, start) step one word of F's automaton from
// its root, R's letter q at level start - length + q, beside one crossing word whose state
// after it is the one sift q reads; no echo there, every letter F has allowed.
void Sieve::BuildRow(const WalkPlan& plan, const Shape& shape, int final_word,
                     SearchTables* tables) {
  const int length = static_cast<int>(shape.words[final_word].cells.size());
  const int word_count = static_cast<int>(shape.words.size());
  const int first = level - length;
  if (first < 0 || sifts.size() != static_cast<size_t>(length)) return;
  LetterSet used = 0;
  for (Letter c : table->letters) used |= LetterSet{1} << c;
  if (!plan.AllowAll(first, level, used)) return;
  std::vector<Crossing> crossings;
  std::vector<uint16_t> before;
  int row_word = -1;
  for (int q = 0; q < length; ++q) {
    const Level& at = plan.levels[first + q];
    if (at.echo_of >= 0 || at.walker_count != 2 || at_level[first + q][0] != q ||
        at_level[first + q][1] != q + 1)
      return;
    const int c = at.walkers[0].after == sifts[q].slot ? 0 : 1;
    const Walker& column = at.walkers[c];
    const Walker& row = at.walkers[1 - c];
    const int v = row.before % word_count;
    if (column.after != sifts[q].slot || row.before / word_count != q || (q > 0 && v != row_word) ||
        plan.word_root[v] != plan.word_root[final_word] ||
        shape.words[v].cells.size() != static_cast<size_t>(length) ||
        shape.words[v].cells[q] != at.cell)
      return;
    row_word = v;
    const int depth = column.before / word_count;
    if (depth == 0) return;
    crossings.push_back({q, plan.word_root[column.before % word_count], depth});
    before.push_back(column.before);
  }
  // The key's last number of its head tells R's table from F's.
  SearchTables::Key key{plan.automata,
                        {plan.wide, plan.word_root[final_word], static_cast<uint32_t>(length), 1}};
  std::shared_ptr<const Table> rows =
      SharedTable(plan, tables, key, plan.word_root[final_word], length, crossings);
  if (!rows->made) return;
  row_level = first;
  row_ties = plan.TiesBefore(first);
  row_table = std::move(rows);
  row_before = std::move(before);
}

}  // namespace squares::core
