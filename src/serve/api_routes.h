// The JSON API's routes as plain functions of a request body: each reads its request
// (requests.h), calls the library and answers JSON. The HTTP server (server.cc) gives them
// their bodies, their stop flags and a worker.
#pragma once

#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>

#include "serve/requests.h"
#include "squares/dictionary.h"
#include "squares/error.h"
#include "squares/square_search.h"

namespace squares::serve {

struct Reply {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
};

// {"error": message} with `status`.
Reply ErrorReply(int status, std::string_view message);

class ApiRoutes {
 public:
  // `max_threads`: the most threads one request may ask for; `lualatex`: the program that
  // makes PDF downloads ("": none).
  ApiRoutes(Dictionary dictionary, int max_threads, std::string lualatex)
      : dictionary_(std::move(dictionary)),
        max_threads_(max_threads),
        lualatex_(std::move(lualatex)) {}

  // Each throws BadRequest or squares::Error (both answered 400) for a request it refuses.
  Reply Fill(std::string_view body, const StopFlag& stop) const;
  Reply Candidates(std::string_view body, const StopFlag& stop) const;
  // POST /api/candidates/stream: the same request; NDJSON lines: {"slot", "words"} first (the
  // proof's verdicts only), then {"index", "viability", "reason"} as each search decides, then
  // {"done": true}. A grid state's lines are kept, and sent again while it does not change.
  using Write = std::function<bool(std::string_view line)>;
  std::function<void(const Write&)> CandidatesStream(std::string_view body,
                                                     const StopFlag& stop) const;
  Reply Check(std::string_view body) const;
  // POST /api/prove: the grid's live proof (ProveGrid): letters per cell, dead entries.
  Reply Prove(std::string_view body) const;
  Reply Export(std::string_view body, const StopFlag& stop) const;
  Reply Open(std::string_view body) const;
  // POST /api/pattern: a random legal block pattern: {"rows": [...], "blocks": N}.
  static Reply Pattern(std::string_view body);
  // GET /api/info: the version, the dictionary's size, the largest grid, whether PDF is offered.
  Reply Info() const;
  // GET /api/squares: the search, created (so checked) before its results stream.
  SquareSearch Squares(const QueryParams& params, const StopFlag& stop) const;

 private:
  Dictionary dictionary_;
  int max_threads_;
  std::string lualatex_;
  // CandidatesStream's finished answers by request body, the newest kCachedStreams.
  static constexpr size_t kCachedStreams = 64;
  mutable std::mutex cache_mutex_;
  mutable std::deque<std::pair<std::string, std::string>> cache_;
};

}  // namespace squares::serve
