// Reading an ipuz crossword (ipuz.org; the JSON that fill_output.cc writes) into a Puzzle: its
// cells (blocks, omitted cells, given letters, rebus and digraph answers), their circles,
// shading and bars, the clues with their enumerations, and what the puzzle says about itself.
#pragma once

#include <string_view>

#include "absl/status/statusor.h"
#include "fill/puzzle.h"

namespace squares::core {

// Whether `text` is meant as ipuz: a JSON object, or the format's JavaScript wrapper
// "ipuz(...)" (the other grid formats never start with '{').
bool IsIpuz(std::string_view text);

// Reads the puzzle:
// - "puzzle": rows of cells: a number (a label; 0 or the "empty" value for none) or the empty
//   value: a white cell; the "block" string (default "#"): a block; null: an omitted cell (a
//   void); a string of letters: a given letter; or an object whose "cell" is one of those,
//   whose "value" is a given letter and whose "style" (an object, or the name of one in
//   "styles") marks it: "shapebg": "circle" circled, "highlight": true or a "color" shaded,
//   "barred": any of T, R, B, L a bar on that edge (kept as the right or lower bar of this
//   cell or its neighbour);
// - "solution" (when given): each white cell's answer, a string of one or more letters (a
//   digraph, a rebus) or an object whose "value" is one; a given letter is the answer of a
//   cell the solution leaves empty;
// - "clues": "Across" and "Down" (other directions are skipped): [number, "clue"] or
//   {"number", "clue", "enumeration"}, the text as given (its markup kept);
// - title, author, editor, copyright, date, publisher, notes (after the "intro", which is
//   shown before the puzzle too); "explanation" (shown after it) is not kept: a warning.
// Data errors name `name` and, for a cell, its row and column ("x.ipuz:3:4: ..."), for
// malformed JSON its line and column.
absl::StatusOr<Puzzle> ReadIpuz(std::string_view name, std::string_view text);

}  // namespace squares::core
