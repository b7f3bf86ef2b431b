// Square search, the build phase's counting shortcuts: the last word's sieve, the closing
// count and the corner count, each of which stands for the last levels of a search when it
// only counts. The level loop that reads them is square_loop.h.
#include "search/square_search.h"

#include <algorithm>
#include <bit>
#include <map>

#include "absl/container/flat_hash_map.h"

namespace squares::core {
namespace {

// Sorts `states` (indices into `entries`) by the state each entry leads to, named by its
// child group, and keeps one entry per state.
template <class Mask>
void SortStates(const DawgEntry<Mask>* entries, std::vector<uint32_t>& states) {
  // Sorted as (child group, entry) pairs in one word each: no indirection in the comparisons.
  std::vector<uint64_t> keyed(states.size());
  for (size_t k = 0; k < states.size(); ++k) keyed[k] = uint64_t{entries[states[k]].first} << 32 | states[k];
  std::sort(keyed.begin(), keyed.end());
  states.clear();
  for (size_t k = 0; k < keyed.size(); ++k) {
    if (k == 0 || keyed[k] >> 32 != keyed[k - 1] >> 32) states.push_back(static_cast<uint32_t>(keyed[k]));
  }
}

// The states at `depth` below `root`, breadth first, sorted as by SortStates.
template <class Mask>
std::vector<uint32_t> StatesAt(const DawgEntry<Mask>* entries, uint32_t root, int depth) {
  std::vector<uint32_t> states = {root};
  for (int d = 0; d < depth; ++d) {
    std::vector<uint32_t> next;
    for (uint32_t e : states) {
      for (int c = 0; c < std::popcount(entries[e].mask); ++c) next.push_back(entries[e].first + c);
    }
    SortStates(entries, next);
    states = std::move(next);
  }
  return states;
}

// The states `depth` letters below each of `roots`, together, sorted as by SortStates; empty
// when their child groups lie too far apart to map them directly (not laid out by depth).
template <class Mask>
std::vector<uint32_t> MappableStates(const DawgEntry<Mask>* entries,
                                     const std::vector<std::pair<uint32_t, int>>& roots) {
  std::vector<uint32_t> states;
  for (auto [root, depth] : roots) {
    const std::vector<uint32_t> more = StatesAt(entries, root, depth);
    states.insert(states.end(), more.begin(), more.end());
  }
  SortStates(entries, states);
  if (entries[states.back()].first - entries[states.front()].first > 8 * states.size() + 1024) return {};
  return states;
}

// The letters of `states` and of the states up to `depth` - 1 letters below them.
template <class Mask>
Mask LettersBelow(const DawgEntry<Mask>* entries, const std::vector<uint32_t>& states, int depth) {
  Mask letters = 0;
  std::vector<uint32_t> at = states;
  for (int d = 0; d < depth; ++d) {
    std::vector<uint32_t> next;
    for (uint32_t e : at) {
      letters |= entries[e].mask;
      for (int c = 0; c < std::popcount(entries[e].mask); ++c) next.push_back(entries[e].first + c);
    }
    if (d + 1 < depth) SortStates(entries, next);
    at = std::move(next);
  }
  return letters;
}

}  // namespace

// Per state slot, the (last) level that sets it, or -1.
std::vector<int> SquareSearch::SlotWriters() const {
  std::vector<int> writer(slots_, -1);
  for (int l = 0; l < levels(); ++l) {
    for (int k = 0; k < levels_[l].walker_count; ++k) writer[levels_[l].walkers[k].after] = l;
  }
  return writer;
}

// The last word's sieve (see square_search.h). F is the word the last level steps, when its
// cells are the last levels, in its order (no echo among them), at least kMinSieveLength of
// them, and each other word through them has its state before the cell set by a level before
// F begins. A crossing word at its first letter there reads its root, the same in every
// search: it narrows sieve_start_. The sieve pays where the crossing states leave many
// letters, so that walking F costs many nodes per start: kMinSieveMean or more on average
// over the distinct crossing states; with fewer, F's walk is short and the sifts cost more
// than they save. F's cells placed before the last levels (diagonal squares) or a short F
// (word cube 3) lose for the same reason: too little of the walk is left to spare. Where the
// loop counts the tail (see BuildTail: three walkers or more, no tie), F is its tail: one
// walk of F's automaton through the masks of the crossing states, with no sift to pay.
void SquareSearch::BuildSieve() {
  const int last = levels() - 1;
  if (empty_ || (max_walkers_ >= 3 && tie_pairs_.empty())) return;
  const Shape& shape = shape_.shape;
  const int word_count = static_cast<int>(shape.words.size());
  int final_word = -1, start = 0;
  for (int k = 0; k < levels_[last].walker_count && final_word < 0; ++k) {
    const int w = levels_[last].walkers[k].after % word_count;
    const std::vector<int>& cells = shape.words[w].cells;
    start = last + 1 - static_cast<int>(cells.size());
    bool fits = start >= 1 && static_cast<int>(cells.size()) >= kMinSieveLength;
    for (size_t q = 0; fits && q < cells.size(); ++q) {
      const Level& level = levels_[start + q];
      fits = level.echo_of < 0 && level.cell == cells[q];
    }
    if (fits) final_word = w;
  }
  if (final_word < 0) return;
  const std::vector<int> writer = SlotWriters();
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
    walk(walk, word_root_[final_word], 0);
    const size_t count = letters.size() / length, blocks = (count + 63) / 64;
    // The words whose letter q lies in `allowed`, from those with letter c at q (at
    // by_letter[(q * kLetters + c) * blocks]).
    constexpr int kLetters = sizeof(Mask) * 8;
    std::vector<uint64_t> by_letter(static_cast<size_t>(length) * kLetters * blocks, 0);
    for (size_t i = 0; i < count; ++i) {
      for (int q = 0; q < length; ++q) {
        by_letter[(static_cast<size_t>(q) * kLetters + letters[i * length + q]) * blocks + i / 64] |= uint64_t{1} << (i % 64);
      }
    }
    auto row = [&](int q, Mask allowed, std::vector<uint64_t>& bits) {
      bits.assign(blocks, 0);
      for (Mask m = allowed; m; m &= m - 1) {
        const uint64_t* letter = &by_letter[(static_cast<size_t>(q) * kLetters + std::countr_zero(m)) * blocks];
        for (size_t b = 0; b < blocks; ++b) bits[b] |= letter[b];
      }
    };
    std::vector<uint64_t> start_bits(blocks, 0), bits;
    // Appends the nonzero blocks of `set` to `list`.
    auto append_blocks = [&](const std::vector<uint64_t>& set, std::vector<SieveBlock>& list) {
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
      const Level& level = levels_[start + q];
      for (size_t i = 0; i < count; ++i) at[q] |= Mask{1} << letters[i * length + q];
      auto narrow_start = [&](Mask allowed) {
        row(q, allowed, bits);
        for (size_t b = 0; b < blocks; ++b) start_bits[b] &= bits[b];
      };
      if ((static_cast<Mask>(level.allowed) & at[q]) != at[q]) narrow_start(static_cast<Mask>(level.allowed));
      for (int k = 0; k < level.walker_count; ++k) {
        const uint16_t slot = level.walkers[k].before;
        const int v = slot % word_count, depth = slot / word_count;  // v's letters before
        if (v == final_word) continue;
        if (depth == 0) {
          narrow_start(entries[word_root_[v]].mask);
          continue;
        }
        if (writer[slot] >= start) return false;
        const std::vector<uint32_t>& states = states_at(word_root_[v], depth);
        for (uint32_t e : states) letters_left += std::popcount(entries[e].mask & at[q]);
        states_seen += states.size();
        crossings.push_back({q, writer[slot], slot, &states});
      }
    }
    if (letters_left < kMinSieveMean * static_cast<double>(states_seen)) return false;
    // A sift per crossing, its rows shared by the states that leave the same letters.
    std::vector<std::tuple<int, Sift, uint32_t>> sifts;  // (level, sift, keys)
    absl::flat_hash_map<std::pair<int, Mask>, uint32_t> rows;  // (q, letters) -> row
    for (const Crossing& crossing : crossings) {
      const int q = crossing.q;
      const std::vector<uint32_t>& states = *crossing.states;
      const uint32_t lo = entries[states.front()].first, hi = entries[states.back()].first;
      if (hi - lo > 8 * states.size() + 1024) return false;  // not laid out by depth
      const Sift sift{crossing.slot, static_cast<uint32_t>(row_of_.size()), lo};
      row_of_.resize(row_of_.size() + (hi - lo + 1), kPassRow);
      for (uint32_t e : states) {
        const Mask m = entries[e].mask & at[q];
        if (m == at[q]) continue;
        auto [it, added] = rows.try_emplace(std::pair{q, m}, static_cast<uint32_t>(sieve_rows_.size() / blocks));
        if (added) {
          row(q, m, bits);
          sieve_rows_.insert(sieve_rows_.end(), bits.begin(), bits.end());
          if (sieve_rows_.size() * sizeof(uint64_t) > kMaxSieveBytes) return false;
        }
        row_of_[sift.map + entries[e].first - lo] = it->second;
      }
      sifts.push_back({crossing.level, sift, hi - lo + 1});
    }
    std::stable_sort(sifts.begin(), sifts.end(),
                     [](const auto& a, const auto& b) { return std::get<0>(a) < std::get<0>(b); });
    // Sift 0 reads sieve_start_ only: its rows are kept ANDed with it, as lists of blocks
    // (its row_of_ names a list of sieve_lists_), so that it copies nothing.
    if (!sifts.empty()) {
      const auto& [l, first, keys] = sifts.front();
      absl::flat_hash_map<uint32_t, uint32_t> list_of_row;
      sieve_lists_.push_back(0);
      for (uint32_t k = first.map; k < first.map + keys; ++k) {
        if (row_of_[k] == kPassRow) continue;
        auto [it, added] = list_of_row.try_emplace(row_of_[k], static_cast<uint32_t>(sieve_lists_.size() - 1));
        if (added) {
          const uint64_t* row_bits = &sieve_rows_[static_cast<size_t>(row_of_[k]) * blocks];
          bits.resize(blocks);
          for (size_t b = 0; b < blocks; ++b) bits[b] = row_bits[b] & start_bits[b];
          append_blocks(bits, sieve_first_);
          sieve_lists_.push_back(static_cast<uint32_t>(sieve_first_.size()));
        }
        row_of_[k] = it->second;
      }
    }
    for (auto& [l, sift, keys] : sifts) {
      if (levels_[l].sifts_begin == levels_[l].sifts_end) levels_[l].sifts_begin = static_cast<uint16_t>(sifts_.size());
      sifts_.push_back(sift);
      levels_[l].sifts_end = static_cast<uint16_t>(sifts_.size());
    }
    append_blocks(start_bits, sieve_start_);
    sieve_blocks_ = blocks;
    return true;
  };
  const bool built = wide_ ? build(entries<uint64_t>()) : build(entries<uint32_t>());
  if (built) {
    sieve_level_ = start;
    for (const auto& pair : tie_pairs_) sieve_ties_ += pair[0] < start;
  } else {
    sifts_.clear();
    row_of_.clear();
    sieve_rows_.clear();
    sieve_start_.clear();
    sieve_first_.clear();
    sieve_lists_.clear();
    for (Level& level : levels_) level.sifts_begin = level.sifts_end = 0;
  }
}

