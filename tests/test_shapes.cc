// Shapes: parsers, built-in shapes, and the shape search against brute force on random
// small lists and random small shapes.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "lexicon/dawg.h"
#include "search/letter_rows.h"
#include "search/shape.h"
#include "search/square_runner.h"
#include "search/square_search.h"

namespace squares::core {
namespace {

using Grid = std::vector<Letter>;

class Collect : public SquareSink {
 public:
  explicit Collect(int cells) : cells_(cells) {}
  bool Accept(const Letter* grid) override {
    results.emplace_back(grid, grid + cells_);
    return true;
  }
  std::vector<Grid> results;

 private:
  int cells_;
};

// Every assignment of letters to cells whose words are all in the dictionary, in order:
// cell by cell, each word looked up once its highest cell is set.
std::vector<Grid> BruteForce(const Dictionary& dict, const Shape& shape) {
  const int letters = dict.alphabet().size();
  std::vector<std::vector<int>> ending(shape.cell_count);
  for (size_t w = 0; w < shape.words.size(); ++w) {
    const std::vector<int>& cells = shape.words[w].cells;
    ending[*std::max_element(cells.begin(), cells.end())].push_back(static_cast<int>(w));
  }
  std::vector<Grid> found;
  Grid grid(shape.cell_count, 0);
  auto fits = [&](int c) {
    for (int w : ending[c]) {
      Word word;
      for (int cell : shape.words[w].cells) word.push_back(grid[cell]);
      if (!dict.lexicon().find(word)) return false;
    }
    return true;
  };
  std::function<void(int)> fill = [&](int c) {
    if (c == shape.cell_count) {
      found.push_back(grid);
      return;
    }
    for (int x = 0; x < letters; ++x) {
      grid[c] = static_cast<Letter>(x);
      if (fits(c)) fill(c + 1);
    }
  };
  fill(0);
  return found;
}

// Lists the results; `counted` gets their count from the counting path, `summed` the count
// up to the shape's symmetry (see SquareSearch::Run).
std::vector<Grid> Search(const Dictionary& dict, const Shape& shape, bool greedy, size_t split = 1,
                         uint64_t* counted = nullptr, uint64_t* summed = nullptr,
                         bool* symmetric = nullptr) {
  ShapeProblem problem;
  problem.shape = shape;
  for (const ShapeWord& word : shape.words) {
    problem.dawgs.push_back(&dict.dawg(static_cast<int>(word.cells.size())));
  }
  problem.greedy = greedy;
  auto search = SquareSearch::Create(problem);
  REQUIRE(search.ok());
  Collect sink(shape.cell_count);
  uint64_t count = 0, sum = 0;
  for (const SquareTask& task : search->Split(split)) {
    search->Run(task, &sink);
    count += search->Run(task, nullptr).squares;
    sum += search->Run(task, nullptr, nullptr, /*sum_only=*/true).squares;
  }
  if (counted) *counted = count;
  if (summed) *summed = sum;
  if (symmetric) *symmetric = !search->symmetry().empty();
  return sink.results;
}

Dictionary RandomDictionary(std::mt19937& rng, int alphabet, int longest = 3, int per_length = 12) {
  std::string text;
  for (int length = 2; length <= longest; ++length) {
    for (int k = 0; k < per_length; ++k) {
      for (int i = 0; i < length; ++i) text += static_cast<char>('a' + rng() % alphabet);
      text += '\n';
    }
  }
  return Dictionary(*Lexicon::FromText(text));
}

TEST_CASE("random shapes against brute force, both cell orders, split into tasks") {
  std::mt19937 rng(13);
  int with_results = 0, with_symmetry = 0;
  for (int round = 0; round < 150; ++round) {
    Dictionary dict = RandomDictionary(rng, 3);
    Shape shape;
    shape.cell_count = 3 + static_cast<int>(rng() % 5);
    // Words of 2 or 3 cells, any cells (repeats allowed), until every cell is in one.
    std::vector<bool> used(shape.cell_count, false);
    int unused = shape.cell_count;
    while (unused > 0 || shape.words.size() < 2) {
      ShapeWord& word = shape.words.emplace_back();
      const int length = 2 + static_cast<int>(rng() % 2);
      for (int k = 0; k < length; ++k) {
        const int c = static_cast<int>(rng() % shape.cell_count);
        word.cells.push_back(c);
        if (!used[c]) --unused;
        used[c] = true;
      }
    }
    REQUIRE(FinishShape(shape).ok());
    const std::vector<Grid> want = BruteForce(dict, shape);
    std::set<Grid> want_set(want.begin(), want.end());
    with_results += !want.empty();
    for (bool greedy : {false, true}) {
      uint64_t counted = 0, summed = 0;
      bool symmetric = false;
      std::vector<Grid> got = Search(dict, shape, greedy, 3, &counted, &summed, &symmetric);
      CHECK(std::set<Grid>(got.begin(), got.end()) == want_set);
      CHECK(got.size() == want.size());
      CHECK(counted == want.size());
      CHECK(summed == want.size());
      with_symmetry += symmetric && !want.empty();
      // In cell order, results come in lexicographic order of their cells.
      if (!greedy) CHECK(got == std::vector<Grid>(want_set.begin(), want_set.end()));
      std::vector<Grid> split = Search(dict, shape, greedy, 7);
      CHECK(split == got);
    }
  }
  CHECK(with_results > 50);   // the test tests something
  CHECK(with_symmetry > 10);  // and counting up to a symmetry
}

TEST_CASE("a last word crossed by one word: its sieve's one sift counts") {
  // Two words of four sharing one cell, the second's first: the second is the sieve's word,
  // narrowed by one sift, from the precomputed lists (Sieve::Lists). Dense, so that the sieve
  // is built.
  std::mt19937 rng(29);
  for (int round = 0; round < 4; ++round) {
    Dictionary dict = RandomDictionary(rng, 5, 4, 1000);
    Shape shape;
    shape.cell_count = 7;
    shape.words.resize(2);
    shape.words[0].cells = {0, 1, 2, 3};
    shape.words[1].cells = {3, 4, 5, 6};
    REQUIRE(FinishShape(shape).ok());
    uint64_t counted = 0;
    const std::vector<Grid> want = BruteForce(dict, shape);
    CHECK(want.size() > 100);
    CHECK(Search(dict, shape, false, 3, &counted) == want);
    CHECK(counted == want.size());
    ShapeProblem problem;
    problem.shape = shape;
    problem.dawgs = {&dict.dawg(4), &dict.dawg(4)};
    auto search = SquareSearch::Create(problem);
    REQUIRE(search.ok());
    CHECK(search->sieve_level() == 3);
    CHECK(search->sieve_batch_level() == 2);  // its letters counted at once
    CHECK(search->sieve_pair_level() == 1);   // and those of the level above
  }
}

TEST_CASE("diagonal squares and cubes against brute force") {
  // 4x4 with diagonals: cells on three words, tested together (LookAhead::Build).
  std::mt19937 rng(5);
  int four_with_results = 0;
  for (int round = 0; round < 20; ++round) {
    Dictionary dict = RandomDictionary(rng, 2, 4, 8);
    for (Shape shape :
         {MakeSquareShape(SquareShapeKind::kDouble, 4, 4, true),
          MakeSquareShape(SquareShapeKind::kDouble, 3, 3, true),
          MakeSquareShape(SquareShapeKind::kDouble, 3, 3, false),
          MakeSquareShape(SquareShapeKind::kSymmetric, 3, 3, true),
          MakeSquareShape(SquareShapeKind::kRectangle, 2, 3, false), MakeCubeShape(2)}) {
      REQUIRE(FinishShape(shape).ok());
      // A symmetric square's lower cells only echo: brute force over the words' cells.
      std::vector<Grid> want = BruteForce(dict, shape);
      std::set<Grid> want_set;
      for (Grid grid : want) {
        bool echoes = true;
        for (int c = 0; c < shape.cell_count; ++c) {
          if (shape.echo[c] >= 0 && shape.echo[c] != c)
            echoes = echoes && grid[shape.echo[c]] == grid[c];
        }
        if (echoes) want_set.insert(grid);
      }
      four_with_results += shape.cell_count == 16 && !want_set.empty();
      if (shape.cell_count == 16) {
        // The last row, placed last (LastWordLast): the tail count from its root; the third
        // row's last cell before it, whose column's next letter is the last cell's: folded
        // into it.
        ShapeProblem problem;
        problem.shape = shape;
        problem.dawgs.assign(shape.words.size(), &dict.dawg(4));
        auto search = SquareSearch::Create(problem);
        REQUIRE(search.ok());
        CHECK(search->tail_level() == 12);
        CHECK(search->fold_level() == 11);
        // The levels whose next cell's other words are begun: their letters are lifted
        // against those words' masks (in the tail's levels too, which the tail counts).
        std::vector<int> lifted;
        for (int l = 0; l < 16; ++l) {
          if (search->lifts_next(l)) lifted.push_back(l);
        }
        CHECK(lifted == std::vector<int>{4, 5, 6, 8, 9, 12, 13, 14});
        CHECK(search->lifts_by_rows());
        // The level above the fold lifts its diagonal's last letter against the letters two
        // below the last column; no other level lifts against a reach plane.
        std::vector<int> reach_lifted;
        for (int l = 0; l < 16; ++l) {
          if (search->lifts_reach(l)) reach_lifted.push_back(l);
        }
        CHECK(reach_lifted == std::vector<int>{10});
      }
      for (bool greedy : {false, true}) {
        uint64_t summed = 0;
        std::vector<Grid> got = Search(dict, shape, greedy, 5, nullptr, &summed);
        CHECK(std::set<Grid>(got.begin(), got.end()) == want_set);
        CHECK(got.size() == want_set.size());
        CHECK(summed == want_set.size());
      }
    }
  }
  CHECK(four_with_results > 5);
}

// Whether the library has the loop built for AVX-512 (x86-64-v4) and the CPU what it uses.
bool Avx512() {
#if SQUARES_LOOP_AVX512
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq") &&
         __builtin_cpu_supports("avx512cd");
#else
  return false;
#endif
}

TEST_CASE("letter rows: a level's letters tested against their children at once") {
  std::mt19937 rng(3);
  for (int trial = 0; trial < 2000; ++trial) {
    LetterRow row;
    for (uint32_t& mask : row.child) mask = rng() % 4 == 0 ? 0 : rng() & rng();
    const uint32_t other = trial % 8 == 0 ? 0 : rng() & rng();
    uint32_t want = 0;
    for (int x = 0; x < 32; ++x) want |= uint32_t{(row.child[x] & other) != 0} << x;
    CHECK(Allowing(row, other) == want);
  }
  // A diagonal square's lift reads the rows over 32 letters or fewer, and takes one letter at
  // a time over more (64-bit masks, none): the same squares either way. The longer list has
  // the same four-letter words, and two-letter words over 40 letters.
  std::string over_40;
  for (char32_t letter = U'a'; letter <= U'z'; ++letter) over_40 += static_cast<char>(letter);
  over_40 += "αβγδεζηθικλμνξ";
  int with_results = 0;
  for (int round = 0; round < 12; ++round) {
    std::string words;
    for (int k = 0; k < 60; ++k) {
      for (int i = 0; i < 4; ++i) words += static_cast<char>('a' + rng() % 3);
      words += '\n';
    }
    std::string more = words;
    for (size_t k = 0; k + 1 < over_40.size(); k += 2) more += over_40.substr(k, 2) + "\n";
    const Dictionary narrow(*Lexicon::FromText(words)), wide(*Lexicon::FromText(more));
    REQUIRE(wide.alphabet().size() == 40);
    Shape shape = MakeSquareShape(SquareShapeKind::kDouble, 4, 4, true);
    REQUIRE(FinishShape(shape).ok());
    const uint64_t want = BruteForce(narrow, shape).size();
    with_results += want > 0;
    for (const Dictionary* dict : {&narrow, &wide}) {
      ShapeProblem problem;
      problem.shape = shape;
      problem.dawgs.assign(shape.words.size(), &dict->dawg(4));
      auto search = SquareSearch::Create(problem);
      REQUIRE(search.ok());
      CHECK(search->lifts_by_rows() == (dict == &narrow));
      // Over the rows, on a CPU with AVX-512, the loop built for it.
      CHECK((search->loop_isa() == LoopIsa::kAvx512) == (dict == &narrow && Avx512()));
      CHECK(search->Run({}, nullptr).squares == want);
      Collect sink(shape.cell_count);
      search->Run({}, &sink);
      CHECK(sink.results.size() == want);
    }
  }
  CHECK(with_results > 3);
  // Loops of two walkers (the square modes) lift nothing: no rows.
  const Dictionary dict = RandomDictionary(rng, 3, 6, 40);
  for (SquareMode mode : {SquareMode::kSymmetric, SquareMode::kDouble}) {
    SquareProblem square;
    square.mode = mode;
    square.rows = square.cols = 6;
    square.count_only = true;
    auto search = SquareSearch::Create(dict, square);
    REQUIRE(search.ok());
    CHECK_FALSE(search->lifts_by_rows());
  }
}

// A box of nx by ny by nz cells, x fastest, with its words along each axis.
Shape MakeBox(int nx, int ny, int nz) {
  Shape shape;
  shape.cell_count = nx * ny * nz;
  auto id = [&](int x, int y, int z) { return (z * ny + y) * nx + x; };
  for (int z = 0; z < nz; ++z) {
    for (int y = 0; y < ny; ++y) {
      ShapeWord& word = shape.words.emplace_back();
      for (int x = 0; x < nx; ++x) word.cells.push_back(id(x, y, z));
    }
  }
  for (int z = 0; z < nz; ++z) {
    for (int x = 0; x < nx; ++x) {
      ShapeWord& word = shape.words.emplace_back();
      for (int y = 0; y < ny; ++y) word.cells.push_back(id(x, y, z));
    }
  }
  for (int y = 0; y < ny; ++y) {
    for (int x = 0; x < nx; ++x) {
      ShapeWord& word = shape.words.emplace_back();
      for (int z = 0; z < nz; ++z) word.cells.push_back(id(x, y, z));
    }
  }
  return shape;
}

// Counts the shape's results with the search, `summed` up to its symmetry, and checks them
// against brute force and the listing; returns the search.
SquareSearch CheckAgainstBruteForce(const Dictionary& dict, const Shape& shape, uint64_t* found) {
  ShapeProblem problem;
  problem.shape = shape;
  for (const ShapeWord& word : shape.words)
    problem.dawgs.push_back(&dict.dawg(static_cast<int>(word.cells.size())));
  problem.greedy = true;
  auto search = SquareSearch::Create(problem);
  REQUIRE(search.ok());
  const std::vector<Grid> want = BruteForce(dict, shape);
  uint64_t counted = 0, summed = 0;
  bool symmetric = false;
  std::vector<Grid> got = Search(dict, shape, true, 3, &counted, &summed, &symmetric);
  CHECK(std::set<Grid>(got.begin(), got.end()) == std::set<Grid>(want.begin(), want.end()));
  CHECK(got.size() == want.size());
  CHECK(counted == want.size());
  CHECK(summed == want.size());
  CHECK(symmetric);
  // The runner's count, up to S3 or to one exchange, whichever walked less on a sample (the
  // tasks' counts up to a symmetry may be negative; only their sum is the total).
  for (int threads : {1, 2}) {
    RunOptions options;
    options.threads = threads;
    const SquareSearch* counted_by = nullptr;
    const absl::StatusOr<SquareStats> count = CountSquares(*search, options, &counted_by);
    REQUIRE(count.ok());
    CHECK(count->squares == want.size());
    CHECK((counted_by == &*search || counted_by == search->one_exchange()));
  }
  if (search->symmetry_order() == 6) {
    // Built for every cube tried (it is kept only where its cells come in S3's order).
    const SquareSearch* one = search->one_exchange();
    REQUIRE(one != nullptr);
    CHECK(one->symmetry_order() == 2);
    CHECK(one->one_exchange() == nullptr);
    CHECK(one->cell_order() == search->cell_order());
    CHECK(one->Run({}, nullptr, nullptr, true).squares == want.size());
  }
  *found = want.size();
  return *std::move(search);
}

TEST_CASE("word cubes counted up to the six orders of their axes, boxes up to one exchange") {
  // A cube's three exchanges of two axes generate S3: counted up to its six elements (see
  // WalkPlan::BuildS3), the chains kept off the tail, which counts under them. The cube's
  // level before the tail has a tie pair: no fold (see TailCount).
  const Shape cube = [] {
    Shape shape = MakeCubeShape(3);
    REQUIRE(FinishShape(shape).ok());
    return shape;
  }();
  auto id = [](int x, int y, int z) { return (z * 3 + y) * 3 + x; };
  std::vector<int> exchange_xy(27), exchange_yz(27), exchange_xz(27);
  for (int c = 0; c < 27; ++c) {
    const int x = c % 3, y = c / 3 % 3, z = c / 9;
    exchange_xy[c] = id(y, x, z);
    exchange_yz[c] = id(x, z, y);
    exchange_xz[c] = id(z, y, x);
  }
  Dictionary fixed(*Lexicon::FromText("aaa\naab\naba\nbab\nbbb\nbba\n"));
  uint64_t found = 0;
  SquareSearch search = CheckAgainstBruteForce(fixed, cube, &found);
  CHECK(found == 151206);
  CHECK(search.symmetry_order() == 6);
  std::vector<std::vector<int>> group = search.symmetry();
  std::sort(group.begin(), group.end());
  std::vector<std::vector<int>> exchanges = {exchange_xy, exchange_yz, exchange_xz};
  std::sort(exchanges.begin(), exchanges.end());
  CHECK(group == exchanges);
  CHECK(search.tail_level() == 24);  // the last row along x
  CHECK(search.fold_level() == -1);
  // The tied loop lifts the next cell too, where its other words are begun.
  std::vector<int> lifted;
  for (int l = 0; l < 27; ++l) {
    if (search.lifts_next(l)) lifted.push_back(l);
  }
  CHECK(lifted == std::vector<int>{12, 13, 15, 16, 21, 22, 24, 25});
  // Cubes 2 and 3 on lists where the three lines through the first cell are often equal
  // (palindromes, one letter repeated, a letter's every word), and under the greedy order
  // (CheckAgainstBruteForce) and the built-in one: brute force = listed = counted plainly =
  // counted up to S3.
  for (const char* text :
       {"aa\nab\nba\nbb\naaa\naba\nbab\nbbb\naca\ncac\nccc\n", "ab\nba\naa\naaa\naab\nabb\nbbb\n",
        "aa\nab\nbc\nca\naaa\nabc\nbca\ncab\naab\naba\nbaa\nbbb\n"}) {
    Dictionary dict(*Lexicon::FromText(text));
    for (int n : {2, 3}) {
      Shape shape = MakeCubeShape(n);
      REQUIRE(FinishShape(shape).ok());
      SquareSearch searched = CheckAgainstBruteForce(dict, shape, &found);
      CHECK(searched.symmetry_order() == 6);
      uint64_t counted = 0, summed = 0;
      Search(dict, shape, false, 1, &counted, &summed);
      CHECK(counted == found);
      CHECK(summed == found);
    }
  }
  std::mt19937 rng(7);
  int with_results = 0;
  for (int round = 0; round < 8; ++round) {
    Dictionary dict = RandomDictionary(rng, 2, 3, 5);
    for (Shape shape : {cube, MakeBox(2, 3, 3), MakeBox(3, 3, 2)}) {
      REQUIRE(FinishShape(shape).ok());
      SquareSearch searched = CheckAgainstBruteForce(dict, shape, &found);
      with_results += found > 0;
      CHECK(searched.symmetry_order() == (shape.cell_count == 27 ? 6 : 2));
      // The box 2x3x3 keeps a tail of two levels under its exchange of y and z; the box
      // 3x3x2 (exchange of x and y) has none, tied or not.
      CHECK(searched.tail_level() == (shape.cell_count == 27             ? 24
                                      : shape.words[0].cells.size() == 2 ? 16
                                                                         : -1));
    }
  }
  CHECK(with_results > 10);
  // Two walkers: the double square's transposition stays, though it moves the last row.
  Shape square = MakeSquareShape(SquareShapeKind::kDouble, 3, 3, false);
  REQUIRE(FinishShape(square).ok());
  SquareSearch double_square = CheckAgainstBruteForce(fixed, square, &found);
  CHECK(found == 102);
  CHECK(double_square.symmetry() == std::vector<std::vector<int>>{{0, 3, 6, 1, 4, 7, 2, 5, 8}});
  CHECK(double_square.symmetry_order() == 2);
}

TEST_CASE("topology and deck parsing") {
  auto topology = ParseShape("# a comment\n1, 2,3\n\n3,4:list.txt\n", "t.txt");
  REQUIRE(topology.ok());
  CHECK(topology->cell_count == 4);
  CHECK(topology->words.size() == 2);
  CHECK(topology->words[0].cells == std::vector<int>{0, 1, 2});
  CHECK(topology->words[1].cells == std::vector<int>{2, 3});
  CHECK(topology->words[1].list == "list.txt");
  CHECK(topology->words[1].line == 4);
  auto zero = ParseShape("0,1\n1,2\n", "z.txt");
  REQUIRE(zero.ok());
  CHECK(zero->words[0].cells == std::vector<int>{0, 1});
  auto deck = ParseShape(".RANDOM 2\nx y z =a?[bc]\nx w\n", "d.qxd");
  REQUIRE(deck.ok());
  CHECK(deck->cell_count == 4);
  CHECK(deck->words[0].cells == std::vector<int>{0, 1, 2});
  CHECK(deck->words[1].cells == std::vector<int>{0, 3});
  REQUIRE(deck->words[0].pattern.size() == 3);
  CHECK(deck->words[0].pattern[0].letters == std::vector<std::string>{"a"});
  CHECK(deck->words[0].pattern[1].any());
  CHECK(deck->words[0].pattern[2].letters == std::vector<std::string>{"b", "c"});
  CHECK(std::string(ParseShape("1,2\n2\n", "t").status().message()) ==
        "t:2: a word needs at least 2 cells");
  CHECK(std::string(ParseShape("a b\n.UNIQUE 1\n", "d.qxd").status().message()) ==
        "d.qxd:2: deck directive '.UNIQUE' is not supported (squares accepts .RANDOM only; lists "
        "come from the dictionary)");
  // A grid: the first consecutive words of one length that cover every cell once.
  auto grid = ParseShape("1,4\n2,5\n3,6\n1,2,3\n4,5,6\n", "g");
  REQUIRE(grid.ok());
  CHECK(grid->layout == std::vector<std::vector<int>>{{0, 3}, {1, 4}, {2, 5}});
  auto loose = ParseShape("1,2\n2,3\n", "l");
  REQUIRE(loose.ok());
  CHECK(loose->layout.empty());
}

TEST_CASE("involutions of shapes") {
  auto involutions = [](Shape shape, std::vector<int> cell_kind = {}) {
    REQUIRE(FinishShape(shape).ok());
    if (cell_kind.empty()) cell_kind.assign(shape.cell_count, 0);
    auto found =
        ShapeInvolutions(shape, std::vector<int>(shape.words.size(), 0), cell_kind, 100, 100000);
    for (const std::vector<int>& s : found) {  // each maps words onto words and is its own inverse
      for (int c = 0; c < shape.cell_count; ++c) CHECK(s[s[c]] == c);
      for (const ShapeWord& word : shape.words) {
        std::vector<int> image;
        for (int c : word.cells) image.push_back(s[c]);
        CHECK(std::any_of(shape.words.begin(), shape.words.end(),
                          [&](const ShapeWord& w) { return w.cells == image; }));
      }
    }
    return found.size();
  };
  CHECK(involutions(MakeCubeShape(3)) == 3);  // the exchanges of two axes
  CHECK(involutions(MakeCubeShape(2)) == 3);
  CHECK(involutions(MakeSquareShape(SquareShapeKind::kDouble, 4, 4, false)) == 1);  // transposition
  // The anti-diagonal, read from the top row down, would be read backwards.
  CHECK(involutions(MakeSquareShape(SquareShapeKind::kDouble, 4, 4, true)) == 0);
  CHECK(involutions(MakeSquareShape(SquareShapeKind::kRectangle, 3, 4, false)) == 0);
  // A fixed letter in cell (1, 0, 0) of the cube leaves the exchange of y and z.
  std::vector<int> kind(27, 0);
  kind[1] = 1;
  CHECK(involutions(MakeCubeShape(3), kind) == 1);
  // Words of different lists do not map onto each other.
  Shape two = *ParseShape("1,2\n3,4\n", "t");
  CHECK(ShapeInvolutions(two, {0, 0}, {0, 0, 0, 0}, 10, 1000).size() == 1);
  CHECK(ShapeInvolutions(two, {0, 1}, {0, 0, 0, 0}, 10, 1000).empty());
}

TEST_CASE("cube shape") {
  Shape cube = MakeCubeShape(3);
  CHECK(cube.cell_count == 27);
  CHECK(cube.words.size() == 27);
  CHECK(cube.words[0].cells == std::vector<int>{0, 1, 2});    // along x
  CHECK(cube.words[9].cells == std::vector<int>{0, 3, 6});    // along y
  CHECK(cube.words[18].cells == std::vector<int>{0, 9, 18});  // along z
  CHECK(cube.layout[0] == std::vector<int>{0, 1, 2, -1, 9, 10, 11, -1, 18, 19, 20});
}

}  // namespace
}  // namespace squares::core
