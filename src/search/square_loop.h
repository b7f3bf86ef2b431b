// Square search, the level loop (Knuth's a[l][j] walk over the walkers, with the counting
// shortcuts it reads and the memos of square_memo.h): templates, instantiated by the
// square_loop_*.cc files, one per mask width and purpose, so that they compile in parallel (as
// one file the loop was the sanitizer build's critical path).
// Included by those files only.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstring>
#include <vector>

#include "search/square_memo.h"
#include "search/square_search.h"

// The library runs on any x86-64-v2 CPU (popcnt, SSE4.2); the loop alone is compiled a second
// time for x86-64-v3 (BMI1 and BMI2 among others: tzcnt, blsr, bzhi, shlx), and the program's
// loader picks one for the CPU (an ifunc per function). The clones call each other directly.
// Only with GCC: Debian's clang 14 (the sanitizer and fuzz builds) leaves the resolvers of
// cloned function templates undefined, so those builds run the x86-64-v2 loop alone.
#if defined(__x86_64__) && !defined(__clang__)
#define SQUARES_LOOP_CLONES __attribute__((target_clones("default", "arch=x86-64-v3")))
#else
#define SQUARES_LOOP_CLONES
#endif

namespace squares::core {
namespace {

// The entry of e's child by letter c (c in e's mask): its children are stored in letter order.
template <class Mask>
uint32_t ChildIndex(const DawgEntry<Mask>& e, int c) {
  return e.first + static_cast<uint32_t>(std::popcount(e.mask & ((Mask{1} << c) - 1)));
}

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

}  // namespace

// The tail count (see BuildTail): W's paths from its state through the tail's masks, depth
// first with one mask of untried letters per step. Folded (see BuildFold): the last step
// leaves out the fold's word and counts a path once for each of the masks parts[0, n) (the
// fold word's children, one per letter of the fold level) that allows its last letter.
template <class Mask, int kWalkers, bool kFolded>
SQUARES_LOOP_CLONES uint64_t SquareSearch::TailCount(const DawgEntry<Mask>* state, Mask* parts, int n) const {
  const DawgEntry<Mask>* entries = this->entries<Mask>();
  const int length = static_cast<int>(tail_walker_.size());
  std::array<Mask, kMaxLevels> mask, untried;
  std::array<DawgEntry<Mask>, kMaxLevels> at;
  for (int q = 0; q < length; ++q) {
    const Level& level = levels_[tail_level_ + q];
    Mask m = static_cast<Mask>(level.allowed);
    for (int w = 0; w < kWalkers; ++w) {
      if (w != tail_walker_[q] && !(kFolded && q == length - 1 && w == fold_reader_)) {
        m &= state[level.walkers[w].before].mask;
      }
    }
    mask[q] = m;
  }
  if constexpr (kFolded) {  // the parts that allow none of the last cell's letters drop out
    int kept = 0;
    for (int i = 0; i < n; ++i) {
      if ((parts[i] &= mask[length - 1]) != 0) parts[kept++] = parts[i];
    }
    if (kept == 0) return 0;
    n = kept;
  }
  auto ends = [parts, n](Mask m) -> uint64_t {  // the results of the last step's letters m
    if constexpr (!kFolded) return std::popcount(m);
    uint64_t count = 0;
    for (int i = 0; i < n; ++i) count += std::popcount(m & parts[i]);
    return count;
  };
  uint64_t found = 0;
  auto step = [&](const DawgEntry<Mask>& e, int c) { return entries[ChildIndex(e, c)]; };
  if (length == 4) {  // a diagonal 4x4 square's last row: three loops and a popcount
    const DawgEntry<Mask> s = state[tail_slot_];
    for (Mask ws = s.mask & mask[0]; ws; ws &= ws - 1) {
      const DawgEntry<Mask> d = step(s, std::countr_zero(ws));
      for (Mask xs = d.mask & mask[1]; xs; xs &= xs - 1) {
        const DawgEntry<Mask> e = step(d, std::countr_zero(xs));
        for (Mask ys = e.mask & mask[2]; ys; ys &= ys - 1) {
          found += ends(step(e, std::countr_zero(ys)).mask & mask[3]);
        }
      }
    }
    return found;
  }
  at[0] = state[tail_slot_];
  untried[0] = at[0].mask & mask[0];
  for (int q = 0; q >= 0;) {
    if (q == length - 1) {
      found += ends(untried[q]);
      --q;
      continue;
    }
    if (untried[q] == 0) {
      --q;
      continue;
    }
    const int c = std::countr_zero(untried[q]);
    untried[q] &= untried[q] - 1;
    at[q + 1] = step(at[q], c);
    untried[q + 1] = at[q + 1].mask & mask[q + 1];
    ++q;
  }
  return found;
}

template <class Mask, bool kCountOnly, int kWalkers, bool kEchoes, SquareSearch::Counting kCounting, bool kSieve>
SQUARES_LOOP_CLONES SquareStats SquareSearch::RunTyped(const SquareTask& task, int end_level, SquareSink* sink,
                                   std::vector<SquareTask>* prefixes,
                                   const std::atomic<bool>* stop, Tie tie) const {
  constexpr bool kTied = kCounting == Counting::kTied;
  constexpr bool kMemo = kCounting == Counting::kMemo && kCountOnly;     // SubtreeMemo
  constexpr bool kReplay = kCounting == Counting::kMemo && !kCountOnly;  // ReplayMemo
  const DawgEntry<Mask>* entries = this->entries<Mask>();
  const Level* level = levels_.data();
  const int last = levels() - 1;
  SquareStats stats;
  if (empty_) return stats;

  // The state holds entries by value, so reading a walker's mask is an L1 hit and each
  // placement costs one automaton load per walker.
  const int word_count = static_cast<int>(word_root_.size());
  std::vector<DawgEntry<Mask>> state_array(slots_);
  DawgEntry<Mask>* state = state_array.data();
  for (int w = 0; w < word_count; ++w) state[w] = entries[word_root_[w]];
  state[slots_ - 1] = {static_cast<Mask>(~Mask{0}), 0};  // the free slot
  // Local arrays, not vectors: stores of letters may alias anything, but not these.
  std::array<Mask, kMaxLevels> avail;
  std::array<Letter, kMaxShapeCells> grid{};
  std::array<Letter, kMaxLevels> letters;

  auto allowed = [&](int l) {
    const Level& lv = level[l];
    Mask m = static_cast<Mask>(lv.allowed);
    for (int w = 0; w < kWalkers; ++w) m &= state[lv.walkers[w].before].mask;
    if (kEchoes && lv.echo_of >= 0) m &= Mask{1} << letters[lv.echo_of];
    return m;
  };
  SquareImage* image = sink ? sink->image() : nullptr;
  char* image_text = image ? image->text.data() : nullptr;
  const char* image_byte = image ? image->byte_of.data() : nullptr;
  ImageRoom* room = image ? sink->room() : nullptr;
  const size_t image_size = image ? image->text.size() : 0;
  // Per level, the image's offsets of its cell and the cell's mirror (two each).
  std::vector<std::array<uint32_t, 4>> image_at(image ? levels() : 0);
  for (int l = 0; l < static_cast<int>(image_at.size()); ++l) {
    const std::array<uint32_t, 2>& at = image->offsets[level[l].cell];
    const std::array<uint32_t, 2>& mirror_at = image->offsets[level[l].mirror];
    image_at[l] = {at[0], at[1], mirror_at[0], mirror_at[1]};
  }
  // The grid is read by the filters and by a sink without room; else only the image is.
  const bool keep_grid = has_filters_ || !room;
  // Writes letter c of level l into the result: its cells in the grid and the image.
  auto show = [&](int l, int c) {
    if (keep_grid) grid[level[l].cell] = grid[level[l].mirror] = static_cast<Letter>(c);
    if (!image_text) return;
    const char byte = image_byte[c];
    for (uint32_t k : image_at[l]) image_text[k] = byte;
  };
  auto place = [&](int l, int c) {
    const Level& lv = level[l];
    for (int w = 0; w < kWalkers; ++w) {
      const Walker& walker = lv.walkers[w];
      if (walker.step) state[walker.after] = entries[ChildIndex(state[walker.before], c)];
    }
    if constexpr (!kCountOnly) show(l, c);
    letters[l] = static_cast<Letter>(c);
  };
  // Counting up to symmetry_: the letters of the later cells of tie_pairs_, in order,
  // against those of their images: at least them while all agree so far (kAtLeast), or
  // equal to them (kEqual).
  const std::array<uint16_t, 2>* tie_pairs = tie_pairs_.data();
  const std::array<int16_t, 2>* tie_of_level = tie_of_level_.data();
  auto constrain = [&](int l, Mask m) {
    if (!kTied || tie_of_level[l][0] < 0) return m;
    const Mask own = Mask{1} << letters[tie_of_level[l][0]];
    if (tie == Tie::kEqual) return m & own;
    for (int k = 0; k < tie_of_level[l][1]; ++k) {
      if (letters[tie_pairs[k][0]] != letters[tie_pairs[k][1]]) return m;
    }
    return m & ~(own - 1);
  };
  const Mask* reach = this->reach<Mask>();
  const Check* checks = checks_.data();
  const bool checking = !checks_.empty();  // none for double squares and rectangles
  // The lift (see BuildChecks): in a loop of three walkers or more and no tie, the level's
  // first checks (up to checks_lifted[l]) filter its letters before they are placed, each
  // against the child it leads to, and are skipped after placing.
  constexpr bool kLift = kWalkers >= 3 && !kTied;
  const uint32_t words = static_cast<uint32_t>(word_root_.size());
  const uint16_t* checks_lifted = checks_lifted_.data();
  auto lift = [&](int l, Mask m) {
    for (int k = level[l].checks_begin; k < checks_lifted[l]; ++k) {
      const DawgEntry<Mask> s = state[checks[k].slot_a - words];
      const Mask other = state[checks[k].slot_b].mask;
      Mask keep = 0;
      for (Mask x = m; x; x &= x - 1) {
        // ChildIndex from the bit itself: the loop has the bit, and recomputing the shift from
        // its index is a dependent step more per letter.
        const Mask bit = x & -x;
        if (entries[s.first + static_cast<uint32_t>(std::popcount(s.mask & (bit - 1)))].mask & other) keep |= bit;
      }
      m = keep;
    }
    return m;
  };
  auto alive = [&](const Level& lv, int k) {
    for (; k < lv.checks_one; ++k) {
      if ((state[checks[k].slot_a].mask & state[checks[k].slot_b].mask) == 0) return false;
    }
    for (; k < lv.checks_two; ++k) {
      const Check& ch = checks[k];
      if ((reach[ch.plane_a + state[ch.slot_a].first] & state[ch.slot_b].mask) == 0) return false;
    }
    for (; k < lv.checks_three; ++k) {
      const Check& ch = checks[k];
      if ((reach[ch.plane_a + state[ch.slot_a].first] & reach[ch.plane_b + state[ch.slot_b].first]) == 0) {
        return false;
      }
    }
    for (; k < lv.checks_end; ++k) {
      const Check& ch = checks[k];
      if ((reach[ch.plane_a + state[ch.slot_a].first] & reach[ch.plane_b + state[ch.slot_b].first] &
           reach[ch.plane_c + state[ch.slot_c].first]) == 0) {
        return false;
      }
    }
    return true;
  };
  // The sieve's lists: list 0 is sieve_start_, list j + 1 the blocks left after sift j.
  const size_t blocks = sieve_blocks_;
  const Sift* sifts = sifts_.data();
  const uint32_t* row_of = row_of_.data();
  const uint64_t* sieve_rows = sieve_rows_.data();
  const SieveBlock* sieve_first = sieve_first_.data();
  const uint32_t* sieve_lists = sieve_lists_.data();
  std::vector<SieveBlock> sieve_buffer(kSieve ? sifts_.size() * blocks : 0);
  std::vector<const SieveBlock*> list(kSieve ? sifts_.size() + 1 : 0, sieve_start_.data());
  std::vector<size_t> list_size(kSieve ? sifts_.size() + 1 : 0, sieve_start_.size());
  auto sift = [&](const Level& lv) {
    for (int j = lv.sifts_begin; j < lv.sifts_end; ++j) {
      const Sift& sf = sifts[j];
      const SieveBlock* in = list[j];
      const size_t n = list_size[j];
      const uint32_t row = row_of[sf.map + state[sf.slot].first - sf.first_lo];
      if (row == kPassRow) {
        list[j + 1] = in;
        list_size[j + 1] = n;
        continue;
      }
      if (j == 0) {  // precomputed
        list[1] = sieve_first + sieve_lists[row];
        list_size[1] = sieve_lists[row + 1] - sieve_lists[row];
        if (list_size[1] == 0) return false;
        continue;
      }
      const uint64_t* bits = sieve_rows + static_cast<size_t>(row) * blocks;
      SieveBlock* out = sieve_buffer.data() + static_cast<size_t>(j) * blocks;
      size_t kept = 0;
      for (size_t i = 0; i < n; ++i) {
        const uint64_t b = in[i].bits & bits[in[i].index];
        out[kept] = {in[i].index, b};
        kept += b != 0;
      }
      list[j + 1] = out;
      list_size[j + 1] = kept;
      if (kept == 0) return false;
    }
    return true;
  };
  const uint32_t* closing_map = closing_map_.data();
  const uint8_t* closing_counts = closing_counts_.data();
  // The closing count: v of the state whose vectors are at closing_counts[p], dot w of q's.
  constexpr int kLetters = sizeof(Mask) * 8;
  auto closing_dot = [closing_counts](uint32_t p, uint32_t q) {
    const uint8_t *v = closing_counts + p, *w = closing_counts + q + kLetters;
    uint32_t dot = 0;
    for (int x = 0; x < kLetters; ++x) dot += v[x] * w[x];
    return dot;
  };
  const uint32_t* corner_map = corner_map_.data();
  const uint32_t* corner_children = corner_children_.data();
  const uint32_t* corner_pairs_begin = corner_pairs_begin_.data();
  const CornerPair* corner_pairs = corner_pairs_.data();
  // The key of the memos at level l's start: the states of the words open there.
  auto memo_key = [&](int l) {
    MemoKey key{};
    const Level& lv = level[l];
    for (int k = 0; k < lv.memo_width; ++k) key[k] = state[memo_slots_[lv.memo_begin + k]].first;
    key[kMaxMemoWidth] = static_cast<uint32_t>(l);
    return key;
  };
  // Listing's memos, when the image's layout allows: the replay memo (see ReplayMemo) at
  // replay_level_, the sibling memo (see SiblingMemo) at sibling_level_. A subtree searched
  // is recorded while its results are copied.
  [[maybe_unused]] ReplayMemo* replay = nullptr;
  int replay_level = -1;
  ReplayLayout<uint64_t> replay_layout;
  ReplayRecording<uint64_t> recording;
  ReplayMemo::Slot* recording_slot = nullptr;
  MemoKey recording_key{};
  uint64_t recording_nodes_before = 0;
  [[maybe_unused]] SiblingMemo* siblings = sibling_memo_.get();
  int sibling_level = -1;
  ReplayLayout<unsigned __int128> sibling_layout;
  ReplayRecording<unsigned __int128> sibling_recording;
  MemoKey sibling_key{};
  if constexpr (kReplay) {
    if (replay_level_ >= 0 && replay_layout.Build(image_at, replay_level_, image_size)) {
      replay_level = replay_level_;
      replay = &ReplayMemo::ForSearch(search_id_);
    }
    if (sibling_level_ >= 0 && sibling_layout.Build(image_at, sibling_level_, image_size)) {
      sibling_level = sibling_level_;
    }
  }
  // Listing into room at the closing count's level (see below): its three levels' letters
  // as a layout, and where they lie in a recording's letters (the closing level lies below
  // the replay and sibling levels).
  ReplayLayout<uint64_t> closing_layout;
  const bool closing_batch =
      room && !keep_grid && closing_level_ >= 0 && closing_layout.Build(image_at, closing_level_, image_size);
  [[maybe_unused]] const int recording_shift = 8 * (closing_level_ - replay_level);
  [[maybe_unused]] const int sibling_shift = 8 * (closing_level_ - sibling_level);
  // Writes a result into the sink's room with fill(room): false = stop.
  auto emit = [&](auto&& fill) __attribute__((always_inline)) {
    ++stats.squares;
    if (room->results == 0 && !sink->MakeRoom()) return false;
    char* out = room->at;
    fill(out);
    if constexpr (kReplay) {
      if (recording.begin) recording.Add(replay_layout, replay_layout.LettersOf(out));
      if (sibling_recording.begin) sibling_recording.Add(sibling_layout, sibling_layout.LettersOf(out));
    }
    room->at += image_size;
    --room->results;
    return !(stop && stop->load(std::memory_order_relaxed));
  };
  // Writes `results` results into the sink's room, as many at a time as it holds:
  // write_next(out, count) writes the next `count` of them at `out`. False = stop.
  auto emit_each = [&](uint64_t results, auto&& write_next) {
    while (results > 0) {
      if (room->results == 0 && !sink->MakeRoom()) return false;
      const uint64_t count = std::min(results, room->results);
      write_next(room->at, count);
      room->at += count * image_size;
      room->results -= count;
      stats.squares += count;
      results -= count;
      if (stop && stop->load(std::memory_order_relaxed)) return false;
    }
    return true;
  };
  // Copies the image into the `count` results at `out`, unless `layout` covers it.
  auto copy_image = [&](char* out, uint64_t count, const auto& layout) {
    if (layout.covers_image()) return;
    for (uint64_t r = 0; r < count; ++r) CopyImage(out + r * image_size, image_text, image_size);
  };
  // Replays the record of `results` results at `at`, written with `layout`: false = stop.
  // A replay may lie inside a recording of the sibling memo (not of the replay memo: the
  // sibling level lies above the replay level).
  auto replay_record = [&](const auto& layout, const char* at, uint64_t results) {
    const auto base = layout.Kept(image_text);
    decltype(layout.LettersOf(at)) letters = 0;
    return emit_each(results, [&](char* out, uint64_t count) {
      copy_image(out, count, layout);
      at = layout.Replay(at, letters, base, out, image_size, count);
      if (sibling_recording.begin) {
        for (uint64_t r = 0; r < count; ++r) {
          sibling_recording.Add(sibling_layout, sibling_layout.LettersOf(out + r * image_size));
        }
      }
    });
  };
  // The first rows after the current one in the search's order that differ from it in
  // their first letter only (see SiblingMemo): their first letter leads row 0's automaton,
  // from its root, along the current row's other letters.
  auto later_siblings = [&] {
    const DawgEntry<Mask> root = state[level[0].walkers[0].before];
    uint32_t later = 0;
    for (Mask firsts = allowed(0) & (~Mask{0} << letters[0] << 1); firsts; firsts &= firsts - 1) {
      DawgEntry<Mask> e = entries[ChildIndex(root, std::countr_zero(firsts))];
      int k = 1;
      for (; k + 1 < sibling_level && (e.mask >> letters[k] & 1); ++k) e = entries[ChildIndex(e, letters[k])];
      later += k + 1 == sibling_level && (e.mask >> letters[k] & 1);
    }
    return later;
  };
  // Reports a complete assignment of levels [0, end_level); false = stop. Inlined by force:
  // it runs once per result, and left a call it spills the loop's registers.
  auto leaf = [&]() __attribute__((always_inline)) {
    if (end_level <= last) {
      if (prefixes) prefixes->emplace_back(letters.begin(), letters.begin() + end_level);
      ++stats.squares;  // counts prefixes here
      return true;
    }
    if (has_filters_ && !PassesFilters(grid.data())) return true;
    if (room) return emit([&](char* out) { CopyImage(out, image_text, image_size); });
    ++stats.squares;
    if (sink && !sink->Accept(grid.data())) return false;
    return !(stop && stop->load(std::memory_order_relaxed));
  };

  // Replay the task's fixed prefix; the search proper starts below it.
  const int base = static_cast<int>(task.size());
  for (int l = 0; l < base; ++l) {
    if (!(constrain(l, allowed(l)) >> task[l] & 1)) return stats;
    place(l, task[l]);
    if (kSieve && !sift(level[l])) return stats;
  }
  if (base == end_level) {
    leaf();
    return stats;
  }
  // The loop keeps the current level's untried letters in `m`; avail[] holds them for the
  // levels above. Counting needs no descent into the last level: every letter allowed there
  // completes a square.
  int l = base;
  Mask m = constrain(l, allowed(l));
  uint64_t nodes = 0;
  // Lone levels (see BuildLone): the count when the search entered one, and its letters.
  const uint8_t* lone = lone_.data();
  std::vector<std::array<uint64_t, 2>> lone_scale(kCountOnly ? levels() : 0);
  if (kCountOnly && base == last) {
    stats.squares = stats.nodes = std::popcount(m);
    return stats;
  }
  // Counting: a memo row's subtree count, from the cache or stored when the search leaves it.
  // Per level: the slot to fill when the subtree is done (null when none), the entry, and
  // the measurements that decide whether the level keeps its memo.
  struct MemoLevel {
    SubtreeMemo::Slot* slot = nullptr;
    SubtreeMemo::Slot entry;
    uint64_t squares_before, nodes_before;
    SubtreeMemo::Measure* measure;  // null: no memo at this level
  };
  [[maybe_unused]] SubtreeMemo* memo = nullptr;
  std::vector<MemoLevel> memo_level(kMemo ? levels() : 0);
  if constexpr (kMemo) {
    memo = &SubtreeMemo::ForSearch(search_id_, levels());
    for (int k = 0; k < levels(); ++k) {
      memo_level[k].measure = level[k].memo_width >= 0 && memo->measure[k].on ? &memo->measure[k] : nullptr;
    }
  }
  // Cancellation: `stop` is read when the search leaves a level, once per kStopPoll nodes
  // (a result's leaf() reads it too), so a count that finds nothing for long still stops.
  constexpr uint64_t kStopPoll = uint64_t{1} << 16;
  uint64_t next_poll = stop ? kStopPoll : UINT64_MAX;
  for (;;) {
    if (m == 0) {
      if (l == base) break;
      if (nodes >= next_poll) {
        if (stop->load(std::memory_order_relaxed)) break;
        next_poll = nodes + kStopPoll;
      }
      if constexpr (kCountOnly) {
        if (lone[l]) stats.squares = lone_scale[l][0] + lone_scale[l][1] * (stats.squares - lone_scale[l][0]);
      }
      if constexpr (kMemo) {
        if (MemoLevel& ml = memo_level[l]; ml.slot) {
          const uint64_t count = stats.squares - ml.squares_before;
          ml.entry.count = static_cast<uint32_t>(count);
          if (count < SubtreeMemo::kEmpty) *ml.slot = ml.entry;
          ml.slot = nullptr;
          ++ml.measure->misses_done;
          ml.measure->subtree_nodes += nodes - ml.nodes_before;
        }
      }
      if constexpr (kReplay) {
        if (l == replay_level && recording.begin) {
          replay->End(recording.whole ? recording_slot : nullptr, recording_key, recording.at - recording.begin,
                      recording.results, nodes - recording_nodes_before);
          recording.begin = nullptr;
        }
        if (l == sibling_level && sibling_recording.begin) {
          siblings->Keep(sibling_key, sibling_recording.whole ? sibling_recording.begin : nullptr,
                         sibling_recording.at - sibling_recording.begin, sibling_recording.results);
          sibling_recording.begin = nullptr;
        }
      }
      m = avail[--l];
      continue;
    }
    int c = std::countr_zero(m);
    m &= m - 1;
    place(l, c);
    ++nodes;
    if (checking && (!kCountOnly || l != closing_unchecked_level_) &&
        !alive(level[l], kLift ? checks_lifted[l] : level[l].checks_begin)) {
      continue;
    }
    if (kSieve && !sift(level[l])) continue;
    if constexpr (kCountOnly) {
      if (lone[l + 1]) {  // one letter stands for all: counted when the search leaves it
        const Mask lone_letters = allowed(l + 1);
        if (lone_letters == 0) continue;
        lone_scale[l + 1] = {stats.squares, static_cast<uint64_t>(std::popcount(lone_letters))};
        avail[l++] = m;
        m = 0;
      }
    }
    if (l + 1 == end_level) {
      if (!leaf()) break;
      continue;
    }
    if constexpr (kCountOnly) {
      if (l + 1 == corner_level_) {
        const uint32_t r = corner_map[state[corner_slots_[0]].first - corner_lo_];
        const uint32_t* a = corner_children + size_t{corner_map[state[corner_slots_[1]].first - corner_lo_]} * kLetters;
        const uint32_t* b = corner_children + size_t{corner_map[state[corner_slots_[2]].first - corner_lo_]} * kLetters;
        uint64_t found = 0;
        const Mask amask = state[corner_slots_[1]].mask, bmask = state[corner_slots_[2]].mask;
        for (uint32_t k = corner_pairs_begin[r]; k < corner_pairs_begin[r + 1]; ++k) {
          const CornerPair pair = corner_pairs[k];
          if (!((amask >> pair.x) & (bmask >> pair.y) & 1)) continue;
          found += uint64_t{pair.count} * closing_dot(a[pair.x], b[pair.y]);
        }
        nodes += found;
        stats.squares += found;
        continue;
      }
      // Tied or not: the tail and the fold have no tie pair (see BuildTail, BuildFold).
      if constexpr (kWalkers >= 3) {
        if (l + 1 == fold_level_) {
          // The fold's letters, not placed: the masks their children in its word leave.
          const Level& fold = level[fold_level_];
          const DawgEntry<Mask> from = state[fold.walkers[fold_walker_].before];
          std::array<Mask, sizeof(Mask) * 8> parts;
          int n = 0;
          for (Mask xs = allowed(fold_level_); xs; xs &= xs - 1) {
            parts[n++] = entries[ChildIndex(from, std::countr_zero(xs))].mask;
          }
          const uint64_t found = TailCount<Mask, kWalkers, true>(state, parts.data(), n);
          nodes += found;
          stats.squares += found;
          continue;
        }
        if (l + 1 == tail_level_) {
          const uint64_t found = TailCount<Mask, kWalkers, false>(state, nullptr, 0);
          nodes += found;
          stats.squares += found;
          continue;
        }
      }
      if (l + 1 == closing_level_) {
        const uint32_t found = closing_dot(closing_map[state[closing_slots_[0]].first - closing_lo_],
                                           closing_map[state[closing_slots_[1]].first - closing_lo_]);
        nodes += found;
        stats.squares += found;
        continue;
      }
      // The words the sieve left are F's completions, unless a tie constrains F: while the
      // pairs complete so far all agree (kAtLeast), or always (kEqual).
      auto untied = [&] {
        if (tie == Tie::kEqual) return false;
        for (int k = 0; k < sieve_ties_; ++k) {
          if (letters[tie_pairs[k][0]] != letters[tie_pairs[k][1]]) return true;
        }
        return false;
      };
      if (kSieve && l + 1 == sieve_level_ && (!kTied || untied())) {
        uint64_t found = 0;
        const SieveBlock* blocks_left = list[sifts_.size()];
        for (size_t i = 0; i < list_size[sifts_.size()]; ++i) found += std::popcount(blocks_left[i].bits);
        nodes += found;
        stats.squares += found;
        continue;
      }
    }
    if constexpr (!kCountOnly) {
      // Listing at the closing count's level (see BuildClosing): its three levels as three
      // plain loops over A's and B's states, no walkers stepped, no look-ahead to test.
      if (l + 1 == closing_level_ && end_level > last) {
        const int a = closing_level_;
        const DawgEntry<Mask> p = state[closing_slots_[0]], q = state[closing_slots_[1]];
        const Mask middle = static_cast<Mask>(level[a + 1].allowed) & q.mask;
        const Mask end = static_cast<Mask>(level[a + 2].allowed);
        // With room and no grid to keep, the results of a row's z letters are written at
        // once, each from the image's kept bytes and its three letters (closing_layout), and
        // the recordings take their letters as they are, not read back from the copies.
        using ClosingBase = ReplayLayout<uint64_t>::Base;
        const ClosingBase closing_base = closing_batch ? closing_layout.Kept(image_text) : ClosingBase{};
        uint64_t recording_prefix = 0;
        unsigned __int128 sibling_prefix = 0;
        if constexpr (kReplay) {
          if (recording.begin) {
            recording_prefix = replay_layout.LettersOf(image_text) & ((uint64_t{1} << recording_shift) - 1);
          }
          if (sibling_recording.begin) {
            sibling_prefix =
                sibling_layout.LettersOf(image_text) & ((static_cast<unsigned __int128>(1) << sibling_shift) - 1);
          }
        }
        auto letter_byte = [&](int c) { return uint64_t{static_cast<uint8_t>(image_byte[c])}; };
        auto emit_closing = [&](int y, int x, Mask zs) {
          const uint64_t yx = letter_byte(y) | letter_byte(x) << 8;
          return emit_each(std::popcount(zs), [&](char* out, uint64_t count) {
            copy_image(out, count, closing_layout);
            Mask rest = zs;
            closing_layout.WriteEach(out, image_size, count, closing_base, [&] {
              const int z = std::countr_zero(rest);
              rest &= rest - 1;
              return yx | letter_byte(z) << 16;
            });
            if constexpr (kReplay) {
              for (; zs != rest; zs &= zs - 1) {
                const uint64_t yxz = yx | letter_byte(std::countr_zero(zs)) << 16;
                if (recording.begin) recording.Add(replay_layout, recording_prefix | yxz << recording_shift);
                if (sibling_recording.begin) {
                  sibling_recording.Add(sibling_layout,
                                        sibling_prefix | static_cast<unsigned __int128>(yxz) << sibling_shift);
                }
              }
            }
            zs = rest;
          });
        };
        bool go_on = true;
        for (Mask ys = static_cast<Mask>(level[a].allowed) & p.mask; ys != 0 && go_on; ys &= ys - 1) {
          const int y = std::countr_zero(ys);
          ++nodes;
          for (Mask xs = entries[ChildIndex(p, y)].mask & middle; xs != 0 && go_on; xs &= xs - 1) {
            const int x = std::countr_zero(xs);
            ++nodes;
            const Mask zs = entries[ChildIndex(q, x)].mask & end;
            if (closing_batch) {
              nodes += std::popcount(zs);
              go_on = emit_closing(y, x, zs);
              continue;
            }
            show(a, y);
            show(a + 1, x);
            for (Mask z = zs; z != 0 && go_on; z &= z - 1) {
              ++nodes;
              show(a + 2, std::countr_zero(z));
              go_on = leaf();
            }
          }
        }
        if (!go_on) break;
        continue;
      }
    }
    Mask next = constrain(l + 1, allowed(l + 1));
    if constexpr (kLift) {
      if (checks_lifted[l + 1] != level[l + 1].checks_begin) next = lift(l + 1, next);
    }
    if (l + 1 == last) {
      // Every letter allowed at the last cell completes a result (no look-ahead is left).
      if constexpr (kCountOnly) {
        int found = std::popcount(next);
        nodes += found;
        stats.squares += found;
      } else {
        bool go_on = true;
        for (; next != 0 && go_on; next &= next - 1) {
          place(last, std::countr_zero(next));
          ++nodes;
          go_on = leaf();
        }
        if (!go_on) break;
      }
      continue;
    }
    if constexpr (kCountOnly) {
      // The last two levels at once, when the next one has no look-ahead: each of its
      // letters placed, the last level's letters counted, no descent.
      if (l + 2 == last && end_level > last && level[l + 1].checks_begin == level[l + 1].checks_end) {
        for (; next != 0; next &= next - 1) {
          place(l + 1, std::countr_zero(next));
          const int found = std::popcount(constrain(last, allowed(last)));
          nodes += 1 + found;
          stats.squares += found;
        }
        continue;
      }
      if constexpr (kMemo) {
        if (MemoLevel& ml = memo_level[l + 1]; ml.measure && ml.measure->on) {
          const MemoKey key = memo_key(l + 1);
          SubtreeMemo::Slot& slot = memo->slot(key);
          SubtreeMemo::Measure& me = *ml.measure;
          if ((++me.lookups & 0x3FFF) == 0) {
            // Keep the memo while hits save more than lookups cost (about 8 nodes each).
            double per_miss = static_cast<double>(me.subtree_nodes) / std::max<uint64_t>(1, me.misses_done);
            me.on = me.hits * per_miss > 8.0 * me.lookups;
          }
          if (slot.count != SubtreeMemo::kEmpty && SameKey(slot.key, key)) {
            ++me.hits;
            stats.squares += slot.count;
            continue;
          }
          ml.slot = &slot;
          ml.entry.key = key;
          ml.squares_before = stats.squares;
          ml.nodes_before = nodes;
        }
      }
    }
    if constexpr (kReplay) {
      if (l + 1 == sibling_level) {
        sibling_key = memo_key(l + 1);
        bool record = false;
        const SiblingMemo::Record found = siblings->Enter(sibling_key, later_siblings(), record);
        if (found.bytes) {
          const bool go_on = replay_record(sibling_layout, found.bytes, found.results);
          siblings->Release(sibling_key);
          if (!go_on) break;
          continue;
        }
        if (record) sibling_recording.Start(SiblingMemo::Scratch(), SiblingMemo::kMaxRecord);
      }
      if (l + 1 == replay_level && replay->on()) {
        const MemoKey key = memo_key(l + 1);
        const auto [slot, record] = replay->Find(key);
        if (record) {
          if (!replay_record(replay_layout, record, slot->results)) break;
          continue;
        }
        recording.Start(replay->Begin(), ReplayMemo::kMaxRecord);
        recording_slot = slot;
        recording_key = key;
        recording_nodes_before = nodes;
      }
      // Entering the level above the replay level: the memo's slots of all its letters are
      // loaded at once (each placed here, and again when the loop gets to it).
      if (l + 2 == replay_level && replay->on()) {
        for (Mask x = next; x; x &= x - 1) {
          place(l + 1, std::countr_zero(x));
          replay->Prefetch(memo_key(l + 2));
        }
      }
    }
    avail[l++] = m;
    m = next;
  }
  if constexpr (kReplay) {
    if (sibling_recording.begin) siblings->Keep(sibling_key, nullptr, 0, 0);  // stopped
  }
  stats.nodes = nodes;
  return stats;
}

template <class Mask, bool kCountOnly>
SquareStats SquareSearch::RunWalkers(const SquareTask& task, int end_level, SquareSink* sink,
                                     std::vector<SquareTask>* prefixes,
                                     const std::atomic<bool>* stop, Tie tie) const {
  auto run = [&]<int kWalkers, bool kEchoes>() {
    auto typed = [&]<Counting kCounting>() {
      if (sieve_level_ >= 0) {
        return RunTyped<Mask, kCountOnly, kWalkers, kEchoes, kCounting, true>(task, end_level, sink, prefixes,
                                                                            stop, tie);
      }
      return RunTyped<Mask, kCountOnly, kWalkers, kEchoes, kCounting, false>(task, end_level, sink, prefixes,
                                                                           stop, tie);
    };
    if constexpr (kCountOnly) {  // ties serve counting only
      if (tie != Tie::kNone) return typed.template operator()<Counting::kTied>();
    }
    // Symmetric squares (BuildMemoKeys), no sieve. Counting keeps a subtree memo; listing into
    // a sink's room a replay memo, while the thread's pays (else the plain loop is quicker: it
    // keeps fewer registers), and the sibling memo, and only with 32-bit masks: an image needs
    // one byte per letter, and alphabets of more than 32 such letters are not worth the
    // compile time.
    if constexpr (kWalkers == 2 && !kEchoes && (kCountOnly || sizeof(Mask) == 4)) {
      bool memo = has_memo_;
      if constexpr (!kCountOnly) {
        memo = replay_level_ >= 0 && end_level == levels() && sink && sink->room() && !has_filters_ &&
               (sibling_level_ >= 0 || ReplayMemo::ForSearch(search_id_).on());
      }
      if (memo) {
        return RunTyped<Mask, kCountOnly, kWalkers, kEchoes, Counting::kMemo, false>(task, end_level, sink,
                                                                                    prefixes, stop, tie);
      }
    }
    return typed.template operator()<Counting::kPlain>();
  };
  // Two walkers and no echo level: the square modes, whose loop keeps nothing else; three:
  // diagonal squares and cubes, most without echo levels too. Alphabets of more than 32
  // letters keep the square modes' loop and one loop for every other shape: each loop is
  // compiled some twenty ways, and the suite's time budget is mostly compiling. Sanitizer
  // builds do the same for every alphabet (SQUARES_GENERIC_SHAPE_LOOPS): the loop is the same
  // code for any number of walkers.
#ifdef SQUARES_GENERIC_SHAPE_LOOPS
  constexpr bool kGenericShapes = true;
#else
  constexpr bool kGenericShapes = sizeof(Mask) == 8;
#endif
  if constexpr (kGenericShapes) {
    if (max_walkers_ <= 2 && !has_echoes_) return run.template operator()<2, false>();
    return run.template operator()<kMaxCellWords, true>();
  } else {
    switch (max_walkers_) {
      case 0:
      case 1:
      case 2: return has_echoes_ ? run.template operator()<2, true>() : run.template operator()<2, false>();
      case 3: return has_echoes_ ? run.template operator()<3, true>() : run.template operator()<3, false>();
      case 4: return run.template operator()<4, true>();
      default: return run.template operator()<kMaxCellWords, true>();
    }
  }
}

}  // namespace squares::core
