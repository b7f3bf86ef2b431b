// Python callbacks of a search that runs on threads of its own. The library calls a callback
// on the thread that called it, which for the module is a worker thread (interruptible.h,
// stream.h); Python code run there could drop the last reference to the very object that
// joins that thread (an exception's traceback holds the iterator whose worker raised it), or
// leave a Python exception for a worker to release. So no Python object ever reaches a
// worker: the library's callback only hands its argument over, and the thread Python called
// in runs the Python function when it next serves the calls (while it waits for the search,
// every few milliseconds). A function that raises ends the calls; the waiting thread then
// stops the search and raises the exception, unchanged.
#pragma once

#include <pybind11/pybind11.h>

#include <functional>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

namespace squares::python {

namespace py = pybind11;

class PythonCalls {
 public:
  PythonCalls() = default;
  PythonCalls(const PythonCalls&) = delete;
  PythonCalls& operator=(const PythonCalls&) = delete;

  // With the GIL: a callback for the library that hands `function` its argument on the
  // serving thread, without waiting. Only the latest argument not yet served is kept (a
  // progress report replaces the one before it). This object must outlive the search.
  template <class Argument>
  std::function<void(const Argument&)> Latest(py::object function) {
    const size_t slot = functions_.size();
    functions_.push_back(std::move(function));
    pending_.emplace_back();
    return [this, slot](const Argument& argument) {
      std::lock_guard lock(mutex_);
      if (!failed_) pending_[slot] = [this, slot, argument] { functions_[slot](argument); };
    };
  }

  // On the thread Python called in, with the GIL: calls the functions with what was handed
  // over. An exception of one propagates (py::error_already_set), and no call is made after it.
  void Serve() {
    std::vector<std::function<void()>> calls;
    {
      std::lock_guard lock(mutex_);
      for (std::optional<std::function<void()>>& call : pending_) {
        if (call) calls.push_back(*std::exchange(call, std::nullopt));
      }
    }
    for (const std::function<void()>& call : calls) {
      try {
        call();
      } catch (...) {
        std::lock_guard lock(mutex_);
        failed_ = true;
        for (std::optional<std::function<void()>>& pending : pending_) pending.reset();
        throw;
      }
    }
  }

 private:
  std::vector<py::object> functions_;  // set before the search starts, released with this
  std::mutex mutex_;
  std::vector<std::optional<std::function<void()>>> pending_;  // per function (under mutex_)
  bool failed_ = false;                                        // under mutex_
};

}  // namespace squares::python
