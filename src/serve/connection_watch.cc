#include "serve/connection_watch.h"

#include <poll.h>

#include <vector>

namespace squares::serve {

ConnectionWatch::ConnectionWatch() : thread_([this] { Run(); }) {}

ConnectionWatch::~ConnectionWatch() {
  {
    std::lock_guard lock(mutex_);
    exiting_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

std::shared_ptr<StopFlag> ConnectionWatch::Watch(int socket) {
  auto stop = std::make_shared<StopFlag>(false);
  std::list<Entry>::iterator entry;
  {
    std::lock_guard lock(mutex_);
    stop->store(stopping_);
    entry = entries_.insert(entries_.end(), Entry{socket, stop});
  }
  changed_.notify_all();
  // The caller's pointer shares the flag's life, and its release ends the watch.
  return std::shared_ptr<StopFlag>(stop.get(), [this, entry, stop](StopFlag*) {
    std::lock_guard lock(mutex_);
    entries_.erase(entry);
  });
}

void ConnectionWatch::StopAll() {
  std::lock_guard lock(mutex_);
  stopping_ = true;
  for (Entry& entry : entries_) entry.stop->store(true);
}

void ConnectionWatch::Run() {
  std::vector<pollfd> polled;
  std::vector<std::shared_ptr<StopFlag>> flags;
  std::unique_lock lock(mutex_);
  while (!exiting_) {
    polled.clear();
    flags.clear();
    for (const Entry& entry : entries_) {
      if (entry.socket < 0 || entry.stop->load()) continue;
      polled.push_back({entry.socket, POLLRDHUP, 0});
      flags.push_back(entry.stop);
    }
    if (polled.empty()) {
      changed_.wait(lock);
      continue;
    }
    // The sockets stay open while their entries exist, and entries leave only under the lock.
    if (poll(polled.data(), polled.size(), 0) > 0) {
      for (size_t k = 0; k < polled.size(); ++k) {
        if (polled[k].revents & (POLLRDHUP | POLLHUP | POLLERR)) flags[k]->store(true);
      }
    }
    changed_.wait_for(lock, std::chrono::milliseconds(10));
  }
}

}  // namespace squares::serve
