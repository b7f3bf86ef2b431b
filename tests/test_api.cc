// The typed API (include/squares) against the command line on the same inputs: counts,
// listings (Write's bytes are `squares --format ...`'s), ForEach rows, shapes, shards,
// threads, limits, errors; and cancellation: a stop takes effect within 50 ms.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "squares/squares.h"
#include "test_effort.h"

namespace {

const std::string kData = SQUARES_TEST_DATA;
const std::string kWords4 = kData + "/squares/words4.txt";

// What `squares ARGS` prints on stdout.
std::string Cli(const std::string& args) {
  const std::string command = std::string(SQUARES_BINARY) + " " + args + " 2>/dev/null";
  std::FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  char buffer[1 << 16];
  for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  pclose(pipe);
  return out;
}

uint64_t CliCount(const std::string& args) { return std::stoull(Cli(args + " --count")); }

std::string Written(const squares::SquareSearch& search, squares::SquareFormat format) {
  std::string out;
  search.Write(format, [&](std::string_view text) {
    out.append(text);
    return true;
  });
  return out;
}

// ForEach's results as the lines format prints a square's: rows separated by spaces.
std::string RowsAsLines(const squares::SquareSearch& search) {
  std::string out;
  search.ForEach([&](const squares::SquareResult& result) {
    for (size_t i = 0; i < result.rows.size(); ++i)
      out += result.rows[i] + (i + 1 < result.rows.size() ? " " : "\n");
    return true;
  });
  return out;
}

squares::SquareOptions Sized(squares::SquareKind kind, int size) {
  squares::SquareOptions options;
  options.kind = kind;
  options.size = size;
  return options;
}

const squares::Dictionary& Words4() {
  static const squares::Dictionary words = squares::Dictionary::FromFiles({kWords4});
  return words;
}

}  // namespace

TEST_CASE("counts as the command line's") {
  const squares::Dictionary english = squares::Dictionary::Default();
  CHECK(squares::SquareSearch(english, Sized(squares::SquareKind::kSymmetric, 4)).Count() ==
        CliCount("-n 4"));
  CHECK(squares::SquareSearch(english, Sized(squares::SquareKind::kDouble, 3)).Count() ==
        CliCount("--double -n 3"));
  squares::SquareOptions rect;
  rect.kind = squares::SquareKind::kRectangle;
  rect.rows = 3;
  rect.cols = 4;
  const squares::SquareSearch rect_search(english, rect);
  CHECK(rect_search.rows() == 3);
  CHECK(rect_search.cols() == 4);
  CHECK(rect_search.Count() == CliCount("--rect 3x4"));
  squares::SquareOptions diagonals = Sized(squares::SquareKind::kSymmetric, 4);
  diagonals.diagonals = true;
  CHECK(squares::SquareSearch(english, diagonals).Count() == CliCount("-n 4 --diagonals"));
  squares::DictionaryOptions common;
  common.max_level = 10;
  const squares::SquareSearch cube(squares::Dictionary::Default(common),
                                   Sized(squares::SquareKind::kCube, 3));
  const uint64_t cubes = cube.Count();
  CHECK(cubes == CliCount("--cube 3 --max-level 10"));
  CHECK(cubes > 0);
  // Options that narrow the search.
  squares::SquareOptions narrow = Sized(squares::SquareKind::kDouble, 4);
  narrow.first = "bead";
  narrow.distinct = true;
  narrow.no_transpose = true;
  CHECK(squares::SquareSearch(english, narrow).Count() ==
        CliCount("--double bead --distinct --no-transpose"));
  squares::SquareOptions pattern;
  pattern.pattern = "s..../...../...../...../....t";
  pattern.contains = "heart";
  CHECK(squares::SquareSearch(english, pattern).Count() ==
        CliCount("--pattern s..../...../...../...../....t --contains heart"));
}