// Whether levels [from, to) allow every letter of `letters` (no fixed letter narrows them).
bool SquareSearch::AllowAll(int from, int to, LetterSet letters) const {
  for (int l = from; l < to; ++l) {
    if ((levels_[l].allowed & letters) != letters) return false;
  }
  return true;
}

// The closing count (see square_search.h). Levels a, b, c = the last three: a steps word A
// alone from state P, b ends A and steps word B from state Q, c ends B alone, no letters are
// fixed there and no tie pairs them. Then the results below a are
//   sum over x of v_P[x] * w_Q[x],
//   v_P[x] = the letters y of P after which x may end A,
//   w_Q[x] = the letters that may end B after x (0 when Q has no x),
// vectors of one state each, made here for every state A and B can be in. In a symmetric
// square, A and B are its last two rows and the count replaces the walk of both.
void SquareSearch::BuildClosing() {
  if (empty_ || sieve_level_ >= 0 || levels() < 3) return;
  const int a = levels() - 3, word_count = static_cast<int>(shape_.shape.words.size());
  const Level &first = levels_[a], &middle = levels_[a + 1], &last = levels_[a + 2];
  for (int l = a; l < levels(); ++l) {
    if (levels_[l].echo_of >= 0 || (!tie_of_level_.empty() && tie_of_level_[l][0] >= 0)) return;
  }
  if (first.walker_count != 1 || middle.walker_count != 2 || last.walker_count != 1) return;
  const uint16_t p = first.walkers[0].before;
  const int ends_a = middle.walkers[0].before == first.walkers[0].after ? 0 : 1;
  const Walker& b_walker = middle.walkers[1 - ends_a];
  const uint16_t q = b_walker.before;
  const int word_a = p % word_count, word_b = q % word_count;
  auto length = [&](int w) { return static_cast<int>(shape_.shape.words[w].cells.size()); };
  if (middle.walkers[ends_a].before != first.walkers[0].after || last.walkers[0].before != b_walker.after ||
      word_a == word_b || p / word_count != length(word_a) - 2 || q / word_count != length(word_b) - 2) {
    return;
  }
  auto build = [&](const auto* entries) {
    using Mask = decltype(entries->mask);
    constexpr int kLetters = sizeof(Mask) * 8;
    const std::vector<uint32_t> states =
        MappableStates(entries, {{word_root_[word_a], length(word_a) - 2}, {word_root_[word_b], length(word_b) - 2}});
    if (states.empty() || !AllowAll(a, levels(), LettersBelow(entries, states, 2))) return false;
    const uint32_t lo = entries[states.front()].first, hi = entries[states.back()].first;
    // Where the states leave many letters, the look-ahead tests at the level above seldom end
    // a branch, and cost more than the dot product they would spare; with few letters they
    // prune enough to keep.
    double letters = 0;
    for (uint32_t e : states) letters += std::popcount(entries[e].mask);
    if (letters >= kMinClosingMean * static_cast<double>(states.size())) closing_unchecked_level_ = a - 1;
    closing_lo_ = lo;
    closing_map_.assign(hi - lo + 1, 0);
    closing_counts_.assign(states.size() * 2 * kLetters, 0);
    for (size_t id = 0; id < states.size(); ++id) {
      const DawgEntry<Mask>& state = entries[states[id]];
      closing_map_[state.first - lo] = static_cast<uint32_t>(id * 2 * kLetters);
      uint8_t* v = &closing_counts_[id * 2 * kLetters];
      uint8_t* w = v + kLetters;
      int k = 0;
      for (Mask m = state.mask; m; m &= m - 1, ++k) {
        const Mask next = entries[state.first + k].mask;
        for (Mask n = next; n; n &= n - 1) ++v[std::countr_zero(n)];
        w[std::countr_zero(m)] = static_cast<uint8_t>(std::popcount(next));
      }
    }
    return true;
  };
  if (wide_ ? build(entries<uint64_t>()) : build(entries<uint32_t>())) {
    closing_level_ = a;
    closing_slots_ = {p, q};
  }
}

