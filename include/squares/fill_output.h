// Output of a filled crossword grid: text, lines, ipuz, LaTeX (cwpuzzle) and SVG (DESIGN §6).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "squares/grid.h"

namespace squares {

enum class FillFormat { kText, kLines, kIpuz, kLatex, kSvg };

struct FillOutputOptions {
  FillFormat format = FillFormat::kText;
  bool fill_in = false;   // list the words grouped by length instead of numbered entries
  bool solution = false;  // svg: print the letters (latex always adds a solution grid)
  std::string title;      // ipuz/latex/svg title (e.g. the grid file name)
};

absl::StatusOr<FillFormat> ParseFillFormat(std::string_view name);

// Appends one filled grid; `letters` holds each cell's letter as UTF-8 ("" for black cells).
void AppendFill(const Grid& grid, const std::vector<std::string>& letters,
                const FillOutputOptions& options, std::string& out);

}  // namespace squares
