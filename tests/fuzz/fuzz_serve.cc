// The workbench's requests (src/serve/requests.h): any body is read into a request or refused
// with a BadRequest; a grid read is rectangular and within the size limit. The first byte
// chooses the route ('0' to '7', then '8' an uploaded list, '9' a list's changes, ':' a
// pattern, made on a small list, ';' a block pattern, '<' a head as the server's connections
// read it, '=' a JSON body for /api/squares, '>' a file opened: its text or base64);
// otherwise a body is /api/squares's options, one `name=value` a line.
// The last choice is the guard (request_guard.h) on a request's head: "METHOD PATH TOKEN" and
// then "Name: value" lines; it lets through only what it should, and refuses with a message.
#include <algorithm>
#include <string>

#include "fuzz_targets.h"
#include "serve/request_guard.h"
#include "serve/requests.h"
#include "squares/pattern.h"

namespace squares::core::fuzz {
namespace {

// The list the changes and patterns are made on.
const squares::Dictionary& SmallList() {
  static const squares::Dictionary list =
      squares::Dictionary::FromWords({"cat;5", "cot;3", "cut;9", "coat;1", "ĳs;2"});
  return list;
}

void CheckRows(const squares::Grid& grid) {
  FUZZ_CHECK(grid.rows() >= 1 && grid.rows() <= serve::kMaxGridSide);
  FUZZ_CHECK(grid.cols() >= 1 && grid.cols() <= serve::kMaxGridSide);
}

std::vector<std::string_view> Lines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

bool HasHeader(const serve::RequestHead& head, std::string_view name, std::string_view part) {
  return std::any_of(head.headers.begin(), head.headers.end(), [&](const auto& header) {
    std::string key = header.first, value = header.second;
    for (std::string* text : {&key, &value}) {
      std::transform(text->begin(), text->end(), text->begin(),
                     [](unsigned char c) { return std::tolower(c); });
    }
    return key == name && value.find(part) != std::string::npos;
  });
}

void FuzzGuard(std::string_view text, bool with_token) {
  serve::GuardSettings settings;
  settings.hosts = {"localhost", "127.0.0.1", "::1"};
  settings.token = with_token ? "token-1234" : "";
  settings.cookie = with_token ? "cookie-5678" : "";
  settings.port = 8080;
  settings.max_body = 1000;
  settings.routes = {{"/", "GET"}, {"/api/info", "GET"}, {"/api/fill", "POST"}};
  const std::vector<std::string_view> lines = Lines(text);
  if (lines.empty()) return;
  serve::RequestHead head;
  const std::string_view first = lines.front();
  const size_t space = std::min(first.find(' '), first.size());
  const size_t second = std::min(first.find(' ', space + 1), first.size());
  head.method = first.substr(0, space);
  head.path = first.substr(std::min(space + 1, first.size()), second - std::min(space + 1, second));
  head.query_token = first.substr(std::min(second + 1, first.size()));
  for (size_t k = 1; k < lines.size(); ++k) {
    const size_t colon = std::min(lines[k].find(':'), lines[k].size());
    head.headers.emplace_back(lines[k].substr(0, colon),
                              lines[k].substr(std::min(colon + 1, lines[k].size())));
  }
  const serve::Verdict verdict = serve::Check(settings, head);
  const std::vector<int> statuses = {0, 204, 400, 403, 404, 405, 411, 413, 415};
  // A POST let through has its body's length, within the limit, and nothing else does.
  FUZZ_CHECK(verdict.status != 0 || serve::BodyLength(head) <= settings.max_body);
  FUZZ_CHECK(verdict.status != 0 || head.method == "POST" || serve::BodyLength(head) == 0);
  FUZZ_CHECK(std::find(statuses.begin(), statuses.end(), verdict.status) != statuses.end());
  FUZZ_CHECK((verdict.status == 0 || verdict.status == 204) == verdict.message.empty());
  FUZZ_CHECK((verdict.status == 204 || verdict.status == 405) == !verdict.allow.empty());
  if (verdict.status == 0 || verdict.status == 204 || verdict.status == 405) {
    FUZZ_CHECK(settings.routes.count(head.path) == 1);
    FUZZ_CHECK(HasHeader(head, "host", ""));
  }
  if (verdict.status == 0 && head.method == "POST")
    FUZZ_CHECK(HasHeader(head, "content-type", "json"));
  if (verdict.status == 0 && with_token) {
    FUZZ_CHECK(head.query_token == settings.token ||
               HasHeader(head, "authorization", settings.token) ||
               HasHeader(head, "x-squares-token", settings.token) ||
               HasHeader(head, "cookie", settings.cookie));
  }
  FUZZ_CHECK(!verdict.store_token || head.query_token == settings.token);
  FUZZ_CHECK(serve::SameToken(head.query_token, settings.token) ==
             (with_token && head.query_token == settings.token));
}

}  // namespace

void FuzzServe(std::string_view data) {
  if (data.empty()) return;
  const char route = data[0];
  const std::string_view body = data.substr(1);
  try {
    // Modulo 16, not 8: '0' to '7' choose the routes they chose before.
    switch (static_cast<unsigned char>(route) % 16) {
      case 0: {
        const serve::FillRequest request = serve::ParseFillRequest(body, 4);
        CheckRows(request.grid);
        FUZZ_CHECK(request.options.threads >= 1 && request.options.threads <= 4);
        if (request.region) {
          FUZZ_CHECK(request.region->top <= request.region->bottom);
          FUZZ_CHECK(request.region->bottom < request.grid.rows());
        }
        break;
      }
      case 1: CheckRows(serve::ParseCandidatesRequest(body).grid); break;
      case 2: CheckRows(serve::ParseCheckRequest(body).grid); break;
      case 3: {
        // A request's "puzzle" (or rows) is the puzzle of its grid, cell for cell.
        const serve::ExportRequest request = serve::ParseExportRequest(body);
        CheckRows(request.grid);
        const squares::Puzzle& puzzle = request.grid.puzzle();
        FUZZ_CHECK(puzzle.rows == request.grid.rows() && puzzle.cols == request.grid.cols());
        FUZZ_CHECK(puzzle.cells.size() == static_cast<size_t>(puzzle.rows * puzzle.cols));
        for (const squares::PuzzleCell& cell : puzzle.cells)
          FUZZ_CHECK(cell.solution.size() <= serve::kMaxCellBytes);
        break;
      }
      case 4:
        CheckRows(serve::CheckedSize(squares::Grid::Parse(body, "fuzz.ipuz"), "fuzz.ipuz"));
        break;
      case 6: FuzzGuard(body, false); break;
      case 7: FuzzGuard(body, true); break;
      case 8: serve::ParseListUpload(body); break;
      case 9: {
        const serve::ListChange request = serve::ParseListChange(body);
        const squares::Dictionary changed = SmallList().Changed(request.changes);
        for (const squares::ScoredWord& word : request.changes.scores)
          FUZZ_CHECK(changed.contains(word.word));
        break;
      }
      case 10: {
        const serve::PatternRequest request = serve::ParsePatternRequest(body);
        FUZZ_CHECK(request.limit <= 1000);
        const squares::PatternMatches matches = SmallList().Match(request.pattern, request.limit);
        FUZZ_CHECK(matches.words.size() <= std::min(matches.total, request.limit));
        break;
      }
      case 14: {  // '>': a file opened, its text or its base64 bytes read as a puzzle
        const serve::OpenRequest request = serve::ParseOpenRequest(body);
        CheckRows(serve::CheckedSize(
            squares::Grid::FromPuzzle(squares::Puzzle::Parse(request.text, request.name)),
            request.name));
        break;
      }
      case 11: {  // a random block pattern is legal, of the size asked for
        const PatternOptions options = serve::ParseBlockPatternRequest(body);
        if (options.rows * options.cols > 15 * 15) break;  // bigger ones only take longer
        const std::vector<std::string> rows = MakePattern(options);
        FUZZ_CHECK(static_cast<int>(rows.size()) == options.rows);
        FUZZ_CHECK(CheckPattern(squares::Grid::FromRows(rows)).legal);
        break;
      }
      case 12: {  // '<': a head as the connections' thread reads it
        if (const auto head = serve::ParseHead(body)) {
          FUZZ_CHECK(!head->method.empty() && body.ends_with("\r\n\r\n"));
          FUZZ_CHECK(head->path.size() < body.size());
        }
        break;
      }
      case 13:  // '=': POST /api/squares's JSON body
        FUZZ_CHECK(serve::ParseSquaresQuery(serve::ParseSquaresRequest(body), 4).threads <= 4);
        break;
      default: {
        serve::QueryParams params;
        for (const std::string_view line : Lines(body)) {
          const size_t equals = line.find('=');
          params.emplace(std::string(line.substr(0, equals)),
                         equals == std::string_view::npos ? ""
                                                          : std::string(line.substr(equals + 1)));
        }
        const SquareOptions options = serve::ParseSquaresQuery(params, 4);
        FUZZ_CHECK(options.threads >= 1 && options.threads <= 4);
        break;
      }
    }
  } catch (const serve::BadRequest& error) {
    FUZZ_CHECK(error.what()[0] != '\0');
  } catch (const Error& error) {
    FUZZ_CHECK(error.what()[0] != '\0');
  }
}

}  // namespace squares::core::fuzz
