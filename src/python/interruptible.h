// The Python module's long calls: each search runs on a worker thread with the GIL released,
// while the calling thread waits in slices of kSignalPoll and runs Python's signal handlers
// between them. A handler's exception (KeyboardInterrupt on Ctrl-C) sets the search's stop
// flag, waits for the worker (the library stops within 50 ms) and is raised.
#pragma once

#include <pybind11/pybind11.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "squares/error.h"

namespace squares::python {

namespace py = pybind11;

// Ctrl-C takes effect within this plus the library's stop latency (50 ms).
inline constexpr std::chrono::milliseconds kSignalPoll{20};

// Runs Python's signal handlers (with the GIL; the caller has released it): true when one
// raised, its exception then pending in this thread.
inline bool SignalRaised() {
  py::gil_scoped_acquire acquire;
  return PyErr_CheckSignals() != 0;
}

// work(stop) on a worker thread, the GIL released; returns its result or raises its error, or
// the exception of a signal handler that ran meanwhile (then `stop` was set).
template <class Work>
auto RunInterruptibly(Work work) -> decltype(work(static_cast<const StopFlag*>(nullptr))) {
  using Result = decltype(work(static_cast<const StopFlag*>(nullptr)));
  StopFlag stop{false};
  std::optional<Result> result;
  std::exception_ptr error;
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false, interrupted = false;
  {
    py::gil_scoped_release release;
    std::thread worker([&] {
      try {
        result.emplace(work(&stop));
      } catch (...) {
        error = std::current_exception();
      }
      std::lock_guard lock(mutex);
      done = true;
      finished.notify_one();
    });
    std::unique_lock lock(mutex);
    while (!finished.wait_for(lock, kSignalPoll, [&] { return done; })) {
      if (interrupted) continue;
      lock.unlock();
      interrupted = SignalRaised();
      if (interrupted) stop = true;
      lock.lock();
    }
    lock.unlock();
    worker.join();
  }
  if (interrupted) throw py::error_already_set();
  if (error) std::rethrow_exception(error);
  return std::move(*result);
}

// A search's results as a Python iterator: a worker thread runs the search, started by the
// first Next(), and hands each result over through a bounded queue, waiting while it is full.
// Close() (also on drop: `break` out of a for loop) sets the stop flag and joins the worker.
// Item: the library's result (SquareResult, Fill); Summary: what the search returns at the end
// (SearchStats, FillResult).
template <class Item, class Summary>
class Stream {
 public:
  using Emit = std::function<bool(const Item&)>;
  using Producer = std::function<Summary(const Emit&)>;

  Stream() = default;
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  ~Stream() { Close(); }

  // The flag the search must be created with; then the search itself.
  const StopFlag* stop_flag() const { return &stop_; }
  void set_producer(Producer producer) { producer_ = std::move(producer); }

  // The next result, or none when the search has ended; raises the search's error, or a
  // signal handler's exception (after closing).
  std::optional<Item> Next() {
    if (!worker_.joinable() && !done_) worker_ = std::thread([this] { Work(); });
    std::optional<Item> item;
    bool interrupted = false;
    {
      py::gil_scoped_release release;
      std::unique_lock lock(mutex_);
      while (!ready_.wait_for(lock, kSignalPoll, [&] { return !queue_.empty() || done_; })) {
        lock.unlock();
        interrupted = SignalRaised();
        lock.lock();
        if (interrupted) break;
      }
      if (!interrupted && !queue_.empty()) {
        item = std::move(queue_.front());
        queue_.pop_front();
        space_.notify_one();
      }
    }
    if (interrupted) {
      Close();
      throw py::error_already_set();
    }
    if (!item && error_) std::rethrow_exception(std::exchange(error_, nullptr));
    return item;
  }

  // Stops the search (if running) and waits for the worker; Next() then returns none.
  void Close() {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
      done_ = true;
    }
    space_.notify_all();
    if (worker_.joinable()) {
      py::gil_scoped_release release;
      worker_.join();
    }
    queue_.clear();
  }

  // What the search returned, once it has ended by itself (not closed early).
  const std::optional<Summary>& summary() const { return summary_; }

 private:
  static constexpr size_t kCapacity = 256;  // results queued ahead of the consumer

  void Work() {
    std::optional<Summary> summary;
    std::exception_ptr error;
    try {
      summary.emplace(producer_([this](const Item& item) {
        std::unique_lock lock(mutex_);
        space_.wait(lock, [&] { return queue_.size() < kCapacity || stop_; });
        if (stop_) return false;
        queue_.push_back(item);
        ready_.notify_one();
        return true;
      }));
    } catch (...) {
      error = std::current_exception();
    }
    std::lock_guard lock(mutex_);
    if (!stop_) summary_ = std::move(summary);
    error_ = error;
    done_ = true;
    ready_.notify_all();
  }

  Producer producer_;
  std::thread worker_;
  std::mutex mutex_;
  std::condition_variable ready_, space_;  // a result queued / room in the queue
  std::deque<Item> queue_;
  StopFlag stop_{false};  // set under mutex_ (the waits read it), polled by the search
  bool done_ = false;     // the worker has finished (or the stream was closed)
  std::exception_ptr error_;
  std::optional<Summary> summary_;
};

}  // namespace squares::python