// The corner count (see square_search.h). The three levels before the closing count's: the
// first steps word R alone from state S, the second steps R and A (into the closing count's
// P), the third ends R and steps B (into Q), no letters fixed, no tie. Then the results below
// the first are
//   sum over the pairs (x, y) that may follow a letter of S, counted once per such letter,
//   of v_{A.x} . w_{B.y},
// with A's and B's states before those levels and the closing count's vectors. In a symmetric
// square, R, A and B are its last three rows, and the count replaces the walk of the third
// last row, where most of a count's nodes are. The pairs whose x or y the states lack are
// skipped rather than read as a block of zeros, as most pairs are absent.
void SquareSearch::BuildCorner() {
  if (closing_level_ < 4) return;
  const int c = closing_level_ - 3, word_count = static_cast<int>(shape_.shape.words.size());
  const Level &first = levels_[c], &second = levels_[c + 1], &third = levels_[c + 2];
  for (int l = c; l < closing_level_; ++l) {
    if (levels_[l].echo_of >= 0 || (!tie_of_level_.empty() && tie_of_level_[l][0] >= 0)) return;
  }
  if (first.walker_count != 1 || second.walker_count != 2 || third.walker_count != 2) return;
  // R alone, then R with A (into the closing count's P), then R's last letter with B (into Q).
  const uint16_t r = first.walkers[0].before;
  const int r2 = second.walkers[0].before == first.walkers[0].after ? 0 : 1;
  const int r3 = third.walkers[0].before == second.walkers[r2].after ? 0 : 1;
  const Walker &a_walker = second.walkers[1 - r2], &b_walker = third.walkers[1 - r3];
  const int word_r = r % word_count, word_a = a_walker.before % word_count,
            word_b = b_walker.before % word_count;
  auto length = [&](int w) { return static_cast<int>(shape_.shape.words[w].cells.size()); };
  if (second.walkers[r2].before != first.walkers[0].after || third.walkers[r3].before != second.walkers[r2].after ||
      a_walker.after != closing_slots_[0] || b_walker.after != closing_slots_[1] || word_r == word_a ||
      word_r == word_b || r / word_count != length(word_r) - 3 ||
      a_walker.before / word_count != length(word_a) - 3 || b_walker.before / word_count != length(word_b) - 3) {
    return;
  }
  auto build = [&](const auto* entries) {
    using Mask = decltype(entries->mask);
    constexpr int kLetters = sizeof(Mask) * 8;
    const std::vector<uint32_t> states = MappableStates(
        entries, {{word_root_[word_r], length(word_r) - 3}, {word_root_[word_a], length(word_a) - 3},
                  {word_root_[word_b], length(word_b) - 3}});
    if (states.empty() || !AllowAll(c, closing_level_, LettersBelow(entries, states, 3))) return false;
    const uint32_t lo = entries[states.front()].first, hi = entries[states.back()].first;
    // A letter the state lacks leads to a block of zeros. (So does a child outside the closing
    // count's map: a state of R only, whose children are never read as A's or B's.)
    const uint32_t zeros = static_cast<uint32_t>(closing_counts_.size());
    closing_counts_.resize(closing_counts_.size() + 2 * kLetters, 0);
    auto closing_vectors = [&](uint32_t child_first) {
      if (child_first < closing_lo_ || child_first - closing_lo_ >= closing_map_.size()) return zeros;
      return closing_map_[child_first - closing_lo_];
    };
    corner_lo_ = lo;
    corner_map_.assign(hi - lo + 1, 0);
    corner_children_.assign(states.size() * kLetters, zeros);
    corner_pairs_begin_.assign(1, 0);
    corner_pairs_.clear();
    // Each state's pairs (x, y) in order, counted in pair_count and listed in `pairs`: a state
    // has few of the kLetters^2 (scanning them all was half of `squares bishop`'s time).
    std::vector<uint32_t> pair_count(kLetters * kLetters), pairs;
    for (size_t id = 0; id < states.size(); ++id) {
      const DawgEntry<Mask>& state = entries[states[id]];
      corner_map_[state.first - lo] = static_cast<uint32_t>(id);
      int k = 0;
      for (Mask m = state.mask; m; m &= m - 1, ++k) {
        const DawgEntry<Mask>& child = entries[state.first + k];
        corner_children_[id * kLetters + std::countr_zero(m)] = closing_vectors(child.first);
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
        corner_pairs_.push_back({static_cast<uint8_t>(xy / kLetters), static_cast<uint8_t>(xy % kLetters), static_cast<uint16_t>(pair_count[xy])});
        pair_count[xy] = 0;
      }
      pairs.clear();
      corner_pairs_begin_.push_back(static_cast<uint32_t>(corner_pairs_.size()));
    }
    return true;
  };
  if (wide_ ? build(entries<uint64_t>()) : build(entries<uint32_t>())) {
    corner_level_ = c;
    corner_slots_ = {r, a_walker.before, b_walker.before};
  }
}

