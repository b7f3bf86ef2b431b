// ReadPuz in phases: find the header, cut the file into its parts (every length checked
// against the bytes left before it is used), check the checksums, then make the puzzle.
#include "fill/puz_reader.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "fill/little_endian.h"
#include "lexicon/unicode.h"
#include "text/strings.h"

namespace squares::core {
namespace {

constexpr std::string_view kMagic("ACROSS&DOWN\0", 12);
constexpr uint16_t kDiagramless = 0x0401;  // the header's word at 0x30
constexpr uint8_t kGextCircled = 0x80, kGextRevealed = 0x40, kGextIncorrect = 0x30;

absl::Status PuzError(std::string_view name, std::string_view message) {
  return absl::DataLossError(absl::StrFormat("%s: puz: %s", name, message));
}

// Where the header starts: two bytes before the magic.
std::optional<size_t> HeaderStart(std::string_view bytes) {
  const size_t magic = bytes.substr(0, kMaxPuzPreamble + 2 + kMagic.size()).find(kMagic);
  if (magic == std::string_view::npos || magic < 2) return std::nullopt;
  return magic - 2;
}

// The file cut into its parts, each a view of the file's bytes.
struct PuzParts {
  std::string_view header, solution, board;
  std::string_view title, author, copyright, notes;
  std::vector<std::string_view> clues;
  struct Section {
    std::string_view data;
    uint16_t checksum;
  };
  std::map<std::string, Section> sections;
  std::vector<std::string> warnings;
};

// Reads the file's parts in order; `at` never passes the end of `bytes`.
class PartReader {
 public:
  PartReader(std::string_view name, std::string_view bytes, size_t at)
      : name_(name), bytes_(bytes), at_(at) {}

  absl::StatusOr<std::string_view> Bytes(size_t n, std::string_view what) {
    if (n > bytes_.size() - at_) {
      return PuzError(name_, absl::StrFormat("the file ends in %s (%d of %d bytes)", what,
                                             bytes_.size() - at_, n));
    }
    at_ += n;
    return bytes_.substr(at_ - n, n);
  }

  // A NUL-terminated string, without its NUL; nullopt at the end of the file.
  std::optional<std::string_view> String() {
    const size_t nul = bytes_.find('\0', at_);
    if (nul == std::string_view::npos) return std::nullopt;
    const std::string_view text = bytes_.substr(at_, nul - at_);
    at_ = nul + 1;
    return text;
  }

  size_t left() const { return bytes_.size() - at_; }
  std::string_view rest() const { return bytes_.substr(at_); }

