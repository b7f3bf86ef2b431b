// Reading .xd (doc/xd-format.md of github.com/century-arcade/xd): headers, grid, clues and
// notes, as sections apart by two blank lines or under "## Metadata" / "## Grid" / "## Clues"
// / "## Notes" headings.
#include <map>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_format.h"
#include "fill/puzzle_readers.h"
#include "lexicon/unicode.h"
#include "text/strings.h"

namespace squares::core {
namespace {

constexpr std::string_view kXd = "xd";

struct XdLine {
  int line;  // 1-based
  std::string_view text;
};

// The file's non-blank lines (trimmed: leading and trailing blanks are decorative) by
// section, named by its heading ("metadata", "grid", "clues", "notes", and the "design" and
// "start" of Puzzmo's xd) or, in a file without headings, by its place.
using XdSections = std::map<std::string, std::vector<XdLine>>;

bool IsHeading(std::string_view line) { return line.size() > 3 && line.substr(0, 3) == "## "; }

XdSections SplitSections(const std::vector<std::string_view>& lines) {
  constexpr const char* kPlaces[] = {"metadata", "grid", "clues", "notes"};
  XdSections sections;
  bool headings = false;
  for (std::string_view line : lines) headings = headings || IsHeading(Trim(line));
  std::string section;  // "" before the first
  int place = -1;
  int blanks = 2;  // leading blank lines start no section
  for (size_t k = 0; k < lines.size(); ++k) {
    const std::string_view line = Trim(lines[k]);
    if (headings && IsHeading(line)) {
      section = absl::AsciiStrToLower(std::string(Trim(line.substr(3))));
      continue;
    }
    if (line.empty()) {
      ++blanks;
      continue;
    }
    if (!headings && blanks >= 2) section = kPlaces[place = std::min(place + 1, 3)];
    blanks = 0;
    if (!section.empty()) sections[section].push_back({static_cast<int>(k) + 1, line});
  }
  return sections;
}

const std::vector<XdLine>& Part(const XdSections& sections, const std::string& key) {
  static const std::vector<XdLine> kNone;
  auto it = sections.find(key);
  return it == sections.end() ? kNone : it->second;
}

struct XdHeaders {
  std::map<std::string, std::pair<int, std::string>> values;  // lower-case key -> line, value
  std::vector<std::string> notes;                             // header lines without ':'
};

XdHeaders ReadHeaders(std::string_view name, const std::vector<XdLine>& lines,
                      std::vector<std::string>& warnings) {
  XdHeaders headers;
  for (const XdLine& line : lines) {
    const size_t colon = line.text.find(':');
    if (colon == std::string_view::npos) {
      headers.notes.emplace_back(line.text);
      continue;
    }
    std::string key = absl::AsciiStrToLower(std::string(Trim(line.text.substr(0, colon))));
    std::string value(Trim(line.text.substr(colon + 1)));
    if (!headers.values.emplace(key, std::pair(line.line, value)).second) {
      warnings.push_back(ReadMessage(name, kXd, line.line,
                                     absl::StrFormat("a second '%s' header (the first is kept)",
                                                     Trim(line.text.substr(0, colon)))));
    }
  }
  return headers;
}

std::string Header(const XdHeaders& headers, const std::string& key) {
  auto it = headers.values.find(key);
  return it == headers.values.end() ? "" : it->second.second;
}

// The Rebus header, "1=HEART 2=DIAMOND": the cell character each key stands for, and its
// letters. A reading "C/P" (a cell of two readings, which the model has not) is taken as its
// first, with a warning.
absl::StatusOr<std::map<std::string, std::string>> ReadRebus(std::string_view name,
                                                             const XdHeaders& headers,
                                                             std::vector<std::string>& warnings) {
  std::map<std::string, std::string> rebus;
  auto it = headers.values.find("rebus");
  if (it == headers.values.end()) return rebus;
  const int line = it->second.first;
  // Keys apart by spaces, as the format says, or by commas, as files of the corpus have them.
  std::vector<std::string_view> parts;
  for (std::string_view token : SplitTokens(it->second.second)) {
    const std::vector<std::string_view> pieces = SplitString(token, ',');
    bool all_keys = true;
    for (std::string_view piece : pieces)
      all_keys = all_keys && piece.find('=') != 0 && piece.find('=') != std::string_view::npos;
    if (all_keys) {
      parts.insert(parts.end(), pieces.begin(), pieces.end());
    } else {
      parts.push_back(token);
    }
  }
  for (std::string_view part : parts) {
    const size_t equals = part.find('=');
    size_t pos = 0;
    if (equals == std::string_view::npos || equals == 0 || equals + 1 == part.size() ||
        (DecodeUtf8(part, pos), pos != equals)) {
      return ReadError(name, kXd, line,
                       absl::StrFormat("'%s' in the Rebus header is not KEY=LETTERS with a "
                                       "key of one character",
                                       part));
    }
    std::string_view letters = part.substr(equals + 1);
    if (const size_t slash = letters.find('/'); slash != std::string_view::npos && slash > 0) {
      warnings.push_back(
          ReadMessage(name, kXd, line,
                      absl::StrFormat("the rebus '%s' has two readings; read as its first, '%s'",
                                      part, letters.substr(0, slash))));
      letters = letters.substr(0, slash);
    }
    rebus[std::string(part.substr(0, equals))] = UpperCaseText(letters);
  }
  return rebus;
}

// The mark of the special (lower-case) cells: the Special header's "circle" or "shaded"; a
// circle without the header, as Puzzmo's xd has them.
uint8_t SpecialMark(std::string_view name, const XdHeaders& headers,
                    std::vector<std::string>& warnings) {
  auto it = headers.values.find("special");
  if (it == headers.values.end()) return kCircled;
  const std::string value = absl::AsciiStrToLower(it->second.second);
  if (value.rfind("circ", 0) == 0) return kCircled;
  if (value.rfind("shad", 0) == 0) return kShaded;
  warnings.push_back(ReadMessage(
      name, kXd, it->second.first,
      absl::StrFormat("Special: '%s' is neither circle nor shaded; its cells are circled",
                      it->second.second)));
  return kCircled;
}

absl::Status ReadGrid(std::string_view name, const std::vector<XdLine>& rows,
                      const std::map<std::string, std::string>& rebus, uint8_t special,
                      Puzzle& puzzle) {
  if (rows.empty())
    return ReadError(name, kXd, 0,
                     "no grid (it follows the headers after two "
                     "blank lines, or a '## Grid' heading)");
  if (rows.size() > kMaxGridSide) {
    return ReadError(name, kXd, rows[kMaxGridSide].line,
                     absl::StrFormat("more than %d rows", kMaxGridSide));
  }
  std::vector<std::vector<std::string_view>> cells(rows.size());
  for (size_t r = 0; r < rows.size(); ++r) {
    const std::string_view text = rows[r].text;
    for (size_t pos = 0; pos < text.size();) {
      const size_t start = pos;
      if (DecodeUtf8(text, pos) < 0) return ReadError(name, kXd, rows[r].line, "invalid UTF-8");
      cells[r].push_back(text.substr(start, pos - start));
      if (cells[r].size() > kMaxGridSide) {
        return ReadError(name, kXd, rows[r].line,
                         absl::StrFormat("a row of more than %d cells", kMaxGridSide));
      }
    }
    if (cells[r].size() != cells[0].size()) {
      return ReadError(name, kXd, rows[r].line,
                       absl::StrFormat("row has %d cells, the first row %d (a clue or note "
                                       "with one blank line before it?)",
                                       cells[r].size(), cells[0].size()));
    }
  }
  // Puzzmo's xd writes blocks as '.': a grid with letters and no '#' is read so.
  bool hash = false, letters = false;
  for (const auto& row : cells) {
    for (std::string_view cell : row) {
      hash = hash || cell == "#";
      letters = letters || (cell != "." && cell != "_");
    }
  }
  const std::string_view block = !hash && letters ? "." : "#";
  puzzle = BlankPuzzle(static_cast<int>(rows.size()), static_cast<int>(cells[0].size()), "xd");
  Grid& g = puzzle.grid;
  g.first_row_line = rows[0].line;
  for (int r = 0; r < g.rows; ++r) {
    for (int c = 0; c < g.cols; ++c) {
      const int i = g.cell(r, c);
      const std::string_view cell = cells[r][c];
      const bool lower = cell.size() == 1 && cell[0] >= 'a' && cell[0] <= 'z';
      if (cell == block || cell == "\u25A0") {
        g.black[i] = true;
      } else if (cell == "_" || cell == "\uFF3F") {
        g.black[i] = g.voids[i] = true;
      } else if (auto it = rebus.find(std::string(cell)); it != rebus.end()) {
        puzzle.solution[i] = it->second;
      } else if (cell != ".") {
        puzzle.solution[i] = UpperCaseText(cell);
      }
      if (lower) g.marks[i] = special;
    }
  }
  return absl::OkStatus();
}

// Puzzmo's "## Design": styles keyed by a character, "<style>S { background: circle }
// B { bar-top: true }</style>", then a grid of those keys. Circles, coloured backgrounds
// (shading) and bars on any side are read; a style of nothing else is counted in `unread`.
void ReadDesign(const std::vector<XdLine>& lines, Puzzle& puzzle, int& unread) {
  std::string text;
  size_t rows_from = lines.size();
  for (size_t k = 0; k < lines.size() && rows_from == lines.size(); ++k) {
    text += lines[k].text;
    text += ' ';
    if (lines[k].text.find("</style>") != std::string_view::npos) rows_from = k + 1;
  }
  const size_t open = text.find("<style>"), close = text.find("</style>");
  if (open == std::string::npos || close == std::string::npos || close < open) return;
  std::map<char, std::pair<uint8_t, uint8_t>> styles;  // key -> marks, bars (right, below of
                                                       // this cell; top and left as neighbours')
  std::string_view css = std::string_view(text).substr(open + 7, close - open - 7);
  constexpr uint8_t kTop = 4, kLeft = 8;
  for (size_t brace = css.find('{'); brace != std::string_view::npos; brace = css.find('{')) {
    const std::string_view key = Trim(css.substr(0, brace));
    const size_t end = css.find('}', brace);
    if (end == std::string_view::npos) break;
    uint8_t marks = 0, bars = 0;
    for (std::string_view rule : SplitString(css.substr(brace + 1, end - brace - 1), ';')) {
      const size_t colon = rule.find(':');
      if (colon == std::string_view::npos) continue;
      const std::string_view property = Trim(rule.substr(0, colon)),
                             value = Trim(rule.substr(colon + 1));
      if (property == "background" && value == "circle") marks |= kCircled;
      else if (property.rfind("background", 0) == 0) marks |= kShaded;
      else if (value == "true" && property == "bar-top") bars |= kTop;
      else if (value == "true" && property == "bar-left") bars |= kLeft;
      else if (value == "true" && property == "bar-bottom") bars |= kBarBelow;
      else if (value == "true" && property == "bar-right") bars |= kBarRight;
    }
    if (key.size() == 1) styles[key[0]] = {marks, bars};
    unread += marks == 0 && bars == 0;
    css.remove_prefix(end + 1);
  }
  Grid& g = puzzle.grid;
  for (size_t k = rows_from; k < lines.size() && static_cast<int>(k - rows_from) < g.rows; ++k) {
    const int r = static_cast<int>(k - rows_from);
    for (int c = 0; c < g.cols && c < static_cast<int>(lines[k].text.size()); ++c) {
      auto it = styles.find(lines[k].text[c]);
      if (it == styles.end()) continue;
      const int i = g.cell(r, c);
      const auto [marks, bars] = it->second;
      g.marks[i] |= marks;
      g.bars[i] |= bars & (kBarRight | kBarBelow);
      if ((bars & kTop) != 0 && r > 0) g.bars[i - g.cols] |= kBarBelow;
      if ((bars & kLeft) != 0 && c > 0) g.bars[i - 1] |= kBarRight;
    }
  }
  for (int i = 0; i < g.size(); ++i) {
    const int r = i / g.cols, c = i % g.cols;
    if (r + 1 == g.rows) g.bars[i] &= static_cast<uint8_t>(~kBarBelow);
    if (c + 1 == g.cols) g.bars[i] &= static_cast<uint8_t>(~kBarRight);
  }
}

// Puzzmo's "## Start": a grid of the letters given at the start ('#' and '.' none).
void ReadStart(const std::vector<XdLine>& lines, Puzzle& puzzle) {
  Grid& g = puzzle.grid;
  for (int r = 0; r < g.rows && r < static_cast<int>(lines.size()); ++r) {
    const std::string_view row = lines[r].text;
    for (int c = 0; c < g.cols && c < static_cast<int>(row.size()); ++c) {
      const int i = g.cell(r, c);
      if (row[c] == '#' || row[c] == '.' || g.black[i]) continue;
      g.fixed[i] = puzzle.solution[i].empty() ? UpperCaseText(row.substr(c, 1))
                                              : puzzle.solution[i];
    }
  }
}

// xd's clue markup as the model's: {/italic/} and {*bold*} as <i> and <b> (underline and
// strike-through, which it has not, stay as written).
std::string ClueMarkup(std::string_view text) {
  std::string out;
  for (size_t pos = 0; pos < text.size();) {
    const char open = pos + 1 < text.size() && text[pos] == '{' ? text[pos + 1] : 0;
    const std::string_view tag = open == '/' ? "i" : open == '*' ? "b" : "";
    if (!tag.empty()) {
      const char close[] = {open, '}', 0};
      const size_t end = text.find(close, pos + 2);
      if (end != std::string_view::npos) {
        absl::StrAppendFormat(&out, "<%s>%s</%s>", tag, text.substr(pos + 2, end - pos - 2), tag);
        pos = end + 2;
        continue;
      }
    }
    out += text[pos++];
  }
  return out;
}

// "A1. clue ~ ANSWER" (the answer may be missing); lines of other clue groups and clue
// metadata ("A1 ^Refs: ...") are counted in `skipped`.
absl::Status ReadClues(std::string_view name, const std::vector<XdLine>& lines, Puzzle& puzzle,
                       int& skipped) {
  for (const XdLine& line : lines) {
    const std::string_view text = line.text;
    size_t digits = 1;
    while (digits < text.size() && digits < 8 && text[digits] >= '0' && text[digits] <= '9') {
      ++digits;
    }
    const bool numbered = digits > 1 && digits < text.size();
    if (numbered && text[digits] == ' ' && text.find('^') == digits + 1) {
      ++skipped;  // clue metadata
      continue;
    }
    if (!numbered || text[digits] != '.' || text[1] == '0') {
      return ReadError(name, kXd, line.line,
                       absl::StrFormat("'%s' is not a clue 'A1. clue ~ ANSWER'", text));
    }
    if (text[0] != 'A' && text[0] != 'D') {
      ++skipped;  // a clue group the model has not
      continue;
    }
    Clue clue;
    clue.direction = text[0] == 'A' ? Direction::kAcross : Direction::kDown;
    ParseInt(text.substr(1, digits - 1), clue.number);
    // The answer after " ~ " repeats the grid's letters: the clue's text ends before it.
    std::string_view rest = text.substr(digits + 1);
    if (const size_t tilde = rest.rfind(" ~");
        tilde != std::string_view::npos && (tilde + 2 == rest.size() || rest[tilde + 2] == ' ')) {
      rest = rest.substr(0, tilde);
    }
    clue.text = ClueMarkup(Trim(rest));
    clue.line = line.line;
    puzzle.clues.push_back(std::move(clue));
  }
  return absl::OkStatus();
}

}  // namespace

bool IsXdHeading(std::string_view line) { return IsHeading(Trim(line)); }

bool IsXd(std::string_view bytes) {
  for (std::string_view line : SplitLines(bytes.substr(0, 4096))) {
    line = Trim(line);
    if (line.empty()) continue;
    if (IsHeading(line)) {
      const std::string heading = absl::AsciiStrToLower(std::string(Trim(line.substr(3))));
      return heading == "metadata" || heading == "grid" || heading == "clues";
    }
    // A header "Key: value": the key a word of letters, digits, spaces and '-'.
    const size_t colon = line.find(':');
    if (colon == 0 || colon == std::string_view::npos || colon > 40) return false;
    for (char ch : line.substr(0, colon)) {
      if (!absl::ascii_isalnum(static_cast<unsigned char>(ch)) && ch != ' ' && ch != '-' &&
          ch != '_') {
        return false;
      }
    }
    return absl::ascii_isalpha(static_cast<unsigned char>(line[0]));
  }
  return false;
}

absl::StatusOr<Puzzle> ReadXd(std::string_view name, std::string_view bytes) {
  absl::StatusOr<std::vector<std::string_view>> lines = PuzzleLines(name, kXd, bytes);
  if (!lines.ok()) return lines.status();
  const XdSections sections = SplitSections(*lines);
  std::vector<std::string> warnings;
  const XdHeaders headers = ReadHeaders(name, Part(sections, "metadata"), warnings);
  absl::StatusOr<std::map<std::string, std::string>> rebus = ReadRebus(name, headers, warnings);
  if (!rebus.ok()) return rebus.status();
  const uint8_t special = SpecialMark(name, headers, warnings);
  Puzzle puzzle;
  if (absl::Status status = ReadGrid(name, Part(sections, "grid"), *rebus, special, puzzle);
      !status.ok()) {
    return status;
  }
  puzzle.warnings = std::move(warnings);
  int unread_styles = 0;
  ReadDesign(Part(sections, "design"), puzzle, unread_styles);
  if (unread_styles > 0) {
    puzzle.warnings.push_back(ReadMessage(
        name, kXd, 0,
        absl::StrFormat("%d styles of the Design section hold no circle, background or bar: "
                        "not kept",
                        unread_styles)));
  }
  ReadStart(Part(sections, "start"), puzzle);
  int skipped = 0;
  if (absl::Status status = ReadClues(name, Part(sections, "clues"), puzzle, skipped);
      !status.ok()) {
    return status;
  }
  if (skipped > 0) {
    puzzle.warnings.push_back(ReadMessage(
        name, kXd, 0,
        absl::StrFormat("%d clue lines of other groups or clue metadata not kept", skipped)));
  }
  PuzzleInfo& info = puzzle.info;
  info.title = Header(headers, "title");
  info.author = Header(headers, "author");
  info.editor = Header(headers, "editor");
  info.copyright = Header(headers, "copyright");
  info.date = Header(headers, "date");
  info.publisher = Header(headers, "publisher");
  std::vector<std::string> notes;
  for (const char* key : {"notes", "description"}) {
    // "N/A": Puzzmo's xd for no description.
    std::string value = Header(headers, key);
    if (!value.empty() && value != "N/A") notes.push_back(value);
  }
  notes.insert(notes.end(), headers.notes.begin(), headers.notes.end());
  // The notes section as the file has it: its lines, blank lines and line breaks.
  if (const std::vector<XdLine>& part = Part(sections, "notes"); !part.empty()) {
    notes.push_back(
        SectionNotes(LinesSpan((*lines)[part.front().line - 1], (*lines)[part.back().line - 1])));
  }
  for (const std::string& note : notes) {
    if (!info.notes.empty()) info.notes += '\n';
    info.notes += note;
  }
  if (absl::Status status = NumberPuzzle(name, puzzle); !status.ok()) return status;
  WarnUnmatchedClues(name, puzzle);
  return puzzle;
}

}  // namespace squares::core