// The double closing count (see square_search.h). A double square or a rectangle, counted
// without filters: at the start of its second last row every column's state is 2 letters
// short of a word, and the results below are the pairs of row words (r, t) such that r[c]
// lies in column c's mask and t[c] in that of its child by r[c] (and in the cells' letters).
// They are counted by walking r and t together (see LoopDoubleClosing), not by searching r
// and counting t's for each. A tie (see BuildTie) with a pair in the last two rows applies
// it only once a pair above them differs; until then the search goes on. It pays where the
// columns have kMinDoubleClosingRows letters or more: at least 3 of them placed leave each
// column few ways to end, and the pairs of row words that fit are few. With 2 placed, the
// pairs are many more than the words of the second last row the search walks, for each of
// which the last row's sieve (see BuildSieve) counts the words left by a popcount.
void SquareSearch::BuildDoubleClosing() {
  if (empty_ || !classic_ || problem_.mode == SquareMode::kSymmetric || has_filters_) return;
  const int rows = problem_.rows, cols = problem_.cols, word_count = static_cast<int>(shape_.shape.words.size());
  if (rows < kMinDoubleClosingRows || levels() != rows * cols) return;
  const int a = (rows - 2) * cols;
  std::vector<uint16_t> slots(cols);
  for (int k = 0; k < 2 * cols; ++k) {
    const Level& level = levels_[a + k];
    const int row = rows - 2 + k / cols, c = k % cols;
    if (level.cell != row * cols + c || level.echo_of >= 0 || level.walker_count != 2) return;
    for (int w = 0; w < 2; ++w) {
      const uint16_t slot = level.walkers[w].before;
      if (slot % word_count == row && slot / word_count != c) return;  // the row's own walker
      if (slot % word_count == rows + c) {
        if (slot / word_count != row) return;
        if (k < cols) slots[c] = slot;
      }
    }
  }
  double_level_ = a;
  double_slots_ = std::move(slots);
  double_roots_ = {word_root_[rows - 2], word_root_[rows - 1]};
  for (const auto& pair : tie_pairs_) double_ties_ += pair[0] < a;
}

