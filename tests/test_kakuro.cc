// Unit tests of Kakuro: the digit automata, the parser and its errors, and the solver on the
// grid-fill engine against the stored solutions and an independent brute force.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "kakuro_generator.h"
#include "puzzles/kakuro.h"

namespace squares::core {
namespace {

using Digits = std::vector<uint8_t>;

// Fills as a set of strings (a set of vectors of bytes trips a false GCC 12 warning).
std::set<std::string> AsStrings(const std::vector<Digits>& fills) {
  std::set<std::string> set;
  for (const Digits& d : fills) set.emplace(d.begin(), d.end());
  return set;
}

std::string ReadData(const std::string& name) {
  std::ifstream in(std::string(SQUARES_TEST_DATA) + "/kakuro/" + name, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Every solution with the engine: `limit` 0 lists all. Without `all`, runs restart after
// `restart_failures` (times Luby's sequence) failures.
std::vector<Digits> Solve(const KakuroBoard& board, int64_t limit, int64_t restart_failures = 100,
                          FillStats* stats = nullptr) {
  DigitAutomata automata;
  FillOptions options;
  options.all = limit == 0;
  options.limit = limit;
  options.restart_failures = restart_failures;
  std::vector<Digits> solutions;
  const FillProblem problem = KakuroProblem(board, automata);
  FillResult result = Fill(problem, options, [&](std::span<const Letter> letters) {
    Digits d;
    for (Letter c : letters) d.push_back(static_cast<uint8_t>(c + 1));
    solutions.push_back(d);
    return true;
  });
  if (stats) *stats = result.stats;
  return solutions;
}

// An independent brute force over the board's tokens only (not its parsed runs): digits in
// reading order, each run checked (sum, no repeat) once its last cell has a digit.
std::vector<Digits> BruteForce(const KakuroBoard& board) {
  const int rows = board.rows, cols = board.cols;
  auto white = [&](int r, int c) {
    return r < rows && c < cols && board.tokens[r * cols + c] == ".";
  };
  struct Run {
    int sum;
    std::vector<int> cells;  // row-major cell indices
  };
  std::vector<Run> runs;
  std::vector<std::vector<int>> ending_at(rows * cols);  // runs whose last cell is here
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const std::string& t = board.tokens[r * cols + c];
      const size_t slash = t.find('\\');
      if (slash == std::string::npos) continue;
      const std::string down = t.substr(0, slash), right = t.substr(slash + 1);
      if (!right.empty()) {
        Run run{std::stoi(right), {}};
        for (int k = c + 1; white(r, k); ++k) run.cells.push_back(r * cols + k);
        runs.push_back(run);
      }
      if (!down.empty()) {
        Run run{std::stoi(down), {}};
        for (int k = r + 1; white(k, c); ++k) run.cells.push_back(k * cols + c);
        runs.push_back(run);
      }
    }
  }
  for (size_t i = 0; i < runs.size(); ++i)
    ending_at[runs[i].cells.back()].push_back(static_cast<int>(i));
  std::vector<int> whites;
  for (int i = 0; i < rows * cols; ++i) {
    if (board.tokens[i] == ".") whites.push_back(i);
  }
  std::vector<int> digit(rows * cols, 0);
  std::vector<Digits> solutions;
  auto search = [&](auto&& self, size_t k) -> void {
    if (k == whites.size()) {
      Digits d;
      for (int i : whites) d.push_back(static_cast<uint8_t>(digit[i]));
      solutions.push_back(d);
      return;
    }
    for (int v = 1; v <= 9; ++v) {
      digit[whites[k]] = v;
      bool ok = true;
      for (int i : ending_at[whites[k]]) {
        int sum = 0;
        unsigned seen = 0;
        for (int cell : runs[i].cells) {
          ok = ok && !(seen >> digit[cell] & 1);
          seen |= 1u << digit[cell];
          sum += digit[cell];
        }
        ok = ok && sum == runs[i].sum;
      }
      if (ok) self(self, k + 1);
    }
  };
  search(search, 0);
  return solutions;
}

std::string ParseError(const std::string& text) {
  auto boards = ParseKakuro("b.txt", text);
  REQUIRE(!boards.ok());
  return std::string(boards.status().message());
}

TEST_CASE("digit automata are the minimal DAWGs of the distinct-digit strings") {
  DigitAutomata automata;
  int checked = 0;
  for (int length = 1; length <= 9; ++length) {
    for (int sum = MinRunSum(length); sum <= MaxRunSum(length); ++sum) {
      std::vector<Letter> letters;
      Word w(length, 0);
      auto enumerate = [&](auto&& self, int k, unsigned used, int total) -> void {
        if (k == length) {
          if (total != sum) return;
          letters.insert(letters.end(), w.begin(), w.end());
          return;
        }
        for (int d = 0; d < 9; ++d) {
          if (used >> d & 1) continue;
          w[k] = static_cast<Letter>(d);
          self(self, k + 1, used | 1u << d, total + d + 1);
        }
      };
      enumerate(enumerate, 0, 0, 0);
      WordsOfLength words;
      words.length = length;
      words.scores = std::vector<int64_t>(letters.size() / length, 0);
      words.letters = std::move(letters);
      const Dawg reference = Dawg::Build(words, 9);
      const Dawg& dawg = automata.Get(length, sum);
      CAPTURE(length);
      CAPTURE(sum);
      REQUIRE(dawg.word_count() == words.count());
      REQUIRE(dawg.state_count() == reference.state_count());
      REQUIRE(dawg.entry_count() == reference.entry_count());
      for (uint32_t e = 0; e < dawg.entry_count(); ++e) {
        REQUIRE(dawg.mask(e) == reference.mask(e));
        REQUIRE(dawg.first(e) == reference.first(e));
        REQUIRE(dawg.rank_offset(e) == reference.rank_offset(e));
      }
      ++checked;
    }
  }
  CHECK(checked == 129);  // 1 + length * (9 - length) sums per length
  CHECK(automata.Get(9, 45).word_count() == 362880);
  CHECK(automata.Get(2, 3).word_count() == 2);  // 12, 21
}

TEST_CASE("every shared puzzle solves to its stored solution and is unique") {
  int puzzles = 0;
  for (const char* file : {"gecode-nikoli.kgrid", "csprules-atk.kgrid"}) {
    auto boards = ParseKakuro(file, ReadData(file));
    REQUIRE(boards.ok());
    for (const KakuroBoard& board : *boards) {
      CAPTURE(board.name);
      REQUIRE(!board.solution.empty());
      CHECK(CheckKakuroDigits(board, board.solution).ok());
      std::vector<Digits> solutions = Solve(board, 2);
      REQUIRE(solutions.size() == 1);
      CHECK(solutions[0] == board.solution);
      ++puzzles;
    }
  }
  CHECK(puzzles == 18);
}

TEST_CASE("parser: headers, bare grids, clues and runs") {
  auto boards = ParseKakuro("b.txt", "# 3\\ 4\\\n\\3 . .\r\n\\4 . .\n");
  REQUIRE(boards.ok());
  REQUIRE(boards->size() == 1);
  const KakuroBoard& b = (*boards)[0];
  CHECK(b.name.empty());
  CHECK(b.rows == 3);
  CHECK(b.cols == 3);
  CHECK(b.white_count() == 4);
  CHECK(b.solution.empty());
  REQUIRE(b.runs.size() == 4);
  CHECK(b.runs[0].down);  // clues in reading order, a clue's across run before its down run
  CHECK(b.runs[0].clue_row == 0);
  CHECK(b.runs[0].clue_col == 1);
  CHECK(b.runs[0].sum == 3);
  CHECK(b.runs[0].cells == std::vector<int>{0, 2});
  CHECK(b.runs[1].cells == std::vector<int>{1, 3});
  CHECK(!b.runs[2].down);
  CHECK(b.runs[2].cells == std::vector<int>{0, 1});
  CHECK(b.runs[3].cells == std::vector<int>{2, 3});
  CHECK(BruteForce(b).size() == 1);
  CHECK(Solve(b, 2) == BruteForce(b));
  CHECK(FormatKakuroSolution(b, Solve(b, 1)[0]) == "# # #\n# 2 1\n# 1 3\n");

  auto two = ParseKakuro(
      "t.kgrid",
      "KAKURO one 2 3\n# \\3 #\n\\3 . .\nEND\n\n"
      "KAKURO two 3 3\n# 3\\ 3\\\n\\3 . .\n\\3 . .\nSOLUTION\n# # #\n# 1 2\n# 2 1\nEND\n");
  REQUIRE(!two.ok());  // '\3' in the first board's top row has no run to its right
  CHECK(two.status().message() ==
        "t.kgrid:2: row 1, column 2: clue '\\3' has a right sum but no run to its right");
  two = ParseKakuro(
      "t.kgrid",
      "KAKURO one 2 3\n# 3\\ 4\\\n\\7 . .\nEND\n\n"
      "KAKURO two 3 3\n# 3\\ 3\\\n\\3 . .\n\\3 . .\nSOLUTION\n# # #\n# 1 2\n# 2 1\nEND\n");
  REQUIRE(two.ok());
  REQUIRE(two->size() == 2);
  CHECK((*two)[0].name == "one");
  CHECK((*two)[0].line == 1);
  CHECK((*two)[1].name == "two");
  CHECK((*two)[1].line == 6);
  CHECK((*two)[1].solution == Digits{1, 2, 2, 1});
  CHECK(Solve((*two)[0], 2) == std::vector<Digits>{{3, 4}});
  CHECK(Solve((*two)[1], 0) == std::vector<Digits>{{1, 2, 2, 1}, {2, 1, 1, 2}});
}

TEST_CASE("parser errors name the line, row and column") {
  CHECK(ParseError("# 3\\ 4\\\n\\3 . .\n\\4 . x\n") ==
        "b.txt:3: row 3, column 3: malformed token 'x' (expected '.', '#' or a clue 'D\\R')");
  CHECK(ParseError("# 3\\ 4\\\n\\3 . .\n\\4 .\n") == "b.txt:3: row has 2 cells, expected 3");
  CHECK(ParseError("# 3\\ 4\\\n\\3 . .\n\\4 . 3\\x\n") ==
        "b.txt:3: row 3, column 3: malformed token '3\\x' (expected '.', '#' or a clue 'D\\R')");
  CHECK(ParseError("# 3\\ 4\\ # #\n\\3 . . # .\n\\4 . . # #\n") ==
        "b.txt:2: row 2, column 5: white cell in no run");
  CHECK(
      ParseError("# 3\\ 4\\\n# . .\n\\4 . .\n") ==
      "b.txt:2: row 2, column 2: a run of 2 white cells across starts here with no clue before it");
  CHECK(ParseError("# 3\\ 4\\ 5\\\n\\3 . . #\n\\4 . . #\n") ==
        "b.txt:1: row 1, column 4: clue '5\\' has a down sum but no run below it");
  CHECK(ParseError("# 3\\ 4\\\n\\2 . .\n\\4 . .\n") ==
        "b.txt:2: row 2, column 1: right sum 2 is impossible for 2 cells (distinct digits make "
        "3..17)");
  CHECK(ParseError("# 3\\ 4\\\n\\18 . .\n\\4 . .\n") ==
        "b.txt:2: row 2, column 1: right sum 18 is impossible for 2 cells (distinct digits make "
        "3..17)");
  CHECK(ParseError("\\45 . . . . . . . . . .\n") ==
        "b.txt:1: row 1, column 1: the run right of this clue has 10 cells, more than 9");
  CHECK(ParseError("KAKURO x 3 3\n# 3\\ 4\\\n\\3 . .\n") ==
        "b.txt:1: board 'x' has 2 rows, the header says 3");
  CHECK(ParseError("KAKURO x 2 3\n# \\3 #\n") ==
        "b.txt:1: board 'x' has 1 rows, the header says 2");
  CHECK(ParseError("KAKURO x 2 3\n# 3\\ 4\\\n\\7 . .\n") == "b.txt: board 'x' has no END line");
  CHECK(ParseError("KAKURO x 2 3\n# 3\\ 4\\\n\\7 . .\nfoo\n") ==
        "b.txt:4: expected SOLUTION or END, found 'foo'");
  CHECK(ParseError("KAKURO x 2\n") ==
        "b.txt:1: a header is 'KAKURO name rows cols' (rows, cols >= 1)");
  CHECK(ParseError("KAKURO x 2 4\n# 3\\ 4\\\n\\7 . .\nEND\n") ==
        "b.txt:2: row has 3 cells, the header says 4");
  CHECK(ParseError("KAKURO x 2 3\n# 3\\ 4\\\n\\7 . .\nSOLUTION\n# # #\nEND\n") ==
        "b.txt:4: the solution has 1 rows, the board 2");
  CHECK(ParseError("KAKURO x 2 3\n# 3\\ 4\\\n\\7 . .\nSOLUTION\n# # #\n# 3\nEND\n") ==
        "b.txt:6: solution row has 2 cells, expected 3");
  CHECK(ParseError("KAKURO x 2 3\n# 3\\ 4\\\n\\7 . .\nSOLUTION\n# # #\n# 3 x\nEND\n") ==
        "b.txt:6: solution row 2, column 3: expected a digit 1-9 (white cell), found 'x'");
  CHECK(ParseError("KAKURO x 2 3\n# 3\\ 4\\\n\\7 . .\nSOLUTION\n# 1 #\n# 3 4\nEND\n") ==
        "b.txt:5: solution row 1, column 2: expected '#' (not a white cell), found '1'");
  CHECK(ParseError("# 3\\ 4\\\n\\3 . .\n\\4 . .\nEND\nmore\n") ==
        "b.txt:5: text after the end of a board without a KAKURO header");
  CHECK(ParseError("\n  \n") == "b.txt: no board");
}

TEST_CASE("CheckKakuroDigits names the failing run") {
  auto boards = ParseKakuro("b.txt", "# 3\\ 4\\\n\\3 . .\n\\4 . .\n");
  REQUIRE(boards.ok());
  CHECK(CheckKakuroDigits((*boards)[0], Digits{2, 1, 1, 3}).ok());
  CHECK(CheckKakuroDigits((*boards)[0], Digits{2, 1, 3, 1}).message() ==
        "the run below the clue at row 1, column 2 sums to 5, the clue says 3");
  CHECK(CheckKakuroDigits((*boards)[0], Digits{1, 2, 2, 2}).message() ==
        "the run below the clue at row 1, column 3 repeats the digit 2");
}

// Small random boards, some with a clue changed so that they have no or several solutions:
// the engine's complete list (and its stop-at-2 answer) must equal the brute force's.
TEST_CASE("the engine agrees with a brute force on small random boards") {
  std::mt19937_64 rng(7);
  int boards_checked = 0, none = 0, unique = 0, several = 0;
  for (uint64_t seed = 1; boards_checked < 150; ++seed) {
    const int rows = 3 + seed % 3, cols = 3 + (seed / 3) % 3;
    auto parsed = ParseKakuro("g", GenerateKakuro("g", rows, cols, 6 + seed % 4, seed));
    REQUIRE(parsed.ok());
    KakuroBoard board = (*parsed)[0];
    if (seed % 2 == 0) {  // nudge one clue sum; skip the boards this makes invalid
      std::vector<int> clues;
      for (int i = 0; i < board.rows * board.cols; ++i) {
        if (board.tokens[i].find('\\') != std::string::npos) clues.push_back(i);
      }
      std::string& t = board.tokens[clues[rng() % clues.size()]];
      const size_t slash = t.find('\\');
      std::string part = slash > 0 ? t.substr(0, slash) : t.substr(slash + 1);
      std::string nudged = std::to_string(std::stoi(part) + (rng() % 2 ? 1 : -1));
      t = slash > 0 ? nudged + t.substr(slash) : t.substr(0, slash + 1) + nudged;
      std::string text;
      for (int i = 0; i < board.rows * board.cols; ++i) {
        text += board.tokens[i] + ((i + 1) % board.cols ? " " : "\n");
      }
      parsed = ParseKakuro("g", text);
      if (!parsed.ok()) continue;
      board = (*parsed)[0];
    }
    CAPTURE(seed);
    std::vector<Digits> expected = BruteForce(board);
    CHECK(Solve(board, 0) == expected);  // both in lexicographic order of the white cells
    // Without `all` the runs restart: the fills come in any order, but never twice.
    for (int64_t limit : {2, 5}) {
      std::vector<Digits> some = Solve(board, limit);
      CHECK(some.size() == std::min<size_t>(expected.size(), limit));
      const std::set<std::string> distinct = AsStrings(some);
      CHECK(distinct.size() == some.size());
      for (const std::string& d : distinct) CHECK(AsStrings(expected).contains(d));
    }
    // A restart after every failure loses no fill:
    // asked for one more than there are, the runs list them all and then prove there is none.
    std::vector<Digits> restarted = Solve(board, expected.size() + 1, 1);
    CHECK(restarted.size() == expected.size());
    CHECK(AsStrings(restarted) == AsStrings(expected));
    std::vector<Digits> one = Solve(board, 1);
    CHECK(one.size() == std::min<size_t>(expected.size(), 1));
    if (!one.empty()) CHECK(CheckKakuroDigits(board, one[0]).ok());
    none += expected.empty();
    unique += expected.size() == 1;
    several += expected.size() > 1;
    ++boards_checked;
  }
  CHECK(none > 10);
  CHECK(unique > 3);
  CHECK(several > 10);
}

TEST_CASE("a generated 30x46 board of 990 white cells solves") {
  auto boards = ParseKakuro("big", GenerateKakuro("big", 30, 46, 990, 1));
  REQUIRE(boards.ok());
  const KakuroBoard& board = (*boards)[0];
  CHECK(board.white_count() == 990);
  CHECK(CheckKakuroDigits(board, board.solution).ok());
  std::vector<Digits> one = Solve(board, 1);
  REQUIRE(one.size() == 1);
  CHECK(CheckKakuroDigits(board, one[0]).ok());
}

TEST_CASE("generated 30x46 boards solve in few nodes; local restarts deep in the search") {
  // With restarts from the root only, seeds 1..12 took 350..2235 nodes (up to 8 restarts,
  // each redoing ~300 decisions); with local restarts 350..722.
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    CAPTURE(seed);
    auto boards = ParseKakuro("big", GenerateKakuro("big", 30, 46, 990, seed));
    REQUIRE(boards.ok());
    FillStats stats;
    std::vector<Digits> one = Solve((*boards)[0], 1, 100, &stats);
    REQUIRE(one.size() == 1);
    CHECK(CheckKakuroDigits((*boards)[0], one[0]).ok());
    CHECK(stats.nodes < 1500);
  }
  // A restart after every failure (so local ones: failures happen hundreds of levels deep)
  // still finds two distinct solutions.
  auto boards = ParseKakuro("big", GenerateKakuro("big", 30, 46, 990, 9));
  REQUIRE(boards.ok());
  FillStats stats;
  std::vector<Digits> two = Solve((*boards)[0], 2, 1, &stats);
  REQUIRE(two.size() == 2);
  CHECK(two[0] != two[1]);
  for (const Digits& d : two) CHECK(CheckKakuroDigits((*boards)[0], d).ok());
  CHECK(stats.restarts > 0);
}

TEST_CASE("counting to two on big boards with many solutions restarts and stays fast") {
  // Without restarts, the search for the first of the two took ~25000 nodes on seed 3.
  for (uint64_t seed : {3, 4, 5}) {
    CAPTURE(seed);
    auto boards = ParseKakuro("big", GenerateKakuro("big", 30, 46, 990, seed));
    REQUIRE(boards.ok());
    const KakuroBoard& board = (*boards)[0];
    DigitAutomata automata;
    FillOptions options;
    options.limit = 2;
    std::vector<Digits> two;
    FillResult result =
        Fill(KakuroProblem(board, automata), options, [&](std::span<const Letter> letters) {
          Digits d;
          for (Letter c : letters) d.push_back(static_cast<uint8_t>(c + 1));
          two.push_back(d);
          return true;
        });
    REQUIRE(two.size() == 2);
    CHECK(two[0] != two[1]);
    for (const Digits& d : two) CHECK(CheckKakuroDigits(board, d).ok());
    CHECK(result.stats.nodes < 5000);
  }
}

}  // namespace
}  // namespace squares::core
