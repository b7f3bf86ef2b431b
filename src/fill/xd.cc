// The .xd format of the public crossword corpus (xd.saul.pw): "Key: value" headers, the grid
// as rows ('#' black), then the clues as "A1. clue ~ ANSWER", the three parts separated by two
// blank lines. Text is UTF-8; a line break inside a field would end it, so it is a space.
#include "absl/strings/str_format.h"
#include "fill/fill_document.h"

namespace squares::core {
void AppendXd(const Grid& grid, const std::vector<std::string>& letters,
              const FillOutputOptions& options, std::string& out) {
  const std::pair<std::string_view, const std::string*> headers[] = {
      {"Title", &options.title}, {"Author", &options.author},
      {"Copyright", &options.copyright}, {"Date", &options.date}, {"Notes", &options.notes}};
  for (const auto& [key, value] : headers) {
    if (!value->empty()) absl::StrAppendFormat(&out, "%s: %s\n", key, OneLine(*value));
  }
  out += "\n\n";
  for (int r = 0; r < grid.rows; ++r) {
    for (int c = 0; c < grid.cols; ++c) {
      const int i = grid.cell(r, c);
      out += grid.black[i] ? "#" : letters[i];
    }
    out += '\n';
  }
  out += "\n\n";
  const std::vector<std::string> clues = ShownClues(grid, letters, options);
  for (size_t s = 0; s < grid.slots.size(); ++s) {
    const GridSlot& slot = grid.slots[s];
    if (s > 0 && grid.slots[s - 1].direction != slot.direction) out += '\n';
    absl::StrAppendFormat(&out, "%c%d. %s ~ %s\n", slot.direction == Direction::kAcross ? 'A' : 'D',
                          slot.number, OneLine(clues[s]), SlotWord(slot, letters));
  }
}

}  // namespace squares::core
