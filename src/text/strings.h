// Text helpers of every reader (word lists, grids, shapes, boards, options), at the bottom
// of the layers. Debian's Abseil does not alias absl::string_view to std::string_view, so
// the project uses these small std-based helpers instead of absl::StrSplit/SimpleAtoi.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "absl/status/status.h"

namespace squares::core {

// Exit codes: 0 success (also when nothing was found), 1 data or runtime error, 2 usage.
// A Status with code kInvalidArgument is a usage error; every other error is a data error.
inline constexpr int kExitOk = 0, kExitData = 1, kExitUsage = 2;
absl::Status UsageError(std::string_view message);
int ExitCodeFor(const absl::Status& status);

// The parts of `text` between separators (one part more than separators).
std::vector<std::string_view> SplitString(std::string_view text, char separator);
// The lines of `text` without a leading UTF-8 BOM, line ends ('\n' or "\r\n"), and blank
// lines at the end.
std::vector<std::string_view> SplitLines(std::string_view text);
// The words of `text` separated by spaces, tabs and carriage returns.
std::vector<std::string_view> SplitTokens(std::string_view text);
// `text` without the characters of `blanks` at either end.
std::string_view Trim(std::string_view text, std::string_view blanks = " \t");
// A whole decimal integer (a sign allowed), in range.
bool ParseInt(std::string_view text, int64_t& value);
bool ParseInt(std::string_view text, int& value);
// A data error "NAME:LINE: message".
absl::Status LineError(std::string_view name, int line, std::string_view message);

}  // namespace squares::core
