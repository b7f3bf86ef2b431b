// The last word's sieve in the level loop (see sieve.h): the sifts after each placement,
// and the count of the words left where the last word begins.
// Included by square_loop.h only.
#pragma once

#include <algorithm>
#include <array>
#include <bit>

#include "search/loop_walk.h"
#include "search/sieve.h"
#include "search/square_search.h"

namespace squares::core {

// List 0 is the sieve's start, list j + 1 the blocks left after sift j. Counting reads only
// the number of words the last sift leaves, so with kCountOnly the last sift counts them
// instead of writing its list. Without kSieve, nothing.
template <class Mask, bool kSieve, bool kCountOnly>
class SquareSearch::LoopSieve {
 public:
  static constexpr bool kSieving = kSieve;
  SQUARES_LOOP_INLINE explicit LoopSieve(const Sieve& sieve)
      : sieve_(sieve),
        at_level_(sieve.at_level.data()),
        sifts_(sieve.sifts.data()),
        row_of_(sieve.table ? sieve.table->row_of.data() : nullptr),
        rows_(sieve.table ? sieve.table->rows.data() : nullptr),
        first_(sieve.lists ? sieve.lists->first.data() : nullptr),
        first_lists_(sieve.lists ? sieve.lists->lists.data() : nullptr),
        blocks_(sieve.table ? sieve.table->blocks : 0),
        last_list_(sieve.sifts.size()),
        buffer_(kSieve ? last_list_ * blocks_ : 0),
        list_(kSieve ? last_list_ + 1 : 0),
        list_size_(kSieve ? last_list_ + 1 : 0),
        candidates_(kSieve && kCountOnly && sieve.row_level >= 0 ? blocks_ : 0) {
    if constexpr (kSieve) {
      std::fill_n(list_.get(), last_list_ + 1, sieve.lists->start.data());
      std::fill_n(list_size_.get(), last_list_ + 1, sieve.lists->start.size());
      left_ = Popcount(list_[0], list_size_[0]);
    }
  }
  SQUARES_LOOP_INLINE ~LoopSieve() {}

  // Level l's sifts on the states its placement set: false when no word is left.
  SQUARES_LOOP_INLINE bool Sift(int l, const DawgEntry<Mask>* state) {
    if constexpr (!kSieve) return true;
    for (int j = at_level_[l][0]; j < at_level_[l][1]; ++j) {
      const Sieve::Sift& sf = sifts_[j];
      const Sieve::Block* in = list_[j];
      const size_t n = list_size_[j];
      const uint32_t row = row_of_[sf.map + state[sf.slot].first - sf.first_lo];
      if (kCountOnly && static_cast<size_t>(j) + 1 == last_list_) {
        left_ = LeftAfter(j, row);
        if (left_ == 0) return false;
        continue;
      }
      if (row == Sieve::kPassRow) {
        list_[j + 1] = in;
        list_size_[j + 1] = n;
        continue;
      }
      if (j == 0) {  // precomputed
        list_[1] = first_ + first_lists_[row];
        list_size_[1] = first_lists_[row + 1] - first_lists_[row];
        if (list_size_[1] == 0) return false;
        continue;
      }
      const uint64_t* bits = rows_ + static_cast<size_t>(row) * blocks_;
      Sieve::Block* out = buffer_.get() + static_cast<size_t>(j) * blocks_;
      size_t kept = 0;
      for (size_t i = 0; i < n; ++i) {
        const uint64_t b = in[i].bits & bits[in[i].index];
        out[kept] = {in[i].index, b};
        kept += b != 0;
      }
      list_[j + 1] = out;
      list_size_[j + 1] = kept;
      if (kept == 0) return false;
    }
    return true;
  }

  // The words the last sift left: the last word's completions (counting only).
  SQUARES_LOOP_INLINE uint64_t Count() const { return left_; }

  // The words the last sift leaves summed over `letters`, each placed at the level of the
  // last sift, whose crossing word steps there from `from` (see Sieve::batch_level).
  SQUARES_LOOP_INLINE uint64_t CountEach(Mask letters, const DawgEntry<Mask>* entries,
                                         DawgEntry<Mask> from) const {
    const int j = static_cast<int>(last_list_) - 1;
    const Sieve::Sift& sf = sifts_[j];
    uint64_t found = 0;
    for (; letters; letters &= letters - 1) {
      const uint32_t first = entries[ChildIndex(from, std::countr_zero(letters))].first;
      found += LeftAfter(j, row_of_[sf.map + first - sf.first_lo]);
    }
    return found;
  }

