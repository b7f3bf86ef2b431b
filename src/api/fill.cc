// The API's grid fill: FillGrid and Candidates, on fill_grid.h.
#include <algorithm>
#include <bit>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <span>
#include <thread>
#include <tuple>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "api/api_internal.h"
#include "api/fill_internal.h"
#include "api/grid_internal.h"
#include "fill/fill_grid.h"
#include "lexicon/language.h"
#include "text/strings.h"

namespace squares {
namespace api {

core::ScoreOrder OrderOf(Better better) {
  return better == Better::kLower ? core::ScoreOrder::kLowerFirst : core::ScoreOrder::kHigherFirst;
}

core::FillSettings SettingsOf(Better better, const FillOptions& options) {
  if (options.limit && *options.limit < 0) {
    api::ThrowUsage(absl::StrFormat("limit: %d is negative", *options.limit));
  }
  if (options.limit && !options.all) api::ThrowUsage("limit needs all");
  if (options.shard_count < 1 || options.shard_index < 1 ||
      options.shard_index > options.shard_count) {
    api::ThrowUsage(absl::StrFormat("shard %d of %d: expected 1 <= index <= count",
                                    options.shard_index, options.shard_count));
  }
  if (options.shard_count > 1 && !options.all) api::ThrowUsage("a shard needs all");
  if (options.shard_key && !options.all) api::ThrowUsage("a shard key needs all");
  if (options.all && options.deterministic) {
    api::ThrowUsage("deterministic and all exclude each other");
  }
  if (options.threads < 0 || options.threads > 1024)
    api::ThrowUsage(absl::StrFormat("threads: %d is not in 0..1024 (0: the CPUs it may run on)",
                                    options.threads));
  if (options.min_length < 2 || options.min_length > core::kMaxWordLength) {
    api::ThrowUsage(absl::StrFormat("min_length: %d is not in 2..%d", options.min_length,
                                    core::kMaxWordLength));
  }
  if (!(options.timeout >= 0) || !(options.quality_time >= 0) ||
      (options.polish && *options.polish < 0)) {
    api::ThrowUsage("timeout, quality_time and polish must not be negative");
  }
  if (!(options.progress_every >= 0.001 && options.progress_every < 1e9))
    api::ThrowUsage("progress_every: at least 0.001 seconds");
  core::FillSettings settings;
  core::FillOptions& e = settings.engine;
  e.branching = options.branch == Branching::kWord ? core::Branching::kWord
                                                   : core::Branching::kLetter;
  e.prefer_scores = options.prefer_scores;
  e.all = options.all;
  e.limit = options.limit.value_or(0);
  e.shard_index = options.shard_index;
  e.shard_count = options.shard_count;
  e.shard_key = options.shard_key;
  e.distinct = !options.allow_repeats;
  e.deterministic = options.deterministic;
  e.scores = OrderOf(options.better.value_or(better));
  // Searches for one fill also check 2x2 blocks of cells on slots of at most 50 words (far
  // fewer nodes on dense grids; `all` keeps the plain search, whose nodes the shards count on).
  e.block_words = options.all ? 0 : 50;
  e.seed = options.seed;
  e.timeout_seconds = options.timeout;
  e.threads = options.threads > 0 ? options.threads : DefaultThreads();
  e.stop = options.stop;
  // The time left after the proof goes to a better mean, or without a timeout 10000 nodes.
  settings.polish = options.polish.value_or(options.timeout > 0 ? INT64_MAX : 10000);
  settings.quality_seconds = options.quality_time;
  settings.any = options.any;
  return settings;
}

}  // namespace api

namespace {

FillQuality QualityOf(const core::FillQuality& q) {
  return {q.worst_word, q.worst_score,    q.mean_score, q.searched,
          q.bound,      q.bound_searched, q.proven,     q.mean_proven};
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

// FillOptions::progress, called from a thread of its own every progress_every seconds while
// the engine keeps `progress` up to date. The engine then polls this reporter's stop flag,
// which the thread sets within kStopPoll of the caller's: an exception from the callback sets
// it too, which ends the search and the calls; Rethrow() hands it on once the search is over.
class ProgressReporter {
 public:
  ProgressReporter(const FillOptions& options, core::ScoreOrder scores)
      : options_(options), scores_(scores) {
    if (options_.progress) thread_ = std::thread([this] { Run(); });
  }
  ~ProgressReporter() { Stop(); }
  core::FillProgress* progress() { return options_.progress ? &progress_ : nullptr; }
  // The flag the engine polls.
  const StopFlag* stop() const { return options_.progress ? &stop_engine_ : options_.stop; }
  void Stop() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
  void Rethrow() {
    Stop();
    if (error_) std::rethrow_exception(error_);
  }

 private:
  static constexpr std::chrono::milliseconds kStopPoll{10};

  void Run() {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    const auto every = std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(options_.progress_every));
    auto next = start + every;
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, kStopPoll, [this] { return done_; })) {
      if (options_.stop && options_.stop->load()) stop_engine_ = true;
      const auto now = Clock::now();
      if (now < next) continue;
      next = now + every;
      try {
        options_.progress(Report(std::chrono::duration<double>(now - start).count()));
      } catch (...) {
        error_ = std::current_exception();
        stop_engine_ = true;
        return;
      }
    }
  }