 private:
  std::string_view name_, bytes_;
  size_t at_;
};

absl::Status ReadStrings(std::string_view name, int clue_count, PartReader& in, PuzParts& parts) {
  for (auto [field, what] : {std::pair{&parts.title, "title"}, std::pair{&parts.author, "author"},
                             std::pair{&parts.copyright, "copyright"}}) {
    std::optional<std::string_view> text = in.String();
    if (!text) return PuzError(name, absl::StrFormat("the file ends in its %s", what));
    *field = *text;
  }
  for (int k = 0; k < clue_count; ++k) {
    std::optional<std::string_view> clue = in.String();
    if (!clue) {
      return PuzError(name,
                      absl::StrFormat("the file ends in its clues (%d of %d read)", k, clue_count));
    }
    parts.clues.push_back(*clue);
  }
  std::optional<std::string_view> notes = in.String();
  if (!notes) return PuzError(name, "the file ends in its notes");
  parts.notes = *notes;
  return absl::OkStatus();
}

// The sections after the notes: a 4-letter code, the data's length and checksum, the data
// and a NUL. Bytes after the last section that are blanks (some files end in "\r\n") are
// ignored.
absl::Status ReadSections(std::string_view name, PartReader& in, PuzParts& parts) {
  while (in.left() > 0) {
    if (Trim(in.rest(), std::string_view(" \t\r\n\0", 5)).empty()) return absl::OkStatus();
    absl::StatusOr<std::string_view> head = in.Bytes(8, "a section's header");
    if (!head.ok()) return head.status();
    const std::string code(head->substr(0, 4));
    if (!std::all_of(code.begin(), code.end(), [](char c) { return c >= 'A' && c <= 'Z'; })) {
      return PuzError(name,
                      "the bytes after the notes are no section (a section begins with "
                      "a name of 4 capital letters, as GEXT)");
    }
    const std::string what = absl::StrFormat("its section %s", code);
    absl::StatusOr<std::string_view> data = in.Bytes(LittleU16(*head, 4), what);
    if (!data.ok()) return data.status();
    absl::StatusOr<std::string_view> nul = in.Bytes(1, what);
    if (!nul.ok()) return nul.status();
    if ((*nul)[0] != '\0') {
      return PuzError(name, absl::StrFormat("section %s: no NUL after its %d bytes (its length "
                                            "is wrong)",
                                            code, data->size()));
    }
    if (parts.sections.count(code) > 0) {
      parts.warnings.push_back(
          absl::StrFormat("%s: puz: section %s is given twice: the last is read", name, code));
    }
    if (std::string_view("GRBS RTBL GEXT LTIM RUSR").find(code) == std::string_view::npos) {
      parts.warnings.push_back(
          absl::StrFormat("%s: puz: section %s (%d bytes) is of no known kind: not kept", name,
                          code, data->size()));
    }
    parts.sections[code] = {*data, LittleU16(*head, 6)};
  }
  return absl::OkStatus();
}

absl::StatusOr<PuzParts> CutParts(std::string_view name, std::string_view bytes) {
  const std::optional<size_t> start = HeaderStart(bytes);
  if (!start) return PuzError(name, "no \"ACROSS&DOWN\" at the start: not a .puz file");
  PartReader in(name, bytes, *start);
  PuzParts parts;
  absl::StatusOr<std::string_view> header = in.Bytes(kPuzHeaderSize, "its header");
  if (!header.ok()) return header.status();
  parts.header = *header;
  const int cols = static_cast<unsigned char>(parts.header[0x2c]);
  const int rows = static_cast<unsigned char>(parts.header[0x2d]);
  if (rows == 0 || cols == 0) {
    return PuzError(name, absl::StrFormat("a grid of %dx%d cells", rows, cols));
  }
  absl::StatusOr<std::string_view> solution = in.Bytes(rows * cols, "its solution");
  if (!solution.ok()) return solution.status();
  absl::StatusOr<std::string_view> board = in.Bytes(rows * cols, "its board");
  if (!board.ok()) return board.status();
  parts.solution = *solution;
  parts.board = *board;
  if (absl::Status status = ReadStrings(name, LittleU16(parts.header, 0x2e), in, parts);
      !status.ok())
    return status;
  if (absl::Status status = ReadSections(name, in, parts); !status.ok()) return status;
  return parts;
}

bool Utf8Strings(const PuzParts& parts) { return parts.header[0x18] >= '2'; }
bool NotesChecked(const PuzParts& parts) {  // the notes count in the checksums from 1.3
  const std::string_view version = parts.header.substr(0x18, 3);
  return version[0] >= '2' || (version[0] == '1' && version[2] >= '3');
}

// The checksum of the strings: title, author, copyright and notes with their NUL when not
// empty, the clues without it.
uint16_t TextChecksum(const PuzParts& parts, uint16_t c) {
  for (std::string_view field : {parts.title, parts.author, parts.copyright}) {
    if (!field.empty()) c = PuzChecksum(std::string_view(field.data(), field.size() + 1), c);
  }
  for (std::string_view clue : parts.clues) c = PuzChecksum(clue, c);
  if (NotesChecked(parts) && !parts.notes.empty()) {
    c = PuzChecksum(std::string_view(parts.notes.data(), parts.notes.size() + 1), c);
  }
  return c;
}

// Each checksum the file holds against the one its content gives; a mismatch is a warning.
void CheckChecksums(std::string_view name, PuzParts& parts) {
  auto check = [&](std::string_view what, uint16_t stored, uint16_t computed) {
    if (stored == computed) return;
    parts.warnings.push_back(
        absl::StrFormat("%s: puz: %s does not match (0x%04X in the file, 0x%04X computed)", name,
                        what, stored, computed));
  };
  const std::string_view h = parts.header;
  const uint16_t cib = PuzChecksum(h.substr(0x2c, 8), 0);
  check("the header's checksum (CIB)", LittleU16(h, 0x0e), cib);
  check("the file's checksum", LittleU16(h, 0x00),
        TextChecksum(parts, PuzChecksum(parts.board, PuzChecksum(parts.solution, cib))));
  const uint16_t sums[4] = {cib, PuzChecksum(parts.solution, 0), PuzChecksum(parts.board, 0),
                            TextChecksum(parts, 0)};
  constexpr std::string_view kMask = "ICHEATED";
  for (int k = 0; k < 4; ++k) {
    const uint16_t stored =
        static_cast<uint16_t>((static_cast<unsigned char>(h[0x10 + k]) ^ kMask[k]) |
                              (static_cast<unsigned char>(h[0x14 + k]) ^ kMask[k + 4]) << 8);
    constexpr const char* kWhat[4] = {"header", "solution", "board", "strings"};
    check(absl::StrFormat("the masked checksum of the %s", kWhat[k]), stored, sums[k]);
  }
  for (const auto& [code, section] : parts.sections) {
    check(absl::StrFormat("section %s's checksum", code), section.checksum,
          PuzChecksum(section.data, 0));
  }
}

// A string of the file as UTF-8: Latin-1 before version 2.0.
absl::StatusOr<std::string> Text(std::string_view name, const PuzParts& parts,
                                 std::string_view bytes, std::string_view what) {
  if (!Utf8Strings(parts)) {
    std::string out;
    for (unsigned char b : bytes) AppendUtf8(b, out);
    return out;
  }
  for (size_t pos = 0; pos < bytes.size();) {
    if (DecodeUtf8(bytes, pos) < 0) {
      return PuzError(name, absl::StrFormat("%s: invalid UTF-8 (a version %s file)", what,
                                            parts.header.substr(0x18, 3)));
    }
  }
  return std::string(bytes);
}

std::string Upper(std::string_view text) {
  std::string out;
  for (size_t pos = 0; pos < text.size();) {
    const int32_t cp = DecodeUtf8(text, pos);
    if (cp >= 0) AppendUtf8(UpperCase(static_cast<char32_t>(cp)), out);
  }
  return out;
}

std::string CellName(const Grid& grid, int cell) {
  return absl::StrFormat("row %d, column %d", cell / grid.cols + 1, cell % grid.cols + 1);
}

// RTBL: " 0:HEART; 1:DIAMOND;17:CLUB;" (a key, ':', the rebus, ';').
absl::StatusOr<std::map<int, std::string>> RebusTable(std::string_view name, const PuzParts& parts,
                                                      std::string_view table) {
  std::map<int, std::string> rebus;
  while (!Trim(table, " \r\n").empty()) {
    const size_t end = table.find(';');
    const std::string_view entry = table.substr(0, end);
    const size_t colon = entry.find(':');
    int key = -1;
    if (end == std::string_view::npos || colon == std::string_view::npos ||
        !ParseInt(Trim(entry.substr(0, colon), " "), key) || key < 0 || key > 254 ||
        colon + 1 == entry.size()) {
      return PuzError(name, absl::StrFormat("section RTBL: \"%s\" is not KEY:REBUS;",
                                            std::string(entry.substr(0, 40))));
    }
    absl::StatusOr<std::string> text = Text(name, parts, entry.substr(colon + 1), "section RTBL");
    if (!text.ok()) return text.status();
    rebus[key] = Upper(*text);
    table.remove_prefix(end + 1);
  }
  return rebus;
}

// A section that is a board (a byte a cell) must have one byte a cell.
absl::StatusOr<std::string_view> BoardSection(std::string_view name, const PuzParts& parts,
                                              const char* code, int cells) {
  auto it = parts.sections.find(code);
  if (it == parts.sections.end()) return std::string_view();
  if (it->second.data.size() != static_cast<size_t>(cells)) {
    return PuzError(name, absl::StrFormat("section %s has %d bytes, the grid %d cells", code,
                                          it->second.data.size(), cells));
  }
  return it->second.data;
}

// The rebus strings of the cells (GRBS: key + 1 into RTBL, 0 for none) into the solution.
absl::Status ReadRebus(std::string_view name, const PuzParts& parts, Puzzle& puzzle) {
  absl::StatusOr<std::string_view> grbs = BoardSection(name, parts, "GRBS", puzzle.grid.size());
  if (!grbs.ok()) return grbs.status();
  auto rtbl = parts.sections.find("RTBL");
  absl::StatusOr<std::map<int, std::string>> table = RebusTable(
      name, parts, rtbl == parts.sections.end() ? std::string_view() : rtbl->second.data);
  if (!table.ok()) return table.status();
  for (size_t i = 0; i < grbs->size(); ++i) {
    const int key = static_cast<unsigned char>((*grbs)[i]) - 1;
    if (key < 0 || puzzle.grid.black[i] || puzzle.solution.empty()) continue;
    auto it = table->find(key);
    if (it == table->end()) {
      return PuzError(name, absl::StrFormat("the rebus of %s (key %d) is not in section RTBL",
                                            CellName(puzzle.grid, static_cast<int>(i)), key));
    }
    puzzle.solution[i] = it->second;
  }
  return absl::OkStatus();
}

// What a solver's copy of the file holds besides the puzzle: not kept, one warning saying so.
void NoteProgress(std::string_view name, const PuzParts& parts, std::string_view gext,
                  Puzzle& puzzle) {
  int filled = 0, revealed = 0, incorrect = 0, unknown = 0;
  uint8_t unknown_flags = 0;
  for (int i = 0; i < puzzle.grid.size(); ++i) {
    const char letter = parts.board[i];
    filled += !puzzle.grid.black[i] && letter != '-' && letter != '.' && letter != ':';
    const uint8_t flags = gext.empty() ? 0 : static_cast<uint8_t>(gext[i]);
    revealed += (flags & kGextRevealed) != 0;
    incorrect += (flags & kGextIncorrect) != 0;
    unknown += (flags & 0x0f) != 0;
    unknown_flags |= flags & 0x0f;
  }
  std::vector<std::string> kept;
  if (filled > 0) kept.push_back(absl::StrFormat("%d cells filled", filled));
  if (revealed > 0) kept.push_back(absl::StrFormat("%d revealed", revealed));
  if (incorrect > 0) kept.push_back(absl::StrFormat("%d marked incorrect", incorrect));
  if (auto it = parts.sections.find("LTIM"); it != parts.sections.end()) {
    int64_t seconds = 0;
    const std::string_view timer = it->second.data;
    if (ParseInt(timer.substr(0, timer.find(',')), seconds) && seconds > 0)
      kept.push_back(absl::StrFormat("%d seconds on the timer", seconds));
  }
  if (auto it = parts.sections.find("RUSR"); it != parts.sections.end()) {
    const std::string_view entries = it->second.data;
    if (std::any_of(entries.begin(), entries.end(), [](char c) { return c != '\0'; }))
      kept.push_back("rebus entries (RUSR)");
  }
  if (!kept.empty()) {
    puzzle.warnings.push_back(absl::StrFormat("%s: puz: a solver's progress is not kept: %s", name,
                                              absl::StrJoin(kept, ", ")));
  }
  if (unknown > 0) {
    puzzle.warnings.push_back(absl::StrFormat(
        "%s: puz: section GEXT: flags 0x%02X of unknown meaning in %d cells are not kept", name,
        unknown_flags, unknown));
  }
}

// The grid and its solution from the solution board: '.' (':' in a diagramless file) black,
// any other byte its letter (Latin-1), upper-cased.
absl::Status ReadGrid(std::string_view name, const PuzParts& parts, Puzzle& puzzle) {
  Grid& g = puzzle.grid;
  g.cols = static_cast<unsigned char>(parts.header[0x2c]);
  g.rows = static_cast<unsigned char>(parts.header[0x2d]);
  g.black.assign(g.size(), false);
  g.fixed.assign(g.size(), "");
  g.marks.assign(g.size(), 0);
  const uint16_t state = LittleU16(parts.header, 0x32);
  puzzle.locked = state != 0 && state != kPuzNoSolution;
  if (!puzzle.locked) puzzle.solution.assign(g.size(), "");
  for (int i = 0; i < g.size(); ++i) {
    const unsigned char byte = static_cast<unsigned char>(parts.solution[i]);
    g.black[i] = byte == '.' || byte == ':';
    if (g.black[i] || puzzle.locked || byte == '-' || (state == kPuzNoSolution && byte == 'X'))
      continue;
    if (byte < 0x21 || byte == 0x7f) {
      return PuzError(name, absl::StrFormat("%s of the solution holds the byte 0x%02X, no letter",
                                            CellName(g, i), byte));
    }
    std::string letter;
    AppendUtf8(UpperCase(byte), letter);
    puzzle.solution[i] = std::move(letter);
  }
  absl::StatusOr<std::string_view> gext = BoardSection(name, parts, "GEXT", g.size());
  if (!gext.ok()) return gext.status();
  for (size_t i = 0; i < gext->size(); ++i) {
    if (!g.black[i] && (static_cast<uint8_t>((*gext)[i]) & kGextCircled)) g.marks[i] = kCircled;
  }
  NoteProgress(name, parts, *gext, puzzle);
  return ReadRebus(name, parts, puzzle);
}

// The clues in the file's order (by number, Across before Down at the same number) to the
// slots of the standard numbering.
absl::Status AssignClues(std::string_view name, const PuzParts& parts, Puzzle& puzzle) {
  const std::vector<GridSlot>& slots = puzzle.grid.slots;
  if (slots.size() != parts.clues.size()) {
    return PuzError(name, absl::StrFormat("the file has %d clues, its grid %d entries",
                                          parts.clues.size(), slots.size()));
  }
  std::vector<size_t> order(slots.size());
  for (size_t s = 0; s < order.size(); ++s) order[s] = s;
  // Slots hold all Across, then all Down: a stable sort puts Across first at equal numbers.
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return slots[a].number < slots[b].number; });
  std::vector<Clue> clues(slots.size());
  for (size_t k = 0; k < order.size(); ++k) {
    const GridSlot& slot = slots[order[k]];
    absl::StatusOr<std::string> text =
        Text(name, parts, parts.clues[k], absl::StrFormat("the clue %s", SlotName(slot)));
    if (!text.ok()) return text.status();
    clues[order[k]] = Clue{slot.number, slot.direction, "", *std::move(text), 0, ""};
  }
  puzzle.clues = std::move(clues);  // Across then Down, as the grid's slots
  return absl::OkStatus();
}

