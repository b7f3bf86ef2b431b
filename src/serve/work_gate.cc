#include "serve/work_gate.h"

#include <chrono>

namespace squares::serve {

std::shared_ptr<void> WorkGate::Enter(const StopFlag& stop) {
  std::unique_lock lock(mutex_);
  if (free_ == 0) {
    if (waiting_ >= queue_) return nullptr;
    ++waiting_;
    // The stop flag is set from other threads without this mutex: look at it every 50 ms.
    const auto deadline = std::chrono::steady_clock::now() + wait_;
    while (free_ == 0 && !stop.load() && std::chrono::steady_clock::now() < deadline) {
      freed_.wait_for(lock, std::chrono::milliseconds(50));
    }
    --waiting_;
    if (free_ == 0) return nullptr;
  }
  --free_;
  return std::shared_ptr<void>(this, [](WorkGate* gate) { gate->Leave(); });
}

void WorkGate::Leave() {
  {
    std::lock_guard lock(mutex_);
    ++free_;
  }
  freed_.notify_one();
}

}  // namespace squares::serve