  FillProgress Report(double seconds) const {
    FillProgress report;
    report.seconds = seconds;
    report.nodes = progress_.nodes.load();
    // The engine's costs are scores, negated when higher scores are better.
    auto score = [&](int64_t cost) {
      return scores_ == core::ScoreOrder::kHigherFirst ? -cost : cost;
    };
    if (const int64_t worst = progress_.best_worst; worst != INT64_MAX)
      report.best_worst = score(worst);
    if (const int64_t asked = progress_.max_cost; asked != INT64_MAX) report.asked = score(asked);
    report.polishing = progress_.polishing;
    return report;
  }

  const FillOptions& options_;
  core::ScoreOrder scores_;
  core::FillProgress progress_;
  StopFlag stop_engine_{false};
  std::thread thread_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::exception_ptr error_;
};

}  // namespace

namespace {

// A grid with no fill while the breakfast test left words out: whether they are what makes
// it so (a search as long again as the first, at least a second), said in the message.
void SayLeftOut(const Dictionary& dictionary, const Grid& grid, const FillOptions& options,
                FillResult& result) {
  if (options.all || options.deterministic) return;
  result.left_out = api::FillWithLeftOut(dictionary, grid, options.exclude, options.allow_repeats,
                                         options.allow_offensive, AllowOffensive::kSlurs,
                                         std::max(1.0, result.stats.seconds), options.stop);
  if (result.left_out)
    result.message = grid.source() + ": impossible: " + api::LeftOutMessage(*result.left_out);
}

}  // namespace

void CheckFillOptions(const FillOptions& options) {
  api::SettingsOf(Better::kLower, options);
  if (options.count_only && !options.all) api::ThrowUsage("count_only needs all");
}

namespace {

// What FillGrid and FillShardKey search: the engine's settings and problem, checked.
struct PreparedFill {
  core::FillSettings settings;
  core::GridFill problem;
};

PreparedFill PrepareFill(const Dictionary& dictionary, const Grid& grid,
                         const FillOptions& options) {
  CheckFillOptions(options);
  core::FillSettings settings = api::SettingsOf(dictionary.better(), options);
  const core::Grid& g = api::ImplOf(grid).grid;
  for (const core::GridSlot& slot : g.slots) {
    if (static_cast<int>(slot.cells.size()) < options.min_length) {
      throw Error(ErrorKind::kData,
                  absl::StrFormat("%s: %s has %d letters, fewer than the minimum of %d",
                                  grid.source(), core::SlotName(slot), slot.cells.size(),
                                  options.min_length));
    }
  }
  core::GridFill problem =
      api::Problem(dictionary, grid,
                   api::FilterOf(dictionary, options.exclude, settings.engine.scores,
                                 options.max_level, options.allow_offensive));
  return {std::move(settings), std::move(problem)};
}

}  // namespace

uint64_t FillShardKey(const Dictionary& dictionary, const Grid& grid, const FillOptions& options) {
  if (!options.all) api::ThrowUsage("a shard key needs all");
  const PreparedFill prepared = PrepareFill(dictionary, grid, options);
  const core::Grid& g = api::ImplOf(grid).grid;
  if (prepared.problem.too_long >= 0) {
    throw Error(ErrorKind::kData, core::FillStatusMessage(grid.source(), g, prepared.problem, {},
                                                          prepared.settings.engine));
  }
  const std::optional<uint64_t> key =
      core::FillShardKey(prepared.problem.problem, prepared.settings.engine);
  if (!key) throw Error(ErrorKind::kData, grid.source() + ": the cut into shards ran out of time");
  return *key;
}

