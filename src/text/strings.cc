#include "text/strings.h"

#include <charconv>
#include <string>

#include "absl/strings/str_format.h"

namespace squares::core {

absl::Status UsageError(std::string_view message) {
  return absl::InvalidArgumentError(std::string(message));
}

int ExitCodeFor(const absl::Status& status) {
  if (status.ok()) return kExitOk;
  return status.code() == absl::StatusCode::kInvalidArgument ? kExitUsage : kExitData;
}

std::vector<std::string_view> SplitString(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  for (size_t start = 0;;) {
    size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

std::vector<std::string_view> SplitLines(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  while (!lines.empty() && Trim(lines.back()).empty()) lines.pop_back();
  return lines;
}

std::vector<std::string_view> SplitTokens(std::string_view text) {
  constexpr std::string_view kBlanks = " \t\r";
  std::vector<std::string_view> tokens;
  for (size_t pos = text.find_first_not_of(kBlanks); pos != std::string_view::npos;) {
    const size_t end = std::min(text.find_first_of(kBlanks, pos), text.size());
    tokens.push_back(text.substr(pos, end - pos));
    pos = text.find_first_not_of(kBlanks, end);
  }
  return tokens;
}

std::string_view Trim(std::string_view text, std::string_view blanks) {
  const size_t begin = text.find_first_not_of(blanks);
  if (begin == std::string_view::npos) return {};
  return text.substr(begin, text.find_last_not_of(blanks) - begin + 1);
}

template <class Int>
static bool ParseInteger(std::string_view text, Int& value) {
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size() && !text.empty();
}
bool ParseInt(std::string_view text, int64_t& value) { return ParseInteger(text, value); }
bool ParseInt(std::string_view text, int& value) { return ParseInteger(text, value); }

absl::Status LineError(std::string_view name, int line, std::string_view message) {
  return absl::DataLossError(absl::StrFormat("%s:%d: %s", name, line, message));
}

}  // namespace squares::core
