// The level loop's listing: each result's letters written into the sink's image (or grid),
// copies of the image into the sink's room, the closing levels as three plain loops, and the
// memos that replay a subtree's results (ReplayMemo, SiblingMemo).
// Included by square_loop.h only.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstring>
#include <vector>

#include "search/counting.h"
#include "search/listing.h"
#include "search/sibling_memo.h"
#include "search/square_memo.h"
#include "search/square_search.h"

namespace squares::core {

// Copies a result's image: in 16-byte moves, the last one overlapping, so that the short
// images of squares cost no call to memcpy, which listing makes once per result. Inlined by
// force: with the replays' calls beside its own, the listing loop called it.
__attribute__((always_inline)) inline void CopyImage(char* to, const char* from, size_t size) {
  if (size < 16) {
    std::memcpy(to, from, size);
    return;
  }
  for (size_t k = 0; k + 16 < size; k += 16) std::memcpy(to + k, from + k, 16);
  std::memcpy(to + size - 16, from + size - 16, 16);
}

// kReplay: listing into a sink's room keeps the replay memo and the sibling memo at their
// levels (see ListingMemos), when the image's layout allows; a subtree searched is recorded
// while its results are copied. Splitting (end_level < levels()) collects the prefixes
// instead.
template <class Mask, class Walk, class Look, bool kReplay>
class SquareSearch::LoopListing {
 public:
  // Listing reads the search's filters, its listing memos and the closing count's levels;
  // `stats` is the loop's result, which listing adds to.
  SQUARES_LOOP_INLINE LoopListing(const SquareSearch& search, SquareStats& stats, int end_level, SquareSink* sink,
                                  std::vector<SquareTask>* prefixes, const std::atomic<bool>* stop)
      : search_(search), memos_(search.listing_), closing_(search.counting_.closing),
        level_(search.plan_.levels.data()), last_(search.levels() - 1), end_level_(end_level), sink_(sink),
        prefixes_(prefixes), stop_(stop), stats_(stats) {
    SquareImage* image = sink ? sink->image() : nullptr;
    if (image) {
      image_text_ = image->text.data();
      image_byte_ = image->byte_of.data();
      room_ = sink->room();
      image_size_ = image->text.size();
      image_at_.resize(search.levels());
      for (int l = 0; l < search.levels(); ++l) {
        const std::array<uint32_t, 2>& at = image->offsets[level_[l].cell];
        const std::array<uint32_t, 2>& mirror_at = image->offsets[level_[l].mirror];
        image_at_[l] = {at[0], at[1], mirror_at[0], mirror_at[1]};
      }
    }
    keep_grid_ = search.has_filters_ || !room_;
    if constexpr (kReplay) {
      if (memos_.replay_level >= 0 && replay_layout_.Build(image_at_, memos_.replay_level, image_size_)) {
        replay_level_ = memos_.replay_level;
        replay_ = &ReplayMemo::ForSearch(search.search_id_);
      }
      if (memos_.sibling_level >= 0 && sibling_layout_.Build(image_at_, memos_.sibling_level, image_size_)) {
        sibling_level_ = memos_.sibling_level;
      }
    }
    closing_batch_ = room_ && !keep_grid_ && closing_.level >= 0 &&
                     closing_layout_.Build(image_at_, closing_.level, image_size_);
  }


  // Writes letter c of level l into the result: its cells in the grid and the image.
  SQUARES_LOOP_INLINE void Show(int l, int c) {
    if (keep_grid_) grid_[level_[l].cell] = grid_[level_[l].mirror] = static_cast<Letter>(c);
    if (!image_text_) return;
    const char byte = image_byte_[c];
    for (uint32_t k : image_at_[l]) image_text_[k] = byte;
  }

  // Reports a complete assignment of levels [0, end_level); false = stop. Inlined by force:
  // it runs once per result, and left a call it spills the loop's registers.
  SQUARES_LOOP_INLINE bool Leaf(const Walk& walk) {
    if (end_level_ <= last_) {
      if (prefixes_) prefixes_->emplace_back(walk.letters, walk.letters + end_level_);
      ++stats_.squares;  // counts prefixes here
      return true;
    }
    if (search_.has_filters_ && !search_.PassesFilters(grid_.data())) return true;
    if (room_) return Emit();
    ++stats_.squares;
    if (sink_ && !sink_->Accept(grid_.data())) return false;
    return !Stopped();
  }

