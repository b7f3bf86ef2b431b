// Reading Exolve (README.md of github.com/viresh-ratnakar/exolve): the exolve-begin ...
// exolve-end block of a page or a file, its lines cut at comments as the player cuts them,
// its sections "exolve-NAME: value" followed by their lines; the grid read cell by cell as
// exolve-m.js's parseGrid reads it.
#include <map>
#include <optional>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "fill/puzzle_readers.h"
#include "lexicon/unicode.h"
#include "text/strings.h"

namespace squares::core {
namespace {

constexpr std::string_view kExolve = "exolve";

struct SpecLine {
  int line;
  std::string text;
};

struct Section {
  int line = 0;
  std::string value;            // after the colon
  std::vector<SpecLine> lines;  // the lines up to the next section
};

// A line without its comment: a '#' with a space after it and a space (or nothing) before
// it, or a '#' at the end of the line, starts one.
std::string_view WithoutComment(std::string_view line) {
  for (size_t k = line.find('#'); k != std::string_view::npos; k = line.find('#', k + 1)) {
    if (k + 1 == line.size() || (line[k + 1] == ' ' && (k == 0 || line[k - 1] == ' '))) {
      return line.substr(0, k);
    }
  }
  return line;
}

// The lines between exolve-begin and exolve-end, numbered as in the file; a block inside a
// JavaScript template literal (createExolve(`...`)) has its \\, \` and \$ unescaped.
absl::StatusOr<std::vector<SpecLine>> BlockLines(std::string_view name, std::string_view bytes,
                                                 int& blocks) {
  absl::StatusOr<std::vector<std::string_view>> split = PuzzleLines(name, kExolve, bytes);
  if (!split.ok()) return split.status();
  const std::vector<std::string_view>& lines = *split;
  std::vector<SpecLine> out;
  size_t begin = lines.size();
  for (size_t k = 0; k < lines.size() && begin == lines.size(); ++k) {
    if (Trim(WithoutComment(lines[k])) == "exolve-begin") begin = k;
  }
  if (begin == lines.size()) return ReadError(name, kExolve, 0, "no exolve-begin line");
  const bool literal = bytes.substr(0, bytes.find("exolve-begin")).rfind('`') !=
                       std::string_view::npos;
  blocks = 0;
  for (size_t k = begin; k < lines.size(); ++k) blocks += Trim(lines[k]) == "exolve-begin";
  for (size_t k = begin + 1; k < lines.size(); ++k) {
    std::string_view line = Trim(WithoutComment(lines[k]), " \t\r");
    if (line == "exolve-end") return out;
    if (line.empty()) continue;
    std::string text;
    for (size_t pos = 0; pos < line.size(); ++pos) {
      if (literal && line[pos] == '\\' && pos + 1 < line.size() &&
          (line[pos + 1] == '\\' || line[pos + 1] == '`' || line[pos + 1] == '$')) {
        ++pos;
      }
      text += line[pos];
    }
    out.push_back({static_cast<int>(k) + 1, std::move(text)});
  }
  return ReadError(name, kExolve, static_cast<int>(begin) + 1,
                   "exolve-begin without its exolve-end");
}

std::map<std::string, Section> SplitSections(const std::vector<SpecLine>& lines) {
  std::map<std::string, Section> sections;
  Section* current = nullptr;
  for (const SpecLine& line : lines) {
    if (line.text.rfind("exolve-", 0) != 0) {
      if (current != nullptr) current->lines.push_back(line);
      continue;
    }
    const size_t colon = line.text.find(':');
    const std::string key(
        Trim(line.text.substr(7, colon == std::string::npos ? std::string::npos : colon - 7)));
    const std::string value(
        colon == std::string::npos ? "" : Trim(std::string_view(line.text).substr(colon + 1)));
    // A repeated single-line section (exolve-option) adds its value.
    Section& section = sections[key];
    if (section.line == 0) section.line = line.line;
    section.value += section.value.empty() || value.empty() ? value : " " + value;
    current = &section;
  }
  return sections;
}

const Section* Find(const std::map<std::string, Section>& sections, const std::string& key) {
  auto it = sections.find(key);
  return it == sections.end() ? nullptr : &it->second;
}

// What the grid's cells may hold and how they are told apart.
struct GridRules {
  bool rebus = false;      // exolve-option: rebus-cells
  int max_char_codes = 1;  // exolve-language's: a letter of several code points
  bool multi() const { return rebus || max_char_codes > 1; }
};

constexpr std::string_view kDecorators = " +|_@!*~{[";

bool IsDecorator(char32_t cp) {
  return cp < 0x80 && kDecorators.find(static_cast<char>(cp)) != std::string_view::npos;
}

// The code points of a grid row as Exolve reads it: upper case, blanks removed (or, with
// cells of several letters, runs of them as one space).
absl::StatusOr<std::vector<char32_t>> RowCodePoints(std::string_view name, const SpecLine& line,
                                                    const GridRules& rules) {
  std::vector<char32_t> out;
  const std::string_view text = line.text;
  for (size_t pos = 0; pos < text.size();) {
    const int32_t cp = DecodeUtf8(text, pos);
    if (cp < 0) return ReadError(name, kExolve, line.line, "invalid UTF-8");
    const bool blank = cp == ' ' || cp == '\t';
    if (blank && (!rules.multi() || (!out.empty() && out.back() == ' '))) continue;
    out.push_back(blank ? ' ' : UpperCase(static_cast<char32_t>(cp)));
  }
  return out;
}

struct ExolveCell {
  std::string letters;  // as written: "0", "?", "." unescaped, or the cell's letters
  bool escaped = false;
  uint8_t bars = 0;
  bool circled = false, given = false, diagramless = false, skip_number = false;
};

absl::StatusOr<std::vector<ExolveCell>> ReadRow(std::string_view name, const SpecLine& line,
                                                int width, const GridRules& rules) {
  absl::StatusOr<std::vector<char32_t>> row = RowCodePoints(name, line, rules);
  if (!row.ok()) return row.status();
  std::vector<ExolveCell> cells(width);
  size_t k = 0;
  for (int c = 0; c < width; ++c) {
    if (k >= row->size()) {
      return ReadError(name, kExolve, line.line,
                       absl::StrFormat("a grid row of %d cells, exolve-width says %d%s", c, width,
                                       rules.multi() ? " (with cells of several letters, "
                                                       "cells are apart by spaces)"
                                                     : ""));
    }
    ExolveCell& cell = cells[c];
    char32_t cp = (*row)[k++];
    if (cp == '&' && k < row->size()) {
      cp = (*row)[k++];
      cell.escaped = true;
    }
    AppendUtf8(cp, cell.letters);
    if (rules.multi() && (cell.escaped || (cp != '.' && cp != '0'))) {
      while (k < row->size()) {
        const char32_t next = (*row)[k];
        if (next == '&' && k + 1 < row->size()) {
          AppendUtf8((*row)[k + 1], cell.letters);
          k += 2;
        } else if (next != '.' && next != '0' && next != '&' && !IsDecorator(next)) {
          AppendUtf8(next, cell.letters);
          ++k;
        } else {
          break;
        }
      }
    }
    for (; k < row->size() && IsDecorator((*row)[k]); ++k) {
      switch ((*row)[k]) {
        case '|': cell.bars |= kBarRight; break;
        case '_': cell.bars |= kBarBelow; break;
        case '+': cell.bars |= kBarRight | kBarBelow; break;
        case '@': cell.circled = true; break;
        case '!': cell.given = true; break;
        case '*': cell.diagramless = true; break;
        case '~': cell.skip_number = true; break;
        case '[':
        case '{': {
          // A shaped cell's or a cell decorator's spec, to its closing bracket.
          const char32_t close = (*row)[k] == '[' ? ']' : '}';
          while (k + 1 < row->size() && (*row)[k] != close) ++k;
          break;
        }
        default: break;
      }
    }
  }
  return cells;
}

absl::Status ReadGrid(std::string_view name, const std::map<std::string, Section>& sections,
                      Puzzle& puzzle) {
  int width = 0, height = 0;
  const Section* w = Find(sections, "width");
  const Section* h = Find(sections, "height");
  const Section* grid = Find(sections, "grid");
  if (w == nullptr || h == nullptr || grid == nullptr) {
    return ReadError(name, kExolve, 0, "exolve-width, exolve-height and exolve-grid are needed");
  }
  if (!ParseInt(w->value, width) || width < 1 || width > kMaxGridSide) {
    return ReadError(name, kExolve, w->line,
                     absl::StrFormat("exolve-width '%s' is not 1..%d", w->value, kMaxGridSide));
  }
  if (!ParseInt(h->value, height) || height < 1 || height > kMaxGridSide) {
    return ReadError(name, kExolve, h->line,
                     absl::StrFormat("exolve-height '%s' is not 1..%d", h->value, kMaxGridSide));
  }
  if (static_cast<int>(grid->lines.size()) != height) {
    return ReadError(name, kExolve, grid->line,
                     absl::StrFormat("exolve-grid has %d rows, exolve-height says %d",
                                     grid->lines.size(), height));
  }
  GridRules rules;
  if (const Section* option = Find(sections, "option"); option != nullptr) {
    for (std::string_view part : SplitTokens(option->value)) rules.rebus |= part == "rebus-cells";
  }
  if (const Section* language = Find(sections, "language"); language != nullptr) {
    const std::vector<std::string_view> parts = SplitTokens(language->value);
    if (parts.size() >= 2 && absl::AsciiStrToLower(std::string(parts[1])) == "devanagari") {
      rules.max_char_codes = 5;
    }
    if (parts.size() >= 3 &&
        (!ParseInt(parts[2], rules.max_char_codes) || rules.max_char_codes < 1)) {
      return ReadError(name, kExolve, language->line,
                       "exolve-language's max-char-codes is not a "
                       "positive number");
    }
  }
  puzzle = BlankPuzzle(height, width, std::string(kExolve));
  Grid& g = puzzle.grid;
  g.first_row_line = grid->lines[0].line;
  std::vector<ExolveCell> cells;
  for (const SpecLine& line : grid->lines) {
    absl::StatusOr<std::vector<ExolveCell>> row = ReadRow(name, line, width, rules);
    if (!row.ok()) return row.status();
    cells.insert(cells.end(), row->begin(), row->end());
  }
  // '0' is a cell without its solution when every cell is (a puzzle given without it).
  bool all_zero = true;
  for (const ExolveCell& cell : cells) {
    const bool light = cell.escaped || cell.letters != ".";
    if (light && (cell.escaped || cell.letters != "0") && !cell.given) all_zero = false;
  }
  bool diagramless = false, skipped_numbers = false;
  for (int i = 0; i < g.size(); ++i) {
    const ExolveCell& cell = cells[i];
    diagramless = diagramless || cell.diagramless;
    skipped_numbers = skipped_numbers || cell.skip_number;
    g.bars[i] = cell.bars;
    if (!cell.escaped && cell.letters == ".") {
      g.black[i] = true;
      continue;
    }
    g.marks[i] = cell.circled ? kCircled : 0;
    const bool unknown = !cell.escaped &&
                         (cell.letters == "?" || (cell.letters == "0" && all_zero));
    if (!unknown) puzzle.solution[i] = DecodeEntities(cell.letters);
    if (cell.given) g.fixed[i] = puzzle.solution[i];
  }
  if (diagramless) {
    puzzle.warnings.push_back(ReadMessage(name, kExolve, grid->line,
                                          "diagramless cells ('*'): read as shown to the solver"));
  }
  if (skipped_numbers) {
    puzzle.warnings.push_back(ReadMessage(
        name, kExolve, grid->line,
        "cells that skip their number ('~'): the clues are read by the usual numbering"));
  }
  return absl::OkStatus();
}

// The enumeration at the end of a clue: the last "(...)" of digits with ',', '-', '.', '\''
// or spaces, starting with a digit 1-9; npos when there is none. `close` is its ')'.
size_t FindEnumeration(std::string_view text, size_t& close) {
  size_t found = std::string_view::npos;
  for (size_t open = text.find('('); open != std::string_view::npos;
       open = text.find('(', open + 1)) {
    const size_t end = text.find(')', open);
    if (end == std::string_view::npos) break;
    const std::string_view inside = text.substr(open + 1, end - open - 1);
    bool numeric = !inside.empty() && inside[0] >= '1' && inside[0] <= '9';
    for (size_t pos = 0; numeric && pos < inside.size(); ++pos) {
      const char ch = inside[pos];
      if (inside.substr(pos, 3) == "\u2019") {
        pos += 2;
        continue;
      }
      numeric = absl::ascii_isdigit(static_cast<unsigned char>(ch)) || ch == '-' || ch == ',' ||
                ch == '.' || ch == '\'' || ch == ' ';
    }
    if (numeric) {
      found = open;
      close = end;
    }
  }
  return found;
}

// One clue line: "12 text (5)" with optional cell locations "#a1" before it, a direction
// after the number ("12a", "12 across"), linked entries ("12, 14"), an annotation after the
// enumeration (dropped and counted). A line that starts with no number is counted in
// `unlabelled`. Whether the label gave a direction.
bool ReadClue(const SpecLine& line, Direction direction, Puzzle& puzzle, int& unlabelled,
              int& annotated, int& linked) {
  std::string_view text = line.text;
  while (text.size() > 1 && text[0] == '#' &&
         absl::ascii_isalnum(static_cast<unsigned char>(text[1]))) {
    const size_t end = text.find_first_of(" \t");
    text = end == std::string_view::npos ? "" : Trim(text.substr(end));
  }
  size_t digits = 0;
  while (digits < text.size() && digits < 6 &&
         absl::ascii_isdigit(static_cast<unsigned char>(text[digits]))) {
    ++digits;
  }
  if (digits == 0 || text[0] == '0') {
    ++unlabelled;
    return false;
  }
  Clue clue;
  ParseInt(text.substr(0, digits), clue.number);
  clue.direction = direction;
  clue.line = line.line;
  text = text.substr(digits);
  // A direction right after the number: "a", "d", "ac", "dn", "across", "down".
  bool directed = false;
  for (std::string_view suffix : {"across", "down", "ac", "dn", "a", "d"}) {
    const std::string head = absl::AsciiStrToLower(std::string(text.substr(0, suffix.size())));
    if (head == suffix && (text.size() == suffix.size() ||
                           !absl::ascii_isalpha(static_cast<unsigned char>(text[suffix.size()])))) {
      clue.direction = suffix[0] == 'a' ? Direction::kAcross : Direction::kDown;
      text = text.substr(suffix.size());
      directed = true;
      break;
    }
  }
  text = Trim(text);
  // Linked entries ("12, 14d & 3"): their labels are passed over, the text kept on this one.
  bool links = false;
  while (!text.empty() && (text[0] == ',' || text[0] == '&')) {
    std::string_view next = Trim(text.substr(1));
    if (next.empty() || !absl::ascii_isdigit(static_cast<unsigned char>(next[0]))) break;
    while (!next.empty() && absl::ascii_isalnum(static_cast<unsigned char>(next[0]))) {
      next.remove_prefix(1);
    }
    text = Trim(next);
    links = true;
  }
  linked += links;
  if (!text.empty() && text[0] == '.' && text.substr(0, 2) != "..") text = Trim(text.substr(1));
  size_t close = 0;
  const size_t open = FindEnumeration(text, close);
  std::string_view anno;
  if (open != std::string_view::npos) {
    clue.enumeration = std::string(text.substr(open + 1, close - open - 1));
    anno = text.substr(close + 1);
    if (!anno.empty() && anno[0] == '*') anno.remove_prefix(1);
    text = text.substr(0, open);
  } else if (const size_t brackets = text.rfind("[]"); brackets != std::string_view::npos) {
    anno = text.substr(brackets + 2);
    text = text.substr(0, brackets);
  }
  if (!Trim(anno).empty()) ++annotated;
  clue.text = DecodeEntities(Trim(text));
  puzzle.clues.push_back(std::move(clue));
  return directed;
}

void ReadClues(std::string_view name, const std::map<std::string, Section>& sections,
               Puzzle& puzzle) {
  int unlabelled = 0, annotated = 0, linked = 0, nodir = 0;
  for (const auto& [key, direction] :
       {std::pair("across", Direction::kAcross), std::pair("down", Direction::kDown)}) {
    if (const Section* section = Find(sections, key); section != nullptr) {
      for (const SpecLine& line : section->lines) {
        ReadClue(line, direction, puzzle, unlabelled, annotated, linked);
      }
    }
  }
  // A clue without a direction holds one only when its label says it ("12a").
  if (const Section* section = Find(sections, "nodir"); section != nullptr) {
    for (const SpecLine& line : section->lines) {
      Puzzle one;
      int none = 0;
      if (ReadClue(line, Direction::kAcross, one, none, annotated, linked)) {
        puzzle.clues.push_back(std::move(one.clues[0]));
      } else {
        ++nodir;
      }
    }
  }
  std::vector<std::string> lost;
  if (unlabelled > 0) lost.push_back(absl::StrFormat("%d clue lines without a number", unlabelled));
  if (nodir > 0) lost.push_back(absl::StrFormat("%d clues without a direction", nodir));
  if (annotated > 0) lost.push_back(absl::StrFormat("the annotations of %d clues", annotated));
  if (linked > 0) {
    lost.push_back(
        absl::StrFormat("the links of %d clues to others (their text is kept on the "
                        "first entry)",
                        linked));
  }
  if (!lost.empty()) {
    puzzle.warnings.push_back(
        ReadMessage(name, kExolve, 0, absl::StrCat(absl::StrJoin(lost, ", "), " not kept")));
  }
}

// The cells a location of exolve-colour names: "a3" (column a, row 3 from the bottom),
// "r3c1" or "c1r3", or a light "A12", "12a", "D3", "3d"; none for any other word (a colour).
std::vector<int> LocationCells(std::string_view word, const Grid& g) {
  auto number = [](std::string_view digits, int& value) {
    return !digits.empty() && digits.size() <= 4 && ParseInt(digits, value);
  };
  int row = 0, col = 0, light = 0;
  if (word.size() >= 2 && word[0] >= 'a' && word[0] <= 'z' && number(word.substr(1), row)) {
    col = word[0] - 'a' + 1;
  } else if (const size_t c = word.find('c'), r = word.find('r');
             word.size() >= 4 && c != std::string_view::npos && r != std::string_view::npos &&
             (c == 0 || r == 0)) {
    const bool row_first = r == 0;
    const size_t split = row_first ? c : r;
    if (!number(word.substr(1, split - 1), row_first ? row : col) ||
        !number(word.substr(split + 1), row_first ? col : row)) {
      return {};
    }
  }
  if (row > 0) {
    if (row > g.rows || col < 1 || col > g.cols) return {};
    return {g.cell(g.rows - row, col - 1)};
  }
  std::optional<Direction> direction;
  const char first = word.empty() ? 0 : word[0], last = word.empty() ? 0 : word.back();
  if ((first == 'A' || first == 'D') && number(word.substr(1), light)) {
    direction = first == 'A' ? Direction::kAcross : Direction::kDown;
  } else if (std::string_view("aAdD").find(last) != std::string_view::npos &&
             number(word.substr(0, word.size() - 1), light)) {
    direction = last == 'a' || last == 'A' ? Direction::kAcross : Direction::kDown;
  }
  for (const GridSlot& slot : g.slots) {
    if (direction && slot.direction == *direction && slot.number == light) return slot.cells;
  }
  return {};
}

// exolve-colour's (or -color's) cells as shaded: the model has one shading, not colours.
void ReadColours(const std::map<std::string, Section>& sections, Puzzle& puzzle) {
  Grid& g = puzzle.grid;
  for (const char* key : {"colour", "color"}) {
    const Section* section = Find(sections, key);
    if (section == nullptr) continue;
    for (std::string_view word : SplitTokens(section->value)) {
      for (int i : LocationCells(word, g)) {
        if (!g.black[i]) g.marks[i] |= kShaded;
      }
    }
  }
}

std::string Lines(const Section* section) {
  std::string out;
  if (section == nullptr) return out;
  for (const SpecLine& line : section->lines) {
    if (!out.empty()) out += '\n';
    out += DecodeEntities(line.text);
  }
  return out;
}

}  // namespace

bool IsExolve(std::string_view bytes) {
  for (size_t at = bytes.find("exolve-begin"); at != std::string_view::npos;
       at = bytes.find("exolve-begin", at + 1)) {
    const size_t start = bytes.rfind('\n', at);
    const std::string_view before =
        bytes.substr(start == std::string_view::npos ? 0 : start + 1,
                     at - (start == std::string_view::npos ? 0 : start + 1));
    const size_t end = at + 12;
    if (Trim(before, " \t`").empty() &&
        (end == bytes.size() || bytes[end] == '\n' || bytes[end] == '\r' || bytes[end] == ' ' ||
         bytes[end] == '\t')) {
      return true;
    }
  }
  return false;
}

absl::StatusOr<Puzzle> ReadExolve(std::string_view name, std::string_view bytes) {
  int blocks = 0;
  absl::StatusOr<std::vector<SpecLine>> lines = BlockLines(name, bytes, blocks);
  if (!lines.ok()) return lines.status();
  const std::map<std::string, Section> sections = SplitSections(*lines);
  if (const Section* three_d = Find(sections, "3d"); three_d != nullptr) {
    return ReadError(name, kExolve, three_d->line,
                     "a 3-D puzzle (exolve-3d): its layers are not a grid of this model");
  }
  Puzzle puzzle;
  if (absl::Status status = ReadGrid(name, sections, puzzle); !status.ok()) return status;
  if (blocks > 1) {
    puzzle.warnings.push_back(ReadMessage(
        name, kExolve, 0, absl::StrFormat("%d puzzles in the file: the first is read", blocks)));
  }
  ReadClues(name, sections, puzzle);
  auto value = [&](const std::string& key) {
    const Section* section = Find(sections, key);
    return section == nullptr ? std::string() : DecodeEntities(section->value);
  };
  PuzzleInfo& info = puzzle.info;
  info.title = value("title");
  info.author = value("setter");
  info.copyright = value("copyright");
  info.notes = Lines(Find(sections, "preamble"));
  if (info.notes.empty()) info.notes = Lines(Find(sections, "prelude"));
  std::vector<std::string> unread;
  for (const char* key : {"nina", "alternatives", "shaped-cell", "reversals", "explanations",
                          "postscript", "question", "credits", "email"}) {
    if (Find(sections, key) != nullptr) unread.push_back(absl::StrCat("exolve-", key));
  }
  if (!unread.empty()) {
    puzzle.warnings.push_back(
        ReadMessage(name, kExolve, 0, absl::StrCat(absl::StrJoin(unread, ", "), " not kept")));
  }
  if (absl::Status status = NumberPuzzle(name, puzzle); !status.ok()) return status;
  ReadColours(sections, puzzle);
  WarnUnmatchedClues(name, puzzle);
  return puzzle;
}

}  // namespace squares::core