absl::Status ReadInfo(std::string_view name, const PuzParts& parts, Puzzle& puzzle) {
  for (auto [field, bytes, what] :
       {std::tuple{&puzzle.info.title, parts.title, "the title"},
        std::tuple{&puzzle.info.author, parts.author, "the author"},
        std::tuple{&puzzle.info.copyright, parts.copyright, "the copyright"},
        std::tuple{&puzzle.info.notes, parts.notes, "the notes"}}) {
    absl::StatusOr<std::string> text = Text(name, parts, bytes, what);
    if (!text.ok()) return text.status();
    *field = *std::move(text);
  }
  return absl::OkStatus();
}

}  // namespace

uint16_t PuzChecksum(std::string_view bytes, uint16_t c) {
  for (unsigned char b : bytes) {
    c = static_cast<uint16_t>((c & 1) ? (c >> 1) | 0x8000 : c >> 1);
    c = static_cast<uint16_t>(c + b);
  }
  return c;
}

bool IsPuz(std::string_view bytes) { return HeaderStart(bytes).has_value(); }

absl::StatusOr<Puzzle> ReadPuz(std::string_view name, std::string_view bytes) {
  absl::StatusOr<PuzParts> parts = CutParts(name, bytes);
  if (!parts.ok()) return parts.status();
  CheckChecksums(name, *parts);
  Puzzle puzzle;
  puzzle.format = "puz";
  puzzle.warnings = std::move(parts->warnings);
  for (auto step : {ReadGrid, ReadInfo}) {
    if (absl::Status status = step(name, *parts, puzzle); !status.ok()) return status;
  }
  if (absl::Status status = NumberGrid(name, puzzle.grid); !status.ok()) return status;
  if (absl::Status status = AssignClues(name, *parts, puzzle); !status.ok()) return status;
  const uint16_t state = LittleU16(parts->header, 0x32);
  if (puzzle.locked) {
    puzzle.warnings.push_back(absl::StrFormat(
        "%s: puz: the solution is locked (scrambled with a key, solution state 0x%04X): the "
        "puzzle is read without it",
        name, state));
  }
  if (LittleU16(parts->header, 0x30) == kDiagramless) {
    puzzle.warnings.push_back(
        absl::StrFormat("%s: puz: a diagramless puzzle: read with its black cells shown", name));
  }
  return puzzle;
}

}  // namespace squares::core