  static constexpr bool IsLone(int) { return false; }
  static constexpr bool EnterLone(int, const Walk&) { return true; }

  // Leaving level l: the end of a subtree recorded there.
  SQUARES_LOOP_INLINE void Leave(int l) {
    if constexpr (kReplay) {
      if (l == replay_level_ && recording_.begin) {
        replay_->End(recording_.whole ? recording_slot_ : nullptr, recording_key_, recording_.at - recording_.begin,
                     recording_.results, stats_.nodes - recording_nodes_before_);
        recording_.begin = nullptr;
      }
      if (l == sibling_level_ && sibling_recording_.begin) {
        memos_.sibling->Keep(sibling_key_, sibling_recording_.whole ? sibling_recording_.begin : nullptr,
                                    sibling_recording_.at - sibling_recording_.begin, sibling_recording_.results);
        sibling_recording_.begin = nullptr;
      }
    }
  }

  // Level l's subtree: listed at once (kDone, or kStop), or its letters to search (`next`).
  template <class Sifter, class Rows>
  SQUARES_LOOP_INLINE Below Enter(int l, Walk& walk, const Look& look, const Sifter&, Rows& rows,
                                  Mask& next) {
    if (l == closing_.level && end_level_ > last_) return ListClosing(walk) ? Below::kDone : Below::kStop;
    if (rows.Starts(l)) {  // no other part acts there (see RowFromEnd::Build)
      next = rows.Arrive(l, walk);
      return Below::kSearch;
    }
    next = look.Lift(l, walk.Letters(l), walk.entries, walk.state);
    if (l == last_) {  // every letter allowed completes a result (no look-ahead is left)
      for (; next != 0; next &= next - 1) {
        const int c = std::countr_zero(next);
        walk.Place(last_, c);
        Show(last_, c);
        ++stats_.nodes;
        if (!Leaf(walk)) return Below::kStop;
      }
      return Below::kDone;
    }
    if constexpr (kReplay) return Replayed(l, walk, next);
    return Below::kSearch;
  }

  void Finish() {
    if constexpr (kReplay) {
      if (sibling_recording_.begin) memos_.sibling->Keep(sibling_key_, nullptr, 0, 0);  // stopped
    }
  }

 private:
  SQUARES_LOOP_INLINE bool Stopped() const { return stop_ && stop_->load(std::memory_order_relaxed); }

  // Writes the result into the sink's room: false = stop.
  SQUARES_LOOP_INLINE bool Emit() {
    ++stats_.squares;
    if (room_->results == 0 && !sink_->MakeRoom()) return false;
    char* out = room_->at;
    CopyImage(out, image_text_, image_size_);
    if constexpr (kReplay) {
      if (recording_.begin) recording_.Add(replay_layout_, replay_layout_.LettersOf(out));
      if (sibling_recording_.begin) sibling_recording_.Add(sibling_layout_, sibling_layout_.LettersOf(out));
    }
    room_->at += image_size_;
    --room_->results;
    return !Stopped();
  }

  // Writes `results` results into the sink's room, as many at a time as it holds:
  // write_next(out, count) writes the next `count` of them at `out`. False = stop.
  bool EmitEach(uint64_t results, auto&& write_next) {
    while (results > 0) {
      if (room_->results == 0 && !sink_->MakeRoom()) return false;
      const uint64_t count = std::min(results, room_->results);
      write_next(room_->at, count);
      room_->at += count * image_size_;
      room_->results -= count;
      stats_.squares += count;
      results -= count;
      if (Stopped()) return false;
    }
    return true;
  }

  // Copies the image into the `count` results at `out`, unless `layout` covers it.
  void CopyImages(char* out, uint64_t count, const auto& layout) const {
    if (layout.covers_image()) return;
    for (uint64_t r = 0; r < count; ++r) CopyImage(out + r * image_size_, image_text_, image_size_);
  }

