// squares::ParseClues, CheckClues and UnusedClues: the clues reader of `fill --clues`
// (src/fill/clues.cc) on the typed API.
#include "fill/clues.h"
#include "api/api_internal.h"
#include "api/grid_internal.h"
#include "squares/fill.h"

namespace squares {

std::vector<Clue> ParseClues(std::string_view text, const std::string& source) {
  std::vector<Clue> out;
  for (core::Clue& clue : api::Value(core::ParseClues(text, source))) {
    Clue c;
    c.number = clue.number;
    c.direction = clue.direction == core::Direction::kAcross ? Direction::kAcross
                                                             : Direction::kDown;
    c.word = std::move(clue.word);
    c.text = std::move(clue.text);
    c.line = clue.line;
    out.push_back(std::move(c));
  }
  return out;
}

void CheckClues(const Grid& grid, const std::vector<Clue>& clues, const std::string& source) {
  api::Check(core::CheckClues(api::ImplOf(grid).grid, api::CluesOf(clues), source));
}

std::vector<std::string> UnusedClues(const Grid& grid, const Fill& fill,
                                     const std::vector<Clue>& clues, const std::string& source) {
  return core::UnusedClues(api::ImplOf(grid).grid, fill.letters, api::CluesOf(clues), source);
}

}  // namespace squares