  // The results below the row above F (see Sieve::row_level): F's words left by the sifts
  // of each of R's candidates, from the columns' states in `state`.
  SQUARES_LOOP_INLINE uint64_t CountRow(const DawgEntry<Mask>* entries,
                                        const DawgEntry<Mask>* state) {
    const Sieve::Table& rows = *sieve_.row_table;
    const int cells = static_cast<int>(sieve_.row_before.size());
    const size_t count = rows.letters.size() / static_cast<size_t>(cells);
    uint64_t* candidates = candidates_.get();
    std::fill_n(candidates, blocks_, ~uint64_t{0});
    if (count % 64) candidates[blocks_ - 1] = (uint64_t{1} << (count % 64)) - 1;
    std::array<DawgEntry<Mask>, kMaxShapeWordLength> column;
    for (int q = 0; q < cells; ++q) {
      column[q] = state[sieve_.row_before[q]];
      const Sieve::Sift& map = rows.maps[q];
      const uint32_t row = rows.row_of[map.map + column[q].first - map.first_lo];
      if (row == Sieve::kPassRow) continue;
      const uint64_t* bits = rows.rows.data() + size_t{row} * blocks_;
      for (size_t b = 0; b < blocks_; ++b) candidates[b] &= bits[b];
    }
    uint64_t found = 0;
    std::array<const uint64_t*, kMaxShapeWordLength> sift_rows;
    for (size_t b = 0; b < blocks_; ++b) {
      for (uint64_t left = candidates[b]; left; left &= left - 1) {
        const Letter* word =
            rows.letters.data() + (b * 64 + static_cast<size_t>(std::countr_zero(left))) * cells;
        // F's rows of the columns' states after the word: sift 0's list, then the others.
        int n = 0;
        const Sieve::Block* list = sieve_.lists->start.data();
        size_t size = sieve_.lists->start.size();
        for (int q = 0; q < cells; ++q) {
          const Sieve::Sift& sf = sifts_[q];
          const uint32_t row =
              row_of_[sf.map + entries[ChildIndex(column[q], word[q])].first - sf.first_lo];
          if (row == Sieve::kPassRow) continue;
          if (q == 0) {
            list = first_ + first_lists_[row];
            size = first_lists_[row + 1] - first_lists_[row];
          } else {
            sift_rows[n++] = rows_ + size_t{row} * blocks_;
          }
        }
        for (size_t i = 0; i < size; ++i) {
          uint64_t bits = list[i].bits;
          for (int k = 0; k < n; ++k) bits &= sift_rows[k][list[i].index];
          found += std::popcount(bits);
        }
      }
    }
    return found;
  }

 private:
  SQUARES_LOOP_INLINE static uint64_t Popcount(const Sieve::Block* list, size_t n) {
    uint64_t found = 0;
    for (size_t i = 0; i < n; ++i) found += std::popcount(list[i].bits);
    return found;
  }
  // The words sift j leaves on its crossing state's row `row`, counted, not listed.
  SQUARES_LOOP_INLINE uint64_t LeftAfter(int j, uint32_t row) const {
    const Sieve::Block* in = list_[j];
    const size_t n = list_size_[j];
    if (row == Sieve::kPassRow) return Popcount(in, n);
    if (j == 0)
      return Popcount(first_ + first_lists_[row], first_lists_[row + 1] - first_lists_[row]);
    const uint64_t* bits = rows_ + static_cast<size_t>(row) * blocks_;
    uint64_t found = 0;
    for (size_t i = 0; i < n; ++i) found += std::popcount(in[i].bits & bits[in[i].index]);
    return found;
  }

  const Sieve& sieve_;
  const std::array<uint16_t, 2>* const at_level_;
  const Sieve::Sift* const sifts_;
  const uint32_t* const row_of_;
  const uint64_t* const rows_;
  const Sieve::Block* const first_;
  const uint32_t* const first_lists_;
  const size_t blocks_, last_list_;
  LoopArray<Sieve::Block> buffer_;
  LoopArray<const Sieve::Block*> list_;
  LoopArray<size_t> list_size_;
  LoopArray<uint64_t> candidates_;  // R's words left (CountRow)
  uint64_t left_ = 0;               // the words the last sift left
};

}  // namespace squares::core
