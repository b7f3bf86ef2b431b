// Best squares: a descent over the worst word's score, each step a search rebuilt on the
// words strictly better than the last result's worst, then the results at the least worst
// word ranked by their mean score.
#include "search/best_squares.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

namespace squares::core {
namespace {

// Scores become costs, lower better: the score itself, or its bitwise complement (-s - 1,
// which reverses the order and, unlike -s, never overflows).
int64_t Cost(int64_t score, bool lower_better) { return lower_better ? score : ~score; }

// A result's rank (see BestSquares): worst word's cost, total cost, then search order (its
// task, and its place among the task's results).
struct Key {
  int64_t worst = 0;
  __int128 total = 0;
  size_t task = 0;
  uint64_t seq = 0;
  auto Quality() const { return std::pair(worst, total); }
  friend bool operator<(const Key& a, const Key& b) {
    return std::tie(a.worst, a.total, a.task, a.seq) < std::tie(b.worst, b.total, b.task, b.seq);
  }
};

struct Found {
  Key key;
  std::vector<Letter> grid;
};

// The costs of a result's words, from the scored lists.
class Scorer {
 public:
  Scorer(const ScoredLists& lists, const Shape& shape) : lower_better_(lists.lower_better) {
    for (size_t w = 0; w < shape.words.size(); ++w) {
      const int list = lists.list_of_word.empty() ? 0 : lists.list_of_word[w];
      words_.push_back({&lists.lists[list]->lexicon(), shape.words[w].cells});
    }
  }
  Key Score(const Letter* grid) const {
    Key key{INT64_MIN, 0, 0, 0};
    std::array<Letter, kMaxShapeWordLength> spelled;
    for (const ScoredWord& word : words_) {
      for (size_t k = 0; k < word.cells.size(); ++k) spelled[k] = grid[word.cells[k]];
      int64_t score = 0;
      [[maybe_unused]] const bool found =
          word.lexicon->find({spelled.data(), word.cells.size()}, &score);
      assert(found);
      const int64_t cost = Cost(score, lower_better_);
      key.worst = std::max(key.worst, cost);
      key.total += cost;
    }
    return key;
  }
  int64_t WorstScore(const Key& key) const {
    return Cost(key.worst, lower_better_);
  }  // an involution
  double MeanScore(const Key& key) const {
    // The sum of the scores: the total cost, or -total - words (see Cost).
    const auto words = static_cast<__int128>(words_.size());
    const __int128 sum = lower_better_ ? key.total : -key.total - words;
    return static_cast<double>(sum) / static_cast<double>(words);
  }
  size_t words() const { return words_.size(); }

 private:
  struct ScoredWord {
    const Lexicon* lexicon;
    std::vector<int> cells;
  };
  bool lower_better_;
  std::vector<ScoredWord> words_;
};

// The K least results by key.
class TopK {
 public:
  explicit TopK(size_t k) : k_(k) {}
  void Offer(const Key& key, const Letter* grid, size_t cells) {
    if (found_.size() == k_ && !(key < found_.back().key)) return;
    if (found_.size() == k_) found_.pop_back();
    auto at = std::upper_bound(found_.begin(), found_.end(), key,
                               [](const Key& a, const Found& b) { return a < b.key; });
    found_.insert(at, Found{key, std::vector<Letter>(grid, grid + cells)});
  }
  void Merge(TopK&& other) {
    for (Found& f : other.found_) Offer(f.key, f.grid.data(), f.grid.size());
  }
  std::vector<Found>& found() { return found_; }