FillResult FillGrid(const Dictionary& dictionary, const Grid& grid, const FillOptions& options,
                    const std::function<bool(const Fill&)>& on_fill) {
  PreparedFill prepared = PrepareFill(dictionary, grid, options);
  core::FillSettings& settings = prepared.settings;
  const core::GridFill& problem = prepared.problem;
  const core::Grid& g = api::ImplOf(grid).grid;
  FillResult result;
  result.notes = problem.notes;
  if (options.on_note) {
    for (const std::string& note : result.notes) options.on_note(note);
  }
  if (problem.too_long >= 0) {
    result.status = FillStatus::kOverConstrained;
    result.bad_slot = core::SlotName(g.slots[problem.too_long]);
    result.message = core::FillStatusMessage(grid.source(), g, problem, {}, settings.engine);
    SayLeftOut(dictionary, grid, options, result);
    return result;
  }
  if (options.limit == 0) {  // no fill asked for: none searched (the engine's 0 is no limit)
    result.status = FillStatus::kTimedOut;
    result.message = grid.source() + ": stopped at the limit of 0 fills";
    return result;
  }
  const core::Alphabet& alphabet = api::ImplOf(dictionary).dictionary.alphabet();
  // A scored list (not all scores alike) gives each fill a quality.
  const bool scored = core::IsScored(problem.problem);
  core::FillQuality quality;
  Fill fill;  // reused: its strings keep their buffers from one fill to the next
  ProgressReporter reporter(options, settings.engine.scores);
  settings.engine.progress = reporter.progress();
  settings.engine.stop = reporter.stop();
  const core::FillResult outcome = core::SearchFill(
      problem.problem, settings, &quality, [&](std::span<const core::Letter> letters) {
        if (options.count_only) return true;
        core::ReadFill(g, problem, alphabet, settings.engine.scores, letters, fill.letters,
                       scored ? &quality : nullptr);
        core::TextRows(g, fill.letters, fill.rows);
        if (scored) fill.quality = QualityOf(quality);
        if (on_fill) return on_fill(fill);
        result.fills.push_back(fill);
        return true;
      });
  reporter.Rethrow();
  if (outcome.other_key) {
    throw Error(ErrorKind::kData,
                absl::StrFormat("%s: shard key %016x: this fill is cut into other parts here (key "
                                "%016x): another build of squares or other words; the parts of "
                                "one run must come from one build and one list",
                                grid.source(), *options.shard_key, *outcome.other_key));
  }
  result.status = StatusOf(outcome.status);
  if (outcome.bad_slot >= 0) {
    result.bad_slot = core::SlotName(g.slots[problem.grid_slot[outcome.bad_slot]]);
  }
  result.message = core::FillStatusMessage(grid.source(), g, problem, outcome, settings.engine);
  result.stats = StatsOf(outcome.stats);
  if (result.status == FillStatus::kImpossible || result.status == FillStatus::kOverConstrained)
    SayLeftOut(dictionary, grid, options, result);
  return result;
}

namespace {

// The name of the slot other than `slot` through `cell` ("12 Down"), or "" when none.
std::string CrossingName(const Grid& grid, int slot, int cell) {
  const std::vector<Slot>& slots = grid.slots();
  for (size_t s = 0; s < slots.size(); ++s) {
    const bool here = std::find(slots[s].cells.begin(), slots[s].cells.end(), cell) !=
                      slots[s].cells.end();
    if (here && static_cast<int>(s) != slot) return slots[s].name();
  }
  return "";
}

// Why the proof's domains rule `word` out of the slot's cells, or "" when they do not.
std::string RuledOut(const Grid& grid, int slot, std::span<const int> cells,
                     const std::vector<int>& grid_cell, core::WordView word,
                     const std::vector<core::LetterSet>& domains, const core::Alphabet& alphabet) {
  for (size_t k = 0; k < cells.size(); ++k) {
    if (domains[cells[k]] >> word[k] & 1) continue;
    std::string letter;
    alphabet.append_utf8(word[k], true, letter);
    const std::string crossing = CrossingName(grid, slot, grid_cell[cells[k]]);
    return crossing.empty() ? absl::StrFormat("%s cannot be letter %d", letter, k + 1)
                            : absl::StrFormat("no word of %s fits with %s as letter %d", crossing,
                                              letter, k + 1);
  }
  return "";
}

std::string Seconds(double seconds) { return absl::StrFormat("%.2f s", seconds); }

}  // namespace

