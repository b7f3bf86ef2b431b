// Python callbacks of a search that runs on threads of its own. The library calls a callback
// on the thread that called it, which for the module is a worker thread (interruptible.h,
// stream.h); Python code run there could drop the last reference to the very object that
// joins that thread (an exception's traceback holds the iterator whose worker raised it), or
// leave a Python exception for a worker to release. So no Python object ever reaches a
// worker: the library's callback only hands its argument over, and the thread Python called
// in runs the Python function when it next serves the calls (while it waits for the search).
// A function that raises ends the calls; the waiting thread then stops the search and raises
// the exception, unchanged.
//
// Two kinds of callback: Latest (progress) hands its argument over and goes on, the latest one
// replacing one not yet served; Waiting (a result, a candidate decided) waits on the worker
// until the function has run, so every call is made, in order, and its answer (False: stop)
// reaches the search.
#pragma once

#include <pybind11/pybind11.h>

#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

namespace squares::python {

namespace py = pybind11;

// A Python callback's answer: False (exactly) stops the search; None, or anything else, goes on.
inline bool GoOn(const py::object& answer) { return !answer.is(py::bool_(false)); }

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
    const size_t index = functions_.size(), slot = pending_.size();
    functions_.push_back(std::move(function));
    pending_.emplace_back();
    return [this, index, slot](const Argument& argument) {
      std::lock_guard lock(mutex_);
      if (!failed_) pending_[slot] = [this, index, argument] { functions_[index](argument); };
    };
  }

  // With the GIL: a callback for the library that has `call(function, arguments...)` (which
  // returns the function's answer as the library wants it) run on the serving thread, and
  // waits for it; `stopped` when the calls have ended (a function raised, or Stop()). The
  // arguments are read in place (the worker waits), so nothing is copied for Python.
  template <class Answer, class... Arguments, class Call>
  std::function<Answer(Arguments...)> Waiting(py::object function, Call call, Answer stopped) {
    const size_t slot = functions_.size();
    functions_.push_back(std::move(function));
    return [this, slot, call, stopped](Arguments... arguments) -> Answer {
      std::optional<Answer> answer;
      {
        std::lock_guard lock(mutex_);
        if (failed_) return stopped;
        waiting_.push_back([&, this] {
          Answer given = call(functions_[slot], arguments...);
          std::lock_guard answered(mutex_);
          answer = std::move(given);
        });
      }
      if (wake_) wake_();
      std::unique_lock lock(mutex_);
      served_.wait(lock, [&] { return answer.has_value() || failed_; });
      return answer ? std::move(*answer) : stopped;
    };
  }

  // Called (from a worker) when a Waiting call is handed over: wakes the serving thread, which
  // otherwise looks for calls at its own pace.
  void set_wake(std::function<void()> wake) { wake_ = std::move(wake); }

  // On the thread Python called in, with the GIL: calls the functions with what was handed
  // over. An exception of one propagates (py::error_already_set), and no call is made after it.
  void Serve() {
    std::vector<std::function<void()>> calls;
    {
      std::lock_guard lock(mutex_);
      for (std::optional<std::function<void()>>& call : pending_) {
        if (call) calls.push_back(*std::exchange(call, std::nullopt));
      }
      for (std::function<void()>& call : waiting_) calls.push_back(std::move(call));
      waiting_.clear();
    }
    for (const std::function<void()>& call : calls) {
      try {
        call();
      } catch (...) {
        Stop();
        throw;
      }
      served_.notify_all();
    }
  }

  // Ends the calls (the search is being stopped): no function is called again, and a worker
  // waiting for one goes on with `stopped`.
  void Stop() {
    {
      std::lock_guard lock(mutex_);
      failed_ = true;
      for (std::optional<std::function<void()>>& pending : pending_) pending.reset();
      waiting_.clear();
    }
    served_.notify_all();
  }

 private:
  std::vector<py::object> functions_;  // set before the search starts, released with this
  std::function<void()> wake_;         // set before the search starts
  std::mutex mutex_;
  std::condition_variable served_;  // a Waiting call has its answer, or the calls ended
  std::vector<std::optional<std::function<void()>>> pending_;  // per Latest function (mutex_)
  std::vector<std::function<void()>> waiting_;  // Waiting calls handed over (under mutex_)
  bool failed_ = false;                         // under mutex_
};

}  // namespace squares::python