 private:
  size_t k_;
  std::vector<Found> found_;  // sorted
};

// The dictionary of `full`'s words of the lengths marked in `lengths` whose cost is at most
// `max_cost`; the alphabet is kept, so letter codes stay the same.
absl::StatusOr<std::unique_ptr<Dictionary>> Cut(const Dictionary& full, bool lower_better,
                                                int64_t max_cost,
                                                const std::vector<bool>& lengths) {
  const Lexicon& lexicon = full.lexicon();
  std::vector<WordsOfLength> by_length(kMaxWordLength + 1);
  for (int length = 1; length <= kMaxWordLength; ++length) {
    by_length[length].length = length;
    if (!lengths[length]) continue;
    const WordsOfLength& words = lexicon.words(length);
    std::vector<Letter> letters;
    std::vector<int64_t> scores;
    for (size_t r = 0; r < words.count(); ++r) {
      if (Cost(words.scores[r], lower_better) > max_cost) continue;
      const WordView word = words.word(r);
      letters.insert(letters.end(), word.begin(), word.end());
      scores.push_back(words.scores[r]);
    }
    by_length[length].letters = FlatArray<Letter>(std::move(letters));
    by_length[length].scores = FlatArray<int64_t>(std::move(scores));
  }
  auto cut = Lexicon::FromParts(full.alphabet(), std::move(by_length), true);
  if (!cut.ok()) return cut.status();
  return std::make_unique<Dictionary>(std::move(*cut));
}

// One search of the descent or of the ranking, on `threads` workers taking its tasks in
// order. kFirst: any one result, then every worker stops. kRank: the K best results; a task
// stops once it has K results of the least key possible (`least`), and the tasks after it
// are skipped (their results rank below those), so the K are the same on any thread count.
enum class Goal { kFirst, kRank };

class Round {
 public:
  Round(const SquareSearch& search, const Scorer& scorer, size_t k, Goal goal,
        std::pair<int64_t, __int128> least)
      : search_(search), scorer_(scorer), k_(k), goal_(goal), least_(least) {}

  // Runs the search; false when `stop` ended it.
  bool Run(int threads, const std::atomic<bool>* stop) {
    bool stopped = stop && stop->load();
    halt_ = stopped;
    tasks_ = search_.Split(static_cast<size_t>(threads) * 64);
    std::vector<TopK> best(threads, TopK(k_));
    std::vector<SquareStats> stats(threads);
    int running = threads;
    std::mutex mutex;
    std::condition_variable done;
    std::vector<std::jthread> workers;
    for (int t = 0; t < threads; ++t) {
      workers.emplace_back([&, t] {
        Work(best[t], stats[t]);
        const std::lock_guard lock(mutex);
        --running;
        done.notify_one();
      });
    }
    // This thread watches the caller's stop flag, which the workers' search does not see.
    {
      std::unique_lock lock(mutex);
      while (!done.wait_for(lock, std::chrono::milliseconds(10), [&] { return running == 0; })) {
        if (stop && stop->load(std::memory_order_relaxed)) stopped = true, halt_ = true;
      }
    }
    workers.clear();  // joined
    for (int t = 0; t < threads; ++t) {
      best_.Merge(std::move(best[t]));
      stats_ += stats[t];
    }
    return !stopped;
  }
  std::vector<Found>& found() { return best_.found(); }
  const SquareStats& stats() const { return stats_; }

 private:
  class Sink : public SquareSink {
   public:
    Sink(Round& round, TopK& best, size_t task) : round_(round), best_(best), task_(task) {}
    bool Accept(const Letter* grid) override {
      Key key = round_.scorer_.Score(grid);
      key.task = task_;
      key.seq = seq_++;
      best_.Offer(key, grid, round_.search_.shape().cell_count);
      if (round_.goal_ == Goal::kFirst) {
        round_.halt_ = true;
        return false;
      }
      if (key.Quality() == round_.least_ && ++least_found_ == round_.k_) {
        size_t cutoff = round_.cutoff_.load();
        while (task_ < cutoff && !round_.cutoff_.compare_exchange_weak(cutoff, task_)) {
        }
        return false;
      }
      return true;
    }

   private:
    Round& round_;
    TopK& best_;
    size_t task_;
    uint64_t seq_ = 0;
    size_t least_found_ = 0;
  };

  void Work(TopK& best, SquareStats& stats) {
    for (;;) {
      const size_t task = next_++;
      if (task >= tasks_.size() || task > cutoff_ || halt_) return;
      Sink sink(*this, best, task);
      stats += search_.Run(tasks_[task], &sink, &halt_);
    }
  }

