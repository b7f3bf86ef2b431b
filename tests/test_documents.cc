// The documents of a fill: the clues reader (core and public API), slot clue matching, and
// the .puz layout and checksums against the format's definition (the community's notes).
#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "fill/clues.h"
#include "fill/fill_output.h"
#include "fill/grid.h"
#include "fill/latex_text.h"
#include "squares/error.h"
#include "squares/fill.h"

namespace squares::core {
namespace {

TEST_CASE("clues: both forms, comments, directions, words without spaces") {
  auto clues = ParseClues(
      "# theme\n\n12 Across\tA clue\n3 D\tDown one\r\n7a\tx\n"
      "ice cream\tCold\n  Café\t  Coffee house  \n",
      "c.txt");
  REQUIRE(clues.ok());
  REQUIRE(clues->size() == 5);
  CHECK((*clues)[0].number == 12);
  CHECK((*clues)[0].direction == Direction::kAcross);
  CHECK((*clues)[0].text == "A clue");
  CHECK((*clues)[0].line == 3);
  CHECK((*clues)[1].direction == Direction::kDown);
  CHECK((*clues)[1].text == "Down one");
  CHECK((*clues)[2].number == 7);
  CHECK((*clues)[3].number == 0);
  CHECK((*clues)[3].word == "ICECREAM");
  CHECK((*clues)[4].word == "CAFÉ");
  CHECK((*clues)[4].text == "Coffee house");
}

TEST_CASE("clues: errors name the file and line") {
  struct Case {
    std::string text, message;
  };
  const Case cases[] = {
      {"1 Across clue\n", "c.txt:1: expected WORD<TAB>clue or NUMBER DIRECTION<TAB>clue (no tab)"},
      {"1 Across\t \n", "c.txt:1: empty clue"},
      {"#\n1 A\tx\n1 Across\ty\n", "c.txt:3: '1 Across' already has a clue (line 2)"},
      {"12 Sideways\tx\n",
       "c.txt:1: '12 Sideways' is neither a word nor NUMBER DIRECTION (12 Across, 3 D)"},
      {"ok\tx\nbad\xff\ty\n", "c.txt:2: invalid UTF-8"},
      {std::string("a\tb\0c\n", 6), "c.txt:1: NUL byte"},
  };
  for (const Case& c : cases) {
    auto clues = ParseClues(c.text, "c.txt");
    REQUIRE(!clues.ok());
    CHECK(clues.status().message() == c.message);
  }
}

// A 3x3 ring: 1 Across, 3 Across (row 2), 1 Down, 2 Down; the letters of TOP, BOT, TAB,
// PIT, the last one `last`.
std::pair<Grid, std::vector<std::string>> Ring(const std::string& last) {
  auto grid = ParseGrid("g", "...\n.#.\n...\n");
  REQUIRE(grid.ok());
  return {*grid, {"T", "O", "P", "A", "", "I", "B", "O", last}};
}

TEST_CASE("clues: matched to slots by number first, then by word; unknown numbers refused") {
  const auto [grid, letters] = Ring("T");
  auto clues = ParseClues("1 D\tA counter\ntab\tNot this one\ntop\tSummit\n", "c");
  REQUIRE(clues.ok());
  CHECK(CheckClues(grid, *clues, "c").ok());
  const auto shown = SlotClues(grid, letters, *clues);
  REQUIRE(shown.size() == 4);
  CHECK(shown[0] == "Summit");
  CHECK(!shown[1].has_value());
  CHECK(shown[2] == "A counter");
  CHECK(!shown[3].has_value());
  auto missing = ParseClues("#\n9 Down\tNowhere\n", "c");
  REQUIRE(missing.ok());
  CHECK(CheckClues(grid, *missing, "c").message() == "c:2: the grid has no 9 Down");
}

// The .puz checksum (per byte: rotate right by one bit, then add), written again here from the
// format's definition.
uint16_t Cksum(std::string_view bytes, uint16_t c = 0) {
  for (unsigned char b : bytes) {
    c = (c & 1) ? (c >> 1) + 0x8000 : c >> 1;
    c = static_cast<uint16_t>(c + b);
  }
  return c;
}
uint16_t U16(const std::string& s, size_t at) {
  return static_cast<uint16_t>(static_cast<unsigned char>(s[at]) |
                               static_cast<unsigned char>(s[at + 1]) << 8);
}

TEST_CASE("puz: layout and checksums; Latin-1 letters; others refused") {
  const auto [grid, letters] = Ring("É");
  auto clues = ParseClues("1 Across\tSummit\n", "c");
  REQUIRE(clues.ok());
  FillOutputOptions options;
  options.format = FillFormat::kPuz;
  options.title = "T";
  options.clues = &*clues;
  std::string puz;
  REQUIRE(AppendFill(grid, letters, options, puz).ok());
  CHECK(puz.substr(2, 12) == std::string("ACROSS&DOWN\0", 12));
  CHECK(puz[0x2c] == 3);
  CHECK(puz[0x2d] == 3);
  CHECK(U16(puz, 0x2e) == 4);
  const std::string solution = puz.substr(0x34, 9), state = puz.substr(0x34 + 9, 9);
  CHECK(solution == "TOPA.IBO\xc9");
  CHECK(state == "----.----");
  // Strings: title, author (empty), copyright (empty), clues 1A 1D 2D 3A, notes.
  const std::string strings = puz.substr(0x34 + 18);
  // The entries without a clue have an empty one (which adds nothing to the checksums).
  CHECK(strings == std::string("T\0\0\0Summit\0\0\0\0\0", 15));
  const uint16_t cib = Cksum(puz.substr(0x2c, 8));
  CHECK(U16(puz, 0x0e) == cib);
  CHECK(U16(puz, 0x32) == 0);  // the solution is given
  const uint16_t text = Cksum("Summit", Cksum(std::string("T\0", 2)));
  const uint16_t file =
      Cksum("Summit", Cksum(std::string("T\0", 2), Cksum(state, Cksum(solution, cib))));
  CHECK(U16(puz, 0) == file);
  const uint16_t parts[4] = {cib, Cksum(solution), Cksum(state), text};
  for (int k = 0; k < 4; ++k) {
    CHECK(static_cast<unsigned char>(puz[0x10 + k]) == ("ICHEATED"[k] ^ (parts[k] & 0xff)));
    CHECK(static_cast<unsigned char>(puz[0x14 + k]) == ("ICHEATED"[k + 4] ^ (parts[k] >> 8)));
  }
  std::vector<std::string> greek = letters;
  greek[0] = "Ω";
  std::string refused;
  CHECK(AppendFill(grid, greek, options, refused).message() ==
        "puz: the letter 'Ω' at row 1, column 1 has no Latin-1 form (the format's only "
        "letters); ipuz holds any letter");
}

TEST_CASE("squares::ParseClues: the public reader, errors as squares::Error") {
  const std::vector<squares::Clue> clues = squares::ParseClues("3 Down\tx\nword\ty\n", "c");
  REQUIRE(clues.size() == 2);
  CHECK(clues[0].number == 3);
  CHECK(clues[0].direction == squares::Direction::kDown);
  CHECK(clues[1].word == "WORD");
  CHECK(clues[1].text == "y");
  try {
    squares::ParseClues("#\nno tab\n", "c.txt");
    FAIL("no error");
  } catch (const squares::Error& e) {
    CHECK(e.line() == 2);
    CHECK(e.source() == "c.txt");
  }
}

}  // namespace
}  // namespace squares::core

