#include "fill/grid.h"

#include <cctype>

#include "lexicon/unicode.h"
#include "text/strings.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace squares::core {
namespace {

// One raw cell as read: kind and, for letters, their UTF-8 text.
enum class CellKind { kEmpty, kBlack, kVoid, kLetter };

struct RawRow {
  int line;  // 1-based source line
  std::vector<CellKind> kinds;
  std::vector<std::string> letters;
};

bool ParseCount(std::string_view s, int* out) {
  if (s.empty() || s.size() > 4) return false;
  int v = 0;
  for (char ch : s) {
    if (!std::isdigit(static_cast<unsigned char>(ch))) return false;
    v = v * 10 + (ch - '0');
  }
  *out = v;
  return true;
}

absl::Status TooLarge(std::string_view name, int line, int rows, int cols) {
  return LineError(name, line,
                   absl::StrFormat("grid of %dx%d cells; the largest is %dx%d", rows, cols,
                                   kMaxGridSide, kMaxGridSide));
}

absl::Status CellError(std::string_view name, int line, int col, std::string_view message) {
  return absl::DataLossError(absl::StrFormat("%s:%d:%d: %s", name, line, col, message));
}

// The letters of a rebus cell "[STAR]" whose '[' ends at `pos`, upper-cased; `pos` moves past
// the ']'.
absl::StatusOr<std::string> ParseRebus(std::string_view name, int line, int col,
                                       std::string_view text, size_t& pos) {
  std::string letters;
  while (pos < text.size() && text[pos] != ']') {
    const size_t start = pos;
    const int32_t cp = DecodeUtf8(text, pos);
    if (cp < 0) return CellError(name, line, col, "invalid UTF-8");
    if (!IsLetter(cp)) {
      return CellError(name, line, col,
                       absl::StrFormat("bad character '%s' in a cell of several letters "
                                       "(expected letters between '[' and ']')",
                                       text.substr(start, pos - start)));
    }
    AppendUtf8(UpperCase(cp), letters);
  }
  if (pos == text.size()) return CellError(name, line, col, "'[' without its ']'");
  ++pos;
  if (letters.empty()) return CellError(name, line, col, "'[]' holds no letter");
  return letters;
}

// Reads one row of the given format; `empty` and `black` are the two structural characters.
// crucio and cwc rows hold ASCII letters only; plain rows any letter (checked against the
// dictionary's alphabet later), cells of several letters in brackets and '_' void cells.
absl::StatusOr<RawRow> ParseRow(std::string_view name, int line, std::string_view text, char empty,
                                char black, bool ascii_only) {
  RawRow row{line, {}, {}};
  for (size_t pos = 0; pos < text.size();) {
    int col = static_cast<int>(row.kinds.size()) + 1;
    size_t start = pos;
    int32_t cp = DecodeUtf8(text, pos);
    if (cp < 0) return CellError(name, line, col, "invalid UTF-8");
    std::string letter;
    if (cp == empty) {
      row.kinds.push_back(CellKind::kEmpty);
    } else if (cp == black) {
      row.kinds.push_back(CellKind::kBlack);
    } else if (IsLetter(cp) && (cp < 0x80 || !ascii_only)) {
      row.kinds.push_back(CellKind::kLetter);
      AppendUtf8(UpperCase(cp), letter);
    } else if (!ascii_only && cp == '[') {
      auto rebus = ParseRebus(name, line, col, text, pos);
      if (!rebus.ok()) return rebus.status();
      row.kinds.push_back(CellKind::kLetter);
      letter = *std::move(rebus);
    } else if (!ascii_only && cp == '_') {
      row.kinds.push_back(CellKind::kVoid);
    } else {
      return CellError(name, line, col,
                       absl::StrFormat("bad character '%s' (expected '%c' empty, '%c' black%s)",
                                       text.substr(start, pos - start), empty, black,
                                       ascii_only ? " or a letter"
                                                  : ", a letter, [letters] or '_' void"));
    }
    row.letters.push_back(std::move(letter));
    if (row.kinds.size() > kMaxGridSide) {
      return CellError(name, line, col,
                       absl::StrFormat("row longer than %d cells (the largest "
                                       "grid has %d rows and columns)",
                                       kMaxGridSide, kMaxGridSide));
    }
  }
  return row;
}

// The block of marks after a grid's rows (`lines`, the first at source line `first_line`):
// as many rows as the grid, each as long, 'O' circled, '*' shaded, '@' both, '.' or '#'
// neither; a mark on a black cell is an error.
absl::Status ParseMarks(std::string_view name, const std::vector<std::string_view>& lines,
                        int first_line, Grid& g) {
  if (static_cast<int>(lines.size()) != g.rows) {
    return LineError(name, first_line,
                     absl::StrFormat("the marks have %d rows, the grid %d", lines.size(), g.rows));
  }
  for (int r = 0; r < g.rows; ++r) {
    const int line = first_line + r;
    if (static_cast<int>(lines[r].size()) != g.cols) {
      return LineError(name, line,
                       absl::StrFormat("a row of marks has %d characters, the grid "
                                       "%d columns",
                                       lines[r].size(), g.cols));
    }
    for (int c = 0; c < g.cols; ++c) {
      const char mark = lines[r][c];
      if (mark == '.' || mark == '#') continue;
      if (mark != 'O' && mark != '*' && mark != '@') {
        return CellError(name, line, c + 1,
                         absl::StrFormat("bad mark '%c' (expected 'O' "
                                         "circled, '*' shaded, '@' both, '.' or '#')",
                                         mark));
      }
      if (g.black[g.cell(r, c)]) return CellError(name, line, c + 1, "a mark on a black cell");
      if (g.marks.empty()) g.marks.assign(g.size(), 0);
      g.marks[g.cell(r, c)] = mark == 'O' ? kCircled : mark == '*' ? kShaded : kCircled | kShaded;
    }
  }
  return absl::OkStatus();
}

// The grid's lines, and after a blank line those of its marks (moved to `marks`).
void SplitMarks(std::vector<std::string_view>& lines, std::vector<std::string_view>& marks,
                int& marks_line) {
  for (size_t k = 0; k < lines.size(); ++k) {
    if (!Trim(lines[k]).empty()) continue;
    marks.assign(lines.begin() + static_cast<std::ptrdiff_t>(k) + 1, lines.end());
    marks_line = static_cast<int>(k) + 2;
    lines.resize(k);
    return;
  }
}

// Builds the grid from its rows: numbering, slots, and the check that every white cell is
// in a slot.
absl::StatusOr<Grid> Build(std::string_view name, const std::vector<RawRow>& raw, int cols,
                           GridFormat format) {
  Grid g;
  g.format = format;
  g.first_row_line = raw[0].line;
  g.rows = static_cast<int>(raw.size());
  g.cols = cols;
  g.black.assign(g.size(), true);
  g.fixed.assign(g.size(), "");
  for (int r = 0; r < g.rows; ++r) {
    for (int c = 0; c < static_cast<int>(raw[r].kinds.size()); ++c) {
      const CellKind kind = raw[r].kinds[c];
      g.black[g.cell(r, c)] = kind == CellKind::kBlack || kind == CellKind::kVoid;
      g.fixed[g.cell(r, c)] = raw[r].letters[c];
      if (kind == CellKind::kVoid) {
        if (g.voids.empty()) g.voids.assign(g.size(), false);
        g.voids[g.cell(r, c)] = true;
      }
    }
  }
  if (absl::Status status = NumberGrid(name, g); !status.ok()) return status;
  return g;
}

absl::StatusOr<Grid> WithMarks(std::string_view name, absl::StatusOr<Grid> grid,
                               const std::vector<std::string_view>& marks, int marks_line) {
  if (!grid.ok() || marks.empty()) return grid;
  if (absl::Status status = ParseMarks(name, marks, marks_line, *grid); !status.ok()) return status;
  return grid;
}

// Plain rows of '.', '#' and letters, all the same length.
absl::StatusOr<Grid> ParsePlain(std::string_view name, const std::vector<std::string_view>& lines) {
  std::vector<RawRow> raw;
  if (lines.size() > kMaxGridSide) {
    return LineError(name, kMaxGridSide + 1,
                     absl::StrFormat("more than %d rows (the largest "
                                     "grid has %d rows and columns)",
                                     kMaxGridSide, kMaxGridSide));
  }
  for (size_t r = 0; r < lines.size(); ++r) {
    auto row = ParseRow(name, static_cast<int>(r) + 1, lines[r], '.', '#', false);
    if (!row.ok()) return row.status();
    if (r > 0 && row->kinds.size() != raw[0].kinds.size()) {
      return LineError(
          name, static_cast<int>(r) + 1,
          absl::StrFormat("row has %d cells, expected %d", row->kinds.size(), raw[0].kinds.size()));
    }
    raw.push_back(*std::move(row));
  }
  if (raw[0].kinds.empty()) return LineError(name, 1, "empty row");
  return Build(name, raw, static_cast<int>(raw[0].kinds.size()), GridFormat::kPlain);
}

}  // namespace

