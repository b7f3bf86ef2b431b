// The Python module's long calls: each search runs on a worker thread with the GIL released,
// while the calling thread waits in slices of kSignalPoll and runs Python's signal handlers
// between them. A handler's exception (KeyboardInterrupt on Ctrl-C) sets the search's stop
// flag, waits for the worker (the library stops within 50 ms) and is raised; so does an
// exception of a Python callback, which runs on the calling thread between the slices, or at
// once when the worker waits for it (calls.h). Iterators: stream.h.
#pragma once

#include <pybind11/pybind11.h>

#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "python/calls.h"
#include "squares/error.h"

namespace squares::python {

namespace py = pybind11;

// Ctrl-C takes effect within this plus the library's stop latency (50 ms).
inline constexpr std::chrono::milliseconds kSignalPoll{5};

// With the GIL taken: runs the signal handlers and the calls made so far (calls.h): true when
// one raised, its exception then in `raised`.
inline bool Serve(PythonCalls* calls, std::exception_ptr* raised) {
  py::gil_scoped_acquire acquire;
  try {
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    if (calls) calls->Serve();
    return false;
  } catch (...) {
    *raised = std::current_exception();
    return true;
  }
}

// work(stop) on a worker thread, the GIL released; returns its result or raises its error, or
// the exception of a signal handler or of one of `calls` (when given) that ran meanwhile (then
// `stop` was set).
template <class Work>
auto RunInterruptibly(Work work, PythonCalls* calls = nullptr)
    -> decltype(work(static_cast<const StopFlag*>(nullptr))) {
  using Result = decltype(work(static_cast<const StopFlag*>(nullptr)));
  StopFlag stop{false};
  std::optional<Result> result;
  std::exception_ptr error;
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false, interrupted = false;
  bool woken = false;         // a callback waits to be served (under mutex)
  std::exception_ptr raised;  // a callback's or a signal handler's (with the GIL)
  if (calls) {
    calls->set_wake([&] {
      std::lock_guard lock(mutex);
      woken = true;
      finished.notify_one();
    });
  }
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
    while (!finished.wait_for(lock, kSignalPoll, [&] { return done || woken; }) || !done) {
      woken = false;
      if (interrupted) continue;
      lock.unlock();
      interrupted = Serve(calls, &raised);
      if (interrupted) {
        stop = true;
        if (calls) calls->Stop();  // a worker waiting for a call goes on, to its stop
      }
      lock.lock();
    }
    lock.unlock();
    worker.join();
  }
  if (calls) calls->set_wake(nullptr);
  if (interrupted) std::rethrow_exception(raised);
  if (calls) calls->Serve();  // the reports of the search's last moments
  if (error) std::rethrow_exception(error);
  return std::move(*result);
}

}  // namespace squares::python