  // Lists the closing count's three levels (see ClosingCount) as three plain loops over A's
  // and B's states: no walkers stepped, no look-ahead to test. With room and no grid to keep,
  // the results of a row's z letters are written at once, each from the image's kept bytes
  // and its three letters (closing_layout_), and the recordings take their letters as they
  // are, not read back from the copies (the closing level lies below the replay and sibling
  // levels). False = stop.
  bool ListClosing(const Walk& walk) {
    const int a = closing_.level;
    const DawgEntry<Mask> p = walk.state[closing_.slots[0]], q = walk.state[closing_.slots[1]];
    const Mask middle = static_cast<Mask>(level_[a + 1].allowed) & q.mask;
    const Mask end = static_cast<Mask>(level_[a + 2].allowed);
    const auto base = closing_batch_ ? closing_layout_.Kept(image_text_) : ReplayLayout<uint64_t>::Base{};
    const int recording_shift = 8 * (a - replay_level_), sibling_shift = 8 * (a - sibling_level_);
    uint64_t recording_prefix = 0;
    unsigned __int128 sibling_prefix = 0;
    if constexpr (kReplay) {
      if (recording_.begin) {
        recording_prefix = replay_layout_.LettersOf(image_text_) & ((uint64_t{1} << recording_shift) - 1);
      }
      if (sibling_recording_.begin) {
        sibling_prefix =
            sibling_layout_.LettersOf(image_text_) & ((static_cast<unsigned __int128>(1) << sibling_shift) - 1);
      }
    }
    auto letter_byte = [&](int c) { return uint64_t{static_cast<uint8_t>(image_byte_[c])}; };
    auto emit_row = [&](int y, int x, Mask zs) {
      const uint64_t yx = letter_byte(y) | letter_byte(x) << 8;
      return EmitEach(std::popcount(zs), [&](char* out, uint64_t count) {
        CopyImages(out, count, closing_layout_);
        Mask rest = zs;
        closing_layout_.WriteEach(out, image_size_, count, base, [&] {
          const int z = std::countr_zero(rest);
          rest &= rest - 1;
          return yx | letter_byte(z) << 16;
        });
        if constexpr (kReplay) {
          for (; zs != rest; zs &= zs - 1) {
            const uint64_t yxz = yx | letter_byte(std::countr_zero(zs)) << 16;
            if (recording_.begin) recording_.Add(replay_layout_, recording_prefix | yxz << recording_shift);
            if (sibling_recording_.begin) {
              sibling_recording_.Add(sibling_layout_,
                                     sibling_prefix | static_cast<unsigned __int128>(yxz) << sibling_shift);
            }
          }
        }
        zs = rest;
      });
    };
    for (Mask ys = static_cast<Mask>(level_[a].allowed) & p.mask; ys != 0; ys &= ys - 1) {
      const int y = std::countr_zero(ys);
      ++stats_.nodes;
      for (Mask xs = walk.entries[ChildIndex(p, y)].mask & middle; xs != 0; xs &= xs - 1) {
        const int x = std::countr_zero(xs);
        ++stats_.nodes;
        const Mask zs = walk.entries[ChildIndex(q, x)].mask & end;
        if (closing_batch_) {
          stats_.nodes += std::popcount(zs);
          if (!emit_row(y, x, zs)) return false;
          continue;
        }
        Show(a, y);
        Show(a + 1, x);
        for (Mask z = zs; z != 0; z &= z - 1) {
          ++stats_.nodes;
          Show(a + 2, std::countr_zero(z));
          if (!Leaf(walk)) return false;
        }
      }
    }
    return true;
  }

  // Replays the record of `results` results at `at`, written with `layout`: false = stop.
  // A replay may lie inside a recording of the sibling memo (not of the replay memo: the
  // sibling level lies above the replay level).
  bool Replay(const auto& layout, const char* at, uint64_t results) {
    const auto base = layout.Kept(image_text_);
    decltype(layout.LettersOf(at)) letters = 0;
    return EmitEach(results, [&](char* out, uint64_t count) {
      CopyImages(out, count, layout);
      at = layout.Replay(at, letters, base, out, image_size_, count);
      if (sibling_recording_.begin) {
        for (uint64_t r = 0; r < count; ++r) {
          sibling_recording_.Add(sibling_layout_, sibling_layout_.LettersOf(out + r * image_size_));
        }
      }
    });
  }

