// Block patterns (squares/pattern.h): the legality check on small hand-made patterns and on
// every shipped template (data/templates), and the random generator: legal, as many blocks as
// asked, the same pattern for the same seed, and a pattern the default list fills.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "squares/squares.h"
#include "test_effort.h"

using squares::CheckPattern;
using squares::Grid;
using squares::MakePattern;
using squares::PatternOptions;

namespace {

std::vector<std::string> Problems(const std::vector<std::string>& rows) {
  const squares::PatternCheck check = CheckPattern(Grid::FromRows(rows));
  CHECK(check.legal == check.problems.empty());
  return check.problems;
}

int Blocks(const std::vector<std::string>& rows) {
  int blocks = 0;
  for (const std::string& row : rows)
    blocks += static_cast<int>(std::count(row.begin(), row.end(), '#'));
  return blocks;
}

}  // namespace

TEST_CASE("CheckPattern: legal patterns, and each kind of problem in the constructor's words") {
  CHECK(Problems({".....", ".....", ".....", ".....", "....."}).empty());
  CHECK(Problems({"#....", ".....", ".....", ".....", "....#"}).empty());
  CHECK(Problems({"#....", ".....", ".....", ".....", "....."}) ==
        std::vector<std::string>{"row 1, column 1 is a block but row 5, column 5 is not (the "
                                 "pattern is not symmetric under a half turn)"});
  CHECK(Problems({"..#..", ".....", ".....", ".....", "..#.."}) ==
        std::vector<std::string>{"the across entry at row 1, column 1 has 2 letters (at least 3)",
                                 "the across entry at row 1, column 4 has 2 letters (at least 3)",
                                 "the across entry at row 5, column 1 has 2 letters (at least 3)",
                                 "the across entry at row 5, column 4 has 2 letters (at least 3)"});
  CHECK(Problems({".#...", ".....", ".....", ".....", "...#."}) ==
        std::vector<std::string>{"row 1, column 1 is unchecked: it is in no across entry",
                                 "row 5, column 5 is unchecked: it is in no across entry"});
  CHECK(Problems({".......", ".......", ".......", "#######", ".......", ".......", "......."}) ==
        std::vector<std::string>{"the white cells are not connected: 21 of them, the first at "
                                 "row 5, column 1, cannot be reached from row 1, column 1"});
  // Past 20 problems, the rest are counted.
  std::vector<std::string> checkerboard;
  for (int r = 0; r < 9; ++r) {
    std::string row;
    for (int c = 0; c < 9; ++c) row += (r + c) % 2 ? '#' : '.';
    checkerboard.push_back(row);
  }
  CHECK_THROWS_AS(Grid::FromRows(checkerboard), squares::Error);  // isolated cells: no grid
  std::vector<std::string> stripes(9, std::string(9, '.'));
  for (int r = 0; r < 9; r += 2) stripes[r] = ".#.#.#.#.";
  const std::vector<std::string> many = Problems(stripes);
  REQUIRE(many.size() == 21);
  CHECK(many.back() == "and 21 more problems");
}

TEST_CASE("CheckPattern: every shipped template is legal") {
  const std::string folder = std::string(SQUARES_TEST_DATA) + "/../../data/templates/";
  std::ifstream index(folder + "index.tsv");
  REQUIRE(index);
  int templates = 0, sunday = 0;
  for (std::string line; std::getline(index, line);) {
    if (line.empty() || line[0] == '#') continue;
    const std::string file = line.substr(0, line.find('\t'));
    const Grid grid = Grid::Load(folder + file);
    INFO(file);
    CHECK(CheckPattern(grid).problems == std::vector<std::string>{});
    CHECK(grid.rows() == grid.cols());
    CHECK((grid.rows() == 15 || grid.rows() == 21));
    sunday += grid.rows() == 21;
    ++templates;
  }
  CHECK(templates == 12);
  CHECK(sunday == 5);
}

