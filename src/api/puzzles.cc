// The API's Kakuro and word-region puzzles, on puzzles/kakuro.h and puzzles/regions.h.
#include <chrono>
#include <mutex>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "api/api_internal.h"
#include "puzzles/kakuro.h"
#include "puzzles/regions.h"
#include "squares/puzzles.h"

namespace squares {

std::string KakuroResult::verdict_text() const {
  return core::KakuroVerdictText(count, all, verdict == KakuroVerdict::kTimedOut);
}

static_assert(kMaxRegionSize == core::kMaxRegionSize);

std::string KakuroSolutionText(int rows, int cols, const std::vector<int>& digits) {
  if (rows < 0 || cols < 0 ||
      digits.size() != static_cast<size_t>(rows) * static_cast<size_t>(cols)) {
    api::ThrowUsage(absl::StrFormat("KakuroSolutionText: %d digits for %dx%d cells", digits.size(),
                                    rows, cols));
  }
  return core::FormatKakuroCells(rows, cols, digits);
}

std::string KakuroResult::solution_text(size_t k) const {
  return KakuroSolutionText(rows, cols, solutions.at(k));
}

std::vector<KakuroResult> SolveKakuro(std::string_view boards, const KakuroOptions& options,
                                      const std::string& source,
                                      const KakuroCallback& on_solution) {
  if (options.limit && *options.limit < 0) {
    api::ThrowUsage(absl::StrFormat("limit: %d is negative", *options.limit));
  }
  if (options.check && options.all) api::ThrowUsage("check excludes all");
  if (!(options.timeout >= 0)) api::ThrowUsage("timeout must not be negative");
  core::FillOptions fill;
  fill.all = options.all;
  // Without all, the second solution settles the verdict.
  fill.limit = options.all ? options.limit.value_or(0)
                           : std::min<int64_t>(options.limit.value_or(2), 2);
  fill.timeout_seconds = options.timeout;
  fill.stop = options.stop;
  const std::vector<core::KakuroBoard> parsed = api::Value(core::ParseKakuro(source, boards));
  core::DigitAutomata automata;
  std::vector<KakuroResult> results;
  for (const core::KakuroBoard& board : parsed) {
    KakuroResult& result = results.emplace_back();
    result.name = board.name;
    result.rows = board.rows, result.cols = board.cols;
    result.all = options.all;
    if (options.limit == 0) {  // no solution asked for: none searched (the engine's 0 is none)
      result.verdict = KakuroVerdict::kTimedOut;
      if (on_solution && !on_solution(result, nullptr)) break;
      continue;
    }
    std::vector<std::vector<uint8_t>> found;  // by white index, for the check
    std::vector<int> cells(board.white.size(), 0);
    // on_solution said stop before the search would have ended by itself (at fill.limit): as
    // a stop, the verdict was not reached.
    bool cut_short = false;
    const core::KakuroSearch search =
        core::SearchKakuro(board, automata, fill, [&](std::span<const uint8_t> digits) {
          for (int w = 0; w < board.white_count(); ++w) cells[board.white_cells[w]] = digits[w];
          if (options.check) found.emplace_back(digits.begin(), digits.end());
          const bool go_on = !on_solution || on_solution(result, &cells);
          if (!on_solution) result.solutions.push_back(cells);
          ++result.count;
          cut_short = !go_on && (fill.limit == 0 || result.count < fill.limit);
          return go_on;
        });
    const bool timed_out = search.result.status == core::FillStatus::kTimedOut || cut_short;
    result.verdict = timed_out           ? KakuroVerdict::kTimedOut
                     : result.count == 0 ? KakuroVerdict::kNoSolution
                     : result.count == 1 ? KakuroVerdict::kUnique
                                         : KakuroVerdict::kNotUnique;
    if (options.check && !timed_out)
      result.check = core::KakuroCheckVerdict(board, found, &result.check_ok);
    const core::FillStats& st = search.result.stats;
    result.stats = {board.white_count(),
                    static_cast<int>(board.runs.size()),
                    st.nodes,
                    st.failures,
                    st.backjumps,
                    st.restarts,
                    search.automata_seconds,
                    search.search_seconds};
    if (on_solution && !on_solution(result, nullptr)) break;
  }
  return results;
}

std::string RegionsResult::verdict_text() const {
  switch (verdict) {
    case RegionsVerdict::kNoSolution: return "no solution";
    case RegionsVerdict::kUnique: return "unique";
    case RegionsVerdict::kNotUnique:
      return all ? absl::StrCat(count, " solutions") : "2+ solutions";
    case RegionsVerdict::kStopped: break;
  }
  return "stopped";
}

namespace {

using Clock = std::chrono::steady_clock;
double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

core::RegionSizes SizesOf(const RegionsOptions& options) {
  if (options.min < 1 || options.max > core::kMaxRegionSize || options.min > options.max) {
    api::ThrowUsage(
        absl::StrFormat("region sizes: min %d, max %d: expected 1 <= min <= max <= %d",
                        options.min, options.max, core::kMaxRegionSize));
  }
  return {options.min, options.max};
}

// The solver, its automata built under the dictionary's lock (searches then only read them).
std::unique_ptr<const core::RegionSolver> Solver(const Dictionary& dictionary,
                                                 core::RegionSizes sizes) {
  std::lock_guard lock(api::ImplOf(dictionary).mutex);
  return std::make_unique<const core::RegionSolver>(api::ImplOf(dictionary).dictionary, sizes);
}

RegionsSolution SolutionOf(const core::RegionPuzzle& puzzle, const core::RegionPartition& partition,
                           const core::Alphabet& alphabet, bool upper) {
  RegionsSolution solution;
  for (const core::Word& word : core::RegionWords(puzzle, partition)) {
    solution.words.push_back(alphabet.to_utf8(word, upper));
  }
  solution.region_of = partition.region_of;
  for (const std::string& line : core::DrawRegions(puzzle, partition, alphabet, upper)) {
    absl::StrAppend(&solution.drawing, line, "\n");
  }
  return solution;
}

}  // namespace

RegionsResult SolveRegions(const Dictionary& dictionary, std::string_view puzzle_text,
                           const RegionsOptions& options, const std::string& source,
                           const std::function<bool(const RegionsSolution&)>& on_solution) {
  const core::RegionSizes sizes = SizesOf(options);
  const detail::DictionaryImpl& d = api::ImplOf(dictionary);
  const core::Alphabet& alphabet = d.dictionary.alphabet();
  const core::RegionPuzzle puzzle =
      api::Value(core::ParseRegionPuzzle(puzzle_text, source, alphabet, d.options.fold_accents));
  RegionsResult result;
  result.rows = puzzle.rows, result.cols = puzzle.cols;
  result.all = options.all;
  Clock::time_point start = Clock::now();
  const auto solver = Solver(dictionary, sizes);
  result.stats.setup_seconds = SecondsSince(start);
  start = Clock::now();
  core::RegionStats stats;
  size_t seen = 0;
  // on_solution said stop before the search would have ended by itself (without all, at the
  // second solution): as the stop flag, the verdict was not reached.
  bool cut_short = false;
  result.count = solver->Solve(
      puzzle,
      [&](const core::RegionPartition& partition) {
        RegionsSolution solution = SolutionOf(puzzle, partition, alphabet, options.upper);
        const bool go_on = !on_solution || on_solution(solution);
        if (!on_solution) result.solutions.push_back(std::move(solution));
        const bool more = options.all || ++seen < 2;
        cut_short = !go_on && more;
        return go_on && more;
      },
      &stats, options.stop);
  result.stats.solve_seconds = SecondsSince(start);
  result.stats.placements = stats.placements, result.stats.nodes = stats.nodes;
  result.verdict = stats.stopped || cut_short ? RegionsVerdict::kStopped
                   : result.count == 0        ? RegionsVerdict::kNoSolution
                   : result.count == 1        ? RegionsVerdict::kUnique
                                              : RegionsVerdict::kNotUnique;
  return result;
}

MadeRegions MakeRegions(const Dictionary& dictionary, int rows, int cols,
                        const RegionsOptions& options, uint64_t seed) {
  const core::RegionSizes sizes = SizesOf(options);
  // At most 50x50: beyond that the first-free-cell search starts to thrash on the
  // generator's grids (a 60x60 grid did not finish its first solver run in a minute).
  if (rows < 1 || cols < 1 || rows > 50 || cols > 50) {
    api::ThrowUsage(
        absl::StrFormat("rows and cols: %dx%d: expected 1 to 50 each", rows, cols));
  }
  const core::Dictionary& d = api::ImplOf(dictionary).dictionary;
  {
    std::lock_guard lock(api::ImplOf(dictionary).mutex);  // the generator's solver reads them
    for (int length = sizes.min; length <= sizes.max; ++length) d.dawg(length);
  }
  absl::StatusOr<core::MadeRegionPuzzle> made =
      core::MakeRegionPuzzle(rows, cols, d, sizes, seed, options.stop);
  if (absl::IsCancelled(made.status())) return {};
  api::Check(made.status());
  MadeRegions out;
  const core::Alphabet& alphabet = d.alphabet();
  for (int r = 0; r < rows; ++r) {
    const auto row = std::span(made->puzzle.letters).subspan(r * cols, cols);
    out.rows.push_back(alphabet.to_utf8(core::WordView(row.data(), row.size()), options.upper));
  }
  out.solution = SolutionOf(made->puzzle, made->solution, alphabet, options.upper);
  out.attempts = made->attempts;
  return out;
}

}  // namespace squares
