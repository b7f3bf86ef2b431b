// The speed of results delivered through the library, for scripts/bench-results.sh: one
// search for symmetric squares, its results taken one way, and the CPU seconds that took
// (this thread's and the search's, the whole process's rusage around the call).
//   bench_results HOW SIZE [THREADS [LIST]]      (LIST: a word list; default the embedded one)
// HOW: foreach (ForEach, each result's first row read), view (ForEachView, the same), write
// (Write(kLines), its bytes counted): prints "results seconds". create, create-double (double
// squares): milliseconds, each the least of kRounds, to make a search; to make one and run it
// to its first result, on a dictionary no search has read before (first) and on one that
// searches of the same size have read (later: the tables they share are built); and to run a
// search already run to its first result again.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "squares/squares.h"

namespace {

double CpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval& t) { return t.tv_sec + t.tv_usec / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

double Milliseconds(std::chrono::steady_clock::duration d) {
  return std::chrono::duration<double, std::milli>(d).count();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: bench_results foreach|view|write|create SIZE [THREADS [LIST]]\n");
    return 2;
  }
  const std::string how = argv[1];
  squares::SquareOptions options;
  options.size = std::atoi(argv[2]);
  options.threads = argc > 3 ? std::atoi(argv[3]) : 1;
  const squares::Dictionary dictionary = argc > 4 ? squares::Dictionary::FromFiles({argv[4]})
                                                  : squares::Dictionary::Default();
  if (how == "create" || how == "create-double") {
    if (how == "create-double") options.kind = squares::SquareKind::kDouble;
    constexpr int kRounds = 20;
    auto load = [&] {
      return argc > 4 ? squares::Dictionary::FromFiles({argv[4]}) : squares::Dictionary::Default();
    };
    auto first = [](const squares::SquareSearch& search) {
      search.ForEachView([](const squares::SquareView&) { return false; });
    };
    // The least milliseconds of kRounds calls of `timed`, each after `before` (not timed).
    auto least = [](auto before, auto timed) {
      double best = 1e300;
      for (int k = 0; k < kRounds; ++k) {
        auto state = before();
        const auto start = std::chrono::steady_clock::now();
        timed(state);
        best = std::min(best, Milliseconds(std::chrono::steady_clock::now() - start));
      }
      return best;
    };
    auto nothing = [] { return 0; };
    const double make_ms =
        least(nothing, [&](int) { squares::SquareSearch search(dictionary, options); });
    // A fresh dictionary: its automata are read in place (the embedded list) or built before
    // the clock starts, so the time is the search's own.
    const double first_ms = least(
        [&] {
          squares::Dictionary fresh = load();
          static_cast<void>(fresh.automaton_stats(options.size));
          return fresh;
        },
        [&](const squares::Dictionary& fresh) { first(squares::SquareSearch(fresh, options)); });
    first(squares::SquareSearch(dictionary, options));
    const double later_ms =
        least(nothing, [&](int) { first(squares::SquareSearch(dictionary, options)); });
    const squares::SquareSearch built(dictionary, options);
    first(built);
    const double again_ms = least(nothing, [&](int) { first(built); });
    std::printf("%.4f %.4f %.4f %.4f\n", make_ms, first_ms, later_ms, again_ms);
    return 0;
  }
  const squares::SquareSearch search(dictionary, options);
  uint64_t results = 0, sum = 0;
  const double before = CpuSeconds();
  if (how == "foreach") {
    search.ForEach([&](const squares::SquareResult& result) {
      ++results;
      sum += result.rows[0].size();
      return true;
    });
  } else if (how == "view") {
    search.ForEachView([&](const squares::SquareView& view) {
      ++results;
      sum += view.rows()[0].size();
      return true;
    });
  } else if (how == "write") {
    search.Write(squares::SquareFormat::kLines, [&](std::string_view text) {
      sum += text.size();
      return true;
    });
    results = 1;
  } else {
    std::fprintf(stderr, "bench_results: unknown HOW '%s'\n", how.c_str());
    return 2;
  }
  const double seconds = CpuSeconds() - before;
  if (sum == 0) return 1;
  if (how == "write") results = search.Count();
  std::printf("%llu %.4f\n", static_cast<unsigned long long>(results), seconds);
  return 0;
}
