// The documents of a fill: the clues reader (core and public API), slot clue matching, and
// the .puz layout and checksums against the format's definition (the community's notes).
#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "fill/clues.h"
#include "fill/fill_document.h"
#include "fill/fill_output.h"
#include "fill/grid.h"
#include "fill/latex_text.h"
#include "fill/puzzle.h"
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
// A puzzle of `grid` whose solution is `letters`.
Puzzle PuzzleOf(const Grid& grid, const std::vector<std::string>& letters) {
  Puzzle puzzle;
  puzzle.grid = grid;
  puzzle.solution = letters;
  return puzzle;
}

uint16_t U16(const std::string& s, size_t at) {
  return static_cast<uint16_t>(static_cast<unsigned char>(s[at]) |
                               static_cast<unsigned char>(s[at + 1]) << 8);
}

TEST_CASE("puz: layout and checksums; Latin-1 letters; others refused") {
  const auto [grid, letters] = Ring("É");
  auto clues = ParseClues("1 Across\tSummit\n", "c");
  REQUIRE(clues.ok());
  Puzzle puzzle = PuzzleOf(grid, letters);
  puzzle.info.title = "T";
  puzzle.clues = *clues;
  FillOutputOptions options;
  options.format = FillFormat::kPuz;
  std::string puz;
  REQUIRE(AppendFill(puzzle, options, puz).ok());
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
  // Quotes opening and closing; right-to-left runs, the space after the last letter outside.
  CHECK(LatexText("\"a\" 'b' it's (\"c\")", "t", nullptr) == "“a” ‘b’ it’s (“c”)");
  CHECK(LatexText("say שלום עולם, then مرحبا", "t", nullptr) ==
        "say {\\textdir TRT שלום עולם}, then {\\textdir TRT مرحبا}");
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
  Puzzle puzzle = PuzzleOf(grid, letters);
  puzzle.info.title = "Blank";
  FillOutputOptions options;
  options.format = format;
  options.warnings = warnings;
  std::string out;
  const absl::Status status = AppendFill(puzzle, options, out);
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
    const absl::Status status = AppendFill(PuzzleOf(grid, some), options, out);
    CHECK(status.code() == absl::StatusCode::kFailedPrecondition);
    CHECK(std::string(status.message())
              .rfind(std::string(name) + ": the grid has 5 empty cells, and ", 0) == 0);
    CHECK(out.empty());
  }
  FillOutputOptions fill_in;
  fill_in.fill_in = true;
  std::string out;
  CHECK(AppendFill(PuzzleOf(grid, blank), fill_in, out).message() ==
        "text: the grid has 8 empty cells, and a fill-in lists the fill's words (ipuz, puz, jpz, "
        "exolve, pdf, latex, svg and text hold an unfilled grid)");
  fill_in.format = FillFormat::kIpuz;  // which lists no words
  CHECK(AppendFill(PuzzleOf(grid, blank), fill_in, out).ok());
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
  Puzzle puzzle = PuzzleOf(grid, letters);
  puzzle.clues = *clues;
  FillOutputOptions options;
  options.format = FillFormat::kAcrossText;
  warnings.clear();
  options.warnings = &warnings;
  std::string text;
  REQUIRE(AppendFill(puzzle, options, text).ok());
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

