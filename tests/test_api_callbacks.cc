// Callbacks that throw, at random points of every search that takes one, on 1, 2 and 8
// threads: the exception reaches the caller unchanged, soon, with the search's threads joined
// and nothing left running (scripts/sanitize.sh runs this under ASan; ThreadSanitizer by hand,
// as docs/development.md says). Also the other contracts of the callbacks: a copy of a
// SquareSearch keeps its own progress callback and stop flag, a list's skipped entries are
// noted, progress comes as timed, a stop before a puzzle's verdict does not claim one.
#include <doctest/doctest.h>
#include <sched.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iterator>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "squares/squares.h"
#include "test_effort.h"

namespace {

using namespace squares;
using Clock = std::chrono::steady_clock;

const std::string kData = SQUARES_TEST_DATA;

// A type the library never throws: arriving intact, it was passed through unchanged.
struct Thrown : std::runtime_error {
  explicit Thrown(int round) : std::runtime_error("thrown"), round(round) {}
  int round;
};

// One round: a callback throws at its `at`-th call (when the search calls it that often).
struct Round {
  int number = 0;
  int threads = 1;
  int at = 1;
  int calls = 0;
  int calls_after = 0;  // calls made after the throw (none may be)
  bool threw = false;
  double thrown_cpu = 0;        // process CPU seconds at the throw
  Clock::time_point thrown_at;  // and the time

  // The callback's body: counts the call, throws at the chosen one.
  void Call() {
    if (threw) {
      ++calls_after;
      return;
    }
    if (++calls < at) return;
    threw = true;
    thrown_cpu = ProcessCpuSeconds();
    thrown_at = Clock::now();
    throw Thrown(number);
  }
};

// The searches with a callback, each a function of the round (which says the threads and
// where to throw).
struct Searches {
  Dictionary english = Dictionary::Default();
  Dictionary regions_words = Dictionary::FromFiles({kData + "/regions/words.txt"});
  std::string regions_puzzle;
  Grid open4 = Grid::FromRows(std::vector<std::string>(4, "...."));
  Grid open9 = Grid::FromRows(std::vector<std::string>(9, "........."));
  Grid corner = Grid::FromRows({".....", ".....", ".....", ".....", "....."});

  Searches() {
    std::ifstream in(kData + "/regions/swap.txt");
    regions_puzzle.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }

  SquareOptions Squares(const Round& round) const {
    SquareOptions options;
    options.size = 5;
    options.threads = round.threads;
    return options;
  }

