// What the API's grid calls share: the Grid behind the public handle, the engine's fill
// settings and clues of the public options.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "fill/clues.h"
#include "fill/fill_grid.h"
#include "fill/grid.h"
#include "squares/fill.h"

namespace squares {
namespace detail {

struct GridImpl {
  core::Grid grid;
  std::string source;
  std::vector<Slot> slots;
  std::vector<std::string> letters;  // per cell: the fixed letter in upper case, or ""
  std::vector<Clue> clues;           // an ipuz file's
  std::string title, author, copyright;

  static std::shared_ptr<GridImpl> Make(core::Grid grid, std::string source);
};

}  // namespace detail

namespace api {

// The engine's clues of the public ones (a word's clue keyed by its letters, ClueWordKey).
std::vector<core::Clue> CluesOf(const std::vector<Clue>& clues);

// The engine's settings for `options` (usage errors for values out of range), scores better
// as `better` says unless the options do.
core::FillSettings SettingsOf(Better better, const ::squares::FillOptions& options);

}  // namespace api
}  // namespace squares