namespace squares::core {
namespace {

// One puzzle with all a puzzle holds: void cells (column 1), a block, a rebus (TAR), circles,
// shading, a bar (below P, which ends 2 Down there), markup and UTF-8 in its text, a comment
// sign for Exolve, an enumeration, and every field of its info.
//   _ T O P       1 Across TOP, 3 Across BO[TAR], 1 Down TAB, 2 Down I[TAR] (the bar below P
//   _ A # I       ends a Down entry at P: 2 Down starts at I)
//   _ B O [TAR]
Puzzle Everything() {
  Puzzle puzzle;
  Grid& g = puzzle.grid;
  g.rows = 3;
  g.cols = 4;
  g.black = {true, false, false, false, true, false, true, false, true, false, false, false};
  g.voids = {true, false, false, false, true, false, false, false, true, false, false, false};
  g.fixed.assign(12, "");
  g.marks.assign(12, 0);
  g.marks[1] = kCircled;
  g.marks[2] = kShaded;
  g.marks[9] = kCircled | kShaded;
  g.bars.assign(12, 0);
  g.bars[3] = kBarBelow;
  REQUIRE(NumberGrid("everything", g).ok());
  puzzle.solution = {"", "T", "O", "P", "", "A", "", "I", "", "B", "O", "TAR"};
  puzzle.info = {"Über «all»", "Ann Author", "Ed Editor", "© 2026 Ann", "2026-11-29",
                 "Theme: a hidden TAR", "Pub Co"};
  auto clues = ParseClues(
      "1 Across\t<i>Spinning</i> toy # of note\n3 Across\tRobot's \"boat\"\n"
      "1 Down\tΣ tab\n2 Down\tDeep hole\n",
      "c");
  REQUIRE(clues.ok());
  puzzle.clues = *clues;
  puzzle.clues[3].enumeration = "4";
  return puzzle;
}

std::string Write(const Puzzle& puzzle, FillFormat format, std::vector<std::string>& warnings) {
  FillOutputOptions options;
  options.format = format;
  options.warnings = &warnings;
  std::string out;
  REQUIRE(AppendFill(puzzle, options, out).ok());
  return out;
}

bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST_CASE("everything: the grid numbered around voids, a bar and a rebus") {
  const Puzzle puzzle = Everything();
  REQUIRE(puzzle.grid.slots.size() == 4);
  CHECK(SlotName(puzzle.grid.slots[3]) == "2 Down");
  CHECK(SlotWord(puzzle.grid.slots[3], puzzle.solution) == "ITAR");
  CHECK(Enumerations(puzzle) == std::vector<std::string>{"3", "3", "3", "4"});
  CHECK(PlainText("<i>a</i> <b>b</B> <sub>2</sub> < 3 <x>") == "a b 2 < 3 <x>");
  CHECK(MarkupXml("<i>a</i> & <x>") == "<i>a</i> &amp; &lt;x&gt;");
  CHECK(MarkupXml("<i>open, <b>crossed</i></b>") ==
        "&lt;i&gt;open, &lt;b&gt;crossed&lt;/i&gt;&lt;/b&gt;");
}

TEST_CASE("everything: every format but the PDFs writes it") {
  for (FillFormat format :
       {FillFormat::kText, FillFormat::kLines, FillFormat::kJsonl, FillFormat::kIpuz,
        FillFormat::kLatex, FillFormat::kSvg, FillFormat::kPuz, FillFormat::kJpz, FillFormat::kXd,
        FillFormat::kExolve, FillFormat::kAcrossText, FillFormat::kSubmissionLatex}) {
    std::vector<std::string> warnings;
    CHECK(!Write(Everything(), format, warnings).empty());
  }
  std::vector<std::string> warnings;
  CHECK(Write(Everything(), FillFormat::kText, warnings)
            .rfind("_TOP\n_A#I\n_BO[TAR]\n\nAcross\n1. TOP\tSpinning toy # of note\n", 0) == 0);
  CHECK(Write(Everything(), FillFormat::kLines, warnings) == "_TOP _A#I _BO[TAR]\n");
  CHECK(warnings.empty());
}

TEST_CASE("everything: ipuz holds it all") {
  std::vector<std::string> warnings;
  const std::string ipuz = Write(Everything(), FillFormat::kIpuz, warnings);
  CHECK(warnings.empty());
  CHECK(Has(ipuz, "\"editor\": \"Ed Editor\",\n"));
  CHECK(Has(ipuz, "\"publisher\": \"Pub Co\",\n"));
  CHECK(Has(ipuz, "\"date\": \"2026-11-29\",\n"));
  CHECK(Has(ipuz, "\"notes\": \"Theme: a hidden TAR\",\n"));
  CHECK(Has(ipuz, "[null, {\"cell\": 1, \"style\": {\"shapebg\": \"circle\"}}, "
                  "{\"cell\": 0, \"style\": {\"color\": \"D1D1D1\"}}, "
                  "{\"cell\": 0, \"style\": {\"barred\": \"B\"}}],\n"));
  CHECK(Has(ipuz, "[null, {\"cell\": 3, \"style\": {\"shapebg\": \"circle\", \"color\": "
                  "\"D1D1D1\"}}, 0, 0]\n"));
  CHECK(Has(ipuz, "[null, \"B\", \"O\", \"TAR\"]\n"));
  CHECK(Has(ipuz, "[1, \"<i>Spinning</i> toy # of note\"]"));
  CHECK(Has(ipuz, "{\"number\": 2, \"clue\": \"Deep hole\", \"enumeration\": \"4\", "
                  "\"answer\": \"ITAR\"}"));
}

TEST_CASE("everything: xd keys the rebus, lower-cases circles, says what it cannot hold") {
  std::vector<std::string> warnings;
  const std::string xd = Write(Everything(), FillFormat::kXd, warnings);
  CHECK(xd.rfind("Title: Über «all»\nAuthor: Ann Author\nEditor: Ed Editor\n"
                 "Copyright: © 2026 Ann\nDate: 2026-11-29\n"
                 "Rebus: 1=TAR\nSpecial: circle\n\n\n_tOP\n_A#I\n_bO1\n\n\n",
                 0) == 0);
  // The notes as the fourth part, after two blank lines.
  CHECK(xd.ends_with("D2. [clue] ~ PITAR\n\n\nTheme: a hidden TAR\n"));
  CHECK(Has(xd, "A1. {/Spinning/} toy # of note ~ TOP\n"));
  // Its readers number the grid without the bar: 2 Down is PITAR, whose clue the puzzle has
  // not (that of ITAR, which starts after the bar, is left out).
  CHECK(Has(xd, "D1. Σ tab ~ TAB\nD2. [clue] ~ PITAR\n"));
  CHECK(ReadPuzzle("e.xd", xd).ok());
  Puzzle open = Everything();
  open.clues[0].text = "<b>Open, <i>crossed</b></i>";
  std::vector<std::string> more;
  CHECK(Has(Write(open, FillFormat::kXd, more), "A1. Open, crossed ~ TOP\n"));
  open.clues[0].text = "H<sub>2</sub>O, <b>bold</b>";
  CHECK(Has(Write(open, FillFormat::kXd, more), "A1. H2O, {*bold*} ~ TOP\n"));
  CHECK(warnings == std::vector<std::string>{
                        "xd: 1 bar: the format has none, so its entries are numbered without "
                        "them (the clues of 2 Down left out)",
                        "xd: the publisher: the format has no place for it",
                        "xd: 2 shaded cells: left plain, as the format marks cells one way only "
                        "and the grid has circles",
                        "xd: 1 entry has no clue (2 Down): written as [clue], as the format's "
                        "readers need text"});
}

TEST_CASE("everything: across-text MARKs circles and spells out the rebus") {
  std::vector<std::string> warnings;
  const std::string text = Write(Everything(), FillFormat::kAcrossText, warnings);
  CHECK(Has(text, "<GRID>\n\t.tOP\n\t.A.I\n\t.bO1\n<REBUS>\n\tMARK;\n\t1:TAR:T\n"));
  CHECK(Has(text, "<ACROSS>\n\tSpinning toy # of note\n"));
  CHECK(Has(text, "<NOTEPAD>\nTheme: a hidden TAR\n"));
  CHECK(ReadPuzzle("e.txt", text).ok());
  CHECK(warnings == std::vector<std::string>{
                        "across-text: 1 bar: the format has none, so its entries are numbered "
                        "without them (the clues of 2 Down left out)",
                        "across-text: 2 shaded cells: the format has no shading",
                        "across-text: 3 void cells: written as blocks, as the format has none",
                        "across-text: the editor: the format has no place for it",
                        "across-text: the publisher: the format has no place for it",
                        "across-text: the date: the format has no place for it",
                        "across-text: 1 entry has no clue (2 Down): written as [clue], as the "
                        "format's readers need text"});
}

TEST_CASE("everything: exolve circles, bars, rebus cells, shading, an id, '#' kept") {
  std::vector<std::string> warnings;
  const Puzzle puzzle = Everything();
  const std::string page = Write(puzzle, FillFormat::kExolve, warnings);
  CHECK(Has(page, "  exolve-option: rebus-cells\n  exolve-colour: lightgray c3r3 c2r1\n"));
  CHECK(Has(page, "    . T@ O P_\n    . A . I\n    . B@ O TAR\n"));
  CHECK(Has(page, "    1 <i>Spinning</i> toy &#35; of note (3)\n"));
  CHECK(Has(page, "    2 Deep hole (4)\n"));
  CHECK(Has(page, "  exolve-credits: Editor: Ed Editor\n"));
  CHECK(!Has(page, "squares-puzzle"));
  const size_t id = page.find("exolve-id: squares-");
  REQUIRE(id != std::string::npos);
  Puzzle other = puzzle;
  other.info.title = "Another";
  std::vector<std::string> ignored;
  CHECK(Write(other, FillFormat::kExolve, ignored).find(page.substr(id, 36)) ==
        std::string::npos);
  CHECK(Write(puzzle, FillFormat::kExolve, ignored).find(page.substr(id, 36)) == id);
  CHECK(warnings == std::vector<std::string>{
                        "exolve: 3 void cells: written as blocks, as the format has none"});
}

TEST_CASE("everything: puz 2.0 with GRBS, RTBL and GEXT when text leaves Latin-1") {
  std::vector<std::string> warnings;
  const std::string puz = Write(Everything(), FillFormat::kPuz, warnings);
  CHECK(puz.substr(0x18, 4) == std::string("2.0\0", 4));
  // Its clues are those of the entries its readers number, without the bar.
  const absl::StatusOr<Puzzle> read = ReadPuzzle("e.puz", puz);
  REQUIRE(read.ok());
  CHECK(read->clues.size() == 4);
  CHECK(puz.substr(0x34, 12) == ".TOP.A.I.BOT");
  CHECK(Has(puz, std::string("Σ tab\0", 7)));
  const size_t grbs = puz.find("GRBS");
  REQUIRE(grbs != std::string::npos);
  CHECK(U16(puz, grbs + 4) == 12);
  CHECK(puz.substr(grbs + 8, 13) == std::string("\0\0\0\0\0\0\0\0\0\0\0\1\0", 13));
  CHECK(U16(puz, grbs + 6) == Cksum(puz.substr(grbs + 8, 12)));
  CHECK(puz.substr(grbs + 21, 4) == "RTBL");
  CHECK(puz.substr(grbs + 29, 7) == std::string(" 0:TAR;\0", 8).substr(0, 7));
  const size_t gext = puz.find("GEXT");
  REQUIRE(gext != std::string::npos);
  CHECK(puz.substr(gext + 8, 12) ==
        std::string("\0\x80\0\0\0\0\0\0\0\x80\0\0", 12));
  CHECK(warnings == std::vector<std::string>{
                        "puz: 1 bar: the format has none, so its entries are numbered without "
                        "them (the clues of 2 Down left out)",
                        "puz: 2 shaded cells: the format has no shading",
                        "puz: 3 void cells: written as blocks, as the format has none",
                        "puz: the editor: the format has no place for it",
                        "puz: the publisher: the format has no place for it",
                        "puz: the date: the format has no place for it",
                        "puz: the clue of 1 Down has 'Σ' (U+03A3), beyond Latin-1: written as "
                        "version 2.0, in UTF-8, which readers of version 1.3 (Latin-1) misread"});
}

TEST_CASE("everything: jpz, svg and latex draw it all") {
  std::vector<std::string> warnings;
  const std::string jpz = Write(Everything(), FillFormat::kJpz, warnings);
  CHECK(Has(jpz, "<cell x=\"1\" y=\"1\" type=\"void\"/>"));
  CHECK(Has(jpz, "<cell x=\"4\" y=\"2\" solution=\"I\" number=\"2\" top-bar=\"true\"/>"));
  CHECK(Has(jpz, "<cell x=\"4\" y=\"3\" solution=\"TAR\"/>"));
  CHECK(Has(jpz, "<cell x=\"2\" y=\"3\" solution=\"B\" number=\"3\" "
                 "background-shape=\"circle\" background-color=\"#D1D1D1\"/>"));
  CHECK(Has(jpz, "<editor>Ed Editor</editor>\n"));
  CHECK(Has(jpz, "format=\"4\">Deep hole</clue>"));
  CHECK(Has(jpz, "format=\"3\"><i>Spinning</i> toy # of note</clue>"));
  CHECK(warnings ==
        std::vector<std::string>{"jpz: the date: the format has no place for it"});
  warnings.clear();
  FillOutputOptions options;
  options.format = FillFormat::kSvg;
  options.solution = true;
  options.warnings = &warnings;
  std::string svg;
  REQUIRE(AppendFill(Everything(), options, svg).ok());
  CHECK(Has(svg, "font-size=\"15\" text-anchor=\"middle\">TAR</text>"));
  CHECK(Has(svg, "<line class=\"bar\" x1=\"100\" y1=\"100\" x2=\"132\" y2=\"100\""));
  CHECK(!Has(svg, "<rect x=\"4\" y=\"68\""));  // the void cell at row 1, column 1
  CHECK(Has(svg, ">Theme: a hidden TAR</text>"));
  CHECK(warnings.empty());
  warnings.clear();
  const std::string latex = Write(Everything(), FillFormat::kLatex, warnings);
  CHECK(Has(latex, "|{}|[1][fO]T|[][gf]O|[][fB]P|.\n"));
  CHECK(Has(latex, "|{}|[3][gfO]B|O|{\\relax{}\\SqFit{TAR}}|.\n"));
  CHECK(Has(latex, "{\\small Edited by Ed Editor}\\par\n"));
  CHECK(Has(latex, "Robot’s “boat” (3)"));
  CHECK(Has(latex, "\\SqEntry{1}{\\textit{Spinning} toy \\# of note (3)}"));
  CHECK(warnings.empty());
}

}  // namespace
}  // namespace squares::core
