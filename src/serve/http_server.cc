#include "serve/http_server.h"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstring>

namespace squares::serve {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

thread_local Connection* current_connection = nullptr;

constexpr milliseconds kWriteTimeout{5000};
// How long a turned-away request may take to send its body, and how long the unread rest of a
// refused request is read and dropped before the close.
constexpr milliseconds kTurnAwayRead{1000};
constexpr milliseconds kLinger{2000};

// poll() on one socket for `events` until `deadline`: its revents, or 0 when the time is up.
short PollFor(int socket, short events, Clock::time_point deadline) {
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

// A request's bytes for httplib: its head, read already, then the rest of the connection read
// through a buffer (httplib reads a byte at a time) against the body's deadline.
class ConnectionStream : public httplib::Stream {
 public:
  ConnectionStream(int socket, std::string head, milliseconds read)
      : socket_(socket), read_(read), buffer_(std::move(head)), deadline_(Clock::now() + read) {}

  bool Buffered() const { return begin_ < buffer_.size(); }
  // What was read beyond this request: the next one's start.
  std::string Unread() const { return buffer_.substr(begin_); }
  // Whether a read failed for the deadline: the connection is to end.
  bool Overrun() const { return overrun_; }
  // The head is parsed: the body is due within the read time from now.
  void HeadersRead() { deadline_ = Clock::now() + read_; }

  bool is_readable() const override {
    return Buffered() || (PollFor(socket_, POLLIN, deadline_) & POLLIN);
  }
  bool is_writable() const override {
    if (!(PollFor(socket_, POLLOUT, Clock::now() + kWriteTimeout) & POLLOUT)) return false;
    char byte;  // a peer that has closed reads as 0 bytes
    return !(PollFor(socket_, POLLIN, Clock::now()) & POLLIN) ||
           recv(socket_, &byte, 1, MSG_PEEK) > 0;
  }

  ssize_t read(char* data, size_t size) override {
    if (!Buffered()) {
      if (!(PollFor(socket_, POLLIN, deadline_) & (POLLIN | POLLHUP | POLLERR))) {
        overrun_ = true;
        return -1;
      }
      buffer_.resize(kReadSize);
      const ssize_t got = recv(socket_, buffer_.data(), buffer_.size(), 0);
      buffer_.resize(static_cast<size_t>(std::max<ssize_t>(got, 0)));
      begin_ = 0;
      if (got <= 0) return got;
    }
    const size_t taken = std::min(size, buffer_.size() - begin_);
    std::memcpy(data, buffer_.data() + begin_, taken);
    begin_ += taken;
    return static_cast<ssize_t>(taken);
  }

  ssize_t write(const char* data, size_t size) override {
    if (!(PollFor(socket_, POLLOUT, Clock::now() + kWriteTimeout) & POLLOUT)) return -1;
    return send(socket_, data, size, MSG_NOSIGNAL);
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    sockaddr_storage address{};
    socklen_t length = sizeof address;
    if (getpeername(socket_, reinterpret_cast<sockaddr*>(&address), &length) == 0)
      IpAndPort(address, length, ip, port);
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    sockaddr_storage address{};
    socklen_t length = sizeof address;
    if (getsockname(socket_, reinterpret_cast<sockaddr*>(&address), &length) == 0)
      IpAndPort(address, length, ip, port);
  }
  socket_t socket() const override { return socket_; }

 private:
  static constexpr size_t kReadSize = 4096;
  int socket_;
  milliseconds read_;
  std::string buffer_;
  size_t begin_ = 0;  // the buffer's first unread byte
  Clock::time_point deadline_;
  bool overrun_ = false;
};

// Reads and drops what the peer still sends, until it closes or kLinger has passed.
void DrainBeforeClose(int socket) {
  shutdown(socket, SHUT_WR);
  const auto deadline = Clock::now() + kLinger;
  std::array<char, 16384> sink;
  while (PollFor(socket, POLLIN, deadline) & (POLLIN | POLLHUP | POLLERR)) {
    if (recv(socket, sink.data(), sink.size(), 0) <= 0) break;
  }
}

}  // namespace

Connection& CurrentConnection() { return *current_connection; }

HttpServer::HttpServer(const ConnectionLimits& limits) : limits_(limits) {
  new_task_queue = [this] {
    pool_ = new ConnectionPool(limits_, [this](WaitingConnection waiting, bool turned_away) {
      Serve(std::move(waiting), turned_away);
    });
    return pool_;
  };
}

int HttpServer::Bind(const std::string& host, int port) {
  const int bound = port == 0 ? bind_to_any_port(host) : (bind_to_port(host, port) ? port : -1);
  if (bound >= 0 && ::listen(svr_sock_, limits_.backlog) != 0) return -1;
  return bound;
}

bool HttpServer::process_and_close_socket(socket_t socket) {
  pool_->Wait(WaitingConnection{socket, "", 0});
  return true;
}

// One request, its head read; then the connection waits for the next, or is closed.
void HttpServer::Serve(WaitingConnection waiting, bool turned_away) {
  Connection connection{waiting.socket, turned_away, false};
  ConnectionStream stream(waiting.socket, std::move(waiting.bytes),
                          turned_away ? kTurnAwayRead : limits_.read);
  const bool last = waiting.served + 1 >= keep_alive_max_count_ || turned_away;
  bool client_closes = false;
  current_connection = &connection;
  const bool answered = process_request(stream, last, client_closes,
                                        [&](httplib::Request&) { stream.HeadersRead(); });
  current_connection = nullptr;
  if (answered && !stream.Overrun() && !connection.close && !client_closes && !last &&
      svr_sock_ != INVALID_SOCKET) {
    return pool_->Wait(WaitingConnection{waiting.socket, stream.Unread(), waiting.served + 1});
  }
  if (answered && connection.close) DrainBeforeClose(waiting.socket);
  close(waiting.socket);
}

}  // namespace squares::serve
