// Crossword Compiler's .jpz (uncompressed XML, as the applet and most solving apps read it):
// metadata, the grid's cells (x, y from 1; a block, a void, or the solution's letters and
// number, a circle as background-shape, shading as background-color, bars as the next cell's
// left-bar and top-bar), each entry as a word of cell ranges, and the two clue lists naming
// their words, the clues with their inline markup and enumerations (format).
#include <utility>

#include "absl/strings/str_format.h"
#include "fill/fill_document.h"

namespace squares::core {
namespace {

// A word's id: its number and direction ("12-across"). Readers match a clue to its word by
// id; @xwordly/xword-parser also reads the clue's number from it, which this form keeps.
std::string WordId(const GridSlot& slot) {
  return absl::StrFormat("%d-%s", slot.number,
                         slot.direction == Direction::kAcross ? "across" : "down");
}

// Cells first..last (0-based) as the format numbers them: "3", or "3-7".
std::string Range(int first, int last) {
  return first == last ? absl::StrFormat("%d", first + 1)
                       : absl::StrFormat("%d-%d", first + 1, last + 1);
}

void AppendCells(const Puzzle& puzzle, std::string& out) {
  const Grid& grid = puzzle.grid;
  absl::StrAppendFormat(&out,
                        "<grid width=\"%d\" height=\"%d\">\n"
                        "<grid-look numbering-scheme=\"normal\"/>\n",
                        grid.cols, grid.rows);
  for (int r = 0; r < grid.rows; ++r) {
    for (int c = 0; c < grid.cols; ++c) {
      const int i = grid.cell(r, c);
      absl::StrAppendFormat(&out, "<cell x=\"%d\" y=\"%d\"", c + 1, r + 1);
      if (grid.black[i]) {
        out += grid.is_void(i) ? " type=\"void\"/>\n" : " type=\"block\"/>\n";
        continue;
      }
      // A cell without a letter has no solution attribute, as a puzzle published without its
      // answers has it.
      const std::string& letters = puzzle.solution[i];
      if (!letters.empty()) absl::StrAppendFormat(&out, " solution=\"%s\"", XmlText(letters));
      if (grid.numbers[i] > 0) absl::StrAppendFormat(&out, " number=\"%d\"", grid.numbers[i]);
      if (grid.circled(i)) out += " background-shape=\"circle\"";
      if (grid.shaded(i)) out += " background-color=\"#D1D1D1\"";
      if (c > 0 && (grid.bar(i - 1) & kBarRight) != 0) out += " left-bar=\"true\"";
      if (r > 0 && (grid.bar(i - grid.cols) & kBarBelow) != 0) out += " top-bar=\"true\"";
      out += "/>\n";
    }
  }
  out += "</grid>\n";
}

}  // namespace

void AppendJpz(const Puzzle& puzzle, const FillOutputOptions& options, std::string& out) {
  const Grid& grid = puzzle.grid;
  const PuzzleInfo& info = puzzle.info;
  WarnUnheld(puzzle, options, "jpz",
             kHoldsCircles | kHoldsShading | kHoldsBars | kHoldsVoids | kHoldsRebus | kHoldsNotes |
                 kHoldsEditor | kHoldsPublisher);
  out +=
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<crossword-compiler-applet xmlns=\"http://crossword.info/xml/crossword-compiler-applet\">\n"
      "<rectangular-puzzle xmlns=\"http://crossword.info/xml/rectangular-puzzle\">\n"
      "<metadata>\n";
  // Each field exactly, the blanks around it too (readers trim those written as such).
  absl::StrAppendFormat(&out, "<title>%s</title>\n", BlanksAsReferences(XmlText(info.title)));
  for (const auto& [tag, value] : {std::pair{"creator", &info.author},
                                   {"editor", &info.editor},
                                   {"copyright", &info.copyright},
                                   {"publisher", &info.publisher},
                                   {"description", &info.notes}}) {
    if (!value->empty()) {
      absl::StrAppendFormat(&out, "<%s>%s</%s>\n", tag, BlanksAsReferences(XmlText(*value)), tag);
    }
  }
  out += "</metadata>\n<crossword>\n";
  AppendCells(puzzle, out);
  for (const GridSlot& slot : grid.slots) {
    const int last_row = slot.row + (slot.direction == Direction::kDown ? slot.length - 1 : 0);
    const int last_col = slot.col + (slot.direction == Direction::kAcross ? slot.length - 1 : 0);
    absl::StrAppendFormat(&out, "<word id=\"%s\" x=\"%s\" y=\"%s\"/>\n", WordId(slot),
                          Range(slot.col, last_col), Range(slot.row, last_row));
  }
  const std::vector<std::string> clues = ShownClues(puzzle);
  const std::vector<std::string> enumerations = Enumerations(puzzle);
  for (Direction direction : {Direction::kAcross, Direction::kDown}) {
    absl::StrAppendFormat(&out, "<clues ordering=\"normal\">\n<title><b>%s</b></title>\n",
                          direction == Direction::kAcross ? "Across" : "Down");
    for (size_t s = 0; s < grid.slots.size(); ++s) {
      const GridSlot& slot = grid.slots[s];
      if (slot.direction != direction) continue;
      absl::StrAppendFormat(&out, "<clue word=\"%s\" number=\"%d\" format=\"%s\">%s</clue>\n",
                            WordId(slot), slot.number, XmlText(enumerations[s]),
                            MarkupXml(clues[s]));
    }
    out += "</clues>\n";
  }
  out += "</crossword>\n</rectangular-puzzle>\n</crossword-compiler-applet>\n";
}

}  // namespace squares::core
