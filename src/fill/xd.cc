// The .xd format of the public crossword corpus (xd.saul.pw, its specification 3.0):
// "Key: value" headers, the grid as rows ('#' a block, '_' a void cell, a lower-case letter a
// special cell: circled or shaded as the Special header says, a digit or other key a rebus
// cell the Rebus header spells out), then the clues as "A1. clue ~ ANSWER", the three parts
// separated by two blank lines, and the notes as the fourth part, their lines as they are.
// Text is UTF-8; a line break inside a header or a clue would end it, so it is a space.
#include <optional>
#include <tuple>
#include <utility>

#include "absl/strings/str_format.h"
#include "fill/fill_document.h"
#include "fill/puzzle_readers.h"

namespace squares::core {
namespace {

// The mark the Special header names: circles when the grid has any (shading is then left
// plain, with a warning), else shading; 0 when there is neither.
uint8_t SpecialMark(const Grid& grid) {
  uint8_t marks = 0;
  for (int i = 0; i < grid.size(); ++i) marks |= grid.mark(i);
  return (marks & kCircled) != 0 ? kCircled : marks;
}

// Clue text with ipuz's inline markup as xd's: {/italic/}, {*bold*}, {_underscored_},
// {-struck-}; other tags dropped, and all of them when they do not nest.
std::string XdClue(std::string_view text) {
  const std::optional<std::vector<MarkupPiece>> pieces = SplitMarkup(text);
  if (!pieces) return PlainText(text);
  static constexpr std::pair<std::string_view, char> kMarks[] = {
      {"i", '/'}, {"em", '/'}, {"b", '*'}, {"strong", '*'}, {"u", '_'}, {"s", '-'}};
  std::string out;
  for (const MarkupPiece& piece : *pieces) {
    if (piece.tag.empty()) out += piece.text;
    const bool closing = !piece.tag.empty() && piece.tag[0] == '/';
    const std::string_view name = std::string_view(piece.tag).substr(closing ? 1 : 0);
    for (const auto& [tag, mark] : kMarks) {
      if (tag != name) continue;
      out += closing ? std::string{mark, '}'} : std::string{'{', mark};
    }
  }
  return out;
}

}  // namespace

void AppendXd(const Puzzle& puzzle, const FillOutputOptions& options, std::string& out) {
  const Grid& grid = puzzle.grid;
  const std::vector<std::string>& letters = puzzle.solution;
  // Shading beside circles is the one mark the format cannot hold.
  WarnUnheld(puzzle, options, "xd",
             kHoldsCircles | kHoldsShading | kHoldsVoids | kHoldsRebus | kHoldsNotes |
                 kHoldsEditor | kHoldsDate);
  const uint8_t special = SpecialMark(grid);
  int plain_shaded = 0;
  for (int i = 0; i < grid.size(); ++i) plain_shaded += special == kCircled && grid.shaded(i);
  if (plain_shaded > 0 && options.warnings != nullptr) {
    options.warnings->push_back(absl::StrFormat(
        "xd: %d shaded cell%s: left plain, as the format marks cells one way only and the grid "
        "has circles",
        plain_shaded, plain_shaded == 1 ? "" : "s"));
  }
  const PuzzleInfo& info = puzzle.info;
  const std::tuple<std::string_view, std::string_view, const std::string*> headers[] = {
      {"Title", "title", &info.title},
      {"Author", "author", &info.author},
      {"Editor", "editor", &info.editor},
      {"Copyright", "copyright", &info.copyright},
      {"Date", "date", &info.date}};
  for (const auto& [key, field, value] : headers) {
    if (!value->empty()) {
      absl::StrAppendFormat(&out, "%s: %s\n", key,
                            FieldLine(*value, "xd", field, options.warnings));
    }
  }
  // The grid holds A-Z; any other letter is a key the Rebus header spells out.
  const KeyedGrid keyed = KeyCells(puzzle, special, true, "xd", options.warnings);
  if (!keyed.keys.empty()) {
    out += "Rebus:";
    for (const auto& [key, letter] : keyed.keys) absl::StrAppendFormat(&out, " %c=%s", key, letter);
    out += '\n';
  }
  if (special != 0) {
    absl::StrAppendFormat(&out, "Special: %s\n", special == kCircled ? "circle" : "shaded");
  }
  out += "\n\n";
  for (int r = 0; r < grid.rows; ++r) {
    for (int c = 0; c < grid.cols; ++c) {
      const int i = grid.cell(r, c);
      out += grid.is_void(i) ? "_" : grid.black[i] ? "#" : keyed.cells[i];
    }
    out += '\n';
  }
  out += "\n\n";
  // Its readers take "A1. ~ ANSWER" for a clue "~ ANSWER" with no answer.
  const std::vector<std::string> clues = ClueTexts(puzzle, options, "xd");
  for (size_t s = 0; s < grid.slots.size(); ++s) {
    const GridSlot& slot = grid.slots[s];
    if (s > 0 && grid.slots[s - 1].direction != slot.direction) out += '\n';
    absl::StrAppendFormat(
        &out, "%c%d. %s ~ %s\n", slot.direction == Direction::kAcross ? 'A' : 'D', slot.number,
        FieldLine(XdClue(clues[s]), "xd", "clue of " + SlotName(slot), options.warnings),
        SlotWord(slot, letters));
  }
  if (!info.notes.empty()) {
    absl::StrAppendFormat(&out, "\n\n%s\n",
                          SectionNotesText(info.notes, "xd", IsXdHeading, options.warnings));
  }
}

}  // namespace squares::core
