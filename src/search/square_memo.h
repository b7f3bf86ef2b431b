// Square search, the memos of the level loop (square_loop.h) for listing: the results below
// a level's start, keyed by the states of the words begun and not yet ended there: nothing
// else decides what the later levels may place. Thanks to the suffix sharing of the automaton
// the same tuple of states recurs many times in a symmetric square (several times over at row
// 2 of a 5x5 search; at row 1, first rows that differ only in their first letter share
// everything below: the sibling memo, sibling_memo.h, keeps those). A state is named by its
// child group (`first`), which is unique among non-final states and never 0. The table is a
// direct-mapped cache: a colliding key evicts; keys are stored whole (with their level), so
// there are no false hits. Whether the memo pays is measured as the search runs, and the
// measurements live with the table, so the many tasks a thread runs learn it once. Counting
// keeps no such memo: below the lone levels and above the corner count, the tuples of a
// count's levels hardly recur (docs/notes.md).
// Included by square_loop.h only.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <new>
#include <utility>
#include <vector>

#include <sys/mman.h>
#ifdef __SSSE3__
#include <tmmintrin.h>
#endif

#include "search/sibling_memo.h"
#include "search/square_search.h"

namespace squares::core {

// Compared word by word: operator== calls memcmp.
inline bool SameKey(const MemoKey& a, const MemoKey& b) {
  bool same = true;
  for (size_t k = 0; k < a.size(); ++k) same &= a[k] == b[k];
  return same;
}

inline size_t MemoHash(const MemoKey& key) {
  uint64_t h = 0;
  for (uint32_t word : key) h = (h ^ word) * 0x9E3779B97F4A7C15ull;
  return h ^ h >> 29;
}

// Fresh zeroed memory, mapped on first touch, on huge pages where the kernel grants them:
// the memos' slots are read at random (on 4 KiB pages nearly every lookup misses the TLB
// too), and the replay memo's arena would take thousands of page faults to fill.
class Mapping {
 public:
  Mapping() = default;
  explicit Mapping(size_t bytes) : bytes_(bytes) {
    data_ = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (data_ == MAP_FAILED) throw std::bad_alloc();
    madvise(data_, bytes, MADV_HUGEPAGE);
  }
  Mapping(Mapping&& other) noexcept : data_(std::exchange(other.data_, nullptr)), bytes_(other.bytes_) {}
  Mapping& operator=(Mapping&& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(bytes_, other.bytes_);
    return *this;
  }
  ~Mapping() {
    if (data_) munmap(data_, bytes_);
  }
  void* data() const { return data_; }

 private:
  void* data_ = nullptr;
  size_t bytes_ = 0;
};

// Where the results of a replay level go in the image: the level's letter and those of the
// levels after it, each written at one or more image bytes. A result's letters are a word
// (`Letters`: uint64_t for up to 8 levels, unsigned __int128 for up to 16) with level r's
// image byte in byte r. A record keeps each result as the first level whose letter differs
// from the result before's, then the letters from there on (the results come in the search's
// order, so most differ in the last levels only, and a record is smaller than the letters it
// stands for). Replaying writes a result's letters into the image's
// copy in 16-byte chunks: each chunk is the image's bytes no level of the layout writes,
// or'd with the letters spread by a byte shuffle.
template <class Letters>
class ReplayLayout {
 public:
  static constexpr int kMaxLevels = sizeof(Letters), kMaxChunks = 4;
  static constexpr size_t kMaxEntry = 1 + sizeof(Letters);  // bytes a result's entry may write
  using Chunk = char __attribute__((vector_size(16)));
  using Base = std::array<Chunk, kMaxChunks>;
  // For levels [first, image_at.size()), whose bytes are at image_at[l]; false when the
  // image is shorter than a chunk, or has more levels or chunks than the layout holds.
  bool Build(const std::vector<std::array<uint32_t, 4>>& image_at, int first, size_t image_size) {
    levels_ = static_cast<int>(image_at.size()) - first;
    if (levels_ < 1 || levels_ > kMaxLevels || image_size < 16) return false;
    std::vector<int> writer(image_size, -1);  // per byte: the level writing it, from first
    for (int r = 0; r < levels_; ++r) {
      byte_[r] = image_at[first + r][0];
      for (uint32_t at : image_at[first + r]) writer[at] = r;
    }
    // The chunks cover the whole image where they can (then a replayed result needs no copy
    // of it), else the bytes from the first the layout writes to the last.
    size_t lo = 0, hi = image_size;
    covers_image_ = (hi - lo + 15) / 16 <= kMaxChunks;
    if (!covers_image_) {
      auto written = [](int w) { return w >= 0; };
      lo = std::find_if(writer.begin(), writer.end(), written) - writer.begin();
      hi = writer.rend() - std::find_if(writer.rbegin(), writer.rend(), written);
    }
    chunks_ = static_cast<int>((hi - lo + 15) / 16);
    if (chunks_ > kMaxChunks) return false;
    letters_mask_ = levels_ == kMaxLevels ? ~Letters{0} : (Letters{1} << 8 * levels_) - 1;
    for (int k = 0; k < chunks_; ++k) {
      chunk_[k] = static_cast<uint32_t>(std::min(lo + 16 * k, image_size - 16));  // the last may overlap
      for (int i = 0; i < 16; ++i) {
        const int w = writer[chunk_[k] + i];
        keep_[k][i] = w < 0 ? -1 : 0;
        spread_[k][i] = static_cast<char>(w < 0 ? 0x80 : w);
      }
    }
    return true;
  }
  int levels() const { return levels_; }
  bool covers_image() const { return covers_image_; }  // WriteEach writes all of a result

