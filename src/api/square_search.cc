// The API's SquareSearch: the options checked and the problem built by the engine
// (api/square_problem.h), run by its runner (search/square_runner.h).
#include <chrono>

#include "absl/strings/str_format.h"
#include "api/api_internal.h"
#include "search/best_squares.h"
#include "search/square_output.h"
#include "search/square_runner.h"
#include "squares/square_search.h"

namespace squares {

const core::SquareSearch& detail::SquareSearchImpl::Search(bool count_only) const {
  // Only the square modes order their cells otherwise for counting.
  if (!setup.square) count_only = false;
  std::lock_guard lock(mutex_);
  std::optional<core::SquareSearch>& search = count_only ? count_ : list_;
  if (!search) {
    // Making it may build automata of the main dictionary.
    std::unique_lock<std::mutex> building;
    if (dictionary) building = std::unique_lock(api::ImplOf(*dictionary).mutex);
    search.emplace(api::Value(setup.Search(count_only)));
  }
  return *search;
}

int detail::SquareSearchImpl::SymmetryCells() const {
  const std::vector<int>& symmetry = Search(true).symmetry();
  int moved = 0;
  for (size_t c = 0; c < symmetry.size(); ++c) moved += symmetry[c] != static_cast<int>(c);
  return moved;
}

namespace api {
namespace {

using Clock = std::chrono::steady_clock;

void CheckRun(const SquareOptions& options) {
  if (options.threads < 0 || options.threads > 1024) {
    ThrowUsage(absl::StrFormat("threads: %d is not in 0..1024 (0: the CPUs it may run on)",
                               options.threads));
  }
  if (options.shard_count < 1 || options.shard_count > 1000000 || options.shard_index < 1 ||
      options.shard_index > options.shard_count) {
    ThrowUsage(absl::StrFormat("shard %d/%d is not of the form I/N with 1 <= I <= N <= 1000000",
                               options.shard_index, options.shard_count));
  }
  if (options.best < 0 || options.best > 1000000) {
    ThrowUsage(absl::StrFormat("best: %d is not in 1..1000000", options.best));
  }
  if (options.best > 0 && options.shard_count > 1)
    ThrowUsage("best squares are not sharded: drop the shard");
  if (options.limit && *options.limit < 0) {
    ThrowUsage(absl::StrFormat("limit: %d is negative", *options.limit));
  }
}

}  // namespace

SquareSearch MakeSquareSearch(const std::function<Dictionary()>& load,
                              const core::LexiconOptions& list_options, bool note_unused,
                              const SquareOptions& options) {
  CheckRun(options);
  auto impl = std::make_shared<detail::SquareSearchImpl>();
  impl->options = options;
  // The main dictionary's automata are built under its lock, held from its first use on.
  std::unique_lock<std::mutex> building;
  auto main = [&]() -> const core::Dictionary& {
    if (!impl->dictionary) {
      impl->dictionary = load();
      building = std::unique_lock(api::ImplOf(*impl->dictionary).mutex);
    }
    return api::ImplOf(*impl->dictionary).dictionary;
  };
  impl->setup = Value(core::MakeSquareSetup(options, main, list_options, note_unused));
  impl->notes = impl->setup.notes;
  if (options.best > 0 && (!impl->setup.owned.empty() || impl->setup.dictionary == nullptr)) {
    ThrowUsage("best: every word must read the dictionary (a shape word names a list of its own)");
  }
  if (impl->setup.square) {
    impl->rows = impl->setup.square->rows;
    impl->cols = impl->setup.square->cols;
  } else {
    if (building.owns_lock()) building.unlock();
    const core::SquareSearch& search = impl->Search(false);
    const core::Shape& shape = search.shape();
    for (int cell : search.cell_order()) {
      absl::StrAppend(&impl->cell_order, impl->cell_order.empty() ? "" : " ",
                      shape.cell_names.empty() ? absl::StrFormat("%d", cell)
                                               : shape.cell_names[cell]);
    }
    if (!shape.layout.empty()) {
      impl->rows = static_cast<int>(shape.layout.size());
      impl->cols = static_cast<int>(shape.layout[0].size());
    }
  }
  return detail::Access::Make(std::move(impl));
}

namespace {

// The engine's run of a search, with its handle's progress callback (held by the caller).
core::RunOptions RunOptionsOf(const detail::SquareSearchImpl& impl,
                              const std::function<void(const SearchProgress&)>& progress,
                              const ProgressTiming& timing, Clock::time_point start) {
  const SquareOptions& options = impl.options;
  core::RunOptions run;
  if (options.limit) run.limit = static_cast<uint64_t>(*options.limit);
  run.threads = options.threads > 0 ? options.threads : DefaultThreads();
  run.shard_index = options.shard_index;
  run.shard_count = options.shard_count;
  run.stop = options.stop;
  if (progress) {
    run.progress = [&progress, start](size_t done, size_t parts, uint64_t results) {
      progress({done, parts, results, std::chrono::duration<double>(Clock::now() - start).count()});
    };
    run.progress_every = timing.every;
    run.progress_after = timing.after;
  }
  return run;
}

SearchStats StatsOf(const core::SquareStats& stats, const SquareOptions& options,
                    Clock::time_point start) {
  SearchStats out;
  out.nodes = stats.nodes;
  out.results = stats.squares;
  out.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  out.stopped = options.stop && options.stop->load();
  return out;
}

// The best results (SquareOptions::best) by the engine's descent on the dictionary's scores:
// each step rebuilds the problem's search on the words it keeps.
core::BestSquaresResult Best(const detail::SquareSearchImpl& impl, const core::RunOptions& run) {
  const core::SquareSetup& setup = impl.setup;
  impl.Search(false);  // the dictionary's automata, built under its lock
  core::ScoredLists lists;
  lists.lists = {setup.dictionary};
  lists.lower_better = impl.dictionary->better() == Better::kLower;
  const core::BestSearchBuilder build =
      [&setup](std::span<const core::Dictionary* const> cut) -> absl::StatusOr<core::SquareSearch> {
    if (setup.square) {
      core::SquareProblem problem = *setup.square;
      problem.count_only = false;
      return core::SquareSearch::Create(*cut[0], std::move(problem));
    }
    core::ShapeProblem problem = *setup.shape;
    for (size_t w = 0; w < problem.dawgs.size(); ++w) {
      problem.dawgs[w] = &cut[0]->dawg(static_cast<int>(problem.shape.words[w].cells.size()));
    }
    return core::SquareSearch::Create(std::move(problem));
  };
  core::BestSquaresResult best = Value(core::BestSquares(
      lists, build, static_cast<size_t>(impl.options.best), run.threads, impl.options.stop));
  if (run.limit < best.squares.size()) best.squares.resize(run.limit);
  return best;
}

core::SquareFormatter FormatterOf(const detail::SquareSearchImpl& impl,
                                  const core::SquareSearch& search, core::SquareFormat format) {
  const core::Alphabet& alphabet = *impl.setup.alphabet;
  if (impl.setup.square)
    return core::SquareFormatter(alphabet, search.problem(), format, impl.options.upper);
  return core::SquareFormatter(alphabet, search.shape(), format, impl.options.upper);
}

}  // namespace
}  // namespace api

static_assert(kMaxSquareSide == core::kMaxSquareSide);

SquareSearch::SquareSearch(const Dictionary& dictionary, const SquareOptions& options)
    : SquareSearch(api::MakeSquareSearch([&] { return dictionary; },
                                         api::ImplOf(dictionary).options, true, options)) {}

SquareSearch::SquareSearch(const std::function<Dictionary()>& load,
                           const DictionaryOptions& list_options, const SquareOptions& options,
                           bool note_unused)
    : SquareSearch(
          api::MakeSquareSearch(load, api::LexiconOptionsOf(list_options), note_unused, options)) {}

const std::string& SquareSearch::cell_order() const { return impl_->cell_order; }
int SquareSearch::symmetry_cells() const { return impl_->SymmetryCells(); }

int SquareSearch::rows() const { return impl_->rows; }
int SquareSearch::cols() const { return impl_->cols; }
const std::vector<std::string>& SquareSearch::notes() const { return impl_->notes; }

void SquareSearch::set_progress(std::function<void(const SearchProgress&)> progress,
                                const ProgressTiming& timing) {
  if (!(timing.every >= 0 && timing.every < 1e9 && timing.after >= 0 && timing.after < 1e9)) {
    api::ThrowUsage(absl::StrFormat("progress timing: every %g, after %g: expected seconds >= 0",
                                    timing.every, timing.after));
  }
  progress_ = std::move(progress);
  progress_timing_ = timing;
}

uint64_t SquareSearch::Count(SearchStats* stats) const {
  const auto start = api::Clock::now();
  if (impl_->options.best > 0) {
    const core::BestSquaresResult best =
        api::Best(*impl_, api::RunOptionsOf(*impl_, progress_, progress_timing_, start));
    core::SquareStats found = best.stats;
    found.squares = best.squares.size();
    if (stats) *stats = api::StatsOf(found, impl_->options, start);
    return found.squares;
  }
  // A limit counts results in the listing's order.
  const core::SquareSearch& search = impl_->Search(!impl_->options.limit);
  const core::SquareStats found =
      core::CountSquares(search, api::RunOptionsOf(*impl_, progress_, progress_timing_, start));
  if (stats) *stats = api::StatsOf(found, impl_->options, start);
  return found.squares;
}

SearchStats SquareSearch::Write(SquareFormat format,
                                const std::function<bool(std::string_view)>& out) const {
  const auto start = api::Clock::now();
  const core::SquareSearch& search = impl_->Search(false);
  const core::SquareFormatter formatter =
      api::FormatterOf(*impl_, search, static_cast<core::SquareFormat>(format));
  if (impl_->options.best > 0) {
    const core::BestSquaresResult best =
        api::Best(*impl_, api::RunOptionsOf(*impl_, progress_, progress_timing_, start));
    core::SquareStats found = best.stats;
    found.squares = 0;
    std::string text;
    for (const core::BestSquare& square : best.squares) {
      text.clear();
      formatter.Append(square.grid.data(), text);
      ++found.squares;
      if (!out(text)) break;
    }
    return api::StatsOf(found, impl_->options, start);
  }
  const core::SquareStats found = core::WriteSquares(
      search, formatter, api::RunOptionsOf(*impl_, progress_, progress_timing_, start), out);
  return api::StatsOf(found, impl_->options, start);
}

SearchStats SquareSearch::ForEach(const std::function<bool(const SquareResult&)>& on_result) const {
  const auto start = api::Clock::now();
  const core::SquareSearch& search = impl_->Search(false);
  const core::Shape& shape = search.shape();
  const core::Alphabet& alphabet = *impl_->setup.alphabet;
  const bool upper = impl_->options.upper;
  const int rows = impl_->rows, cols = impl_->cols;
  const bool square = impl_->setup.square.has_value();
  const int cells = square ? rows * cols : shape.cell_count;
  SquareResult result;
  // A word's letters, written over `text` (whose buffer serves every result).
  auto word = [&](const std::vector<int>& of_cells, const core::Letter* grid, std::string& text) {
    text.clear();
    for (int c : of_cells) {
      if (c < 0) text += ' ';
      else alphabet.append_utf8(grid[c], upper, text);
    }
  };
  // A square's rows and columns as cell lists.
  std::vector<std::vector<int>> lines;
  if (square) {
    for (int i = 0; i < rows; ++i) {
      std::vector<int>& line = lines.emplace_back();
      for (int j = 0; j < cols; ++j) line.push_back(i * cols + j);
    }
    for (int j = 0; j < cols; ++j) {
      std::vector<int>& line = lines.emplace_back();
      for (int i = 0; i < rows; ++i) line.push_back(i * cols + j);
    }
  }
  // The result of a grid of letters, in the strings of the result before (no allocation once
  // they are long enough).
  auto fill = [&](const core::Letter* grid) {
    if (square) {
      result.rows.resize(rows);
      result.words.resize(rows + cols);
      for (int k = 0; k < rows + cols; ++k) {
        word(lines[k], grid, result.words[k]);
        if (k < rows) result.rows[k] = result.words[k];
      }
      return;
    }
    result.words.resize(shape.words.size());
    for (size_t w = 0; w < shape.words.size(); ++w)
      word(shape.words[w].cells, grid, result.words[w]);
    if (shape.layout.empty()) {
      result.rows = result.words;
      return;
    }
    result.rows.resize(shape.layout.size());
    for (size_t r = 0; r < shape.layout.size(); ++r) word(shape.layout[r], grid, result.rows[r]);
  };
  uint64_t delivered = 0;  // a callback that says stop ends its piece's results early
  core::SquareStats found;
  if (impl_->options.best > 0) {
    const core::BestSquaresResult best =
        api::Best(*impl_, api::RunOptionsOf(*impl_, progress_, progress_timing_, start));
    found = best.stats;
    for (const core::BestSquare& square : best.squares) {
      fill(square.grid.data());
      result.worst_score = square.worst;
      result.mean_score = square.mean;
      ++delivered;
      if (!on_result(result)) break;
    }
  } else {
    found = core::ForEachSquare(search, cells,
                                api::RunOptionsOf(*impl_, progress_, progress_timing_, start),
                                [&](const core::Letter* grid) {
                                  fill(grid);
                                  ++delivered;
                                  return on_result(result);
                                });
  }
  found.squares = delivered;
  return api::StatsOf(found, impl_->options, start);
}

}  // namespace squares
