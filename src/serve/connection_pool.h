// The connections of the HTTP server (http_server.h), as httplib's task queue. A connection
// waiting for a request costs no thread: one thread polls them all and reads each request's
// head (up to its blank line) against a deadline, so slow clients hold nothing but a socket.
// Only a whole head is handed to one of `connections` serving threads, which reads the body
// and answers; as many more whole heads may wait for one, and beyond those a request goes to
// a thread that answers it "busy". After its answer, a connection that stays open comes back
// here to wait for its next request.
#pragma once

#include <httplib.h>

#include <array>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace squares::serve {

struct ConnectionLimits {
  int connections = 256;                  // requests served at once; as many more wait
  std::chrono::milliseconds read{10000};  // for a request's head, then for its body
  std::chrono::milliseconds idle{2000};   // for a request's first byte
  size_t max_head_bytes = 16 << 10;
  size_t max_waiting = 1024;  // connections between requests; a new one beyond
                              // closes the one that has waited longest
  int backlog = 1024;
};

// A connection between requests.
struct WaitingConnection {
  int socket = -1;
  std::string bytes;  // read ahead: the next request's head, whole when handed to `serve`
  size_t served = 0;  // requests answered on it so far
};

class ConnectionPool : public httplib::TaskQueue {
 public:
  // Answers the request whose head `connection` holds, `turned_away` with "busy".
  using Serve = std::function<void(WaitingConnection connection, bool turned_away)>;

  ConnectionPool(const ConnectionLimits& limits, Serve serve);

  // httplib's accept: runs at once, and hands the new socket to Wait.
  void enqueue(std::function<void()> accept) override { accept(); }
  void shutdown() override;
  // Takes a connection to read its next request's head (it may be in `bytes` already).
  void Wait(WaitingConnection connection);

 private:
  struct Reading {
    WaitingConnection connection;
    std::chrono::steady_clock::time_point deadline;  // for the first byte, then the whole head
    bool started = false;                            // the first byte has come
  };
  struct Lane {
    std::deque<WaitingConnection> heads;
    size_t limit = 0;  // heads waiting at most
    std::condition_variable ready;
  };

  void ReadHeads();
  // Reads what `reading` has sent; whether it is still to be read (false: handed on or closed).
  bool ReadMore(Reading& reading);
  void HandOn(WaitingConnection connection);
  void Run(Lane& lane, bool turned_away);

  const ConnectionLimits limits_;
  const Serve serve_;
  std::mutex mutex_;
  std::vector<WaitingConnection> arrived_;  // for the reading thread to take
  std::array<Lane, 2> lanes_;               // to serve; to turn away
  bool stopping_ = false;
  int wake_[2] = {-1, -1};  // a pipe: a byte in it wakes the reading thread
  std::vector<std::thread> threads_;
};

}  // namespace squares::serve
