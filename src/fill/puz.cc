// Across Lite .puz, as the community's notes on the format describe it: a 52-byte header, the
// solution and the empty board, then NUL-terminated Latin-1 strings (title, author, copyright,
// the clues, notes), with the checksums Across Lite and other readers check; circled cells in
// a GEXT section.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "absl/strings/str_format.h"
#include "fill/fill_document.h"
#include "fill/latex_text.h"
#include "lexicon/unicode.h"

namespace squares::core {
namespace {

constexpr size_t kHeaderSize = 0x34;

// A grid with empty cells has no whole answer, which the format cannot hold: its solution
// state (the header's word at 0x32) says "no solution given" (as files of puzzles published
// without their answers have it, and puzpy names it), and each empty cell holds 'X' in the
// solution, as those files do.
constexpr uint16_t kNoSolution = 0x0002;
constexpr char kNoLetter = 'X';

uint16_t Checksum(std::string_view bytes, uint16_t c) {
  for (unsigned char b : bytes) {
    c = static_cast<uint16_t>((c & 1) ? (c >> 1) | 0x8000 : c >> 1);
    c = static_cast<uint16_t>(c + b);
  }
  return c;
}

void PutU16(std::string& out, size_t at, uint16_t value) {
  out[at] = static_cast<char>(value & 0xff);
  out[at + 1] = static_cast<char>(value >> 8);
}

// Text as Latin-1: typographic quotes, dashes and the ellipsis as their ASCII forms,
// invisible format characters (zero-width joiners, variation selectors) left out, any other
// character beyond Latin-1 as '?'; the replacements, when any, make one warning naming
// `field`.
std::string Latin1Text(std::string_view text, std::string_view field,
                       std::vector<std::string>* warnings) {
  std::string out, replaced;
  for (size_t pos = 0; pos < text.size();) {
    const size_t start = pos;
    const int32_t cp = NextCodePoint(text, pos);
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
      replacement = "?";
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
    if (!field->empty()) c = Checksum(std::string_view(field->c_str(), field->size() + 1), c);
  }
  for (const std::string& clue : clues) c = Checksum(clue, c);
  if (!strings.notes.empty()) {
    c = Checksum(std::string_view(strings.notes.c_str(), strings.notes.size() + 1), c);
  }
  return c;
}

// The GEXT section when a cell is circled: a byte a cell, 0x80 circled. A shaded cell has no
// form in the format: it is left plain, with a warning.
void AppendMarks(const Grid& grid, std::vector<std::string>* warnings, std::string& out) {
  std::string marks(grid.size(), '\0');
  bool circled = false, shaded = false;
  for (int i = 0; i < grid.size(); ++i) {
    circled = circled || grid.circled(i);
    shaded = shaded || grid.shaded(i);
    if (grid.circled(i)) marks[i] = static_cast<char>(0x80);
  }
  if (shaded && warnings != nullptr) {
    warnings->emplace_back("puz: the format has no shaded cells: they are left plain");
  }
  if (!circled) return;
  std::string section = "GEXT";
  section.append(4, '\0');
  PutU16(section, 4, static_cast<uint16_t>(marks.size()));
  PutU16(section, 6, Checksum(marks, 0));
  out += section + marks + '\0';
}

}  // namespace

absl::Status AppendPuz(const Grid& grid, const std::vector<std::string>& letters,
                       const FillOutputOptions& options, std::string& out) {
  if (grid.rows > 255 || grid.cols > 255) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "puz: a grid of %dx%d cells; the format holds at most 255x255", grid.rows, grid.cols));
  }
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
    if (cp <= 0 || cp > 0xff || pos != letters[i].size()) {
      return absl::FailedPreconditionError(absl::StrFormat(
          "puz: the letter '%s' at row %d, column %d has no Latin-1 form (the format's "
          "only letters); ipuz holds any letter",
          letters[i], i / grid.cols + 1, i % grid.cols + 1));
    }
    solution += static_cast<char>(cp);
  }
  if (empty > 0 && options.warnings != nullptr) {
    options.warnings->push_back(absl::StrFormat(
        "puz: the grid has %d empty cell%s: the format has no empty answer, so the file marks "
        "its solution as not given and holds '%c' there, which a reader that ignores the mark "
        "takes for the answer",
        empty, empty == 1 ? "" : "s", kNoLetter));
  }
  // Clues in the order of their numbers, Across before Down for the same number.
  const std::vector<std::string> shown = ShownClues(grid, letters, options);
  std::vector<size_t> order(grid.slots.size());
  for (size_t s = 0; s < order.size(); ++s) order[s] = s;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return grid.slots[a].number < grid.slots[b].number; });
  std::vector<std::string> clues;
  for (size_t s : order) {
    clues.push_back(Latin1Text(shown[s], ClueField(grid.slots[s]), options.warnings));
  }
  const PuzStrings strings{Latin1Text(options.title, "the title", options.warnings),
                           Latin1Text(options.author, "the author", options.warnings),
                           Latin1Text(options.copyright, "the copyright", options.warnings),
                           Latin1Text(options.notes, "the notes", options.warnings)};

  std::string header(kHeaderSize, '\0');
  header.replace(0x02, 12, std::string_view("ACROSS&DOWN\0", 12));
  header.replace(0x18, 4, std::string_view("1.3\0", 4));
  header[0x2c] = static_cast<char>(grid.cols);
  header[0x2d] = static_cast<char>(grid.rows);
  PutU16(header, 0x2e, static_cast<uint16_t>(clues.size()));
  PutU16(header, 0x30, 1);  // a bitmask Across Lite expects set
  if (empty > 0) PutU16(header, 0x32, kNoSolution);
  const uint16_t cib = Checksum(std::string_view(header).substr(0x2c, 8), 0);
  const uint16_t solution_sum = Checksum(solution, 0), state_sum = Checksum(state, 0);
  const uint16_t text_sum = TextChecksum(strings, clues, 0);
  const uint16_t file_sum = TextChecksum(strings, clues, Checksum(state, Checksum(solution, cib)));
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
  for (const std::string* field : {&strings.title, &strings.author, &strings.copyright}) {
    out += *field;
    out += '\0';
  }
  for (const std::string& clue : clues) {
    out += clue;
    out += '\0';
  }
  out += strings.notes;
  out += '\0';
  AppendMarks(grid, options.warnings, out);
  return absl::OkStatus();
}

}  // namespace squares::core
