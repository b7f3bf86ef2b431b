// The last word's sieve (sieve.h): F's words as a bitset, a row per crossing state.
#include "search/sieve.h"

#include <algorithm>
#include <bit>
#include <map>
#include <tuple>

#include "absl/container/flat_hash_map.h"
#include "search/dawg_states.h"

namespace squares::core {

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
Sieve Sieve::Build(const WalkPlan& plan, const Shape& shape) {
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
  const std::vector<int> writer = plan.SlotWriters();
  std::vector<std::array<uint16_t, 2>> at_level(plan.count(), {0, 0});
  auto build = [&](const auto* entries) {
    using Mask = decltype(entries->mask);
    const int length = static_cast<int>(shape.words[final_word].cells.size());
    // F's words in rank order, depth first.
    std::vector<Letter> letters, word(length);
    auto walk = [&](auto& self, uint32_t e, int depth) -> void {
      if (depth == length) {
        letters.insert(letters.end(), word.begin(), word.end());
        return;
      }
      int k = 0;
      for (Mask m = entries[e].mask; m; m &= m - 1, ++k) {
        word[depth] = static_cast<Letter>(std::countr_zero(m));
        self(self, entries[e].first + k, depth + 1);
      }
    };
    walk(walk, plan.word_root[final_word], 0);
    const size_t count = letters.size() / length, blocks = (count + 63) / 64;
    // The words whose letter q lies in `allowed`, from those with letter c at q (at
    // by_letter[(q * kLetters + c) * blocks]).
    constexpr int kLetters = sizeof(Mask) * 8;
    std::vector<uint64_t> by_letter(static_cast<size_t>(length) * kLetters * blocks, 0);
    for (size_t i = 0; i < count; ++i) {
      for (int q = 0; q < length; ++q) {
        by_letter[(static_cast<size_t>(q) * kLetters + letters[i * length + q]) * blocks +
                  i / 64] |= uint64_t{1} << (i % 64);
      }
    }
    auto row = [&](int q, Mask allowed, std::vector<uint64_t>& bits) {
      bits.assign(blocks, 0);
      for (Mask m = allowed; m; m &= m - 1) {
        const uint64_t* letter =
            &by_letter[(static_cast<size_t>(q) * kLetters + std::countr_zero(m)) * blocks];
        for (size_t b = 0; b < blocks; ++b) bits[b] |= letter[b];
      }
    };
    std::vector<uint64_t> start_bits(blocks, 0), bits;
    // Appends the nonzero blocks of `set` to `list`.
    auto append_blocks = [&](const std::vector<uint64_t>& set, std::vector<Block>& list) {
      for (size_t b = 0; b < blocks; ++b) {
        if (set[b]) list.push_back({static_cast<uint32_t>(b), set[b]});
      }
    };
    for (size_t i = 0; i < count; ++i) start_bits[i / 64] |= uint64_t{1} << (i % 64);
    // The crossing states of each letter of F, first: whether they leave enough letters.
    // The crossing words of one automaton share them (a square's columns).
    std::map<std::pair<uint32_t, int>, std::vector<uint32_t>> states_below;
    auto states_at = [&](uint32_t root, int depth) -> const std::vector<uint32_t>& {
      auto [it, added] = states_below.try_emplace({root, depth});
      if (added) it->second = StatesAt(entries, root, depth);
      return it->second;
    };
    struct Crossing {
      int q, level;
      uint16_t slot;
      const std::vector<uint32_t>* states;  // in states_below
    };
    std::vector<Crossing> crossings;
    std::vector<Mask> at(length, 0);  // the letters F's words have at q
    double letters_left = 0;          // summed over the crossing states, and their count
    size_t states_seen = 0;
    for (int q = 0; q < length; ++q) {
      const Level& level = levels[start + q];
      for (size_t i = 0; i < count; ++i) at[q] |= Mask{1} << letters[i * length + q];
      auto narrow_start = [&](Mask allowed) {
        row(q, allowed, bits);
        for (size_t b = 0; b < blocks; ++b) start_bits[b] &= bits[b];
      };
      if ((static_cast<Mask>(level.allowed) & at[q]) != at[q])
        narrow_start(static_cast<Mask>(level.allowed));
      for (int k = 0; k < level.walker_count; ++k) {
        const uint16_t slot = level.walkers[k].before;
        const int v = slot % word_count, depth = slot / word_count;  // v's letters before
        if (v == final_word) continue;
        if (depth == 0) {
          narrow_start(entries[plan.word_root[v]].mask);
          continue;
        }
        if (writer[slot] >= start) return false;
        const std::vector<uint32_t>& states = states_at(plan.word_root[v], depth);
        for (uint32_t e : states) letters_left += std::popcount(entries[e].mask & at[q]);
        states_seen += states.size();
        crossings.push_back({q, writer[slot], slot, &states});
      }
    }
    if (letters_left < kMinMean * static_cast<double>(states_seen)) return false;
    // A sift per crossing, its rows shared by the states that leave the same letters.
    std::vector<std::tuple<int, Sift, uint32_t>> sifts;        // (level, sift, keys)
    absl::flat_hash_map<std::pair<int, Mask>, uint32_t> rows;  // (q, letters) -> row
    for (const Crossing& crossing : crossings) {
      const int q = crossing.q;
      const std::vector<uint32_t>& states = *crossing.states;
      const uint32_t lo = entries[states.front()].first, hi = entries[states.back()].first;
      if (hi - lo > 8 * states.size() + 1024) return false;  // not laid out by depth
      const Sift sift{crossing.slot, static_cast<uint32_t>(sieve.row_of.size()), lo};
      sieve.row_of.resize(sieve.row_of.size() + (hi - lo + 1), kPassRow);
      for (uint32_t e : states) {
        const Mask m = entries[e].mask & at[q];
        if (m == at[q]) continue;
        auto [it, added] =
            rows.try_emplace(std::pair{q, m}, static_cast<uint32_t>(sieve.rows.size() / blocks));
        if (added) {
          row(q, m, bits);
          sieve.rows.insert(sieve.rows.end(), bits.begin(), bits.end());
          if (sieve.rows.size() * sizeof(uint64_t) > kMaxBytes) return false;
        }
        sieve.row_of[sift.map + entries[e].first - lo] = it->second;
      }
      sifts.push_back({crossing.level, sift, hi - lo + 1});
    }
    std::stable_sort(sifts.begin(), sifts.end(),
                     [](const auto& a, const auto& b) { return std::get<0>(a) < std::get<0>(b); });
    // Sift 0 reads sieve.start only: its rows are kept ANDed with it, as lists of blocks
    // (its sieve.row_of names a list of sieve.lists), so that it copies nothing.
    if (!sifts.empty()) {
      const auto& [l, first, keys] = sifts.front();
      absl::flat_hash_map<uint32_t, uint32_t> list_of_row;
      sieve.lists.push_back(0);
      for (uint32_t k = first.map; k < first.map + keys; ++k) {
        if (sieve.row_of[k] == kPassRow) continue;
        auto [it, added] =
            list_of_row.try_emplace(sieve.row_of[k], static_cast<uint32_t>(sieve.lists.size() - 1));
        if (added) {
          const uint64_t* row_bits = &sieve.rows[static_cast<size_t>(sieve.row_of[k]) * blocks];
          bits.resize(blocks);
          for (size_t b = 0; b < blocks; ++b) bits[b] = row_bits[b] & start_bits[b];
          append_blocks(bits, sieve.first);
          sieve.lists.push_back(static_cast<uint32_t>(sieve.first.size()));
        }
        sieve.row_of[k] = it->second;
      }
    }
    for (auto& [l, sift, keys] : sifts) {
      if (at_level[l][0] == at_level[l][1])
        at_level[l][0] = static_cast<uint16_t>(sieve.sifts.size());
      sieve.sifts.push_back(sift);
      at_level[l][1] = static_cast<uint16_t>(sieve.sifts.size());
    }
    append_blocks(start_bits, sieve.start);
    sieve.blocks = blocks;
    return true;
  };
  if (!(plan.wide ? build(plan.entries<uint64_t>()) : build(plan.entries<uint32_t>())))
    return Sieve{};
  sieve.level = start;
  sieve.ties = plan.TiesBefore(start);
  sieve.at_level = std::move(at_level);
  return sieve;
}

}  // namespace squares::core