namespace squares::core {
namespace {

TEST_CASE("latex text: no text runs a command; controls left out; long text in lines") {
  std::vector<std::string> warnings;
  CHECK(LatexText("\\input{x} ^^5c \\write18 #$%&_{}~", "t", &warnings) ==
        "\\textbackslash{}input\\{x\\} \\textasciicircum{}\\textasciicircum{}5c "
        "\\textbackslash{}write18 \\#\\$\\%\\&\\_\\{\\}\\textasciitilde{}");
  CHECK(warnings.empty());
  CHECK(LatexText(std::string("a\n\nb\tc\0d\x7f"
                              "e\u200df\xff",
                              15),
                  "the title", &warnings) ==
        "a  b cde"
        "f\uFFFD");
  CHECK(warnings ==
        std::vector<std::string>{"the title: the control character U+0000 is left out",
                                 "the title: the control character U+007F is left out"});
  // 2500 letters without a space: lines of 1000 bytes joined by '%' (no space in between);
  // with spaces, a line ends at a space.
  const std::string long_word = LatexText(std::string(2500, 'x'), "t", nullptr);
  CHECK(long_word ==
        std::string(1000, 'x') + "%\n" + std::string(1000, 'x') + "%\n" + std::string(500, 'x'));
  std::string spaced;
  for (int k = 0; k < 300; ++k) spaced += "word ";
  const std::string broken = LatexText(spaced, "t", nullptr);
  CHECK(broken.find('%') == std::string::npos);
  CHECK(broken.find('\n') != std::string::npos);
  for (size_t start = 0, end; start < broken.size(); start = end + 1) {
    end = broken.find('\n', start);
    if (end == std::string::npos) end = broken.size();
    CHECK(end - start <= 1001);
  }
}

TEST_CASE("unused clues: a word no entry holds, a second clue for an entry") {
  auto grid = ParseGrid("g.txt", "REAR\n#AT#\nAREA\n");
  REQUIRE(grid.ok());
  std::vector<std::string> letters;
  for (char ch : std::string("REAR.AT.AREA"))
    letters.push_back(ch == '.' ? "" : std::string(1, ch));
  auto clues = ParseClues("1 Across\tBack\nzebra\tStriped\nrear\tBehind\narea\tSpace\n", "c.txt");
  REQUIRE(clues.ok());
  CHECK(UnusedClues(*grid, letters, *clues, "c.txt") ==
        std::vector<std::string>{
            "c.txt:2: no entry of the fill is ZEBRA: the clue is not used",
            "c.txt:3: 1 Across already has a clue (line 1): this one for REAR is not used"});
}

// Each cell's letter of `rows` ("" for '.' and '#').
std::vector<std::string> LettersOf(const std::string& rows) {
  std::vector<std::string> letters;
  for (char ch : rows) letters.push_back(ch == '.' || ch == '#' ? "" : std::string(1, ch));
  return letters;
}

std::string Document(const Grid& grid, const std::vector<std::string>& letters, FillFormat format,
                     std::vector<std::string>* warnings = nullptr) {
  FillOutputOptions options;
  options.format = format;
  options.title = "Blank";
  options.warnings = warnings;
  std::string out;
  const absl::Status status = AppendFill(grid, letters, options, out);
  CHECK(status.ok());
  return out;
}

TEST_CASE("unfilled grid: puz says it gives no solution, with 'X' there and a warning") {
  const auto [grid, filled] = Ring("T");
  for (const std::string& rows : {std::string("....#...."), std::string("TOP.#....")}) {
    const std::vector<std::string> letters = LettersOf(rows);
    std::vector<std::string> warnings;
    const std::string puz = Document(grid, letters, FillFormat::kPuz, &warnings);
    const std::string solution = puz.substr(0x34, 9), state = puz.substr(0x34 + 9, 9);
    CHECK(solution == (rows[0] == 'T' ? "TOPX.XXXX" : "XXXX.XXXX"));
    CHECK(state == "----.----");
    CHECK(U16(puz, 0x32) == 2);  // "no solution given"
    // The header's checksum covers that word, and the file's the whole of it.
    const uint16_t cib = Cksum(puz.substr(0x2c, 8));
    CHECK(U16(puz, 0x0e) == cib);
    CHECK(U16(puz, 0) == Cksum(std::string("Blank\0", 6), Cksum(state, Cksum(solution, cib))));
    CHECK(puz.substr(0x34 + 18) == std::string("Blank\0\0\0\0\0\0\0\0", 13));
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0] == std::string("puz: the grid has ") + (rows[0] == 'T' ? "5" : "8") +
                             " empty cells: the format has no empty answer, so the file marks "
                             "its solution as not given and holds 'X' there, which a reader that "
                             "ignores the mark takes for the answer");
  }
}

