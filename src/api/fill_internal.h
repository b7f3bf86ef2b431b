// What the API's fill files share (fill.cc, prove.cc, breakfast.cc): the engine's problem for a
// grid with the words a caller leaves out, and what a fill with the next tier of the breakfast
// test finds when the words left out are what make a grid unfillable.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "fill/fill_grid.h"
#include "squares/dictionary.h"
#include "squares/fill.h"

namespace squares::api {

core::ScoreOrder OrderOf(Better better);

// The words the fill may not use: `exclude`, the offensive words of the dictionary's language
// of the tiers `allow` does not allow (those the dictionary's alphabet cannot spell are in no
// slot anyway), and those scored worse than max_level.
core::WordFilter FilterOf(const Dictionary& dictionary, const std::vector<std::string>& exclude,
                          core::ScoreOrder scores, std::optional<int64_t> max_level,
                          AllowOffensive allow);

// The engine's problem for `grid` (the dictionary's automata are built under its mutex).
core::GridFill Problem(const Dictionary& dictionary, const Grid& grid,
                       const core::WordFilter& filter);

// After a search proved `grid` has no fill while `allow` left words out: a first fill with
// the next tiers allowed in turn (vulgar, then slurs) up to `last`, `seconds` each at most.
// nullopt when no tier is left to try or no fill has those words either; else the tier that
// fills it and the vulgar word used (a slur is not named), or tier kNone when a search did
// not end in time.
std::optional<FillResult::LeftOut> FillWithLeftOut(const Dictionary& dictionary, const Grid& grid,
                                                   const std::vector<std::string>& exclude,
                                                   bool allow_repeats, AllowOffensive allow,
                                                   AllowOffensive last, double seconds,
                                                   const StopFlag* stop);

// The sentence that says so: "no fill without the left-out words; --allow-offensive=vulgar
// finds one using ASS".
std::string LeftOutMessage(const FillResult::LeftOut& left_out);

}  // namespace squares::api
