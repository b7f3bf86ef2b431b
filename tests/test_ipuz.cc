// The ipuz reader behind Grid::Parse and Grid::Load: what the library writes it reads back
// (cells, clues, title, author), and a bad file is refused with the problem and its place.
#include <doctest/doctest.h>

#include <cctype>
#include <string>
#include <vector>

#include "squares/error.h"
#include "squares/fill.h"
#include "squares/puzzle.h"

namespace squares {
namespace {

// The message of the Error that parsing `text` as x.ipuz throws ("" when none).
std::string ErrorOf(const std::string& text) {
  try {
    Grid::Parse(text, "x.ipuz");
  } catch (const Error& error) {
    CHECK(error.kind() == ErrorKind::kData);
    if (error.line() > 0) CHECK(error.source() == "x.ipuz");
    return error.what();
  }
  return "";
}

TEST_CASE("ipuz: FormatFill's document reads back as its grid, clues, title and author") {
  const Grid blank = Grid::FromRows({"...#", "....", "#..."});
  Fill fill;
  fill.rows = {"CAT#", "AREA", "#EAR"};
  for (const std::string row : {"CAT#", "AREA", "#EAR"}) {
    for (char letter : row) fill.letters.push_back(letter == '#' ? "" : std::string(1, letter));
  }
  DocumentOptions options;
  options.format = DocumentFormat::kIpuz;
  options.title = "Tiny";
  options.author = "Ann Author";
  options.clues = {{1, Direction::kAcross, "", "Pet"}, {2, Direction::kDown, "", "Sky"}};
  for (bool arrays : {true, false}) {
    options.ipuz_clue_arrays = arrays;
    const std::string document = FormatFill(blank, fill, options);
    for (const std::string& text : {document, "ipuz(" + document + ")"}) {
      const Grid grid = Grid::Parse(text, "tiny.ipuz");
      CHECK(grid.text_rows() == fill.rows);  // the solution's letters fill the cells
      CHECK(grid.source() == "tiny.ipuz");
      CHECK(grid.title() == "Tiny");
      CHECK(grid.author() == "Ann Author");
      std::vector<std::string> pet, sky;
      for (const Clue& clue : grid.clues()) {
        if (clue.text == "Pet")
          pet.push_back(std::to_string(clue.number) +
                        (clue.direction == Direction::kAcross ? "A" : "D"));
        if (clue.text == "Sky")
          sky.push_back(std::to_string(clue.number) +
                        (clue.direction == Direction::kAcross ? "A" : "D"));
      }
      CHECK(pet == std::vector<std::string>{"1A"});
      CHECK(sky == std::vector<std::string>{"2D"});
      CHECK(grid.slots().size() == blank.slots().size());
    }
  }
}

TEST_CASE("ipuz: cells as numbers, block strings, null, letters and objects") {
  const Grid grid = Grid::Parse(
      R"({"block": "@", "puzzle": [[1, {"cell": 2, "value": "é"}, null], ["a", 0, {"cell": "@"}], )"
      R"([3, 0, "@"]]})",
      "g.ipuz");
  CHECK(grid.text_rows() == std::vector<std::string>{".É_", "A.#", "..#"});  // null: omitted
}

TEST_CASE("ipuz: the other formats still read, and FromRows detects none") {
  CHECK(Grid::Parse("3\n3\n---\n---\n---\n").rows() == 3);  // crucio
  CHECK(Grid::Parse("...\n...\n").text_rows() == std::vector<std::string>{"...", "..."});
  CHECK(Grid::Parse("...\n").clues().empty());
  CHECK(Grid::Parse("...\n").title().empty());
  // Rows that would read as a crucio header are cells, and refused as such.
  CHECK_THROWS_WITH_AS(Grid::FromRows({"3", "3"}),
                       doctest::Contains("<rows>:1:1: bad character '3'"), Error);
  CHECK_THROWS_WITH_AS(Grid::FromRows({"...", ".."}), "<rows>:2: row has 2 cells, expected 3",
                       Error);
}

TEST_CASE("ipuz: a bad file names the problem and where it is") {
  CHECK(ErrorOf("{\"puzzle\": [[0, 0]],\n  \"title\": }") == "x.ipuz:2:12: not valid JSON");
  CHECK(ErrorOf("{\"dimensions\": {}}") == "x.ipuz: no \"puzzle\": not an ipuz crossword");
  CHECK(ErrorOf("{\"puzzle\": 3}") == "x.ipuz: \"puzzle\" is not an array of 1..256 rows");
  CHECK(ErrorOf("{\"puzzle\": [[0, 0], [0]]}") ==
        "x.ipuz: \"puzzle\" row 2 has 1 cells, row 1 has 2");
  CHECK(ErrorOf("{\"puzzle\": [[0, 0], [0, \"A1\"]]}") ==
        "x.ipuz:2:2: 'A1' is not a letter or letters");
  CHECK(ErrorOf("{\"puzzle\": [[0, 0]], \"solution\": [[\"A\", \"B C\"]]}") ==
        "x.ipuz:1:2: 'B C' is not a letter or letters");
  CHECK(ErrorOf("{\"puzzle\": [[0, 0], [0, true]]}") ==
        "x.ipuz:2:2: a cell is not a number, a string, null or an object");
  CHECK(ErrorOf("{\"puzzle\": [[0, 0]], \"solution\": [[\"A\"]]}") ==
        "x.ipuz: \"solution\" and \"puzzle\" differ in size");
  CHECK(
      ErrorOf("{\"puzzle\": [[0, 0]], \"clues\": {\"Across\": [[1, \"ok\"], [\"one\", \"x\"]]}}") ==
      "x.ipuz: clue 2 of \"Across\" is not [number, \"clue\"] or {\"number\", \"clue\"}");
  CHECK(ErrorOf("{\"puzzle\": [[0, \"#\", 0]]}") == "x.ipuz:1:1: isolated cell (in no slot)");
  // Not meant as ipuz (no JSON object): read as plain rows, which it is not; the formats read
  // are named.
  CHECK(ErrorOf("[1, 2]") ==
        "x.ipuz:1:1: bad character '1' in a cell of several letters (expected letters between "
        "'[' and ']') (no puzzle of the formats read: ipuz, Across Lite .puz, Across Lite text, "
        "Crossword Compiler .jpz, .xd, Exolve, crucio, cwc or plain rows)");
}

// Each clue as "1A: text", in the order the grid holds them.
std::vector<std::string> ClueLines(const std::vector<Clue>& clues) {
  std::vector<std::string> lines;
  for (const Clue& clue : clues) {
    lines.push_back(std::to_string(clue.number) +
                    (clue.direction == Direction::kAcross ? "A: " : "D: ") + clue.text);
  }
  return lines;
}

DocumentOptions IpuzOptions(const std::string& title) {
  DocumentOptions options;
  options.format = DocumentFormat::kIpuz;
  options.title = title;
  return options;
}

TEST_CASE("ipuz: an unfilled 5x5 reads back with its empty cells, empty clues and title") {
  const std::vector<std::string> rows = {"....#", ".....", "#...#", ".....", "#...."};
  const Grid grid = Grid::FromRows(rows);
  DocumentOptions options = IpuzOptions("Blank five");
  for (bool arrays : {true, false}) {
    options.ipuz_clue_arrays = arrays;
    const std::string document = FormatFill(grid, GivenFill(grid), options);
    CHECK(document.find("\"solution\"") == std::string::npos);  // no letter: no solution
    CHECK(document.find("[clue]") == std::string::npos);
    const Grid back = Grid::Parse(document, "blank.ipuz");
    CHECK(back.text_rows() == rows);
    CHECK(back.title() == "Blank five");
    CHECK(ClueLines(back.clues()) ==
          std::vector<std::string>{
              "1A: ", "5A: ", "6A: ", "7A: ", "9A: ", "1D: ", "2D: ", "3D: ", "4D: ", "8D: "});
  }
}

TEST_CASE("ipuz: partly filled, letters beyond ASCII, clues partly empty: read back exactly") {
  const std::vector<std::string> rows = {"ÉTÉ.#", "Ж....", "#...#", ".....", "#...Ω"};
  const Grid grid = Grid::FromRows(rows);
  DocumentOptions options = IpuzOptions("Part");
  options.clues = {{1, Direction::kAcross, "", "Summer, in Paris"},
                   {7, Direction::kAcross, "", ""},
                   {4, Direction::kDown, "", "  spaced  "},
                   {8, Direction::kDown, "", "Last"}};
  const std::string document = FormatFill(grid, GivenFill(grid), options);
  CHECK(document.find("[\"É\", \"T\", \"É\", 0, \"#\"]") != std::string::npos);
  const Grid back = Grid::Parse(document, "part.ipuz");
  CHECK(back.text_rows() == rows);
  CHECK(ClueLines(back.clues()) ==
        std::vector<std::string>{"1A: Summer, in Paris", "5A: ", "6A: ", "7A: ", "9A: ", "1D: ",
                                 "2D: ", "3D: ", "4D:   spaced  ", "8D: Last"});
  // Read back and written again, the document is the same.
  DocumentOptions again = options;
  again.clues = back.clues();
  CHECK(FormatFill(back, GivenFill(back), again) == document);
}

// A puzzle's cells as rows: '_' omitted, '#' a block, else the answer ('.' none; several
// letters in brackets), lower case where the letters are given.
std::vector<std::string> CellRows(const Puzzle& puzzle) {
  std::vector<std::string> rows(puzzle.rows);
  for (int r = 0; r < puzzle.rows; ++r) {
    for (int c = 0; c < puzzle.cols; ++c) {
      const PuzzleCell& cell = puzzle.cell(r, c);
      std::string text = cell.kind == CellKind::kVoid    ? "_"
                         : cell.kind == CellKind::kBlock ? "#"
                         : cell.solution.empty()         ? "."
                         : cell.solution.size() > 1      ? "[" + cell.solution + "]"
                                                         : cell.solution;
      if (!cell.given.empty()) {
        CHECK(cell.given == cell.solution);
        for (char& letter : text) letter = static_cast<char>(std::tolower(letter));
      }
      rows[r] += text;
    }
  }
  return rows;
}

// Each cell's marks and bars as rows: 'O' circled, '*' shaded, '@' both, '|' a bar on the
// right, '_' below, '+' both, '.' none.
std::vector<std::string> StyleRows(const Puzzle& puzzle) {
  std::vector<std::string> rows(puzzle.rows);
  for (int r = 0; r < puzzle.rows; ++r) {
    for (int c = 0; c < puzzle.cols; ++c) {
      const PuzzleCell& cell = puzzle.cell(r, c);
      rows[r] += cell.circled && cell.shaded ? '@' : cell.circled ? 'O' : cell.shaded ? '*' : '.';
      rows[r] += cell.bar_right && cell.bar_below ? '+'
                 : cell.bar_right                 ? '|'
                 : cell.bar_below                 ? '_'
                                                  : '.';
    }
  }
  return rows;
}

TEST_CASE("ipuz: circles, shading, omitted cells, bars, rebus and given letters") {
  const Puzzle puzzle = Puzzle::Parse(R"({
    "version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"],
    "dimensions": {"width": 4, "height": 3}, "empty": "0",
    "styles": {"ring": {"shapebg": "circle"}},
    "puzzle": [[{"cell": 1, "style": "ring"}, {"cell": 2, "style": {"barred": "B"}}, 3, null],
               [{"cell": 4, "style": {"highlight": true}}, {"cell": "0", "value": "a"},
                {"cell": 0, "style": {"color": "D1D1D1", "shapebg": "circle", "barred": "L"}}, "#"],
               [5, {"cell": 0, "style": {"barred": "TR"}}, 0, 6]],
    "solution": [["STAR", "A", {"value": "IJ"}, null], ["E", "a", "T", "#"],
                 ["P", "I", "E", "S"]],
    "clues": {"Across": [[1, "Twinkler, then a and a digraph"],
                         {"number": 3, "clue": "<i>Each</i>, briefly", "enumeration": 2},
                         [4, "Circle ratio"], [5, "Spanish is"]],
              "Down": [{"number": 1, "clue": "Twinkle, then a step", "enumeration": "4,1,1"},
                       [2, "Dutch digraph & more"]]}
  })",
                                      "styled.ipuz");
  CHECK(puzzle.format == "ipuz");
  CHECK(CellRows(puzzle) == std::vector<std::string>{"[STAR]A[IJ]_", "EaT#", "PIES"});
  CHECK(StyleRows(puzzle) == std::vector<std::string>{"O.._....", "*..+@...", "...|...."});
  std::vector<std::string> clues;
  for (const Clue& clue : puzzle.clues) {
    clues.push_back(std::to_string(clue.number) +
                    (clue.direction == Direction::kAcross ? "A " : "D ") + clue.text + " (" +
                    clue.enumeration + ")");
  }
  CHECK(clues == std::vector<std::string>{"1A Twinkler, then a and a digraph ()",
                                          "3A <i>Each</i>, briefly (2)", "4A Circle ratio ()",
                                          "5A Spanish is ()", "1D Twinkle, then a step (4,1,1)",
                                          "2D Dutch digraph & more ()"});
  // The bars end the entries: 3 Across is two cells, 2 Down three.
  const Grid grid = Grid::FromPuzzle(puzzle, "styled.ipuz");
  std::vector<std::string> slots;
  for (const Slot& slot : grid.slots())
    slots.push_back(slot.name() + " " + std::to_string(slot.length));
  CHECK(slots == std::vector<std::string>{"1 Across 3", "3 Across 2", "4 Across 2", "5 Across 2",
                                          "1 Down 3", "2 Down 3"});
}

TEST_CASE("ipuz: what the puzzle says about itself") {
  const Puzzle puzzle = Puzzle::Parse(R"({"puzzle": [[0, 0]], "title": "T", "author": "A",
    "editor": "E", "copyright": "C", "date": "2026-11-29", "publisher": "P", "notes": "N",
    "intro": "Before you start", "explanation": "After you finish"})",
                                      "info.ipuz");
  CHECK(puzzle.info.title == "T");
  CHECK(puzzle.info.author == "A");
  CHECK(puzzle.info.editor == "E");
  CHECK(puzzle.info.copyright == "C");
  CHECK(puzzle.info.date == "2026-11-29");
  CHECK(puzzle.info.publisher == "P");
  CHECK(puzzle.info.notes == "Before you start\n\nN");
  CHECK(puzzle.warnings ==
        std::vector<std::string>{"info.ipuz: ipuz: the explanation (shown after the puzzle is "
                                 "solved) is not kept"});
}

}  // namespace
}  // namespace squares
