// Clue files: any bytes are refused with a message naming the source and line, or read into
// clues that every document format then prints for a small grid without failing.
#include <cstdint>

#include "fill/clues.h"
#include "fill/fill_output.h"
#include "fill/grid.h"
#include "fill/puzzle.h"
#include "fuzz_targets.h"

namespace squares::core::fuzz {

void FuzzClues(std::string_view data) {
  auto clues = ParseClues(data, "fuzz.clues");
  if (!clues.ok()) {
    FUZZ_CHECK(clues.status().message().substr(0, 11) == "fuzz.clues:");
    return;
  }
  for (const Clue& clue : *clues) {
    FUZZ_CHECK(!clue.text.empty() && clue.line >= 1);
    FUZZ_CHECK((clue.number > 0) != !clue.word.empty());
  }
  auto grid = ParseGrid("g", "...\n.#.\n...\n");
  FUZZ_CHECK(grid.ok());
  Puzzle puzzle;
  puzzle.grid = *grid;
  puzzle.solution = {"T", "O", "P", "A", "", "I", "B", "O", "É"};
  puzzle.clues = *clues;
  FillOutputOptions options;
  for (FillFormat format :
       {FillFormat::kText, FillFormat::kJsonl, FillFormat::kIpuz, FillFormat::kLatex,
        FillFormat::kSvg, FillFormat::kPuz, FillFormat::kJpz, FillFormat::kXd,
        FillFormat::kExolve, FillFormat::kAcrossText, FillFormat::kSubmissionLatex}) {
    options.format = format;
    std::string out;
    FUZZ_CHECK(AppendFill(puzzle, options, out).ok() && !out.empty());
  }
}

}  // namespace squares::core::fuzz
