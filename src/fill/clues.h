// Clues for the documents of a fill: read from a clues file and matched to a grid's slots.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "fill/grid.h"

namespace squares::core {

// One line of a clues file: for the slot `number` `direction`, or (number 0) for whichever
// slot holds `word` (upper case, letters only) in the fill.
struct Clue {
  int number = 0;
  Direction direction = Direction::kAcross;
  std::string word;
  std::string text;
  int line = 0;             // in the clues file, for messages
  std::string enumeration{};  // as the puzzle gives it ("5", "3,4", "2-5"), "" when it does not
};

// Reads clues: one `WORD<TAB>clue` or `NUMBER DIRECTION<TAB>clue` a line (DIRECTION: Across,
// Down, A or D, any case; "12 Across", "12A"), blank lines and '#' comments skipped. Errors
// (data) name the source and line: a line without a tab, an empty clue, a key given twice,
// invalid UTF-8 or a NUL byte.
absl::StatusOr<std::vector<Clue>> ParseClues(std::string_view text, std::string_view source);

// The key a clue's WORD is matched by: its letters upper-cased, spaces, hyphens, apostrophes
// and periods dropped ("ice cream" and "ICECREAM" name the same entry); "" when it holds
// anything else.
std::string ClueWordKey(std::string_view word);

// A numbered clue for a slot the grid does not have is an error naming its line.
absl::Status CheckClues(const Grid& grid, const std::vector<Clue>& clues, std::string_view source);

// Each slot's clue for a fill (`letters`: each cell's upper-case letter): its numbered clue,
// else the clue of its word, else none.
std::vector<std::optional<std::string>> SlotClues(const Grid& grid,
                                                  const std::vector<std::string>& letters,
                                                  const std::vector<Clue>& clues);
// The same, each slot's clue itself (nullptr: none), for its enumeration.
std::vector<const Clue*> MatchClues(const Grid& grid, const std::vector<std::string>& letters,
                                    const std::vector<Clue>& clues);

// What a fill leaves of the clues unused, one warning each naming `source` and the line: a
// clue for a word no entry of the fill holds; a clue for an entry that already has one (a
// numbered clue wins over one by word).
std::vector<std::string> UnusedClues(const Grid& grid, const std::vector<std::string>& letters,
                                     const std::vector<Clue>& clues, std::string_view source);

// What a document shows for a slot without a clue.
inline constexpr std::string_view kCluePlaceholder = "[clue]";

}  // namespace squares::core
