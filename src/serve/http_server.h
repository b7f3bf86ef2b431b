// cpp-httplib's server (Debian's 0.11) with the bounds it lacks, so that what a client sends,
// or how slowly, cannot hold the server:
// - each request's headers must arrive within a deadline of its first byte, and its body within
//   as long again (httplib's own timeout restarts with each byte: one byte a second kept a
//   connection forever); headers are at most 64 KB;
// - at most `connections` connections are served at once, each by a thread of its own; as many
//   more wait for one, and beyond those a connection's request is answered 503 at once;
// - the listen backlog takes a burst of connections (httplib's is 5: the rest were reset).
// httplib gives a handler neither its socket nor a say in whether the connection goes on, so
// the connection a thread serves is kept where its handlers find it (CurrentConnection).
#pragma once

#include <httplib.h>

#include <chrono>
#include <string>

namespace squares::serve {

struct ConnectionLimits {
  int connections = 256;                 // served at once; as many more wait
  std::chrono::milliseconds read{10000};  // for a request's headers, then for its body
  size_t max_header_bytes = 64 << 10;
  int backlog = 1024;
};

// The connection a thread serves, from its accept to its close.
struct Connection {
  int socket = -1;
  bool turned_away = false;  // beyond the waiting connections: its request is to get 503
  bool close = false;        // set by a handler: end the connection after this answer (its
                             // unread body, if any, is read and dropped for a while first, so
                             // that the answer is not lost to a reset)
};

// The calling handler's connection.
Connection& CurrentConnection();

class HttpServer : public httplib::Server {
 public:
  explicit HttpServer(const ConnectionLimits& limits);
  // Binds and listens on `host`:`port` (0: any free port); the port, or -1.
  int Bind(const std::string& host, int port);

 private:
  bool process_and_close_socket(socket_t socket) override;
  void Serve(Connection& connection);
  ConnectionLimits limits_;
};

}  // namespace squares::serve
