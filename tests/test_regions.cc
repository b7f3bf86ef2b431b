// Word-region puzzles: parser, drawing, solver (against a brute-force checker) and generator.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "puzzles/regions.h"
#include "test_effort.h"

namespace squares::core {
namespace {

Dictionary MakeDictionary(const std::string& words) {
  absl::StatusOr<Lexicon> lexicon = Lexicon::FromText(words);
  REQUIRE(lexicon.ok());
  return Dictionary(std::move(*lexicon));
}

RegionPuzzle Parse(const std::string& text, const Dictionary& dictionary) {
  absl::StatusOr<RegionPuzzle> puzzle = ParseRegionPuzzle(text, "p", dictionary.alphabet());
  REQUIRE(puzzle.ok());
  return *puzzle;
}

std::string ErrorOf(const std::string& text, const Dictionary& dictionary) {
  absl::StatusOr<RegionPuzzle> puzzle = ParseRegionPuzzle(text, "p.txt", dictionary.alphabet());
  REQUIRE(!puzzle.ok());
  return std::string(puzzle.status().message());
}

std::vector<RegionPartition> AllSolutions(const RegionPuzzle& puzzle, const Dictionary& dictionary,
                                          RegionSizes sizes) {
  std::vector<RegionPartition> all;
  RegionSolver(dictionary, sizes).Solve(puzzle, [&](const RegionPartition& s) {
    all.push_back(s);
    return true;
  });
  return all;
}

// The brute-force checker: every partition by plain recursion. The region of the first
// free cell is any set of free cells of an allowed size containing it, checked for
// connectivity with a flood fill and for its word with a std::set. Independent of the
// automata and of the solver's placement enumeration and pruning.
class BruteForce {
 public:
  BruteForce(const RegionPuzzle& puzzle, const Lexicon& lexicon, RegionSizes sizes)
      : puzzle_(puzzle), sizes_(sizes), region_of_(puzzle.letters.size(), -1) {
    for (int length = sizes.min; length <= sizes.max; ++length) {
      const WordsOfLength& words = lexicon.words(length);
      for (size_t k = 0; k < words.count(); ++k) words_.insert(Word(words.word(k)));
    }
  }

  std::vector<std::vector<int>> Run() {  // sorted
    Next(0);
    std::sort(solutions_.begin(), solutions_.end());
    return solutions_;
  }

 private:
  void Next(int regions) {
    const int cells = static_cast<int>(region_of_.size());
    int first = 0;
    while (first < cells && region_of_[first] >= 0) ++first;
    if (first == cells) {
      solutions_.push_back(region_of_);
      return;
    }
    std::vector<int> chosen{first};
    Choose(chosen, first + 1, regions);
  }

  // Adds cells >= from to `chosen`; tries every subset of the allowed sizes.
  void Choose(std::vector<int>& chosen, int from, int regions) {
    const int size = static_cast<int>(chosen.size());
    if (size >= sizes_.min && Connected(chosen) && words_.count(WordOf(chosen))) {
      for (int x : chosen) region_of_[x] = regions;
      Next(regions + 1);
      for (int x : chosen) region_of_[x] = -1;
    }
    if (size == sizes_.max) return;
    for (int x = from; x < static_cast<int>(region_of_.size()); ++x) {
      if (region_of_[x] >= 0) continue;
      chosen.push_back(x);
      Choose(chosen, x + 1, regions);
      chosen.pop_back();
    }
  }

  Word WordOf(const std::vector<int>& cells) const {
    Word word;
    for (int x : cells) word.push_back(puzzle_.letters[x]);
    return word;
  }

  bool Connected(const std::vector<int>& cells) const {
    std::vector<int> reached{cells[0]};
    for (size_t head = 0; head < reached.size(); ++head) {
      const int a = reached[head];
      for (int b : cells) {
        const int ra = a / puzzle_.cols, ca = a % puzzle_.cols;
        const int rb = b / puzzle_.cols, cb = b % puzzle_.cols;
        const bool adjacent = std::abs(ra - rb) + std::abs(ca - cb) == 1;
        if (adjacent && std::find(reached.begin(), reached.end(), b) == reached.end()) {
          reached.push_back(b);
        }
      }
    }
    return reached.size() == cells.size();
  }

