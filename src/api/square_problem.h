// The engine's problem of a square search from the API's description of it (SquareOptions),
// here in the API so that the engine never reads the public types:
// the square modes, the built-in shapes (diagonal squares, word cubes), shapes from cell
// lists or files, with the dictionaries their words take. The command line fills the same
// description from its arguments, so both report the same errors.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "lexicon/dawg.h"
#include "search/square_search.h"
#include "squares/square_search.h"

namespace squares::core {

// What a search is built from. Its automata point into `dictionary` (held by the caller) and
// into `owned`.
struct SquareSetup {
  std::optional<SquareProblem> square;     // the square modes
  std::optional<ShapeProblem> shape;       // every other kind
  const Dictionary* dictionary = nullptr;  // the square modes' (shapes: the main one, if read)
  std::vector<std::unique_ptr<Dictionary>> owned;  // a shape's lists, on one alphabet
  const Alphabet* alphabet = nullptr;              // the results' letters
  std::vector<std::string> notes;                  // for stderr ("the dictionary has ...")

  // A search on it; `count_only` as SquareProblem's (the square modes only). `tables`: the
  // main dictionary's, used where every word reads it. `turned`: a count reading every word
  // from its last letter (SquareProblem::reversed), whatever the options say.
  absl::StatusOr<SquareSearch> Search(bool count_only, SearchTables* tables = nullptr,
                                      bool turned = false) const;
};

// The dictionary of the words that name no list, read only when some word needs it.
using MainDictionary = std::function<const Dictionary&()>;

// Checks `options` (usage errors; a first word not in the dictionary, a bad shape file or
// list: data errors) and builds the problem. A shape's own lists are read with
// `list_options`; `note_unused` adds a note when no word uses the main dictionary.
absl::StatusOr<SquareSetup> MakeSquareSetup(const squares::SquareOptions& options,
                                            const MainDictionary& main,
                                            const LexiconOptions& list_options, bool note_unused);

}  // namespace squares::core
