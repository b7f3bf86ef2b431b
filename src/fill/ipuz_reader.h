// Reading an ipuz crossword (ipuz.org; the JSON that fill_output.cc writes): its cells, its
// Across and Down clues, its title, author and copyright. Grid::Parse reads the cells with
// ParseGridRows (grid.h), so that an ipuz grid is checked as every other grid.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "fill/clues.h"

namespace squares::core {

struct IpuzPuzzle {
  std::vector<std::string> rows;  // plain rows: '.' empty, '#' black, a letter fixed
  std::vector<Clue> clues;        // numbered clues, Across then Down as the file lists them
  std::string title, author, copyright;
};

// Whether `text` is meant as ipuz: a JSON object, or the format's JavaScript wrapper
// "ipuz(...)" (the other grid formats never start with '{').
bool IsIpuz(std::string_view text);

// Reads the puzzle: "puzzle" (rows of cells: a number or 0 for an empty cell, the "block"
// string (default "#") or null for a black one, a letter for a fixed one, or an object whose
// "cell" is one of those and "value" a letter), "solution" (when given, its letters fill the
// cells the puzzle leaves empty), "clues" ("Across" and "Down": [number, "clue"] or
// {"number", "clue"}; other directions are skipped). Data errors name `source` and, for a
// cell, its row and column ("x.ipuz:3:4: ..."), for malformed JSON its line and column.
absl::StatusOr<IpuzPuzzle> ParseIpuz(std::string_view text, std::string_view source);

}  // namespace squares::core
