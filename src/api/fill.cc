// The API's grid fill: FillGrid and Candidates, on fill_grid.h.
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

#include "absl/strings/str_format.h"
#include "api/api_internal.h"
#include "api/grid_internal.h"
#include "fill/fill_grid.h"
#include "lexicon/language.h"
#include "text/strings.h"

namespace squares {
namespace {

core::ScoreOrder OrderOf(Better better) {
  return better == Better::kLower ? core::ScoreOrder::kLowerFirst : core::ScoreOrder::kHigherFirst;
}

}  // namespace

namespace api {

core::FillSettings SettingsOf(Better better, const FillOptions& options) {
  if (options.limit && *options.limit < 1) api::ThrowUsage("FillOptions::limit: must be at least 1");
  if (options.limit && !options.all) api::ThrowUsage("FillOptions::limit needs all");
  if (options.shard_count < 1 || options.shard_index < 1 || options.shard_index > options.shard_count) {
    api::ThrowUsage(absl::StrFormat("FillOptions: shard %d of %d: expected 1 <= index <= count",
                                    options.shard_index, options.shard_count));
  }
  if (options.shard_count > 1 && !options.all) api::ThrowUsage("FillOptions::shard_count needs all");
  if (options.all && options.deterministic) {
    api::ThrowUsage("FillOptions: deterministic and all exclude each other");
  }
  if (options.threads < 0 || options.threads > 1024) api::ThrowUsage("FillOptions::threads: 0 to 1024");
  if (options.min_length < 2 || options.min_length > core::kMaxWordLength) {
    api::ThrowUsage(absl::StrFormat("FillOptions::min_length: 2 to %d", core::kMaxWordLength));
  }
  if (!(options.timeout >= 0) || !(options.quality_time >= 0) || (options.polish && *options.polish < 0)) {
    api::ThrowUsage("FillOptions: timeout, quality_time and polish must not be negative");
  }
  core::FillSettings settings;
  core::FillOptions& e = settings.engine;
  e.branching = options.branch == Branching::kWord ? core::Branching::kWord : core::Branching::kLetter;
  e.prefer_scores = options.prefer_scores;
  e.all = options.all;
  e.limit = options.limit.value_or(0);
  e.shard_index = options.shard_index;
  e.shard_count = options.shard_count;
  e.distinct = !options.allow_repeats;
  e.deterministic = options.deterministic;
  e.scores = OrderOf(options.better.value_or(better));
  // Searches for one fill also check 2x2 blocks of cells on slots of at most 50 words (far
  // fewer nodes on dense grids; `all` keeps the plain search, whose nodes the shards count on).
  e.block_words = options.all ? 0 : 50;
  e.seed = options.seed;
  e.timeout_seconds = options.timeout;
  e.threads = options.threads > 0 ? options.threads
                                  : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  e.stop = options.stop;
  // The time left after the proof goes to a better mean, or without a timeout 10000 nodes.
  settings.polish = options.polish.value_or(options.timeout > 0 ? INT64_MAX : 10000);
  settings.quality_seconds = options.quality_time;
  settings.any = options.any;
  return settings;
}

}  // namespace api

namespace {

// The words the fill may not use: `exclude` and, unless `allow_offensive`, the offensive
// words of the dictionary's language (those the dictionary's alphabet cannot spell are in no
// slot anyway), and those scored worse than max_level.
core::WordFilter FilterOf(const Dictionary& dictionary, const std::vector<std::string>& exclude,
                          core::ScoreOrder scores, std::optional<int64_t> max_level,
                          bool allow_offensive = true) {
  const detail::DictionaryImpl& d = api::ImplOf(dictionary);
  const core::Alphabet& alphabet = d.dictionary.alphabet();
  core::WordFilter filter;
  auto add = [&](std::string_view word) {
    auto encoded = alphabet.encode(word, d.options.fold_accents);
    if (encoded.ok()) filter.exclude.push_back(*std::move(encoded));
  };
  for (const std::string& word : exclude) add(word);
  if (!allow_offensive) {
    for (std::string_view word : core::SplitLines(core::OffensiveWordsText(alphabet.language()))) {
      if (!word.empty()) add(word);
    }
  }
  std::sort(filter.exclude.begin(), filter.exclude.end());
  filter.exclude.erase(std::unique(filter.exclude.begin(), filter.exclude.end()), filter.exclude.end());
  if (max_level) {
    filter.scores = scores;
    filter.max_cost = scores == core::ScoreOrder::kLowerFirst ? *max_level : -*max_level;
  }
  return filter;
}

core::GridFill Problem(const Dictionary& dictionary, const Grid& grid, const core::WordFilter& filter) {
  std::lock_guard lock(api::ImplOf(dictionary).mutex);  // the slots' automata are built on first use
  return api::Value(core::GridFillProblem(api::ImplOf(grid).grid, api::ImplOf(dictionary).dictionary,
                                          grid.source(), filter));
}

FillQuality QualityOf(const core::FillQuality& q) {
  return {q.worst_word, q.worst_score, q.mean_score, q.searched, q.bound, q.bound_searched,
          q.proven, q.mean_proven};
}

FillStats StatsOf(const core::FillStats& s) {
  FillStats stats;
  stats.fills = s.fills, stats.rejected = s.rejected;
  stats.nodes = s.nodes, stats.failures = s.failures, stats.backjumps = s.backjumps;
  stats.restarts = s.restarts, stats.learned = s.learned, stats.mirrored = s.mirrored;
  stats.seconds = s.seconds;
  return stats;
}

FillStatus StatusOf(core::FillStatus status) {
  switch (status) {
    case core::FillStatus::kFilled: return FillStatus::kFilled;
    case core::FillStatus::kImpossible: return FillStatus::kImpossible;
    case core::FillStatus::kOverConstrained: return FillStatus::kOverConstrained;
    case core::FillStatus::kNoDeterministic: return FillStatus::kNoDeterministic;
    case core::FillStatus::kTimedOut: break;
  }
  return FillStatus::kTimedOut;
}

}  // namespace

namespace {

// FillOptions::progress, called from a thread of its own about four times a second while the
// engine keeps `progress` up to date. An exception from it ends the calls; Rethrow() hands it
// on once the search is over.
class ProgressReporter {
 public:
  ProgressReporter(const FillOptions& options, core::ScoreOrder scores) : options_(options), scores_(scores) {
    if (options_.progress) thread_ = std::thread([this] { Run(); });
  }
  ~ProgressReporter() { Stop(); }
  core::FillProgress* progress() { return options_.progress ? &progress_ : nullptr; }
  void Stop() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
  void Rethrow() {
    Stop();
    if (error_) std::rethrow_exception(error_);
  }