// The tail count. When the last k >= 2 levels each step one word W, in its order, and every
// other word through their cells has its state there set before the first of them (it ends
// there, or meets no other of them), no echo or tie among them, then the masks those other
// words leave each cell are known when W's tail begins, and the results below are the paths
// of W's automaton from its state that take, at step q, a letter of level q's mask: a walk
// of W alone, without placing the other words' letters or testing them. In a diagonal 4x4
// square the tail is the last row after its first letter. The run counts it in loops of
// three walkers or more, tied or not (a tie constrains none of the tail's letters): the
// shapes where the other words' steps it spares are many. A word cube keeps its tail
// through the choice of its tie (see BuildTie).
void SquareSearch::BuildTail() {
  if (sieve_level_ >= 0 || closing_level_ >= 0) return;
  TailLevels tail = FindTail();
  if (tail.start < 0) return;
  tail_level_ = tail.start;
  tail_walker_ = std::move(tail.walker_of);
  tail_slot_ = tail.slot;
}

// The longest tail (see BuildTail) whose levels have no echo and are the later level of no
// tie pair built so far; a level that is the earlier one of a pair has the later one below
// it, in the tail too.
SquareSearch::TailLevels SquareSearch::FindTail() const {
  TailLevels best;
  if (empty_ || levels() < 3) return best;
  const int last = levels() - 1;
  const std::vector<int> writer = SlotWriters();
  auto clean = [&](int l) {
    return levels_[l].echo_of < 0 && (tie_of_level_.empty() || tie_of_level_[l][0] < 0);
  };
  for (int k = 0; k < levels_[last].walker_count; ++k) {
    if (!clean(last)) break;
    // W's walker at each level from the last back, while the tail can grow.
    uint16_t slot = levels_[last].walkers[k].before;
    std::vector<uint8_t> walker_of = {static_cast<uint8_t>(k)};
    int start = last;
    for (int l = last - 1; l >= 0 && writer[slot] == l && clean(l); --l) {
      const Level& level = levels_[l];
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
        const Level& level = levels_[l];
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
    if (last - start + 1 >= 2 && start >= 1 && (best.start < 0 || start < best.start)) {
      best.start = start;
      best.walker_of = walker_of;
      best.slot = levels_[start].walkers[walker_of[0]].before;
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
// row's last cell, whose column's next letter is the last cell's: a quarter of that
// search's nodes are the fold level's letters, which no longer need placing.
void SquareSearch::BuildFold() {
  if (tail_level_ < 2) return;
  const int fold = tail_level_ - 1, last = levels() - 1;
  const Level& level = levels_[fold];
  // Its letters are summed over, not placed: no tie may constrain them. (Nor may one read
  // them: the later level of such a pair would be in the tail, which has none.)
  if (level.echo_of >= 0 || level.sifts_begin != level.sifts_end ||
      (!tie_of_level_.empty() && tie_of_level_[fold][0] >= 0)) {
    return;
  }
  int stepper = -1;
  for (int w = 0; w < level.walker_count; ++w) {
    if (!level.walkers[w].step) continue;
    if (stepper >= 0) return;
    stepper = w;
  }
  if (stepper < 0) return;
  const uint16_t slot = level.walkers[stepper].after;
  int reader = -1;
  for (int l = fold + 1; l <= last; ++l) {
    for (int w = 0; w < levels_[l].walker_count; ++w) {
      if (levels_[l].walkers[w].before != slot) continue;
      if (l != last || w == tail_walker_.back() || reader >= 0) return;
      reader = w;
    }
  }
  if (reader < 0 || slot == tail_slot_) return;
  fold_level_ = fold;
  fold_walker_ = static_cast<uint8_t>(stepper);
  fold_reader_ = static_cast<uint8_t>(reader);
  // The count tests the fold's and the tail's cells exactly: counting skips the look-ahead
  // of the level before, which tests them too (diagonal 4x4 letterpress, 7 runs alternating,
  // least CPU: 0.872 -> 0.864 s; wamerican 0.070 -> 0.068 s; 5x5 unchanged).
  // Only loops of three walkers or more count the fold (see RunWalkers).
  if (max_walkers_ >= 3) closing_unchecked_level_ = fold - 1;
}

// Lone levels: counting, a level whose cell lies in one word only, which ends there, is
// searched for one of its letters and the count below multiplied by the letters it allows:
// nothing after it reads that letter (no walker steps, no echo, no check, sift or tie). A
// symmetric square's diagonal cells are lone when placed last in their rows (see Create).
void SquareSearch::BuildLone() {
  lone_.assign(levels() + 1, 0);
  if (empty_ || !tie_pairs_.empty()) return;
  std::vector<int> words_through(shape_.shape.cell_count, 0);
  for (const ShapeWord& word : shape_.shape.words) {
    for (int cell : word.cells) ++words_through[cell];
  }
  for (int l = 1; l < levels() - 1; ++l) {
    const Level& level = levels_[l];
    lone_[l] = level.walker_count == 1 && !level.walkers[0].step && level.echo_of < 0 &&
               words_through[level.cell] == 1 && level.checks_begin == level.checks_end &&
               level.sifts_begin == level.sifts_end && l != sieve_level_ && l != closing_level_ &&
               l != corner_level_ && l != tail_level_ && l != fold_level_;
  }
}

}  // namespace squares::core
