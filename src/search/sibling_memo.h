// Square search, listing symmetric squares: the results below the first row, kept for the
// first rows still to come that differ from it in their first letter only (its siblings:
// bears, dears, fears, ... years). Cell (0, 0) lies on row 0 alone, so once row 0 is placed
// everything below depends on the states of the columns 1..n-1 only, row 0 less its first
// letter: the memo key of row 1's start. The level loop (square_loop.h) records a first row's
// results when siblings follow it and replays them at those siblings; their row 0, the one
// thing that differs, is in the image already. (Large lists have many such siblings, so many
// of a listing's results are replays; the records of a first row are freed once its last
// sibling has come.) A task that fixes the whole first row does without it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>

#include "absl/container/flat_hash_map.h"
#include "search/square_search.h"

namespace squares::core {

// The key of a memoized level (see square_memo.h): the states of the words open at its
// start, then the level.
using MemoKey = std::array<uint32_t, kMaxMemoWidth + 1>;

// Shared by the threads of a search and kept across its runs (tasks): siblings lie far
// apart in the search's order (all the b's between bears and dears), on any thread. One mutex,
// taken two or three times per first row. A record is kept until the siblings counted when
// it was made (`uses`) have all come, then freed (first rows that are not siblings may share
// a key too, where the automaton merges the states after their letters; they are not
// counted, and may find the record gone); the records held at once are capped at kMaxBytes,
// and one that does not fit is not kept (its siblings search for themselves), so memory
// never grows with the output. A record is written in the thread's scratch room and copied
// out whole, so a sibling replays only what is complete.
class SiblingMemo {
 public:
  static constexpr size_t kMaxBytes = size_t{32} << 20;
  static constexpr size_t kMaxRecord = size_t{1} << 20;  // a longer record is not kept
  static constexpr size_t kReadPast = 16;                // bytes a replay reads past a record's end
  struct Record {
    const char* bytes = nullptr;  // null: none to replay
    uint32_t results = 0;
  };

  // At a first row with `later` siblings after it in the search's order: the record of its
  // key to replay, held until Release(key), or none; then `record` says whether its results
  // are to be recorded (siblings follow, and no one records them yet) and given to Keep(key).
  Record Enter(const MemoKey& key, uint32_t later, bool& record);
  void Release(const MemoKey& key);
  // The recording of key's results ends: `results` entries in `bytes` bytes at `from` (null:
  // given up, the results did not all fit or the search stopped).
  void Keep(const MemoKey& key, const char* from, size_t bytes, uint32_t results);
  // The calling thread's room for a recording: kMaxRecord bytes, untouched until used.
  static char* Scratch();

 private:
  struct Entry {
    std::unique_ptr<char[]> bytes;  // null while its first row's results are recorded
    size_t size = 0;
    uint32_t results = 0;
    uint32_t uses = 0;     // siblings still to come
    uint32_t readers = 0;  // replays under way
  };
  std::mutex mutex_;
  absl::flat_hash_map<MemoKey, Entry> entries_;  // guarded by mutex_
  size_t held_ = 0;                              // bytes of the records kept; guarded by mutex_
};

}  // namespace squares::core
