// What the API's grid calls share: the Grid behind the public handle, the engine's fill
// settings and clues of the public options.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "fill/clues.h"
#include "fill/fill_grid.h"
#include "fill/grid.h"
#include "fill/puzzle.h"
#include "squares/fill.h"

namespace squares {
namespace detail {

// `puzzle` as read or given; `grid` its engine grid, whose fixed letters are each cell's given
// letters or else its solution (both are the letters a fill keeps), upper case.
struct GridImpl {
  Puzzle puzzle;
  core::Grid grid;
  std::string source;
  std::vector<Slot> slots;
  std::vector<std::string> letters;  // per cell: grid.fixed, or ""

  static std::shared_ptr<GridImpl> Make(const core::Puzzle& puzzle, std::string source);
};

}  // namespace detail

namespace api {

// The engine's puzzle of a public one (its shape checked and numbered: kData errors naming
// `source`), and the public puzzle of the engine's.
core::Puzzle CorePuzzle(const Puzzle& puzzle, const std::string& source);
Puzzle PublicPuzzle(const core::Puzzle& puzzle);

// The engine's clues of the public ones (a word's clue keyed by its letters, ClueWordKey).
std::vector<core::Clue> CluesOf(const std::vector<Clue>& clues);

// The engine's settings for `options` (usage errors for values out of range), scores better
// as `better` says unless the options do.
core::FillSettings SettingsOf(Better better, const ::squares::FillOptions& options);

}  // namespace api
}  // namespace squares
