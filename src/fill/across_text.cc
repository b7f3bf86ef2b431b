// Across Lite's text format (v2), which Across Lite imports and turns into a .puz: <TAGS>
// on lines of their own, the grid as rows ('.' black), the clues in order, one a line.
// Unlike .puz it holds any letter: v2 files are read as UTF-8 by its readers. A cell of
// several letters is a key that <REBUS> spells out ("1:STAR:S"); with its MARK flag, a
// lower-case cell is circled.
#include "absl/strings/str_format.h"
#include "fill/fill_document.h"
#include "fill/latex_text.h"
#include "fill/puzzle_readers.h"

namespace squares::core {

void AppendAcrossText(const Puzzle& puzzle, const FillOutputOptions& options, std::string& out) {
  const Grid& grid = puzzle.grid;
  WarnUnheld(puzzle, options, "across-text", kHoldsCircles | kHoldsRebus | kHoldsNotes);
  const KeyedGrid keyed = KeyCells(puzzle, kCircled, false, "across-text", options.warnings);
  bool circled = false;
  for (int i = 0; i < grid.size(); ++i) circled = circled || grid.circled(i);
  const PuzzleInfo& info = puzzle.info;
  out += "<ACROSS PUZZLE V2>\n";
  absl::StrAppendFormat(&out, "<TITLE>\n\t%s\n<AUTHOR>\n\t%s\n<COPYRIGHT>\n\t%s\n",
                        FieldLine(info.title, "across-text", "title", options.warnings),
                        FieldLine(info.author, "across-text", "author", options.warnings),
                        FieldLine(info.copyright, "across-text", "copyright", options.warnings));
  absl::StrAppendFormat(&out, "<SIZE>\n\t%dx%d\n<GRID>\n", grid.cols, grid.rows);
  for (int r = 0; r < grid.rows; ++r) {
    out += '\t';
    for (int c = 0; c < grid.cols; ++c) {
      const int i = grid.cell(r, c);
      out += grid.black[i] ? "." : keyed.cells[i];
    }
    out += '\n';
  }
  if (circled || !keyed.keys.empty()) {
    out += "<REBUS>\n";
    if (circled) out += "\tMARK;\n";
    // Each key's letters, and the one letter a reader without rebus cells takes.
    for (const auto& [key, letters] : keyed.keys) {
      size_t first = 0;
      NextCodePoint(letters, first);
      absl::StrAppendFormat(&out, "\t%c:%s:%s\n", key, letters, letters.substr(0, first));
    }
  }
  // A clue a line: an empty line is no clue to its readers.
  const std::vector<std::string> clues = ClueTexts(puzzle, options, "across-text");
  for (Direction direction : {Direction::kAcross, Direction::kDown}) {
    out += direction == Direction::kAcross ? "<ACROSS>\n" : "<DOWN>\n";
    for (size_t s = 0; s < grid.slots.size(); ++s) {
      if (grid.slots[s].direction == direction) {
        absl::StrAppendFormat(&out, "\t%s\n",
                              FieldLine(PlainText(clues[s]), "across-text",
                                        "clue of " + SlotName(grid.slots[s]), options.warnings));
      }
    }
  }
  if (!info.notes.empty()) {
    absl::StrAppendFormat(
        &out, "<NOTEPAD>\n%s\n",
        SectionNotesText(info.notes, "across-text", IsAcrossTextTag, options.warnings));
  }
}

}  // namespace squares::core
