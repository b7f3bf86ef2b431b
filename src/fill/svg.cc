// The SVG of a fill: a page a browser or a drawing program prints as it is.
#include <algorithm>

#include "absl/strings/str_format.h"
#include "fill/fill_document.h"
#include "fill/latex_text.h"

namespace squares::core {
namespace {

constexpr int kCell = 32, kMargin = 4, kLine = 16, kFont = 12;
// A clue column: 224 units (three under a 21x21 grid), a clue's lines at most this many characters
// of 12-unit text at 0.6 of the font size each (wider than the mean letter of a sans-serif font),
// after the number's 24 units.
constexpr int kColumn = 224, kColumnGap = 16, kClueChars = (kColumn - kColumnGap - 24) * 10 / 72;

size_t CodePoints(std::string_view text) {
  size_t count = 0;
  for (size_t pos = 0; pos < text.size(); ++count) NextCodePoint(text, pos);
  return count;
}

// `text` in lines of at most `width` code points, broken at spaces (a word longer than a line
// has a line of its own).
std::vector<std::string> Wrap(std::string_view text, size_t width) {
  std::vector<std::string> lines(1);
  size_t used = 0;
  for (size_t start = 0; start <= text.size();) {
    size_t end = text.find(' ', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view word = text.substr(start, end - start);
    const size_t length = CodePoints(word);
    if (used > 0 && used + 1 + length > width) {
      lines.emplace_back();
      used = 0;
    }
    if (used > 0) {
      lines.back() += ' ';
      ++used;
    }
    lines.back() += word;
    used += length;
    start = end + 1;
  }
  return lines;
}

// One entry of the clue lists: a heading ("Across") or a clue's number and lines.
struct ClueBlock {
  std::string heading;
  int number = 0;
  std::vector<std::string> lines;
  int height() const { return heading.empty() ? static_cast<int>(lines.size()) : 2; }
};

std::vector<ClueBlock> ClueBlocks(const Puzzle& puzzle) {
  const Grid& grid = puzzle.grid;
  const std::vector<std::string> clues = ShownClues(puzzle);
  const std::vector<std::string> enumerations = Enumerations(puzzle);
  std::vector<ClueBlock> blocks;
  for (size_t s = 0; s < grid.slots.size(); ++s) {
    const GridSlot& slot = grid.slots[s];
    if (s == 0 || grid.slots[s - 1].direction != slot.direction) {
      blocks.push_back({slot.direction == Direction::kAcross ? "Across" : "Down", 0, {}});
    }
    blocks.push_back(
        {"", slot.number,
         Wrap(WithEnumeration(OneLine(PlainText(clues[s])), enumerations[s]), kClueChars)});
  }
  return blocks;
}

// The clue blocks in `columns` columns of about equal height, a block never split; the
// column of each block, and the height of the tallest column in lines.
int LayOut(const std::vector<ClueBlock>& blocks, int columns, std::vector<int>& column_of) {
  int total = 0;
  for (const ClueBlock& block : blocks) total += block.height();
  const int target = (total + columns - 1) / columns;
  int column = 0, used = 0, tallest = 0;
  for (const ClueBlock& block : blocks) {
    if (used > 0 && used + block.height() > target && column + 1 < columns) {
      ++column;
      used = 0;
    }
    column_of.push_back(column);
    used += block.height();
    tallest = std::max(tallest, used);
  }
  return tallest;
}

// The font size of a cell's letters: 16 units, less for several letters (a rebus) so that
// they fit the cell's 28 units at 0.6 of the size a letter, and at least 6.
int LetterSize(std::string_view letters) {
  const int count = static_cast<int>(CodePoints(letters));
  return std::clamp(28 * 10 / (6 * std::max(count, 1)), 6, 16);
}

// A cell's bars: thick lines on its right and bottom edges.
void AppendBars(uint8_t bar, int x, int top, std::string& out) {
  if ((bar & kBarRight) != 0) {
    absl::StrAppendFormat(&out,
                          "<line class=\"bar\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
                          "stroke=\"black\" stroke-width=\"4\"/>\n",
                          x + kCell, top, x + kCell, top + kCell);
  }
  if ((bar & kBarBelow) != 0) {
    absl::StrAppendFormat(&out,
                          "<line class=\"bar\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
                          "stroke=\"black\" stroke-width=\"4\"/>\n",
                          x, top + kCell, x + kCell, top + kCell);
  }
}

}  // namespace

// A grid of 32-unit cells under the title and the author's line, and with clues the clue
// lists in columns below it. A number sits in the top band of its cell (8-unit digits,
// baseline at 9), a letter in the bottom part (16-unit, baseline at 28): a letter's accents
// reach 0.95 of its size above the baseline (y 12.8), so the two never meet, however many
// digits the number has.
void AppendSvg(const Puzzle& puzzle, const FillOutputOptions& options, std::string& out) {
  const Grid& grid = puzzle.grid;
  const std::vector<std::string>& letters = puzzle.solution;
  const bool clue_list = !puzzle.clues.empty();
  const PuzzleInfo& info = puzzle.info;
  // (Holds everything.)
  std::string byline = info.author;
  const std::string editor = info.editor.empty() ? "" : "edited by " + info.editor;
  for (const std::string* part : {&editor, &info.publisher, &info.copyright, &info.date}) {
    if (!part->empty()) byline += (byline.empty() ? "" : " · ") + *part;
  }
  const int width = clue_list ? std::max(grid.cols * kCell, 2 * kColumn) + 2 * kMargin
                              : grid.cols * kCell + 2 * kMargin;
  // The notes under the byline, in lines as wide as the page (12-unit text at 0.6 of the size a
  // character, as the clues).
  const std::vector<std::string> notes =
      info.notes.empty() ? std::vector<std::string>()
                         : Wrap(OneLine(info.notes),
                                std::max<size_t>(8, (width - 2 * kMargin) * 10 / (kFont * 6)));
  const int title_height = (info.title.empty() ? 0 : 2 * kLine) + (byline.empty() ? 0 : kLine) +
                           kLine * static_cast<int>(notes.size());
  const int grid_top = kMargin + title_height;
  int height = grid_top + grid.rows * kCell + kMargin;
  std::vector<ClueBlock> blocks;
  std::vector<int> column_of;
  if (clue_list) {
    blocks = ClueBlocks(puzzle);
    const int columns = (width - 2 * kMargin) / kColumn;
    height += kLine * LayOut(blocks, columns, column_of) + kLine + kLine / 2;
  }
  absl::StrAppendFormat(&out,
                        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                        "viewBox=\"0 0 %d %d\" font-family=\"Helvetica, Arial, sans-serif\">\n",
                        width, height, width, height);
  if (!info.title.empty()) {
    absl::StrAppendFormat(&out, "<title>%s</title>\n", XmlText(OneLine(info.title)));
  }
  if (!byline.empty()) absl::StrAppendFormat(&out, "<desc>%s</desc>\n", XmlText(OneLine(byline)));
  absl::StrAppendFormat(&out, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", width, height);
  int y = kMargin;
  if (!info.title.empty()) {
    y += 2 * kLine - 8;
    absl::StrAppendFormat(&out,
                          "<text class=\"title\" x=\"%d\" y=\"%d\" font-size=\"18\" "
                          "font-weight=\"bold\">%s</text>\n",
                          kMargin, y, XmlText(OneLine(info.title)));
    y += 8;
  }
  if (!byline.empty()) {
    y += kLine - 4;
    absl::StrAppendFormat(&out,
                          "<text class=\"byline\" x=\"%d\" y=\"%d\" font-size=\"%d\">%s</text>\n",
                          kMargin, y, kFont, XmlText(OneLine(byline)));
  }
  // Each line of the notes in a band of its own, its baseline 4 units above the band's end,
  // as the byline's.
  int band = grid_top - kLine * static_cast<int>(notes.size());
  for (const std::string& line : notes) {
    band += kLine;
    absl::StrAppendFormat(&out,
                          "<text class=\"notes\" x=\"%d\" y=\"%d\" font-size=\"%d\">%s</text>\n",
                          kMargin, band - 4, kFont, XmlText(line));
  }
  std::string bars;
  bool any_void = false;
  for (int r = 0; r < grid.rows; ++r) {
    for (int c = 0; c < grid.cols; ++c) {
      const int i = grid.cell(r, c), x = kMargin + c * kCell, top = grid_top + r * kCell;
      any_void = any_void || grid.is_void(i);
      if (grid.is_void(i)) continue;  // outside the grid's shape: nothing
      absl::StrAppendFormat(&out,
                            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" "
                            "stroke=\"black\" stroke-width=\"1\"/>\n",
                            x, top, kCell, kCell,
                            grid.black[i]    ? "black"
                            : grid.shaded(i) ? "#d1d1d1"
                                             : "white");
      AppendBars(grid.bar(i), x, top, bars);  // drawn over every cell
      if (grid.black[i]) continue;
      if (grid.circled(i)) {
        absl::StrAppendFormat(&out,
                              "<circle class=\"circle\" cx=\"%d\" cy=\"%d\" r=\"%d\" "
                              "fill=\"none\" stroke=\"black\" stroke-width=\"0.75\"/>\n",
                              x + kCell / 2, top + kCell / 2, kCell / 2 - 1);
      }
      if (grid.numbers[i] > 0) {
        absl::StrAppendFormat(
            &out, "<text class=\"number\" x=\"%d\" y=\"%d\" font-size=\"8\">%d</text>\n", x + 2,
            top + 9, grid.numbers[i]);
      }
      if (options.solution) {
        absl::StrAppendFormat(&out,
                              "<text class=\"letter\" x=\"%d\" y=\"%d\" font-size=\"%d\" "
                              "text-anchor=\"middle\">%s</text>\n",
                              x + kCell / 2, top + 28, LetterSize(letters[i]), XmlText(letters[i]));
      }
    }
  }
  out += bars;
  // The grid's frame, as a shaped grid (with void cells) has none.
  if (!any_void) {
    absl::StrAppendFormat(&out,
                          "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                          "stroke=\"black\" stroke-width=\"2\"/>\n",
                          kMargin, grid_top, grid.cols * kCell, grid.rows * kCell);
  }
  const int clues_top = grid_top + grid.rows * kCell + kLine / 2;
  std::vector<int> used(blocks.empty() ? 0 : column_of.back() + 1, 0);
  for (size_t b = 0; b < blocks.size(); ++b) {
    const ClueBlock& block = blocks[b];
    const int x = kMargin + column_of[b] * kColumn;
    int& line = used[column_of[b]];
    if (!block.heading.empty()) {
      if (line > 0) ++line;  // a blank line before a heading under clues
      absl::StrAppendFormat(&out,
                            "<text class=\"heading\" x=\"%d\" y=\"%d\" font-size=\"%d\" "
                            "font-weight=\"bold\">%s</text>\n",
                            x, clues_top + (line + 1) * kLine, kFont, block.heading);
      ++line;
      continue;
    }
    absl::StrAppendFormat(&out,
                          "<text class=\"clue\" x=\"%d\" y=\"%d\" font-size=\"%d\">"
                          "<tspan font-weight=\"bold\">%d</tspan>",
                          x, clues_top + (line + 1) * kLine, kFont, block.number);
    for (size_t k = 0; k < block.lines.size(); ++k) {
      absl::StrAppendFormat(&out, "<tspan x=\"%d\"%s>%s</tspan>", x + 24,
                            k == 0 ? "" : absl::StrFormat(" dy=\"%d\"", kLine),
                            XmlText(block.lines[k]));
    }
    out += "</text>\n";
    line += static_cast<int>(block.lines.size());
  }
  out += "</svg>\n";
}

}  // namespace squares::core
