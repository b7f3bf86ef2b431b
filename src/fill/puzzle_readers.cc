// What the readers of puzzle_readers.h share: errors, the blank puzzle they fill, the grid's
// numbering and the check of the clues against it, letters and character references.
#include "fill/puzzle_readers.h"

#include <algorithm>
#include <set>
#include <utility>

#include "absl/strings/str_format.h"
#include "lexicon/unicode.h"
#include "text/strings.h"

namespace squares::core {

std::string ReadMessage(std::string_view name, std::string_view format, int line,
                        std::string_view message) {
  return line > 0 ? absl::StrFormat("%s:%d: %s: %s", name, line, format, message)
                  : absl::StrFormat("%s: %s: %s", name, format, message);
}

absl::Status ReadError(std::string_view name, std::string_view format, int line,
                       std::string_view message) {
  return absl::DataLossError(ReadMessage(name, format, line, message));
}

absl::StatusOr<std::vector<std::string_view>> PuzzleLines(std::string_view name,
                                                          std::string_view format,
                                                          std::string_view bytes) {
  if (static_cast<size_t>(std::count(bytes.begin(), bytes.end(), '\n')) >= kMaxPuzzleLines) {
    return ReadError(name, format, 0,
                     absl::StrFormat("more than %d lines: larger than any puzzle of %dx%d cells",
                                     kMaxPuzzleLines, kMaxGridSide, kMaxGridSide));
  }
  return SplitLines(bytes);
}

std::string_view LinesSpan(std::string_view first, std::string_view last) {
  return std::string_view(first.data(),
                          static_cast<size_t>(last.data() + last.size() - first.data()));
}

std::string SectionNotes(std::string_view text) {
  const std::vector<std::string_view> lines = SplitString(text, '\n');  // each may end in \r
  const auto blank = [](std::string_view line) { return Trim(line, " \t\r").empty(); };
  const auto leading = [](std::string_view line) {
    return std::min(line.find_first_not_of(" \t"), line.size());
  };
  size_t first = 0, last = lines.size();
  while (first < last && blank(lines[first])) ++first;
  while (last > first && blank(lines[last - 1])) --last;
  size_t indent = std::string_view::npos;
  for (size_t k = first; k < last; ++k) {
    if (!blank(lines[k])) indent = std::min(indent, leading(lines[k]));
  }
  std::string notes;
  for (size_t k = first; k < last; ++k) {
    std::string_view line = lines[k];
    if (k + 1 == last && !line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (k > first) notes += '\n';
    notes += line.substr(std::min(indent, leading(line)));
  }
  return notes;
}

absl::Status NumberPuzzle(std::string_view name, Puzzle& puzzle, bool rows_are_lines) {
  Grid& g = puzzle.grid;
  for (int i = 0; i < g.size(); ++i) {
    if (!g.black[i]) continue;
    g.marks[i] = 0;
    g.fixed[i].clear();
    puzzle.solution[i].clear();
  }
  const absl::Status status = NumberGrid(name, g);
  if (status.ok()) return status;
  // NumberGrid's "NAME:LINE:COLUMN: message" (or "NAME: message") with the format named, and
  // for a format whose rows are no lines, the row as a row.
  std::string_view rest(status.message().data(), status.message().size());
  if (rest.substr(0, name.size() + 1) != absl::StrFormat("%s:", name)) return status;
  rest.remove_prefix(name.size() + 1);
  const size_t colon = rest.find(':'), second = rest.find(':', colon + 1);
  int row = 0, col = 0;
  if (colon == std::string_view::npos || second == std::string_view::npos ||
      !ParseInt(rest.substr(0, colon), row) ||
      !ParseInt(rest.substr(colon + 1, second - colon - 1), col)) {
    return ReadError(name, puzzle.format, 0, Trim(rest));
  }
  const std::string_view message = Trim(rest.substr(second + 1));
  if (rows_are_lines) {
    return ReadError(name, puzzle.format, row, absl::StrFormat("column %d: %s", col, message));
  }
  return ReadError(
      name, puzzle.format, 0,
      absl::StrFormat("row %d, column %d: %s", row - g.first_row_line + 1, col, message));
}

void WarnUnmatchedClues(std::string_view name, Puzzle& puzzle) {
  const Grid& g = puzzle.grid;
  std::set<std::pair<int, Direction>> slots;
  for (const GridSlot& slot : g.slots) slots.emplace(slot.number, slot.direction);
  for (const Clue& clue : puzzle.clues) {
    if (slots.count({clue.number, clue.direction}) > 0) continue;
    puzzle.warnings.push_back(
        ReadMessage(name, puzzle.format, clue.line,
                    absl::StrFormat("the clue of %d %s names no entry of the grid", clue.number,
                                    clue.direction == Direction::kAcross ? "Across" : "Down")));
  }
}

std::string UpperCaseText(std::string_view text) {
  std::string out;
  for (size_t pos = 0; pos < text.size();) {
    const size_t start = pos;
    const int32_t cp = DecodeUtf8(text, pos);
    if (cp < 0) {
      out.append(text.substr(start, pos > start ? pos - start : 1));
      if (pos == start) ++pos;
      continue;
    }
    AppendUtf8(UpperCase(static_cast<char32_t>(cp)), out);
  }
  return out;
}

namespace {

// The named references decoded: XML's five, and the HTML ones puzzles' clues use.
struct NamedEntity {
  std::string_view name;
  char32_t code_point;
};
constexpr NamedEntity kNamedEntities[] = {
    {"amp", '&'},      {"lt", '<'},       {"gt", '>'},        {"quot", '"'},     {"apos", '\''},
    {"nbsp", 0xa0},    {"ndash", 0x2013}, {"mdash", 0x2014},  {"lsquo", 0x2018}, {"rsquo", 0x2019},
    {"ldquo", 0x201c}, {"rdquo", 0x201d}, {"hellip", 0x2026}, {"copy", 0xa9},    {"eacute", 0xe9},
    {"egrave", 0xe8},  {"aacute", 0xe1},  {"iacute", 0xed},   {"oacute", 0xf3},  {"uacute", 0xfa},
    {"ntilde", 0xf1},  {"uuml", 0xfc},    {"ouml", 0xf6},     {"auml", 0xe4},    {"ccedil", 0xe7},
    {"deg", 0xb0},     {"frac12", 0xbd},  {"times", 0xd7}};

// The code point of the reference "&...;" whose name or number is `body`; -1 when unknown.
int64_t EntityCodePoint(std::string_view body) {
  if (body.size() >= 2 && body[0] == '#') {
    const bool hex = body[1] == 'x' || body[1] == 'X';
    std::string_view digits = body.substr(hex ? 2 : 1);
    if (digits.empty() || digits.size() > 8) return -1;
    int64_t value = 0;
    for (char ch : digits) {
      int digit;
      if (ch >= '0' && ch <= '9') {
        digit = ch - '0';
      } else if (hex && ch >= 'a' && ch <= 'f') {
        digit = ch - 'a' + 10;
      } else if (hex && ch >= 'A' && ch <= 'F') {
        digit = ch - 'A' + 10;
      } else {
        return -1;
      }
      value = value * (hex ? 16 : 10) + digit;
    }
    const bool valid = value > 0 && value <= 0x10ffff && (value < 0xd800 || value > 0xdfff);
    return valid ? value : -1;
  }
  for (const NamedEntity& entity : kNamedEntities) {
    if (entity.name == body) return entity.code_point;
  }
  return -1;
}

}  // namespace

std::string DecodeEntities(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t pos = 0; pos < text.size();) {
    const size_t semicolon = text[pos] == '&' ? text.find(';', pos) : std::string_view::npos;
    if (semicolon != std::string_view::npos && semicolon - pos <= 12) {
      const int64_t cp = EntityCodePoint(text.substr(pos + 1, semicolon - pos - 1));
      if (cp >= 0) {
        AppendUtf8(static_cast<char32_t>(cp), out);
        pos = semicolon + 1;
        continue;
      }
    }
    out += text[pos++];
  }
  return out;
}

}  // namespace squares::core
