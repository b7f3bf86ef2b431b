// Crossword Compiler's .jpz (uncompressed XML, as the applet and most solving apps read it):
// metadata, the grid's cells (x, y from 1; a block, or the solution letter and number), each
// entry as a word of cell ranges, and the two clue lists naming their words.
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

void AppendCells(const Grid& grid, const std::vector<std::string>& letters, std::string& out) {
  absl::StrAppendFormat(&out,
                        "<grid width=\"%d\" height=\"%d\">\n"
                        "<grid-look numbering-scheme=\"normal\"/>\n",
                        grid.cols, grid.rows);
  for (int r = 0; r < grid.rows; ++r) {
    for (int c = 0; c < grid.cols; ++c) {
      const int i = grid.cell(r, c);
      absl::StrAppendFormat(&out, "<cell x=\"%d\" y=\"%d\"", c + 1, r + 1);
      if (grid.black[i]) {
        out += " type=\"block\"/>\n";
        continue;
      }
      // A cell without a letter has no solution attribute, as a puzzle published without its
      // answers has it.
      if (!letters[i].empty()) absl::StrAppendFormat(&out, " solution=\"%s\"", XmlText(letters[i]));
      if (grid.numbers[i] > 0) absl::StrAppendFormat(&out, " number=\"%d\"", grid.numbers[i]);
      if (grid.circled(i)) out += " background-shape=\"circle\"";
      if (grid.shaded(i)) out += " background-color=\"#D1D1D1\"";
      out += "/>\n";
    }
  }
  out += "</grid>\n";
}

}  // namespace

void AppendJpz(const Grid& grid, const std::vector<std::string>& letters,
               const FillOutputOptions& options, std::string& out) {
  out +=
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<crossword-compiler-applet xmlns=\"http://crossword.info/xml/crossword-compiler-applet\">\n"
      "<rectangular-puzzle xmlns=\"http://crossword.info/xml/rectangular-puzzle\">\n"
      "<metadata>\n";
  absl::StrAppendFormat(&out, "<title>%s</title>\n", XmlText(options.title));
  if (!options.author.empty())
    absl::StrAppendFormat(&out, "<creator>%s</creator>\n", XmlText(options.author));
  if (!options.copyright.empty()) {
    absl::StrAppendFormat(&out, "<copyright>%s</copyright>\n", XmlText(options.copyright));
  }
  if (!options.notes.empty()) {
    absl::StrAppendFormat(&out, "<description>%s</description>\n", XmlText(options.notes));
  }
  out += "</metadata>\n<crossword>\n";
  AppendCells(grid, letters, out);
  for (const GridSlot& slot : grid.slots) {
    const int last_row = slot.row + (slot.direction == Direction::kDown ? slot.length - 1 : 0);
    const int last_col = slot.col + (slot.direction == Direction::kAcross ? slot.length - 1 : 0);
    absl::StrAppendFormat(&out, "<word id=\"%s\" x=\"%s\" y=\"%s\"/>\n", WordId(slot),
                          Range(slot.col, last_col), Range(slot.row, last_row));
  }
  const std::vector<std::string> clues = ShownClues(grid, letters, options);
  for (Direction direction : {Direction::kAcross, Direction::kDown}) {
    absl::StrAppendFormat(&out, "<clues ordering=\"normal\">\n<title><b>%s</b></title>\n",
                          direction == Direction::kAcross ? "Across" : "Down");
    for (size_t s = 0; s < grid.slots.size(); ++s) {
      const GridSlot& slot = grid.slots[s];
      if (slot.direction != direction) continue;
      absl::StrAppendFormat(&out, "<clue word=\"%s\" number=\"%d\" format=\"%d\">%s</clue>\n",
                            WordId(slot), slot.number, slot.length, XmlText(clues[s]));
    }
    out += "</clues>\n";
  }
  out += "</crossword>\n</rectangular-puzzle>\n</crossword-compiler-applet>\n";
}

}  // namespace squares::core
