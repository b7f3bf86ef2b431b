// The readers of the text puzzle formats (Crossword Compiler .jpz, .xd, Across Lite text,
// Exolve), each told by its content (IsX) and read whole into a Puzzle (ReadX), and what they
// share. Errors name the file, the format found and, where the file has them, the line:
// "x.xd:14: xd: row has 14 cells, expected 15".
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "fill/puzzle.h"

namespace squares::core {

// Crossword Compiler's XML (<crossword-compiler-applet>, <crossword-compiler> or a bare
// <rectangular-puzzle> holding a <crossword>): cells (blocks, voids, solutions of any letters,
// hint cells as given letters, circles, coloured cells as shaded, bars on any side), the
// metadata, and the clues matched to their words' cells, their markup kept. A zipped .jpz (a
// ZIP archive of one XML file, stored or deflated: zip.h) is read as its XML.
bool IsJpz(std::string_view bytes);
absl::StatusOr<Puzzle> ReadJpz(std::string_view name, std::string_view bytes);

// .xd (github.com/century-arcade/xd, doc/xd-format.md): "Key: value" headers (Title, Author,
// Editor, Copyright, Date, Notes, Description, Publisher, Rebus "1=STAR 2=HEART", Special
// "circle" or "shaded"), the grid ('#' block, '_' void, '.' a cell without its letter,
// lower-case letters the special cells), the clues "A1. text ~ ANSWER" ({/italic/} and
// {*bold*} as <i> and <b>), the notes after them; by blank lines or "## Grid" headings.
// Puzzmo's xd too: '.' blocks in a grid without '#', "## Design" styles (circles,
// backgrounds, bars) and "## Start" given letters.
bool IsXd(std::string_view bytes);
absl::StatusOr<Puzzle> ReadXd(std::string_view name, std::string_view bytes);

// Across Lite's text format, v1 (<ACROSS PUZZLE>) and v2 (<ACROSS PUZZLE V2>): <TITLE>,
// <AUTHOR>, <COPYRIGHT>, <SIZE> "15x15", <GRID> ('.' block, ':' a diagramless block, all 'X'
// a puzzle without its solution), v2's <REBUS> (the MARK flag: lower-case cells circled;
// "1:STAR:S" markers), the clues of <ACROSS> and <DOWN> one a line in the grid's order, and
// <NOTEPAD>.
bool IsAcrossText(std::string_view bytes);
absl::StatusOr<Puzzle> ReadAcrossText(std::string_view name, std::string_view bytes);

// Exolve (github.com/viresh-ratnakar/exolve): the exolve-begin ... exolve-end block, bare or
// inside a web page. exolve-width, -height, -grid ('.' block, '0' no solution given, '?' a
// letter not decided; decorators '|' '_' '+' bars, '@' circle, '!' given; several letters a
// cell with the rebus-cells option or a language of compound letters), -title, -setter,
// -copyright, -preamble (the notes), -across, -down and -nodir clues with enumerations, '#'
// comments as Exolve takes them.
bool IsExolve(std::string_view bytes);
absl::StatusOr<Puzzle> ReadExolve(std::string_view name, std::string_view bytes);

// What the readers share.

// A message "NAME:LINE: FORMAT: message" (no line when `line` is 0), as an error and as a
// warning.
std::string ReadMessage(std::string_view name, std::string_view format, int line,
                        std::string_view message);
absl::Status ReadError(std::string_view name, std::string_view format, int line,
                       std::string_view message);

// The most lines of a puzzle file of a text format: the clues of the largest grid, 256x256
// cells, one a line, with room to spare. Past it a file is refused before its lines are
// split, so that a hostile file costs neither time nor memory.
inline constexpr size_t kMaxPuzzleLines = size_t{1} << 18;

// The lines of a text format's file (SplitLines), or an error past kMaxPuzzleLines.
absl::StatusOr<std::vector<std::string_view>> PuzzleLines(std::string_view name,
                                                          std::string_view format,
                                                          std::string_view bytes);

// The text from the start of `first` to the end of `last`, two lines (views) of one buffer
// (as PuzzleLines gives them), `first` not after `last`: the lines between as the file has
// them, their line breaks (\n or \r\n) included.
std::string_view LinesSpan(std::string_view first, std::string_view last);

// Notes as a plain-text format's section holds them (xd's notes, Across Lite text's
// <NOTEPAD>): the lines of `text` from the first that is not blank to the last, less the
// indentation all of them share; inner blank lines, blanks and line breaks (\n or \r\n) as
// they are. Blank lines around a section are the file's layout, so notes that begin or end
// with a line break (or share an indentation) are what this makes of them: a writer whose
// notes it changes cannot hold them exactly, and says so.
std::string SectionNotes(std::string_view text);

// Whether a line is one the format reads as its own markup wherever it stands: an xd heading
// ("## Notes"), a tag of Across Lite's text format ("<NOTEPAD>").
bool IsXdHeading(std::string_view line);
bool IsAcrossTextTag(std::string_view line);

// Numbers the grid the reader filled (NumberGrid), after clearing the letters and marks of
// black cells. Its errors name the file, the format and the cell: by its line (the grid's
// rows are lines from grid.first_row_line) or, for a format whose rows are no lines, by its
// row and column.
absl::Status NumberPuzzle(std::string_view name, Puzzle& puzzle, bool rows_are_lines = true);

// A warning for each clue of a numbered puzzle that names no entry of its grid.
void WarnUnmatchedClues(std::string_view name, Puzzle& puzzle);

// `text` with each letter in upper case (UTF-8 in, UTF-8 out; invalid bytes kept).
std::string UpperCaseText(std::string_view text);

// `text` with the character references of XML and the common ones of HTML decoded (&amp;
// &lt; &gt; &quot; &apos; &nbsp; &#NN; &#xNN; and a few named punctuation marks); an unknown
// or malformed reference is kept as it is.
std::string DecodeEntities(std::string_view text);

}  // namespace squares::core
