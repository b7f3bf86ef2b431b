// The connections of the HTTP server (http_server.h), as httplib's task queue. A connection
// costs no thread while the client sends: one thread polls them all and reads each request's
// head (up to its blank line) and then its body against deadlines, so slow clients hold
// nothing but a socket and the bytes they sent. Only a whole request is handed to one of
// `connections` serving threads, which answers it without reading from the client again; as
// many more whole requests may wait for one. The polling thread answers by itself, at once and
// without waiting on the client, what needs no thread: a head too large (431), a body too
// slow (408), a request beyond those waiting or one whose body the memory set aside for bodies
// cannot take (503, before the body is read). After an answer, a connection that stays open
// comes back here for its next request; one that is to close is read and dropped here for a
// while first, so that the answer is not lost to a reset.
#pragma once

#include <httplib.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace squares::serve {

struct ConnectionLimits {
  int connections = 256;                  // requests served at once; as many more wait
  std::chrono::milliseconds read{10000};  // for a request's head, then for its body
  std::chrono::milliseconds idle{2000};   // for a request's first byte
  size_t max_head_bytes = 16 << 10;
  size_t max_waiting = 1024;  // connections sending or between requests; a new one beyond
                              // closes the one that has waited longest
  int backlog = 1024;
  // The memory bodies may take, from their first byte read to their request's answer: a body
  // over kLargeBody takes one of `large_bodies`, the others share `small_body_bytes`.
  int large_bodies = 3;
  size_t small_body_bytes = 8 << 20;
  static constexpr size_t kLargeBody = 64 << 10;
};

// What the server makes of a whole head (ConnectionPool::Admit).
struct Admission {
  size_t body = 0;             // the body's length, read before the request is served (0: none,
                               // or the request is to be refused, before any of it is read)
  bool expects_continue = false;  // the client waits for "100 Continue" before sending it
};

// A connection between requests, or a request read whole.
struct WaitingConnection {
  int socket = -1;
  std::string bytes;      // the request's head and what came after its body (the next one's start)
  std::string body;       // its body, read whole
  size_t served = 0;      // requests answered on it so far
  bool continued = false;  // "100 Continue" was sent for this request
};

class ConnectionPool : public httplib::TaskQueue {
 public:
  using Admit = std::function<Admission(std::string_view head)>;
  // Answers the request `connection` holds.
  using Serve = std::function<void(WaitingConnection connection)>;
  // Whole answers the polling thread sends by itself, each ending the connection.
  struct Refusals {
    std::string busy, head_too_large, too_slow;  // 503, 431, 408
  };

  ConnectionPool(const ConnectionLimits& limits, Refusals refusals, Admit admit, Serve serve);

  // httplib's accept: runs at once, and hands the new socket to Wait.
  void enqueue(std::function<void()> accept) override { accept(); }
  void shutdown() override;
  // Takes a connection to read its next request (which may have begun in `bytes`).
  void Wait(WaitingConnection connection);
  // Takes a connection whose answer is sent, to close it once the client has closed or
  // a while has passed (what it still sends is read and dropped).
  void Close(int socket);
  // Gives back the memory set aside for a body of `size` bytes: its request is answered.
  void Release(size_t size);

 private:
  enum class Phase { kHead, kBody, kClosing };
  struct Reading {
    WaitingConnection connection;
    std::chrono::steady_clock::time_point deadline;  // for this phase
    Phase phase = Phase::kHead;
    bool started = false;  // the head's first byte has come
    size_t body = 0;       // in kBody: the body's length
  };

  void ReadAll();
  // Reads what `reading` has sent, or acts on its deadline; whether it stays in the set.
  bool Step(Reading& reading, bool readable);
  bool ReadHead(Reading& reading);
  bool ReadBody(Reading& reading);
  // The head is whole: admitted (its body to read), handed on or refused.
  bool HeadRead(Reading& reading);
  bool BodyRead(Reading& reading);
  // Sends `answer` if the socket takes it at once, then closes the connection (kClosing).
  bool Refuse(Reading& reading, const std::string& answer);
  bool Reserve(size_t size);
  bool HandOn(WaitingConnection& connection);
  void Run();
  // Adds to the set (under mutex_).
  void Take(WaitingConnection connection, Phase phase);

  const ConnectionLimits limits_;
  const Refusals refusals_;
  const Admit admit_;
  const Serve serve_;
  std::mutex mutex_;
  std::vector<Reading> arrived_;  // for the polling thread to take
  std::deque<WaitingConnection> whole_;  // read whole, for the serving threads
  std::condition_variable ready_;
  int large_bodies_ = 0;    // held now
  size_t small_bytes_ = 0;  // held now
  bool stopping_ = false;
  int wake_[2] = {-1, -1};  // a pipe: a byte in it wakes the polling thread
  std::vector<std::thread> threads_;
};

}  // namespace squares::serve