  const RegionPuzzle& puzzle_;
  RegionSizes sizes_;
  std::set<Word> words_;
  std::vector<int> region_of_;
  std::vector<std::vector<int>> solutions_;
};

std::vector<std::vector<int>> Sorted(const std::vector<RegionPartition>& partitions) {
  std::vector<std::vector<int>> out;
  for (const RegionPartition& p : partitions) out.push_back(p.region_of);
  std::sort(out.begin(), out.end());
  return out;
}

TEST_CASE("ParseRegionPuzzle reads rows and names bad input") {
  const Dictionary dictionary = MakeDictionary("abed\nbred\n");
  const RegionPuzzle puzzle = Parse("AB\r\nER\r\n\n\n", dictionary);
  CHECK(puzzle.rows == 2);
  CHECK(puzzle.cols == 2);
  CHECK(dictionary.alphabet().to_utf8(Word(puzzle.letters.begin(), puzzle.letters.end())) ==
        "aber");
  CHECK(ErrorOf("ab\nerd\n", dictionary) == "p.txt:2: row has 3 letters, expected 2");
  CHECK(ErrorOf("", dictionary) == "p.txt: no rows");
  CHECK(ErrorOf("\n\n", dictionary) == "p.txt: no rows");
  CHECK(ErrorOf("ab\n\ner\n", dictionary) == "p.txt:2: empty row");
  CHECK(ErrorOf("ab\nex\n", dictionary).starts_with("p.txt:2:2: "));
  CHECK(ErrorOf("ab\né?\n", dictionary).starts_with("p.txt:2:1: "));
}

TEST_CASE("DrawRegions draws borders between regions only") {
  const Dictionary dictionary = MakeDictionary("aber\nab\ner\n");
  const RegionPuzzle puzzle = Parse("ab\ner\n", dictionary);
  const std::vector<std::string> one = {"+---+---+", "| a   b |", "+   +   +", "| e   r |",
                                        "+---+---+"};
  CHECK(DrawRegions(puzzle, {{0, 0, 0, 0}, 1}, dictionary.alphabet(), false) == one);
  const std::vector<std::string> two = {"+---+---+", "| A   B |", "+---+---+", "| E   R |",
                                        "+---+---+"};
  CHECK(DrawRegions(puzzle, {{0, 0, 1, 1}, 2}, dictionary.alphabet(), true) == two);
}

TEST_CASE("two words that can swap letters give two solutions") {
  // abcd/efgh read across, or abef/cdgh as two 2x2 squares.
  const Dictionary dictionary = MakeDictionary("abcd\nefgh\nabef\ncdgh\n");
  const RegionPuzzle puzzle = Parse("abcd\nefgh\n", dictionary);
  const std::vector<RegionPartition> all = AllSolutions(puzzle, dictionary, {});
  REQUIRE(all.size() == 2);
  CHECK(all[0].region_of == std::vector<int>{0, 0, 0, 0, 1, 1, 1, 1});
  CHECK(all[1].region_of == std::vector<int>{0, 0, 1, 1, 0, 0, 1, 1});
  CHECK(RegionWords(puzzle, all[1])[1] == *dictionary.alphabet().encode("cdgh"));
}

TEST_CASE("impossible grids have no solution") {
  const Dictionary dictionary = MakeDictionary("abcd\nefgh\nabcdefg\n");
  RegionStats stats;
  auto count = [&](const std::string& text, RegionSizes sizes = {}) {
    return RegionSolver(dictionary, sizes)
        .Solve(
            Parse(text, dictionary), [](const RegionPartition&) { return true; }, &stats);
  };
  CHECK(count("abcd\nefgh\n") == 1);
  CHECK(count("abcd\nefhg\n") == 0);
  CHECK(count("abc\n") == 0);               // smaller than one region
  CHECK(count("abcdabc\nefghefg\n") == 0);  // 'abc' left over
  CHECK(count("abcd\nefgh\n", {5, 6}) == 0);
  CHECK(stats.placements == 0);
}

TEST_CASE("the solver finds exactly the brute-force partitions") {
  // A small alphabet and a dense random word list make many overlapping placements.
  std::mt19937 random(7);
  std::string list;
  const std::string letters = "abc";
  for (int length = 2; length <= 8; ++length) {
    int total = 1;
    for (int i = 0; i < length; ++i) total *= 3;
    for (int code = 0; code < total; ++code) {
      if (random() % 100 >= 45) continue;
      std::string word;
      for (int i = 0, c = code; i < length; ++i, c /= 3) word += letters[c % 3];
      list += word + "\n";
    }
  }
  const Dictionary dictionary = MakeDictionary(list);
  const RegionSizes size_ranges[] = {{4, 6}, {2, 4}, {3, 3}, {2, 8}, {5, 8}};
  const int shapes[][2] = {{2, 4}, {3, 4}, {4, 4}, {3, 5}, {1, 8}, {5, 3}};
  size_t total_solutions = 0;
  for (const RegionSizes sizes : size_ranges) {
    for (const auto& shape : shapes) {
      for (int trial = 0; trial < Trials(6); ++trial) {
        RegionPuzzle puzzle{shape[0], shape[1], {}};
        for (int x = 0; x < shape[0] * shape[1]; ++x) {
          puzzle.letters.push_back(static_cast<Letter>(random() % 3));
        }
        const std::vector<std::vector<int>> expected =
            BruteForce(puzzle, dictionary.lexicon(), sizes).Run();
        CAPTURE(shape[0]);
        CAPTURE(shape[1]);
        CAPTURE(sizes.min);
        CAPTURE(sizes.max);
        CHECK(Sorted(AllSolutions(puzzle, dictionary, sizes)) == expected);
        total_solutions += expected.size();
      }
    }
  }
  MESSAGE("brute-force solutions compared: " << total_solutions);
  CHECK(total_solutions > static_cast<size_t>(Trials(100)));
}

TEST_CASE("placements are exactly the connected cell sets of each size") {
  // On a board of one letter with the words a, aa, ..., every connected set of n cells is
  // one placement; count those sets by brute force over all subsets of the board.
  std::string list;
  for (int n = 1; n <= kMaxRegionSize; ++n) list += std::string(n, 'a') + "\n";
  const Dictionary dictionary = MakeDictionary(list);
  const std::pair<int, int> boards[] = {{4, 5}, {5, 4}};
  std::vector<std::vector<size_t>> connected;  // per board, the count per size
  for (const auto& [rows, cols] : boards) {
    uint32_t first_column = 0;
    for (int r = 0; r < rows; ++r) first_column |= 1u << (r * cols);
    const uint32_t last_column = first_column << (cols - 1);
    std::vector<size_t>& count = connected.emplace_back(kMaxRegionSize + 1, 0);
    for (uint32_t set = 1; set < (1u << (rows * cols)); ++set) {
      if (std::popcount(set) > kMaxRegionSize) continue;
      uint32_t reached = set & -set;  // flood fill from the lowest cell, all cells at once
      for (uint32_t before = 0; before != reached;) {
        before = reached;
        reached |= (reached & ~last_column) << 1 | (reached & ~first_column) >> 1 |
                   reached << cols | reached >> cols;
        reached &= set;
      }
      if (reached == set) ++count[std::popcount(set)];
    }
  }
  // Tetrominoes on 4x5: I across 4 * 2 and down 1 * 5; L J S Z T in 8 orientations 2 rows
  // high (3 * 3 places) and 8 orientations 3 rows high (2 * 4 places); O in 3 * 4 places.
  CHECK(connected[0][4] == 4 * 2 + 1 * 5 + 8 * 3 * 3 + 8 * 2 * 4 + 3 * 4);
  for (int n = 1; n <= kMaxRegionSize; ++n) {
    const RegionSolver solver(dictionary, {n, n});
    for (size_t b = 0; b < std::size(boards); ++b) {
      const auto [rows, cols] = boards[b];
      RegionStats stats;
      solver.Solve(
          {rows, cols, std::vector<Letter>(rows * cols, 0)},
          [](const RegionPartition&) { return false; }, &stats);
      CAPTURE(n);
      CHECK(stats.placements == connected[b][n]);
    }
  }
}

bool RegionsConnected(const RegionPuzzle& puzzle, const RegionPartition& partition, int region) {
  std::vector<int> cells;
  for (size_t x = 0; x < partition.region_of.size(); ++x) {
    if (partition.region_of[x] == region) cells.push_back(static_cast<int>(x));
  }
  std::vector<int> reached{cells[0]};
  for (size_t head = 0; head < reached.size(); ++head) {
    for (int b : cells) {
      const int a = reached[head];
      const bool adjacent = (b == a + puzzle.cols || a == b + puzzle.cols ||
                             (std::abs(a - b) == 1 && a / puzzle.cols == b / puzzle.cols));
      if (adjacent && std::find(reached.begin(), reached.end(), b) == reached.end()) {
        reached.push_back(b);
      }
    }
  }
  return reached.size() == cells.size();
}

TEST_CASE("generated puzzles are unique and solve to the generator's partition") {
  const Dictionary dictionary(*Lexicon::FromText(DefaultDictionaryText()));
  const int shapes[][2] = {{4, 4}, {5, 6}, {6, 8}, {8, 10}, {1, 12}};
  for (const auto& shape : shapes) {
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      CAPTURE(shape[0]);
      CAPTURE(shape[1]);
      CAPTURE(seed);
      absl::StatusOr<MadeRegionPuzzle> made =
          MakeRegionPuzzle(shape[0], shape[1], dictionary, {}, seed);
      REQUIRE(made.ok());
      const std::vector<RegionPartition> all = AllSolutions(made->puzzle, dictionary, {});
      REQUIRE(all.size() == 1);
      CHECK(all[0] == made->solution);
      const std::vector<Word> words = RegionWords(made->puzzle, all[0]);
      for (int r = 0; r < all[0].region_count; ++r) {
        CHECK(words[r].size() >= 4);
        CHECK(words[r].size() <= 8);
        CHECK(dictionary.lexicon().find(words[r]));
        CHECK(RegionsConnected(made->puzzle, all[0], r));
      }
      // The same seed makes the same puzzle.
      CHECK(MakeRegionPuzzle(shape[0], shape[1], dictionary, {}, seed)->puzzle.letters ==
            made->puzzle.letters);
    }
  }
}

TEST_CASE("MakeRegionPuzzle refuses grids that cannot be split") {
  const Dictionary dictionary = MakeDictionary("abcd\nefgh\n");
  CHECK(!MakeRegionPuzzle(1, 3, dictionary, {}, 1).ok());
  CHECK(!MakeRegionPuzzle(2, 3, dictionary, {5, 8}, 1).ok());
  CHECK(MakeRegionPuzzle(1, 8, dictionary, {}, 1).ok());
}

}  // namespace
}  // namespace squares::core
