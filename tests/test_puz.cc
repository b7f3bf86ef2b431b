// The Across Lite .puz reader: files written by puzpy, an independent writer
// (tests/data/puzzles, scripts/make-test-puzzles.py), read back cell by cell; every truncated
// or corrupted file refused with a message naming the file, the format and what is missing.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "fill/puz_reader.h"
#include "fill/puzzle.h"
#include "lexicon/unicode.h"
#include "squares/error.h"
#include "squares/fill.h"
#include "squares/puzzle.h"

namespace squares::core {
namespace {

const std::string kPuzzles = std::string(SQUARES_TEST_DATA) + "/puzzles/";

std::string FileBytes(const std::string& name) {
  std::ifstream in(kPuzzles + name, std::ios::binary);
  REQUIRE(in);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

Puzzle Read(const std::string& name) {
  absl::StatusOr<Puzzle> puzzle = ReadPuzzle(name, FileBytes(name));
  REQUIRE_MESSAGE(puzzle.ok(), puzzle.status().message());
  return *std::move(puzzle);
}

// The solution as rows: '#' a block, a cell's letters, several in brackets.
std::vector<std::string> SolutionRows(const Puzzle& puzzle) {
  std::vector<std::string> rows(puzzle.grid.rows);
  for (int i = 0; i < puzzle.grid.size(); ++i) {
    std::string& row = rows[i / puzzle.grid.cols];
    const std::string& letters = puzzle.solution.empty() ? "" : puzzle.solution[i];
    row += puzzle.grid.black[i]           ? "#"
           : letters.empty()              ? "."
           : CountCodePoints(letters) > 1 ? "[" + letters + "]"
                                          : letters;
  }
  return rows;
}

// The circled cells as rows: 'O' circled, '.' not.
std::vector<std::string> CircleRows(const Puzzle& puzzle) {
  std::vector<std::string> rows(puzzle.grid.rows);
  for (int i = 0; i < puzzle.grid.size(); ++i) {
    rows[i / puzzle.grid.cols] += puzzle.grid.circled(i) ? 'O' : '.';
  }
  return rows;
}

std::vector<std::string> ClueLines(const Puzzle& puzzle) {
  std::vector<std::string> lines;
  for (const Clue& clue : puzzle.clues) {
    lines.push_back(std::to_string(clue.number) +
                    (clue.direction == Direction::kAcross ? "A: " : "D: ") + clue.text);
  }
  return lines;
}

const std::vector<std::string> kSquare = {"CARD", "AREA", "REAR", "DART"};
const std::vector<std::string> kSquareClues = {
    "1A: Ace or king",        "5A: Region", "6A: Back", "7A: Pub missile",
    "1D: Ace or king, again", "2D: Region", "3D: Back", "4D: Pub missile"};

TEST_CASE("puz: a 1.3 file: grid, clues by the standard numbering, Latin-1 text") {
  const Puzzle square = Read("square-1.3.puz");
  CHECK(square.format == "puz");
  CHECK(SolutionRows(square) == kSquare);
  CHECK(ClueLines(square) == kSquareClues);
  CHECK(square.info.title == "Card square");
  CHECK(square.info.author == "Squares Tests");
  CHECK(square.info.copyright == "\u00a9 2026 the squares authors");
  CHECK(square.info.notes == "A double word square: the rows are the columns.");
  CHECK(square.warnings.empty());
  CHECK(!square.locked);
  for (const std::string& given : square.grid.fixed) CHECK(given.empty());

  const Puzzle latin = Read("latin1-1.3.puz");
  CHECK(SolutionRows(latin) ==
        std::vector<std::string>{"CAFÉ#", "OLÉ#S", "L#TEA", "A#ÉTÉ", "SOL#S"});
  CHECK(ClueLines(latin) ==
        std::vector<std::string>{"1A: Coffee house, à la française", "4A: Bravo!", "6A: Brew",
                                 "8A: Summer, in Nice", "9A: Sun, in Spain", "1D: Soft drinks",
                                 "2D: Capone, to friends", "3D: No word: F, É, T, É, L",
                                 "5D: No word either", "7D: Film alien"});
  CHECK(latin.info.title == "Café crème");
  CHECK(latin.info.author == "Zoë Tester");
  CHECK(latin.info.notes == "Accents: é, è, ç, ñ, ü; a non-breaking\u00a0space.");
  CHECK(latin.warnings.empty());
}

TEST_CASE("puz: a 2.0 file's strings are UTF-8") {
  const Puzzle puzzle = Read("utf8-2.0.puz");
  CHECK(SolutionRows(puzzle) == kSquare);
  CHECK(puzzle.info.title == "Карты ⚔️");
  CHECK(puzzle.info.author == "Ωmega Tester");
  CHECK(puzzle.info.notes == "Notes in UTF-8: “quotes”, Ж, 日本.");
  CHECK(ClueLines(puzzle)[0] == "1A: Ace or king →");
  CHECK(ClueLines(puzzle)[4] == "1D: Ace or king, again");
  CHECK(puzzle.warnings.empty());
}

TEST_CASE("puz: rebus cells (GRBS, RTBL) and circles (GEXT)") {
  const Puzzle puzzle = Read("rebus-circles.puz");
  CHECK(SolutionRows(puzzle) == std::vector<std::string>{"[STAR]ED#", "AREA", "REAR", "#AR[TWO]"});
  CHECK(CircleRows(puzzle) == std::vector<std::string>{"O...", ".O..", "..O.", "...O"});
  CHECK(ClueLines(puzzle) ==
        std::vector<std::string>{"1A: Gazed", "4A: Zone", "6A: Back", "7A: Droid, as said again",
                                 "1D: Sky body, then a pirate's cry", "2D: No word", "3D: Beloved",
                                 "5D: Droid, as said"});
  CHECK(puzzle.info.notes == "The first and last cells hold several letters.");
  CHECK(puzzle.warnings.empty());
  // Through the public API, from the file: the binary file is read, not refused for its NULs.
  const squares::Puzzle loaded = squares::Puzzle::Load(kPuzzles + "rebus-circles.puz");
  CHECK(loaded.cell(0, 0).solution == "STAR");
  CHECK(loaded.cell(0, 0).circled);
  CHECK(loaded.cell(3, 3).solution == "TWO");
  CHECK(loaded.cell(0, 3).kind == squares::CellKind::kBlock);
  const squares::Grid grid = squares::Grid::Load(kPuzzles + "square-1.3.puz");
  CHECK(grid.text_rows() == kSquare);
  CHECK(grid.title() == "Card square");
}

TEST_CASE("puz: a locked file is read with its layout and without its solution") {
  const Puzzle puzzle = Read("locked.puz");
  CHECK(puzzle.locked);
  CHECK(puzzle.solution.empty());
  CHECK(puzzle.grid.rows == 4);
  CHECK(ClueLines(puzzle) == kSquareClues);
  REQUIRE(puzzle.warnings.size() == 1);
  CHECK(puzzle.warnings[0] ==
        "locked.puz: puz: the solution is locked (scrambled with a key, solution state 0x0004): "
        "the puzzle is read without it");
}

TEST_CASE("puz: a solver's progress is reported, not kept") {
  const Puzzle puzzle = Read("partly-filled.puz");
  CHECK(SolutionRows(puzzle) == kSquare);
  for (const std::string& given : puzzle.grid.fixed) CHECK(given.empty());
  CHECK(puzzle.warnings ==
        std::vector<std::string>{"partly-filled.puz: puz: a solver's progress is not kept: 5 cells "
                                 "filled, 42 seconds on the timer"});
}

TEST_CASE("puz: bytes before the header, blanks after the file") {
  const std::string bytes = FileBytes("rebus-circles.puz");
  for (const std::string& file : {"junk:12345\r\n" + bytes, bytes + "\r\n"}) {
    absl::StatusOr<Puzzle> puzzle = ReadPuzzle("x.puz", file);
    REQUIRE(puzzle.ok());
    CHECK(SolutionRows(*puzzle) == SolutionRows(Read("rebus-circles.puz")));
    CHECK(puzzle->warnings.empty());
  }
  CHECK(!IsPuz(std::string(kMaxPuzPreamble + 1, ' ') + bytes));
}

// Where the file may end and still be whole: after its notes, and after each section.
std::vector<size_t> Boundaries(const std::string& bytes, size_t clues) {
  size_t at = 0x34 + 2 * size_t(uint8_t(bytes[0x2c])) * uint8_t(bytes[0x2d]);
  for (size_t k = 0; k < 3 + clues + 1; ++k) at = bytes.find('\0', at) + 1;
  std::vector<size_t> ends = {at};
  while (at + 8 <= bytes.size()) {
    at += 8 + (uint8_t(bytes[at + 4]) | uint8_t(bytes[at + 5]) << 8) + 1;
    ends.push_back(at);
  }
  return ends;
}

TEST_CASE("puz: every prefix of a file is refused, except where a whole file may end") {
  for (const char* name : {"square-1.3.puz", "rebus-circles.puz"}) {
    const std::string bytes = FileBytes(name);
    const std::vector<size_t> ends = Boundaries(bytes, 8);
    CHECK(ends.back() == bytes.size());
    for (size_t n = 0; n < bytes.size(); ++n) {
      CAPTURE(n);
      absl::StatusOr<Puzzle> puz = ReadPuz("x.puz", bytes.substr(0, n));
      // A file cut after a section is whole, unless what it holds needs a later section (a
      // rebus board without its table).
      const bool whole = std::find(ends.begin(), ends.end(), n) != ends.end();
      if (!whole) CHECK(!puz.ok());
      if (!puz.ok()) CHECK(puz.status().message().substr(0, 12) == "x.puz: puz: ");
      absl::StatusOr<Puzzle> any = ReadPuzzle("x.puz", bytes.substr(0, n));
      CHECK(any.ok() == puz.ok());
      if (!any.ok()) CHECK(any.status().message().substr(0, 5) == "x.puz");
    }
  }
  const std::string bytes = FileBytes("square-1.3.puz");
  CHECK(ReadPuz("x.puz", bytes.substr(0, 40)).status().message() ==
        "x.puz: puz: the file ends in its header (40 of 52 bytes)");
  CHECK(ReadPuz("x.puz", bytes.substr(0, 0x34 + 20)).status().message() ==
        "x.puz: puz: the file ends in its board (4 of 16 bytes)");
  const size_t clue3 = bytes.find("Back") + 2;
  CHECK(ReadPuz("x.puz", bytes.substr(0, clue3)).status().message() ==
        "x.puz: puz: the file ends in its clues (3 of 8 read)");
}

std::string ErrorOf(std::string bytes) {
  absl::StatusOr<Puzzle> puzzle = ReadPuz("x.puz", bytes);
  return puzzle.ok() ? "" : std::string(puzzle.status().message());
}

std::vector<std::string> WarningsOf(const std::string& bytes) {
  absl::StatusOr<Puzzle> puzzle = ReadPuz("x.puz", bytes);
  REQUIRE_MESSAGE(puzzle.ok(), puzzle.status().message());
  return puzzle->warnings;
}

TEST_CASE("puz: lying lengths are refused with what is missing") {
  const std::string square = FileBytes("square-1.3.puz");
  std::string wide = square;
  wide[0x2c] = wide[0x2d] = '\xff';
  CHECK(ErrorOf(wide) == absl::StrFormat("x.puz: puz: the file ends in its solution (%d of "
                                         "65025 bytes)",
                                         square.size() - 0x34));
  std::string empty = square;
  empty[0x2c] = 0;
  CHECK(ErrorOf(empty) == "x.puz: puz: a grid of 4x0 cells");
  std::string many = square;
  many[0x2e] = 100;
  CHECK(ErrorOf(many) == "x.puz: puz: the file ends in its clues (9 of 100 read)");
  std::string few = square;
  few[0x2e] = 7;
  CHECK(ErrorOf(few).substr(0, 12) == "x.puz: puz: ");

  const std::string rebus = FileBytes("rebus-circles.puz");
  const size_t gext = rebus.find("GEXT");
  REQUIRE(gext != std::string::npos);
  std::string longer = rebus;
  longer[gext + 4] = '\x60', longer[gext + 5] = '\xea';
  CHECK(ErrorOf(longer) == "x.puz: puz: the file ends in its section GEXT (17 of 60000 bytes)");
  std::string shorter = rebus;
  shorter[gext + 4] = 3;
  CHECK(ErrorOf(shorter).substr(0, 12) == "x.puz: puz: ");
  std::string table = rebus;
  const size_t rtbl = table.find(" 1:TWO;");
  table[rtbl + 2] = '=';
  CHECK(ErrorOf(table) == "x.puz: puz: section RTBL: \" 1=TWO\" is not KEY:REBUS;");
  std::string key = rebus;
  key[key.find("GRBS") + 8] = 9;
  CHECK(ErrorOf(key) == "x.puz: puz: the rebus of row 1, column 1 (key 8) is not in section RTBL");
  std::string junk = rebus + "junk";
  CHECK(ErrorOf(junk) == "x.puz: puz: the file ends in a section's header (4 of 8 bytes)");

  // A black cell the clues do not know: the counts differ.
  std::string latin = FileBytes("latin1-1.3.puz");
  latin[0x34 + 13] = '.';
  CHECK(ErrorOf(latin) == "x.puz: puz: the file has 10 clues, its grid 8 entries");
}

TEST_CASE("puz: a checksum that does not match is a warning naming it") {
  std::string clue = FileBytes("square-1.3.puz");
  clue[clue.find("Region")] = 'r';
  const std::vector<std::string> warnings = WarningsOf(clue);
  REQUIRE(warnings.size() == 2);
  CHECK(warnings[0].find("x.puz: puz: the file's checksum does not match (0x") == 0);
  CHECK(warnings[1].find("x.puz: puz: the masked checksum of the strings does not match") == 0);
  std::string header = FileBytes("square-1.3.puz");
  header[0x0e] ^= 1;
  CHECK(WarningsOf(header)[0].find("x.puz: puz: the header's checksum (CIB) does not match") == 0);
  std::string circle = FileBytes("rebus-circles.puz");
  circle[circle.find("GEXT") + 9] = '\x80';
  const std::vector<std::string> gext = WarningsOf(circle);
  REQUIRE(gext.size() == 1);
  CHECK(gext[0].find("x.puz: puz: section GEXT's checksum does not match (0x") == 0);
}

TEST_CASE("puz: a section of no known kind is skipped with a warning") {
  std::string bytes = FileBytes("rebus-circles.puz");
  bytes.replace(bytes.find("GEXT"), 4, "ZZZZ");
  const std::vector<std::string> warnings = WarningsOf(bytes);
  CHECK(warnings == std::vector<std::string>{
                        "x.puz: puz: section ZZZZ (16 bytes) is of no known kind: not kept"});
  CHECK(CircleRows(*ReadPuz("x.puz", bytes)) ==
        std::vector<std::string>{"....", "....", "....", "...."});
}

TEST_CASE("puz: a text file with a NUL byte is still refused as binary") {
  const std::string path = "test_puz_nul.txt";
  {
    std::ofstream out(path, std::ios::binary);
    out << std::string("..\n.\0\n", 6);
  }
  CHECK_THROWS_WITH_AS(squares::Grid::Load(path),
                       doctest::Contains("NUL byte: this is a binary file"), squares::Error);
  std::remove(path.c_str());
}

// One field a line ("title\tText", "row\tCA[STAR]#", "clue\t1A\tText"; newlines as \n): what
// scripts/compare-puzpy.py compares with puzpy's reading of the same file.
std::string Dump(const absl::StatusOr<Puzzle>& read) {
  if (!read.ok()) return "error\t" + std::string(read.status().message()) + "\n";
  const Puzzle& puzzle = *read;
  auto line = [](std::string key, std::string_view value) {
    std::string out = key + "\t";
    for (char c : value) out += c == '\n' ? "\\n" : c == '\r' ? "\\r" : std::string(1, c);
    return out + "\n";
  };
  std::string out = line("title", puzzle.info.title) + line("author", puzzle.info.author) +
                    line("copyright", puzzle.info.copyright) + line("notes", puzzle.info.notes) +
                    line("locked", puzzle.locked ? "1" : "0");
  for (const std::string& row : SolutionRows(puzzle)) out += line("row", row);
  for (const std::string& row : CircleRows(puzzle)) out += line("circles", row);
  for (const std::string& clue : ClueLines(puzzle)) {
    const size_t colon = clue.find(": ");
    out += line("clue\t" + clue.substr(0, colon), clue.substr(colon + 2));
  }
  return out;
}

// Not a test of its own: with SQUARES_PUZ_CORPUS=DIR and SQUARES_PUZ_DUMP=OUT, writes the
// reading of each DIR/NAME.puz to OUT/NAME.puz.txt for scripts/compare-puzpy.py.
TEST_CASE("puz: corpus dump (SQUARES_PUZ_CORPUS, for scripts/compare-puzpy.py)") {
  const char* corpus = std::getenv("SQUARES_PUZ_CORPUS");
  const char* dump = std::getenv("SQUARES_PUZ_DUMP");
  if (corpus == nullptr || dump == nullptr) return;
  for (const auto& entry : std::filesystem::directory_iterator(corpus)) {
    if (entry.path().extension() != ".puz") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    const std::string name = entry.path().filename().string();
    std::ofstream(std::filesystem::path(dump) / (name + ".txt"), std::ios::binary)
        << Dump(ReadPuzzle(name, bytes.str()));
  }
}

}  // namespace
}  // namespace squares::core
