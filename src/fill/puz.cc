// Across Lite .puz, as the community's notes on the format describe it: a 52-byte header, the
// solution and the empty board, then NUL-terminated Latin-1 strings (title, author, copyright,
// the clues, notes), with the checksums Across Lite and other readers check.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "absl/strings/str_format.h"
#include "fill/fill_document.h"
#include "lexicon/unicode.h"

namespace squares::core {
namespace {

constexpr size_t kHeaderSize = 0x34;

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

// Text as Latin-1: typographic quotes, dashes and the ellipsis as their ASCII forms, any
// other character beyond Latin-1 as '?'.
std::string Latin1Text(std::string_view text) {
  std::string out;
  for (size_t pos = 0; pos < text.size();) {
    const int32_t cp = DecodeUtf8(text, pos);
    if (cp == 0x2018 || cp == 0x2019) {
      out += '\'';
    } else if (cp == 0x201c || cp == 0x201d) {
      out += '"';
    } else if (cp == 0x2013 || cp == 0x2014) {
      out += '-';
    } else if (cp == 0x2026) {
      out += "...";
    } else {
      out += cp > 0 && cp <= 0xff ? static_cast<char>(cp) : '?';
    }
  }
  return out;
}

// The checksum of the strings, as the file checksum and the masked ones take it: title,
// author and copyright with their NUL when not empty, each clue without it, notes (none).
uint16_t TextChecksum(const std::string& title, const std::string& author,
                      const std::string& copyright, const std::vector<std::string>& clues,
                      uint16_t c) {
  for (const std::string* field : {&title, &author, &copyright}) {
    if (!field->empty()) c = Checksum(std::string_view(field->c_str(), field->size() + 1), c);
  }
  for (const std::string& clue : clues) c = Checksum(clue, c);
  return c;
}

}  // namespace

absl::Status AppendPuz(const Grid& grid, const std::vector<std::string>& letters,
                       const FillOutputOptions& options, std::string& out) {
  if (grid.rows > 255 || grid.cols > 255) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "puz: a grid of %dx%d cells; the format holds at most 255x255", grid.rows, grid.cols));
  }
  std::string solution, state;
  for (int i = 0; i < grid.size(); ++i) {
    if (grid.black[i]) {
      solution += '.';
      state += '.';
      continue;
    }
    size_t pos = 0;
    const int32_t cp = DecodeUtf8(letters[i], pos);
    if (cp <= 0 || cp > 0xff || pos != letters[i].size()) {
      return absl::FailedPreconditionError(absl::StrFormat(
          "puz: the letter '%s' at row %d, column %d has no Latin-1 form (the format's "
          "only letters); --format ipuz holds any letter",
          letters[i], i / grid.cols + 1, i % grid.cols + 1));
    }
    solution += static_cast<char>(cp);
    state += '-';
  }
  // Clues in the order of their numbers, Across before Down for the same number.
  const std::vector<std::string> shown = ShownClues(grid, letters, options);
  std::vector<size_t> order(grid.slots.size());
  for (size_t s = 0; s < order.size(); ++s) order[s] = s;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return grid.slots[a].number < grid.slots[b].number;
  });
  std::vector<std::string> clues;
  for (size_t s : order) clues.push_back(Latin1Text(shown[s]));
  const std::string title = Latin1Text(options.title), author = Latin1Text(options.author),
                    copyright = Latin1Text(options.copyright);

  std::string header(kHeaderSize, '\0');
  header.replace(0x02, 12, std::string_view("ACROSS&DOWN\0", 12));
  header.replace(0x18, 4, std::string_view("1.3\0", 4));
  header[0x2c] = static_cast<char>(grid.cols);
  header[0x2d] = static_cast<char>(grid.rows);
  PutU16(header, 0x2e, static_cast<uint16_t>(clues.size()));
  PutU16(header, 0x30, 1);  // a bitmask Across Lite expects set
  const uint16_t cib = Checksum(std::string_view(header).substr(0x2c, 8), 0);
  const uint16_t solution_sum = Checksum(solution, 0), state_sum = Checksum(state, 0);
  const uint16_t text_sum = TextChecksum(title, author, copyright, clues, 0);
  const uint16_t file_sum = TextChecksum(title, author, copyright, clues,
                                         Checksum(state, Checksum(solution, cib)));
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
  for (const std::string* field : {&title, &author, &copyright}) {
    out += *field;
    out += '\0';
  }
  for (const std::string& clue : clues) {
    out += clue;
    out += '\0';
  }
  out += '\0';  // the notes: none
  return absl::OkStatus();
}

}  // namespace squares::core
