// Square search, the level loop: Knuth's walk over the levels, each placing a letter in one
// cell and stepping the walkers of the words through it (loop_walk.h), with the look-ahead
// (loop_look_ahead.h), the last word's sieve (loop_sieve.h), the row sieve, which places a
// row's letters at once (loop_row_sieve.h), and what counting and listing do
// besides (loop_counting.h, loop_listing.h: the shortcuts that count or list a subtree
// without searching it, and the memos). Templates, instantiated by the square_loop_*.cc
// files, one per mask width and purpose, so that they compile in parallel.
// Included by those files only.
#pragma once

#include <array>
#include <atomic>
#include <bit>
#include <type_traits>
#include <vector>

// The library runs on any x86-64-v2 CPU (popcnt, SSE4.2); the loop alone is compiled a second
// time for x86-64-v3 (BMI1 and BMI2 among others: tzcnt, blsr, bzhi, shlx), and the program's
// loader picks one for the CPU (an ifunc per function). The clones call each other directly.
// Only with GCC: Debian's clang 14 (the sanitizer and fuzz builds) leaves the resolvers of
// cloned function templates undefined, so those builds run the x86-64-v2 loop alone. The
// loop's AVX-512 build (square_loop_avx512.cc) compiles these headers for x86-64-v4 and
// needs no clones: the search runs it only on a CPU that has it (see RunAny).
#if defined(__x86_64__) && !defined(__clang__) && !defined(SQUARES_LOOP_AVX512_BUILD)
#define SQUARES_LOOP_CLONES __attribute__((target_clones("default", "arch=x86-64-v3")))
#else
#define SQUARES_LOOP_CLONES
#endif

#include "search/loop_counting.h"
#include "search/loop_listing.h"
#include "search/loop_look_ahead.h"
#include "search/loop_row_from_end.h"
#include "search/loop_row_sieve.h"
#include "search/loop_row_walk.h"
#include "search/loop_sieve.h"
#include "search/loop_walk.h"
#include "search/square_search.h"

