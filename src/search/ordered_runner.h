// Runs independent tasks on several threads and hands their output over in task order, as
// it is made, so parallel output is byte for byte the sequential output and starts at once.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace squares::core {

// A task's output is a sequence of pieces (Piece: any type with clear(), which keeps its
// buffers' capacity). work(k, sender, stop) computes task k into sender.piece(), handing
// each full piece over with sender.Send(); the piece left when work returns is the task's
// last. commit(k, piece, last) runs on the calling thread, on the pieces in task order;
// returning false stops the run.
//
// Memory is bounded by the work, not by the output: at most `max_pieces` pieces exist
// beside one per thread, and at most `window` tasks past the oldest uncommitted one are
// started. The oldest task's pieces are committed while it runs, so it may always take a
// piece; later tasks leave one per thread in reserve for it, and otherwise wait in Send()
// until the committer frees some.
//
// `cancel` (optional) stops the run from outside: the work is handed a flag set soon after
// it (the committer polls it while it waits), and no task starts after it. `idle`
// (optional) runs on the calling thread about every kIdleEvery while the committer waits for
// the oldest task: a report of the tasks done out of order, say.
//
// An exception from commit, idle or a task's work stops the run too: every thread is joined,
// then it is rethrown, unchanged, on the calling thread (the calling thread's own, commit's or
// idle's, before any of the work's).
template <class Piece>
class PieceSender;

inline constexpr std::chrono::milliseconds kIdleEvery{100};

template <class Piece>
void RunInOrder(
    size_t count, int threads, size_t window, size_t max_pieces,
    const std::function<void(size_t, PieceSender<Piece>&, const std::atomic<bool>&)>& work,
    const std::function<bool(size_t, Piece&, bool)>& commit,
    const std::atomic<bool>* cancel = nullptr, const std::function<void()>& idle = {});

template <class Piece>
class PieceSender {
 public:
  Piece& piece() { return *piece_; }
  // Hands the current piece over and makes piece() an empty one. With one thread it is
  // committed at once; false then means the run stops (and so does a stop by the committer
  // when several threads run; the search notices it through `stop`).
  bool Send() { return send_(*this); }

 private:
  template <class P>
  friend void RunInOrder(
      size_t, int, size_t, size_t,
      const std::function<void(size_t, PieceSender<P>&, const std::atomic<bool>&)>&,
      const std::function<bool(size_t, P&, bool)>&, const std::atomic<bool>*,
      const std::function<void()>&);
  size_t task_ = 0;
  Piece* piece_ = nullptr;
  std::function<bool(PieceSender&)> send_;
};

template <class Piece>
void RunInOrder(
    size_t count, int threads, size_t window, size_t max_pieces,
    const std::function<void(size_t, PieceSender<Piece>&, const std::atomic<bool>&)>& work,
    const std::function<bool(size_t, Piece&, bool)>& commit, const std::atomic<bool>* cancel,
    const std::function<void()>& idle) {
  std::atomic<bool> stop = false;
  auto cancelled = [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
  if (threads <= 1 || count <= 1) {
    Piece piece;
    PieceSender<Piece> sender;
    sender.piece_ = &piece;
    sender.send_ = [&](PieceSender<Piece>& s) {
      const bool go_on = commit(s.task_, piece, false);
      piece.clear();
      if (!go_on) stop = true;
      return go_on;
    };
    // One thread: the work polls `cancel` itself (a stop by the committer reaches it through
    // Send's false).
    for (size_t k = 0; k < count && !stop && !cancelled(); ++k) {
      sender.task_ = k;
      work(k, sender, cancel ? *cancel : stop);
      if (stop || !commit(k, piece, true) || cancelled()) return;
      piece.clear();
    }
    return;
  }
  // Filled pieces wait in their task's queue; done[k] once the last one is there.
  std::vector<std::deque<Piece>> queue(count);
  std::vector<char> done(count, 0);
  std::vector<Piece> spare;
  const size_t most = max_pieces + static_cast<size_t>(threads);
  size_t made = 0;
  std::mutex mutex;
  std::condition_variable changed;
  size_t next = 0, head = 0;  // head: the task being committed
  std::exception_ptr thrown;  // commit's exception, else the first of a task's work
  // A piece for task k to fill: false when the run stops first.
  auto take = [&](std::unique_lock<std::mutex>& lock, size_t k, Piece& into) {
    changed.wait(lock, [&] {
      const size_t free = spare.size() + (most - made);
      return stop || free > (k == head ? 0 : static_cast<size_t>(threads));
    });
    if (stop) return false;
    if (spare.empty()) {
      ++made;
      into = Piece();
    } else {
      into = std::move(spare.back());
      spare.pop_back();
    }
    return true;
  };
  auto worker = [&] {
    Piece piece;
    PieceSender<Piece> sender;
    sender.piece_ = &piece;
    sender.send_ = [&](PieceSender<Piece>& s) {
      std::unique_lock lock(mutex);
      queue[s.task_].push_back(std::move(piece));
      changed.notify_all();
      if (take(lock, s.task_, piece)) return true;
      piece.clear();  // stopped: what the task still makes is dropped
      return false;
    };
    for (;;) {
      {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return stop || next == count || next < head + window; });
        if (stop || next == count) return;
        sender.task_ = next++;
        if (!take(lock, sender.task_, piece)) return;
      }
      try {
        work(sender.task_, sender, stop);
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!thrown) thrown = std::current_exception();
        stop = true;
        changed.notify_all();
        return;
      }
      std::lock_guard lock(mutex);
      queue[sender.task_].push_back(std::move(piece));
      done[sender.task_] = 1;
      changed.notify_all();
    }
  };
  std::vector<std::thread> pool;
  for (size_t t = 0; t < std::min<size_t>(threads, count); ++t) pool.emplace_back(worker);
  auto next_idle = std::chrono::steady_clock::now() + kIdleEvery;
  for (bool go_on = true; go_on && head < count;) {
    Piece piece;
    bool last = false, waited = false;
    {
      std::unique_lock lock(mutex);
      auto ready = [&] { return !queue[head].empty() || thrown; };
      if (!cancel && !idle) {
        changed.wait(lock, ready);
      } else {
        // Polling `cancel` every millisecond, or waking for `idle` when it is due.
        const auto poll = cancel ? std::chrono::milliseconds(1) : kIdleEvery;
        while (!cancelled() && !changed.wait_for(lock, poll, ready)) {
          if (idle && std::chrono::steady_clock::now() >= next_idle) {
            waited = true;
            break;
          }
        }
        if (cancelled()) {
          stop = true;
          changed.notify_all();
          break;
        }
      }
      if (thrown) break;
      if (!waited) {
        piece = std::move(queue[head].front());
        queue[head].pop_front();
        last = done[head] && queue[head].empty();
      }
    }
    std::exception_ptr committing;
    try {
      if (waited) {
        idle();
        next_idle = std::chrono::steady_clock::now() + kIdleEvery;
        continue;
      }
      go_on = commit(head, piece, last);
    } catch (...) {
      committing = std::current_exception();
      go_on = false;
    }
    piece.clear();
    std::lock_guard lock(mutex);
    if (committing) thrown = committing;
    spare.push_back(std::move(piece));
    if (last) ++head;
    if (!go_on) stop = true;
    changed.notify_all();
  }
  for (std::thread& t : pool) t.join();
  if (thrown) std::rethrow_exception(thrown);
}

}  // namespace squares::core
