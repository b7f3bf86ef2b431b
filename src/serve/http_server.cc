#include "serve/http_server.h"

#include <malloc.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>

namespace squares::serve {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

thread_local Connection* current_connection = nullptr;

constexpr milliseconds kWriteTimeout{5000};

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

// A request's bytes for httplib: its head, read already, and what followed its body. A read
// beyond them fails at once: the serving thread never waits on its client to send.
class ConnectionStream : public httplib::Stream {
 public:
  ConnectionStream(int socket, std::string bytes) : socket_(socket), buffer_(std::move(bytes)) {}

  bool Buffered() const { return begin_ < buffer_.size(); }
  // What was read beyond this request: the next one's start.
  std::string Unread() const { return buffer_.substr(begin_); }
  // Whether httplib wanted more than the connection's thread had read: the connection ends.
  bool Exhausted() const { return exhausted_; }

  bool is_readable() const override { return Buffered(); }
  bool is_writable() const override {
    if (!(PollFor(socket_, POLLOUT, Clock::now() + kWriteTimeout) & POLLOUT)) return false;
    char byte;  // a peer that has closed reads as 0 bytes
    return !(PollFor(socket_, POLLIN, Clock::now()) & POLLIN) ||
           recv(socket_, &byte, 1, MSG_PEEK) > 0;
  }

  ssize_t read(char* data, size_t size) override {
    if (!Buffered()) {
      exhausted_ = true;
      return -1;
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
  int socket_;
  std::string buffer_;
  size_t begin_ = 0;  // the buffer's first unread byte
  bool exhausted_ = false;
};

// A whole answer with `headers`, a JSON body {"error": message} and no connection after it.
std::string Refusal(int status, std::string_view reason, std::string_view message,
                    const httplib::Headers& headers) {
  const std::string body = "{\"error\":\"" + std::string(message) + "\"}";
  std::string answer = "HTTP/1.1 " + std::to_string(status) + " " + std::string(reason) + "\r\n";
  for (const auto& [name, value] : headers) answer += name + ": " + value + "\r\n";
  if (status == 503) answer += "Retry-After: 2\r\n";
  answer += "Connection: close\r\nContent-Type: application/json\r\nContent-Length: " +
            std::to_string(body.size()) + "\r\n\r\n" + body;
  return answer;
}

}  // namespace

Connection& CurrentConnection() { return *current_connection; }

HttpServer::HttpServer(const ConnectionLimits& limits, ConnectionPool::Admit admit,
                       const httplib::Headers& headers)
    : limits_(limits),
      refusals_{Refusal(503, "Service Unavailable", "busy", headers),
                Refusal(431, "Request Header Fields Too Large",
                        "the request's head is too large (at most " +
                            std::to_string(limits.max_head_bytes) + " bytes)",
                        headers),
                Refusal(408, "Request Timeout",
                        "the request did not arrive whole within the read timeout", headers)} {
  set_default_headers(headers);
  new_task_queue = [this, admit = std::move(admit)] {
    pool_ = new ConnectionPool(limits_, refusals_, admit,
                               [this](WaitingConnection waiting) { Serve(std::move(waiting)); });
    return pool_;
  };
}

int HttpServer::Bind(const std::string& host, int port) {
  const int bound = port == 0 ? bind_to_any_port(host) : (bind_to_port(host, port) ? port : -1);
  if (bound >= 0 && ::listen(svr_sock_, limits_.backlog) != 0) return -1;
  return bound;
}

bool HttpServer::process_and_close_socket(socket_t socket) {
  pool_->Wait(WaitingConnection{socket, "", "", 0, false});
  return true;
}

// One request, read whole; then the connection waits for the next, or is closed.
void HttpServer::Serve(WaitingConnection waiting) {
  const size_t body_size = waiting.body.size();
  Connection connection{waiting.socket, std::move(waiting.body), false};
  ConnectionStream stream(waiting.socket, std::move(waiting.bytes));
  const bool last = waiting.served + 1 >= keep_alive_max_count_;
  bool client_closes = false;
  current_connection = &connection;
  const bool answered = process_request(stream, last, client_closes, [&](httplib::Request& request) {
    // Its body came after the connections' thread said "100 Continue": httplib is not to say
    // it again.
    if (waiting.continued) request.headers.erase("Expect");
  });
  current_connection = nullptr;
  connection.body = {};
  pool_->Release(body_size);
  // A large body's request (an uploaded word list, which may drop another) freed megabytes in
  // the arenas of the threads it ran on; they go back to the system, so that the resident size
  // returns to what is kept.
  if (body_size > ConnectionLimits::kLargeBody) malloc_trim(0);
  if (answered && !stream.Exhausted() && !connection.close && !client_closes && !last &&
      svr_sock_ != INVALID_SOCKET) {
    return pool_->Wait(WaitingConnection{waiting.socket, stream.Unread(), "", waiting.served + 1, false});
  }
  if (answered) return pool_->Close(waiting.socket);
  close(waiting.socket);
}

}  // namespace squares::serve
