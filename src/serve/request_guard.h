// Who may drive the workbench, decided from a request's method, path and headers before its
// body is read. A web page the user visits may send requests to 127.0.0.1 too: by a name that
// resolves there (DNS rebinding: its Host is then that name), or as a cross-site request (its
// Origin is then the page's). So the Host must name this server, an Origin must be its own, a
// POST must say it is JSON (a browser sends that cross-site only after a preflight, which is
// never granted).
// Apart from the HTTP server (server.cc) so that the fuzz target drives it too.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace squares::serve {

struct GuardSettings {
  std::vector<std::string> hosts;  // the names a Host header may give, lowercase, no port
  size_t max_body = 1 << 20;       // a larger Content-Length: 413 before the body is read
  // Each route's path and the one method it answers (GET also answers HEAD).
  std::map<std::string, std::string, std::less<>> routes;
};

// A request as the guard sees it: its headers as they came (names in any case, repeats kept).
struct RequestHead {
  std::string method, path;
  std::vector<std::pair<std::string, std::string>> headers;
};

struct Verdict {
  int status = 0;          // 0: the request may go on; else the answer, and the connection ends
  std::string message;     // the {"error": ...} of a refusal
  std::string allow;       // the Allow header of a 405 or an OPTIONS answer (204)
};

// The verdict on `head`. Its checks, in order: a Host among `hosts` (403), a
// known path (404), OPTIONS (204, no CORS grant) and the method (405), a same-origin request for
// the API and any POST (403), then a POST's framing: JSON (415), no Content-Encoding (415),
// one length that is not too large (400, 411, 413).
Verdict Check(const GuardSettings& settings, const RequestHead& head);

}  // namespace squares::serve
