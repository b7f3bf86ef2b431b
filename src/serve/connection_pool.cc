#include "serve/connection_pool.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <system_error>

namespace squares::serve {
namespace {

using Clock = std::chrono::steady_clock;

constexpr size_t kTurningAway = 2;         // threads that answer "busy"
constexpr size_t kTurnedAwayWaiting = 64;  // heads waiting for them; beyond, closed at once

bool HeadIsWhole(const std::string& bytes) { return bytes.find("\r\n\r\n") != std::string::npos; }

}  // namespace

ConnectionPool::ConnectionPool(const ConnectionLimits& limits, Serve serve)
    : limits_(limits), serve_(std::move(serve)) {
  if (pipe2(wake_, O_CLOEXEC | O_NONBLOCK) != 0)
    throw std::system_error(errno, std::generic_category(), "pipe");
  lanes_[0].limit = static_cast<size_t>(limits.connections);
  lanes_[1].limit = kTurnedAwayWaiting;
  threads_.emplace_back([this] { ReadHeads(); });
  for (int k = 0; k < limits.connections; ++k)
    threads_.emplace_back([this] { Run(lanes_[0], false); });
  for (size_t k = 0; k < kTurningAway; ++k) threads_.emplace_back([this] { Run(lanes_[1], true); });
}

void ConnectionPool::shutdown() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  for (Lane& lane : lanes_) lane.ready.notify_all();
  [[maybe_unused]] const ssize_t woken = write(wake_[1], "", 1);
  for (std::thread& thread : threads_) thread.join();
  for (Lane& lane : lanes_) {
    for (const WaitingConnection& connection : lane.heads) close(connection.socket);
  }
  for (const WaitingConnection& connection : arrived_) close(connection.socket);
  close(wake_[0]);
  close(wake_[1]);
}

void ConnectionPool::Wait(WaitingConnection connection) {
  if (HeadIsWhole(connection.bytes)) return HandOn(std::move(connection));
  {
    std::lock_guard lock(mutex_);
    if (!stopping_) {
      arrived_.push_back(std::move(connection));
      [[maybe_unused]] const ssize_t woken = write(wake_[1], "", 1);
      return;
    }
  }
  close(connection.socket);
}

void ConnectionPool::ReadHeads() {
  std::vector<Reading> reading;
  std::vector<pollfd> polled;
  for (;;) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) break;
      for (WaitingConnection& connection : arrived_) {
        if (reading.size() >=
            limits_.max_waiting) {  // the longest waiting, a slow client most likely, makes room
          close(reading.front().connection.socket);
          reading.erase(reading.begin());
        }
        // Bytes read ahead are the next request's start: its head is due within the read time.
        const bool started = !connection.bytes.empty();
        reading.push_back(Reading{std::move(connection),
                                  Clock::now() + (started ? limits_.read : limits_.idle), started});
      }
      arrived_.clear();
    }
    auto next = Clock::now() + std::chrono::seconds(1);
    polled.assign(1, pollfd{wake_[0], POLLIN, 0});
    for (const Reading& entry : reading) {
      polled.push_back(pollfd{entry.connection.socket, POLLIN, 0});
      next = std::min(next, entry.deadline);
    }
    const auto wait =
        std::chrono::duration_cast<std::chrono::milliseconds>(next - Clock::now()).count();
    if (poll(polled.data(), polled.size(), static_cast<int>(std::max<int64_t>(wait, 0) + 1)) < 0 &&
        errno != EINTR) {
      break;
    }
    if (polled[0].revents & POLLIN) {
      char drained[64];
      while (read(wake_[0], drained, sizeof drained) > 0) {
      }
    }
    // Each connection that has sent something is read; one past its deadline is dropped.
    size_t polled_index = 0;
    std::erase_if(reading, [&](Reading& entry) {
      if (polled[++polled_index].revents != 0) return !ReadMore(entry);
      if (Clock::now() < entry.deadline) return false;
      close(entry.connection.socket);
      return true;
    });
  }
  for (const Reading& entry : reading) close(entry.connection.socket);
}

bool ConnectionPool::ReadMore(Reading& reading) {
  WaitingConnection& connection = reading.connection;
  char buffer[4096];
  const ssize_t got = recv(connection.socket, buffer, sizeof buffer, MSG_DONTWAIT);
  const bool again = got < 0 && (errno == EAGAIN || errno == EINTR);
  if (!again &&
      (got <= 0 || connection.bytes.size() + static_cast<size_t>(got) > limits_.max_head_bytes)) {
    close(connection.socket);  // gone, or a head too large
    return false;
  }
  if (got > 0) {
    if (!reading.started) reading.deadline = Clock::now() + limits_.read;
    reading.started = true;
    connection.bytes.append(buffer, static_cast<size_t>(got));
    if (HeadIsWhole(connection.bytes)) {
      HandOn(std::move(connection));
      return false;
    }
  }
  if (Clock::now() < reading.deadline) return true;
  close(connection.socket);  // too slow
  return false;
}

void ConnectionPool::HandOn(WaitingConnection connection) {
  {
    std::lock_guard lock(mutex_);
    for (Lane& lane : lanes_) {
      if (!stopping_ && lane.heads.size() < lane.limit) {
        lane.heads.push_back(std::move(connection));
        lane.ready.notify_one();
        return;
      }
    }
  }
  close(connection.socket);
}

void ConnectionPool::Run(Lane& lane, bool turned_away) {
  for (;;) {
    WaitingConnection connection;
    {
      std::unique_lock lock(mutex_);
      lane.ready.wait(lock, [&] { return stopping_ || !lane.heads.empty(); });
      if (stopping_) return;
      connection = std::move(lane.heads.front());
      lane.heads.pop_front();
    }
    serve_(std::move(connection), turned_away);
  }
}

}  // namespace squares::serve
