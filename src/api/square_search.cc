// The API's SquareSearch: the options checked and the problem built by the engine
// (api/square_problem.h), run by its runner (search/square_runner.h).
#include <algorithm>
#include <chrono>
#include <cstring>

#include "absl/strings/str_format.h"
#include "api/api_internal.h"
#include "search/best_squares.h"
#include "search/square_output.h"
#include "search/square_runner.h"
#include "squares/square_search.h"

namespace squares {

const core::SquareSearch& detail::SquareSearchImpl::Search(bool count_only, bool turned) const {
  // Only the square modes order their cells otherwise for counting.
  if (!setup.square) count_only = false;
  turned = turned && count_only;
  std::lock_guard lock(mutex_);
  std::optional<core::SquareSearch>& search = turned ? turned_ : count_only ? count_ : list_;
  if (!search) {
    // Making it may build automata of the main dictionary.
    std::unique_lock<std::mutex> building;
    core::SearchTables* tables = nullptr;
    if (dictionary) {
      building = std::unique_lock(api::ImplOf(*dictionary).mutex);
      tables = &api::ImplOf(*dictionary).search_tables;
    }
    search.emplace(api::Value(setup.Search(count_only, tables, turned)));
  }
  return *search;
}

bool detail::SquareSearchImpl::MayTurn() const {
  return setup.square && setup.square->mode != core::SquareMode::kSymmetric &&
         !options.reversed.has_value();
}

int detail::SquareSearchImpl::SymmetryCells() const { return MovedCells(Search(true)); }

int detail::SquareSearchImpl::MovedCells(const core::SquareSearch& search) {
  const std::vector<std::vector<int>>& symmetry = search.symmetry();
  if (symmetry.empty()) return 0;
  int moved = 0;
  for (size_t c = 0; c < symmetry[0].size(); ++c) {
    moved += std::any_of(symmetry.begin(), symmetry.end(),
                         [&](const std::vector<int>& s) { return s[c] != static_cast<int>(c); });
  }
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
  if (options.best > 0 && options.shard_key)
    ThrowUsage("best squares are not sharded: drop the shard key");
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
  return detail::Access::Make(std::move(impl), options.stop);
}

namespace {

// The engine's run of a search, with its handle's progress callback (held by the caller) and
// stop flag.
core::RunOptions RunOptionsOf(const detail::SquareSearchImpl& impl,
                              const std::function<void(const SearchProgress&)>& progress,
                              const ProgressTiming& timing, const StopFlag* stop,
                              Clock::time_point start) {
  const SquareOptions& options = impl.options;
  core::RunOptions run;
  if (options.limit) run.limit = static_cast<uint64_t>(*options.limit);
  run.threads = options.threads > 0 ? options.threads : DefaultThreads();
  run.shard_index = options.shard_index;
  run.shard_count = options.shard_count;
  run.shard_key = options.shard_key;
  run.stop = stop;
  if (progress) {
    run.progress = [&progress, start](size_t done, size_t parts, uint64_t results) {
      progress({done, parts, results, std::chrono::duration<double>(Clock::now() - start).count()});
    };
    run.progress_every = timing.every;
    run.progress_after = timing.after;
  }
  return run;
}

SearchStats StatsOf(const core::SquareStats& stats, const StopFlag* stop, Clock::time_point start) {
  SearchStats out;
  out.nodes = stats.nodes;
  out.results = stats.squares;
  out.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  out.stopped = stop && stop->load();
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
      lists, build, static_cast<size_t>(impl.options.best), run.threads, run.stop));
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

// The results as `formatter` writes them, handed to out(text, best) in pieces of whole results,
// in order, until it returns false. With SquareOptions::best, `text` is one result and `best`
// its scores; else `best` is null.
core::SquareStats WriteResults(
    const detail::SquareSearchImpl& impl, const core::SquareSearch& search,
    const core::SquareFormatter& formatter, const core::RunOptions& run,
    const std::function<bool(std::string_view, const core::BestSquare*)>& out) {
  if (impl.options.best > 0) {
    const core::BestSquaresResult best = Best(impl, run);
    core::SquareStats found = best.stats;
    found.squares = 0;
    std::string text;
    for (const core::BestSquare& square : best.squares) {
      text.clear();
      formatter.Append(square.grid.data(), text);
      ++found.squares;
      if (!out(text, &square)) break;
    }
    return found;
  }
  return Value(core::WriteSquares(search, formatter, run,
                                  [&](std::string_view text) { return out(text, nullptr); }));
}

// Reads the results of the view format (core::ViewStrings) out of the text handed over.
class ViewReader {
 public:
  explicit ViewReader(const core::SquareFormatter& formatter)
      : formatter_(formatter),
        strings_(formatter.view_strings()),
        image_bounds_(strings_.count() + 1),
        bounds_(strings_.count() + 1) {
    // The search's images are laid out alike: their strings' bounds are found once.
    if (const std::optional<core::SquareImage> image = formatter.Image()) {
      image_size_ = Bounds(image->text, image_bounds_);
    }
  }

  // Calls on_result with a view of each result of `text` (whole results: images, or with
  // `best` one result as formatted), until it returns false; counts the calls.
  bool Read(std::string_view text, const core::BestSquare* best,
            const std::function<bool(const SquareView&)>& on_result) {
    const int64_t worst = best ? best->worst : 0;
    const double mean = best ? best->mean : 0;
    const bool images = image_size_ > 0 && !best;
    const bool marked = images && !formatter_.single_bytes();
    for (size_t at = 0; at < text.size();) {
      std::string_view result = text.substr(at, images ? image_size_ : std::string_view::npos);
      const uint32_t* bounds = image_bounds_.data();
      if (marked && Marked(result)) {
        unmarked_.clear();
        formatter_.Unmark(result, unmarked_);
        at += result.size();
        result = unmarked_;
        Bounds(result, bounds_);
        bounds = bounds_.data();
      } else if (images) {
        at += result.size();
      } else {
        at += Bounds(result, bounds_);
        bounds = bounds_.data();
      }
      ++delivered_;
      if (!on_result(detail::Access::MakeView(result.data(), bounds, strings_, worst, mean)))
        return false;
    }
    return true;
  }
  uint64_t delivered() const { return delivered_; }