absl::StatusOr<Grid> ParseGrid(std::string_view name, std::string_view text) {
  std::vector<std::string_view> lines = SplitLines(text);
  if (lines.empty()) return absl::DataLossError(absl::StrFormat("%s: empty grid file", name));
  std::vector<std::string_view> marks;
  int marks_line = 0;
  std::vector<RawRow> raw;
  int rows = 0, cols = 0;
  std::string_view first = Trim(lines[0]);
  size_t space = first.find_first_of(" \t");
  if (ParseCount(first, &rows) && lines.size() >= 2 && ParseCount(Trim(lines[1]), &cols)) {
    // crucio: rows, columns, then exactly `rows` rows of `cols` cells.
    SplitMarks(lines, marks, marks_line);
    if (rows < 1 || cols < 1) return LineError(name, 1, "grid size must be at least 1x1");
    if (rows > kMaxGridSide || cols > kMaxGridSide) return TooLarge(name, 1, rows, cols);
    int given = static_cast<int>(lines.size()) - 2;
    if (given != rows) {
      return LineError(name, 1,
                       absl::StrFormat("header says %d rows, the grid has %d", rows, given));
    }
    for (int r = 0; r < rows; ++r) {
      auto row = ParseRow(name, r + 3, lines[r + 2], '-', '#', true);
      if (!row.ok()) return row.status();
      if (static_cast<int>(row->kinds.size()) != cols) {
        return LineError(
            name, r + 3,
            absl::StrFormat("row has %d cells, header says %d", row->kinds.size(), cols));
      }
      raw.push_back(*std::move(row));
    }
    return WithMarks(name, Build(name, raw, cols, GridFormat::kCrucio), marks, marks_line);
  }
  int width = 0, height = 0;
  if (space != std::string_view::npos && ParseCount(first.substr(0, space), &width) &&
      ParseCount(Trim(first.substr(space)), &height)) {
    // cwc pattern: "W H", then H rows; short rows padded with black, later lines ignored.
    if (width < 1 || height < 1) return LineError(name, 1, "grid size must be at least 1x1");
    if (width > kMaxGridSide || height > kMaxGridSide) return TooLarge(name, 1, height, width);
    if (static_cast<int>(lines.size()) - 1 < height) {
      return LineError(
          name, 1,
          absl::StrFormat("header says %d rows, the grid has %d", height, lines.size() - 1));
    }
    for (int r = 0; r < height; ++r) {
      auto row = ParseRow(name, r + 2, lines[r + 1], '+', ' ', true);
      if (!row.ok()) return row.status();
      if (static_cast<int>(row->kinds.size()) > width) {
        return LineError(
            name, r + 2,
            absl::StrFormat("row has %d cells, header says %d", row->kinds.size(), width));
      }
      raw.push_back(*std::move(row));
    }
    return Build(name, raw, width, GridFormat::kCwc);
  }
  // plain, then maybe marks
  SplitMarks(lines, marks, marks_line);
  if (lines.empty()) return LineError(name, 1, "empty row");
  return WithMarks(name, ParsePlain(name, lines), marks, marks_line);
}

