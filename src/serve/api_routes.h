// The JSON API's routes as plain functions of a request body: each reads its request
// (requests.h), calls the library and answers JSON. The HTTP server (server.cc) gives them
// their bodies, their stop flags and a worker.
#pragma once

#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "serve/requests.h"
#include "serve/word_lists.h"
#include "squares/dictionary.h"
#include "squares/error.h"
#include "squares/square_search.h"

namespace squares::serve {

struct Reply {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers{};  // more headers, ASCII
};

// {"error": message} with `status`.
Reply ErrorReply(int status, std::string_view message);
// 404 {"error": message, "unknown-list": id}: the page sends the list again.
Reply UnknownListReply(const UnknownList& unknown);

class ApiRoutes {
 public:
  // `max_threads`: the most threads one request may ask for; `lualatex`: the program that
  // makes PDF downloads ("": none).
  // `given`, `upload_options`: as WordLists takes them.
  ApiRoutes(std::vector<WordList> given, DictionaryOptions upload_options, int max_threads,
            std::string lualatex)
      : lists_(std::move(given), std::move(upload_options)),
        max_threads_(max_threads),
        lualatex_(std::move(lualatex)) {}

  // Each throws BadRequest or squares::Error (both answered 400) for a request it refuses, and
  // UnknownList (404) for a list it does not have.
  Reply Fill(std::string_view body, const StopFlag& stop) const;
  Reply Candidates(std::string_view body, const StopFlag& stop) const;
  // POST /api/candidates/stream: the same request; NDJSON lines: {"slot", "words"} first (the
  // proof's verdicts only), then {"index", "viability", "reason"} as each search decides, then
  // {"done": true}. A grid state's lines are kept, and sent again while it does not change.
  using Write = std::function<bool(std::string_view line)>;
  std::function<void(const Write&)> CandidatesStream(std::string_view body,
                                                     const StopFlag& stop) const;
  Reply Check(std::string_view body) const;
  // POST /api/prove: the grid's live proof (ProveGrid): letters per cell, dead entries, and
  // the verdict of a search of about a second (from the last fill found, as candidates).
  Reply Prove(std::string_view body, const StopFlag& stop) const;
  // POST /api/export: the puzzle through WritePuzzle; what the format could not hold as
  // given, a JSON array of messages in the header X-Squares-Warnings (non-ASCII escaped).
  Reply Export(std::string_view body, const StopFlag& stop) const;
  // POST /api/open: the file read by Puzzle::Parse: {"puzzle" (as requests take it), "format",
  // "warnings", "locked", "grid" (its rows), "clues", "title", "author", "copyright"}.
  Reply Open(std::string_view body) const;
  // POST /api/block-pattern: a random legal block pattern: {"rows": [...], "blocks": N}.
  static Reply BlockPattern(std::string_view body);
  // GET /api/info: the version, the word lists given, the languages, the largest grid,
  // whether PDF is offered.
  Reply Info() const;
  // POST /api/squares: the search, created (so checked) before its results stream; the list
  // is the query's `list`.
  SquareSearch Squares(QueryParams params, const StopFlag& stop) const;
  // POST /api/lists: an uploaded list read and kept; POST /api/lists/change: a list with a
  // constructor's changes made and kept. Both answer the list as /api/info lists one.
  Reply UploadList(std::string_view body);
  Reply ChangeList(std::string_view body);
  // POST /api/pattern: the words of a list that fit a pattern, best first, and how many do.
  Reply Pattern(std::string_view body) const;

 private:
  Dictionary DictionaryOf(const std::string& list) const { return lists_.Find(list).dictionary; }

  WordLists lists_;
  int max_threads_;
  std::string lualatex_;
  // CandidatesStream's finished answers by request body, the newest kCachedStreams.
  static constexpr size_t kCachedStreams = 64;
  mutable std::mutex cache_mutex_;
  mutable std::deque<std::pair<std::string, std::string>> cache_;
  // The last fill a candidates search or a verdict found, whatever the grid: the next search
  // starts from
  // it (CandidateOptions::start), as the next request is most often the same grid, or the
  // grid one edit later.
  mutable std::mutex last_fill_mutex_;
  mutable std::vector<std::string> last_fill_;
  void StartFromLastFill(CandidateOptions& options) const;
};

}  // namespace squares::serve
