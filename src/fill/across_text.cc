// Across Lite's text format (v2), which Across Lite imports and turns into a .puz: <TAGS>
// on lines of their own, the grid as rows ('.' black), the clues in order, one a line.
// Unlike .puz it holds any letter: v2 files are read as UTF-8 by its readers.
#include "absl/strings/str_format.h"
#include "fill/fill_document.h"

namespace squares::core {
void AppendAcrossText(const Grid& grid, const std::vector<std::string>& letters,
                      const FillOutputOptions& options, std::string& out) {
  out += "<ACROSS PUZZLE V2>\n";
  absl::StrAppendFormat(&out, "<TITLE>\n\t%s\n<AUTHOR>\n\t%s\n<COPYRIGHT>\n\t%s\n",
                        OneLine(options.title), OneLine(options.author),
                        OneLine(options.copyright));
  absl::StrAppendFormat(&out, "<SIZE>\n\t%dx%d\n<GRID>\n", grid.cols, grid.rows);
  for (int r = 0; r < grid.rows; ++r) {
    out += '\t';
    for (int c = 0; c < grid.cols; ++c) {
      const int i = grid.cell(r, c);
      out += grid.black[i] ? "." : letters[i];
    }
    out += '\n';
  }
  // A clue a line: an empty line is no clue to its readers.
  const std::vector<std::string> clues = ClueTexts(grid, letters, options, "across-text");
  for (Direction direction : {Direction::kAcross, Direction::kDown}) {
    out += direction == Direction::kAcross ? "<ACROSS>\n" : "<DOWN>\n";
    for (size_t s = 0; s < grid.slots.size(); ++s) {
      if (grid.slots[s].direction == direction)
        absl::StrAppendFormat(&out, "\t%s\n", OneLine(clues[s]));
    }
  }
  if (!options.notes.empty()) absl::StrAppendFormat(&out, "<NOTEPAD>\n%s\n", options.notes);
}

}  // namespace squares::core
