// The API's grid fill: FillGrid and Candidates, on fill_grid.h.
#include <algorithm>
#include <bit>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <span>
#include <thread>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
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
  if (options.limit && *options.limit < 1)
    api::ThrowUsage("FillOptions::limit: must be at least 1");
  if (options.limit && !options.all) api::ThrowUsage("FillOptions::limit needs all");
  if (options.shard_count < 1 || options.shard_index < 1 ||
      options.shard_index > options.shard_count) {
    api::ThrowUsage(absl::StrFormat("FillOptions: shard %d of %d: expected 1 <= index <= count",
                                    options.shard_index, options.shard_count));
  }
  if (options.shard_count > 1 && !options.all)
    api::ThrowUsage("FillOptions::shard_count needs all");
  if (options.all && options.deterministic) {
    api::ThrowUsage("FillOptions: deterministic and all exclude each other");
  }
  if (options.threads < 0 || options.threads > 1024)
    api::ThrowUsage("FillOptions::threads: 0 to 1024");
  if (options.min_length < 2 || options.min_length > core::kMaxWordLength) {
    api::ThrowUsage(absl::StrFormat("FillOptions::min_length: 2 to %d", core::kMaxWordLength));
  }
  if (!(options.timeout >= 0) || !(options.quality_time >= 0) ||
      (options.polish && *options.polish < 0)) {
    api::ThrowUsage("FillOptions: timeout, quality_time and polish must not be negative");
  }
  core::FillSettings settings;
  core::FillOptions& e = settings.engine;
  e.branching = options.branch == Branching::kWord ? core::Branching::kWord
                                                   : core::Branching::kLetter;
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
  e.threads = options.threads > 0
                  ? options.threads
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
  filter.exclude.erase(std::unique(filter.exclude.begin(), filter.exclude.end()),
                       filter.exclude.end());
  if (max_level) {
    filter.scores = scores;
    filter.max_cost = scores == core::ScoreOrder::kLowerFirst ? *max_level : -*max_level;
  }
  return filter;
}

core::GridFill Problem(const Dictionary& dictionary, const Grid& grid,
                       const core::WordFilter& filter) {
  std::lock_guard lock(
      api::ImplOf(dictionary).mutex);  // the slots' automata are built on first use
  return api::Value(core::GridFillProblem(
      api::ImplOf(grid).grid, api::ImplOf(dictionary).dictionary, grid.source(), filter));
}

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

