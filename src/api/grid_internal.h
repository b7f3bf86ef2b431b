// What the API's fill calls share: the Grid behind the public handle, and FillGrid with the
// engine's progress (the command line's progress line reads it).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "fill/grid.h"
#include "fill/fill_grid.h"
#include "squares/fill.h"

namespace squares {

struct Grid::Impl {
  core::Grid grid;
  std::string source;
  std::vector<Slot> slots;
  std::vector<std::string> letters;  // per cell: the fixed letter in upper case, or ""

  static Grid Make(core::Grid grid, std::string source);
};

namespace api {

// The engine's settings for `options` (usage errors for values out of range), scores better
// as `better` says unless the options do.
core::FillSettings SettingsOf(Better better, const ::squares::FillOptions& options);

// What the command line follows of a fill as it runs.
struct FillHooks {
  core::FillProgress* progress = nullptr;  // kept up to date (see core::FillProgress)
  // Called with FillResult::notes before the search.
  std::function<void(const std::vector<std::string>&)> on_notes;
  // Only count the fills (FillStats::fills): none is read or handed over.
  bool count_only = false;
};

// FillGrid, with `hooks`.
::squares::FillResult FillGrid(const ::squares::Dictionary& dictionary, const Grid& grid,
                               const ::squares::FillOptions& options,
                               const std::function<bool(const Fill&)>& on_fill,
                               const FillHooks& hooks);

}  // namespace api
}  // namespace squares