namespace {

// One call of Candidates, phase by phase: the slot's words with the proof's verdicts (List),
// then searches that decide the first max_checked of them. Every search shares `learned_`:
// nogoods that hold for all of them (each later search has fewer fills to find), among them
// a nogood of each word decided or not checked, so no search finds a fill with it again.
class CandidateSearch {
 public:
  CandidateSearch(const Dictionary& dictionary, const Grid& grid, int slot,
                  const CandidateOptions& options)
      : grid_(grid),
        g_(api::ImplOf(grid).grid),
        slot_(slot),
        options_(options),
        scores_(api::OrderOf(dictionary.better())),
        alphabet_(api::ImplOf(dictionary).dictionary.alphabet()),
        problem_(api::Problem(
            dictionary, grid,
            api::FilterOf(dictionary, options.exclude, scores_, {}, options.allow_offensive))),
        lexicon_(api::ImplOf(dictionary).dictionary.lexicon()),
        start_(std::chrono::steady_clock::now()) {}

  std::vector<Candidate> Run() {
    const bool listed = List();
    go_on_ = !options_.on_list || options_.on_list(candidates_);  // also when there are none
    if (!listed) return candidates_;
    total_ = options_.seconds > 0 ? options_.seconds
                                  : options_.seconds_per_word * static_cast<double>(checked_);
    if (proof_.consistent()) {
      StartFrom(options_.start);
      // Whole-grid searches first, as they most often decide all at once; when they take long,
      // propagation with each candidate in place rules some out and so helps them on.
      AmongUndecided(0.25);
      FirstNodes();
      AmongUndecided(0.75);
      Rounds();
    }
    SayUndecided();
    return std::move(candidates_);
  }

 private:
  bool List();
  void StartFrom(const std::vector<std::string>& start);
  void FirstNodes();
  void AmongUndecided(double share);
  void Rounds();
  void SayUndecided();
  bool SearchOne(size_t k, core::FillOptions one);

  core::WordView WordOf(size_t k) const { return words_->word(fitting_[k]); }
  bool Undecided(size_t k) const { return candidates_[k].viability == Viability::kUnknown; }
  bool Stopped() const { return !go_on_ || (options_.stop && options_.stop->load()); }
  double Elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  bool AnyUndecided() const {
    for (size_t k = 0; k < checked_; ++k)
      if (Undecided(k)) return true;
    return false;
  }
  void Decide(size_t k, Viability viability, std::string reason) {
    candidates_[k].viability = viability;
    candidates_[k].reason = std::move(reason);
    if (options_.on_decided && !options_.on_decided(k, candidates_[k])) go_on_ = false;
  }
  // A nogood of the slot's cells holding `word`: no later search tries it.
  void RuleOut(core::WordView word) {
    for (size_t i = 0; i < cells_->size(); ++i)
      learned_.literals.push_back(static_cast<uint32_t>((*cells_)[i]) * 64 + word[i]);
    learned_.begin.push_back(static_cast<uint32_t>(learned_.literals.size()));
  }
  // Keeps a fill found: each later search starts from it (FillOptions::preferred), as the
  // grid with another candidate in place differs from it around one entry.
  void KeepFill(std::span<const core::Letter> letters) {
    last_fill_.assign(letters.begin(), letters.end());
    if (!options_.on_fill) return;
    core::ReadFill(g_, problem_, alphabet_, scores_, letters, fill_letters_, nullptr);
    options_.on_fill(fill_letters_);
  }
  std::string FoundIn(const core::FillStats& stats) const {
    return "a fill of the grid with it exists (found in " + Seconds(stats.seconds) + ")";
  }