namespace squares::core {

template <class Mask, bool kCountOnly, int kWalkers, bool kEchoes, SquareSearch::Counting kCounting,
          SquareSearch::Sifting kSifting, LoopIsa kIsa>
SQUARES_LOOP_CLONES SquareStats SquareSearch::RunTyped(const SquareTask& task, int end_level,
                                                       SquareSink* sink,
                                                       std::vector<SquareTask>* prefixes,
                                                       const std::atomic<bool>* stop,
                                                       Tie tie) const {
  SquareStats stats;  // every return returns it: the counts live in the caller's result
  if (plan_.empty) return stats;
  using Walk = LoopWalk<Mask, kWalkers, kEchoes, kCounting == Counting::kTied>;
  using Look =
      LoopLookAhead<Mask, kWalkers >= 3 && kCounting != Counting::kTied, kWalkers >= 3, kIsa>;
  using Sifter = LoopSieve<Mask, kSifting == Sifting::kLastWord, kCountOnly>;
  // Rows placed whole: the row sieve's (symmetric squares) or the row walk's (double squares
  // and rectangles).
  using Rows = std::conditional_t<kSifting == Sifting::kRowWalk, LoopRowWalk<Mask>,
                                  LoopRowSieve<Mask, kSifting == Sifting::kRows>>;
  // What the search does besides walking: count (with the shortcuts) or list.
  using Visit =
      std::conditional_t<kCountOnly, LoopCounting<Mask, Walk, Look, Sifter>,
                         LoopListing<Mask, Walk, Look, kCounting == Counting::kReplay>>;
  // The loop's arrays are its own locals, not members of its parts (see LoopArray). Each part
  // reads the tables of its own part of the search.
  LoopArray<DawgEntry<Mask>> state(plan_.slots);
  std::array<Letter, kMaxLevels> letters;
  Walk walk(plan_, state.get(), letters.data(), tie);
  const Look look(look_ahead_, kCountOnly);
  Sifter sieve(sieve_);
  Rows rows(*this, walk.entries, sink == nullptr && prefixes == nullptr);
  // The row tests from their end (only loops of two walkers without echoes have them).
  const int16_t* const from_end_at =
      kWalkers == 2 && !kEchoes && from_end_.on() ? from_end_.at_level.data() : nullptr;
  Visit visit(*this, stats, end_level, sink, prefixes, stop);

  const int base = static_cast<int>(task.size());  // the task's letters: the search starts below
  for (int l = 0; l < base; ++l) {
    if (!(walk.Letters(l) >> task[l] & 1)) return stats;
    walk.Place(l, task[l]);
    visit.Show(l, task[l]);
    if (!sieve.Sift(l, walk.state)) return stats;
  }
  if (base == end_level) {
    visit.Leaf(walk);
    visit.Finish();
    return stats;
  }
  // The current level's untried letters are in `m`; avail[] holds them for the levels above.
  std::array<Mask, kMaxLevels> avail;
  rows.ClearBetween(avail.data());
  int l = base;
  Mask m = rows.Starts(l) ? rows.Arrive(l, walk) : walk.Letters(l);
  if (kCountOnly && base == levels() - 1) {
    stats.nodes = std::popcount(m);
    stats.squares = walk.Weigh(l, m);
    return stats;
  }
  // Whether some word fits the row tested after level l; if not, the search backs up to the
  // level whose letter the refutation depends on.
  auto fits_from_end = [&](int& l) __attribute__((always_inline)) {
    const int to = from_end_.Test<Mask>(from_end_at[l], walk.entries, walk.state);
    if (to == RowFromEnd::kFits) return true;
    ++stats.refuted;
    if (to < l) ++stats.backjumps;
    while (l > to && l > base) {
      visit.Leave(l);
      m = avail[--l];
    }
    if (to < base) m = 0;
    return false;
  };
  // Cancellation: `stop` is read when the search leaves a level, once per kStopPoll nodes
  // (a result's Leaf() reads it too), so a count that finds nothing for long still stops.
  constexpr uint64_t kStopPoll = uint64_t{1} << 16;
  uint64_t next_poll = stop ? kStopPoll : UINT64_MAX;
  for (;;) {
    if (m == 0) {  // backtrack
      if (l == base) break;
      if (stats.nodes >= next_poll) {
        if (stop->load(std::memory_order_relaxed)) break;
        next_poll = stats.nodes + kStopPoll;
      }
      visit.Leave(l);
      m = avail[--l];
      continue;
    }
    if (rows.Starts(l)) {  // the row's next candidate, its levels at once
      if (!rows.Next(l, walk, stats.nodes)) {
        m = 0;
        continue;
      }
      const int cells = rows.Cells(l);
      if constexpr (!kCountOnly) {
        for (int q = 0; q < cells; ++q) visit.Show(l + q, walk.letters[l + q]);
      }
      // Its last level is the current one; the levels between have no letter left (see
      // ClearBetween), so that backtracking returns to the row's first, whose `m` stands for
      // the candidates left.
      avail[l] = m;
      l += cells - 1;
      m = 0;
      if constexpr (kSifting == Sifting::kRowWalk) {
        if (from_end_at[l] >= 0 && !fits_from_end(l)) continue;
      }
    } else {
      const int c = std::countr_zero(m);  // place the next letter
      m &= m - 1;
      walk.Place(l, c);
      visit.Show(l, c);
      ++stats.nodes;
      // The count stays in memory: in a register it took the one of `m` (GCC's choice), which
      // then went to memory and back on every letter.
      asm("" : "+m"(stats.nodes));
      if (!look.Alive(l, walk.state) || !sieve.Sift(l, walk.state)) continue;
      if (from_end_at && from_end_at[l] >= 0 && !fits_from_end(l)) continue;
    }
    if (visit.IsLone(l + 1)) {  // one letter stands for all: counted when the search leaves it
      if (!visit.EnterLone(l + 1, walk)) continue;
      avail[l++] = m;
      m = 0;
    }
    if (!kCountOnly && l + 1 == end_level) {  // counting counts the last level in Enter
      if (!visit.Leaf(walk)) break;
      continue;
    }
    Mask next;  // descend, unless a shortcut counts or lists the level below
    if (const Below step = visit.Enter(l + 1, walk, look, sieve, rows, next);
        step != Below::kSearch) {
      if (step == Below::kStop) [[unlikely]]
        break;
      continue;
    }
    avail[l++] = m;
    m = next;
  }
  visit.Finish();
  return stats;
}

template <class Mask, bool kCountOnly, LoopIsa kIsa>
SquareStats SquareSearch::RunWalkers(const SquareTask& task, int end_level, SquareSink* sink,
                                     std::vector<SquareTask>* prefixes,
                                     const std::atomic<bool>* stop, Tie tie) const {
  auto run = [&]<int kWalkers, bool kEchoes>() {
    auto typed = [&]<Counting kCounting>() {
      if (sieve_.level >= 0) {
        return RunTyped<Mask, kCountOnly, kWalkers, kEchoes, kCounting, Sifting::kLastWord, kIsa>(
            task, end_level, sink, prefixes, stop, tie);
      }
      // The row walk: double squares and rectangles, the whole search (a split's prefixes may
      // end inside a row).
      if constexpr (kWalkers == 2 && !kEchoes && sizeof(Mask) == 4 &&
                    kCounting != Counting::kReplay) {
        if (from_end_.walks() && end_level == levels()) {
          return RunTyped<Mask, kCountOnly, kWalkers, kEchoes, kCounting, Sifting::kRowWalk, kIsa>(
              task, end_level, sink, prefixes, stop, tie);
        }
      }
      // The row sieve: counting symmetric squares only (see RowSieve::Build).
      if constexpr (kCountOnly && kWalkers == 2 && !kEchoes && sizeof(Mask) == 4 &&
                    kCounting == Counting::kPlain) {
        if (rows_.on()) {
          return RunTyped<Mask, kCountOnly, kWalkers, kEchoes, kCounting, Sifting::kRows, kIsa>(
              task, end_level, sink, prefixes, stop, tie);
        }
      }
      return RunTyped<Mask, kCountOnly, kWalkers, kEchoes, kCounting, Sifting::kNone, kIsa>(
          task, end_level, sink, prefixes, stop, tie);
    };
    // Ties serve counting, and listing double squares without their transposes (see
    // TransposeCutPairs; other alphabets list them unpruned, and the filter drops them).
    if constexpr (kCountOnly || (kWalkers == 2 && !kEchoes && sizeof(Mask) == 4)) {
      if (tie != Tie{}) return typed.template operator()<Counting::kTied>();
    }
    // Listing symmetric squares (the walk's memo keys), no sieve, into a sink's room: a replay
    // memo, while the thread's pays (else the plain loop is quicker: it keeps fewer
    // registers), and the sibling memo, and only with 32-bit masks: an image needs one byte
    // per letter, and alphabets of more than 32 such letters are not worth the compile time.
    if constexpr (!kCountOnly && kWalkers == 2 && !kEchoes && sizeof(Mask) == 4) {
      if (listing_.replay_level >= 0 && end_level == levels() && sink && sink->room() &&
          !has_filters_ &&
          (listing_.sibling_level >= 0 || ReplayMemo::ForSearch(search_id_).on())) {
        return RunTyped<Mask, kCountOnly, kWalkers, kEchoes, Counting::kReplay, Sifting::kNone,
                        kIsa>(task, end_level, sink, prefixes, stop, tie);
      }
    }
    return typed.template operator()<Counting::kPlain>();
  };
  // Two walkers and no echo level: the square modes, whose loop keeps nothing else; three:
  // diagonal squares and cubes, most without echo levels too. Alphabets of more than 32
  // letters keep the square modes' loop and one loop for every other shape: each loop is
  // compiled some twenty ways, and the suite's time budget is mostly compiling. Sanitizer
  // builds compile the same loops as the release build.
  constexpr bool kGenericShapes = sizeof(Mask) == 8;
  if constexpr (kGenericShapes) {
    if (plan_.max_walkers <= 2 && !plan_.has_echoes) return run.template operator()<2, false>();
    return run.template operator()<kMaxCellWords, true>();
  } else {
    switch (plan_.max_walkers) {
      case 0:
      case 1:
      case 2:
        // The AVX-512 loop serves the searches that read the letter rows (see RunAny), whose
        // loops have three walkers or more.
        if constexpr (kIsa == LoopIsa::kAvx512) {
          return RunWalkers<Mask, kCountOnly, LoopIsa::kBase>(task, end_level, sink, prefixes, stop,
                                                              tie);
        } else {
          return plan_.has_echoes ? run.template operator()<2, true>()
                                  : run.template operator()<2, false>();
        }
      case 3:
        return plan_.has_echoes ? run.template operator()<3, true>()
                                : run.template operator()<3, false>();
      case 4:
        return plan_.has_echoes ? run.template operator()<4, true>()
                                : run.template operator()<4, false>();
      default: return run.template operator()<kMaxCellWords, true>();
    }
  }
}

}  // namespace squares::core
