// What the document writers of a fill share (internal to src/fill).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "fill/fill_output.h"

namespace squares::core {

// A slot's letters; an empty cell (a grid exported unfilled) shows as '.'.
std::string SlotWord(const GridSlot& slot, const std::vector<std::string>& letters);

// What a row of text shows for cell `i`: '#' black, its letter, or '.' when it has none.
std::string_view CellText(const Grid& grid, const std::vector<std::string>& letters, int i);

// The white cells without a letter (a grid exported unfilled or partly filled), and whether
// any cell has one.
int EmptyCells(const Grid& grid, const std::vector<std::string>& letters);
bool AnyLetter(const std::vector<std::string>& letters);

// Words grouped by length (in letters), each group sorted, as printed fill-ins show them.
std::map<int, std::vector<std::string>> WordsByLength(const Grid& grid,
                                                      const std::vector<std::string>& letters);

// Each slot's clue as a document shows it: the clue given, or "" (an entry without a clue
// has an empty one).
std::vector<std::string> ShownClues(const Grid& grid, const std::vector<std::string>& letters,
                                    const FillOutputOptions& options);
// The same for a format whose readers need text in every clue (xd, Across Lite's text): an
// empty clue becomes the placeholder, and one warning naming `format` lists those entries.
std::vector<std::string> ClueTexts(const Grid& grid, const std::vector<std::string>& letters,
                                   const FillOutputOptions& options, std::string_view format);

// A clue followed by its enumeration, "Opera (5)"; an empty clue, the enumeration alone.
std::string WithEnumeration(std::string_view clue, int length);

// Text as XML character data or an attribute value: < > & " as entities; the control
// characters XML cannot hold left out.
std::string XmlText(std::string_view text);

// A field on one line, as line-based formats need it: line breaks and tabs as spaces.
std::string OneLine(std::string_view text);

// How a warning names a slot's clue: "the clue of 12 Across".
std::string ClueField(const GridSlot& slot);

// The parts of the LaTeX documents (latex.cc): the preamble up to \begin{document} (paper,
// fonts, cell size, PDF metadata); the title, author, copyright, date and notes; the grid
// (cwpuzzle's Puzzle environment; its letters show after \PuzzleSolution); the clue lists
// with enumerations, and with `answers` each entry's answer.
void AppendLatexPreamble(const Grid& grid, const FillOutputOptions& options, std::string& out);
void AppendLatexHeading(const FillOutputOptions& options, std::string& out);
void AppendLatexGrid(const Grid& grid, const std::vector<std::string>& letters,
                     std::vector<std::string>* warnings, std::string& out);
void AppendClueLists(const Grid& grid, const std::vector<std::string>& letters,
                     const FillOutputOptions& options, bool answers, std::string& out);

// A LaTeX (cwpuzzle) page: title, grid, clue lists; the solution on a page of its own.
void AppendLatex(const Grid& grid, const std::vector<std::string>& letters,
                 const FillOutputOptions& options, std::string& out);
// The PDF of a LaTeX document (one of AppendLatex's), made by lualatex in a temporary folder:
// no shell escape, nothing read or written outside that folder and TeX's own trees. Each
// character no font had (shown as a mark) adds a line to `warnings` when given.
absl::StatusOr<std::string> LatexToPdf(std::string_view latex,
                                       std::vector<std::string>* warnings = nullptr);

// The submission sheet an editor asks for: the constructor's name, address and e-mail on
// each page's head, page numbers at the foot; the heading, the grid with its answers, and the
// clues with enumerations and answers.
void AppendSubmissionLatex(const Grid& grid, const std::vector<std::string>& letters,
                           const FillOutputOptions& options, std::string& out);

// A printable SVG: title and author, the grid, the clue lists in columns under it.
void AppendSvg(const Grid& grid, const std::vector<std::string>& letters,
               const FillOutputOptions& options, std::string& out);

// Crossword Compiler's .jpz, the corpus's .xd, Across Lite's text format, an Exolve web page.
void AppendJpz(const Grid& grid, const std::vector<std::string>& letters,
               const FillOutputOptions& options, std::string& out);
void AppendXd(const Grid& grid, const std::vector<std::string>& letters,
              const FillOutputOptions& options, std::string& out);
void AppendAcrossText(const Grid& grid, const std::vector<std::string>& letters,
                      const FillOutputOptions& options, std::string& out);
void AppendExolve(const Grid& grid, const std::vector<std::string>& letters,
                  const FillOutputOptions& options, std::string& out);

// An Across Lite .puz file (version 1.3, checksummed).
absl::Status AppendPuz(const Grid& grid, const std::vector<std::string>& letters,
                       const FillOutputOptions& options, std::string& out);

}  // namespace squares::core
