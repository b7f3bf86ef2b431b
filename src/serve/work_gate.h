// The server's bounded worker pool: at most `workers` requests search at once, at most `queue`
// more wait for one, each at most `wait`, and any beyond those are turned away
// (503 {"error": "busy"}).
#pragma once

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>

#include "squares/error.h"

namespace squares::serve {

class WorkGate {
 public:
  WorkGate(int workers, int queue, std::chrono::milliseconds wait)
      : free_(workers), queue_(queue), wait_(wait) {}

  // A worker, held until the pointer is released; null when the queue is full, when none was
  // free within the wait, or when `stop` was set while waiting (the client left, or the server
  // stops).
  std::shared_ptr<void> Enter(const StopFlag& stop);

 private:
  void Leave();
  std::mutex mutex_;
  std::condition_variable freed_;
  int free_;  // workers not held
  int waiting_ = 0;
  int queue_;
  std::chrono::milliseconds wait_;
};

}  // namespace squares::serve
