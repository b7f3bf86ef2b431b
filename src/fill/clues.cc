#include "fill/clues.h"

#include <map>
#include <tuple>

#include "absl/strings/ascii.h"
#include "absl/strings/str_format.h"
#include "lexicon/unicode.h"
#include "text/strings.h"

namespace squares::core {
namespace {

// "12 Across", "12 across", "12A", "3 D": the number and direction, or false.
bool ParseNumbered(std::string_view key, int& number, Direction& direction) {
  size_t digits = 0;
  while (digits < key.size() && absl::ascii_isdigit(static_cast<unsigned char>(key[digits]))) {
    ++digits;
  }
  if (digits == 0 || digits > 4) return false;
  number = 0;
  for (char c : key.substr(0, digits)) number = number * 10 + (c - '0');
  const std::string word = absl::AsciiStrToLower(std::string(Trim(key.substr(digits))));
  if (word == "a" || word == "across") {
    direction = Direction::kAcross;
  } else if (word == "d" || word == "down") {
    direction = Direction::kDown;
  } else {
    return false;
  }
  return number > 0;
}

bool ValidUtf8(std::string_view text) {
  for (size_t pos = 0; pos < text.size();) {
    if (DecodeUtf8(text, pos) < 0) return false;
  }
  return true;
}

}  // namespace

std::string ClueWordKey(std::string_view word) {
  std::string out;
  for (size_t pos = 0; pos < word.size();) {
    const int32_t cp = DecodeUtf8(word, pos);
    if (cp == ' ' || cp == '-' || cp == '\'' || cp == '.' || cp == 0x2019) continue;
    if (cp < 0 || !IsLetter(static_cast<char32_t>(cp))) return "";
    AppendUtf8(UpperCase(static_cast<char32_t>(cp)), out);
  }
  return out;
}

absl::StatusOr<std::vector<Clue>> ParseClues(std::string_view text, std::string_view source) {
  std::vector<Clue> clues;
  std::map<std::tuple<int, Direction, std::string>, int> seen;  // key -> line
  int line = 0;
  for (std::string_view row : SplitLines(text)) {
    ++line;
    if (row.find('\0') != std::string_view::npos) return LineError(source, line, "NUL byte");
    if (!ValidUtf8(row)) return LineError(source, line, "invalid UTF-8");
    const std::string_view stripped = Trim(row, " \t\r\v\f");
    if (stripped.empty() || stripped.front() == '#') continue;
    const size_t tab = row.find('\t');
    if (tab == std::string_view::npos) {
      return LineError(source, line,
                       "expected WORD<TAB>clue or NUMBER DIRECTION<TAB>clue (no tab)");
    }
    const std::string_view key = Trim(row.substr(0, tab), " \t\v\f");
    Clue clue;
    clue.line = line;
    clue.text = std::string(Trim(row.substr(tab + 1), " \t\v\f"));
    if (clue.text.empty()) return LineError(source, line, "empty clue");
    if (!ParseNumbered(key, clue.number, clue.direction)) {
      clue.number = 0;
      clue.word = ClueWordKey(key);
      if (clue.word.empty()) {
        return LineError(source, line,
                         absl::StrFormat("'%s' is neither a word nor NUMBER DIRECTION "
                                         "(12 Across, 3 D)",
                                         key));
      }
    }
    auto [it, fresh] = seen.try_emplace({clue.number, clue.direction, clue.word}, line);
    if (!fresh) {
      return LineError(source, line,
                       absl::StrFormat("'%s' already has a clue (line %d)", key, it->second));
    }
    clues.push_back(std::move(clue));
  }
  return clues;
}

absl::Status CheckClues(const Grid& grid, const std::vector<Clue>& clues, std::string_view source) {
  for (const Clue& clue : clues) {
    if (clue.number == 0) continue;
    bool found = false;
    for (const GridSlot& slot : grid.slots) {
      found = found || (slot.number == clue.number && slot.direction == clue.direction);
    }
    if (!found) {
      return LineError(source, clue.line,
                       absl::StrFormat("the grid has no %d %s", clue.number,
                                       clue.direction == Direction::kAcross ? "Across" : "Down"));
    }
  }
  return absl::OkStatus();
}

std::vector<std::string> UnusedClues(const Grid& grid, const std::vector<std::string>& letters,
                                     const std::vector<Clue>& clues, std::string_view source) {
  std::map<std::pair<int, Direction>, const Clue*> numbered;
  for (const Clue& clue : clues) {
    if (clue.number > 0) numbered[{clue.number, clue.direction}] = &clue;
  }
  std::vector<std::string> warnings;
  for (const Clue& clue : clues) {
    if (clue.number > 0) continue;
    bool matched = false;
    for (const GridSlot& slot : grid.slots) {
      std::string word;
      for (int c : slot.cells) word += letters[c];
      if (word != clue.word) continue;
      matched = true;
      if (auto it = numbered.find({slot.number, slot.direction}); it != numbered.end()) {
        warnings.push_back(absl::StrFormat(
            "%s:%d: %d %s already has a clue (line %d): this one for %s is not used", source,
            clue.line, slot.number, slot.direction == Direction::kAcross ? "Across" : "Down",
            it->second->line, clue.word));
      }
    }
    if (!matched) {
      warnings.push_back(absl::StrFormat("%s:%d: no entry of the fill is %s: the clue is not used",
                                         source, clue.line, clue.word));
    }
  }
  return warnings;
}

std::vector<const Clue*> MatchClues(const Grid& grid, const std::vector<std::string>& letters,
                                    const std::vector<Clue>& clues) {
  std::map<std::pair<int, Direction>, const Clue*> numbered;
  std::map<std::string, const Clue*, std::less<>> by_word;
  for (const Clue& clue : clues) {
    if (clue.number > 0) {
      numbered[{clue.number, clue.direction}] = &clue;
    } else {
      by_word[clue.word] = &clue;
    }
  }
  std::vector<const Clue*> out(grid.slots.size(), nullptr);
  for (size_t s = 0; s < grid.slots.size(); ++s) {
    const GridSlot& slot = grid.slots[s];
    if (auto it = numbered.find({slot.number, slot.direction}); it != numbered.end()) {
      out[s] = it->second;
      continue;
    }
    std::string word;
    for (int c : slot.cells) word += letters[c];
    if (auto it = by_word.find(word); it != by_word.end()) out[s] = it->second;
  }
  return out;
}

std::vector<std::optional<std::string>> SlotClues(const Grid& grid,
                                                  const std::vector<std::string>& letters,
                                                  const std::vector<Clue>& clues) {
  const std::vector<const Clue*> matched = MatchClues(grid, letters, clues);
  std::vector<std::optional<std::string>> out(matched.size());
  for (size_t s = 0; s < matched.size(); ++s) {
    if (matched[s] != nullptr) out[s] = matched[s]->text;
  }
  return out;
}

}  // namespace squares::core
