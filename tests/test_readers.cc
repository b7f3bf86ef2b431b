// The readers of Crossword Compiler .jpz, .xd, Across Lite text and Exolve behind
// Puzzle::Parse: files of the formats' own authors (Exolve's examples) and hand-made ones
// with every feature read field by field; the project's own documents read back; bad files
// refused with the file, the format and the line.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "squares/error.h"
#include "squares/fill.h"
#include "squares/puzzle.h"

namespace squares {
namespace {

std::string Data(const std::string& name) {
  std::ifstream in(std::string(SQUARES_TEST_DATA) + "/puzzles/" + name, std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

Puzzle Read(const std::string& name) { return Puzzle::Parse(Data(name), name); }

// The puzzle as rows of what `show` makes of each cell.
template <typename Show>
std::vector<std::string> Table(const Puzzle& puzzle, Show show) {
  std::vector<std::string> rows(puzzle.rows);
  for (int r = 0; r < puzzle.rows; ++r) {
    for (int c = 0; c < puzzle.cols; ++c) rows[r] += show(puzzle.cell(r, c));
  }
  return rows;
}

// The grid as rows: '#' block, '_' void, '.' white without a solution, else the solution
// ("[STAR]" for several letters).
std::vector<std::string> Rows(const Puzzle& puzzle) {
  return Table(puzzle, [](const PuzzleCell& cell) -> std::string {
    if (cell.kind != CellKind::kWhite) return cell.kind == CellKind::kBlock ? "#" : "_";
    if (cell.solution.empty()) return ".";
    const bool ascii = static_cast<unsigned char>(cell.solution[0]) < 0x80;
    return cell.solution.size() > 1 && ascii ? "[" + cell.solution + "]" : cell.solution;
  });
}

// Each cell's marks and bars as rows: '#' not white, else 'O' circled, '*' shaded, '!' given,
// '|' bar right, '_' bar below, '+' both, '.' none (the first that applies).
std::vector<std::string> Marks(const Puzzle& puzzle) {
  return Table(puzzle, [](const PuzzleCell& cell) {
    return cell.kind != CellKind::kWhite      ? '#'
           : cell.circled                     ? 'O'
           : cell.shaded                      ? '*'
           : !cell.given.empty()              ? '!'
           : cell.bar_right && cell.bar_below ? '+'
           : cell.bar_right                   ? '|'
           : cell.bar_below                   ? '_'
                                              : '.';
  });
}

// The clues as "1A text (enumeration)".
std::vector<std::string> Clues(const Puzzle& puzzle) {
  std::vector<std::string> clues;
  for (const Clue& clue : puzzle.clues) {
    std::string text = std::to_string(clue.number) +
                       (clue.direction == Direction::kAcross ? "A " : "D ") + clue.text;
    if (!clue.enumeration.empty()) text += " (" + clue.enumeration + ")";
    clues.push_back(text);
  }
  return clues;
}

// The message of the error Puzzle::Parse gives for `text` named `name` ("" when none).
std::string ErrorOf(const std::string& text, const std::string& name) {
  try {
    Puzzle::Parse(text, name);
  } catch (const Error& error) {
    CHECK(error.kind() == ErrorKind::kData);
    return error.what();
  }
  return "";
}

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST_CASE("jpz: a hand-made file with every feature, field by field") {
  const Puzzle p = Read("tiny.jpz");
  CHECK(p.format == "jpz");
  CHECK(Rows(p) == std::vector<std::string>{"CAT#", "A[STAR]EA", "_EAR"});
  CHECK(Marks(p) == std::vector<std::string>{"O..#", "...*", "#!.."});
  // Circle, shading, the given letter, and the top bar of (3,4) as the bar below (2,4).
  CHECK(p.cell(0, 0).circled);
  CHECK(p.cell(1, 3).shaded);
  CHECK(p.cell(1, 3).bar_below);
  CHECK(p.cell(2, 1).given == "E");
  CHECK(p.cell(2, 0).kind == CellKind::kVoid);
  CHECK(p.info.title == "Tiny & Barred");
  CHECK(p.info.author == "Ann Author");
  CHECK(p.info.editor == "Ed Editor");
  CHECK(p.info.copyright == "© 2026 Ann Author");
  CHECK(p.info.publisher == "Test Press");
  CHECK(p.info.notes == "Circle the <i>cat</i>.");
  CHECK(Clues(p) == std::vector<std::string>{"1A <i>Felis</i> pet (3)", "4A Region with a star (7)",
                                             "5A Listener (3)", "1D H<sub>2</sub>O & CA (2)",
                                             "2D Stellar (6)", "3D Drink (3)"});
  CHECK(p.warnings.empty());
  // kotwords writes a given letter as a "clue" cell with its letter; an empty one is a block.
  std::string kotwords = Data("tiny.jpz");
  kotwords.replace(kotwords.find("hint=\"true\""), 11, "type=\"clue\"");
  CHECK(Puzzle::Parse(kotwords, "k.jpz").cell(2, 1).given == "E");
}

TEST_CASE("jpz: a zipped .jpz (Python's zipfile, deflated) reads as its XML") {
  const Puzzle xml = Read("tiny.jpz"), zipped = Read("tiny-zipped.jpz");
  CHECK(zipped.format == "jpz");
  CHECK(Rows(zipped) == Rows(xml));
  CHECK(Marks(zipped) == Marks(xml));
  CHECK(Clues(zipped) == Clues(xml));
  CHECK(zipped.info.title == xml.info.title);
  CHECK(zipped.info.notes == xml.info.notes);
}

TEST_CASE("xd: headers, rebus, special cells, voids, markup and notes") {
  const Puzzle p = Read("tiny.xd");
  CHECK(p.format == "xd");
  CHECK(Rows(p) == std::vector<std::string>{"C[STAR]T#", "AR[HEART]A", "_EAR"});
  CHECK(Marks(p) == std::vector<std::string>{"O..#", "....", "#.O."});
  CHECK(p.info.title == "Tiny Rebus");
  CHECK(p.info.editor == "Ed Editor");
  CHECK(p.info.date == "2026-11-29");
  CHECK(p.info.notes ==
        "A hand-made puzzle: two rebus cells, two circles, a void.\nNotes after the clues.");
  CHECK(Clues(p) == std::vector<std::string>{"1A <i>Felis</i> pet", "4A Region", "6A Listener",
                                             "1D Pet", "2D Stellar", "3D Heart", "5D Letter"});
  CHECK(p.warnings.empty());

  const Puzzle h = Read("tiny-headings.xd");  // "## Grid" headings, shading, an empty cell
  CHECK(Rows(h) == std::vector<std::string>{"CA.", "A#R", "TAE"});
  CHECK(Marks(h) == std::vector<std::string>{".*.", ".#.", ".*."});
  CHECK(Clues(h) ==
        std::vector<std::string>{"1A Three letters", "3A <b>Bold</b> start", "1D Pet", "2D End"});

  // Puzzmo's xd: '.' blocks, lower case circled without a Special header, Design and Start.
  const Puzzle z = Puzzle::Parse(
      "## Metadata\n\ntitle: Puzzmo\ndescription: N/A\n\n## Grid\n\nCAT.\nAREA\n.EaR\n\n"
      "## Clues\n\nA1. Pet ~ CAT\n\n## Design\n\n"
      "<style>S { background: circle } B { bar-left: true }</style>\n\nS...\n..B.\n....\n\n"
      "## Start\n\n....\n.R..\n....\n",
      "z.xd");
  CHECK(Rows(z) == std::vector<std::string>{"CAT#", "AREA", "#EAR"});
  CHECK(Marks(z) == std::vector<std::string>{"O..#", ".!..", "#.O."});
  CHECK(z.cell(1, 1).bar_right);
  CHECK(z.info.title == "Puzzmo");
  CHECK(z.info.notes.empty());
}

TEST_CASE("across-text: v1 and v2 with REBUS markers, MARK and the notepad") {
  const Puzzle v1 = Read("tiny-v1.txt");
  CHECK(v1.format == "across-text");
  CHECK(Rows(v1) == std::vector<std::string>{"CAT#", "AREA", "#EAR"});
  CHECK(v1.info.title == "Tiny Version One");
  CHECK(v1.info.copyright == "2026 Ann Author");
  CHECK(v1.info.notes == "A hand-made puzzle.\n  Indented second line.");
  CHECK(Clues(v1) == std::vector<std::string>{"1A Pet", "4A Region", "6A Listener",
                                              "1D Alternating current", "2D Exist", "3D Drink",
                                              "5D Air: prefix"});
  const Puzzle v2 = Read("tiny-v2.txt");
  CHECK(Rows(v2) == std::vector<std::string>{"C[STAR]T#", "AR[HEART]A", "#EAR"});
  CHECK(Marks(v2) == std::vector<std::string>{"O..#", "...O", "#..."});
  CHECK(v2.info.copyright.empty());
  CHECK(Clues(v2).size() == 7);
  // A puzzle given without its solution: every letter X.
  std::string unsolved = Data("tiny-v1.txt");
  for (const char* row : {"CAT.", "AREA", ".EAR"}) {
    std::string x = row;
    for (char& ch : x) ch = ch == '.' ? '.' : 'X';
    unsolved.replace(unsolved.find(row), 4, x);
  }
  CHECK(Rows(Puzzle::Parse(unsolved, "x.txt")) == std::vector<std::string>{"...#", "....", "#..."});
}

TEST_CASE("exolve: the examples of Exolve's author") {
  const Puzzle basic = Read("exolve/example-basic-with-solution.exolve");
  CHECK(basic.format == "exolve");
  CHECK(Rows(basic) == std::vector<std::string>{"HELLO", "O###L", "WORLD", "L###E", "STEER"});
  CHECK(basic.info.title == "Tiny Demo Crossword");
  CHECK(basic.info.author == "Exolve");
  CHECK(Clues(basic) == std::vector<std::string>{"1A Greeting (5)", "3A Earth (5)", "4A Guide (5)",
                                                 "1D Emits cry (5)", "2D More ancient (5)"});
  // The annotation after 1 Across and the explanations are not in the model: said so.
  REQUIRE(basic.warnings.size() == 2);

  const Puzzle bars = Read("exolve/example-bars-and-blocks.exolve");
  CHECK(Rows(bars) == std::vector<std::string>{"HEBOO", "I###L", "WORLD", "A###O", "SUEAN"});
  CHECK(Marks(bars) == std::vector<std::string>{".|...", "_###.", "...._", ".###.", "..|.."});
  CHECK(Clues(bars) == std::vector<std::string>{"1A The man (2)", "2A Jeer (3)", "4A Planet (5)",
                                                "6A Take legal action against (3)",
                                                "7A Article (2)", "1D Greeting (2)", "3D Aged (3)",
                                                "4D Used to be (3)", "5D Working (2)"});
  CHECK(bars.warnings.empty());

  const Puzzle circles = Read("exolve/example-bars-blocks-circles-diagramless.exolve");
  CHECK(Marks(circles) == std::vector<std::string>{".O..O", "_###.", "...._", ".###.", "..|.."});
  CHECK(circles.warnings.size() == 1);  // the diagramless cells

  const Puzzle rebus = Read("exolve/test-rebus.html");
  CHECK(Rows(rebus) == std::vector<std::string>{"[RAN]G[E%7@]", "[DO]#A", "MET"});
  CHECK(Clues(rebus).size() == 4);

  const Puzzle russian = Read("exolve/test-russian.html");
  CHECK(Rows(russian) == std::vector<std::string>{"АБВГД", "Б#Б#Б", "АБВГД", "Г#Г#Г", "АБВГД"});
  CHECK(russian.info.copyright == "2020 Viresh Ratnakar");
  CHECK(Contains(russian.info.notes, "Google Input Tools"));
  CHECK(Clues(russian)[0] == "1A АБВГД (5)");
}

TEST_CASE("exolve: comments, given letters, colours, labels and enumerations") {
  const std::string page =
      "<html><script>createExolve(`\n"
      "exolve-begin\n"
      "  exolve-title: Fish &amp; Chips # a comment\n"
      "  exolve-setter: Ann\n"
      "  exolve-width: 4\n"
      "  exolve-height: 3\n"
      "  exolve-colour: lightblue a1 1d\n"
      "  exolve-preamble:\n"
      "    Line one &lt;b&gt;\n"
      "    Line two\n"
      "  exolve-grid:\n"
      "    C A T .\n"
      "    A R! E A   # the R is given\n"
      "    . E A R\n"
      "  exolve-across:\n"
      "    1a Pet (3)* not shown\n"
      "    4 Region #1 (4) annotated\n"
      "    [X] a clue without a number\n"
      "  exolve-down:\n"
      "    1 Sum (1,1) [] anno\n"
      "    2, 3 Linked (3)\n"
      "  exolve-nodir:\n"
      "    5d Ocean (2)\n"
      "    Anywhere (3)\n"
      "exolve-end\n"
      "`);</script></html>\n";
  const Puzzle p = Puzzle::Parse(page, "p.html");
  CHECK(Rows(p) == std::vector<std::string>{"CAT#", "AREA", "#EAR"});
  CHECK(Marks(p) == std::vector<std::string>{"*..#", "*!..", "#..."});
  CHECK(p.info.title == "Fish & Chips");
  CHECK(p.info.notes == "Line one <b>\nLine two");
  CHECK(Clues(p) == std::vector<std::string>{"1A Pet (3)", "4A Region #1 (4)", "1D Sum (1,1)",
                                             "2D Linked (3)", "5D Ocean (2)"});
  REQUIRE(p.warnings.size() == 1);
  CHECK(p.warnings[0] ==
        "p.html: exolve: 1 clue lines without a number, 1 clues without a direction, the "
        "annotations of 3 clues, the links of 1 clues to others (their text is kept on the "
        "first entry) not kept");
}

TEST_CASE("jpz and xd: kotwords' files of one puzzle read alike") {
  // kotwords (an independent writer) saves each of its example puzzles as .jpz and .xd: the
  // two readers must agree on every cell, mark, bar and clue.
  for (const std::string name : {"test", "test-barred", "test-shaded", "test-prefilled"}) {
    CAPTURE(name);
    const Puzzle jpz = Read("kotwords/" + name + ".jpz");
    const Puzzle xd = Read("kotwords/" + name + ".xd");
    CHECK(jpz.format == "jpz");
    CHECK(xd.format == "xd");
    CHECK(Rows(jpz) == Rows(xd));
    CHECK(Marks(jpz) == Marks(xd));
    CHECK(jpz.info.title == xd.info.title);
    CHECK(jpz.info.author == xd.info.author);
    CHECK(jpz.info.copyright == xd.info.copyright);
    // test.xd's clues carry Puzzmo's link and image markup, which stays as written.
    if (name != "test") CHECK(Clues(jpz) == Clues(xd));
  }
  const Puzzle p = Read("kotwords/test.jpz");
  CHECK(Rows(p) == std::vector<std::string>{"ABCD#", "EFGH#", "IJ[XYZ]LM", "#NOPQ", "#12$@"});
  CHECK(Marks(p) == std::vector<std::string>{"....#", "....#", "O...O", "#....", "#...."});
  const Puzzle barred = Read("kotwords/test-barred.jpz");
  CHECK(Marks(barred) == std::vector<std::string>{"_..|.", ".....", "|.#|.", "...._", "|...."});
}

// What each writer of the project keeps today, which its reader must give back.
struct Kept {
  DocumentFormat format;
  bool rebus, marks;
};

TEST_CASE("readers: the project's own documents read back") {
  const Kept kept[] = {{DocumentFormat::kJpz, true, true},
                       {DocumentFormat::kXd, true, false},
                       {DocumentFormat::kExolve, false, false},
                       {DocumentFormat::kAcrossText, false, false}};
  for (const char* name :
       {"tiny.jpz", "tiny.xd", "tiny-v1.txt", "tiny-v2.txt",
        "exolve/example-basic-with-solution.exolve", "exolve/example-bars-and-blocks.exolve"}) {
    const Puzzle original = Read(name);
    bool rebus = false, marks = false, bars = false;
    for (const PuzzleCell& cell : original.cells) {
      rebus = rebus || cell.solution.size() > 1;
      marks = marks || cell.circled || cell.shaded;
      bars = bars || cell.bar_right || cell.bar_below;
    }
    for (const Kept& format : kept) {
      if ((rebus && !format.rebus) || bars) continue;
      CAPTURE(name);
      CAPTURE(static_cast<int>(format.format));
      DocumentOptions options;
      options.format = format.format;
      const Puzzle back = Puzzle::Parse(WritePuzzle(original, options), "back");
      std::vector<std::string> rows = Rows(original), back_rows = Rows(back);
      for (auto* grid : {&rows, &back_rows}) {
        for (std::string& row : *grid) {
          for (char& ch : row) ch = ch == '_' ? '#' : ch;  // voids are blocks to most writers
        }
      }
      CHECK(back_rows == rows);
      CHECK(back.info.title == original.info.title);
      CHECK(back.info.author == original.info.author);
      if (format.marks) CHECK(Marks(back) == Marks(original));
      std::vector<std::string> clues, back_clues;
      for (const Clue& clue : original.clues) clues.push_back(clue.text);
      for (const Clue& clue : back.clues) back_clues.push_back(clue.text);
      CHECK(back_clues == clues);
    }
  }
}

// Whether a warning names the notes.
bool WarnsOfNotes(const std::vector<std::string>& warnings) {
  for (const std::string& warning : warnings) {
    if (Contains(warning, "the notes")) return true;
  }
  return false;
}

TEST_CASE("readers: notes written and read back exactly, or a warning, in every format") {
  // Notes as puzpy's test files end them, inner blank lines and line breaks, blanks around.
  // xd and Across Lite's text keep the lines from the first that is not blank to the last,
  // less their common indentation: what they read back otherwise is given, with a warning.
  struct Case {
    std::string notes, plain_text;  // plain_text: what xd and across-text read back
  };
  const Case cases[] = {
      {"He said \"ross.\"\r\n", "He said \"ross.\""},
      {"Theme.\n", "Theme."},
      {"One.\n\nTwo.\n\n\n  Three.\r\n\r\nFour.", "One.\n\nTwo.\n\n\n  Three.\r\n\r\nFour."},
      {"\r\n\tLead and trail \r\n\n", "Lead and trail "},
      {"exolve-end\n# no comment ~{x}~ &#10; </description>", ""},
  };
  Puzzle original = Read("tiny-v2.txt");
  for (DocumentFormat format :
       {DocumentFormat::kIpuz, DocumentFormat::kPuz, DocumentFormat::kJpz, DocumentFormat::kXd,
        DocumentFormat::kExolve, DocumentFormat::kAcrossText}) {
    const bool plain_text = format == DocumentFormat::kXd || format == DocumentFormat::kAcrossText;
    for (const Case& c : cases) {
      CAPTURE(static_cast<int>(format));
      CAPTURE(c.notes);
      original.info.notes = c.notes;
      std::vector<std::string> warnings;
      DocumentOptions options;
      options.format = format;
      options.warnings = &warnings;
      const Puzzle back = Puzzle::Parse(WritePuzzle(original, options), "back");
      const std::string want = plain_text && !c.plain_text.empty() ? c.plain_text : c.notes;
      CHECK(back.info.notes == want);
      CHECK(WarnsOfNotes(warnings) == (want != c.notes));
    }
  }
  // A line the format would read as its own is left out, with a warning naming it.
  for (const auto& [format, line, message] :
       {std::tuple{DocumentFormat::kXd, "## Notes",
                   "xd: the notes' line '## Notes': the format "
                   "reads it as its own markup: left out"},
        {DocumentFormat::kAcrossText, " <TITLE> ",
         "across-text: the notes' line '<TITLE>': the "
         "format reads it as its own markup: left out"}}) {
    original.info.notes = std::string("Before\n") + line + "\nAfter";
    std::vector<std::string> warnings;
    DocumentOptions options;
    options.format = format;
    options.warnings = &warnings;
    const Puzzle back = Puzzle::Parse(WritePuzzle(original, options), "back");
    CHECK(back.info.notes == "Before\nAfter");
    CHECK(warnings == std::vector<std::string>{message});
  }
}

TEST_CASE("readers: xd and across-text fields are lines, read trimmed: a warning otherwise") {
  Puzzle original = Read("tiny-v2.txt");
  original.info.notes.clear();
  original.info.author = "  Ann\r\nAuthor ";
  original.info.title = "Plain";
  REQUIRE(original.clues.size() == 7);
  REQUIRE(original.clues[2].text == "Listener");
  REQUIRE(original.clues[2].direction == Direction::kAcross);
  original.clues[2].text = "Listener,\nor reader";
  for (const auto& [format, name] :
       {std::pair{DocumentFormat::kXd, "xd"}, {DocumentFormat::kAcrossText, "across-text"}}) {
    std::vector<std::string> warnings;
    DocumentOptions options;
    options.format = format;
    options.warnings = &warnings;
    const Puzzle back = Puzzle::Parse(WritePuzzle(original, options), "back");
    CHECK(back.info.author == "Ann  Author");
    CHECK(back.info.title == "Plain");
    REQUIRE(back.clues.size() == 7);
    CHECK(back.clues[2].text == "Listener, or reader");
    const std::string lines =
        "'s line breaks, tabs or blanks around it: written on one line, as the format's "
        "readers read it trimmed";
    CHECK(warnings == std::vector<std::string>{std::string(name) + ": the author" + lines,
                                               std::string(name) + ": the clue of " +
                                                   std::to_string(original.clues[2].number) +
                                                   " Across" + lines});
  }
}

TEST_CASE("readers: bad files are refused with the file, the format and the line") {
  const std::string jpz = Data("tiny.jpz");
  CHECK(ErrorOf(jpz.substr(0, jpz.size() / 2), "t.jpz") ==
        "t.jpz:23: jpz: the file ends inside the tag <cell>");
  CHECK(ErrorOf(jpz.substr(0, jpz.find("<word id=\"2\"")), "t.jpz") ==
        "t.jpz:31: jpz: the file ends inside <crossword> of line 15");
  std::string lying = jpz;
  lying.replace(lying.find("width=\"4\""), 9, "width=\"3\"");
  CHECK(ErrorOf(lying, "t.jpz") ==
        "t.jpz:21: jpz: a cell at x=\"4\" y=\"1\", outside the 3x3 grid");
  CHECK(ErrorOf(std::string("PK\x03\x04zzzz", 8), "z.jpz") ==
        "z.jpz: jpz: a zipped .jpz: a truncated or damaged ZIP archive: 8 bytes, fewer than any "
        "archive has");
  // The zipped tiny.jpz cut short.
  std::string zipped = Data("tiny-zipped.jpz");
  CHECK(Contains(ErrorOf(zipped.substr(0, zipped.size() - 30), "z.jpz"),
                 "z.jpz: jpz: a zipped .jpz: a truncated or damaged ZIP archive: "));

  const std::string xd = Data("tiny.xd");
  std::string short_row = xd;
  short_row.replace(short_row.find("AR2A"), 4, "AR2");
  CHECK(ErrorOf(short_row, "t.xd") ==
        "t.xd:12: xd: row has 3 cells, the first row 4 (a clue or note with one blank line "
        "before it?)");
  std::string bad_clue = xd;
  bad_clue.replace(bad_clue.find("A6."), 3, "A6 ");
  CHECK(ErrorOf(bad_clue, "t.xd") ==
        "t.xd:18: xd: 'A6  Listener ~ EAR' is not a clue 'A1. clue ~ ANSWER'");

  const std::string text = Data("tiny-v1.txt");
  std::string few = text;
  few.erase(few.find("\tListener\n"), 10);
  CHECK(ErrorOf(few, "t.txt") ==
        "t.txt:14: across-text: 2 clues under <ACROSS> for the grid's 3 Across entries");
  std::string size = text;
  size.replace(size.find("4x3"), 3, "5x3");
  CHECK(ErrorOf(size, "t.txt") == "t.txt:11: across-text: a row of 4 cells; <SIZE> says 5");
  CHECK(ErrorOf(text.substr(0, text.find("<GRID>") + 13), "t.txt") ==
        "t.txt:11: across-text: <SIZE> says 3 rows, <GRID> has 1");

  const std::string exolve = Data("exolve/example-basic-with-solution.exolve");
  CHECK(ErrorOf(exolve.substr(0, exolve.find("exolve-end")), "t.exolve") ==
        "t.exolve:1: exolve: exolve-begin without its exolve-end");
  std::string wide = exolve;
  wide.replace(wide.find("exolve-width: 5"), 15, "exolve-width: 6");
  CHECK(ErrorOf(wide, "t.exolve") ==
        "t.exolve:8: exolve: a grid row of 5 cells, exolve-width says 6");
  std::string huge = exolve;
  huge.replace(huge.find("exolve-height: 5"), 16, "exolve-height: 9999");
  CHECK(ErrorOf(huge, "t.exolve") == "t.exolve:6: exolve: exolve-height '9999' is not 1..256");

  // A file of no format: the formats read are listed.
  CHECK(ErrorOf("Title: Headers only\n\n\n", "t") ==
        "t: xd: no grid (it follows the headers after two blank lines, or a '## Grid' heading)");
  CHECK(Contains(ErrorOf("Hello world\n", "t"),
                 "t:1:6: bad character ' ' (expected '.' empty, '#' black, a letter, [letters] or "
                 "'_' void) (no puzzle of the formats read: ipuz, Across Lite .puz, "));
}

}  // namespace
}  // namespace squares
