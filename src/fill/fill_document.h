// What the document writers of a fill share (internal to src/fill).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "fill/fill_output.h"

namespace squares::core {

// A slot's letters; an empty cell (a grid exported unfilled) shows as '.'.
std::string SlotWord(const GridSlot& slot, const std::vector<std::string>& letters);

// The white cells without a letter (a grid exported unfilled or partly filled), and whether
// any cell has one.
int EmptyCells(const Grid& grid, const std::vector<std::string>& letters);
bool AnyLetter(const std::vector<std::string>& letters);

// Words grouped by length (in letters), each group sorted, as printed fill-ins show them.
std::map<int, std::vector<std::string>> WordsByLength(const Grid& grid,
                                                      const std::vector<std::string>& letters);

// Each slot's clue as a document shows it: the clue given, or "" (an entry without a clue
// has an empty one).
std::vector<std::string> ShownClues(const Puzzle& puzzle);
// The same for a format whose readers need text in every clue (xd, Across Lite's text): an
// empty clue becomes the placeholder, and one warning naming `format` lists those entries.
std::vector<std::string> ClueTexts(const Puzzle& puzzle, const FillOutputOptions& options,
                                   std::string_view format);

// Each slot's enumeration: its clue's as the puzzle gives it ("3,4"), else its length ("5").
std::vector<std::string> Enumerations(const Puzzle& puzzle);

// A clue followed by its enumeration, "Opera (5)"; an empty clue, the enumeration alone.
std::string WithEnumeration(std::string_view clue, std::string_view enumeration);

// Clue text as a format without markup shows it: ipuz's inline tags (<i>, </b>, <sub>, <br/>,
// ...) dropped, the rest as given.
std::string PlainText(std::string_view text);
// A clue's text in pieces: runs of text (tag "") and ipuz's tags, lower-case ("i", "/i", "br"
// for any line break), when the tags nest (each opened one closed, in order); nullopt when
// they do not (a tag left open would run on in a document).
struct MarkupPiece {
  std::string_view text;
  std::string tag;
};
std::optional<std::vector<MarkupPiece>> SplitMarkup(std::string_view text);
// Clue text as XML character data in a format that has the same inline markup (jpz, an
// Exolve page): ipuz's tags kept when they nest, everything else as XmlText.
std::string MarkupXml(std::string_view text);

// What a format holds of a puzzle beyond blocks, numbers and one letter a cell (any of them).
inline constexpr uint32_t kHoldsCircles = 1, kHoldsShading = 2, kHoldsBars = 4, kHoldsVoids = 8,
                          kHoldsRebus = 16, kHoldsNotes = 32, kHoldsEditor = 64,
                          kHoldsPublisher = 128, kHoldsDate = 256;
// One warning naming `format` for each thing the puzzle has and the format does not hold
// ("xd: 3 bars: the format has none"), in options.warnings when given.
void WarnUnheld(const Puzzle& puzzle, const FillOutputOptions& options, std::string_view format,
                uint32_t holds);
// The notes as a plain-text format's notes section (xd, Across Lite text) is to hold them, to
// be read back by SectionNotes: less each line `markup` says the format would read as its
// own (left out, with a warning naming the format and the line); a warning too when what is
// read back is not the notes (a line break at their start or end, an indentation all their
// lines share).
std::string SectionNotesText(std::string_view notes, std::string_view format,
                             bool (*markup)(std::string_view line),
                             std::vector<std::string>* warnings);
// Whether a cell holds several letters (a rebus, a digraph: more than one code point).
bool IsRebus(std::string_view letters);

// A grid of one character a cell (xd, Across Lite's text). A cell whose letters it cannot show
// as they are (several letters; with `ascii_only`, any but A-Z) gets a key that a header spells
// out: a digit or symbol, or for a cell `marked` (circled: drawn lower-case) a lower-case
// letter no marked cell of one letter shows. Keys are few: letters beyond them are written as
// themselves, with a warning naming `format`.
struct KeyedGrid {
  std::vector<std::string> cells;                  // what each white cell shows
  std::vector<std::pair<char, std::string>> keys;  // each key and its letters, in key order
};
KeyedGrid KeyCells(const Puzzle& puzzle, uint8_t marked, bool ascii_only, std::string_view format,
                   std::vector<std::string>* warnings);

// Text as XML character data or an attribute value: < > & " as entities; the control
// characters XML cannot hold left out.
std::string XmlText(std::string_view text);

// XML (or HTML) text that a reader gives back as it is: any \r as a character reference
// (XML readers read a \r\n as \n), and the blanks at its start and end too (readers trim
// those written as such as layout; this project's do).
std::string BlanksAsReferences(std::string_view xml);

// Text as a JSON string, quotes included.
std::string JsonString(std::string_view text);
// {"worst": ..., "worst_score": ..., "mean_score": ...[, "bound": ..., "proven": ...,
// "mean_proven": ...]}
std::string QualityJson(const FillQuality& quality);

// A field on one line, as line-based formats need it: line breaks and tabs as spaces.
std::string OneLine(std::string_view text);

// A field of a line-based format (xd's headers, Across Lite text's title, author and
// copyright), which its readers read trimmed: OneLine(value), and a warning naming `format`
// and `field` when that reads back as other than the value (line breaks, tabs, blanks around).
std::string FieldLine(std::string_view value, std::string_view format, std::string_view field,
                      std::vector<std::string>* warnings);

// How a warning names a slot's clue: "the clue of 12 Across".
std::string ClueField(const GridSlot& slot);

// The parts of the LaTeX documents (latex.cc): the preamble up to \begin{document} (paper,
// fonts, cell size, PDF metadata); the title, author, copyright, date and notes; the grid
// (cwpuzzle's Puzzle environment; its letters show after \PuzzleSolution); the clue lists
// with enumerations, and with `answers` each entry's answer.
void AppendLatexPreamble(const Puzzle& puzzle, const FillOutputOptions& options, std::string& out);
void AppendLatexHeading(const PuzzleInfo& info, std::vector<std::string>* warnings,
                        std::string& out);
void AppendLatexGrid(const Grid& grid, const std::vector<std::string>& letters,
                     std::vector<std::string>* warnings, std::string& out);
void AppendClueLists(const Puzzle& puzzle, const FillOutputOptions& options, bool answers,
                     std::string& out);

// A LaTeX (cwpuzzle) page: title, grid, clue lists; the solution on a page of its own.
void AppendLatex(const Puzzle& puzzle, const FillOutputOptions& options, std::string& out);
// The PDF of a LaTeX document (one of AppendLatex's), made by lualatex in a temporary folder:
// no shell escape, nothing read or written outside that folder and TeX's own trees. Each
// character no font had (shown as a mark) adds a line to `warnings` when given.
absl::StatusOr<std::string> LatexToPdf(std::string_view latex,
                                       std::vector<std::string>* warnings = nullptr);

// The submission sheet an editor asks for: the constructor's name, address and e-mail on
// each page's head, page numbers at the foot; the heading, the grid with its answers, and the
// clues with enumerations and answers.
void AppendSubmissionLatex(const Puzzle& puzzle, const FillOutputOptions& options,
                           std::string& out);

// A printable SVG: title and author, the grid, the clue lists in columns under it.
void AppendSvg(const Puzzle& puzzle, const FillOutputOptions& options, std::string& out);

// An ipuz v2 crossword.
void AppendIpuz(const Puzzle& puzzle, const FillOutputOptions& options, std::string& out);

// Crossword Compiler's .jpz, the corpus's .xd, Across Lite's text format, an Exolve web page.
void AppendJpz(const Puzzle& puzzle, const FillOutputOptions& options, std::string& out);
void AppendXd(const Puzzle& puzzle, const FillOutputOptions& options, std::string& out);
void AppendAcrossText(const Puzzle& puzzle, const FillOutputOptions& options, std::string& out);
void AppendExolve(const Puzzle& puzzle, const FillOutputOptions& options, std::string& out);

// An Across Lite .puz file (version 1.3, checksummed).
absl::Status AppendPuz(const Puzzle& puzzle, const FillOutputOptions& options, std::string& out);

}  // namespace squares::core