  const Grid& grid_;
  const core::Grid& g_;
  const int slot_;
  const CandidateOptions& options_;
  const core::ScoreOrder scores_;
  const core::Alphabet& alphabet_;
  core::GridFill problem_;
  const core::Lexicon& lexicon_;
  const std::chrono::steady_clock::time_point start_;
  const std::vector<int>* cells_ = nullptr;     // the slot's cells in the problem
  const core::WordsOfLength* words_ = nullptr;  // the list's words of the slot's length
  std::vector<size_t> fitting_;                 // candidate k is words_->word(fitting_[k])
  std::vector<Candidate> candidates_;
  size_t checked_ = 0;
  core::Consistency proof_;
  std::vector<core::LetterSet> domains_;  // the problem's, as given
  core::FillOptions check_;               // what every search shares
  core::Nogoods learned_;
  // A letter per cell, kMaxLetters where none is preferred: every search's
  // FillOptions::preferred (check_ points at it).
  std::vector<core::Letter> last_fill_;
  std::vector<std::string> fill_letters_;
  double total_ = 0;
  bool go_on_ = true;
};

// The slot's words that fit its cells' letters: first those the proof's letter sets allow,
// then those it rules out (each impossible at once), each group best first (the list's order
// on a tie); the first max_words of them.
bool CandidateSearch::List() {
  const auto at = std::find(problem_.grid_slot.begin(), problem_.grid_slot.end(), slot_);
  if (problem_.too_long >= 0 || at == problem_.grid_slot.end()) return false;  // no words
  core::FillProblem& p = problem_.problem;
  const core::FillSlot& s = p.slots[at - problem_.grid_slot.begin()];
  cells_ = &s.cells;
  words_ = &lexicon_.words(static_cast<int>(s.cells.size()));
  check_.distinct = !options_.allow_repeats;
  check_.stop = options_.stop;
  check_.block_words = 50;
  last_fill_.assign(p.domains.size(), core::kMaxLetters);  // no fill yet: no preference
  check_.preferred = &last_fill_;
  // The proof: a letter no fill has rules its candidates out at once.
  proof_ = core::Propagated(p, check_);
  auto allowed = [&](core::WordView w) {
    if (!proof_.consistent()) return false;
    for (size_t i = 0; i < s.cells.size(); ++i)
      if (!(proof_.domains[s.cells[i]] >> w[i] & 1)) return false;
    return true;
  };
  struct Fitting {
    bool ruled_out;
    int64_t cost;
    size_t word;
  };
  std::vector<Fitting> fitting;
  for (size_t k = 0; k < words_->count(); ++k) {
    const core::WordView w = words_->word(k);
    bool fits = true;
    for (size_t i = 0; i < s.cells.size() && fits; ++i) fits = p.domains[s.cells[i]] >> w[i] & 1;
    if (!fits || !s.dawg->contains(w)) continue;
    fitting.push_back(
        {!allowed(w),
         scores_ == core::ScoreOrder::kLowerFirst ? words_->scores[k] : -words_->scores[k], k});
  }
  std::stable_sort(fitting.begin(), fitting.end(), [](const Fitting& a, const Fitting& b) {
    return std::tie(a.ruled_out, a.cost) < std::tie(b.ruled_out, b.cost);
  });
  // The words past those listed: a search among the candidates rules them out.
  for (size_t k = options_.max_words; k < fitting.size(); ++k)
    RuleOut(words_->word(fitting[k].word));
  if (fitting.size() > options_.max_words) fitting.resize(options_.max_words);
  for (const Fitting& f : fitting) fitting_.push_back(f.word);
  for (size_t k = 0; k < fitting_.size(); ++k) {
    Candidate candidate;
    candidate.score = words_->scores[fitting_[k]];
    candidate.word = alphabet_.to_utf8(WordOf(k), true);
    if (!proof_.consistent()) {
      candidate.viability = Viability::kImpossible;
      candidate.reason =
          "the grid has no fill: an entry or a cell has nothing left (see its proof)";
    } else if (fitting[k].ruled_out) {
      candidate.viability = Viability::kImpossible;
      candidate.reason =
          RuledOut(grid_, slot_, s.cells, problem_.grid_cell, WordOf(k), proof_.domains, alphabet_);
    }
    candidates_.push_back(std::move(candidate));
  }
  checked_ = std::min(options_.max_checked, candidates_.size());
  for (size_t k = 0; k < candidates_.size(); ++k) {
    if (k >= checked_ || !Undecided(k)) RuleOut(WordOf(k));
  }
  domains_ = p.domains;
  return true;
}

// A fill given by the caller (CandidateOptions::start), when it has a cell per grid cell.
void CandidateSearch::StartFrom(const std::vector<std::string>& start) {
  if (start.size() != static_cast<size_t>(g_.size())) return;
  for (int i = 0; i < g_.size(); ++i) {
    const absl::StatusOr<core::Word> cell = alphabet_.encode(start[i]);
    if (cell.ok() && cell->size() == 1) last_fill_[i] = (*cell)[0];
  }
}

// A search with candidate k in place: decides it (true) or leaves it undecided (false).
bool CandidateSearch::SearchOne(size_t k, core::FillOptions one) {
  core::FillProblem& p = problem_.problem;
  for (size_t i = 0; i < cells_->size(); ++i)
    p.domains[(*cells_)[i]] = core::LetterSet{1} << WordOf(k)[i];
  const core::FillResult result = core::Fill(p, one, [&](std::span<const core::Letter> letters) {
    KeepFill(letters);
    return true;
  });
  p.domains = domains_;
  switch (result.status) {
    case core::FillStatus::kFilled:
      Decide(k, Viability::kFillable, FoundIn(result.stats));
      return true;
    case core::FillStatus::kTimedOut:
      candidates_[k].reason =
          "not decided in the time given (searched for " + Seconds(result.stats.seconds) + ")";
      return false;
    default:
      Decide(k, Viability::kImpossible,
             result.bad_slot >= 0
                 ? "with it, " + core::SlotName(g_.slots[problem_.grid_slot[result.bad_slot]]) +
                       " has no word that fits"
                 : "a search proved no fill has it (in " + Seconds(result.stats.seconds) + ")");
      RuleOut(WordOf(k));
      return true;
  }
}

// What propagation alone proves with each candidate in place (a search's first node): the
// searches after it need not rule these out.
void CandidateSearch::FirstNodes() {
  for (size_t k = 0; k < checked_ && !Stopped(); ++k) {
    if (!Undecided(k)) continue;
    core::FillOptions first_node = check_;
    first_node.nogoods = &learned_;
    first_node.node_limit = 1;
    if (!SearchOne(k, first_node)) candidates_[k].reason.clear();
  }
}

// Fills of the whole grid with this slot's word among the candidates still undecided (every
// other word of the slot ruled out by a nogood): each fill makes one more candidate fillable
// and is then ruled out too; a search that finds none proves every candidate left impossible
// at once. Until `share` of the time is spent.
void CandidateSearch::AmongUndecided(double share) {
  while (AnyUndecided() && !Stopped() && Elapsed() < total_ * share) {
    core::FillOptions among = check_;
    among.timeout_seconds = total_ * share - Elapsed();
    const core::Nogoods given = learned_;
    among.nogoods = &given;
    core::Word used;
    const core::FillResult result =
        core::Fill(problem_.problem, among, [&](std::span<const core::Letter> letters) {
          for (int cell : *cells_) used.push_back(letters[cell]);
          KeepFill(letters);
          return true;
        });
    learned_ = result.nogoods;
    if (result.status == core::FillStatus::kTimedOut) return;
    for (size_t k = 0; k < checked_ && !Stopped(); ++k) {
      if (result.status == core::FillStatus::kFilled) {
        if (std::ranges::equal(used, WordOf(k))) {
          Decide(k, Viability::kFillable, FoundIn(result.stats));
          RuleOut(WordOf(k));
        }
      } else if (Undecided(k)) {
        Decide(k, Viability::kImpossible, "a search proved no fill has it, nor any candidate left");
      }
    }
  }
}

// Each candidate left, best first, gets seconds_per_word; then rounds of four times as long
// for those still left, until the time for all (options.seconds) is spent.
void CandidateSearch::Rounds() {
  double budget = options_.seconds_per_word;
  for (; !Stopped(); budget *= 4) {
    bool left = false;
    for (size_t k = 0; k < checked_ && !Stopped(); ++k) {
      if (!Undecided(k)) continue;
      const double remaining = total_ - Elapsed();
      if (remaining <= 0) break;
      core::FillOptions one = check_;
      one.nogoods = &learned_;
      one.timeout_seconds = std::min(budget, remaining);
      left = !SearchOne(k, one) || left;
    }
    if (!left || options_.seconds <= 0 || Elapsed() >= total_) break;
  }
}

void CandidateSearch::SayUndecided() {
  for (size_t k = 0; k < candidates_.size(); ++k) {
    if (!Undecided(k) || !candidates_[k].reason.empty()) continue;
    candidates_[k].reason = k < checked_
                                ? "not decided in the time given"
                                : absl::StrFormat("not searched (only the first %d are)", checked_);
  }
}

}  // namespace

std::vector<Candidate> Candidates(const Dictionary& dictionary, const Grid& grid, int slot,
                                  const CandidateOptions& options) {
  if (slot < 0 || slot >= static_cast<int>(grid.slots().size())) {
    api::ThrowUsage(
        absl::StrFormat("slot: %d is not one of the grid's %d slots", slot, grid.slots().size()));
  }
  if (!(options.seconds >= 0) || !(options.seconds_per_word >= 0)) {
    api::ThrowUsage("seconds and seconds_per_word must not be negative");
  }
  return CandidateSearch(dictionary, grid, slot, options).Run();
}

}  // namespace squares
