// The typed API's contracts across its calls: an exception thrown by any callback reaches the
// caller unchanged on any thread count, after the search stopped; an index (a file or its
// bytes) keeps everything that changes results; unreadable files are errors that say why; the
// options agree on their defaults.
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "squares/squares.h"
#include "test_effort.h"

namespace {

using namespace squares;

const std::string kData = SQUARES_TEST_DATA;

// A type the library never throws, with a value it never makes: arriving intact, it was
// passed through, not copied into another exception.
struct Thrown : std::runtime_error {
  Thrown(const std::string& message, int code) : std::runtime_error(message), code(code) {}
  int code;
};

// Runs `run`, which must throw Thrown("<what>", 42): true when it did, with type, message and
// value unchanged.
template <class Run>
void CheckThrown(const std::string& what, const Run& run) {
  try {
    run();
    FAIL("no exception from " << what);
  } catch (const Thrown& thrown) {
    CHECK(std::string(thrown.what()) == what);
    CHECK(thrown.code == 42);
  }
}

// The processor time of this process (all its threads) since `start`, in seconds: on a
// loaded machine it tells how much was searched where elapsed time does not.
double CpuSecondsSince(std::clock_t start) {
  return static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
}

// The searches below take over a minute of processor time when not stopped; stopped at once by
// the exception, they take well under this.
constexpr double kStoppedSeconds = kSanitized ? 40 : 10;

SquareOptions Symmetric(int size, int threads) {
  SquareOptions options;
  options.size = size;
  options.threads = threads;
  return options;
}

// Double word squares 5x5 on the embedded list: a minute of search on one thread.
SquareOptions LongSearch(int threads) {
  SquareOptions options = Symmetric(5, threads);
  options.kind = SquareKind::kDouble;
  return options;
}

// A file in a folder of this run's own, removed at exit.
std::string TempPath(const std::string& name) {
  static const struct Folder {
    std::filesystem::path path = std::filesystem::temp_directory_path() /
                                 ("squares-api-surface-" + std::to_string(getpid()));
    Folder() { std::filesystem::create_directories(path); }
    ~Folder() { std::filesystem::remove_all(path); }
  } folder;
  return (folder.path / name).string();
}

}  // namespace

TEST_CASE("an exception from ForEach's, Write's or progress's callback reaches the caller") {
  const Dictionary english = Dictionary::Default();
  for (int threads : {1, 2, 8}) {
    CAPTURE(threads);
    const SquareSearch search(english, LongSearch(threads));
    int calls = 0;
    std::vector<std::string> seen;
    const std::clock_t start = std::clock();
    CheckThrown("from ForEach", [&] {
      search.ForEach([&](const SquareResult& square) {
        seen.push_back(square.rows[0] + square.rows[4]);
        if (++calls == 100) throw Thrown("from ForEach", 42);
        return true;
      });
    });
    CHECK(calls == 100);  // never called again: the callback runs on the calling thread
    CHECK(CpuSecondsSince(start) < kStoppedSeconds);
    // The search runs again as if nothing had happened.
    std::vector<std::string> again;
    search.ForEach([&](const SquareResult& square) {
      again.push_back(square.rows[0] + square.rows[4]);
      return again.size() < 100;
    });
    CHECK(again == seen);

    calls = 0;
    CheckThrown("from Write", [&] {
      search.Write(SquareFormat::kLines, [&](std::string_view text) {
        CHECK(!text.empty());
        if (++calls == 1) throw Thrown("from Write", 42);
        return true;
      });
    });
    CHECK(calls == 1);

    // Progress comes as the first part ends.
    SquareSearch counted(english, LongSearch(threads));
    calls = 0;
    counted.set_progress(
        [&](const SearchProgress& progress) {
          CHECK(progress.parts > 0);
          ++calls;
          throw Thrown("from progress", 42);
        },
        {.every = 0, .after = 0});
    const std::clock_t counting = std::clock();
    CheckThrown("from progress", [&] { counted.Count(); });
    CHECK(calls == 1);
    CHECK(CpuSecondsSince(counting) < kStoppedSeconds);
  }
}

TEST_CASE("an exception from a fill's callback reaches the caller") {
  const Dictionary english = Dictionary::Default();
  const Grid open5 = Grid::FromRows(std::vector<std::string>(5, "....."));
  for (int threads : {1, 2, 8}) {
    CAPTURE(threads);
    FillOptions all;
    all.all = true;
    all.threads = threads;
    int calls = 0;
    const std::clock_t start = std::clock();
    CheckThrown("from a fill", [&] {
      FillGrid(english, open5, all, [&](const Fill& fill) {
        CHECK(fill.rows.size() == 5);
        if (++calls == 10) throw Thrown("from a fill", 42);
        return true;
      });
    });
    CHECK(calls == 10);
    CHECK(CpuSecondsSince(start) < kStoppedSeconds);
    // The best fill hands over its one fill at the end of its search.
    FillOptions best;
    best.threads = threads;
    best.quality_time = 0.2;
    calls = 0;
    CheckThrown("from the best fill", [&] {
      FillGrid(english, Grid::FromRows({"...", "...", "..."}), best, [&](const Fill&) -> bool {
        ++calls;
        throw Thrown("from the best fill", 42);
      });
    });
    CHECK(calls == 1);
  }
}