TEST_CASE("listings are the command line's bytes") {
  const squares::Dictionary& words = Words4();
  const std::string dict = " --dict " + kWords4;
  const squares::SquareSearch search(words, Sized(squares::SquareKind::kDouble, 4));
  const std::string lines = Written(search, squares::SquareFormat::kLines);
  CHECK(!lines.empty());
  CHECK(lines == Cli("--double -n 4 -f lines -j 1" + dict));
  CHECK(Written(search, squares::SquareFormat::kJsonl) == Cli("--double -n 4 -f jsonl" + dict));
  CHECK(Written(search, squares::SquareFormat::kText) == Cli("--double -n 4 -f text" + dict));
  CHECK(RowsAsLines(search) == lines);
  // Upper case and a symmetric square with its first word.
  squares::SquareOptions first;
  first.first = "bishop";
  first.upper = true;
  first.limit = 20;
  const squares::SquareSearch bishop(squares::Dictionary::Default(), first);
  CHECK(Written(bishop, squares::SquareFormat::kLines) == Cli("bishop -u --limit 20 -f lines"));
  CHECK(RowsAsLines(bishop) == Cli("bishop -u --limit 20 -f lines"));
  // A result's words: its rows, then its columns.
  squares::SquareOptions one = Sized(squares::SquareKind::kRectangle, 0);
  one.rows = 3;
  one.cols = 4;
  one.limit = 1;
  squares::SquareSearch(squares::Dictionary::Default(), one)
      .ForEach([](const squares::SquareResult& result) {
        REQUIRE(result.rows.size() == 3);
        REQUIRE(result.words.size() == 7);
        for (int i = 0; i < 3; ++i) CHECK(result.words[i] == result.rows[i]);
        for (int j = 0; j < 4; ++j) {
          CHECK(result.words[3 + j] ==
                std::string{result.rows[0][j], result.rows[1][j], result.rows[2][j]});
        }
        return true;
      });
}

TEST_CASE("shapes: diagonals, cubes, shape files") {
  const std::string dict = " --dict " + kWords4;
  squares::SquareOptions diagonals = Sized(squares::SquareKind::kDouble, 4);
  diagonals.diagonals = true;
  const squares::SquareSearch search(Words4(), diagonals);
  CHECK(Written(search, squares::SquareFormat::kJsonl) ==
        Cli("--double -n 4 --diagonals -f jsonl" + dict));
  CHECK(Written(search, squares::SquareFormat::kText) == Cli("--double -n 4 --diagonals" + dict));
  CHECK(search.Count() == CliCount("--double -n 4 --diagonals" + dict));

  squares::DictionaryOptions common;
  common.max_level = 10;
  squares::SquareOptions cube = Sized(squares::SquareKind::kCube, 3);
  cube.limit = 50;
  const squares::SquareSearch cubes(squares::Dictionary::Default(common), cube);
  CHECK(Written(cubes, squares::SquareFormat::kText) == Cli("--cube 3 --max-level 10 --limit 50"));
  CHECK(Written(cubes, squares::SquareFormat::kLines) ==
        Cli("--cube 3 --max-level 10 --limit 50 -f lines"));

  // A topology file, and the same shape as cell lists.
  const std::string path = "test_api_sym4.txt";
  std::ofstream("test_api_sym4.txt") << "# symmetric 4x4\n1,2,3,4\n2,5,6,7\n3,6,8,9\n4,7,9,10\n";
  squares::SquareOptions file;
  file.kind = squares::SquareKind::kShape;
  file.shape_file = path;
  const squares::SquareSearch from_file(Words4(), file);
  const std::string want = Cli("shape " + path + " -f jsonl" + dict);
  CHECK(!want.empty());
  CHECK(Written(from_file, squares::SquareFormat::kJsonl) == want);
  CHECK(from_file.Count() == CliCount("shape " + path + dict));
  squares::SquareOptions cells;
  cells.kind = squares::SquareKind::kShape;
  cells.shape = {{{0, 1, 2, 3}, ""}, {{1, 4, 5, 6}, ""}, {{2, 5, 7, 8}, ""}, {{3, 6, 8, 9}, ""}};
  const squares::SquareSearch from_cells(Words4(), cells);
  CHECK(Written(from_cells, squares::SquareFormat::kJsonl) == want);
  // The same squares as the symmetric mode, as words.
  std::vector<std::string> symmetric;
  squares::SquareSearch(Words4(), Sized(squares::SquareKind::kSymmetric, 4))
      .ForEach([&](const squares::SquareResult& r) {
        symmetric.push_back(r.rows[0] + r.rows[1] + r.rows[2] + r.rows[3]);
        return true;
      });
  std::vector<std::string> shaped;
  from_cells.ForEach([&](const squares::SquareResult& r) {
    REQUIRE(r.words.size() == 4);
    shaped.push_back(r.words[0] + r.words[1] + r.words[2] + r.words[3]);
    return true;
  });
  CHECK(shaped == symmetric);
  // Every word naming its list: the main dictionary is not read, and a note says so.
  squares::SquareOptions listed = cells;
  for (squares::ShapeWord& word : listed.shape) word.list = kWords4;
  const squares::SquareSearch own_lists(squares::Dictionary::Default(), listed);
  CHECK(Written(own_lists, squares::SquareFormat::kJsonl) == want);
  REQUIRE(own_lists.notes().size() == 1);
  CHECK(own_lists.notes()[0].find("every word names its list") != std::string::npos);
  std::remove(path.c_str());
}