TEST_CASE("MakePattern: 1000 random patterns of several sizes are legal, with the blocks asked") {
  struct Size {
    int rows, cols;
    double density;
  };
  const Size sizes[] = {{9, 9, 0.12},      {11, 11, 1.0 / 6}, {13, 13, 0.18},    {15, 15, 1.0 / 6},
                        {15, 15, 0.2},     {17, 17, 1.0 / 6}, {21, 21, 1.0 / 6}, {25, 25, 0.16},
                        {15, 21, 1.0 / 6}, {12, 12, 1.0 / 6}};
  int patterns = 0;
  for (const Size& size : sizes) {
    for (uint64_t seed = 1; seed <= static_cast<uint64_t>(Trials(100)); ++seed) {
      PatternOptions options;
      options.rows = size.rows, options.cols = size.cols, options.density = size.density;
      options.seed = seed;
      const std::vector<std::string> rows = MakePattern(options);
      INFO(size.rows, "x", size.cols, " seed ", seed);
      REQUIRE(rows.size() == static_cast<size_t>(size.rows));
      CHECK(rows[0].size() == static_cast<size_t>(size.cols));
      const int asked = static_cast<int>(std::lround(size.density * size.rows * size.cols));
      CHECK(Blocks(rows) >= asked);
      CHECK(Blocks(rows) <= asked + 1);
      CHECK(Problems(rows) == std::vector<std::string>{});
      ++patterns;
    }
  }
  CHECK(patterns == Trials(100) * 10);
}

TEST_CASE("MakePattern: the same seed makes the same pattern; bad options are usage errors") {
  PatternOptions options;
  options.seed = 7;
  const std::vector<std::string> seven = MakePattern(options);
  CHECK(seven == std::vector<std::string>{
                     "....#....##....",
                     ".........#.....",
                     ".........#.....",
                     "##...##.....###",
                     "...###.....#...",
                     "........#......",
                     ".........##....",
                     ".......#.......",
                     "....##.........",
                     "......#........",
                     "...#.....###...",
                     "###.....##...##",
                     ".....#.........",
                     ".....#.........",
                     "....##....#....",
                 });
  CHECK(Blocks(seven) == 39);  // round(225 / 6) = 38 asked; the last pair made it 39
  CHECK(MakePattern(options) == seven);
  options.seed = 8;
  CHECK(MakePattern(options) != seven);
  options.rows = 2;
  CHECK_THROWS_WITH_AS(MakePattern(options), "a pattern has 3 to 64 rows and columns, not 2x15",
                       squares::Error);
  options.rows = 15, options.density = 0.5;
  CHECK_THROWS_WITH_AS(MakePattern(options), "the block density is 0 to 0.4, not 0.5",
                       squares::Error);
  // More blocks than a legal pattern can hold: a data error saying how far it came.
  options.density = 0.4;
  try {
    MakePattern(options);
    FAIL("no error");
  } catch (const squares::Error& error) {
    CHECK(!error.usage());
    CHECK(std::string(error.what())
              .starts_with("no legal 15x15 pattern with 90 blocks was found (at most "));
    CHECK(std::string(error.what()).ends_with(" in 20 tries): ask for fewer blocks"));
  }
}

TEST_CASE("MakePattern: a random 15x15 pattern fills with the default list") {
  PatternOptions options;
  options.seed = 1;  // the template "Daily" (data/templates/random-15-1.txt); 0.2 s
  const Grid grid = Grid::FromRows(MakePattern(options));
  squares::FillOptions fill;
  fill.any = true;
  fill.threads = 1;
  fill.timeout = kSanitized ? 60 : 10;
  const squares::FillResult result = squares::FillGrid(squares::Dictionary::Default(), grid, fill);
  CHECK(result.status == squares::FillStatus::kFilled);
  REQUIRE(result.fills.size() == 1);
  CHECK(squares::CheckGrid(squares::Dictionary::Default(), Grid::FromRows(result.fills[0].rows))
            .valid);
}
