// Runs independent tasks on several threads and hands their results over in task order, so
// parallel output is byte for byte the sequential output.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace squares {

// work(k, result, stop) computes task k into `result` (polling `stop` if it can be long);
// commit(k, result) runs on the calling thread in order k = 0, 1, ...; returning false stops
// the run. At most `window` tasks past the last committed one are started, which bounds the
// memory held by finished-but-uncommitted results. A committed result is cleared
// (Result::clear(), which keeps its buffers' capacity) and handed to a later task: large
// result buffers are allocated once per window slot, not once per task.
template <class Result>
void RunInOrder(size_t count, int threads, size_t window,
                const std::function<void(size_t, Result&, const std::atomic<bool>&)>& work,
                const std::function<bool(size_t, Result&)>& commit) {
  std::atomic<bool> stop = false;
  if (threads <= 1 || count <= 1) {
    Result result;
    for (size_t k = 0; k < count; ++k) {
      work(k, result, stop);
      if (!commit(k, result)) return;
      result.clear();
    }
    return;
  }
  std::vector<Result> results(count);
  std::vector<Result> spare;
  std::vector<char> done(count, 0);
  std::mutex mutex;
  std::condition_variable changed;
  size_t next = 0, committed = 0;
  auto worker = [&] {
    for (;;) {
      size_t k;
      {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return stop || next == count || next < committed + window; });
        if (stop || next == count) return;
        k = next++;
        if (!spare.empty()) {
          results[k] = std::move(spare.back());
          spare.pop_back();
        }
      }
      work(k, results[k], stop);
      std::lock_guard lock(mutex);
      done[k] = 1;
      changed.notify_all();
    }
  };
  std::vector<std::thread> pool;
  for (size_t t = 0; t < std::min<size_t>(threads, count); ++t) pool.emplace_back(worker);
  for (size_t k = 0; k < count; ++k) {
    {
      std::unique_lock lock(mutex);
      changed.wait(lock, [&] { return done[k] != 0; });
    }
    bool go_on = commit(k, results[k]);
    results[k].clear();
    std::lock_guard lock(mutex);
    spare.push_back(std::move(results[k]));
    committed = k + 1;
    if (!go_on) stop = true;
    changed.notify_all();
    if (!go_on) break;
  }
  for (std::thread& t : pool) t.join();
}

}  // namespace squares