absl::StatusOr<Grid> ParseGridRows(std::string_view name, const std::vector<std::string>& rows) {
  if (rows.empty()) return absl::DataLossError(absl::StrFormat("%s: a grid of no rows", name));
  return ParsePlain(name, std::vector<std::string_view>(rows.begin(), rows.end()));
}

bool Grid::any_bar() const {
  for (uint8_t b : bars) {
    if (b != 0) return true;
  }
  return false;
}

absl::Status NumberGrid(std::string_view name, Grid& g) {
  g.numbers.assign(g.size(), 0);
  g.slots.clear();
  // Whether (r, c) is a white cell, and whether an entry may pass from (r, c) to the next
  // cell in direction dir (0 across, 1 down): both white, no bar between.
  auto white = [&](int r, int c) {
    return r >= 0 && c >= 0 && r < g.rows && c < g.cols && !g.black[g.cell(r, c)];
  };
  auto joined = [&](int r, int c, int dir) {
    const int rr = r + dir, cc = c + 1 - dir;
    return white(r, c) && white(rr, cc) &&
           (g.bar(g.cell(r, c)) & (dir == 0 ? kBarRight : kBarBelow)) == 0;
  };
  std::vector<GridSlot> down;
  int number = 0;
  for (int r = 0; r < g.rows; ++r) {
    for (int c = 0; c < g.cols; ++c) {
      if (!white(r, c)) continue;
      const bool across = !joined(r, c - 1, 0) && joined(r, c, 0);
      const bool dn = !joined(r - 1, c, 1) && joined(r, c, 1);
      if (!across && !dn) {
        if (!joined(r, c - 1, 0) && !joined(r - 1, c, 1)) {  // joined to no neighbour at all
          return CellError(name, g.first_row_line + r, c + 1, "isolated cell (in no slot)");
        }
        continue;
      }
      g.numbers[g.cell(r, c)] = ++number;
      for (int dir = 0; dir < 2; ++dir) {
        if (!(dir == 0 ? across : dn)) continue;
        GridSlot slot{dir == 0 ? Direction::kAcross : Direction::kDown, number, r, c, 0, {}};
        int rr = r, cc = c;
        slot.cells.push_back(g.cell(rr, cc));
        for (; joined(rr, cc, dir); rr += dir, cc += 1 - dir)
          slot.cells.push_back(g.cell(rr + dir, cc + 1 - dir));
        slot.length = static_cast<int>(slot.cells.size());
        (dir == 0 ? g.slots : down).push_back(std::move(slot));
      }
    }
  }
  if (g.slots.empty() && down.empty()) {
    return absl::DataLossError(
        absl::StrFormat("%s: grid has no slot (no run of 2 or more white cells)", name));
  }
  g.slots.insert(g.slots.end(), down.begin(), down.end());
  return absl::OkStatus();
}

void TextRows(const Grid& grid, const std::vector<std::string>& letters,
              std::vector<std::string>& rows) {
  rows.resize(grid.rows);
  for (int r = 0; r < grid.rows; ++r) {
    std::string& row = rows[r];
    row.clear();
    for (int i = grid.cell(r, 0); i < grid.cell(r + 1, 0); ++i) {
      if (grid.is_void(i)) row += '_';
      else if (grid.black[i]) row += '#';
      else if (letters[i].empty()) row += '.';
      else if (CountCodePoints(letters[i]) == 1) row += letters[i];
      else absl::StrAppend(&row, "[", letters[i], "]");
    }
  }
}

std::string SlotName(const GridSlot& slot) {
  return absl::StrFormat("%d %s", slot.number,
                         slot.direction == Direction::kAcross ? "Across" : "Down");
}

}  // namespace squares::core
