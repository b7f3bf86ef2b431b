// Reading Across Lite's text format (v1 and v2, Literate Software's "Creating Across puzzles
// using Across Lite"): sections under <TAGS>, the clues in the grid's order without numbers.
// Files written on Windows are often Windows-1252: a file that is not UTF-8 is read as that,
// with a warning.
#include <map>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_format.h"
#include "fill/puzzle_readers.h"
#include "lexicon/unicode.h"
#include "text/strings.h"

namespace squares::core {
namespace {

constexpr std::string_view kFormat = "across-text";

constexpr std::string_view kTags[] = {
    "ACROSS PUZZLE", "ACROSS PUZZLE V2", "TITLE", "AUTHOR", "COPYRIGHT", "SIZE", "GRID",
    "REBUS",         "ACROSS",           "DOWN",  "NOTEPAD"};

struct TextLine {
  int line;
  std::string_view text;
};

// The tag a line is ("TITLE"), "" for any other line.
std::string TagOf(std::string_view line) {
  line = Trim(line, " \t");
  if (line.size() < 3 || line.front() != '<' || line.back() != '>') return "";
  std::string tag = absl::AsciiStrToUpper(std::string(Trim(line.substr(1, line.size() - 2))));
  for (std::string_view known : kTags) {
    if (tag == known) return tag;
  }
  return "";
}

// Windows-1252 as UTF-8 (its 0x80-0x9F punctuation, else Latin-1).
std::string FromWindows1252(std::string_view bytes) {
  static constexpr char16_t kHigh[32] = {
      0x20AC, 0x81,   0x201A, 0x192,  0x201E, 0x2026, 0x2020, 0x2021, 0x2C6,  0x2030, 0x160,
      0x2039, 0x152,  0x8D,   0x17D,  0x8F,   0x90,   0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
      0x2013, 0x2014, 0x2DC,  0x2122, 0x161,  0x203A, 0x153,  0x9D,   0x17E,  0x178};
  std::string out;
  for (unsigned char byte : bytes) {
    AppendUtf8(byte >= 0x80 && byte < 0xA0 ? kHigh[byte - 0x80] : byte, out);
  }
  return out;
}

bool IsUtf8(std::string_view text) {
  for (size_t pos = 0; pos < text.size();) {
    if (DecodeUtf8(text, pos) < 0) return false;
  }
  return true;
}

// The sections by tag (each tag once), their lines as given.
struct Sections {
  std::map<std::string, std::pair<int, std::vector<TextLine>>> by_tag;  // tag line, lines
};

absl::StatusOr<Sections> SplitSections(std::string_view name,
                                       const std::vector<std::string_view>& lines) {
  Sections sections;
  std::vector<TextLine>* current = nullptr;
  for (size_t k = 0; k < lines.size(); ++k) {
    const int line = static_cast<int>(k) + 1;
    const std::string tag = TagOf(lines[k]);
    if (tag.empty()) {
      if (current != nullptr) {
        current->push_back({line, lines[k]});
      } else if (!Trim(lines[k]).empty()) {
        return ReadError(name, kFormat, line, "text before <ACROSS PUZZLE>");
      }
      continue;
    }
    auto [it, inserted] = sections.by_tag.try_emplace(tag, line, std::vector<TextLine>());
    if (!inserted) {
      return ReadError(
          name, kFormat, line,
          absl::StrFormat("a second <%s> (the first is at line %d)", tag, it->second.first));
    }
    current = &it->second.second;
  }
  return sections;
}

// The non-blank lines of a section, trimmed.
std::vector<TextLine> Values(const Sections& sections, const std::string& tag) {
  std::vector<TextLine> values;
  auto it = sections.by_tag.find(tag);
  if (it == sections.by_tag.end()) return values;
  for (const TextLine& line : it->second.second) {
    if (!Trim(line.text, " \t").empty()) values.push_back({line.line, Trim(line.text, " \t")});
  }
  return values;
}

std::string OneValue(const Sections& sections, const std::string& tag) {
  std::string value;
  for (const TextLine& line : Values(sections, tag)) {
    if (!value.empty()) value += ' ';
    value += line.text;
  }
  return value;
}

// The notepad: its lines as the file has them (SectionNotes).
std::string Notepad(const Sections& sections) {
  auto it = sections.by_tag.find("NOTEPAD");
  if (it == sections.by_tag.end() || it->second.second.empty()) return "";
  const std::vector<TextLine>& lines = it->second.second;
  return SectionNotes(LinesSpan(lines.front().text, lines.back().text));
}

struct Rebus {
  bool mark = false;                           // MARK: lower-case cells are circled
  std::map<std::string, std::string> markers;  // grid character -> its letters
};

absl::StatusOr<Rebus> ReadRebus(std::string_view name, const Sections& sections) {
  Rebus rebus;
  for (const TextLine& line : Values(sections, "REBUS")) {
    if (line.text.find(':') == std::string_view::npos) {
      for (std::string_view flag : SplitString(line.text, ';')) {
        flag = Trim(flag);
        if (absl::AsciiStrToUpper(std::string(flag)) == "MARK") {
          rebus.mark = true;
        } else if (!flag.empty()) {
          return ReadError(
              name, kFormat, line.line,
              absl::StrFormat("unknown <REBUS> flag '%s' (MARK is the one flag)", flag));
        }
      }
      continue;
    }
    const std::vector<std::string_view> parts = SplitString(line.text, ':');
    size_t pos = 0;
    if (parts.size() < 2 || parts[0].empty() ||
        (DecodeUtf8(parts[0], pos), pos) != parts[0].size() || Trim(parts[1]).empty()) {
      return ReadError(
          name, kFormat, line.line,
          absl::StrFormat("'%s' is not a rebus line 'MARKER:LETTERS:LETTER'", line.text));
    }
    rebus.markers[std::string(parts[0])] = UpperCaseText(Trim(parts[1]));
  }
  return rebus;
}

absl::StatusOr<Puzzle> ReadGrid(std::string_view name, const Sections& sections) {
  const std::vector<TextLine> size = Values(sections, "SIZE");
  int cols = 0, rows = 0;
  const size_t x = size.empty() ? std::string_view::npos : size[0].text.find_first_of("xX");
  if (size.size() != 1 || x == std::string_view::npos ||
      !ParseInt(Trim(size[0].text.substr(0, x)), cols) ||
      !ParseInt(Trim(size[0].text.substr(x + 1)), rows)) {
    return ReadError(name, kFormat, size.empty() ? 0 : size[0].line,
                     "no <SIZE> 'COLUMNSxROWS' (as 15x15)");
  }
  if (cols < 1 || rows < 1 || cols > kMaxGridSide || rows > kMaxGridSide) {
    return ReadError(name, kFormat, size[0].line,
                     absl::StrFormat("a grid of %dx%d cells; the largest is %dx%d", cols, rows,
                                     kMaxGridSide, kMaxGridSide));
  }
  absl::StatusOr<Rebus> rebus = ReadRebus(name, sections);
  if (!rebus.ok()) return rebus.status();
  const std::vector<TextLine> lines = Values(sections, "GRID");
  if (static_cast<int>(lines.size()) != rows) {
    return ReadError(name, kFormat, lines.empty() ? size[0].line : lines.back().line,
                     absl::StrFormat("<SIZE> says %d rows, <GRID> has %d", rows, lines.size()));
  }
  Puzzle puzzle = BlankPuzzle(rows, cols, std::string(kFormat));
  Grid& g = puzzle.grid;
  g.first_row_line = lines[0].line;
  bool all_x = true, diagramless = false;
  for (int r = 0; r < rows; ++r) {
    const std::string_view text = lines[r].text;
    int c = 0;
    for (size_t pos = 0; pos < text.size(); ++c) {
      const size_t start = pos;
      if (DecodeUtf8(text, pos) < 0)
        return ReadError(name, kFormat, lines[r].line, "invalid UTF-8");
      if (c >= cols) {
        return ReadError(name, kFormat, lines[r].line,
                         absl::StrFormat("a row of more than %d cells, as <SIZE> says", cols));
      }
      const std::string cell(text.substr(start, pos - start));
      const int i = g.cell(r, c);
      const bool lower = cell.size() == 1 && cell[0] >= 'a' && cell[0] <= 'z';
      if (cell == "." || cell == ":") {
        g.black[i] = true;
        diagramless = diagramless || cell == ":";
        continue;
      }
      auto marker = rebus->markers.find(cell);
      puzzle.solution[i] = marker != rebus->markers.end() ? marker->second : UpperCaseText(cell);
      if (lower && rebus->mark) g.marks[i] = kCircled;
      all_x = all_x && cell == "X";
    }
    if (c != cols) {
      return ReadError(name, kFormat, lines[r].line,
                       absl::StrFormat("a row of %d cells; <SIZE> says %d", c, cols));
    }
  }
  // All X: the puzzle is given without its solution.
  if (all_x) puzzle.solution.assign(g.size(), "");
  if (diagramless) {
    puzzle.warnings.push_back(ReadMessage(
        name, kFormat, 0, "a diagramless puzzle (':' blocks): read as blocks shown to the solver"));
  }
  return puzzle;
}

// The clues of one direction, in the order of its entries: one a line.
absl::Status ReadClues(std::string_view name, const Sections& sections, Direction direction,
                       Puzzle& puzzle) {
  const std::string tag = direction == Direction::kAcross ? "ACROSS" : "DOWN";
  const std::vector<TextLine> lines = Values(sections, tag);
  std::vector<const GridSlot*> slots;
  for (const GridSlot& slot : puzzle.grid.slots) {
    if (slot.direction == direction) slots.push_back(&slot);
  }
  if (lines.size() != slots.size()) {
    auto it = sections.by_tag.find(tag);
    return ReadError(name, kFormat, it == sections.by_tag.end() ? 0 : it->second.first,
                     absl::StrFormat("%d clues under <%s> for the grid's %d %s entries",
                                     lines.size(), tag, slots.size(),
                                     direction == Direction::kAcross ? "Across" : "Down"));
  }
  for (size_t k = 0; k < lines.size(); ++k) {
    Clue clue;
    clue.number = slots[k]->number;
    clue.direction = direction;
    clue.text = std::string(lines[k].text);
    clue.line = lines[k].line;
    puzzle.clues.push_back(std::move(clue));
  }
  return absl::OkStatus();
}

}  // namespace

bool IsAcrossTextTag(std::string_view line) { return !TagOf(line).empty(); }

bool IsAcrossText(std::string_view bytes) {
  for (std::string_view line : SplitLines(bytes.substr(0, 1024))) {
    if (Trim(line).empty()) continue;
    const std::string tag = TagOf(line);
    return tag == "ACROSS PUZZLE" || tag == "ACROSS PUZZLE V2";
  }
  return false;
}

absl::StatusOr<Puzzle> ReadAcrossText(std::string_view name, std::string_view bytes) {
  std::string converted;
  const bool utf8 = IsUtf8(bytes);
  if (!utf8) converted = FromWindows1252(bytes);
  absl::StatusOr<std::vector<std::string_view>> lines =
      PuzzleLines(name, kFormat, utf8 ? bytes : converted);
  if (!lines.ok()) return lines.status();
  absl::StatusOr<Sections> sections = SplitSections(name, *lines);
  if (!sections.ok()) return sections.status();
  absl::StatusOr<Puzzle> puzzle = ReadGrid(name, *sections);
  if (!puzzle.ok()) return puzzle.status();
  if (!utf8) {
    puzzle->warnings.push_back(
        ReadMessage(name, kFormat, 0, "not UTF-8: read as Windows-1252 (Latin-1)"));
  }
  if (absl::Status status = NumberPuzzle(name, *puzzle); !status.ok()) return status;
  for (Direction direction : {Direction::kAcross, Direction::kDown}) {
    if (absl::Status status = ReadClues(name, *sections, direction, *puzzle); !status.ok()) {
      return status;
    }
  }
  PuzzleInfo& info = puzzle->info;
  info.title = OneValue(*sections, "TITLE");
  info.author = OneValue(*sections, "AUTHOR");
  info.copyright = OneValue(*sections, "COPYRIGHT");
  info.notes = Notepad(*sections);
  return puzzle;
}

}  // namespace squares::core
