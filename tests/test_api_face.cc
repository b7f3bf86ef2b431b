// What the command line reads of the library through the public API alone (the notes of
// reading, the automata's sizes, a shape's cell order and symmetry, a fill's notes, progress
// and count), each against values worked out here.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "squares/squares.h"

namespace squares {
namespace {

// A file in the temporary directory holding `text`, removed at the end of the scope.
class TempFile {
 public:
  TempFile(const std::string& name, const std::string& text)
      : path_(std::string(P_tmpdir) + "/" + name) {
    std::ofstream(path_) << text;
  }
  ~TempFile() { std::remove(path_.c_str()); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

TEST_CASE("dictionary: the notes of reading, the automata's sizes, word lists only") {
  const TempFile list("squares-face-list.txt", "cat\nc4t\ndog\nbird\n");
  std::vector<std::string> notes;
  DictionaryOptions options;
  options.on_note = [&](const std::string& note) { notes.push_back(note); };
  const Dictionary dictionary = Dictionary::FromFiles({list.path()}, options);
  CHECK(dictionary.size() == 3);
  REQUIRE(notes.size() == 2);
  CHECK(notes[0].find("skipped 1 entries with non-letters") != std::string::npos);
  CHECK(notes[1] == "  skipped 'c4t'");
  CHECK(Dictionary::FromFiles({list.path()}).size() == 3);  // no notes asked: none made

  const AutomatonStats three = dictionary.automaton_stats(3);
  CHECK(three.words == 2);
  CHECK(three.states >= 4);  // c-a-t and d-o-g share only their final state
  CHECK(three.bytes > 0);
  CHECK(dictionary.automaton_stats(4).words == 1);
  CHECK(dictionary.automaton_stats(5).words == 0);
  CHECK(dictionary.automaton_stats(0).bytes == 0);

  const TempFile index("squares-face.idx", "");
  dictionary.SaveIndex(index.path());
  CHECK(Dictionary::FromFiles({index.path()}).size() == 3);
  CHECK_THROWS_WITH_AS(Dictionary::FromWordLists({list.path(), index.path()}),
                       doctest::Contains("NUL byte: this looks like a binary file"), Error);
  CHECK(Dictionary::FromWordLists({list.path()}).IndexBytes() == dictionary.IndexBytes());
}

TEST_CASE("square search: the dictionary read only when a word reads it; cell order; symmetry") {
  const TempFile list("squares-face-two.txt", "at\nto\nta\not\n");
  SquareOptions options;
  options.kind = SquareKind::kShape;
  options.shape = {
      {{0, 1}, list.path()}, {{2, 3}, list.path()}, {{0, 2}, list.path()}, {{1, 3}, list.path()}};
  bool loaded = false;
  const auto load = [&] {
    loaded = true;
    return Dictionary::Default();
  };
  const SquareSearch search(load, {}, options);
  CHECK(!loaded);
  REQUIRE(search.notes().size() == 1);
  CHECK(search.notes()[0].find("every word names its list") != std::string::npos);
  CHECK(SquareSearch(load, {}, options, false).notes().empty());
  std::set<std::string> cells;
  std::string order = search.cell_order() + " ";
  for (size_t at = 0, space; (space = order.find(' ', at)) != std::string::npos; at = space + 1) {
    cells.insert(order.substr(at, space - at));
  }
  CHECK(cells == std::set<std::string>{"0", "1", "2", "3"});
  // 2x2 squares whose rows and columns are all in the list, counted by hand.
  const std::vector<std::string> words = {"at", "to", "ta", "ot"};
  auto in = [&](std::string word) {
    return std::find(words.begin(), words.end(), word) != words.end();
  };
  uint64_t expected = 0;
  for (const std::string& top : words) {
    for (const std::string& bottom : words) {
      expected += in({top[0], bottom[0]}) && in({top[1], bottom[1]});
    }
  }
  CHECK(expected > 0);
  CHECK(search.Count() == expected);
  CHECK(!loaded);

  DictionaryOptions common;
  common.max_level = 10;
  SquareOptions cube;
  cube.kind = SquareKind::kCube;
  cube.size = 3;
  const SquareSearch cubes(Dictionary::Default(common), cube);
  CHECK(cubes.symmetry_cells() == 24);  // as `squares --cube 3 --count --stats` says
  CHECK(cubes.symmetry_order() == 6);
  // What a count used: over levels <= 10 most of the search lies in the first layer, where one
  // exchange of two axes walks less than S3 (see SearchStats); a limit counts every result.
  SearchStats used;
  const uint64_t total = cubes.Count(&used);
  CHECK(total == 908);
  CHECK(used.symmetry_order == 2);
  CHECK(used.symmetry_cells == 18);
  SquareOptions limited = cube;
  limited.limit = 100000;
  CHECK(SquareSearch(Dictionary::Default(common), limited).Count(&used) == total);
  CHECK(used.symmetry_order == 1);
  CHECK(used.symmetry_cells == 0);
  common.max_level = 20;
  const SquareSearch denser(Dictionary::Default(common), cube);
  CHECK(denser.Count(&used) == 115650);
  CHECK(used.symmetry_order == 6);
  CHECK(used.symmetry_cells == 24);
  // Which way a double square's count read the words: as asked, else (a count this small, not
  // piloted) as they are; the same count every way, whole or in shards.
  SquareOptions doubles;
  doubles.kind = SquareKind::kDouble;
  doubles.size = 4;
  const uint64_t four = SquareSearch(Dictionary::Default(), doubles).Count(&used);
  CHECK(four > 1000);
  CHECK(!used.reversed);
  for (const std::optional<bool> reversed :
       {std::optional<bool>(true), std::optional<bool>(false)}) {
    doubles.reversed = reversed;
    CHECK(SquareSearch(Dictionary::Default(), doubles).Count(&used) == four);
    CHECK(used.reversed == *reversed);
    uint64_t summed = 0;
    for (int part = 1; part <= 3; ++part) {
      SquareOptions shard = doubles;
      shard.shard_index = part;
      shard.shard_count = 3;
      summed += SquareSearch(Dictionary::Default(), shard).Count(&used);
      CHECK(used.reversed == *reversed);
    }
    CHECK(summed == four);
  }
  SquareOptions square;
  square.size = 2;
  CHECK(SquareSearch(Dictionary::FromWords({"at", "to"}), square).cell_order().empty());
}

TEST_CASE("fill: notes before the search, a count without fills, progress and its exception") {
  const Dictionary dictionary = Dictionary::FromWords({"cd", "ac", "bd"});
  const Grid grid = Grid::FromRows({"AB", ".."});
  std::vector<std::string> notes;
  FillOptions options;
  options.any = true;
  options.on_note = [&](const std::string& note) { notes.push_back(note); };
  const FillResult result = FillGrid(dictionary, grid, options);
  REQUIRE(result.fills.size() == 1);
  CHECK(result.fills[0].rows == std::vector<std::string>{"AB", "CD"});
  CHECK(notes == result.notes);
  REQUIRE(notes.size() == 1);
  CHECK(notes[0].find("AB is not in the word list: kept as given") != std::string::npos);

  // Every 2x3 fill of a small list, counted: none is handed over or kept.
  const Dictionary three = Dictionary::FromWords({"ab", "cd", "ef", "ace", "bdf", "acf"});
  FillOptions count;
  count.all = count.count_only = true;
  count.allow_repeats = true;
  int handed = 0;
  const FillResult counted =
      FillGrid(three, Grid::FromRows({"..", "..", ".."}), count, [&](const Fill&) {
        ++handed;
        return true;
      });
  CHECK(counted.stats.fills == 1);  // ab/cd/ef: columns ace and bdf
  CHECK(handed == 0);
  CHECK(counted.fills.empty());
  FillOptions count_one = count;
  count_one.all = false;
  CHECK_THROWS_AS(FillGrid(three, Grid::FromRows({"..", "..", ".."}), count_one), Error);

  // A search that runs until its timeout reports progress; an exception from the progress
  // callback comes out of FillGrid once the search has ended.
  FillOptions slow;
  slow.all = slow.count_only = slow.allow_repeats = true;
  slow.threads = 1;
  slow.timeout = 0.6;
  std::vector<FillProgress> reports;
  slow.progress = [&](const FillProgress& progress) { reports.push_back(progress); };
  const Grid empty = Grid::FromRows(std::vector<std::string>(9, "........."));
  const FillResult timed = FillGrid(Dictionary::Default(), empty, slow);
  CHECK(timed.status == FillStatus::kTimedOut);
  REQUIRE(!reports.empty());
  CHECK(reports.back().nodes > 0);
  CHECK(reports.back().seconds >= 0.2);
  CHECK(!reports.back().best_worst);  // no best-fill search
  slow.progress = [](const FillProgress&) { throw std::runtime_error("progress failed"); };
  CHECK_THROWS_WITH_AS(FillGrid(Dictionary::Default(), empty, slow), "progress failed",
                       std::runtime_error);
}

TEST_CASE("documents and puzzles: clues checked against the grid, a Kakuro solution's text") {
  const Grid grid = Grid::FromRows({"...#", "#..#", "...."});
  std::vector<Clue> clues = ParseClues("1 Across\tFirst\n\n9 Down\tNone such\n", "c.txt");
  REQUIRE(clues.size() == 2);
  CHECK(clues[1].line == 3);
  CHECK_THROWS_WITH_AS(CheckClues(grid, clues, "c.txt"), doctest::Contains("c.txt:3:"), Error);
  clues.pop_back();
  CheckClues(grid, clues, "c.txt");
  CheckDocumentFormat(DocumentFormat::kIpuz);  // no program needed
  CHECK(KakuroSolutionText(2, 3, {1, 0, 2, 9, 8, 0}) == "1 # 2\n9 8 #\n");
  CHECK_THROWS_AS(KakuroSolutionText(2, 3, {1, 2}), Error);
}

}  // namespace
}  // namespace squares