  // Recording: the letters of result `out`, and their entry appended at `at` after the
  // previous result's letters `before` (0 before the first). Returns the entry's end; it
  // may write up to kMaxEntry bytes.
  Letters LettersOf(const char* out) const {
    Letters letters = 0;
    for (int r = 0; r < levels_; ++r) letters |= Letters{static_cast<uint8_t>(out[byte_[r]])} << 8 * r;
    return letters;
  }
  char* Append(char* at, Letters letters, Letters before) const {
    assert(letters != before);  // a record's results differ; letters are not 0
    const int first = LowestByte(letters ^ before);
    *at = static_cast<char>(first);
    const Letters rest = letters >> 8 * first;
    std::memcpy(at + 1, &rest, sizeof(rest));
    return at + 1 + levels_ - first;
  }

  // Replaying: the image's bytes the layout keeps, per chunk (the image does not change
  // while a record is replayed).
  Base Kept(const char* image) const {
    Base base;
    for (int k = 0; k < chunks_; ++k) {
      std::memcpy(&base[k], image + chunk_[k], 16);
      base[k] &= keep_[k];
    }
    return base;
  }
  // Writes `count` results into `out`, one each `stride` bytes, each over a copy of the
  // image (or over anything, when the chunks cover the image): their letters from next().
  template <class NextLetters>
  __attribute__((always_inline)) void WriteEach(char* out, size_t stride, uint64_t count, const Base& base,
                                                NextLetters&& next) const {
    switch (chunks_) {
      case 1: return WriteEach<1>(out, stride, count, base, next);
      case 2: return WriteEach<2>(out, stride, count, base, next);
      case 3: return WriteEach<3>(out, stride, count, base, next);
      default: return WriteEach<4>(out, stride, count, base, next);
    }
  }
  // Writes the `count` results whose entries begin at `at` (after the result whose letters
  // are `letters`) as WriteEach does; returns the entry after them. Reads sizeof(Letters)
  // bytes past an entry's first.
  const char* Replay(const char* at, Letters& letters, const Base& base, char* out, size_t stride,
                     uint64_t count) const {
    const int levels = levels_;
    const Letters letters_mask = letters_mask_;
    Letters now = letters;
    WriteEach(out, stride, count, base, [&] {
      const int first = static_cast<uint8_t>(*at);
      Letters rest;
      std::memcpy(&rest, at + 1, sizeof(rest));
      now = ((now & ((Letters{1} << 8 * first) - 1)) | rest << 8 * first) & letters_mask;
      at += 1 + levels - first;
      return now;
    });
    letters = now;
    return at;
  }

