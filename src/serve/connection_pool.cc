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

// How long a connection being closed is read (and dropped) for, at most.
constexpr std::chrono::milliseconds kLinger{2000};
constexpr std::string_view kHeadEnd = "\r\n\r\n";
constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";

// Sends what the socket takes at once (a short answer on a connection the client is not
// reading from may be cut: it is closed next anyway).
void SendNow(int socket, std::string_view bytes) {
  [[maybe_unused]] const ssize_t sent =
      send(socket, bytes.data(), bytes.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
}

}  // namespace

ConnectionPool::ConnectionPool(const ConnectionLimits& limits, Refusals refusals, Admit admit,
                               Serve serve)
    : limits_(limits),
      refusals_(std::move(refusals)),
      admit_(std::move(admit)),
      serve_(std::move(serve)) {
  if (pipe2(wake_, O_CLOEXEC | O_NONBLOCK) != 0)
    throw std::system_error(errno, std::generic_category(), "pipe");
  threads_.emplace_back([this] { ReadAll(); });
  for (int k = 0; k < limits.connections; ++k) threads_.emplace_back([this] { Run(); });
}

void ConnectionPool::shutdown() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  ready_.notify_all();
  [[maybe_unused]] const ssize_t woken = write(wake_[1], "", 1);
  for (std::thread& thread : threads_) thread.join();
  for (const WaitingConnection& connection : whole_) close(connection.socket);
  for (const Reading& reading : arrived_) close(reading.connection.socket);
  close(wake_[0]);
  close(wake_[1]);
}

void ConnectionPool::Take(WaitingConnection connection, Phase phase) {
  {
    std::lock_guard lock(mutex_);
    if (!stopping_) {
      const bool started = !connection.bytes.empty();
      // Bytes read ahead are the next request's start: its head is due within the read time.
      const auto wait = phase == Phase::kClosing ? kLinger : started ? limits_.read : limits_.idle;
      arrived_.push_back(Reading{std::move(connection), Clock::now() + wait, phase, started, 0});
      [[maybe_unused]] const ssize_t woken = write(wake_[1], "", 1);
      return;
    }
  }
  close(connection.socket);
}

void ConnectionPool::Wait(WaitingConnection connection) {
  Take(std::move(connection), Phase::kHead);
}

void ConnectionPool::Close(int socket) {
  ::shutdown(socket, SHUT_WR);
  Take(WaitingConnection{socket, "", "", 0, false}, Phase::kClosing);
}

bool ConnectionPool::Reserve(size_t size) {
  std::lock_guard lock(mutex_);
  if (size > ConnectionLimits::kLargeBody) {
    if (large_bodies_ >= limits_.large_bodies) return false;
    ++large_bodies_;
  } else {
    if (small_bytes_ + size > limits_.small_body_bytes) return false;
    small_bytes_ += size;
  }
  return true;
}

void ConnectionPool::Release(size_t size) {
  if (size == 0) return;
  std::lock_guard lock(mutex_);
  if (size > ConnectionLimits::kLargeBody) {
    --large_bodies_;
  } else {
    small_bytes_ -= size;
  }
}

