// A search's results as a Python iterator. A worker thread runs the search, started by the
// first next(), and adds each result to a pending batch under a lock; Python takes the whole
// batch at once (one wait with the GIL released, one lock) and then makes its objects one by
// one with the GIL held and no lock. The search waits while the pending batch is full; Python
// is woken when a batch is ready (the first is one result, see wake_at_), or looks every
// kPendingPoll for a partial one (so a sparse search's results come at once, a dense search's
// in batches). close() (also on drop: `break` out of a for loop) sets the stop flag and joins
// the worker. The search's Python callbacks run
// in next(), while it waits (calls.h); one that raises closes the stream, and next() raises
// its exception.
#pragma once

#include <pybind11/pybind11.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "python/errors.h"
#include "python/interruptible.h"

namespace squares::python {

// How long Python waits for a full batch before it takes a partial one (and runs its signal
// handlers: Ctrl-C takes effect within this plus the library's stop latency).
inline constexpr std::chrono::milliseconds kPendingPoll{5};

// Batch: the results handed over at once. Add(item) keeps the library's result (SquareResult,
// Fill, text), Take(i) makes result i's Python object (a new reference, or null with an error
// set); size(), empty(), clear(). Summary: what the search returns at the end (SearchStats,
// FillResult).
template <class Batch, class Summary>
class Stream {
 public:
  // Runs the search on the worker thread, handing each result to Push() (false: stop).
  using Producer = std::function<Summary(Stream&)>;

  // `empty`: a batch with the stream's settings (both batches are copies of it).
  explicit Stream(const Batch& empty) : pending_(empty), taken_(empty) {}
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  ~Stream() { Close(); }

  // The flag the search must be created with, and its callbacks' calls; then the search.
  const StopFlag* stop_flag() const { return &stop_; }
  PythonCalls& calls() { return calls_; }
  void set_producer(Producer producer) { producer_ = std::move(producer); }

  // On the worker thread: adds a result (or results) to the pending batch, waiting while it is
  // full; false when the stream was closed.
  template <class Item>
  bool Push(const Item& item) {
    std::unique_lock lock(mutex_);
    if (pending_.size() >= kMaxPending) {
      space_.wait(lock, [&] { return pending_.size() < kMaxPending || stop_; });
    }
    if (stop_) return false;
    pending_.Add(item);
    if (pending_.size() >= wake_at_) ready_.notify_one();
    return true;
  }

  // next(): a new reference to the next result, or null at the end (no error set). Throws the
  // search's error, or a signal handler's (after closing).
  PyObject* Next() {
    if (next_ == taken_.size()) {
      if (taking_)
        throw py::value_error("the iterator is already being advanced in another thread");
      taking_ = true;
      const bool more = TakeBatch();
      taking_ = false;
      if (!more) {
        if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
        return nullptr;
      }
    }
    return taken_.Take(next_++);
  }

  // Stops the search (if running) and waits for the worker; next() then ends.
  void Close() {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
      done_ = true;
      pending_.clear();
    }
    space_.notify_all();
    calls_.Stop();  // a worker waiting for a callback (calls.h) goes on, to its stop
    if (worker_.joinable()) {
      py::gil_scoped_release release;
      worker_.join();
    }
    if (!taking_) {
      taken_.clear();
      next_ = 0;
    }
  }

  // What the search returned, once it has ended by itself (not closed early).
  const std::optional<Summary>& summary() const { return summary_; }

  // The iterator protocol's slots, for a pybind11 class of this Stream (py::custom_type_setup):
  // next() and for loops come straight here, past pybind11's dispatch and its lookup of the
  // C++ type (the instance holds one Stream, made by the module).
  static void SetSlots(PyHeapTypeObject* type) {
    type->ht_type.tp_iter = PyObject_SelfIter;
    type->ht_type.tp_iternext = [](PyObject* self) -> PyObject* {
      return Translated([self]() -> PyObject* {
        void* stream =
            reinterpret_cast<py::detail::instance*>(self)->get_value_and_holder().value_ptr();
        if (!stream) throw py::type_error("an iterator not made by the squares module");
        return static_cast<Stream*>(stream)->Next();
      });
    };
  }

 private:
  static constexpr size_t kBatch = 1024;             // Python is woken when this many are pending
  static constexpr size_t kMaxPending = 4 * kBatch;  // the search waits while this many are

  // Waits (the GIL released) for results and swaps them into taken_: false when the search has
  // ended with none left.
  bool TakeBatch() {
    if (!worker_.joinable() && !done_) worker_ = std::thread([this] { Work(); });
    bool interrupted = false;
    std::exception_ptr raised;
    {
      py::gil_scoped_release release;
      std::unique_lock lock(mutex_);
      for (;;) {
        const bool ready = ready_.wait_for(lock, kPendingPoll,
                                           [&] { return pending_.size() >= wake_at_ || done_; });
        lock.unlock();
        interrupted = Serve(&calls_, &raised);
        lock.lock();
        if (interrupted || ready || !pending_.empty()) break;
      }
      taken_.clear();
      next_ = 0;
      if (!interrupted) std::swap(taken_, pending_);
      wake_at_ = std::min(2 * wake_at_, kBatch);
    }
    space_.notify_one();
    if (interrupted) {
      Close();
      std::rethrow_exception(raised);
    }
    return !taken_.empty();
  }

  void Work() {
    std::optional<Summary> summary;
    std::exception_ptr error;
    try {
      summary.emplace(producer_(*this));
    } catch (...) {
      error = std::current_exception();
    }
    std::lock_guard lock(mutex_);
    if (!stop_) summary_ = std::move(summary);
    error_ = error;
    done_ = true;
    ready_.notify_all();
  }

  PythonCalls calls_;  // outlives the worker (joined by ~Stream)
  Producer producer_;
  std::thread worker_;
  std::mutex mutex_;
  std::condition_variable ready_, space_;  // a batch is ready / room in the pending batch
  Batch pending_;                          // the search's results not yet taken (under mutex_)
  Batch taken_;  // those Python is making objects of, from next_ on (with the GIL)
  size_t next_ = 0;
  bool taking_ = false;   // a next() waits for a batch (with the GIL released)
  StopFlag stop_{false};  // set under mutex_ (the waits read it), polled by the search
  bool done_ = false;     // the worker has finished (or the stream was closed)
  // Python is woken when this many results are pending (under mutex_): 1 for the first batch,
  // so that the first next() returns with the first result rather than with the first
  // kBatch, then twice as many each batch up to kBatch.
  size_t wake_at_ = 1;
  std::exception_ptr error_;
  std::optional<Summary> summary_;
};

}  // namespace squares::python
