// Output of a filled crossword grid: text, lines, jsonl, ipuz, LaTeX (cwpuzzle), PDF (LaTeX
// through pdflatex), SVG and Across Lite .puz.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "fill/clues.h"
#include "fill/grid.h"

namespace squares::core {

enum class FillFormat { kText, kLines, kJsonl, kIpuz, kLatex, kSvg, kPuz, kPdf };

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
  bool solution = false;  // svg: print the letters (latex always adds a solution page)
  std::string title;      // the documents' title (e.g. the grid file name)
  std::string author, copyright;  // ipuz, puz, latex, svg: when given
  // The clues (every format but lines); with none, the documents show a placeholder for each
  // entry, and text, jsonl and svg no clues at all.
  const std::vector<Clue>* clues = nullptr;
  bool ipuz_clue_arrays = true;  // ipuz clues as [number, "clue"], else as objects
  const FillQuality* quality = nullptr;  // jsonl, ipuz: reported when given
};

absl::StatusOr<FillFormat> ParseFillFormat(std::string_view name);

// Whether the format is one document per fill (ipuz, latex, svg, puz, pdf), which several
// fills cannot share a stream in; and the extension of its files ("ipuz", ...).
bool IsDocumentFormat(FillFormat format);
std::string_view FileExtension(FillFormat format);

// Appends one filled grid; `letters` holds each cell's letter as UTF-8 ("" for black cells).
// Fails (data) for puz when a letter or text has no Latin-1 form, and for pdf when pdflatex
// is missing or fails.
absl::Status AppendFill(const Grid& grid, const std::vector<std::string>& letters,
                        const FillOutputOptions& options, std::string& out);

// Whether `pdflatex` can be run (a data error that says what to install when not), so that
// a command can refuse --format pdf before it searches.
absl::Status CheckPdflatex();

}  // namespace squares::core