  std::vector<std::pair<std::string, std::function<void(Round&)>>> All() const {
    return {
        {"ForEach",
         [this](Round& r) {
           SquareSearch(english, Squares(r)).ForEach([&](const SquareResult&) {
             r.Call();
             return true;
           });
         }},
        {"ForEachView",
         [this](Round& r) {
           SquareSearch(english, Squares(r)).ForEachView([&](const SquareView&) {
             r.Call();
             return true;
           });
         }},
        {"Write",
         [this](Round& r) {
           r.at = 1 + r.at % 50;  // each call is a block of many squares
           SquareSearch(english, Squares(r)).Write(SquareFormat::kText, [&](std::string_view) {
             r.Call();
             return true;
           });
         }},
        {"Count progress",
         [this](Round& r) {
           SquareSearch search(english, Squares(r));
           r.at = 1 + r.at % 30;
           search.set_progress([&](const SearchProgress&) { r.Call(); }, {0, 0});
           search.Count();
         }},
        {"ForEach progress",
         [this](Round& r) {
           SquareSearch search(english, Squares(r));
           r.at = 1 + r.at % 30;
           search.set_progress([&](const SearchProgress&) { r.Call(); }, {0, 0});
           search.ForEach([](const SquareResult&) { return true; });
         }},
        {"fill all",
         [this](Round& r) {
           FillOptions options;
           options.all = true;
           options.threads = r.threads;
           FillGrid(english, open4, options, [&](const Fill&) {
             r.Call();
             return true;
           });
         }},
        {"fill progress",
         [this](Round& r) {
           FillOptions options;
           options.all = options.count_only = options.allow_repeats = true;
           options.threads = r.threads;
           options.timeout = 20;  // stopped by the throw long before
           options.progress_every = 0.001;
           r.at = 1 + r.at % 5;
           options.progress = [&](const FillProgress&) { r.Call(); };
           FillGrid(english, open9, options);
         }},
        {"candidates",
         [this](Round& r) {
           CandidateOptions options;
           options.max_checked = 5;
           options.seconds_per_word = 0.01;
           r.at = 1 + r.at % 4;
           options.on_list = [&](const std::vector<Candidate>&) {
             r.Call();
             return true;
           };
           options.on_decided = [&](size_t, const Candidate&) {
             r.Call();
             return true;
           };
           options.on_fill = [&](const std::vector<std::string>&) { r.Call(); };
           Candidates(english, corner, 0, options);
         }},
        {"kakuro",
         [](Round& r) {
           KakuroOptions options;
           options.all = true;
           r.at = 1 + r.at % 20;
           SolveKakuro(
               "KAKURO many 4 4\n# 10\\ 10\\ 10\\\n\\10 . . .\n\\10 . . .\n\\10 . . .\nEND\n",
               options, "<board>", [&](const KakuroResult&, const std::vector<int>*) {
                 r.Call();
                 return true;
               });
         }},
        {"regions",
         [this](Round& r) {
           RegionsOptions options;
           options.all = true;
           r.at = 1 + r.at % 2;
           SolveRegions(regions_words, regions_puzzle, options, "swap.txt",
                        [&](const RegionsSolution&) {
                          r.Call();
                          return true;
                        });
         }},
    };
  }
};

}  // namespace

TEST_CASE("callbacks that throw at random points: the exception comes out, soon, every time") {
  const Searches searches;
  const auto all = searches.All();
  std::mt19937 random(59);
  const int rounds = 200;  // under the sanitizers too: they are what this test is for
  const int thread_counts[] = {1, 2, 8};
  double worst_cpu = 0, worst_wall = 0;
  std::vector<int> thrown(all.size());
  for (int n = 0; n < rounds; ++n) {
    const size_t kind = n % all.size();
    Round round;
    round.number = n;
    round.threads = thread_counts[(n / all.size()) % 3];
    round.at = 1 + static_cast<int>(std::uniform_int_distribution<int>(0, 2000)(random));
    CAPTURE(all[kind].first);
    CAPTURE(round.threads);
    CAPTURE(round.at);
    try {
      all[kind].second(round);
      CHECK(!round.threw);  // it ran to its end before the chosen call
    } catch (const Thrown& thrown_out) {
      REQUIRE(round.threw);
      CHECK(thrown_out.round == n);
      CHECK(std::string(thrown_out.what()) == "thrown");
      ++thrown[kind];
      const double cpu = ProcessCpuSeconds() - round.thrown_cpu;
      const double wall = std::chrono::duration<double>(Clock::now() - round.thrown_at).count();
      worst_cpu = std::max(worst_cpu, cpu);
      worst_wall = std::max(worst_wall, wall);
      // The search stops within 50 ms on each of its threads: processor time, which a busy
      // machine does not inflate, of at most that each (and a margin for the sanitizers).
      CHECK(cpu < (kSanitized ? 10 : 1) * (0.05 * round.threads + 0.05));
    }
    CHECK(round.calls_after == 0);
  }
  // Every kind of callback threw in some round.
  for (size_t kind = 0; kind < all.size(); ++kind) {
    CAPTURE(all[kind].first);
    CHECK(thrown[kind] > 0);
  }
  std::fprintf(stderr,
               "%d rounds: from the throw to the caller at most %.1f ms CPU, %.1f ms wall\n",
               rounds, worst_cpu * 1000, worst_wall * 1000);
}

