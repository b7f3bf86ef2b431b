// The .xd format of the public crossword corpus (xd.saul.pw): "Key: value" headers, the grid
// as rows ('#' black), then the clues as "A1. clue ~ ANSWER", the three parts separated by two
// blank lines. Text is UTF-8; a line break inside a field would end it, so it is a space.
#include <map>

#include "absl/strings/str_format.h"
#include "fill/fill_document.h"

namespace squares::core {
namespace {

// The grid holds A-Z; any other letter is a rebus: a digit in the grid, defined in the
// "Rebus: 1=É 2=Ñ" header. Readers of the corpus take no other character in the grid (and a
// lower-case letter marks a special cell), so ten keys are all there are: letters past the
// tenth are written as themselves, with a warning.
std::map<std::string, char> RebusKeys(const Grid& grid, const std::vector<std::string>& letters,
                                      std::vector<std::string>* warnings) {
  constexpr std::string_view kKeys = "1234567890";
  std::map<std::string, char> keys;
  std::string beyond;
  for (int i = 0; i < grid.size(); ++i) {
    const std::string& letter = letters[i];
    if (grid.black[i] || (letter.size() == 1 && letter[0] >= 'A' && letter[0] <= 'Z') ||
        keys.count(letter) > 0) {
      continue;
    }
    if (keys.size() < kKeys.size()) {
      keys.emplace(letter, kKeys[keys.size()]);
    } else if (beyond.find(letter) == std::string::npos) {
      beyond += letter;
    }
  }
  if (warnings != nullptr && !beyond.empty()) {
    warnings->push_back(absl::StrFormat(
        "xd: the grid has more than 10 letters beyond A-Z: %s written as themselves", beyond));
  }
  return keys;
}

}  // namespace
void AppendXd(const Grid& grid, const std::vector<std::string>& letters,
              const FillOutputOptions& options, std::string& out) {
  const std::pair<std::string_view, const std::string*> headers[] = {
      {"Title", &options.title},
      {"Author", &options.author},
      {"Copyright", &options.copyright},
      {"Date", &options.date},
      {"Notes", &options.notes}};
  for (const auto& [key, value] : headers) {
    if (!value->empty()) absl::StrAppendFormat(&out, "%s: %s\n", key, OneLine(*value));
  }
  const std::map<std::string, char> keys = RebusKeys(grid, letters, options.warnings);
  if (!keys.empty()) {
    out += "Rebus:";
    std::map<char, std::string> by_key;
    for (const auto& [letter, key] : keys) by_key.emplace(key, letter);
    for (const auto& [key, letter] : by_key) absl::StrAppendFormat(&out, " %c=%s", key, letter);
    out += '\n';
  }
  out += "\n\n";
  for (int r = 0; r < grid.rows; ++r) {
    for (int c = 0; c < grid.cols; ++c) {
      const int i = grid.cell(r, c);
      const auto key = keys.find(letters[i]);
      if (grid.black[i]) {
        out += '#';
      } else if (key != keys.end()) {
        out += key->second;
      } else {
        out += letters[i];
      }
    }
    out += '\n';
  }
  out += "\n\n";
  // Its readers take "A1. ~ ANSWER" for a clue "~ ANSWER" with no answer.
  const std::vector<std::string> clues = ClueTexts(grid, letters, options, "xd");
  for (size_t s = 0; s < grid.slots.size(); ++s) {
    const GridSlot& slot = grid.slots[s];
    if (s > 0 && grid.slots[s - 1].direction != slot.direction) out += '\n';
    absl::StrAppendFormat(&out, "%c%d. %s ~ %s\n", slot.direction == Direction::kAcross ? 'A' : 'D',
                          slot.number, OneLine(clues[s]), SlotWord(slot, letters));
  }
}

}  // namespace squares::core