 private:
  void Run() {
    const auto start = std::chrono::steady_clock::now();
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, std::chrono::milliseconds(250), [this] { return stop_; })) {
      FillProgress report;
      report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      report.nodes = progress_.nodes.load();
      // The engine's costs are scores, negated when higher scores are better.
      auto score = [&](int64_t cost) { return scores_ == core::ScoreOrder::kHigherFirst ? -cost : cost; };
      if (const int64_t worst = progress_.best_worst; worst != INT64_MAX) report.best_worst = score(worst);
      if (const int64_t asked = progress_.max_cost; asked != INT64_MAX) report.asked = score(asked);
      report.polishing = progress_.polishing;
      try {
        options_.progress(report);
      } catch (...) {
        error_ = std::current_exception();
        return;
      }
    }
  }

  const FillOptions& options_;
  core::ScoreOrder scores_;
  core::FillProgress progress_;
  std::thread thread_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::exception_ptr error_;
};

}  // namespace

FillResult FillGrid(const Dictionary& dictionary, const Grid& grid, const FillOptions& options,
                    const std::function<bool(const Fill&)>& on_fill) {
  core::FillSettings settings = api::SettingsOf(dictionary.better(), options);
  if (options.count_only && !options.all) api::ThrowUsage("FillOptions::count_only needs all");
  const core::Grid& g = api::ImplOf(grid).grid;
  for (const core::GridSlot& slot : g.slots) {
    if (static_cast<int>(slot.cells.size()) < options.min_length) {
      throw Error(ErrorKind::kData,
                  absl::StrFormat("%s: %s has %d letters, fewer than the minimum of %d",
                                  grid.source(), core::SlotName(slot), slot.cells.size(),
                                  options.min_length));
    }
  }
  const core::GridFill problem =
      Problem(dictionary, grid, FilterOf(dictionary, options.exclude, settings.engine.scores,
                                         options.max_level, options.allow_offensive));
  FillResult result;
  result.notes = problem.notes;
  if (options.on_note) {
    for (const std::string& note : result.notes) options.on_note(note);
  }
  if (problem.too_long >= 0) {
    result.status = FillStatus::kOverConstrained;
    result.bad_slot = core::SlotName(g.slots[problem.too_long]);
    result.message = core::FillStatusMessage(grid.source(), g, problem, {}, settings.engine);
    return result;
  }
  const core::Alphabet& alphabet = api::ImplOf(dictionary).dictionary.alphabet();
  // A scored list (not all scores alike) gives each fill a quality.
  const bool scored = core::IsScored(problem.problem);
  core::FillQuality quality;
  Fill fill;  // reused: its strings keep their buffers from one fill to the next
  ProgressReporter reporter(options, settings.engine.scores);
  settings.engine.progress = reporter.progress();
  const core::FillResult outcome = core::SearchFill(
      problem.problem, settings, &quality, [&](std::span<const core::Letter> letters) {
        if (options.count_only) return true;
        core::ReadFill(g, problem, alphabet, settings.engine.scores, letters, fill.letters,
                       scored ? &quality : nullptr);
        fill.rows.resize(g.rows);
        for (int r = 0; r < g.rows; ++r) {
          fill.rows[r].clear();
          for (int i = r * g.cols; i < (r + 1) * g.cols; ++i) {
            fill.rows[r] += g.black[i] ? "#" : fill.letters[i];
          }
        }
        if (scored) fill.quality = QualityOf(quality);
        if (on_fill) return on_fill(fill);
        result.fills.push_back(fill);
        return true;
      });
  reporter.Rethrow();
  result.status = StatusOf(outcome.status);
  if (outcome.status == core::FillStatus::kOverConstrained) {
    result.bad_slot = core::SlotName(g.slots[problem.grid_slot[outcome.bad_slot]]);
  }
  result.message = core::FillStatusMessage(grid.source(), g, problem, outcome, settings.engine);
  result.stats = StatsOf(outcome.stats);
  return result;
}

