// Output of a filled crossword grid: text, lines, jsonl, ipuz, LaTeX (cwpuzzle) and SVG
// (DESIGN §6).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "fill/grid.h"

namespace squares::core {

enum class FillFormat { kText, kLines, kJsonl, kIpuz, kLatex, kSvg };

// The quality of a fill with a scored list, computed from its words (entries kept as given
// do not count): the worst word (the highest score when lower is better, else the lowest),
// the mean score; and, after the best-fill search, what it proved.
struct FillQuality {
  std::string worst_word;
  int64_t worst_score = 0;
  double mean_score = 0;
  bool searched = false;     // the best-fill search ran; then:
  int64_t bound = 0;         //   no fill has a worst word scored better than bound
  bool bound_searched = false;  // a search ruled the better scores out (see BestFill)
  bool proven = false;       //   worst_score == bound
  bool mean_proven = false;  //   no fill with a worst word as good has a better mean
};

struct FillOutputOptions {
  FillFormat format = FillFormat::kText;
  bool fill_in = false;   // list the words grouped by length instead of numbered entries
  bool solution = false;  // svg: print the letters (latex always adds a solution grid)
  std::string title;      // ipuz/latex/svg title (e.g. the grid file name)
  const FillQuality* quality = nullptr;  // jsonl, ipuz: reported when given
};

absl::StatusOr<FillFormat> ParseFillFormat(std::string_view name);

// Appends one filled grid; `letters` holds each cell's letter as UTF-8 ("" for black cells).
void AppendFill(const Grid& grid, const std::vector<std::string>& letters,
                const FillOutputOptions& options, std::string& out);

}  // namespace squares::core
