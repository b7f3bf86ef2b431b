// The JSON API's requests: JSON bodies and query parameters into the library's option structs.
#include "serve/requests.h"

#include <algorithm>
#include <charconv>
#include <initializer_list>
#include <iterator>
#include <limits>

#include <nlohmann/json.hpp>

namespace squares::serve {
namespace {

using Json = nlohmann::json;

std::string Quoted(std::string_view text) {
  // Dumped as JSON so that any bytes (a query parameter need not be UTF-8) print safely.
  return Json(std::string(text)).dump(-1, ' ', false, Json::error_handler_t::replace);
}

Json ParseJson(std::string_view text) {
  try {
    return Json::parse(text.begin(), text.end());
  } catch (const Json::exception& error) {
    // "[json.exception.parse_error.101] parse error at line 1, column 2: ..." without the tag;
    // a number too large for a double is an out_of_range error.
    std::string message = error.what();
    const size_t tag_end = message.find("] ");
    if (tag_end != std::string::npos) message.erase(0, tag_end + 2);
    throw BadRequest("malformed JSON: " + message);
  }
}

// A JSON object whose keys must all be among `known`; `what` names it in messages.
const Json& ObjectOf(const Json& json, std::string_view what,
                     std::initializer_list<std::string_view> known) {
  if (!json.is_object()) throw BadRequest(std::string(what) + " is not a JSON object");
  for (const auto& [key, value] : json.items()) {
    bool found = false;
    for (std::string_view name : known) found |= key == name;
    if (!found) throw BadRequest("unknown key " + Quoted(key) + " in " + std::string(what));
  }
  return json;
}

const Json* Find(const Json& object, std::string_view key) {
  auto it = object.find(std::string(key));
  return it == object.end() ? nullptr : &*it;
}

bool BoolOf(const Json& value, std::string_view name) {
  if (!value.is_boolean()) throw BadRequest(Quoted(name) + " takes true or false");
  return value.get<bool>();
}

int64_t IntOf(const Json& value, std::string_view name, int64_t lo, int64_t hi) {
  bool in_range = false;
  int64_t result = 0;
  if (value.is_number_unsigned()) {
    const uint64_t u = value.get<uint64_t>();
    in_range = u <= static_cast<uint64_t>(hi) && (lo <= 0 || u >= static_cast<uint64_t>(lo));
    result = static_cast<int64_t>(u);
  } else if (value.is_number_integer()) {
    result = value.get<int64_t>();
    in_range = result >= lo && result <= hi;
  }
  if (!in_range) {
    throw BadRequest(Quoted(name) + " takes an integer in " + std::to_string(lo) + ".." +
                     std::to_string(hi));
  }
  return result;
}

double SecondsOf(const Json& value, std::string_view name, double lo) {
  const double limit = 1e6;  // about 11 days: beyond any request's life
  if (!value.is_number() || !(value.get<double>() >= lo) || value.get<double>() > limit) {
    throw BadRequest(Quoted(name) + " takes a number of seconds in " +
                     (lo > 0 ? "(0, 1e6]" : "[0, 1e6]"));
  }
  return value.get<double>();
}

std::string StringOf(const Json& value, std::string_view name) {
  if (!value.is_string()) throw BadRequest(Quoted(name) + " takes a string");
  return value.get<std::string>();
}

// The string `name` of `request`, which must have it.
std::string RequiredStringOf(const Json& request, const std::string& name) {
  const Json* value = Find(request, name);
  if (value == nullptr) throw BadRequest("the request has no " + Quoted(name));
  return StringOf(*value, name);
}

std::vector<std::string> WordsOf(const Json& value, std::string_view name) {
  if (!value.is_array()) throw BadRequest(Quoted(name) + " takes an array of words");
  std::vector<std::string> words;
  for (const Json& word : value) words.push_back(StringOf(word, name));
  return words;
}

// The request's "list": the id of a word list ("" when none is named).
std::string ListOf(const Json& request) {
  const Json* list = Find(request, "list");
  return list == nullptr ? "" : StringOf(*list, "list");
}

// Rows of '.', '#', '_' and letters ("[STAR]" several), read and checked by Grid::FromRows.
Grid GridOfRows(const std::vector<std::string>& rows) {
  try {
    return CheckedSize(Grid::FromRows(rows), "the grid");
  } catch (const Error& error) {
    throw BadRequest(InRowsWords(error));
  }
}

// The request's "grid": rows of '.', '#', '_' and letters.
Grid GridOfJsonRows(const Json& value) {
  if (!value.is_array() || value.empty()) {
    throw BadRequest("\"grid\" takes a non-empty array of rows");
  }
  if (value.size() > kMaxGridSide) {
    throw BadRequest("the grid has " + std::to_string(value.size()) + " rows; at most " +
                     std::to_string(kMaxGridSide) + " are allowed");
  }
  std::vector<std::string> rows;
  for (const Json& row : value) {
    if (!row.is_string())
      throw BadRequest("grid row " + std::to_string(rows.size() + 1) + " is not a string");
    rows.push_back(row.get<std::string>());
  }
  return GridOfRows(rows);
}

Direction DirectionOf(const Json& value) {
  const std::string name = StringOf(value, "direction");
  if (name == "across" || name == "a" || name == "Across") return Direction::kAcross;
  if (name == "down" || name == "d" || name == "Down") return Direction::kDown;
  throw BadRequest("\"direction\" takes \"across\" or \"down\", not " + Quoted(name));
}

std::vector<Clue> CluesOf(const Json& value) {
  if (!value.is_array()) throw BadRequest("\"clues\" takes an array");
  std::vector<Clue> clues;
  for (const Json& item : value) {
    const Json& object =
        ObjectOf(item, "a clue", {"number", "direction", "word", "text", "enumeration"});
    Clue clue;
    if (const Json* text = Find(object, "text")) clue.text = StringOf(*text, "text");
    if (const Json* enumeration = Find(object, "enumeration"))
      clue.enumeration = StringOf(*enumeration, "enumeration");
    if (const Json* word = Find(object, "word")) {
      clue.word = StringOf(*word, "word");
    } else {
      const Json* number = Find(object, "number");
      const Json* direction = Find(object, "direction");
      if (number == nullptr || direction == nullptr) {
        throw BadRequest("a clue takes a \"word\", or a \"number\" and a \"direction\"");
      }
      clue.number = static_cast<int>(IntOf(*number, "number", 1, kMaxGridSide * kMaxGridSide));
      clue.direction = DirectionOf(*direction);
    }
    clues.push_back(std::move(clue));
  }
  return clues;
}

// "allow-offensive": "none", "vulgar" or "slurs" (the breakfast test's tiers).
AllowOffensive AllowOffensiveOf(const Json& value) {
  const std::string name = StringOf(value, "allow-offensive");
  if (name != "none" && name != "vulgar" && name != "slurs") {
    throw BadRequest("\"allow-offensive\" takes \"none\", \"vulgar\" or \"slurs\", not " +
                     Quoted(name));
  }
  return AllowOffensiveNamed(name);
}

// "at row R, column C" of a puzzle's cells (1-based, as the page says them).
std::string CellPlace(size_t row, size_t col) {
  return "row " + std::to_string(row + 1) + ", column " + std::to_string(col + 1);
}

// A cell of "puzzle"'s "cells": {"kind", "solution", "given", "circled", "shaded",
// "bar-right", "bar-below"}.
PuzzleCell PuzzleCellOf(const Json& value, size_t row, size_t col) {
  const std::string place = "the cell at " + CellPlace(row, col);
  const Json& object = ObjectOf(
      value, place, {"kind", "solution", "given", "circled", "shaded", "bar-right", "bar-below"});
  PuzzleCell cell;
  if (const Json* kind = Find(object, "kind")) {
    const std::string name = StringOf(*kind, "kind");
    if (name == "block") cell.kind = CellKind::kBlock;
    else if (name == "void") cell.kind = CellKind::kVoid;
    else if (name != "white")
      throw BadRequest(place + ": \"kind\" takes \"white\", \"block\" or \"void\", not " +
                       Quoted(name));
  }
  for (auto [key, letters] : {std::pair{"solution", &cell.solution}, {"given", &cell.given}}) {
    const Json* v = Find(object, key);
    if (v == nullptr) continue;
    *letters = StringOf(*v, key);
    if (letters->size() > kMaxCellBytes) {
      throw BadRequest(place + ": \"" + key + "\" has " + std::to_string(letters->size()) +
                       " bytes; a cell holds at most " + std::to_string(kMaxCellBytes));
    }
  }
  for (auto [key, flag] : {std::pair{"circled", &cell.circled},
                           {"shaded", &cell.shaded},
                           {"bar-right", &cell.bar_right},
                           {"bar-below", &cell.bar_below}}) {
    if (const Json* v = Find(object, key)) *flag = BoolOf(*v, key);
  }
  return cell;
}

// The letters of a puzzle's white cells (`of` each: its solution or its given letters) as
// the rows Grid::FromRows reads, so that they are checked as a grid's letters are, with the
// row and column named.
void CheckLetters(const Puzzle& puzzle, const std::string PuzzleCell::*of) {
  std::vector<std::string> rows(puzzle.rows);
  for (int i = 0; i < puzzle.rows * puzzle.cols; ++i) {
    const PuzzleCell& cell = puzzle.cells[i];
    const std::string& letters = cell.*of;
    std::string& row = rows[i / puzzle.cols];
    if (cell.kind != CellKind::kWhite) row += cell.kind == CellKind::kVoid ? "_" : "#";
    else if (letters.empty()) row += '.';
    else row += "[" + letters + "]";
  }
  GridOfRows(rows);
}

Puzzle PuzzleOf(const Json& value) {
  const Json& object = ObjectOf(value, "\"puzzle\"", {"cells", "info", "clues"});
  const Json* cells = Find(object, "cells");
  if (cells == nullptr) throw BadRequest("\"puzzle\" has no \"cells\"");
  if (!cells->is_array() || cells->empty() || cells->size() > kMaxGridSide ||
      !(*cells)[0].is_array() || (*cells)[0].empty() || (*cells)[0].size() > kMaxGridSide) {
    throw BadRequest("\"cells\" takes rows of cells: 1 to " + std::to_string(kMaxGridSide) +
                     " arrays of 1 to " + std::to_string(kMaxGridSide) + " cells");
  }
  Puzzle puzzle;
  puzzle.rows = static_cast<int>(cells->size());
  puzzle.cols = static_cast<int>((*cells)[0].size());
  for (size_t r = 0; r < cells->size(); ++r) {
    const Json& row = (*cells)[r];
    if (!row.is_array() || row.size() != static_cast<size_t>(puzzle.cols)) {
      throw BadRequest("\"cells\": row " + std::to_string(r + 1) + " is not an array of " +
                       std::to_string(puzzle.cols) + " cells, as row 1 is");
    }
    for (size_t c = 0; c < row.size(); ++c) puzzle.cells.push_back(PuzzleCellOf(row[c], r, c));
  }
  CheckLetters(puzzle, &PuzzleCell::solution);
  CheckLetters(puzzle, &PuzzleCell::given);
  if (const Json* info = Find(object, "info")) {
    const Json& fields =
        ObjectOf(*info, "\"info\"",
                 {"title", "author", "editor", "copyright", "date", "notes", "publisher"});
    PuzzleInfo& out = puzzle.info;
    for (auto [key, field] : {std::pair{"title", &out.title},
                              {"author", &out.author},
                              {"editor", &out.editor},
                              {"copyright", &out.copyright},
                              {"date", &out.date},
                              {"notes", &out.notes},
                              {"publisher", &out.publisher}}) {
      if (const Json* v = Find(fields, key)) *field = StringOf(*v, key);
    }
  }
  if (const Json* clues = Find(object, "clues")) puzzle.clues = CluesOf(*clues);
  return puzzle;
}

// The request's grid: its "grid" rows or its "puzzle", one of the two.
Grid GridOf(const Json& request) {
  const Json* rows = Find(request, "grid");
  const Json* puzzle = Find(request, "puzzle");
  if (rows != nullptr && puzzle != nullptr)
    throw BadRequest("the request takes \"grid\" or \"puzzle\", not both");
  if (rows != nullptr) return GridOfJsonRows(*rows);
  if (puzzle == nullptr) throw BadRequest("the request has no \"grid\" (or \"puzzle\")");
  try {
    return Grid::FromPuzzle(PuzzleOf(*puzzle), "the puzzle");
  } catch (const Error& error) {
    throw BadRequest(error.what());
  }
}

// The bytes of base64 text (RFC 4648, '=' padding optional, no other character).
std::string Base64Bytes(const std::string& text, std::string_view name) {
  static constexpr std::string_view kDigits =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string bytes;
  uint32_t bits = 0;
  int count = 0;
  size_t end = text.size();
  while (end > 0 && text.size() - end < 2 && text[end - 1] == '=') --end;
  for (size_t k = 0; k < end; ++k) {
    const size_t digit = kDigits.find(text[k]);
    if (digit == std::string_view::npos) {
      throw BadRequest(Quoted(name) + " is not base64: character " + std::to_string(k + 1) +
                       " is " + Quoted(text.substr(k, 1)));
    }
    bits = (bits << 6) | static_cast<uint32_t>(digit);
    count += 6;
    if (count >= 8) {
      count -= 8;
      bytes += static_cast<char>((bits >> count) & 0xFF);
    }
  }
  if (count >= 6) throw BadRequest(Quoted(name) + " is not base64: its length is wrong");
  return bytes;
}

void ReadFillOption(const std::string& name, const Json& value, int max_threads,
                    FillOptions& options) {
  if (name == "any") {
    options.any = BoolOf(value, name);
  } else if (name == "allow-repeats") {
    options.allow_repeats = BoolOf(value, name);
  } else if (name == "deterministic") {
    options.deterministic = BoolOf(value, name);
  } else if (name == "prefer-scores") {
    options.prefer_scores = BoolOf(value, name);
  } else if (name == "seed") {
    options.seed =
        static_cast<uint64_t>(IntOf(value, name, 0, std::numeric_limits<int64_t>::max()));
  } else if (name == "threads") {
    options.threads = static_cast<int>(IntOf(value, name, 1, max_threads));
  } else if (name == "timeout") {
    options.timeout = SecondsOf(value, name, 1e-9);
  } else if (name == "quality-time") {
    options.quality_time = SecondsOf(value, name, 0);
  } else if (name == "polish") {
    options.polish = IntOf(value, name, 0, std::numeric_limits<int64_t>::max());
  } else if (name == "max-level") {
    options.max_level = IntOf(value, name, std::numeric_limits<int64_t>::min(),
                              std::numeric_limits<int64_t>::max());
  } else if (name == "branch") {
    const std::string branch = StringOf(value, name);
    if (branch != "letter" && branch != "word") {
      throw BadRequest("\"branch\" takes \"letter\" or \"word\", not " + Quoted(branch));
    }
    options.branch = branch == "word" ? Branching::kWord : Branching::kLetter;
  } else if (name == "better") {
    const std::string better = StringOf(value, name);
    if (better != "lower" && better != "higher") {
      throw BadRequest("\"better\" takes \"lower\" or \"higher\", not " + Quoted(better));
    }
    options.better = better == "lower" ? Better::kLower : Better::kHigher;
  } else if (name == "exclude") {
    options.exclude = WordsOf(value, name);
  } else if (name == "allow-offensive") {
    options.allow_offensive = AllowOffensiveOf(value);
  } else {
    throw BadRequest("unknown fill option " + Quoted(name));
  }
}

int CellIndexOf(const Json& object, std::string_view key, int hi) {
  const Json* value = Find(object, key);
  if (value == nullptr) throw BadRequest("\"" + std::string(key) + "\" is missing");
  return static_cast<int>(IntOf(*value, key, 0, hi));
}

Region RegionOf(const Json& value, const Grid& grid) {
  const Json& object = ObjectOf(value, "\"region\"", {"top", "left", "bottom", "right"});
  const int height = grid.rows();
  const int width = grid.cols();
  Region region{CellIndexOf(object, "top", height - 1), CellIndexOf(object, "left", width - 1),
                CellIndexOf(object, "bottom", height - 1), CellIndexOf(object, "right", width - 1)};
  if (region.top > region.bottom || region.left > region.right) {
    throw BadRequest("\"region\" is empty: top > bottom or left > right");
  }
  return region;
}

}  // namespace

std::string InRowsWords(const Error& error) {
  const std::string message = error.what();
  const std::string& source = error.source();
  const size_t end = message.find(": ");
  // A name in angle brackets is no file's: "<rows>" a grid's rows, any other text's lines (an
  // upload's without a name).
  if (!source.starts_with('<') || !source.ends_with('>') || error.line() == 0 ||
      !message.starts_with(source + ":") || end == std::string::npos) {
    return message;
  }
  // The head is SOURCE:LINE or SOURCE:LINE:COLUMN.
  const std::string line = ":" + std::to_string(error.line());
  std::string where = (source == "<rows>" ? "row " : "line ") + std::to_string(error.line());
  if (message.substr(error.source().size(), end - error.source().size()) != line)
    where += ", column " + std::to_string(error.column());
  return where + ": " + message.substr(end + 2);
}

const Grid& CheckedSize(const Grid& grid, const std::string& what) {
  if (grid.rows() > kMaxGridSide || grid.cols() > kMaxGridSide) {
    throw BadRequest(what + " is " + std::to_string(grid.rows()) + "x" +
                     std::to_string(grid.cols()) + "; at most " + std::to_string(kMaxGridSide) +
                     "x" + std::to_string(kMaxGridSide) + " is allowed");
  }
  return grid;
}

FillRequest ParseFillRequest(std::string_view body, int max_threads) {
  const Json json = ParseJson(body);
  const Json& request =
      ObjectOf(json, "the request", {"grid", "puzzle", "options", "region", "list"});
  FillRequest result{GridOf(request)};
  result.list = ListOf(request);
  result.options.threads = 1;
  if (const Json* options = Find(request, "options")) {
    if (!options->is_object()) throw BadRequest("\"options\" is not a JSON object");
    for (const auto& [name, value] : options->items()) {
      ReadFillOption(name, value, max_threads, result.options);
    }
  }
  if (const Json* region = Find(request, "region")) result.region = RegionOf(*region, result.grid);
  return result;
}

CandidatesRequest ParseCandidatesRequest(std::string_view body) {
  const Json json = ParseJson(body);
  const Json& request =
      ObjectOf(json, "the request", {"grid", "puzzle", "slot", "options", "list"});
  CandidatesRequest result{GridOf(request)};
  result.list = ListOf(request);
  const Json* slot = Find(request, "slot");
  if (slot == nullptr) throw BadRequest("the request has no \"slot\"");
  if (slot->is_number()) {
    result.slot.index = static_cast<int>(IntOf(*slot, "slot", 0, 2 * kMaxGridSide * kMaxGridSide));
  } else {
    const Json& object = ObjectOf(*slot, "\"slot\"", {"row", "col", "direction"});
    result.slot.row = CellIndexOf(object, "row", kMaxGridSide - 1);
    result.slot.col = CellIndexOf(object, "col", kMaxGridSide - 1);
    const Json* direction = Find(object, "direction");
    if (direction == nullptr) throw BadRequest("\"direction\" is missing");
    result.slot.direction = DirectionOf(*direction);
  }
  if (const Json* options = Find(request, "options")) {
    ObjectOf(*options, "\"options\"",
             {"max-words", "max-checked", "seconds-per-word", "seconds", "allow-repeats", "exclude",
              "allow-offensive"});
    CandidateOptions& out = result.options;
    if (const Json* v = Find(*options, "max-words"))
      out.max_words = IntOf(*v, "max-words", 1, 10000);
    if (const Json* v = Find(*options, "max-checked"))
      out.max_checked = IntOf(*v, "max-checked", 0, 1000);
    if (const Json* v = Find(*options, "seconds-per-word")) {
      out.seconds_per_word = SecondsOf(*v, "seconds-per-word", 0);
      if (out.seconds_per_word > 10) throw BadRequest("\"seconds-per-word\" takes at most 10");
    }
    if (const Json* v = Find(*options, "seconds")) {
      out.seconds = SecondsOf(*v, "seconds", 0);
      if (out.seconds > 60) throw BadRequest("\"seconds\" takes at most 60");
    }
    if (const Json* v = Find(*options, "allow-repeats"))
      out.allow_repeats = BoolOf(*v, "allow-repeats");
    if (const Json* v = Find(*options, "exclude")) out.exclude = WordsOf(*v, "exclude");
    if (const Json* v = Find(*options, "allow-offensive"))
      out.allow_offensive = AllowOffensiveOf(*v);
  }
  return result;
}

CheckRequest ParseCheckRequest(std::string_view body) {
  const Json json = ParseJson(body);
  const Json& request = ObjectOf(json, "the request", {"grid", "puzzle", "options", "list"});
  CheckRequest result{GridOf(request)};
  result.list = ListOf(request);
  if (const Json* options = Find(request, "options")) {
    ObjectOf(*options, "\"options\"", {"allow-repeats"});
    if (const Json* v = Find(*options, "allow-repeats"))
      result.allow_repeats = BoolOf(*v, "allow-repeats");
  }
  return result;
}

ProveRequest ParseProveRequest(std::string_view body) {
  const Json json = ParseJson(body);
  const Json& request = ObjectOf(json, "the request", {"grid", "puzzle", "options", "list"});
  ProveRequest result{GridOf(request)};
  result.list = ListOf(request);
  result.options.search_seconds = 1;
  if (const Json* options = Find(request, "options")) {
    ObjectOf(*options, "\"options\"", {"allow-repeats", "exclude", "allow-offensive", "seconds"});
    if (const Json* v = Find(*options, "allow-repeats"))
      result.options.allow_repeats = BoolOf(*v, "allow-repeats");
    if (const Json* v = Find(*options, "exclude")) result.options.exclude = WordsOf(*v, "exclude");
    if (const Json* v = Find(*options, "allow-offensive"))
      result.options.allow_offensive = AllowOffensiveOf(*v);
    if (const Json* v = Find(*options, "seconds")) {
      result.options.search_seconds = SecondsOf(*v, "seconds", 0);
      if (result.options.search_seconds > 10) throw BadRequest("\"seconds\" takes at most 10");
    }
  }
  return result;
}

bool ProvesMarksOnly(std::string_view body) {
  try {
    return ParseProveRequest(body).options.search_seconds == 0;
  } catch (const std::exception&) {
    return false;  // the route says what is wrong with it
  }
}

ExportRequest ParseExportRequest(std::string_view body) {
  const Json json = ParseJson(body);
  const Json& request = ObjectOf(json, "the request",
                                 {"grid", "puzzle", "format", "clues", "title", "author",
                                  "copyright", "notes", "date", "solution", "fill-in", "list"});
  ExportRequest result{GridOf(request)};
  result.list = ListOf(request);
  DocumentOptions& document = result.document;
  const std::string name = RequiredStringOf(request, "format");
  bool known = false;
  for (DocumentFormat f :
       {DocumentFormat::kIpuz, DocumentFormat::kLatex, DocumentFormat::kSvg, DocumentFormat::kText,
        DocumentFormat::kLines, DocumentFormat::kJsonl, DocumentFormat::kPuz, DocumentFormat::kJpz,
        DocumentFormat::kXd, DocumentFormat::kExolve, DocumentFormat::kAcrossText}) {
    if (FormatOf(f).name == name) document.format = f, known = true;
  }
  if (name == "pdf") document.format = DocumentFormat::kLatex, result.pdf = known = true;
  if (name == "submission")
    document.format = DocumentFormat::kSubmissionLatex, result.pdf = known = true;
  if (!known) {
    throw BadRequest(
        "\"format\" takes ipuz, latex, pdf, svg, puz, jpz, xd, exolve, across-text, "
        "submission, text, lines or jsonl, not " +
        Quoted(name));
  }
  if (const Json* v = Find(request, "clues")) document.clues = CluesOf(*v);
  if (const Json* v = Find(request, "title")) document.title = StringOf(*v, "title");
  if (const Json* v = Find(request, "author")) document.author = StringOf(*v, "author");
  if (const Json* v = Find(request, "copyright")) document.copyright = StringOf(*v, "copyright");
  if (const Json* v = Find(request, "notes")) document.notes = StringOf(*v, "notes");
  if (const Json* v = Find(request, "date")) document.date = StringOf(*v, "date");
  if (const Json* v = Find(request, "solution")) document.solution = BoolOf(*v, "solution");
  if (const Json* v = Find(request, "fill-in")) document.fill_in = BoolOf(*v, "fill-in");
  return result;
}

OpenRequest ParseOpenRequest(std::string_view body) {
  const Json json = ParseJson(body);
  const Json& request = ObjectOf(json, "the request", {"name", "text", "base64"});
  OpenRequest result;
  if (const Json* name = Find(request, "name")) result.name = StringOf(*name, "name");
  const Json* base64 = Find(request, "base64");
  if (base64 != nullptr && Find(request, "text") != nullptr)
    throw BadRequest("the request takes \"text\" or \"base64\", not both");
  result.text = base64 != nullptr ? Base64Bytes(StringOf(*base64, "base64"), "base64")
                                  : RequiredStringOf(request, "text");
  if (result.name.empty()) result.name = "<grid>";
  return result;
}

ListUpload ParseListUpload(std::string_view body) {
  const Json json = ParseJson(body);
  const Json& request = ObjectOf(json, "the request", {"name", "language", "text"});
  ListUpload result;
  if (const Json* name = Find(request, "name")) result.name = StringOf(*name, "name");
  if (const Json* language = Find(request, "language"))
    result.language = StringOf(*language, "language");
  result.text = RequiredStringOf(request, "text");
  return result;
}

ListChange ParseListChange(std::string_view body) {
  const Json json = ParseJson(body);
  const Json& request = ObjectOf(json, "the request", {"list", "scores", "exclude"});
  ListChange result;
  result.list = ListOf(request);
  if (const Json* scores = Find(request, "scores")) {
    if (!scores->is_object()) throw BadRequest("\"scores\" takes an object of words and scores");
    constexpr int64_t kScoreLimit = int64_t{1} << 62;  // as the command line's scores
    for (const auto& [word, score] : scores->items()) {
      result.changes.scores.push_back({word, IntOf(score, word, -kScoreLimit, kScoreLimit)});
    }
  }
  if (const Json* v = Find(request, "exclude")) result.changes.excluded = WordsOf(*v, "exclude");
  return result;
}

PatternRequest ParsePatternRequest(std::string_view body) {
  const Json json = ParseJson(body);
  const Json& request = ObjectOf(json, "the request", {"list", "pattern", "limit"});
  PatternRequest result;
  result.list = ListOf(request);
  result.pattern = RequiredStringOf(request, "pattern");
  if (const Json* v = Find(request, "limit")) result.limit = IntOf(*v, "limit", 0, 1000);
  return result;
}

PatternOptions ParseBlockPatternRequest(std::string_view body) {
  const Json json = ParseJson(body);
  const Json& request = ObjectOf(json, "the request", {"rows", "cols", "density", "seed"});
  const Json* rows = Find(request, "rows");
  if (rows == nullptr) throw BadRequest("the request has no \"rows\"");
  PatternOptions options;
  const int64_t side_limit = std::numeric_limits<int32_t>::max();
  options.rows = static_cast<int>(IntOf(*rows, "rows", 0, side_limit));
  const Json* cols = Find(request, "cols");
  options.cols = cols ? static_cast<int>(IntOf(*cols, "cols", 0, side_limit)) : options.rows;
  if (std::min(options.rows, options.cols) < 3 ||
      std::max(options.rows, options.cols) > kMaxGridSide) {
    throw BadRequest("a pattern has 3 to " + std::to_string(kMaxGridSide) +
                     " rows and columns, not " + std::to_string(options.rows) + "x" +
                     std::to_string(options.cols));
  }
  if (const Json* density = Find(request, "density")) {
    if (!density->is_number() || !(density->get<double>() >= 0 && density->get<double>() <= 0.4))
      throw BadRequest("the share of blocks (\"density\") is a number from 0 to 0.4");
    options.density = density->get<double>();
  }
  if (const Json* seed = Find(request, "seed")) {
    options.seed =
        static_cast<uint64_t>(IntOf(*seed, "seed", 0, std::numeric_limits<int64_t>::max()));
  }
  return options;
}

namespace {

bool FlagOf(std::string_view name, const std::string& value) {
  if (value.empty() || value == "1" || value == "true") return true;
  if (value == "0" || value == "false") return false;
  throw BadRequest(Quoted(name) + " takes no value, 1, true, 0 or false, not " + Quoted(value));
}

int64_t NumberOf(std::string_view name, const std::string& value, int64_t lo, int64_t hi) {
  int64_t result = 0;
  const char* end = value.data() + value.size();
  auto [ptr, error] = std::from_chars(value.data(), end, result);
  if (value.empty() || error != std::errc() || ptr != end || result < lo || result > hi) {
    throw BadRequest(Quoted(name) + ": " + Quoted(value) + " is not an integer in " +
                     std::to_string(lo) + ".." + std::to_string(hi));
  }
  return result;
}

}  // namespace

QueryParams ParseSquaresRequest(std::string_view body) {
  const Json json = ParseJson(body);
  if (!json.is_object()) throw BadRequest("the request is not a JSON object");
  QueryParams params;
  for (const auto& [key, value] : json.items()) {
    if (value.is_string()) {
      params.emplace(key, value.get<std::string>());
    } else if (value.is_boolean()) {
      params.emplace(key, value.get<bool>() ? "true" : "false");
    } else if (value.is_number_integer()) {
      params.emplace(key, value.dump());
    } else {
      throw BadRequest(Quoted(key) + " takes a string, an integer, true or false");
    }
  }
  return params;
}

SquareOptions ParseSquaresQuery(const QueryParams& params, int max_threads) {
  SquareOptions options;
  options.threads = 1;
  bool is_double = false, rect = false, cube = false, sized = false;
  for (const auto& [name, value] : params) {
    if (name == "first") {
      options.first = value;
    } else if (name == "pattern") {
      options.pattern = value;
    } else if (name == "contains") {
      options.contains = value;
    } else if (name == "size") {
      options.size = static_cast<int>(NumberOf(name, value, 1, 1000));
      sized = true;
    } else if (name == "cube") {
      options.size = static_cast<int>(NumberOf(name, value, 1, 1000));
      cube = true;
    } else if (name == "rect") {
      const size_t x = value.find('x');
      if (x == std::string::npos)
        throw BadRequest("\"rect\": " + Quoted(value) + " is not of the form KxN");
      options.rows = static_cast<int>(NumberOf(name, value.substr(0, x), 1, 1000));
      options.cols = static_cast<int>(NumberOf(name, value.substr(x + 1), 1, 1000));
      rect = true;
    } else if (name == "double") {
      is_double = FlagOf(name, value);
    } else if (name == "diagonals") {
      options.diagonals = FlagOf(name, value);
    } else if (name == "distinct") {
      options.distinct = FlagOf(name, value);
    } else if (name == "no-transpose") {
      options.no_transpose = FlagOf(name, value);
    } else if (name == "upper") {
      options.upper = FlagOf(name, value);
    } else if (name == "limit") {
      options.limit =
          static_cast<uint64_t>(NumberOf(name, value, 1, std::numeric_limits<int64_t>::max()));
    } else if (name == "threads") {
      options.threads = static_cast<int>(NumberOf(name, value, 1, max_threads));
    } else {
      throw BadRequest("unknown square option " + Quoted(name));
    }
  }
  if (is_double + rect + cube > 1)
    throw BadRequest("\"double\", \"rect\" and \"cube\" exclude each other");
  if (rect && sized) throw BadRequest("\"rect\" gives the size; drop \"size\"");
  if (cube && sized) throw BadRequest("\"cube\" gives the size; drop \"size\"");
  options.kind = rect        ? SquareKind::kRectangle
                 : is_double ? SquareKind::kDouble
                 : cube      ? SquareKind::kCube
                             : SquareKind::kSymmetric;
  return options;
}

std::string_view DirectionName(Direction direction) {
  return direction == Direction::kAcross ? "across" : "down";
}

std::string_view StatusName(FillStatus status) {
  switch (status) {
    case FillStatus::kFilled: return "filled";
    case FillStatus::kImpossible: return "impossible";
    case FillStatus::kOverConstrained: return "over-constrained";
    case FillStatus::kNoDeterministic: return "no-deterministic";
    case FillStatus::kTimedOut: return "timed-out";
  }
  return "";
}

std::string_view ViabilityName(Viability viability) {
  switch (viability) {
    case Viability::kFillable: return "fillable";
    case Viability::kImpossible: return "impossible";
    case Viability::kUnknown: return "unknown";
  }
  return "";
}

const FormatInfo& FormatOf(DocumentFormat format) {
  static const FormatInfo kFormats[] = {
      // in DocumentFormat's order
      {"text", "text/plain; charset=utf-8", ".txt"},
      {"lines", "text/plain; charset=utf-8", ".txt"},
      {"jsonl", "application/x-ndjson", ".jsonl"},
      {"ipuz", "application/json", ".ipuz"},
      {"latex", "application/x-latex; charset=utf-8", ".tex"},
      {"svg", "image/svg+xml", ".svg"},
      {"puz", "application/octet-stream", ".puz"},
      {"jpz", "application/xml; charset=utf-8", ".jpz"},
      {"xd", "text/plain; charset=utf-8", ".xd"},
      {"exolve", "text/html; charset=utf-8", ".html"},
      {"across-text", "text/plain; charset=utf-8", ".txt"},
      {"submission-latex", "application/x-latex; charset=utf-8", ".tex"},
      {"pdf", "application/pdf", ".pdf"},
      {"submission", "application/pdf", ".pdf"},
  };
  static_assert(std::size(kFormats) == static_cast<size_t>(DocumentFormat::kSubmission) + 1);
  return kFormats[static_cast<int>(format)];
}

}  // namespace squares::serve