TEST_CASE("shards concatenate to the whole; threads keep the order") {
  const squares::Dictionary& words = Words4();
  const squares::SquareSearch whole_search(words, Sized(squares::SquareKind::kDouble, 4));
  const std::string whole = Written(whole_search, squares::SquareFormat::kLines);
  const uint64_t total = whole_search.Count();
  std::string parts;
  uint64_t counted = 0;
  for (int i = 1; i <= 3; ++i) {
    squares::SquareOptions shard = Sized(squares::SquareKind::kDouble, 4);
    shard.shard_index = i;
    shard.shard_count = 3;
    const squares::SquareSearch part(words, shard);
    const std::string text = Written(part, squares::SquareFormat::kLines);
    CHECK(text ==
          Cli("--double -n 4 -f lines --shard " + std::to_string(i) + "/3 --dict " + kWords4));
    parts += text;
    counted += part.Count();
  }
  CHECK(parts == whole);
  CHECK(counted == total);
  // The key of the cut: every part's alike, another for another count of parts, and the
  // command line's.
  auto key = [&](int index, int count) {
    squares::SquareOptions shard = Sized(squares::SquareKind::kDouble, 4);
    shard.shard_index = index;
    shard.shard_count = count;
    return squares::SquareSearch(words, shard).ShardKey(true);
  };
  CHECK(key(1, 3) == key(3, 3));
  CHECK(key(1, 3) != key(1, 4));
  char hex[20];
  std::snprintf(hex, sizeof hex, "%016llx\n", static_cast<unsigned long long>(key(2, 3)));
  CHECK(hex == Cli("--double -n 4 --count --shard-key --shard 2/3 --dict " + kWords4));
  // Runs under an expected key: the right one (of the run's kind) runs the part; another
  // throws a data error naming both keys before any result.
  squares::SquareOptions keyed = Sized(squares::SquareKind::kDouble, 4);
  keyed.shard_index = 2;
  keyed.shard_count = 3;
  const squares::SquareSearch unkeyed(words, keyed);
  const uint64_t listing_key = unkeyed.ShardKey(false);
  keyed.shard_key = listing_key;
  CHECK(Written(squares::SquareSearch(words, keyed), squares::SquareFormat::kLines) ==
        Written(unkeyed, squares::SquareFormat::kLines));
  keyed.shard_key = key(2, 3);
  CHECK(squares::SquareSearch(words, keyed).Count() == unkeyed.Count());
  keyed.shard_key = listing_key ^ 1;
  const squares::SquareSearch wrong(words, keyed);
  int delivered = 0;
  try {
    wrong.ForEach([&](const squares::SquareResult&) { return ++delivered > 0; });
    FAIL("a run under another key ran");
  } catch (const squares::Error& error) {
    CHECK(error.kind() == squares::ErrorKind::kData);
    char message[160];
    std::snprintf(message, sizeof message,
                  "shard key %016llx: this search is cut into other parts here (key %016llx)",
                  static_cast<unsigned long long>(listing_key ^ 1),
                  static_cast<unsigned long long>(listing_key));
    CHECK(std::string(error.what()).rfind(message, 0) == 0);
  }
  CHECK(delivered == 0);
  keyed.shard_key = key(2, 3) ^ 1;
  CHECK_THROWS_AS(squares::SquareSearch(words, keyed).Count(), squares::Error);
  squares::SquareOptions two = Sized(squares::SquareKind::kDouble, 4);
  two.threads = 2;
  const squares::SquareSearch threaded(words, two);
  CHECK(Written(threaded, squares::SquareFormat::kLines) == whole);
  CHECK(RowsAsLines(threaded) == whole);
  CHECK(threaded.Count() == total);
  squares::SquareOptions big = Sized(squares::SquareKind::kSymmetric, 5);
  big.threads = 2;
  big.limit = 1000;
  squares::SquareOptions one = big;
  one.threads = 1;
  const squares::Dictionary english = squares::Dictionary::Default();
  CHECK(Written(squares::SquareSearch(english, big), squares::SquareFormat::kLines) ==
        Written(squares::SquareSearch(english, one), squares::SquareFormat::kLines));
}