void ConnectionPool::ReadAll() {
  std::vector<Reading> reading;
  std::vector<pollfd> polled;
  for (;;) {
    std::vector<Reading> arrived;
    {
      std::lock_guard lock(mutex_);
      if (stopping_) break;
      arrived.swap(arrived_);
    }
    for (Reading& entry : arrived) {
      if (reading.size() >= limits_.max_waiting) {
        // The longest waiting, a slow client most likely, makes room; a request it has begun
        // is answered busy.
        Reading& oldest = reading.front();
        if (oldest.phase == Phase::kBody) Release(oldest.body);
        if (oldest.phase != Phase::kClosing && oldest.started)
          SendNow(oldest.connection.socket, refusals_.busy);
        close(oldest.connection.socket);
        reading.erase(reading.begin());
      }
      // A keep-alive connection may bring its next head whole.
      if (entry.phase == Phase::kClosing || !entry.started ||
          entry.connection.bytes.find(kHeadEnd) == std::string::npos || HeadRead(entry)) {
        reading.push_back(std::move(entry));
      }
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
    size_t polled_index = 0;
    std::erase_if(reading, [&](Reading& entry) {
      return !Step(entry, polled[++polled_index].revents != 0);
    });
  }
  for (const Reading& entry : reading) close(entry.connection.socket);
}

bool ConnectionPool::Step(Reading& reading, bool readable) {
  if (readable) {
    const Phase before = reading.phase;
    const bool stays = reading.phase == Phase::kHead  ? ReadHead(reading)
                       : reading.phase == Phase::kBody ? ReadBody(reading)
                                                       : true;
    if (!stays || reading.phase != before) return stays;
    if (reading.phase == Phase::kClosing) {
      char sink[16384];
      const ssize_t got = recv(reading.connection.socket, sink, sizeof sink, MSG_DONTWAIT);
      if (got == 0 || (got < 0 && errno != EAGAIN && errno != EINTR)) {
        close(reading.connection.socket);
        return false;
      }
    }
  }
  if (Clock::now() < reading.deadline) return true;
  switch (reading.phase) {
    case Phase::kHead:
      if (reading.started) return Refuse(reading, refusals_.too_slow);
      break;
    case Phase::kBody: return Refuse(reading, refusals_.too_slow);
    case Phase::kClosing: break;
  }
  close(reading.connection.socket);
  return false;
}

bool ConnectionPool::ReadHead(Reading& reading) {
  WaitingConnection& connection = reading.connection;
  char buffer[4096];
  const ssize_t got = recv(connection.socket, buffer, sizeof buffer, MSG_DONTWAIT);
  if (got < 0 && (errno == EAGAIN || errno == EINTR)) return true;
  if (got <= 0) {  // gone
    close(connection.socket);
    return false;
  }
  if (!reading.started) reading.deadline = Clock::now() + limits_.read;
  reading.started = true;
  // Only the new bytes (and the three before them) may complete the blank line.
  const size_t from = connection.bytes.size() - std::min<size_t>(connection.bytes.size(), 3);
  connection.bytes.append(buffer, static_cast<size_t>(got));
  const size_t end = connection.bytes.find(kHeadEnd, from);
  if (end != std::string::npos && end + kHeadEnd.size() <= limits_.max_head_bytes)
    return HeadRead(reading);
  if (end != std::string::npos || connection.bytes.size() > limits_.max_head_bytes)
    return Refuse(reading, refusals_.head_too_large);
  return true;
}

bool ConnectionPool::HeadRead(Reading& reading) {
  WaitingConnection& connection = reading.connection;
  const size_t end = connection.bytes.find(kHeadEnd) + kHeadEnd.size();
  if (end > limits_.max_head_bytes) return Refuse(reading, refusals_.head_too_large);
  const Admission admission = admit_(std::string_view(connection.bytes).substr(0, end));
  if (admission.body == 0) return BodyRead(reading);
  if (!Reserve(admission.body)) return Refuse(reading, refusals_.busy);
  reading.phase = Phase::kBody;
  reading.body = admission.body;
  // Reserved, not touched: the pages are resident only as the bytes come.
  connection.body.reserve(admission.body);
  const size_t ahead = std::min(admission.body, connection.bytes.size() - end);
  connection.body.assign(connection.bytes, end, ahead);
  connection.bytes.erase(end, ahead);
  if (connection.body.size() == admission.body) return BodyRead(reading);
  if (admission.expects_continue) {
    SendNow(connection.socket, kContinue);
    connection.continued = true;
  }
  reading.deadline = Clock::now() + limits_.read;
  return true;
}

bool ConnectionPool::ReadBody(Reading& reading) {
  WaitingConnection& connection = reading.connection;
  char buffer[65536];
  // No byte beyond the body: the next request's stay with the socket.
  const size_t wanted = std::min(sizeof buffer, reading.body - connection.body.size());
  const ssize_t got = recv(connection.socket, buffer, wanted, MSG_DONTWAIT);
  if (got < 0 && (errno == EAGAIN || errno == EINTR)) return true;
  if (got <= 0) {  // gone
    Release(reading.body);
    close(connection.socket);
    return false;
  }
  connection.body.append(buffer, static_cast<size_t>(got));
  return connection.body.size() < reading.body || BodyRead(reading);
}

bool ConnectionPool::BodyRead(Reading& reading) {
  if (HandOn(reading.connection)) return false;
  return Refuse(reading, refusals_.busy);
}

bool ConnectionPool::HandOn(WaitingConnection& connection) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || whole_.size() >= static_cast<size_t>(limits_.connections)) return false;
    whole_.push_back(std::move(connection));
  }
  ready_.notify_one();
  return true;
}

bool ConnectionPool::Refuse(Reading& reading, const std::string& answer) {
  if (reading.phase == Phase::kBody) Release(reading.body);
  WaitingConnection& connection = reading.connection;
  SendNow(connection.socket, answer);
  ::shutdown(connection.socket, SHUT_WR);
  connection.bytes = {};
  connection.body = {};
  reading.phase = Phase::kClosing;
  reading.deadline = Clock::now() + kLinger;
  return true;
}

void ConnectionPool::Run() {
  for (;;) {
    WaitingConnection connection;
    {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [&] { return stopping_ || !whole_.empty(); });
      if (stopping_) return;
      connection = std::move(whole_.front());
      whole_.pop_front();
    }
    serve_(std::move(connection));
  }
}

}  // namespace squares::serve