 private:
  // With the layout's fields in locals: `out` is a char pointer, so the compiler would
  // reload any field after each store, in the loop that writes every replayed result.
  template <int kChunks, class NextLetters>
  __attribute__((always_inline)) void WriteEach(char* out, size_t stride, uint64_t count, const Base& base_in,
                                                NextLetters& next) const {
    std::array<Chunk, kChunks> base, spread;
    std::array<uint32_t, kChunks> chunk;
    for (int k = 0; k < kChunks; ++k) {
      base[k] = base_in[k];
      spread[k] = spread_[k];
      chunk[k] = chunk_[k];
    }
    [[maybe_unused]] const int levels = levels_;
    for (uint64_t r = 0; r < count; ++r, out += stride) {
      const Letters letters = next();
#ifdef __SSSE3__
      __m128i spread_letters;
      if constexpr (sizeof(Letters) == 8) {
        spread_letters = _mm_cvtsi64_si128(static_cast<int64_t>(letters));
      } else {
        spread_letters = _mm_set_epi64x(static_cast<int64_t>(letters >> 64), static_cast<int64_t>(letters));
      }
#endif
      for (int k = 0; k < kChunks; ++k) {
        Chunk now = base[k];
#ifdef __SSSE3__
        now |= reinterpret_cast<Chunk>(_mm_shuffle_epi8(spread_letters, reinterpret_cast<__m128i>(spread[k])));
#else
        for (int l = 0; l < levels; ++l) {
          now |= (spread[k] == static_cast<char>(l)) & static_cast<char>(letters >> 8 * l);
        }
#endif
        std::memcpy(out + chunk[k], &now, 16);
      }
    }
  }
  // The first nonzero byte of x (x != 0).
  static int LowestByte(uint64_t x) { return std::countr_zero(x) / 8; }
  static int LowestByte(unsigned __int128 x) {
    const uint64_t low = static_cast<uint64_t>(x);
    return low ? std::countr_zero(low) / 8 : 8 + std::countr_zero(static_cast<uint64_t>(x >> 64)) / 8;
  }

  int levels_ = 0, chunks_ = 0;
  bool covers_image_ = false;
  Letters letters_mask_ = 0;
  std::array<uint32_t, kMaxLevels> byte_;  // where each level's letter is read
  std::array<uint32_t, kMaxChunks> chunk_;
  std::array<Chunk, kMaxChunks> keep_;     // the bytes no level of the layout writes
  std::array<Chunk, kMaxChunks> spread_;   // per byte, the level writing it (0x80: none)
};

// A record being written by the level loop: a ReplayLayout's entries from `begin`, while
// they fit before `end`.
template <class Letters>
struct ReplayRecording {
  char *begin = nullptr, *at = nullptr, *end = nullptr;  // begin: null when none is written
  bool whole = false;    // every result so far fit
  uint32_t results = 0;
  Letters letters = 0;   // the last result's
  void Start(char* room, size_t bytes) {
    begin = at = room;
    end = room + bytes;
    whole = true;
    results = 0;
    letters = 0;
  }
  // Appends the result whose letters are `now`.
  __attribute__((always_inline)) void Add(const ReplayLayout<Letters>& layout, Letters now) {
    if (at + ReplayLayout<Letters>::kMaxEntry > end) {
      whole = false;
      return;
    }
    at = layout.Append(at, now, letters);
    letters = now;
    ++results;
  }
};

// Listing: the results below one level's start (the replay level), recorded as entries of
// a ReplayLayout, in the search's order; a hit replays them, so the output is byte for byte
// the search's. The records are written one after another into an arena used as a ring: a
// record is whole while less than the arena's size was written after its start. 2^18 slots
// (10 MiB) and 16 MiB of arena per thread at most, mapped untouched, so that memory grows
// with the slots and records used. The slots limit the hits more than the arena, but beyond
// 2^18 they save few nodes (the sibling memo already replays the repeated first rows) for
// memory that each thread must first touch, which costs what the nodes saved would.
class ReplayMemo {
 public:
  struct Slot {
    MemoKey key{};  // level 0 (never a replay level): empty
    uint32_t results = 0;
    uint64_t start = 0;  // the record's first byte, counted in bytes written to the arena
  };
  static constexpr size_t kMaxRecord = size_t{64} << 10;  // a longer record is dropped

