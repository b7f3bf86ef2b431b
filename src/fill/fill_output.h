// Output of a filled crossword grid: text, lines, jsonl, ipuz, LaTeX (cwpuzzle), PDF (LaTeX
// through lualatex), SVG and Across Lite .puz.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "fill/clues.h"
#include "fill/grid.h"
#include "fill/puzzle.h"

namespace squares::core {

// The API's DocumentFormat, member for member in its order (src/api/grid.cc converts by a
// cast and asserts it); kPdf and kSubmission are the LaTeX of kLatex and kSubmissionLatex
// made PDFs.
enum class FillFormat {
  kText,
  kLines,
  kJsonl,
  kIpuz,
  kLatex,
  kSvg,
  kPuz,
  kJpz,
  kXd,
  kExolve,
  kAcrossText,
  kSubmissionLatex,
  kPdf,
  kSubmission
};

// The quality of a fill with a scored list, computed from its words (entries kept as given
// do not count): the worst word (the highest score when lower is better, else the lowest),
// the mean score; and, after the best-fill search, what it proved.
struct FillQuality {
  std::string worst_word;
  int64_t worst_score = 0;
  double mean_score = 0;
  bool searched = false;        // the best-fill search ran; then:
  int64_t bound = 0;            //   no fill has a worst word scored better than bound
  bool bound_searched = false;  // a search ruled the better scores out (see BestFill)
  bool proven = false;          //   worst_score == bound
  bool mean_proven = false;     //   no fill with a worst word as good has a better mean
};

// What is about the document rather than the puzzle (the puzzle brings its grid, letters,
// title, author, ..., notes and clues).
struct FillOutputOptions {
  FillFormat format = FillFormat::kText;
  bool fill_in = false;           // list the words grouped by length instead of numbered entries
  bool solution = false;          // svg: print the letters (latex always adds a solution page)
  bool ipuz_clue_arrays = true;          // ipuz clues as [number, "clue"], else as objects
  const FillQuality* quality = nullptr;  // jsonl, ipuz: reported when given
  std::string paper = "a4";              // latex, pdf: "a4" or "letter"
  // submission: the constructor's name (default: the author), postal address (lines) and
  // e-mail, printed on each page's head.
  std::string name, address, email;
  // What a document could not carry as given (a character outside .puz's Latin-1, a control
  // character left out, a character no font of the PDF has, a mark or cell the format has
  // no form for), one line each naming the format and the thing; nullptr: not collected.
  std::vector<std::string>* warnings = nullptr;
};

absl::StatusOr<FillFormat> ParseFillFormat(std::string_view name);
// The names ParseFillFormat takes, joined by `separator`.
std::string FillFormatNames(std::string_view separator);

// The LaTeX document a PDF format is made from (kLatex for kPdf, kSubmissionLatex for
// kSubmission); other formats unchanged.
FillFormat LatexSource(FillFormat format);

// Whether the format is one document per fill (all but text, lines and jsonl), which several
// fills cannot share a stream in; and the extension of its files ("ipuz", ...).
bool IsDocumentFormat(FillFormat format);
std::string_view FileExtension(FillFormat format);

// Appends one puzzle: its grid, its solution as the letters (per cell, UTF-8: "" for black
// cells, and for white cells a grid exported unfilled leaves empty; one letter, a digraph or
// a rebus), its info and its clues (an entry without one has an empty clue: xd and
// across-text, which need text, show kCluePlaceholder with a warning; with no clue at all,
// text, jsonl and svg show no clues). Fails (data) for puz when a letter has no Latin-1 form,
// for pdf when lualatex is missing or fails, and for xd, across-text, submission and fill_in
// when a cell is empty (their grid is the answer).
absl::Status AppendFill(const Puzzle& puzzle, const FillOutputOptions& options, std::string& out);

// Whether `lualatex` can be run (a data error that says what to install when not), so that
// a command can refuse --format pdf before it searches.
absl::Status CheckLualatex();

}  // namespace squares::core