TEST_CASE("unfilled grid: ipuz, jpz, exolve, text and latex hold it; xd, across-text refuse") {
  const auto [grid, filled] = Ring("T");
  const std::vector<std::string> blank = LettersOf("....#...."), some = LettersOf("TOP.#....");
  // ipuz: no solution at all, or the "empty" value where a letter is missing.
  const std::string ipuz = Document(grid, blank, FillFormat::kIpuz);
  CHECK(ipuz.find("\"solution\"") == std::string::npos);
  CHECK(ipuz.find("[1, 0, 2],\n    [0, \"#\", 0],\n    [3, 0, 0]") != std::string::npos);
  CHECK(ipuz.find("\"Across\": [\n      [1, \"\"],\n      [3, \"\"]") != std::string::npos);
  CHECK(
      Document(grid, some, FillFormat::kIpuz)
          .find(
              "\"solution\": [\n    [\"T\", \"O\", \"P\"],\n    [0, \"#\", 0],\n    [0, 0, 0]\n") !=
      std::string::npos);
  // jpz: a cell without a letter has no solution attribute.
  const std::string jpz = Document(grid, some, FillFormat::kJpz);
  CHECK(jpz.find("<cell x=\"3\" y=\"1\" solution=\"P\" number=\"2\"/>") != std::string::npos);
  CHECK(jpz.find("<cell x=\"1\" y=\"2\"/>\n") != std::string::npos);
  CHECK(jpz.find("<cell x=\"1\" y=\"3\" number=\"3\"/>") != std::string::npos);
  CHECK(jpz.find("format=\"3\"></clue>") != std::string::npos);
  // exolve: '0' in every cell of a puzzle without its solution, '?' beside given letters.
  CHECK(Document(grid, blank, FillFormat::kExolve).find("    0 0 0\n    0 . 0\n    0 0 0\n") !=
        std::string::npos);
  const std::string exolve = Document(grid, some, FillFormat::kExolve);
  CHECK(exolve.find("    T O P\n    ? . ?\n    ? ? ?\n") != std::string::npos);
  CHECK(exolve.find("    1 (3)\n") != std::string::npos);
  // text: '.' for an empty cell, in the rows and the entries.
  CHECK(Document(grid, some, FillFormat::kText) ==
        "TOP\n.#.\n...\n\nAcross\n1. TOP\n3. ...\n\nDown\n1. T..\n2. P..\n");
  CHECK(Document(grid, some, FillFormat::kLines) == "TOP .#. ...\n");
  // latex: a blank puzzle, no solution page; a partly filled one's letters are not printed.
  std::vector<std::string> warnings;
  CHECK(Document(grid, blank, FillFormat::kLatex, &warnings).find("Solution") == std::string::npos);
  CHECK(warnings.empty());
  CHECK(Document(grid, some, FillFormat::kLatex, &warnings).find("Solution") == std::string::npos);
  CHECK(warnings == std::vector<std::string>{
                        "latex: the grid has 5 empty cells: no solution page, so its letters are "
                        "not printed"});
  // xd, Across Lite's text and the submission sheet hold only a filled grid.
  for (const auto& [format, name] :
       {std::pair{FillFormat::kXd, "xd"}, std::pair{FillFormat::kAcrossText, "across-text"},
        std::pair{FillFormat::kSubmissionLatex, "submission-latex"}}) {
    FillOutputOptions options;
    options.format = format;
    std::string out;
    const absl::Status status = AppendFill(grid, some, options, out);
    CHECK(status.code() == absl::StatusCode::kFailedPrecondition);
    CHECK(std::string(status.message())
              .rfind(std::string(name) + ": the grid has 5 empty cells, and ", 0) == 0);
    CHECK(out.empty());
  }
  FillOutputOptions fill_in;
  fill_in.fill_in = true;
  std::string out;
  CHECK(AppendFill(grid, blank, fill_in, out).message() ==
        "text: the grid has 8 empty cells, and a fill-in lists the fill's words (ipuz, puz, jpz, "
        "exolve, pdf, latex, svg and text hold an unfilled grid)");
  fill_in.format = FillFormat::kIpuz;  // which lists no words
  CHECK(AppendFill(grid, blank, fill_in, out).ok());
}

