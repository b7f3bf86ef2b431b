// The speed of results delivered through the library, for scripts/bench-results.sh: one
// search for symmetric squares, its results taken one way, and the CPU seconds that took
// (this thread's and the search's, the whole process's rusage around the call).
//   bench_results HOW SIZE [THREADS [LIST]]      (LIST: a word list; default the embedded one)
// HOW: foreach (ForEach, each result's first row read), view (ForEachView, the same), write
// (Write(kLines), its bytes counted): prints "results seconds". create: milliseconds to make a
// search (of 1000), to make one and run it to its first result (of 100: its tables are built
// on its first run), and to run a search already run to its first result again (of 100).
#include <sys/resource.h>

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
  if (how == "create") {
    using Clock = std::chrono::steady_clock;
    constexpr int kMade = 1000, kRun = 100;
    auto first = [](const squares::SquareSearch& search) {
      search.ForEachView([](const squares::SquareView&) { return false; });
    };
    auto start = Clock::now();
    for (int k = 0; k < kMade; ++k) squares::SquareSearch search(dictionary, options);
    const double create_ms = Milliseconds(Clock::now() - start) / kMade;
    start = Clock::now();
    for (int k = 0; k < kRun; ++k) first(squares::SquareSearch(dictionary, options));
    const double first_ms = Milliseconds(Clock::now() - start) / kRun;
    const squares::SquareSearch built(dictionary, options);
    first(built);
    start = Clock::now();
    for (int k = 0; k < kRun; ++k) first(built);
    std::printf("%.4f %.4f %.4f\n", create_ms, first_ms, Milliseconds(Clock::now() - start) / kRun);
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