// FillOptions::progress, called from a thread of its own about four times a second while the
// engine keeps `progress` up to date. An exception from it ends the calls; Rethrow() hands it
// on once the search is over.
class ProgressReporter {
 public:
  ProgressReporter(const FillOptions& options, core::ScoreOrder scores)
      : options_(options), scores_(scores) {
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
      report.seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      report.nodes = progress_.nodes.load();
      // The engine's costs are scores, negated when higher scores are better.
      auto score = [&](int64_t cost) {
        return scores_ == core::ScoreOrder::kHigherFirst ? -cost : cost;
      };
      if (const int64_t worst = progress_.best_worst; worst != INT64_MAX)
        report.best_worst = score(worst);
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
      Problem(dictionary, grid,
              FilterOf(dictionary, options.exclude, settings.engine.scores, options.max_level,
                       options.allow_offensive));
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
  if (outcome.bad_slot >= 0) {
    result.bad_slot = core::SlotName(g.slots[problem.grid_slot[outcome.bad_slot]]);
  }
  result.message = core::FillStatusMessage(grid.source(), g, problem, outcome, settings.engine);
  result.stats = StatsOf(outcome.stats);
  return result;
}

namespace {

// A slot's letters as the constructor sees them: "O.T..".
std::string PatternOf(const Grid& grid, const Slot& slot) {
  std::string pattern;
  for (int cell : slot.cells) pattern += grid.letter(cell).empty() ? "." : grid.letter(cell);
  return pattern;
}

// The proof's message: the entries with no word, then the cells with no letter (a few of each).
std::string ProofMessage(const Grid& grid, const GridProof& proof, const core::Consistency& c,
                         std::span<const int> dead_slots) {
  constexpr size_t kNamed = 3;
  std::vector<std::string> parts;
  for (int s : dead_slots) {
    if (parts.size() == kNamed) break;
    const Slot& slot = grid.slots()[s];
    const char* why = c.dead.empty() && c.repeated ? "'s only word is used elsewhere"
                      : c.dead.empty()             ? " has no word that fits its crossing entries"
                                                   : " has no word";
    parts.push_back(absl::StrFormat("%s%s: %s", slot.name(), why, PatternOf(grid, slot)));
  }
  for (size_t k = 0; k < proof.dead_cells.size() && k < kNamed; ++k) {
    const int cell = proof.dead_cells[k];
    std::vector<std::string> names;
    for (const Slot& slot : grid.slots()) {
      if (std::find(slot.cells.begin(), slot.cells.end(), cell) != slot.cells.end())
        names.push_back(slot.name());
    }
    parts.push_back(absl::StrFormat("row %d, column %d has no letter that fits both %s",
                                    cell / grid.cols() + 1, cell % grid.cols() + 1,
                                    absl::StrJoin(names, " and ")));
  }
  const size_t more = dead_slots.size() + proof.dead_cells.size() - parts.size();
  if (more > 0) parts.push_back(absl::StrFormat("%d more", more));
  return absl::StrJoin(parts, "; ");
}

}  // namespace

GridProof ProveGrid(const Dictionary& dictionary, const Grid& grid, const ProofOptions& options) {
  const core::Grid& g = api::ImplOf(grid).grid;
  const core::GridFill problem =
      Problem(dictionary, grid, FilterOf(dictionary, options.exclude, core::ScoreOrder::kNone, {}));
  GridProof proof;
  proof.letters.assign(g.size(), 0);
  proof.words.assign(g.slots.size(), -1);
  if (problem.too_long >= 0) {  // the problem is incomplete: that slot is all there is to say
    proof.consistent = false;
    proof.dead_slots = {problem.too_long};
    proof.words[problem.too_long] = 0;
    const Slot& slot = grid.slots()[problem.too_long];
    proof.message =
        absl::StrFormat("%s is longer than any word: %s", slot.name(), PatternOf(grid, slot));
    return proof;
  }
  core::FillOptions engine;
  engine.distinct = !options.allow_repeats;
  const core::Consistency c = core::Propagated(problem.problem, engine);
  for (int cell = 0; cell < g.size(); ++cell) {
    if (!g.black[cell]) proof.letters[cell] = std::popcount(c.domains[cell]);
  }
  for (size_t s = 0; s < problem.grid_slot.size(); ++s) {
    proof.words[problem.grid_slot[s]] = static_cast<int64_t>(c.words[s]);
  }
  for (int s : c.dead) proof.dead_slots.push_back(problem.grid_slot[s]);
  if (c.emptied >= 0) proof.dead_slots.push_back(problem.grid_slot[c.emptied]);
  proof.dead_cells = c.dead_cells;
  proof.consistent = c.consistent();
  if (!proof.consistent) proof.message = ProofMessage(grid, proof, c, proof.dead_slots);
  return proof;
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
std::string RuledOut(const Grid& grid, int slot, std::span<const int> cells, core::WordView word,
                     const std::vector<core::LetterSet>& domains, const core::Alphabet& alphabet) {
  for (size_t k = 0; k < cells.size(); ++k) {
    if (domains[cells[k]] >> word[k] & 1) continue;
    std::string letter;
    alphabet.append_utf8(word[k], true, letter);
    const std::string crossing = CrossingName(grid, slot, cells[k]);
    return crossing.empty() ? absl::StrFormat("%s cannot be letter %d", letter, k + 1)
                            : absl::StrFormat("no word of %s fits with %s as letter %d", crossing,
                                              letter, k + 1);
  }
  return "";
}

std::string Seconds(double seconds) { return absl::StrFormat("%.2f s", seconds); }

}  // namespace

std::vector<Candidate> Candidates(const Dictionary& dictionary, const Grid& grid, int slot,
                                  const CandidateOptions& options) {
  const core::Grid& g = api::ImplOf(grid).grid;
  if (slot < 0 || slot >= static_cast<int>(g.slots.size())) {
    api::ThrowUsage(
        absl::StrFormat("Candidates: slot %d of a grid of %d slots", slot, g.slots.size()));
  }
  if (!(options.seconds >= 0) || !(options.seconds_per_word >= 0)) {
    api::ThrowUsage("CandidateOptions: seconds and seconds_per_word must not be negative");
  }
  const core::ScoreOrder scores = OrderOf(dictionary.better());
  core::GridFill problem =
      Problem(dictionary, grid, FilterOf(dictionary, options.exclude, scores, {}));
  const auto at = std::find(problem.grid_slot.begin(), problem.grid_slot.end(), slot);
  std::vector<Candidate> candidates;
  if (problem.too_long >= 0 || at == problem.grid_slot.end()) return candidates;  // no words
  core::FillProblem& p = problem.problem;
  const core::FillSlot& s = p.slots[at - problem.grid_slot.begin()];
  const core::Alphabet& alphabet = api::ImplOf(dictionary).dictionary.alphabet();
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
    fitting.emplace_back(
        scores == core::ScoreOrder::kLowerFirst ? words.scores[k] : -words.scores[k], k);
  }
  std::stable_sort(fitting.begin(), fitting.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  // The words past those listed: a search among the candidates rules them out.
  std::vector<size_t> unlisted;
  for (size_t k = options.max_words; k < fitting.size(); ++k) unlisted.push_back(fitting[k].second);
  if (fitting.size() > options.max_words) fitting.resize(options.max_words);
  core::FillOptions check;
  check.distinct = !options.allow_repeats;
  check.stop = options.stop;
  check.block_words = 50;
  // The proof: a letter no fill has rules its candidates out at once.
  const core::Consistency proof = core::Propagated(p, check);
  auto word_of = [&](size_t k) { return words.word(fitting[k].second); };
  for (size_t k = 0; k < fitting.size(); ++k) {
    Candidate candidate;
    candidate.score = words.scores[fitting[k].second];
    candidate.word = alphabet.to_utf8(word_of(k), true);
    if (!proof.consistent()) {
      candidate.viability = Viability::kImpossible;
      candidate.reason =
          "the grid has no fill: an entry or a cell has nothing left (see its proof)";
    } else if (std::string why = RuledOut(grid, slot, s.cells, word_of(k), proof.domains, alphabet);
               !why.empty()) {
      candidate.viability = Viability::kImpossible;
      candidate.reason = why;
    }
    candidates.push_back(std::move(candidate));
  }
  const size_t checked = std::min(options.max_checked, candidates.size());
  auto stopped = [&] { return options.stop && options.stop->load(); };
  auto undecided = [&](size_t k) { return candidates[k].viability == Viability::kUnknown; };
  bool go_on = !options.on_list || options.on_list(candidates);
  auto decided = [&](size_t k, Viability viability, std::string reason) {
    candidates[k].viability = viability;
    candidates[k].reason = std::move(reason);
    if (options.on_decided && !options.on_decided(k, candidates[k])) go_on = false;
  };
  // First, fills of the whole grid with this slot's word among the candidates still
  // undecided (every other word of the slot ruled out by a nogood of its letters): each fill
  // makes one more candidate fillable and is then ruled out too; a search that finds none
  // proves every candidate left impossible at once. What these searches learn holds for
  // every search after them (each has fewer fills), as do the nogoods of the words ruled out.
  const std::vector<core::LetterSet> domains = p.domains;
  core::Nogoods learned;
  auto rule_out = [&](core::WordView word) {
    for (size_t i = 0; i < s.cells.size(); ++i)
      learned.literals.push_back(static_cast<uint32_t>(s.cells[i]) * 64 + word[i]);
    learned.begin.push_back(static_cast<uint32_t>(learned.literals.size()));
  };
  for (size_t w : unlisted) rule_out(words.word(w));
  for (size_t k = 0; k < candidates.size(); ++k) {
    if (k >= checked || !undecided(k)) rule_out(word_of(k));
  }
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  const double total = options.seconds > 0
                           ? options.seconds
                           : options.seconds_per_word * static_cast<double>(checked);
  auto any_undecided = [&] {
    for (size_t k = 0; k < checked; ++k)
      if (undecided(k)) return true;
    return false;
  };
  // The last fill found: each search starts from it (FillOptions::preferred), as the grid
  // with another candidate in place differs from it around one entry.
  std::vector<core::Letter> last_fill;
  if (options.start.size() == static_cast<size_t>(g.size())) {
    last_fill.assign(g.size(), core::kMaxLetters);  // no letter: no preference
    for (int i = 0; i < g.size(); ++i) {
      const absl::StatusOr<core::Word> cell = alphabet.encode(options.start[i]);
      if (cell.ok() && cell->size() == 1) last_fill[i] = (*cell)[0];
    }
  }
  std::vector<std::string> fill_letters;
  auto keep_fill = [&](std::span<const core::Letter> letters) {
    last_fill.assign(letters.begin(), letters.end());
    if (!options.on_fill) return;
    core::ReadFill(g, problem, alphabet, scores, letters, fill_letters, nullptr);
    options.on_fill(fill_letters);
  };
  // A search with candidate k in place: decides it (true) or leaves it undecided (false).
  auto search_one = [&](size_t k, core::FillOptions one) {
    for (size_t i = 0; i < s.cells.size(); ++i)
      p.domains[s.cells[i]] = core::LetterSet{1} << word_of(k)[i];
    if (!last_fill.empty()) one.preferred = &last_fill;
    const core::FillResult result = core::Fill(p, one, [&](std::span<const core::Letter> letters) {
      keep_fill(letters);
      return true;
    });
    p.domains = domains;
    const std::string effort =
        absl::StrFormat("%d nodes, %s", result.stats.nodes, Seconds(result.stats.seconds));
    switch (result.status) {
      case core::FillStatus::kFilled:
        decided(k, Viability::kFillable,
                "a fill of the grid with it exists (found in " + effort + ")");
        return true;
      case core::FillStatus::kTimedOut:
        candidates[k].reason = "not decided in the time given (" + effort + ")";
        return false;
      default:
        decided(k, Viability::kImpossible,
                result.bad_slot >= 0
                    ? "with it, " + core::SlotName(g.slots[problem.grid_slot[result.bad_slot]]) +
                          " has no word that fits"
                    : "a search proved no fill has it (" + effort + ")");
        rule_out(word_of(k));
        return true;
    }
  };
  // What propagation alone proves with each candidate in place (a search's first node): the
  // searches after it need not rule these out.
  for (size_t k = 0; k < checked && go_on && proof.consistent() && !stopped(); ++k) {
    if (!undecided(k)) continue;
    core::FillOptions first_node = check;
    first_node.nogoods = &learned;
    first_node.node_limit = 1;
    if (!search_one(k, first_node)) candidates[k].reason.clear();
  }
  while (go_on && proof.consistent() && any_undecided() && !stopped() && elapsed() < total * 0.75) {
    core::FillOptions among = check;
    among.timeout_seconds = total * 0.75 - elapsed();
    const core::Nogoods given = learned;
    among.nogoods = &given;
    if (!last_fill.empty()) among.preferred = &last_fill;
    core::Word used;
    const core::FillResult result =
        core::Fill(p, among, [&](std::span<const core::Letter> letters) {
          for (int cell : s.cells) used.push_back(letters[cell]);
          keep_fill(letters);
          return true;
        });
    learned = result.nogoods;
    if (result.status == core::FillStatus::kFilled) {
      for (size_t k = 0; k < checked && go_on; ++k) {
        if (std::equal(used.begin(), used.end(), word_of(k).begin(), word_of(k).end())) {
          decided(k, Viability::kFillable,
                  "a fill of the grid with it exists (found in " +
                      absl::StrFormat("%d nodes, %s", result.stats.nodes,
                                      Seconds(result.stats.seconds)) +
                      ")");
          rule_out(word_of(k));
        }
      }
    } else if (result.status == core::FillStatus::kTimedOut) {
      break;
    } else {
      for (size_t k = 0; k < checked && go_on; ++k) {
        if (undecided(k))
          decided(k, Viability::kImpossible,
                  "a search proved no fill has it, nor any candidate left");
      }
    }
  }
  // Rounds: each candidate left, best first, with seconds_per_word, then four times as long.
  double budget = options.seconds_per_word;
  for (int round = 0; go_on && !stopped(); ++round, budget *= 4) {
    bool left = false;
    for (size_t k = 0; k < checked && go_on && !stopped(); ++k) {
      if (!undecided(k)) continue;
      const double remaining = total - elapsed();
      if (remaining <= 0) break;
      core::FillOptions one = check;
      one.nogoods = &learned;
      one.timeout_seconds = std::min(budget, remaining);
      left = !search_one(k, one) || left;
    }
    if (!left || options.seconds <= 0 || elapsed() >= total) break;
  }
  for (size_t k = 0; k < candidates.size(); ++k) {
    if (undecided(k) && candidates[k].reason.empty()) {
      candidates[k].reason = k < checked ? "not decided in the time given"
                                         : absl::StrFormat("not searched (only the first %d are)",
                                                           checked);
    }
  }
  return candidates;
}

}  // namespace squares
