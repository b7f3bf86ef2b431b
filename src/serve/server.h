// `squares serve`: the workbench page and its JSON API over HTTP (cpp-httplib), on a
// dictionary, until SIGINT or SIGTERM.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "serve/word_lists.h"

namespace squares::serve {

struct ServerSettings {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: any free port
  int threads = 1;  // requests searched at once
  int queue = 64;   // requests waiting for a worker; beyond them: 503 {"error": "busy"}
  std::chrono::milliseconds queue_wait{5000};     // the longest a request waits for one: then 503
  size_t max_body = 1 << 20;                      // larger bodies: 413
  size_t max_list_body = 8 << 20;                 // the same for an uploaded word list
  int connections = 256;                          // requests served at once (connection_pool.h)
  std::chrono::milliseconds read_timeout{10000};  // for a request's headers, then for its body
  std::vector<std::string> allow_hosts;  // names a Host header may give besides this server's
  // Required on every request, when not empty; on an address other than loopback, one is
  // drawn when none is given.
  std::string token;
};

// Serves the word lists `given` (and those uploaded, read with `upload_options`: WordLists)
// until SIGINT or SIGTERM, having printed "squares: serving http://HOST:PORT/" on
// stdout once it listens (with "?token=TOKEN" when it needs one). Returns the exit code: 0, or 1
// when it cannot listen (said on stderr).
int Serve(std::vector<WordList> given, const DictionaryOptions& upload_options,
          const ServerSettings& settings);

}  // namespace squares::serve
