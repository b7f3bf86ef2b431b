// Stops a request's search when its client goes away. A search runs in the thread that serves
// the connection, so another thread watches: every 10 ms it polls each watched socket for the
// peer's close (POLLRDHUP) and sets that request's stop flag (a search stopped late takes the
// core from the request that replaced it, as the marks of the next key). It also stops every search when
// the server shuts down. (A client that shuts down its sending side while it waits for the
// answer, which browsers, curl and Python's clients do not, is taken as gone.)
#pragma once

#include <condition_variable>
#include <list>
#include <memory>
#include <mutex>
#include <thread>

#include "squares/error.h"

namespace squares::serve {

class ConnectionWatch {
 public:
  ConnectionWatch();
  ~ConnectionWatch();

  // A stop flag set when the peer of `socket` (-1: none, then only at shutdown) closes the
  // connection, watched while the returned pointer is held.
  std::shared_ptr<StopFlag> Watch(int socket);
  // Sets every watched flag, and those of later calls to Watch.
  void StopAll();

 private:
  struct Entry {
    int socket;
    std::shared_ptr<StopFlag> stop;
  };
  void Run();
  std::mutex mutex_;
  std::condition_variable changed_;
  std::list<Entry> entries_;
  bool stopping_ = false, exiting_ = false;
  std::thread thread_;
};

}  // namespace squares::serve