std::vector<Candidate> Candidates(const Dictionary& dictionary, const Grid& grid, int slot,
                                  const CandidateOptions& options) {
  const core::Grid& g = api::ImplOf(grid).grid;
  if (slot < 0 || slot >= static_cast<int>(g.slots.size())) {
    api::ThrowUsage(absl::StrFormat("Candidates: slot %d of a grid of %d slots", slot, g.slots.size()));
  }
  const core::ScoreOrder scores = OrderOf(dictionary.better());
  core::GridFill problem = Problem(dictionary, grid, FilterOf(dictionary, options.exclude, scores, {}));
  const auto at = std::find(problem.grid_slot.begin(), problem.grid_slot.end(), slot);
  std::vector<Candidate> candidates;
  if (problem.too_long >= 0 || at == problem.grid_slot.end()) return candidates;  // no words
  core::FillProblem& p = problem.problem;
  const core::FillSlot& s = p.slots[at - problem.grid_slot.begin()];
  // The slot's words that fit its cells' letters, best first (the list's order on a tie):
  // the list's words of the length that the slot's automaton (the filtered one) has.
  const core::WordsOfLength& words =
      api::ImplOf(dictionary).dictionary.lexicon().words(static_cast<int>(s.cells.size()));
  std::vector<std::pair<int64_t, size_t>> fitting;  // (cost, word)
  for (size_t k = 0; k < words.count(); ++k) {
    const core::WordView w = words.word(k);
    bool fits = true;
    for (size_t i = 0; i < s.cells.size() && fits; ++i) fits = p.domains[s.cells[i]] >> w[i] & 1;
    if (!fits || !s.dawg->contains(w)) continue;
    fitting.emplace_back(scores == core::ScoreOrder::kLowerFirst ? words.scores[k] : -words.scores[k], k);
  }
  std::stable_sort(fitting.begin(), fitting.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  if (fitting.size() > options.max_words) fitting.resize(options.max_words);
  core::FillOptions check;
  check.distinct = !options.allow_repeats;
  check.timeout_seconds = options.seconds_per_word;
  check.stop = options.stop;
  check.block_words = 50;
  const std::vector<core::LetterSet> domains = p.domains;
  for (size_t k = 0; k < fitting.size(); ++k) {
    Candidate candidate;
    const core::WordView word = words.word(fitting[k].second);
    candidate.score = words.scores[fitting[k].second];
    candidate.word = api::ImplOf(dictionary).dictionary.alphabet().to_utf8(word, true);
    if (k < options.max_checked && !(options.stop && options.stop->load())) {
      for (size_t i = 0; i < s.cells.size(); ++i) p.domains[s.cells[i]] = core::LetterSet{1} << word[i];
      const core::FillResult result = core::Fill(p, check, [](std::span<const core::Letter>) { return true; });
      p.domains = domains;
      candidate.viability = result.status == core::FillStatus::kFilled      ? Viability::kFillable
                            : result.status == core::FillStatus::kTimedOut ? Viability::kUnknown
                                                                            : Viability::kImpossible;
    }
    candidates.push_back(std::move(candidate));
  }
  return candidates;
}

}  // namespace squares
