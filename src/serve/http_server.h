// cpp-httplib's server (Debian's 0.11) with the bounds it lacks, so that what a client sends,
// or how slowly, cannot hold the server:
// - a request's head must arrive within a deadline of its first byte, and its body within as
//   long again, both read without a thread (connection_pool.h; httplib's own timeout restarts
//   with each byte: one byte a second kept a connection, and its thread, forever);
// - bodies are read only after the server has admitted the request (ConnectionPool::Admit),
//   whole and of a length known beforehand, within the memory set aside for them;
// - at most `connections` requests are served at once, each by a thread that never waits on
//   its client to read; as many more wait for one, and beyond those a request is answered 503
//   at once;
// - the listen backlog takes a burst of connections (httplib's is 5: the rest were reset).
// httplib gives a handler neither its socket nor a say in whether the connection goes on, so
// the connection a thread serves is kept where its handlers find it (CurrentConnection).
#pragma once

#include <httplib.h>

#include <string>

#include "serve/connection_pool.h"

namespace squares::serve {

// The connection a thread serves, for the request it answers.
struct Connection {
  int socket = -1;
  std::string body;    // the request's body, read whole before it was served (for a handler to take)
  bool close = false;  // set by a handler: end the connection after this answer (what the client
                       // still sends is read and dropped for a while first, so that the answer
                       // is not lost to a reset)
};

// The calling handler's connection.
Connection& CurrentConnection();

class HttpServer : public httplib::Server {
 public:
  // `admit` says how long a body the server reads for a head (ConnectionPool::Admit);
  // `headers` go on every answer, also those the connections' thread sends by itself.
  HttpServer(const ConnectionLimits& limits, ConnectionPool::Admit admit,
             const httplib::Headers& headers);
  // Binds and listens on `host`:`port` (0: any free port); the port, or -1.
  int Bind(const std::string& host, int port);

 private:
  bool process_and_close_socket(socket_t socket) override;
  void Serve(WaitingConnection waiting);
  ConnectionLimits limits_;
  ConnectionPool::Refusals refusals_;
  ConnectionPool* pool_ = nullptr;  // while listening (httplib owns it)
};

}  // namespace squares::serve