TEST_CASE(
    "empty clues: empty where the format holds one; [clue] and a warning in xd, across-text") {
  const auto [grid, letters] = Ring("T");
  std::vector<std::string> warnings;
  const std::string xd = Document(grid, letters, FillFormat::kXd, &warnings);
  CHECK(xd.find("A1. [clue] ~ TOP\nA3. [clue] ~ BOT\n") != std::string::npos);
  CHECK(warnings == std::vector<std::string>{
                        "xd: 4 entries have no clue (1 Across, 3 Across, 1 Down, 2 Down): written "
                        "as [clue], as the format's readers need text"});
  auto clues = ParseClues("1 Across\tSummit\n", "c");
  REQUIRE(clues.ok());
  FillOutputOptions options;
  options.format = FillFormat::kAcrossText;
  options.clues = &*clues;
  warnings.clear();
  options.warnings = &warnings;
  std::string text;
  REQUIRE(AppendFill(grid, letters, options, text).ok());
  CHECK(text.find("<ACROSS>\n\tSummit\n\t[clue]\n<DOWN>\n\t[clue]\n\t[clue]\n") !=
        std::string::npos);
  CHECK(warnings == std::vector<std::string>{
                        "across-text: 3 entries have no clue (3 Across, 1 Down, 2 Down): written "
                        "as [clue], as the format's readers need text"});
  for (FillFormat format : {FillFormat::kIpuz, FillFormat::kJpz, FillFormat::kLatex,
                            FillFormat::kExolve, FillFormat::kSvg, FillFormat::kJsonl}) {
    warnings.clear();
    CHECK(Document(grid, letters, format, &warnings).find("[clue]") == std::string::npos);
    CHECK(warnings.empty());
  }
}

}  // namespace
}  // namespace squares::core