  static ReplayMemo& ForSearch(uint64_t search_id) {
    thread_local ReplayMemo memo;
    if (memo.owner_ != search_id) {
      memo.slots_ = Mapping(kSlots * sizeof(Slot));  // zero pages: empty slots
      // (and room for an entry's reads past the ring's end: see ReplayLayout::Replay)
      if (!memo.arena_.data()) memo.arena_ = Mapping(kArenaBytes + ReplayLayout<uint64_t>::kMaxEntry);
      memo.head_ = 0;
      memo.slot_mask_ = kTrialSlots - 1;
      memo.measure_ = {};
      memo.owner_ = search_id;
    }
    return memo;
  }
  bool on() const { return measure_.on; }

  // The slot of `key`, and its record (null when the slot holds another key or its record
  // was overwritten). Every 4096th lookup judges whether replaying pays.
  std::pair<Slot*, const char*> Find(const MemoKey& key) {
    if ((++measure_.lookups & 0xFFF) == 0) Judge();
    Slot& slot = static_cast<Slot*>(slots_.data())[MemoHash(key) & slot_mask_];
    const bool found = SameKey(slot.key, key) && head_ - slot.start <= kArenaBytes;
    measure_.hits += found;
    return {&slot, found ? static_cast<const char*>(arena_.data()) + slot.start % kArenaBytes : nullptr};
  }
  // Starts loading the slot of `key` (a slot may straddle two cache lines).
  void Prefetch(const MemoKey& key) const {
    const Slot* slot = static_cast<const Slot*>(slots_.data()) + (MemoHash(key) & slot_mask_);
    __builtin_prefetch(slot);
    __builtin_prefetch(reinterpret_cast<const char*>(slot + 1) - 1);
  }
  // Where the next record goes: kMaxRecord bytes, unbroken by the ring's end.
  char* Begin() {
    const size_t at = head_ % kArenaBytes;
    if (kArenaBytes - at < kMaxRecord) head_ += kArenaBytes - at;
    return static_cast<char*>(arena_.data()) + head_ % kArenaBytes;
  }
  // Ends the record begun at Begin() after `bytes`: kept in `slot` (null: dropped) as the
  // record of `results` results whose search took `nodes` nodes.
  void End(Slot* slot, const MemoKey& key, size_t bytes, uint32_t results, uint64_t nodes) {
    if (slot) {
      *slot = {key, results, head_};
      ++measure_.records;
      measure_.record_nodes += nodes;
      measure_.record_results += results;
    }
    head_ += bytes;
  }

 private:
  static constexpr size_t kSlots = size_t{1} << 18, kArenaBytes = size_t{16} << 20;
  // Until replaying is first judged to pay, only the first 2^15 slots are used: a search
  // where it does not pay touches 1.25 MiB of them, not 10 (a quick listing would feel the
  // first touches of them all).
  static constexpr size_t kTrialSlots = size_t{1} << 15;
  struct Measure {
    uint64_t lookups = 0, hits = 0, records = 0, record_nodes = 0, record_results = 0;
    bool on = true;
  };
  // A hit saves its subtree's nodes, less about one per result it replays; a lookup costs
  // about 10 nodes (it misses the CPU caches) and a recorded result a quarter of one, the
  // costs of symmetric squares' searches, where records stand for from a few nodes to many.
  void Judge() {
    const double per_record = static_cast<double>(measure_.record_nodes - measure_.record_results) /
                              static_cast<double>(std::max<uint64_t>(1, measure_.records));
    measure_.on = static_cast<double>(measure_.hits) * per_record >
                  10.0 * static_cast<double>(measure_.lookups) + 0.25 * static_cast<double>(measure_.record_results);
    if (measure_.on) slot_mask_ = kSlots - 1;
  }

  Mapping slots_, arena_;
  uint64_t head_ = 0;
  size_t slot_mask_ = kTrialSlots - 1;
  Measure measure_;
  uint64_t owner_ = 0;
};

}  // namespace squares::core
