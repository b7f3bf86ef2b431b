// Across Lite .puz, as the community's notes on the format describe it: a 52-byte header, the
// solution and the empty board, then NUL-terminated strings (title, author, copyright, the
// clues, notes), with the checksums Across Lite and other readers check; then the extra
// sections: rebus cells in GRBS (a byte a cell) and RTBL (their letters), circled cells in
// GEXT. Strings are Latin-1 (version 1.3), or UTF-8 (version 2.0) when a text leaves Latin-1.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "absl/strings/str_format.h"
#include "fill/fill_document.h"
#include "fill/puz_reader.h"
#include "fill/latex_text.h"
#include "lexicon/unicode.h"

namespace squares::core {
namespace {

// A grid with empty cells has no whole answer, which the format cannot hold: its solution
// state says "no solution given" (kPuzNoSolution, as files of puzzles published without their
// answers have it), and each empty cell holds 'X' in the solution, as those files do.
constexpr char kNoLetter = 'X';

void PutU16(std::string& out, size_t at, uint16_t value) {
  out[at] = static_cast<char>(value & 0xff);
  out[at + 1] = static_cast<char>(value >> 8);
}

// The first character of `text` that Latin-1 cannot hold, even as the ASCII form of a quote,
// dash or ellipsis (0 when there is none).
int32_t BeyondLatin1(std::string_view text) {
  for (size_t pos = 0; pos < text.size();) {
    const int32_t cp = NextCodePoint(text, pos);
    if (cp > 0xff && cp != 0x2018 && cp != 0x2019 && cp != 0x201c && cp != 0x201d && cp != 0x2013 &&
        cp != 0x2014 && cp != 0x2026 && !IsInvisibleFormat(cp)) {
      return cp;
    }
  }
  return 0;
}

// Text as the file's strings hold it: in UTF-8 (version 2.0) as it is, less NUL bytes (which
// end a string); else as Latin-1, typographic quotes, dashes and the ellipsis as their ASCII
// forms, invisible format characters (zero-width joiners, variation selectors) left out, the
// replacements, when any, making one warning naming `field`.
std::string PuzText(std::string_view text, bool utf8, std::string_view field,
                    std::vector<std::string>* warnings) {
  std::string out, replaced;
  for (size_t pos = 0; pos < text.size();) {
    const size_t start = pos;
    const int32_t cp = NextCodePoint(text, pos);
    if (utf8) {
      if (cp != 0) out.append(text.substr(start, pos - start));
      continue;
    }
    std::string_view replacement;
    if (cp == 0x2018 || cp == 0x2019) {
      replacement = "'";
    } else if (cp == 0x201c || cp == 0x201d) {
      replacement = "\"";
    } else if (cp == 0x2013 || cp == 0x2014) {
      replacement = "-";
    } else if (cp == 0x2026) {
      replacement = "...";
    } else if (cp > 0 && cp <= 0xff) {
      out += static_cast<char>(cp);
      continue;
    } else if (!IsInvisibleFormat(cp)) {
      replacement = "?";  // only a NUL byte or an invalid one: BeyondLatin1 chose UTF-8 else
    }
    out += replacement;
    absl::StrAppendFormat(&replaced, "%s'%s' (U+%04X) as '%s'", replaced.empty() ? "" : ", ",
                          cp == 0xfffd ? "\xEF\xBF\xBD" : text.substr(start, pos - start), cp,
                          replacement);
  }
  if (warnings != nullptr && !replaced.empty()) {
    warnings->push_back(absl::StrFormat("puz: %s: beyond Latin-1, written %s", field, replaced));
  }
  return out;
}

// The strings of the file besides the clues.
struct PuzStrings {
  std::string title, author, copyright, notes;
};

// The checksum of the strings, as the file checksum and the masked ones take it: title,
// author and copyright with their NUL when not empty, each clue without it, the notes with
// their NUL when not empty (version 1.3).
uint16_t TextChecksum(const PuzStrings& strings, const std::vector<std::string>& clues,
                      uint16_t c) {
  for (const std::string* field : {&strings.title, &strings.author, &strings.copyright}) {
    if (!field->empty()) c = PuzChecksum(std::string_view(field->c_str(), field->size() + 1), c);
  }
  for (const std::string& clue : clues) c = PuzChecksum(clue, c);
  if (!strings.notes.empty()) {
    c = PuzChecksum(std::string_view(strings.notes.c_str(), strings.notes.size() + 1), c);
  }
  return c;
}

// An extra section: its name, length, checksum, data and a NUL.
void AppendSection(std::string_view name, std::string_view data, std::string& out) {
  std::string head(name);
  head.append(4, '\0');
  PutU16(head, 4, static_cast<uint16_t>(data.size()));
  PutU16(head, 6, PuzChecksum(data, 0));
  out += head;
  out += data;
  out += '\0';
}

// The GEXT section when a cell is circled: a byte a cell, 0x80 circled.
void AppendMarks(const Grid& grid, std::string& out) {
  std::string marks(grid.size(), '\0');
  bool circled = false;
  for (int i = 0; i < grid.size(); ++i) {
    circled = circled || grid.circled(i);
    if (grid.circled(i)) marks[i] = static_cast<char>(0x80);
  }
  if (circled) AppendSection("GEXT", marks, out);
}

// The letters of a cell the solution's one byte cannot hold (several letters, or one beyond
// Latin-1): its rebus. GRBS holds a byte a cell (0, or 1 + the rebus's key), RTBL the keys'
// letters (" 0:STAR; 1:Ω;"); the solution holds the rebus's first letter, as Across Lite
// writes it, or 'X' when Latin-1 has none.
struct RebusSections {
  std::string grbs, rtbl;
};

bool IsLatin1Letter(std::string_view letter) {
  size_t pos = 0;
  const int32_t cp = DecodeUtf8(letter, pos);
  return cp > 0 && cp <= 0xff && pos == letter.size();
}

RebusSections RebusCells(const Puzzle& puzzle, std::string& solution,
                         std::vector<std::string>* warnings) {
  const Grid& grid = puzzle.grid;
  RebusSections rebus;
  rebus.grbs.assign(grid.size(), '\0');
  std::vector<std::string> keys;
  int no_first = 0;  // rebus cells whose first letter Latin-1 has not
  int beyond = 0;    // cells of a rebus past the 255 GRBS can name
  for (int i = 0; i < grid.size(); ++i) {
    const std::string& letters = puzzle.solution[i];
    if (grid.black[i] || letters.empty() || IsLatin1Letter(letters)) continue;
    auto key = std::find(keys.begin(), keys.end(), letters);
    if (key == keys.end()) {
      if (keys.size() == 255) {  // the byte's last key: the rest keep their first letter
        ++beyond;
        continue;
      }
      key = keys.insert(keys.end(), letters);
    }
    rebus.grbs[i] = static_cast<char>(key - keys.begin() + 1);
    size_t first = 0;
    const int32_t cp = DecodeUtf8(letters, first);
    solution[i] = cp > 0 && cp <= 0xff ? static_cast<char>(cp) : kNoLetter;
    no_first += solution[i] == kNoLetter && cp != kNoLetter;
  }
  if (beyond > 0 && warnings != nullptr) {
    warnings->push_back(absl::StrFormat(
        "puz: %d cell%s of rebuses past the 255 the format can name: written as their first "
        "letter",
        beyond, beyond == 1 ? "" : "s"));
  }
  if (no_first > 0 && warnings != nullptr) {
    warnings->push_back(absl::StrFormat(
        "puz: %d cell%s with letters beyond Latin-1: written as rebus cells, with '%c' in the "
        "solution grid, which a reader without rebus cells takes for the answer",
        no_first, no_first == 1 ? "" : "s", kNoLetter));
  }
  for (size_t k = 0; k < keys.size(); ++k) {
    absl::StrAppendFormat(&rebus.rtbl, "%2d:%s;", k, keys[k]);
  }
  return rebus;
}

}  // namespace

absl::Status AppendPuz(const Puzzle& puzzle, const FillOutputOptions& options, std::string& out) {
  const Grid& grid = puzzle.grid;
  const std::vector<std::string>& letters = puzzle.solution;
  if (grid.rows > 255 || grid.cols > 255) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "puz: a grid of %dx%d cells; the format holds at most 255x255", grid.rows, grid.cols));
  }
  WarnUnheld(puzzle, options, "puz", kHoldsCircles | kHoldsRebus | kHoldsNotes);
  std::string solution, state;
  int empty = 0;
  for (int i = 0; i < grid.size(); ++i) {
    if (grid.black[i]) {
      solution += '.';
      state += '.';
      continue;
    }
    state += '-';
    if (letters[i].empty()) {
      solution += kNoLetter;
      ++empty;
      continue;
    }
    size_t pos = 0;
    const int32_t cp = DecodeUtf8(letters[i], pos);
    solution += cp > 0 && cp <= 0xff ? static_cast<char>(cp) : kNoLetter;  // RebusCells's
  }
  const RebusSections rebus = RebusCells(puzzle, solution, options.warnings);
  if (empty > 0 && options.warnings != nullptr) {
    options.warnings->push_back(absl::StrFormat(
        "puz: the grid has %d empty cell%s: the format has no empty answer, so the file marks "
        "its solution as not given and holds '%c' there, which a reader that ignores the mark "
        "takes for the answer",
        empty, empty == 1 ? "" : "s", kNoLetter));
  }
  // Clues in the order of their numbers, Across before Down for the same number; without
  // markup, which the format has not.
  const std::vector<std::string> shown = ShownClues(puzzle);
  std::vector<size_t> order(grid.slots.size());
  for (size_t s = 0; s < order.size(); ++s) order[s] = s;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return grid.slots[a].number < grid.slots[b].number; });
  std::vector<std::pair<std::string, std::string>> texts;  // field name, text
  const PuzzleInfo& info = puzzle.info;
  for (const auto& [field, text] : {std::pair{"the title", &info.title},
                                    {"the author", &info.author},
                                    {"the copyright", &info.copyright},
                                    {"the notes", &info.notes}}) {
    texts.emplace_back(field, *text);
  }
  for (size_t s : order) texts.emplace_back(ClueField(grid.slots[s]), PlainText(shown[s]));
  texts.emplace_back("a rebus cell", rebus.rtbl);
  // UTF-8 (version 2.0) when a text has a character Latin-1 cannot hold.
  bool utf8 = false;
  for (const auto& [field, text] : texts) {
    const int32_t cp = BeyondLatin1(text);
    if (cp == 0) continue;
    utf8 = true;
    if (options.warnings != nullptr) {
      std::string shown_cp;
      AppendUtf8(cp, shown_cp);
      options.warnings->push_back(absl::StrFormat(
          "puz: %s has '%s' (U+%04X), beyond Latin-1: written as version 2.0, in UTF-8, which "
          "readers of version 1.3 (Latin-1) misread",
          field, shown_cp, cp));
    }
    break;
  }
  std::vector<std::string> strings;  // title, author, copyright, notes, the clues, RTBL
  for (const auto& [field, text] : texts) {
    strings.push_back(PuzText(text, utf8, field, options.warnings));
  }
  const PuzStrings fields{strings[0], strings[1], strings[2], strings[3]};
  const std::vector<std::string> clues(strings.begin() + 4, strings.end() - 1);

  std::string header(kPuzHeaderSize, '\0');
  header.replace(0x02, 12, std::string_view("ACROSS&DOWN\0", 12));
  header.replace(0x18, 4, std::string_view(utf8 ? "2.0\0" : "1.3\0", 4));
  header[0x2c] = static_cast<char>(grid.cols);
  header[0x2d] = static_cast<char>(grid.rows);
  PutU16(header, 0x2e, static_cast<uint16_t>(clues.size()));
  PutU16(header, 0x30, 1);  // a bitmask Across Lite expects set
  if (empty > 0) PutU16(header, 0x32, kPuzNoSolution);
  const uint16_t cib = PuzChecksum(std::string_view(header).substr(0x2c, 8), 0);
  const uint16_t solution_sum = PuzChecksum(solution, 0), state_sum = PuzChecksum(state, 0);
  const uint16_t text_sum = TextChecksum(fields, clues, 0);
  const uint16_t file_sum = TextChecksum(fields, clues, PuzChecksum(state, PuzChecksum(solution, cib)));
  PutU16(header, 0x00, file_sum);
  PutU16(header, 0x0e, cib);
  const uint16_t parts[4] = {cib, solution_sum, state_sum, text_sum};
  constexpr std::string_view kMask = "ICHEATED";
  for (int k = 0; k < 4; ++k) {
    header[0x10 + k] = static_cast<char>(kMask[k] ^ (parts[k] & 0xff));
    header[0x14 + k] = static_cast<char>(kMask[k + 4] ^ (parts[k] >> 8));
  }
  out += header;
  out += solution;
  out += state;
  for (const std::string* field : {&fields.title, &fields.author, &fields.copyright}) {
    out += *field;
    out += '\0';
  }
  for (const std::string& clue : clues) {
    out += clue;
    out += '\0';
  }
  out += fields.notes;
  out += '\0';
  if (!rebus.rtbl.empty()) {
    AppendSection("GRBS", rebus.grbs, out);
    AppendSection("RTBL", strings.back(), out);
  }
  AppendMarks(grid, out);
  return absl::OkStatus();
}

}  // namespace squares::core