TEST_CASE("a copy of a SquareSearch keeps its own progress callback") {
  const Dictionary english = Dictionary::Default();
  SquareOptions options;
  options.size = 5;
  options.threads = 2;
  SquareSearch original(english, options);
  int original_calls = 0, copy_calls = 0;
  original.set_progress([&](const SearchProgress&) { ++original_calls; }, {0, 0});
  SquareSearch copy = original;
  copy.set_progress([&](const SearchProgress&) { ++copy_calls; }, {0, 0});
  const uint64_t counted = original.Count();
  CHECK(original_calls > 0);
  CHECK(copy_calls == 0);
  original_calls = 0;
  CHECK(copy.Count() == counted);
  CHECK(copy_calls > 0);
  CHECK(original_calls == 0);
  copy.set_progress(nullptr);
  copy_calls = 0;
  CHECK(copy.Count() == counted);
  CHECK(copy_calls == 0);
  // Timings are seconds, not negative.
  CHECK_THROWS_AS(copy.set_progress([](const SearchProgress&) {}, {-1, 0}), Error);
}

TEST_CASE("a copy of a SquareSearch keeps its own stop flag") {
  const Dictionary english = Dictionary::Default();
  StopFlag stopped{true};
  SquareOptions options;
  options.size = 5;
  options.threads = 2;
  options.stop = &stopped;
  SquareSearch original(english, options);
  SquareSearch copy = original;
  copy.set_stop(nullptr);
  SearchStats stats;
  const uint64_t counted = copy.Count(&stats);
  CHECK(!stats.stopped);
  CHECK(stats.results == counted);
  CHECK(original.Count(&stats) < counted);
  CHECK(stats.stopped);
  StopFlag running{false};
  original.set_stop(&running);
  CHECK(original.Count() == counted);
  copy.set_stop(&stopped);
  CHECK(copy.ForEach([](const SquareResult&) { return true; }).stopped);
}

TEST_CASE("progress: none before `after`, then more parts done at each report") {
  const Dictionary english = Dictionary::Default();
  SquareOptions options;
  options.size = 5;
  options.threads = 2;
  SquareSearch search(english, options);
  std::vector<SearchProgress> reports;
  search.set_progress([&](const SearchProgress& p) { reports.push_back(p); }, {0, 0});
  const uint64_t counted = search.Count();
  REQUIRE(reports.size() > 1);
  for (size_t k = 1; k < reports.size(); ++k) {
    CHECK(reports[k].parts_done > reports[k - 1].parts_done);
    CHECK(reports[k].results >= reports[k - 1].results);
  }
  CHECK(reports.back().parts_done <= reports.back().parts);
  CHECK(reports.back().results <= counted);
  reports.clear();
  search.set_progress([&](const SearchProgress& p) { reports.push_back(p); }, {0.25, 1000});
  CHECK(search.Count() == counted);
  CHECK(reports.empty());
}

TEST_CASE("a throwing fill progress callback stops the fill at once") {
  FillOptions options;
  options.threads = 2;
  options.quality_time = 30;  // the best fill would run this long
  int calls = 0;
  options.progress = [&](const FillProgress&) {
    ++calls;
    throw Thrown(0);
  };
  options.progress_every = 0.01;
  const Grid open = Grid::FromRows(std::vector<std::string>(7, "......."));
  const auto start = Clock::now();
  CHECK_THROWS_AS(FillGrid(Dictionary::Default(), open, options), Thrown);
  CHECK(calls == 1);
  CHECK(std::chrono::duration<double>(Clock::now() - start).count() < (kSanitized ? 20 : 5));
  options.progress_every = 0;
  CHECK_THROWS_AS(FillGrid(Dictionary::Default(), open, options), Error);
}

TEST_CASE("a word list's skipped entries are noted, from memory as from a file") {
  for (int from_text = 0; from_text < 2; ++from_text) {
    std::vector<std::string> notes;
    DictionaryOptions options;
    options.on_note = [&](const std::string& note) { notes.push_back(note); };
    const Dictionary d = from_text
                             ? Dictionary::FromText("cat\nd0g\ndog\nx y\n", "list.txt", options)
                             : Dictionary::FromWords({"cat", "d0g", "dog", "x y"}, options);
    CHECK(d.size() == 2);
    REQUIRE(notes.size() == 3);
    CHECK(notes[0].find("2 words") == 0);
    CHECK(notes[0].find("skipped 2 entries with non-letters") != std::string::npos);
    CHECK(notes[1] == "  skipped 'd0g'");
    CHECK(notes[2] == "  skipped 'x y'");
  }
}