  const SquareSearch& search_;
  const Scorer& scorer_;
  size_t k_;
  Goal goal_;
  std::pair<int64_t, __int128> least_;
  std::vector<SquareTask> tasks_;
  std::atomic<size_t> next_{0}, cutoff_{SIZE_MAX};
  std::atomic<bool> halt_{false};
  TopK best_{k_};
  SquareStats stats_;
};

}  // namespace

absl::StatusOr<BestSquaresResult> BestSquares(const ScoredLists& lists,
                                              const BestSearchBuilder& build, size_t k, int threads,
                                              const std::atomic<bool>* stop) {
  if (k == 0) return absl::InvalidArgumentError("the number of best squares must be at least 1");
  if (lists.lists.empty()) return absl::InvalidArgumentError("best squares: no word list");
  threads = std::max(threads, 1);
  BestSquaresResult result;

  // The whole search first: it gives the shape, hence the lengths that matter.
  auto whole = build(lists.lists);
  if (!whole.ok()) return whole.status();
  const Shape& shape = whole->shape();
  const Scorer scorer(lists, shape);
  std::vector<std::vector<bool>> lengths(lists.lists.size(), std::vector<bool>(kMaxWordLength + 1));
  for (size_t w = 0; w < shape.words.size(); ++w) {
    lengths[lists.list_of_word.empty() ? 0 : lists.list_of_word[w]][shape.words[w].cells.size()] =
        true;
  }
  // The score levels, as costs, ascending.
  std::vector<int64_t> levels;
  for (size_t l = 0; l < lists.lists.size(); ++l) {
    for (int length = 1; length <= kMaxWordLength; ++length) {
      if (!lengths[l][length]) continue;
      for (int64_t score : lists.lists[l]->lexicon().words(length).scores) {
        levels.push_back(Cost(score, lists.lower_better));
      }
    }
  }
  std::sort(levels.begin(), levels.end());
  levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
  if (levels.empty()) return result;

  // Runs a round on the lists cut to the words of cost at most levels[level] (the whole
  // search at the last level).
  auto run = [&](size_t level, Goal goal,
                 std::pair<int64_t, __int128> least) -> absl::StatusOr<std::vector<Found>> {
    std::vector<std::unique_ptr<Dictionary>> cut;
    std::vector<const Dictionary*> cut_lists;
    std::optional<SquareSearch> made;
    if (level + 1 < levels.size()) {
      for (size_t l = 0; l < lists.lists.size(); ++l) {
        auto dictionary = Cut(*lists.lists[l], lists.lower_better, levels[level], lengths[l]);
        if (!dictionary.ok()) return dictionary.status();
        cut.push_back(std::move(*dictionary));
        cut_lists.push_back(cut.back().get());
      }
      auto search = build(cut_lists);
      if (!search.ok()) return search.status();
      made.emplace(std::move(*search));
    }
    Round round(made ? *made : *whole, scorer, goal == Goal::kFirst ? 1 : k, goal, least);
    result.stopped = !round.Run(threads, stop);
    ++result.searches;
    result.stats += round.stats();
    return std::move(round.found());
  };
  auto level_of = [&](int64_t cost) {
    return static_cast<size_t>(std::lower_bound(levels.begin(), levels.end(), cost) -
                               levels.begin());
  };

  // The descent: each result's worst word bounds the next search.
  std::vector<Found> best;
  for (size_t level = levels.size() - 1;;) {
    auto found = run(level, Goal::kFirst, {});
    if (!found.ok()) return found.status();
    if (found->empty() || result.stopped) break;
    best = std::move(*found);
    level = level_of(best[0].key.worst);
    if (level == 0) break;
    --level;
  }
  // The ranking, from the least worst word up until K results rank.
  if (!best.empty() && !result.stopped) {
    const int64_t worst = best[0].key.worst;
    const std::pair<int64_t, __int128> least = {worst, worst + static_cast<__int128>(levels[0]) *
                                                                   (scorer.words() - 1)};
    for (size_t level = level_of(worst); level < levels.size(); ++level) {
      auto found = run(level, Goal::kRank, least);
      if (!found.ok()) return found.status();
      // Stopped, a level's results are partial: those of the least worst word still beat the
      // descent's one result; those of a later level may lack some of the level before.
      if (!result.stopped || (best.size() == 1 && !found->empty())) best = std::move(*found);
      if (best.size() >= k || result.stopped) break;
    }
  }
  for (Found& f : best) {
    result.squares.push_back(
        {std::move(f.grid), scorer.WorstScore(f.key), scorer.MeanScore(f.key)});
  }
  return result;
}

}  // namespace squares::core