TEST_CASE("an exception from a Kakuro's or a regions puzzle's callback reaches the caller") {
  int calls = 0;
  const std::string boards =
      "KAKURO two 3 3\n# 3\\ 3\\\n\\3 . .\n\\3 . .\nEND\n"
      "KAKURO one 3 3\n# 3\\ 4\\\n\\3 . .\n\\4 . .\nEND\n";
  CheckThrown("from a Kakuro", [&] {
    SolveKakuro(boards, {}, "<board>",
                [&](const KakuroResult& board, const std::vector<int>* solution) {
                  ++calls;
                  if (solution != nullptr) CHECK(board.name == "two");
                  throw Thrown("from a Kakuro", 42);
                  return true;
                });
  });
  CHECK(calls == 1);  // the first board's first solution; no later board
  const Dictionary words = Dictionary::FromFiles({kData + "/regions/words.txt"});
  std::ifstream in(kData + "/regions/swap.txt");
  const std::string puzzle{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  RegionsOptions options;
  options.all = true;
  calls = 0;
  CheckThrown("from regions", [&] {
    SolveRegions(words, puzzle, options, "swap.txt", [&](const RegionsSolution& solution) -> bool {
      CHECK(!solution.words.empty());
      ++calls;
      throw Thrown("from regions", 42);
    });
  });
  CHECK(calls == 1);
}

namespace {

// What a search of `dictionary` finds that depends on its scores: the best squares and a
// best fill, as text.
std::string BestResults(const Dictionary& dictionary, const Grid& grid, int size) {
  SquareOptions options;
  options.size = size;
  options.best = 3;
  std::string out;
  SquareSearch(dictionary, options).ForEach([&](const SquareResult& square) {
    for (const std::string& row : square.rows) out += row + " ";
    out += "worst " + std::to_string(square.worst_score) + "\n";
    return true;
  });
  FillOptions fill;
  fill.threads = 1;
  fill.quality_time = 5;
  const FillResult result = FillGrid(dictionary, grid, fill);
  REQUIRE(result.status == FillStatus::kFilled);
  for (const std::string& row : result.fills.at(0).rows) out += row + " ";
  const FillQuality& quality = result.fills[0].quality.value();
  out += "worst " + quality.worst_word + " " + std::to_string(quality.worst_score) + "\n";
  return out;
}

// `dictionary` saved as bytes and as a file, loaded back: each the same as it.
void CheckRoundTrips(const Dictionary& dictionary, const Grid& grid, int size) {
  const std::string want = BestResults(dictionary, grid, size);
  const std::string path = TempPath("saved.idx");
  dictionary.SaveIndex(path);
  for (const Dictionary& loaded :
       {Dictionary::FromIndexBytes(dictionary.IndexBytes()), Dictionary::FromFiles({path})}) {
    CHECK(loaded.better() == dictionary.better());
    CHECK(loaded.is_default() == dictionary.is_default());
    CHECK(loaded.size() == dictionary.size());
    CHECK(BestResults(loaded, grid, size) == want);
  }
}

}  // namespace

TEST_CASE("an index keeps the scores' direction and the options it was read with") {
  const Dictionary english = Dictionary::Default();
  const Grid grid = Grid::FromRows({"....", "....", "...."});
  CHECK(english.better() == Better::kLower);
  CHECK(english.is_default());
  CheckRoundTrips(english, grid, 4);
  // The embedded list read as higher-is-better: its best is another, which the index keeps.
  DictionaryOptions higher;
  higher.better = Better::kHigher;
  const Dictionary reversed = Dictionary::Default(higher);
  CHECK(reversed.better() == Better::kHigher);
  CHECK(BestResults(reversed, grid, 4) != BestResults(english, grid, 4));
  CheckRoundTrips(reversed, grid, 4);
  // A scored list (the embedded list's words of 3 and 4 letters, as a file): higher is
  // better, unless said otherwise.
  const std::string list = TempPath("scored.txt");
  {
    std::ofstream out(list);
    for (int length : {3, 4}) {
      for (const ScoredWord& word : english.ScoredWords(length))
        out << word.word << ";" << word.score << "\n";
    }
  }
  const Dictionary scored = Dictionary::FromFiles({list});
  CHECK(scored.better() == Better::kHigher);
  CHECK(!scored.is_default());
  CheckRoundTrips(scored, grid, 4);
  DictionaryOptions lower;
  lower.better = Better::kLower;
  const Dictionary scored_lower = Dictionary::FromFiles({list}, lower);
  CHECK(BestResults(scored_lower, grid, 4) != BestResults(scored, grid, 4));
  CHECK(scored_lower.better() == Better::kLower);
  CheckRoundTrips(scored_lower, grid, 4);
  // Options given with an index override its direction.
  const std::string path = TempPath("english.idx");
  english.SaveIndex(path);
  CHECK(Dictionary::FromFiles({path}, higher).better() == Better::kHigher);
  // The options the list was read with come back with it, given or not.
  DictionaryOptions folded;
  folded.fold_accents = true;
  const Dictionary accents = Dictionary::FromWords({"café;3", "éclair;2", "naïve;1"}, folded);
  CHECK(accents.contains("CAFÉ"));
  const std::string accents_path = TempPath("accents.idx");
  accents.SaveIndex(accents_path);
  for (const Dictionary& loaded :
       {Dictionary::FromIndexBytes(accents.IndexBytes()), Dictionary::FromFiles({accents_path}),
        Dictionary::FromFiles({accents_path}, folded)}) {
    CHECK(loaded.contains("café"));
    CHECK(loaded.contains("naive"));
    CHECK(loaded.IndexBytes() == accents.IndexBytes());
  }
}

TEST_CASE("a file that cannot be read: an Error with its path and why") {
  struct Case {
    std::string path;
    FileError file_error;
    int error_number;
  };
  const std::string missing = TempPath("missing.txt");
  const std::string locked = TempPath("locked.txt");
  std::ofstream(locked) << "cat\n";
  chmod(locked.c_str(), 0);
  std::vector<Case> cases = {{missing, FileError::kNotFound, ENOENT},
                             {TempPath(""), FileError::kOther, EISDIR}};
  // Root reads any file: the permission case needs another user.
  if (geteuid() != 0) cases.push_back({locked, FileError::kPermission, EACCES});
  for (const Case& c : cases) {
    CAPTURE(c.path);
    auto check = [&](const Error& error) {
      CHECK(error.kind() == ErrorKind::kData);
      CHECK(error.source() == c.path);
      CHECK(error.file_error() == c.file_error);
      CHECK(error.error_number() == c.error_number);
      CHECK(std::string(error.what()).rfind(c.path + ": ", 0) == 0);
    };
    try {
      Dictionary::FromFiles({c.path});
      FAIL("no error");
    } catch (const Error& error) {
      check(error);
    }
    try {
      Grid::Load(c.path);
      FAIL("no error");
    } catch (const Error& error) {
      check(error);
    }
    SquareOptions shape;
    shape.kind = SquareKind::kShape;
    shape.shape_file = c.path;
    try {
      SquareSearch(Dictionary::Default(), shape);
      FAIL("no error");
    } catch (const Error& error) {
      check(error);
    }
  }
  // Writing: an index into a folder that does not exist.
  const std::string nowhere = TempPath("no/such/folder.idx");
  try {
    Dictionary::FromWords({"cat"}).SaveIndex(nowhere);
    FAIL("no error");
  } catch (const Error& error) {
    CHECK(error.source() == nowhere);
    CHECK(error.file_error() == FileError::kNotFound);
    CHECK(std::string(error.what()) == nowhere + ": cannot create: No such file or directory");
  }
  // Other errors are no file's.
  try {
    Grid::Parse("..\n.%\n", "g.txt");
    FAIL("no error");
  } catch (const Error& error) {
    CHECK(error.file_error() == FileError::kNone);
    CHECK(error.error_number() == 0);
  }
}

TEST_CASE("errors name their position in source(), line() and column()") {
  auto error_of = [](const auto& run) -> Error {
    try {
      run();
    } catch (const Error& error) {
      return error;
    }
    FAIL("no error");
    return Error(ErrorKind::kData, "");
  };
  // A Kakuro board's cell: its row and column in cells.
  const Error cell = error_of([] { SolveKakuro("# 3\\ 4\\\n\\3 . x\n\\4 . .\n", {}, "b.txt"); });
  CHECK(std::string(cell.what()) ==
        "b.txt:2: row 2, column 3: malformed token 'x' (expected '.', '#' or a clue 'D\\R')");
  CHECK(cell.source() == "b.txt");
  CHECK(cell.line() == 2);
  CHECK(cell.column() == 3);
  const Error solution = error_of([] {
    KakuroOptions check;
    check.check = true;
    SolveKakuro("KAKURO k 3 3\n# 3\\ 4\\\n\\3 . .\n\\4 . .\nSOLUTION\n# # #\n# 1 x\n# 3 1\nEND\n",
                check, "s.txt");
  });
  CHECK(std::string(solution.what()) ==
        "s.txt:7: solution row 2, column 3: expected a digit 1-9 (white cell), found 'x'");
  CHECK(solution.line() == 7);
  CHECK(solution.column() == 3);
  // A grid's character.
  const Error grid = error_of([] { Grid::Parse("...\n.%.\n", "g.txt"); });
  CHECK(grid.source() == "g.txt");
  CHECK(grid.line() == 2);
  CHECK(grid.column() == 2);
  // A source without a position.
  const Error empty = error_of([] { Grid::Parse("", "empty.txt"); });
  CHECK(std::string(empty.what()) == "empty.txt: empty grid file");
  CHECK(empty.source() == "empty.txt");
  CHECK(empty.line() == 0);
  const Error index = error_of([] { Dictionary::FromIndexBytes("not an index"); });
  CHECK(index.source() == "<index>");
  // A usage error names no source.
  SquareOptions nothing;
  const Error usage = error_of([&] { SquareSearch(Dictionary::Default(), nothing); });
  CHECK(usage.usage());
  CHECK(usage.source().empty());
}

// By their fields' names, which are Python's keywords too: not the structs' (a Python caller
// passed `limit`, not FillOptions::limit).
TEST_CASE("the library speaks of its options' fields, not of the command line's") {
  auto message_of = [](const SquareOptions& options) -> std::string {
    try {
      SquareSearch(Dictionary::Default(), options);
    } catch (const Error& error) {
      return error.what();
    }
    return "no error";
  };
  const std::string nothing = message_of(SquareOptions{});
  CHECK(nothing.find("--") == std::string::npos);
  CHECK(nothing.find("-n") == std::string::npos);
  CHECK(nothing ==
        "nothing to search: give a size, a first word, a pattern, or a rectangle's rows and cols");
  SquareOptions negative;
  negative.size = 3;
  negative.limit = -1;
  CHECK(message_of(negative) == "limit: -1 is negative");
}

TEST_CASE("one surface: threads default to all cores, limits are int64_t") {
  CHECK(SquareOptions{}.threads == 0);
  CHECK(FillOptions{}.threads == 0);
  static_assert(std::is_same_v<decltype(SquareOptions::limit), std::optional<int64_t>>);
  static_assert(std::is_same_v<decltype(FillOptions::limit), std::optional<int64_t>>);
  static_assert(std::is_same_v<decltype(KakuroOptions::limit), std::optional<int64_t>>);
  // All cores find what one thread finds, in the same order.
  const Dictionary words = Dictionary::FromFiles({kData + "/squares/words4.txt"});
  SquareOptions one = Symmetric(4, 1), all = Symmetric(4, 0);
  std::string by_one, by_all;
  SquareSearch(words, one).Write(SquareFormat::kLines, [&](std::string_view text) {
    by_one += text;
    return true;
  });
  SquareSearch(words, all).Write(SquareFormat::kLines, [&](std::string_view text) {
    by_all += text;
    return true;
  });
  CHECK(!by_one.empty());
  CHECK(by_one == by_all);
}

TEST_CASE("one surface: a limit of 0 asks for no result, a negative one is refused at the call") {
  const Dictionary words = Dictionary::FromWords({"ab", "ba", "aa", "bb"});
  SquareOptions square = Symmetric(2, 1);
  square.limit = 0;
  CHECK(SquareSearch(words, square).Count() == 0);
  FillOptions fill;
  fill.all = fill.allow_repeats = true;
  fill.limit = 0;
  int handed = 0;
  const FillResult none = FillGrid(words, Grid::FromRows({"..", ".."}), fill, [&](const Fill&) {
    ++handed;
    return true;
  });
  CHECK(handed == 0);
  CHECK(none.status == FillStatus::kTimedOut);
  CHECK(none.stats.nodes == 0);
  fill.limit = 2;
  CHECK(FillGrid(words, Grid::FromRows({"..", ".."}), fill).fills.size() == 2);
  KakuroOptions kakuro;
  kakuro.limit = 0;
  const std::vector<KakuroResult> boards =
      SolveKakuro("KAKURO one 3 3\n# 3\\ 4\\\n\\3 . .\n\\4 . .\nEND\n", kakuro);
  REQUIRE(boards.size() == 1);
  CHECK(boards[0].verdict == KakuroVerdict::kTimedOut);
  CHECK(boards[0].count == 0);
  fill.limit = -1;
  kakuro.limit = -1;
  CHECK_THROWS_WITH_AS(CheckFillOptions(fill), "limit: -1 is negative", Error);
  CHECK_THROWS_WITH_AS(SolveKakuro("", kakuro), "limit: -1 is negative", Error);
  fill.limit = 1;
  fill.all = false;
  CHECK_THROWS_WITH_AS(CheckFillOptions(fill), "limit needs all", Error);
}
