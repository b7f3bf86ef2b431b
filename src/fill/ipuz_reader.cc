#include "fill/ipuz_reader.h"

#include <algorithm>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "absl/strings/str_format.h"
#include "fill/grid.h"
#include "lexicon/unicode.h"
#include "text/strings.h"

namespace squares::core {
namespace {

using Json = nlohmann::json;

absl::Status DataError(std::string_view source, std::string_view message) {
  return absl::DataLossError(absl::StrFormat("%s: %s", source, message));
}

// The JSON inside an ipuz file: the file itself, or what its "ipuz(" ... ")" wrapper holds.
std::string_view IpuzJson(std::string_view text) {
  text = Trim(text, " \t\r\n");
  if (text.size() >= 6 && text.substr(0, 5) == "ipuz(" && text.back() == ')') {
    text = Trim(text.substr(5, text.size() - 6), " \t\r\n");
  }
  return text;
}

const Json* Find(const Json& object, const char* key) {
  auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

// A cell's letters: a string of one or more letters (one, a digraph, a rebus), upper-cased; ""
// for a number (a label), a string of digits, an empty or "." string, the "empty" value, null.
absl::StatusOr<std::string> ReadLetters(const Json& value, const Json& empty,
                                        std::string_view where) {
  if (value.is_null() || value.is_number_integer() || value == empty) return "";
  if (!value.is_string())
    return DataError(where, "a cell is not a number, a string, null or an object");
  const std::string& text = value.get_ref<const std::string&>();
  if (text.empty() || text == "." || text == " " ||
      text.find_first_not_of("0123456789") == std::string::npos) {
    return "";
  }
  std::string letters;
  for (size_t pos = 0; pos < text.size();) {
    const int32_t code_point = DecodeUtf8(text, pos);
    if (code_point < 0 || !IsLetter(static_cast<char32_t>(code_point))) {
      return DataError(where, absl::StrFormat("'%s' is not a letter or letters", text));
    }
    AppendUtf8(UpperCase(static_cast<char32_t>(code_point)), letters);
  }
  return letters;
}

// The settings that read the cells: "block", "empty", the named "styles".
struct IpuzSettings {
  std::string block = "#";
  Json empty = 0;
  const Json* styles = nullptr;
};

// A cell's style: its object, or the one "styles" names.
const Json* CellStyle(const Json& cell, const IpuzSettings& settings) {
  const Json* style = cell.is_object() ? Find(cell, "style") : nullptr;
  if (style != nullptr && style->is_string() && settings.styles != nullptr &&
      settings.styles->is_object()) {
    style = Find(*settings.styles, style->get_ref<const std::string&>().c_str());
  }
  return style != nullptr && style->is_object() ? style : nullptr;
}

// What a style marks: a circle, shading (a highlight or a colour), bars on the cell's edges
// (the top and left bars as the neighbours' lower and right ones; an edge of the grid has none).
void ApplyStyle(const Json& style, int r, int c, Grid& g) {
  const int i = g.cell(r, c);
  if (const Json* shape = Find(style, "shapebg"); shape && *shape == "circle")
    g.marks[i] |= kCircled;
  const Json* highlight = Find(style, "highlight");
  const Json* color = Find(style, "color");
  if ((highlight && *highlight == true) || (color && color->is_string())) g.marks[i] |= kShaded;
  const Json* barred = Find(style, "barred");
  if (barred == nullptr || !barred->is_string()) return;
  for (char edge : barred->get_ref<const std::string&>()) {
    if (edge == 'R' && c + 1 < g.cols) g.bars[i] |= kBarRight;
    if (edge == 'B' && r + 1 < g.rows) g.bars[i] |= kBarBelow;
    if (edge == 'L' && c > 0) g.bars[g.cell(r, c - 1)] |= kBarRight;
    if (edge == 'T' && r > 0) g.bars[g.cell(r - 1, c)] |= kBarBelow;
  }
}

// A cell of "puzzle" into the grid: a block, a void (null), or a white cell with its given
// letters and its style.
absl::Status ReadPuzzleCell(const Json& cell, const IpuzSettings& settings, int r, int c,
                            std::string_view where, Grid& g) {
  const int i = g.cell(r, c);
  const bool object = cell.is_object();
  const Json* kind = object ? Find(cell, "cell") : &cell;
  if (kind != nullptr && kind->is_null()) {
    g.black[i] = g.voids[i] = true;
    return absl::OkStatus();
  }
  if (kind != nullptr && kind->is_string() &&
      kind->get_ref<const std::string&>() == settings.block) {
    g.black[i] = true;
    return absl::OkStatus();
  }
  if (object && kind != nullptr && !kind->is_number_integer() && !kind->is_string()) {
    return DataError(where, "a cell's \"cell\" is not a number, a string or null");
  }
  const Json* value = object ? Find(cell, "value") : &cell;
  if (value != nullptr) {
    absl::StatusOr<std::string> letters = ReadLetters(*value, settings.empty, where);
    if (!letters.ok()) return letters.status();
    g.fixed[i] = *std::move(letters);
  }
  if (const Json* style = CellStyle(cell, settings)) ApplyStyle(*style, r, c, g);
  return absl::OkStatus();
}

// A cell of "solution": its letters, or an object whose "value" holds them; a block or null
// has none.
absl::StatusOr<std::string> ReadSolutionCell(const Json& cell, const IpuzSettings& settings,
                                             std::string_view where) {
  const Json* value = cell.is_object() ? Find(cell, "value") : &cell;
  if (value == nullptr ||
      (value->is_string() && value->get_ref<const std::string&>() == settings.block))
    return "";
  return ReadLetters(*value, settings.empty, where);
}

// "puzzle" or "solution": rows of cells, all of one width, at most kMaxGridSide each way.
absl::StatusOr<const Json*> ReadRows(const Json& json, const char* key, std::string_view source) {
  const Json* rows = Find(json, key);
  if (rows == nullptr)
    return DataError(source, absl::StrFormat("no \"%s\": not an ipuz crossword", key));
  if (!rows->is_array() || rows->empty() || rows->size() > kMaxGridSide) {
    return DataError(source,
                     absl::StrFormat("\"%s\" is not an array of 1..%d rows", key, kMaxGridSide));
  }
  for (size_t r = 0; r < rows->size(); ++r) {
    const Json& row = (*rows)[r];
    if (!row.is_array() || row.empty() || row.size() > kMaxGridSide) {
      return DataError(source, absl::StrFormat("\"%s\" row %d is not an array of 1..%d cells", key,
                                               r + 1, kMaxGridSide));
    }
    if (row.size() != (*rows)[0].size()) {
      return DataError(source, absl::StrFormat("\"%s\" row %d has %d cells, row 1 has %d", key,
                                               r + 1, row.size(), (*rows)[0].size()));
    }
  }
  return rows;
}

// A clue's number: an integer, or a string of digits.
int ClueNumber(const Json* number) {
  int64_t value = 0;
  if (number != nullptr && number->is_number_integer()) value = number->get<int64_t>();
  if (number != nullptr && number->is_string() &&
      !ParseInt(number->get_ref<const std::string&>(), value)) {
    value = 0;
  }
  return value > 0 && value <= int64_t{kMaxGridSide} * kMaxGridSide ? static_cast<int>(value) : 0;
}

absl::Status ReadClues(const Json& clues, std::string_view source, std::vector<Clue>& out) {
  if (!clues.is_object()) return DataError(source, "\"clues\" is not an object");
  for (const auto& [key, list] : clues.items()) {
    Direction direction;
    if (key.rfind("Across", 0) == 0) {
      direction = Direction::kAcross;
    } else if (key.rfind("Down", 0) == 0) {
      direction = Direction::kDown;
    } else {
      continue;  // other directions (diagonal, ...) have no slot in a grid
    }
    if (!list.is_array())
      return DataError(source, absl::StrFormat("clues \"%s\" are not an array", key));
    for (size_t k = 0; k < list.size(); ++k) {
      const Json& item = list[k];
      const Json* number = nullptr;
      const Json* text = nullptr;
      const Json* enumeration = nullptr;
      if (item.is_array() && item.size() >= 2) {
        number = &item[0], text = &item[1];
      } else if (item.is_object()) {
        number = Find(item, "number"), text = Find(item, "clue");
        enumeration = Find(item, "enumeration");
      }
      const int value = ClueNumber(number);
      if (value == 0 || text == nullptr || !text->is_string()) {
        return DataError(source, absl::StrFormat("clue %d of \"%s\" is not [number, \"clue\"] or "
                                                 "{\"number\", \"clue\"}",
                                                 k + 1, key));
      }
      Clue clue{value, direction, "", text->get<std::string>(), 0, ""};
      if (enumeration != nullptr && enumeration->is_string()) {
        clue.enumeration = enumeration->get<std::string>();
      } else if (enumeration != nullptr && enumeration->is_number_integer()) {
        clue.enumeration = std::to_string(enumeration->get<int64_t>());
      }
      out.push_back(std::move(clue));
    }
  }
  return absl::OkStatus();
}

// The JSON of the file; malformed JSON is an error naming its line and column in the file.
absl::StatusOr<Json> ParseJson(std::string_view text, std::string_view source) {
  const std::string_view body = IpuzJson(text);
  try {
    return Json::parse(body.begin(), body.end());
  } catch (const Json::parse_error& error) {
    // The line and column of the byte it stopped at (error.byte counts from 1), in the file.
    const size_t at =
        static_cast<size_t>(body.data() - text.data()) + std::min(error.byte, body.size() + 1) - 1;
    int line = 1, column = 1;
    for (size_t k = 0; k < at && k < text.size(); ++k) {
      column = text[k] == '\n' ? 1 : column + 1;
      line += text[k] == '\n';
    }
    return absl::DataLossError(absl::StrFormat("%s:%d:%d: not valid JSON", source, line, column));
  } catch (const Json::exception& error) {
    return DataError(source, "not valid JSON");
  }
}

// The cells of "puzzle" and "solution" into the puzzle's grid and solution.
absl::Status ReadCells(const Json& json, const Json& puzzle_rows, const Json* solution_rows,
                       std::string_view source, Puzzle& puzzle) {
  IpuzSettings settings;
  if (const Json* block = Find(json, "block"); block && block->is_string())
    settings.block = block->get<std::string>();
  if (const Json* empty = Find(json, "empty"); empty && (empty->is_string() || empty->is_number()))
    settings.empty = *empty;
  settings.styles = Find(json, "styles");
  puzzle = BlankPuzzle(static_cast<int>(puzzle_rows.size()),
                       static_cast<int>(puzzle_rows[0].size()), "ipuz");
  Grid& g = puzzle.grid;
  for (int r = 0; r < g.rows; ++r) {
    for (int c = 0; c < g.cols; ++c) {
      const std::string where = absl::StrFormat("%s:%d:%d", source, r + 1, c + 1);
      absl::Status status = ReadPuzzleCell(puzzle_rows[r][c], settings, r, c, where, g);
      if (!status.ok()) return status;
      const int i = g.cell(r, c);
      if (g.black[i]) continue;
      if (solution_rows != nullptr) {
        absl::StatusOr<std::string> answer =
            ReadSolutionCell((*solution_rows)[r][c], settings, where);
        if (!answer.ok()) return answer.status();
        puzzle.solution[i] = *std::move(answer);
      }
      if (puzzle.solution[i].empty()) puzzle.solution[i] = g.fixed[i];
    }
  }
  for (int i = 0; i < g.size(); ++i) {
    if (g.black[i]) g.marks[i] = 0;
  }
  return NumberGrid(source, g);
}

// What the puzzle says about itself; the intro (shown before the puzzle) leads the notes.
void ReadInfo(const Json& json, std::string_view source, Puzzle& puzzle) {
  auto text = [&](const char* key) {
    const Json* value = Find(json, key);
    return value != nullptr && value->is_string() ? value->get<std::string>() : std::string();
  };
  PuzzleInfo& info = puzzle.info;
  info = {text("title"), text("author"), text("editor"),   text("copyright"),
          text("date"),  text("notes"),  text("publisher")};
  if (const std::string intro = text("intro"); !intro.empty())
    info.notes = info.notes.empty() ? intro : intro + "\n\n" + info.notes;
  if (!text("explanation").empty()) {
    puzzle.warnings.push_back(absl::StrFormat(
        "%s: ipuz: the explanation (shown after the puzzle is solved) is not kept", source));
  }
}

}  // namespace

bool IsIpuz(std::string_view text) {
  const std::string_view json = IpuzJson(text);
  return !json.empty() && json.front() == '{';
}

absl::StatusOr<Puzzle> ReadIpuz(std::string_view name, std::string_view text) {
  absl::StatusOr<Json> json = ParseJson(text, name);
  if (!json.ok()) return json.status();
  if (!json->is_object()) return DataError(name, "not an ipuz crossword (no JSON object)");
  absl::StatusOr<const Json*> rows = ReadRows(*json, "puzzle", name);
  if (!rows.ok()) return rows.status();
  const Json* solution = Find(*json, "solution");
  if (solution != nullptr && !solution->is_null()) {
    absl::StatusOr<const Json*> solution_rows = ReadRows(*json, "solution", name);
    if (!solution_rows.ok()) return solution_rows.status();
    if ((*solution_rows)->size() != (*rows)->size() ||
        (**solution_rows)[0].size() != (**rows)[0].size()) {
      return DataError(name, "\"solution\" and \"puzzle\" differ in size");
    }
  } else {
    solution = nullptr;
  }
  Puzzle puzzle;
  if (absl::Status status = ReadCells(*json, **rows, solution, name, puzzle); !status.ok())
    return status;
  if (const Json* clues = Find(*json, "clues")) {
    if (absl::Status status = ReadClues(*clues, name, puzzle.clues); !status.ok()) return status;
  }
  ReadInfo(*json, name, puzzle);
  return puzzle;
}

}  // namespace squares::core