TEST_CASE("limits") {
  squares::SquareOptions options = Sized(squares::SquareKind::kSymmetric, 4);
  options.limit = 7;
  const squares::SquareSearch search(squares::Dictionary::Default(), options);
  CHECK(search.Count() == 7);
  int seen = 0;
  const squares::SearchStats stats =
      search.ForEach([&](const squares::SquareResult&) { return ++seen > 0; });
  CHECK(seen == 7);
  CHECK(stats.results == 7);
  CHECK(Written(search, squares::SquareFormat::kLines) == Cli("-n 4 --limit 7 -f lines"));
  // A callback that says stop.
  seen = 0;
  CHECK(search.ForEach([&](const squares::SquareResult&) { return ++seen < 3; }).results == 3);
  CHECK(seen == 3);
  options.limit = 0;
  CHECK(squares::SquareSearch(squares::Dictionary::Default(), options).Count() == 0);
}

TEST_CASE("best squares: the least worst word, proven by the lists cut below it") {
  const squares::Dictionary english = squares::Dictionary::Default();
  for (squares::SquareKind kind : {squares::SquareKind::kSymmetric, squares::SquareKind::kDouble}) {
    CAPTURE(static_cast<int>(kind));
    squares::SquareOptions options = Sized(kind, 5);
    options.best = 4;
    const squares::SquareSearch search(english, options);
    std::vector<squares::SquareResult> best;
    search.ForEach([&](const squares::SquareResult& result) {
      best.push_back(result);
      return true;
    });
    REQUIRE(best.size() == 4);
    // Ranked by worst word, then mean (lower is better on the default list's SCOWL sizes).
    for (size_t k = 1; k < best.size(); ++k) {
      CHECK(std::make_pair(best[k - 1].worst_score, best[k - 1].mean_score) <=
            std::make_pair(best[k].worst_score, best[k].mean_score));
    }
    // The plain search agrees: no square on the words scored better than the best's worst
    // word, and the best one among those on the words up to it.
    const int64_t worst = best[0].worst_score;
    squares::DictionaryOptions better, as_good;
    better.max_level = worst - 1;
    as_good.max_level = worst;
    CHECK(squares::SquareSearch(squares::Dictionary::Default(better), Sized(kind, 5)).Count() == 0);
    const squares::SquareSearch at_worst(squares::Dictionary::Default(as_good), Sized(kind, 5));
    bool found = false;
    at_worst.ForEach([&](const squares::SquareResult& result) {
      found |= result.rows == best[0].rows;
      return !found;
    });
    CHECK(found);
    CHECK(search.Count() == 4);
  }
  squares::SquareOptions options = Sized(squares::SquareKind::kSymmetric, 5);
  options.best = 3;
  CHECK(Written(squares::SquareSearch(english, options), squares::SquareFormat::kLines) ==
        Cli("-n 5 --best 3 -f lines"));
  options.shard_count = 2;
  CHECK_THROWS_AS(squares::SquareSearch(english, options), squares::Error);
}

