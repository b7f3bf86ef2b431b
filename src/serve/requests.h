// The workbench's JSON API requests, read and checked apart from the server so that a fuzz
// target (tests/fuzz/fuzz_serve.cc) can drive them: every malformed request is a BadRequest
// whose message the server answers with 400 and {"error": message}. Nothing here searches.
#pragma once

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "squares/fill.h"
#include "squares/pattern.h"
#include "squares/square_search.h"

namespace squares::serve {

// The largest grid the workbench takes, each way.
inline constexpr int kMaxGridSide = 25;

class BadRequest : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The most bytes of letters one cell of a "puzzle" holds (a rebus: STAR, or longer).
inline constexpr size_t kMaxCellBytes = 64;

// A request's grid is sent as "grid", rows of '.' empty, '#' black, '_' a void, a letter
// (UTF-8) or "[STAR]" several letters in one cell, all of one width (Grid::FromRows reads them;
// its errors name the row and column); or as "puzzle", the whole puzzle (below), when it
// has bars, marks, clues or its info to keep. Either way, this refuses a grid larger than
// kMaxGridSide either way (a BadRequest naming it `what`).
const Grid& CheckedSize(const Grid& grid, const std::string& what);

// A request's "puzzle", as /api/open answers one:
//   {"cells": [[cell, ...], ...] (rows of cells, all of one length),
//    "info": {"title", "author", "editor", "copyright", "date", "notes", "publisher"},
//    "clues": [{"number", "direction", "text", "enumeration"} or {"word", "text"}, ...]}
// where a cell is {"kind": "white" (the default), "block" or "void", "solution": "A" or
// "STAR", "given": letters shown from the start, "circled", "shaded", "bar-right",
// "bar-below": true or false (default false)}; every key but "cells" may be left out. Each
// field is checked (its type, a cell's letters at most kMaxCellBytes bytes of letters, the
// grid's shape): a BadRequest names the field, the row and the column. A request has "grid"
// or "puzzle", not both.

// An error about a grid sent as rows in the page's words: the library names the rows as the
// lines of a file called "<rows>" ("<rows>:2:5: bad character"), the page as rows and columns
// ("row 2, column 5: ..."); the lines of another text with no file name ("<upload>:3:") as
// lines ("line 3: ..."). Any other error as it is.
std::string InRowsWords(const Error& error);

// A rectangle of cells, both corners included.
struct Region {
  int top = 0, left = 0, bottom = 0, right = 0;
};

// Each request that searches may name the word list it uses, by its id (word_lists.h):
// "list": "ID" ("" or none: the server's first).

// POST /api/fill: {"grid": [...] or "puzzle": {...}, "options": {...}, "region": {...}}.
struct FillRequest {
  Grid grid;
  FillOptions options{};           // threads 1 unless asked (the pool runs requests side by side)
  std::optional<Region> region{};  // the answer changes only these cells
  std::string list{};
};

// A slot by its index in Grid::slots(), or as the slot through a cell in a direction.
struct SlotRef {
  std::optional<int> index;
  int row = 0, col = 0;
  Direction direction = Direction::kAcross;
};

// POST /api/candidates: {"grid" or "puzzle", "slot": {"row", "col", "direction"} or N, "options"}.
struct CandidatesRequest {
  Grid grid;
  SlotRef slot{};
  CandidateOptions options{};
  std::string list{};
};

// POST /api/check: {"grid" or "puzzle", "options": {"allow-repeats": bool}}.
struct CheckRequest {
  Grid grid;
  bool allow_repeats = false;
  std::string list{};
};

// POST /api/prove: {"grid" or "puzzle", "options": {"allow-repeats": bool, "exclude": [...],
// "allow-offensive": "none"|"vulgar"|"slurs", "seconds": the verdict's search (default 1)}}.
struct ProveRequest {
  Grid grid;
  ProofOptions options{};
  std::string list{};
};

// POST /api/export: {"grid": [...] or "puzzle": {...}, filled, partly filled or not, "format",
// "clues": [...], "title", "author", "copyright", "notes", "date", ..., "list"}: the fields
// given beside the puzzle win over its own (WritePuzzle).
struct ExportRequest {
  Grid grid;  // its puzzle() is the one written
  DocumentOptions document{};
  bool pdf = false;  // "pdf", "submission": the LaTeX document (document.format) through lualatex
  std::string list{};  // the word list that scores the fill's quality line (jsonl, ipuz)
};

// POST /api/open: {"name": "file.crg", "text": "..."}, a file the page opened; a binary file
// (.puz) as {"name": "x.puz", "base64": "..."} instead of "text".
struct OpenRequest {
  std::string name;
  std::string text;  // the file's bytes
};

// POST /api/lists: {"name": "mine.txt", "language": "en", "text": "..."}, a word list's text.
struct ListUpload {
  std::string name, language = "en", text;
};

// POST /api/lists/change: {"list": ID, "scores": {"word": score, ...}, "exclude": [...]}.
struct ListChange {
  std::string list;
  WordChanges changes;
};

// POST /api/pattern: {"list": ID, "pattern": "C?A??", "limit": N (1..1000, default 200)}.
struct PatternRequest {
  std::string list;
  std::string pattern;
  size_t limit = 200;
};

FillRequest ParseFillRequest(std::string_view body, int max_threads);
CandidatesRequest ParseCandidatesRequest(std::string_view body);
CheckRequest ParseCheckRequest(std::string_view body);
ProveRequest ParseProveRequest(std::string_view body);
// Whether `body` is a valid /api/prove request for arc consistency alone ("seconds": 0).
bool ProvesMarksOnly(std::string_view body);
ExportRequest ParseExportRequest(std::string_view body);
OpenRequest ParseOpenRequest(std::string_view body);
ListUpload ParseListUpload(std::string_view body);
ListChange ParseListChange(std::string_view body);
PatternRequest ParsePatternRequest(std::string_view body);
// POST /api/block-pattern: {"rows": N, "cols": N, "density": D, "seed": N}, a random legal
// block pattern (MakePattern) of 3 to kMaxGridSide rows and columns (cols: as rows; density
// and seed as PatternOptions's).
PatternOptions ParseBlockPatternRequest(std::string_view body);

// POST /api/squares's options, named as the square command's long options (first, size,
// double, rect, diagonals, pattern, contains, distinct, no-transpose, limit, upper, threads)
// and `list`: a JSON object of strings, integers and booleans, read into text as a query's
// parameters would be (a flag is true when given empty, "1" or "true").
using QueryParams = std::multimap<std::string, std::string>;
QueryParams ParseSquaresRequest(std::string_view body);
SquareOptions ParseSquaresQuery(const QueryParams& params, int max_threads);

// The API's names of enums ("across", "filled", "fillable", ...).
std::string_view DirectionName(Direction direction);
std::string_view StatusName(FillStatus status);
std::string_view ViabilityName(Viability viability);
// A document format's name, content type and file extension ("svg": "image/svg+xml", ".svg").
struct FormatInfo {
  std::string_view name, content_type, extension;
};
const FormatInfo& FormatOf(DocumentFormat format);

}  // namespace squares::serve
