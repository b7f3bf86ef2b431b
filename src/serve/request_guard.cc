#include "serve/request_guard.h"

#include <sys/random.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <optional>
#include <stdexcept>

namespace squares::serve {
namespace {

std::string Lower(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower;
}

std::string_view Trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

bool IsDigits(std::string_view text) {
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The values of the headers called `name` (any case), in order.
std::vector<std::string_view> Values(const RequestHead& head, std::string_view name) {
  std::vector<std::string_view> values;
  for (const auto& [key, value] : head.headers) {
    if (key.size() == name.size() && Lower(key) == Lower(name)) values.push_back(value);
  }
  return values;
}

// The one value of header `name`; nullopt when absent or repeated (`repeated` then says which).
std::optional<std::string_view> OneValue(const RequestHead& head, std::string_view name,
                                         bool& repeated) {
  const std::vector<std::string_view> values = Values(head, name);
  repeated = values.size() > 1;
  if (values.size() != 1) return std::nullopt;
  return Trim(values.front());
}

// A Host header's name, lowercase and without its port ("[::1]:8080" is "::1"); nullopt when it
// is not of that form.
std::optional<std::string> HostName(std::string_view host) {
  std::string_view name = host, port;
  if (host.starts_with('[')) {
    const size_t close = host.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    name = host.substr(1, close - 1);
    const std::string_view rest = host.substr(close + 1);
    if (!rest.empty()) {
      if (rest.front() != ':') return std::nullopt;
      port = rest.substr(1);
    }
  } else if (const size_t colon = host.rfind(':'); colon != std::string_view::npos) {
    name = host.substr(0, colon);
    port = host.substr(colon + 1);
    if (name.find(':') != std::string_view::npos) return std::nullopt;
  }
  if (name.empty() || (!port.empty() && !IsDigits(port)) || (host.ends_with(':')))
    return std::nullopt;
  return Lower(name);
}

// The cookie called `name` in a Cookie header ("a=1; b=2"), or "".
std::string_view CookieValue(std::string_view cookies, std::string_view name) {
  while (!cookies.empty()) {
    const size_t end = std::min(cookies.find(';'), cookies.size());
    const std::string_view pair = Trim(cookies.substr(0, end));
    if (pair.size() > name.size() && pair.starts_with(name) && pair[name.size()] == '=') {
      return pair.substr(name.size() + 1);
    }
    cookies.remove_prefix(std::min(end + 1, cookies.size()));
  }
  return {};
}

// Whether any of the places a token may come in holds the right one; `from_query` says it came
// in the query.
bool HasToken(const GuardSettings& settings, const RequestHead& head, bool& from_query) {
  from_query = SameToken(head.query_token, settings.token);
  if (from_query) return true;
  for (std::string_view value : Values(head, "X-Squares-Token")) {
    if (SameToken(Trim(value), settings.token)) return true;
  }
  for (std::string_view value : Values(head, "Authorization")) {
    value = Trim(value);
    if (value.size() > 7 && Lower(value.substr(0, 7)) == "bearer " &&
        SameToken(Trim(value.substr(7)), settings.token)) {
      return true;
    }
  }
  const std::string cookie = TokenCookieName(settings.port);
  for (std::string_view value : Values(head, "Cookie")) {
    if (SameToken(CookieValue(value, cookie), settings.cookie)) return true;
  }
  return false;
}

}  // namespace

size_t BodyLimit(const GuardSettings& settings, std::string_view path) {
  const auto large = settings.large_bodies.find(path);
  return large == settings.large_bodies.end() ? settings.max_body : large->second;
}

namespace {

Verdict Refuse(int status, std::string message) {
  return Verdict{status, std::move(message), "", false};
}

// A POST's body framing: JSON, not compressed, of one known length within the limit. A chunked
// body is refused: its length is not known before it is read, and its chunks' size lines
// would be more to bound.
Verdict CheckBody(const GuardSettings& settings, const RequestHead& head) {
  bool repeated = false;
  const auto type = OneValue(head, "Content-Type", repeated);
  if (!type || Lower(Trim(type->substr(0, type->find(';')))) != "application/json") {
    return Refuse(
        415, "a POST's body must be JSON, sent with the header 'Content-Type: application/json'");
  }
  if (const auto encoding = OneValue(head, "Content-Encoding", repeated);
      repeated || (encoding && Lower(*encoding) != "identity")) {
    return Refuse(415, "the body must not be compressed (Content-Encoding)");
  }
  const auto length = OneValue(head, "Content-Length", repeated);
  if (repeated || (length && !IsDigits(*length))) {
    return Refuse(400, "the Content-Length header must be one decimal number");
  }
  if (!Values(head, "Transfer-Encoding").empty())
    return Refuse(411, "a chunked body is not read: send the body with a Content-Length header");
  if (!length) return Refuse(411, "a POST needs a Content-Length header");
  if (length) {
    const std::string_view digits =
        length->substr(std::min(length->find_first_not_of('0'), length->size()));
    uint64_t bytes = 0;
    for (char digit : digits.substr(0, 19)) bytes = bytes * 10 + static_cast<uint64_t>(digit - '0');
    const size_t limit = BodyLimit(settings, head.path);
    if (digits.size() > 18 || bytes > limit) {
      return Refuse(413, "the request body is too large (Content-Length " + std::string(*length) +
                             "; at most " + std::to_string(limit) + " bytes)");
    }
  }
  return {};
}

}  // namespace

Verdict Check(const GuardSettings& settings, const RequestHead& head) {
  bool repeated = false;
  const auto host = OneValue(head, "Host", repeated);
  if (!host)
    return Refuse(repeated ? 400 : 403,
                  repeated ? "more than one Host header" : "the request has no Host header");
  const auto name = HostName(*host);
  if (!name)
    return Refuse(400, "the Host header '" + std::string(*host) + "' is not a host name and port");
  if (std::find(settings.hosts.begin(), settings.hosts.end(), *name) == settings.hosts.end()) {
    return Refuse(
        403, "the Host header names '" + *name +
                 "', which is not this server's name (squares serve --allow-host NAME allows one)");
  }
  bool store_token = false;
  if (!settings.token.empty() && !HasToken(settings, head, store_token)) {
    return Refuse(403,
                  "this server needs its token: open the address it printed (with ?token=), or "
                  "send the header 'Authorization: Bearer TOKEN'");
  }

  const auto route = settings.routes.find(head.path);
  if (route == settings.routes.end()) return Refuse(404, "no such page or route");
  const bool get = route->second == "GET";
  const std::string allow = get ? "GET, HEAD, OPTIONS" : "POST, OPTIONS";
  if (head.method == "OPTIONS") return Verdict{204, "", allow, false};
  if (head.method != route->second && !(get && head.method == "HEAD")) {
    return Verdict{405, head.path + " answers " + (get ? "GET" : "POST") + " only", allow, false};
  }

  // The pages may be opened from a link anywhere; the API only from them.
  const bool api = head.path.starts_with("/api/");
  if (api || !get) {
    const auto origin = OneValue(head, "Origin", repeated);
    if (repeated || (origin && Lower(*origin) != "http://" + Lower(*host))) {
      return Refuse(403, "a request from the page of another site (Origin: " +
                             std::string(origin.value_or("several")) + ") is not served");
    }
    const auto site = OneValue(head, "Sec-Fetch-Site", repeated);
    if (site && *site != "same-origin" && *site != "none") {
      return Refuse(403, "a request from the page of another site (Sec-Fetch-Site: " +
                             std::string(*site) + ") is not served");
    }
  }
  if (!get) {
    Verdict body = CheckBody(settings, head);
    if (body.status != 0) return body;
  } else if (!Values(head, "Transfer-Encoding").empty() || BodyLength(head) != 0) {
    return Refuse(400, "a " + head.method + " request has no body");
  }
  return Verdict{0, "", "", store_token && get};
}

namespace {

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// `text` with its %XX escapes decoded (a malformed one is kept as it is), '+' as a space
// when `plus`.
std::string Decoded(std::string_view text, bool plus) {
  std::string decoded;
  for (size_t k = 0; k < text.size(); ++k) {
    if (text[k] == '%' && k + 2 < text.size() && HexDigit(text[k + 1]) >= 0 &&
        HexDigit(text[k + 2]) >= 0) {
      decoded += static_cast<char>(HexDigit(text[k + 1]) * 16 + HexDigit(text[k + 2]));
      k += 2;
    } else {
      decoded += plus && text[k] == '+' ? ' ' : text[k];
    }
  }
  return decoded;
}

}  // namespace

std::optional<RequestHead> ParseHead(std::string_view bytes) {
  if (!bytes.ends_with("\r\n\r\n")) return std::nullopt;
  bytes.remove_suffix(2);
  RequestHead head;
  const size_t line_end = bytes.find("\r\n");
  const std::string_view line = bytes.substr(0, line_end);
  const size_t space = line.find(' ');
  const size_t second = line.find(' ', space + 1);
  if (space == std::string_view::npos || second == std::string_view::npos ||
      !line.substr(second + 1).starts_with("HTTP/1.")) {
    return std::nullopt;
  }
  head.method = line.substr(0, space);
  const std::string_view target = line.substr(space + 1, second - space - 1);
  const size_t question = target.find('?');
  head.path = Decoded(target.substr(0, question), false);
  if (question != std::string_view::npos) {
    std::string_view query = target.substr(question + 1);
    while (!query.empty()) {
      const size_t end = std::min(query.find('&'), query.size());
      const std::string_view pair = query.substr(0, end);
      if (pair.starts_with("token=")) head.query_token = Decoded(pair.substr(6), true);
      query.remove_prefix(std::min(end + 1, query.size()));
    }
  }
  for (std::string_view rest = bytes.substr(line_end + 2); !rest.empty();) {
    const size_t end = rest.find("\r\n");
    const std::string_view header = rest.substr(0, end);
    const size_t colon = header.find(':');
    if (colon == std::string_view::npos || colon == 0) return std::nullopt;
    head.headers.emplace_back(header.substr(0, colon), Trim(header.substr(colon + 1)));
    rest.remove_prefix(end + 2);
  }
  return head;
}

size_t BodyLength(const RequestHead& head) {
  bool repeated = false;
  const auto length = OneValue(head, "Content-Length", repeated);
  if (!length || !IsDigits(*length)) return 0;
  const std::string_view digits =
      length->substr(std::min(length->find_first_not_of('0'), length->size()));
  return digits.empty() || digits.size() > 18 ? 0 : static_cast<size_t>(std::stoull(std::string(digits)));
}

bool ExpectsContinue(const RequestHead& head) {
  const std::vector<std::string_view> values = Values(head, "Expect");
  return values.size() == 1 && Lower(Trim(values.front())) == "100-continue";
}

std::string TokenCookieName(int port) { return "squares_token_" + std::to_string(port); }

bool SameToken(std::string_view given, std::string_view expected) {
  // Every byte of `expected` is looked at whatever `given` holds: only the length can tell.
  unsigned char differ = given.size() != expected.size() || expected.empty();
  for (size_t k = 0; k < expected.size(); ++k) {
    differ |= static_cast<unsigned char>(expected[k] ^ (k < given.size() ? given[k] : 0));
  }
  return differ == 0;
}

std::string NewToken() {
  unsigned char bytes[24];
  size_t got = 0;
  while (got < sizeof bytes) {
    const ssize_t n = getrandom(bytes + got, sizeof bytes - got, 0);
    if (n < 0) throw std::runtime_error("cannot draw a random token (getrandom)");
    got += static_cast<size_t>(n);
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string token;
  for (unsigned char byte : bytes) {
    token += kHex[byte >> 4];
    token += kHex[byte & 15];
  }
  return token;
}

}  // namespace squares::serve