 private:
  // The bounds of the strings of the result that `text` begins with, into `bounds`; its size.
  size_t Bounds(std::string_view text, std::vector<uint32_t>& bounds) const {
    size_t at = 0;
    for (size_t k = 1; k < bounds.size(); ++k) {
      at = text.find('\n', at) + 1;
      bounds[k] = static_cast<uint32_t>(at);
    }
    return at;
  }
  // Whether an image holds a marked letter (see core::SquareFormatter::Image).
  static bool Marked(std::string_view image) {
    uint64_t bits = 0;
    size_t k = 0;
    for (; k + 8 <= image.size(); k += 8) {
      uint64_t word;
      std::memcpy(&word, image.data() + k, 8);
      bits |= word;
    }
    for (; k < image.size(); ++k) bits |= static_cast<unsigned char>(image[k]);
    return bits & 0x8080808080808080;
  }

  const core::SquareFormatter& formatter_;
  core::ViewStrings strings_;
  std::vector<uint32_t> image_bounds_, bounds_;  // [0] = 0
  size_t image_size_ = 0;                        // 0: no image
  std::string unmarked_;
  uint64_t delivered_ = 0;
};

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
int SquareSearch::symmetry_order() const { return impl_->SymmetryOrder(); }

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
        api::Best(*impl_, api::RunOptionsOf(*impl_, progress_, progress_timing_, stop_, start));
    core::SquareStats found = best.stats;
    found.squares = best.squares.size();
    if (stats) *stats = api::StatsOf(found, stop_, start);
    return found.squares;
  }
  // A limit counts results in the listing's order.
  const core::SquareSearch& search = impl_->Search(!impl_->options.limit);
  const core::SquareSearch* counted_by = nullptr;
  const core::SquareStats found = api::Value(core::CountSquares(
      search, api::RunOptionsOf(*impl_, progress_, progress_timing_, stop_, start), &counted_by,
      impl_->MayTurn() ? [this]() -> const core::SquareSearch& { return impl_->Search(true, true); }
                       : std::function<const core::SquareSearch&()>{}));
  if (stats) {
    *stats = api::StatsOf(found, stop_, start);
    stats->reversed = (counted_by ? *counted_by : search).problem().reversed;
    if (const int moved = counted_by ? detail::SquareSearchImpl::MovedCells(*counted_by) : 0;
        moved > 0) {
      stats->symmetry_order = counted_by->symmetry_order();
      stats->symmetry_cells = moved;
    }
  }
  return found.squares;
}

uint64_t SquareSearch::ShardKey(bool counting) const {
  return core::ShardKey(impl_->Search(counting && !impl_->options.limit),
                        impl_->options.shard_count);
}

SearchStats SquareSearch::Write(SquareFormat format,
                                const std::function<bool(std::string_view)>& out) const {
  const auto start = api::Clock::now();
  const core::SquareSearch& search = impl_->Search(false);
  const core::SquareStats found = api::WriteResults(
      *impl_, search, api::FormatterOf(*impl_, search, static_cast<core::SquareFormat>(format)),
      api::RunOptionsOf(*impl_, progress_, progress_timing_, stop_, start),
      [&](std::string_view text, const core::BestSquare*) { return out(text); });
  return api::StatsOf(found, stop_, start);
}

SearchStats SquareSearch::ForEachView(
    const std::function<bool(const SquareView&)>& on_result) const {
  const auto start = api::Clock::now();
  const core::SquareSearch& search = impl_->Search(false);
  const core::SquareFormatter formatter =
      api::FormatterOf(*impl_, search, core::SquareFormat::kView);
  api::ViewReader reader(formatter);
  core::SquareStats found =
      api::WriteResults(*impl_, search, formatter,
                        api::RunOptionsOf(*impl_, progress_, progress_timing_, stop_, start),
                        [&](std::string_view text, const core::BestSquare* best) {
                          return reader.Read(text, best, on_result);
                        });
  found.squares = reader.delivered();  // a callback that says stop ends a piece early
  return api::StatsOf(found, stop_, start);
}

namespace {

// The view's result into `result`, in the strings there (no allocation once they are long
// enough). A string of the length it had is overwritten byte by byte: words are short, and
// std::string::assign's general path cost more than the copy.
void Assign(const SquareView& view, SquareResult& result) {
  auto strings = [](const SquareView::Strings& from, std::vector<std::string>& to) {
    to.resize(from.size());
    for (size_t k = 0; k < from.size(); ++k) {
      const std::string_view text = from[k];
      if (to[k].size() != text.size()) {
        to[k].assign(text);
        continue;
      }
      char* bytes = to[k].data();
      for (size_t i = 0; i < text.size(); ++i) bytes[i] = text[i];
    }
  };
  strings(view.rows(), result.rows);
  strings(view.words(), result.words);
  result.worst_score = view.worst_score();
  result.mean_score = view.mean_score();
}

}  // namespace

SquareResult SquareView::ToResult() const {
  SquareResult result;
  Assign(*this, result);
  return result;
}

SearchStats SquareSearch::ForEach(const std::function<bool(const SquareResult&)>& on_result) const {
  SquareResult result;  // each result in the strings of the one before
  return ForEachView([&](const SquareView& view) {
    Assign(view, result);
    return on_result(result);
  });
}

}  // namespace squares