TEST_CASE("errors: kind, source, line, column") {
  std::ofstream("test_api_bad.txt") << "cat\ndo" << '\0' << "g\n";
  try {
    squares::Dictionary::FromFiles({"test_api_bad.txt"});
    FAIL("no error");
  } catch (const squares::Error& error) {
    CHECK(error.kind() == squares::ErrorKind::kData);
    CHECK(error.source() == "test_api_bad.txt");
    CHECK(error.line() == 2);
    CHECK(error.column() == 3);
    CHECK(std::string(error.what()).find("NUL byte") != std::string::npos);
  }
  std::remove("test_api_bad.txt");
  const squares::Dictionary english = squares::Dictionary::Default();
  auto error_of = [&](const squares::SquareOptions& options) -> std::string {
    try {
      squares::SquareSearch search(english, options);
    } catch (const squares::Error& error) {
      return (error.usage() ? "usage: " : "data: ") + std::string(error.what());
    }
    return "no error";
  };
  CHECK(error_of(Sized(squares::SquareKind::kSymmetric, 40)) ==
        "usage: size: 40 is not in 1..32");
  squares::SquareOptions unknown;
  unknown.first = "qqqqq";
  CHECK(error_of(unknown) == "data: 'qqqqq' is not in the dictionary");
  CHECK(error_of(squares::SquareOptions{}) ==
        "usage: nothing to search: give a size, a first word, a pattern, or a rectangle's rows "
        "and cols");
  squares::SquareOptions transpose = Sized(squares::SquareKind::kSymmetric, 4);
  transpose.no_transpose = true;
  CHECK(error_of(transpose) == "usage: no_transpose applies to double squares only");
  squares::SquareOptions reversed = Sized(squares::SquareKind::kSymmetric, 4);
  reversed.reversed = true;
  CHECK(error_of(reversed) == "usage: reversed applies to double squares and rectangles only");
  reversed.diagonals = true;
  reversed.kind = squares::SquareKind::kDouble;
  CHECK(error_of(reversed) == "usage: reversed does not apply to diagonal squares or cubes");
  squares::SquareOptions shard = Sized(squares::SquareKind::kSymmetric, 4);
  shard.shard_index = 3;
  shard.shard_count = 2;
  CHECK(error_of(shard).rfind("usage: shard 3/2", 0) == 0);
  squares::SquareOptions missing;
  missing.kind = squares::SquareKind::kShape;
  missing.shape_file = "no-such-shape.txt";
  CHECK(error_of(missing) == "data: no-such-shape.txt: No such file or directory");
  squares::SquareOptions bad_cells;
  bad_cells.kind = squares::SquareKind::kShape;
  bad_cells.shape = {{{0, 1, 2}, ""}, {{4, 5}, ""}};
  CHECK(error_of(bad_cells) == "data: <shape>: cell 3 is in no word");
}

namespace {

// Runs `run` with its stop flag set once it is well under way (200 ms; under the sanitizers,
// which build the search's tables several times slower, 1.5 s): the CPU seconds the search
// spent after that before it returned (ProcessCpuSeconds).
template <class Run>
double StopLatency(squares::StopFlag& stop, const Run& run) {
  double set_at = 0;
  std::thread setter([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(kSanitized ? 1500 : 200));
    set_at = ProcessCpuSeconds();
    stop = true;
  });
  run();
  const double returned = ProcessCpuSeconds();
  setter.join();
  REQUIRE(stop.load());  // the search was still running when the flag was set
  return returned - set_at;
}

// The sanitizers slow every step about tenfold, and CI runs them beside other work.
constexpr double kMaxLatency = kSanitized ? 1.0 : 0.05;

}  // namespace

TEST_CASE("a stop ends a count that finds nothing for long, within 50 ms") {
  const squares::Dictionary english = squares::Dictionary::Default();
  for (int threads : {1, 2}) {
    CAPTURE(threads);
    squares::StopFlag stop{false};
    squares::SquareOptions options = Sized(squares::SquareKind::kDouble, 6);
    options.threads = threads;
    options.stop = &stop;
    const squares::SquareSearch search(english, options);
    squares::SearchStats stats;
    const double latency = StopLatency(stop, [&] { search.Count(&stats); });
    CHECK(stats.stopped);
    CHECK(latency < kMaxLatency);
  }
  squares::StopFlag stop{false};
  squares::SquareOptions options = Sized(squares::SquareKind::kSymmetric, 8);
  options.threads = 1;
  options.stop = &stop;
  const squares::SquareSearch symmetric(english, options);
  CHECK(StopLatency(stop, [&] { symmetric.Count(); }) < kMaxLatency);
}

TEST_CASE("a stop ends a shape search within 50 ms") {
  const squares::Dictionary english = squares::Dictionary::Default();
  squares::StopFlag stop{false};
  squares::SquareOptions options = Sized(squares::SquareKind::kDouble, 6);
  options.diagonals = true;
  options.threads = 1;
  options.stop = &stop;
  const squares::SquareSearch search(english, options);
  CHECK(StopLatency(stop, [&] { search.Count(); }) < kMaxLatency);
  stop = false;
  int results = 0;
  CHECK(StopLatency(stop, [&] {
          search.ForEach([&](const squares::SquareResult&) { return ++results > 0; });
        }) < kMaxLatency);
}
