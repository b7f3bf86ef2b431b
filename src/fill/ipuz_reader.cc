#include "fill/ipuz_reader.h"

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

// One cell as read. (A circled cell, from the cell object's "style", would be read here.)
struct IpuzCell {
  bool black = false;
  std::string letter;  // "" when none
};

// A cell's letter: a string of one letter; "" for a number (a clue number, 0 for none), an
// empty or "." string, or null.
absl::StatusOr<std::string> ReadLetter(const Json& value, std::string_view where) {
  if (value.is_null() || value.is_number_integer()) return "";
  if (!value.is_string())
    return DataError(where, "a cell is not a number, a string, null or an object");
  const std::string& text = value.get_ref<const std::string&>();
  if (text.empty() || text == "." || text == " " ||
      text.find_first_not_of("0123456789") == std::string::npos) {
    return "";
  }
  size_t pos = 0;
  const int32_t code_point = DecodeUtf8(text, pos);
  if (code_point < 0 || pos != text.size() || !IsLetter(static_cast<char32_t>(code_point))) {
    return DataError(
        where, absl::StrFormat("'%s' is not one letter (rebus cells are not supported)", text));
  }
  return text;
}

// A cell of "puzzle" or "solution": the block string or null (black), else its letter; or an
// object whose "cell" is one of those and whose "value" is a letter.
absl::StatusOr<IpuzCell> ReadCell(const Json& cell, const std::string& block,
                                  std::string_view where) {
  const bool object = cell.is_object();
  const Json* kind = object ? Find(cell, "cell") : &cell;
  if (kind != nullptr &&
      (kind->is_null() || (kind->is_string() && kind->get_ref<const std::string&>() == block))) {
    return IpuzCell{true, ""};
  }
  const Json* value = object ? Find(cell, "value") : &cell;
  if (value == nullptr) {
    if (kind != nullptr && !kind->is_number_integer() && !kind->is_string()) {
      return DataError(where, "a cell's \"cell\" is not a number, a string or null");
    }
    return IpuzCell{};
  }
  absl::StatusOr<std::string> letter = ReadLetter(*value, where);
  if (!letter.ok()) return letter.status();
  return IpuzCell{false, *std::move(letter)};
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
      if (item.is_array() && item.size() >= 2) {
        number = &item[0], text = &item[1];
      } else if (item.is_object()) {
        number = Find(item, "number"), text = Find(item, "clue");
      }
      const int value = ClueNumber(number);
      if (value == 0 || text == nullptr || !text->is_string()) {
        return DataError(source, absl::StrFormat("clue %d of \"%s\" is not [number, \"clue\"] or "
                                                 "{\"number\", \"clue\"}",
                                                 k + 1, key));
      }
      out.push_back(Clue{value, direction, "", text->get<std::string>()});
    }
  }
  return absl::OkStatus();
}

}  // namespace

bool IsIpuz(std::string_view text) {
  const std::string_view json = IpuzJson(text);
  return !json.empty() && json.front() == '{';
}

absl::StatusOr<IpuzPuzzle> ParseIpuz(std::string_view text, std::string_view source) {
  const std::string_view body = IpuzJson(text);
  Json json;
  try {
    json = Json::parse(body.begin(), body.end());
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
  if (!json.is_object()) return DataError(source, "not an ipuz crossword (no JSON object)");
  absl::StatusOr<const Json*> puzzle = ReadRows(json, "puzzle", source);
  if (!puzzle.ok()) return puzzle.status();
  const Json* solution = Find(json, "solution");
  if (solution != nullptr && !solution->is_null()) {
    absl::StatusOr<const Json*> rows = ReadRows(json, "solution", source);
    if (!rows.ok()) return rows.status();
    if ((*rows)->size() != (*puzzle)->size() || (**rows)[0].size() != (**puzzle)[0].size()) {
      return DataError(source, "\"solution\" and \"puzzle\" differ in size");
    }
  } else {
    solution = nullptr;
  }
  const Json* block_value = Find(json, "block");
  const std::string block =
      block_value && block_value->is_string() ? block_value->get<std::string>() : "#";
  IpuzPuzzle result;
  for (size_t r = 0; r < (*puzzle)->size(); ++r) {
    std::string row;
    const Json& cells = (**puzzle)[r];
    for (size_t c = 0; c < cells.size(); ++c) {
      const std::string where = absl::StrFormat("%s:%d:%d", source, r + 1, c + 1);
      absl::StatusOr<IpuzCell> cell = ReadCell(cells[c], block, where);
      if (!cell.ok()) return cell.status();
      if (!cell->black && cell->letter.empty() && solution != nullptr) {
        absl::StatusOr<IpuzCell> solved = ReadCell((*solution)[r][c], block, where);
        if (!solved.ok()) return solved.status();
        cell->letter = solved->letter;
      }
      row += cell->black ? "#" : cell->letter.empty() ? "." : cell->letter;
    }
    result.rows.push_back(std::move(row));
  }
  if (const Json* clues = Find(json, "clues")) {
    if (absl::Status status = ReadClues(*clues, source, result.clues); !status.ok()) return status;
  }
  for (auto [key, field] : {std::pair{"title", &result.title}, std::pair{"author", &result.author},
                            std::pair{"copyright", &result.copyright}}) {
    if (const Json* value = Find(json, key); value && value->is_string())
      *field = value->get<std::string>();
  }
  return result;
}

}  // namespace squares::core