TEST_CASE("threads default to the CPUs the process may run on") {
  cpu_set_t saved;
  REQUIRE(sched_getaffinity(0, sizeof(saved), &saved) == 0);
  CHECK(DefaultThreads() == CPU_COUNT(&saved));
  int first = 0;
  while (!CPU_ISSET(first, &saved)) ++first;
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(first, &one);
  REQUIRE(sched_setaffinity(0, sizeof(one), &one) == 0);  // this thread's, as `taskset -c`
  CHECK(DefaultThreads() == 1);
  REQUIRE(sched_setaffinity(0, sizeof(saved), &saved) == 0);
}

TEST_CASE("a callback that stops before the verdict: not unique, not proven unique") {
  // Board "one" has one solution (2 1 / 1 3), board "two" two (1 2 / 2 1 and its mirror).
  const std::string one = "KAKURO one 3 3\n# 3\\ 4\\\n\\3 . .\n\\4 . .\nEND\n";
  const std::string two = "KAKURO two 3 3\n# 3\\ 3\\\n\\3 . .\n\\3 . .\nEND\n";
  // Solves `board`, on_solution returning false at its `stop_at`-th solution (0: never).
  auto kakuro = [](const std::string& board, int stop_at, KakuroOptions options = {}) {
    const std::vector<KakuroResult> results =
        SolveKakuro(board, options, "<board>",
                    [&](const KakuroResult& result, const std::vector<int>* solution) {
                      return solution == nullptr || result.count + 1 != stop_at;
                    });
    REQUIRE(results.size() == 1);
    return std::pair{results[0].verdict, results[0].count};
  };
  using KV = KakuroVerdict;
  CHECK(kakuro(one, 0) == std::pair{KV::kUnique, int64_t{1}});
  CHECK(kakuro(one, 1) == std::pair{KV::kTimedOut, int64_t{1}});  // the second not looked for
  CHECK(kakuro(two, 1) == std::pair{KV::kTimedOut, int64_t{1}});
  CHECK(kakuro(two, 2) == std::pair{KV::kNotUnique, int64_t{2}});  // the second settles it
  KakuroOptions all;
  all.all = true;
  CHECK(kakuro(two, 0, all) == std::pair{KV::kNotUnique, int64_t{2}});
  CHECK(kakuro(two, 1, all) == std::pair{KV::kTimedOut, int64_t{1}});
  all.limit = 1;  // the search ends at the first solution anyway: the limit's verdict
  CHECK(kakuro(two, 1, all) == kakuro(two, 0, all));

  const Dictionary words = Dictionary::FromFiles({kData + "/regions/words.txt"});
  auto read = [](const std::string& name) {
    std::ifstream in(kData + "/regions/" + name);
    return std::string{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  };
  const std::string unique = read("unique.txt"), swap = read("swap.txt");  // 1 and 2 solutions
  auto regions = [&](const std::string& puzzle, size_t stop_at, bool all) {
    RegionsOptions options;
    options.all = all;
    size_t calls = 0;
    const RegionsResult result =
        SolveRegions(words, puzzle, options, "<puzzle>",
                     [&](const RegionsSolution&) { return ++calls != stop_at; });
    CHECK(result.count == calls);
    return std::pair{result.verdict, result.verdict_text()};
  };
  using RV = RegionsVerdict;
  CHECK(regions(unique, 0, false) == std::pair{RV::kUnique, std::string("unique")});
  CHECK(regions(unique, 1, false) == std::pair{RV::kStopped, std::string("stopped")});
  CHECK(regions(swap, 1, false) == std::pair{RV::kStopped, std::string("stopped")});
  CHECK(regions(swap, 2, false) == std::pair{RV::kNotUnique, std::string("2+ solutions")});
  CHECK(regions(swap, 0, true) == std::pair{RV::kNotUnique, std::string("2 solutions")});
  CHECK(regions(swap, 1, true) == std::pair{RV::kStopped, std::string("stopped")});
}
