#include "serve/http_server.h"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

namespace squares::serve {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// How a pool thread takes the connections it runs.
enum class Lane { kServe, kTurnAway, kDrop };
thread_local Lane current_lane = Lane::kServe;
thread_local Connection* current_connection = nullptr;

constexpr milliseconds kWriteTimeout{5000};
// How long a turned-away connection may take to send its request, and how long the unread
// rest of a refused request is read and dropped before the close.
constexpr milliseconds kTurnAwayRead{1000};
constexpr milliseconds kLinger{2000};

// poll() on one socket for `events` until `deadline`: its revents, or 0 when the time is up.
short Wait(int socket, short events, Clock::time_point deadline) {
  for (;;) {
    const auto left = std::chrono::duration_cast<milliseconds>(deadline - Clock::now()).count();
    if (left < 0) return 0;
    pollfd polled{socket, events, 0};
    const int ready = poll(&polled, 1, static_cast<int>(left));
    if (ready > 0) return polled.revents;
    if (ready == 0) return 0;
    if (errno != EINTR) return POLLERR;
  }
}

void IpAndPort(const sockaddr_storage& address, socklen_t length, std::string& ip, int& port) {
  char name[NI_MAXHOST], service[NI_MAXSERV];
  if (getnameinfo(reinterpret_cast<const sockaddr*>(&address), length, name, sizeof name, service,
                  sizeof service, NI_NUMERICHOST | NI_NUMERICSERV) == 0) {
    ip = name;
    port = std::atoi(service);
  }
}

// A connection's bytes for httplib, read through a buffer (httplib reads headers a byte at a
// time) against the request's deadline.
class ConnectionStream : public httplib::Stream {
 public:
  ConnectionStream(int socket, const ConnectionLimits& limits, milliseconds read)
      : socket_(socket), limits_(limits), read_(read) {}

  bool Buffered() const { return begin_ < end_; }
  // Whether a read failed for the deadline or the header limit: the connection is to end.
  bool Overrun() const { return overrun_; }
  // A request begins: its headers are due within the read time, and are counted.
  void StartRequest() {
    deadline_ = Clock::now() + read_;
    header_bytes_ = 0;
    reading_headers_ = true;
  }
  // Its headers are in: its body is due within the read time from now.
  void HeadersRead() {
    deadline_ = Clock::now() + read_;
    reading_headers_ = false;
  }

  bool is_readable() const override { return Buffered() || (Wait(socket_, POLLIN, deadline_) & POLLIN); }
  bool is_writable() const override {
    if (!(Wait(socket_, POLLOUT, Clock::now() + kWriteTimeout) & POLLOUT)) return false;
    char byte;  // a peer that has closed reads as 0 bytes
    return !(Wait(socket_, POLLIN, Clock::now()) & POLLIN) || recv(socket_, &byte, 1, MSG_PEEK) > 0;
  }

  ssize_t read(char* data, size_t size) override {
    if (!Buffered()) {
      if (!(Wait(socket_, POLLIN, deadline_) & (POLLIN | POLLHUP | POLLERR))) {
        overrun_ = true;
        return -1;
      }
      const ssize_t got = recv(socket_, buffer_.data(), buffer_.size(), 0);
      if (got <= 0) return got;
      if (reading_headers_ && (header_bytes_ += static_cast<size_t>(got)) > limits_.max_header_bytes) {
        overrun_ = true;
        return -1;
      }
      begin_ = 0;
      end_ = static_cast<size_t>(got);
    }
    const size_t taken = std::min(size, end_ - begin_);
    std::memcpy(data, buffer_.data() + begin_, taken);
    begin_ += taken;
    return static_cast<ssize_t>(taken);
  }

  ssize_t write(const char* data, size_t size) override {
    if (!(Wait(socket_, POLLOUT, Clock::now() + kWriteTimeout) & POLLOUT)) return -1;
    return send(socket_, data, size, MSG_NOSIGNAL);
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    sockaddr_storage address{};
    socklen_t length = sizeof address;
    if (getpeername(socket_, reinterpret_cast<sockaddr*>(&address), &length) == 0) IpAndPort(address, length, ip, port);
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    sockaddr_storage address{};
    socklen_t length = sizeof address;
    if (getsockname(socket_, reinterpret_cast<sockaddr*>(&address), &length) == 0) IpAndPort(address, length, ip, port);
  }
  socket_t socket() const override { return socket_; }

