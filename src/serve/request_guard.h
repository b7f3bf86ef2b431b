// Who may drive the workbench, decided from a request's method, path and headers before its
// body is read. A web page the user visits may send requests to 127.0.0.1 too: by a name that
// resolves there (DNS rebinding: its Host is then that name), or as a cross-site request (its
// Origin is then the page's). So the Host must name this server, an Origin must be its own, a
// POST must say it is JSON (a browser sends that cross-site only after a preflight, which is
// never granted), and on an address other than loopback every request must carry the token.
// Apart from the HTTP server (server.cc) so that the fuzz target drives it too.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace squares::serve {

struct GuardSettings {
  std::vector<std::string> hosts;  // the names a Host header may give, lowercase, no port
  std::string token;               // required on every request when not empty
  // The token's cookie: its name holds the port, its value is drawn for this server (not the
  // token: a browser sends a site's cookies to every port of it, so another server on this
  // machine gets it, and it then opens nothing but this server's page).
  int port = 0;
  std::string cookie;
  size_t max_body = 1 << 20;       // a larger Content-Length: 413 before the body is read
  // The routes that take a larger body (an uploaded word list), and their limit.
  std::map<std::string, size_t, std::less<>> large_bodies;
  // Each route's path and the one method it answers (GET also answers HEAD).
  std::map<std::string, std::string, std::less<>> routes;
};

// A request as the guard sees it: its headers as they came (names in any case, repeats kept)
// and its query's `token` value ("" when none).
struct RequestHead {
  std::string method, path;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string query_token;
};

struct Verdict {
  int status = 0;            // 0: the request may go on; else the answer, and the connection ends
  std::string message;       // the {"error": ...} of a refusal
  std::string allow;         // the Allow header of a 405 or an OPTIONS answer (204)
  bool store_token = false;  // passed with its token in the query: the answer sets the cookie
};

// The verdict on `head`. Its checks, in order: a Host among `hosts` (403), the token (403), a
// known path (404), OPTIONS (204, no CORS grant) and the method (405), a same-origin request for
// the API and any POST (403), a body only on a POST (400), then a POST's framing: JSON (415),
// no Content-Encoding (415), one Content-Length (400; 411 for a chunked body, which is not
// read) that is not too large (413).
Verdict Check(const GuardSettings& settings, const RequestHead& head);

// A request's head as it came, up to its blank line ("METHOD TARGET HTTP/1.x", then "Name:
// value" lines, each ending in CRLF), its path and query's token percent-decoded; nullopt
// when it is not of that form.
std::optional<RequestHead> ParseHead(std::string_view bytes);

// The length of the body of a request that Check lets through (its Content-Length; 0 when it
// has none), and whether its client waits for "100 Continue" before sending it.
size_t BodyLength(const RequestHead& head);
bool ExpectsContinue(const RequestHead& head);

// The largest body a POST to `path` may have: max_body, or its own in large_bodies.
size_t BodyLimit(const GuardSettings& settings, std::string_view path);

// "squares_token_PORT": the cookie that stands for the token after the first page load.
std::string TokenCookieName(int port);

// Whether `given` equals `expected`, in a time that does not depend on where they differ.
bool SameToken(std::string_view given, std::string_view expected);

// A new token: 24 random bytes as 48 hex digits.
std::string NewToken();

}  // namespace squares::serve