  // The first rows after the current one in the search's order that differ from it in
  // their first letter only (see SiblingMemo): their first letter leads row 0's automaton,
  // from its root, along the current row's other letters.
  uint32_t LaterSiblings(const Walk& walk) const {
    const Letter* letters = walk.letters;
    const DawgEntry<Mask> root = walk.state[level_[0].walkers[0].before];
    uint32_t later = 0;
    for (Mask firsts = walk.Allowed(0) & (~Mask{0} << letters[0] << 1); firsts; firsts &= firsts - 1) {
      DawgEntry<Mask> e = walk.entries[ChildIndex(root, std::countr_zero(firsts))];
      int k = 1;
      for (; k + 1 < sibling_level_ && (e.mask >> letters[k] & 1); ++k) e = walk.entries[ChildIndex(e, letters[k])];
      later += k + 1 == sibling_level_ && (e.mask >> letters[k] & 1);
    }
    return later;
  }

  // The memos at level l, whose letters are `next`: its results replayed (kDone, or kStop),
  // or searched (kSearch) and maybe recorded.
  Below Replayed(int l, Walk& walk, Mask next) {
    if (l == sibling_level_) {
      sibling_key_ = walk.KeyAt(l);
      bool record = false;
      const SiblingMemo::Record found = memos_.sibling->Enter(sibling_key_, LaterSiblings(walk), record);
      if (found.bytes) {
        const bool go_on = Replay(sibling_layout_, found.bytes, found.results);
        memos_.sibling->Release(sibling_key_);
        return go_on ? Below::kDone : Below::kStop;
      }
      if (record) sibling_recording_.Start(SiblingMemo::Scratch(), SiblingMemo::kMaxRecord);
    }
    if (l == replay_level_ && replay_->on()) {
      const MemoKey key = walk.KeyAt(l);
      const auto [slot, record] = replay_->Find(key);
      if (record) return Replay(replay_layout_, record, slot->results) ? Below::kDone : Below::kStop;
      recording_.Start(replay_->Begin(), ReplayMemo::kMaxRecord);
      recording_slot_ = slot;
      recording_key_ = key;
      recording_nodes_before_ = stats_.nodes;
    }
    // Entering the level above the replay level: the memo's slots of all its letters are
    // loaded at once (each placed here, and again when the loop gets to it).
    if (l + 1 == replay_level_ && replay_->on()) {
      for (Mask x = next; x; x &= x - 1) {
        walk.Place(l, std::countr_zero(x));
        replay_->Prefetch(walk.KeyAt(l + 1));
      }
    }
    return Below::kSearch;
  }

  const SquareSearch& search_;  // its filters
  const ListingMemos& memos_;
  const ClosingCount& closing_;
  const Level* const level_;
  const int last_, end_level_;
  SquareSink* const sink_;
  std::vector<SquareTask>* const prefixes_;
  const std::atomic<bool>* const stop_;
  SquareStats& stats_;
  // The result: the grid, read by the filters and by a sink without room; else the image only.
  std::array<Letter, kMaxShapeCells> grid_{};
  bool keep_grid_ = true;
  char* image_text_ = nullptr;
  const char* image_byte_ = nullptr;
  ImageRoom* room_ = nullptr;
  size_t image_size_ = 0;
  std::vector<std::array<uint32_t, 4>> image_at_;  // per level: the image's offsets of its cell
                                                   // and the cell's mirror (two each)
  ReplayLayout<uint64_t> closing_layout_;          // the closing count's three levels' letters
  bool closing_batch_ = false;                     // listing them with closing_layout_
  ReplayMemo* replay_ = nullptr;
  int replay_level_ = -1;
  ReplayLayout<uint64_t> replay_layout_;
  ReplayRecording<uint64_t> recording_;
  ReplayMemo::Slot* recording_slot_ = nullptr;
  MemoKey recording_key_{};
  uint64_t recording_nodes_before_ = 0;
  int sibling_level_ = -1;
  ReplayLayout<unsigned __int128> sibling_layout_;
  ReplayRecording<unsigned __int128> sibling_recording_;
  MemoKey sibling_key_{};
};

}  // namespace squares::core