 private:
  int socket_;
  const ConnectionLimits& limits_;
  milliseconds read_;
  std::array<char, 4096> buffer_;
  size_t begin_ = 0, end_ = 0;  // the buffer's unread bytes
  Clock::time_point deadline_ = Clock::now();
  size_t header_bytes_ = 0;
  bool reading_headers_ = true;
  bool overrun_ = false;
};

// httplib's task queue, as connections: `serving` threads serve them, as many more wait; a
// few threads answer those beyond "busy", and any beyond those too are closed at once.
class ConnectionPool : public httplib::TaskQueue {
 public:
  ConnectionPool(size_t serving, size_t turning_away) {
    lanes_[0].limit = serving;
    lanes_[1].limit = 64;
    for (size_t k = 0; k < serving; ++k) threads_.emplace_back([this] { Run(0, Lane::kServe); });
    for (size_t k = 0; k < turning_away; ++k) threads_.emplace_back([this] { Run(1, Lane::kTurnAway); });
  }

  void enqueue(std::function<void()> task) override {
    {
      std::lock_guard lock(mutex_);
      for (Queue& lane : lanes_) {
        if (lane.tasks.size() < lane.limit) {
          lane.tasks.push_back(std::move(task));
          lane.ready.notify_one();
          return;
        }
      }
    }
    current_lane = Lane::kDrop;
    task();
    current_lane = Lane::kServe;
  }

  void shutdown() override {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    for (Queue& lane : lanes_) lane.ready.notify_all();
    for (std::thread& thread : threads_) thread.join();
  }

 private:
  struct Queue {
    std::deque<std::function<void()>> tasks;
    size_t limit = 0;  // waiting at most
    std::condition_variable ready;
  };

  void Run(size_t index, Lane lane) {
    current_lane = lane;
    Queue& queue = lanes_[index];
    for (;;) {
      std::function<void()> task;
      {
        std::unique_lock lock(mutex_);
        queue.ready.wait(lock, [&] { return stopping_ || !queue.tasks.empty(); });
        if (queue.tasks.empty()) return;
        task = std::move(queue.tasks.front());
        queue.tasks.pop_front();
      }
      task();
    }
  }

  std::mutex mutex_;
  std::array<Queue, 2> lanes_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

// Reads and drops what the peer still sends, until it closes or kLinger has passed.
void DrainBeforeClose(int socket) {
  shutdown(socket, SHUT_WR);
  const auto deadline = Clock::now() + kLinger;
  std::array<char, 16384> sink;
  while (Wait(socket, POLLIN, deadline) & (POLLIN | POLLHUP | POLLERR)) {
    if (recv(socket, sink.data(), sink.size(), 0) <= 0) break;
  }
}

}  // namespace

Connection& CurrentConnection() { return *current_connection; }

HttpServer::HttpServer(const ConnectionLimits& limits) : limits_(limits) {
  new_task_queue = [this] { return new ConnectionPool(static_cast<size_t>(limits_.connections), 2); };
}

int HttpServer::Bind(const std::string& host, int port) {
  const int bound = port == 0 ? bind_to_any_port(host) : (bind_to_port(host, port) ? port : -1);
  if (bound >= 0 && ::listen(svr_sock_, limits_.backlog) != 0) return -1;
  return bound;
}

bool HttpServer::process_and_close_socket(socket_t socket) {
  Connection connection{socket, current_lane == Lane::kTurnAway, false};
  if (current_lane != Lane::kDrop) {
    current_connection = &connection;
    Serve(connection);
    current_connection = nullptr;
  }
  close(socket);
  return true;
}

void HttpServer::Serve(Connection& connection) {
  ConnectionStream stream(connection.socket, limits_, connection.turned_away ? kTurnAwayRead : limits_.read);
  for (size_t count = keep_alive_max_count_; count > 0 && svr_sock_ != INVALID_SOCKET; --count) {
    // The next request's first byte, while the connection is idle at most the keep-alive time.
    const auto idle_until = Clock::now() + std::chrono::seconds(keep_alive_timeout_sec_);
    while (!stream.Buffered() && svr_sock_ != INVALID_SOCKET && Clock::now() < idle_until &&
           !Wait(connection.socket, POLLIN, std::min(idle_until, Clock::now() + milliseconds(100)))) {
    }
    if (!stream.Buffered() && !(Wait(connection.socket, POLLIN, Clock::now()) & (POLLIN | POLLHUP))) return;
    stream.StartRequest();
    bool client_closes = false;
    const bool last = count == 1 || connection.turned_away;
    if (!process_request(stream, last, client_closes, [&](httplib::Request&) { stream.HeadersRead(); }) ||
        stream.Overrun()) {
      return;
    }
    if (connection.close) return DrainBeforeClose(connection.socket);
    if (client_closes || last) return;
  }
}

}  // namespace squares::serve
