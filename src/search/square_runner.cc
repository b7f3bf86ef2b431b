#include "search/square_runner.h"

#include <algorithm>
#include <chrono>
#include <iterator>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "lexicon/hasher.h"

#include "search/ordered_runner.h"

namespace squares::core {
namespace {

using Clock = std::chrono::steady_clock;

// A piece's text: bytes grown without std::string's zero fill, as the search writes its
// results straight into the room grown for them (zeroing bytes about to be overwritten is
// pure cost on the listing's hottest path).
class PieceText {
 public:
  size_t size() const { return size_; }
  std::string_view view() const { return {bytes_.get(), size_}; }
  // n more bytes at the end, unwritten: where they start.
  char* Grow(size_t n) {
    if (size_ + n > capacity_) {
      capacity_ = std::max(size_ + n, 2 * capacity_);
      std::unique_ptr<char[]> bytes = std::make_unique_for_overwrite<char[]>(capacity_);
      std::copy_n(bytes_.get(), size_, bytes.get());
      bytes_ = std::move(bytes);
    }
    size_ += n;
    return bytes_.get() + size_ - n;
  }
  void Append(std::string_view text) { std::copy(text.begin(), text.end(), Grow(text.size())); }
  void Shrink(size_t n) { size_ -= n; }
  void clear() { size_ = 0; }

 private:
  std::unique_ptr<char[]> bytes_;
  size_t size_ = 0, capacity_ = 0;
};

// A piece of one task's output (see RunInOrder): its results' text (with the end offset of
// each result when a limit has to cut between results) and their number; the task's last
// piece carries the search's statistics.
struct TaskPiece {
  PieceText text;
  std::vector<uint32_t> ends;
  uint64_t results = 0;
  SquareStats stats;

  void clear() {
    text.clear();
    ends.clear();
    results = 0;
    stats = {};
  }
};

// Formats results into the task's pieces, handing each over at about kPiece bytes: with one
// thread it goes straight to stdout, in few large writes (into a pipe). The run's first task
// hands its first pieces over sooner, from kFirstPiece bytes on, doubling, so that the first
// results reach the caller without waiting for a whole piece (a caller that wants only the
// first pays for little more). With an image, the search copies results into room the sink
// makes in the piece; Finish() settles the last.
class TextSink : public SquareSink {
 public:
  static constexpr size_t kPiece = size_t{1} << 18, kFirstPiece = size_t{1} << 12;
  TextSink(const SquareFormatter& formatter, PieceSender<TaskPiece>& sender, bool track_ends,
           uint64_t limit, bool first_task)
      : formatter_(formatter),
        image_(formatter.Image()),
        sender_(sender),
        piece_(&sender.piece()),
        track_ends_(track_ends),
        limit_(limit),
        send_at_(first_task ? kFirstPiece : kPiece) {}
  SquareImage* image() override { return image_ ? &*image_ : nullptr; }
  ImageRoom* room() override { return image_ ? &room_ : nullptr; }
  bool Accept(const Letter* grid) override {
    formatter_.Append(grid, result_);
    piece_->text.Append(result_);
    result_.clear();
    if (track_ends_) piece_->ends.push_back(static_cast<uint32_t>(piece_->text.size()));
    ++piece_->results;
    return ++accepted_ < limit_ && Send();
  }
  bool MakeRoom() override {
    Finish();
    if (accepted_ == limit_ || !Send()) return false;
    const size_t size = image_->text.size(), used = piece_->text.size();
    // The rest of the piece (growing writes nothing: untouched pages of a first piece stay
    // unmapped).
    room_.results =
        std::min<uint64_t>((send_at_ - std::min(used, send_at_)) / size + 1, limit_ - accepted_);
    room_.at = piece_->text.Grow(room_.results * size);
    given_ = room_.results;
    return true;
  }
  // Counts the results copied into the room and trims the piece to them.
  void Finish() {
    if (given_ == 0) return;
    const uint64_t copied = given_ - room_.results;
    const size_t size = image_->text.size();
    piece_->text.Shrink(room_.results * size);
    given_ = room_.results = 0;
    if (track_ends_) {
      const size_t end = piece_->text.size();
      for (uint64_t k = copied; k > 0; --k)
        piece_->ends.push_back(static_cast<uint32_t>(end - (k - 1) * size));
    }
    piece_->results += copied;
    accepted_ += copied;
  }

 private:
  // Hands the piece over once it is full.
  bool Send() {
    if (piece_->text.size() < send_at_) return true;
    send_at_ = std::min(2 * send_at_, kPiece);
    const bool go_on = sender_.Send();
    piece_ = &sender_.piece();
    return go_on;
  }

  const SquareFormatter& formatter_;
  std::optional<SquareImage> image_;
  PieceSender<TaskPiece>& sender_;
  TaskPiece* piece_;
  std::string result_;  // Accept's result, formatted
  ImageRoom room_;
  uint64_t given_ = 0;  // the room's size when made
  bool track_ends_;
  uint64_t limit_, accepted_ = 0;
  size_t send_at_;  // the piece's size when it is handed over
};

// The progress callback, at most once per progress_every seconds, once the run is past
// progress_after seconds.
class Progress {
 public:
  explicit Progress(const RunOptions& options) : options_(options), start_(Clock::now()) {}
  // Reports once `progress_after` has passed, at most once per `progress_every`, and only
  // what changed since the last report.
  void Update(size_t done, size_t total, uint64_t results) {
    if (!options_.progress) return;
    const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
    if (elapsed < options_.progress_after ||
        (reported_ &&
         (elapsed - last_ < options_.progress_every || (done == done_ && results == results_))))
      return;
    last_ = elapsed;
    reported_ = true;
    done_ = done;
    results_ = results;
    options_.progress(done, total, results);
  }

 private:
  const RunOptions& options_;
  Clock::time_point start_;
  double last_ = 0;
  bool reported_ = false;
  size_t done_ = 0;
  uint64_t results_ = 0;
};

// The cut of a search into shards: the whole search's tasks, and where each of the parts
// begins (`shard_count` + 1 bounds), by a rule that depends only on the shard count (so every
// machine computes the same parts).
struct ShardCut {
  std::vector<SquareTask> tasks;
  std::vector<size_t> begin;
};

// Every part of a sharded run weighs all the tasks, so their probe is cut short once it
// counts 2^24 prefixes (see Weigh).
constexpr uint64_t kShardWeighBudget = uint64_t{1} << 24;

ShardCut CutIntoShards(const SquareSearch& search, int shard_count, uint64_t weigh_budget,
                       const std::atomic<bool>* stop = nullptr) {
  // Parts of about equal work: many small tasks, weighed by a shallow probe, cut into
  // contiguous runs of equal total weight (contiguous, so the parts concatenate in order).
  ShardCut cut;
  const size_t want = std::min<size_t>(static_cast<size_t>(shard_count) * 32, size_t{1} << 18);
  cut.tasks = search.Split(want, {}, stop);
  const std::vector<uint64_t> weight = search.Weigh(cut.tasks, 5, weigh_budget, stop);
  uint64_t total = 0;
  for (uint64_t w : weight) total += w;
  // The first task of each part: the first whose middle lies at or past the part's share of
  // the weight (the shares grow, and so does the middle of task k with k).
  uint64_t sum = 0;
  size_t k = 0;
  for (int part = 0; part <= shard_count; ++part) {
    const unsigned __int128 target = static_cast<unsigned __int128>(total) * part / shard_count;
    while (k < cut.tasks.size() && sum + weight[k] / 2 < target) sum += weight[k++];
    cut.begin.push_back(k);
  }
  return cut;
}

// The cut of the search into `shard_count` parts; unsharded, the whole search as one task.
ShardCut CutOf(const SquareSearch& search, int shard_count) {
  return shard_count > 1 ? CutIntoShards(search, shard_count, kShardWeighBudget)
                         : ShardCut{{SquareTask{}}, {0, 1}};
}

// The key of `cut`, the cut of `search` into `shard_count` parts (see ShardKey).
uint64_t KeyOf(const SquareSearch& search, int shard_count, const ShardCut& cut) {
  Hasher hash;
  hash.Add(uint32_t{2});  // the key's own version
  hash.Add(static_cast<uint64_t>(shard_count));
  hash.Add(static_cast<uint64_t>(cut.tasks.size()));
  for (const SquareTask& task : cut.tasks) {
    hash.Add(static_cast<uint8_t>(task.size()));
    hash.AddAll(std::span<const Letter>(task.data(), task.size()));
  }
  for (size_t begin : cut.begin) hash.Add(static_cast<uint64_t>(begin));
  for (const Dawg* dawg : search.automata()) hash.Add(dawg->Fingerprint());
  return hash.Digest();
}

// The tasks of a run: its part of the cut (checked against the key the options expect, on
// the cut made here); then finer, for threads.
absl::StatusOr<std::vector<SquareTask>> PlanTasks(const SquareSearch& search,
                                                  const RunOptions& options, bool count_only) {
  std::vector<SquareTask> tasks = {SquareTask{}};
  if (options.shard_count > 1 || options.shard_key) {
    ShardCut cut = CutOf(search, options.shard_count);
    if (options.shard_key) {
      const uint64_t key = KeyOf(search, options.shard_count, cut);
      if (key != *options.shard_key) {
        return absl::FailedPreconditionError(absl::StrFormat(
            "shard key %016x: this search is cut into other parts here (key %016x): another "
            "build of squares or other words; the parts of one run must come from one build "
            "and one list",
            *options.shard_key, key));
      }
    }
    tasks = std::vector<SquareTask>(
        std::make_move_iterator(cut.tasks.begin() + cut.begin[options.shard_index - 1]),
        std::make_move_iterator(cut.tasks.begin() + cut.begin[options.shard_index]));
  }
  // Listing splits on one thread too: the search drops its replay memo for the tasks after
  // the first where it does not pay (see RunWalkers).
  if (options.threads > 1 || options.progress || !count_only) {
    std::vector<SquareTask> finer;
    // Listing wants smaller tasks: a task's output waits in memory until the tasks before it
    // are written, and the memory for it is capped (see RunInOrder), so large tasks leave
    // threads waiting; counting has no output to wait on, and fewer tasks cost it less.
    const size_t per_thread = count_only ? 64 : 512;
    const size_t want =
        static_cast<size_t>(options.threads) * per_thread / std::max<size_t>(1, tasks.size()) + 1;
    for (const SquareTask& task : tasks) {
      std::vector<SquareTask> parts = search.Split(want, task);
      finer.insert(finer.end(), std::make_move_iterator(parts.begin()),
                   std::make_move_iterator(parts.end()));
    }
    tasks = std::move(finer);
  }
  if (options.limit == 0) tasks.clear();
  return tasks;
}

// Runs the tasks: work(task, first, task_limit, track_ends, sender, stop) makes a task's
// pieces (`first`: it is the run's first task),
// take(piece, taken) hands over the first `taken` results of each (false: stop), in order.
// A listing's pieces hold text, which waits in memory until the tasks before it are taken,
// so only a few tasks run ahead of the oldest; a count's hold a number each (`counting`), so
// any task may, and a long task leaves no thread idle behind it.
template <class Piece>
SquareStats RunTasks(const std::vector<SquareTask>& tasks, const RunOptions& options, bool counting,
                     const std::function<void(const SquareTask&, bool, uint64_t, bool,
                                              PieceSender<Piece>&, const std::atomic<bool>&)>& work,
                     const std::function<bool(Piece&, uint64_t)>& take) {
  const int threads = std::max(1, options.threads);
  const bool one_thread = threads == 1 || tasks.size() <= 1;  // see RunInOrder
  // Without a limit nothing is counted down: a task's count up to a symmetry may be negative
  // (modulo 2^64; only the sum over the whole search is the number of results), and a lone
  // task limited by what remains would be counted untied (see SquareSearch::Run).
  const uint64_t limit = options.limit;
  const bool unlimited = limit == UINT64_MAX;
  uint64_t remaining = limit;
  SquareStats total;
  Progress progress(options);
  // A count's progress is that of the tasks done, in any order (a long task does not hold
  // back the report of those after it); a listing's, of the tasks written.
  std::atomic<size_t> finished = 0;
  std::atomic<uint64_t> found = 0;
  auto report_finished = [&] {
    progress.Update(finished.load(), tasks.size(), std::min(found.load(), limit));
  };
  const size_t ahead = counting ? tasks.size() : static_cast<size_t>(threads) * 4;
  RunInOrder<Piece>(
      tasks.size(), threads, ahead, ahead + static_cast<size_t>(threads) * 4,
      [&](size_t k, PieceSender<Piece>& sender, const std::atomic<bool>& stop) {
        // Workers never read `remaining` (the committer owns it), except a lone one, which
        // runs on the committer's thread.
        const uint64_t task_limit = one_thread && !unlimited ? remaining : limit;
        work(tasks[k], k == 0, task_limit, !one_thread && task_limit != UINT64_MAX, sender, stop);
        if (counting) {
          found += sender.piece().results;
          ++finished;
        }
      },
      [&](size_t k, Piece& piece, bool last) {
        const uint64_t taken = unlimited ? piece.results : std::min(piece.results, remaining);
        const bool go_on = take(piece, taken);
        if (!unlimited) remaining -= taken;
        total.squares += taken;
        if (last) {
          total.nodes += piece.stats.nodes;
          if (counting) report_finished();
          else progress.Update(k + 1, tasks.size(), total.squares);
        }
        return go_on && remaining > 0;
      },
      options.stop, counting && options.progress ? report_finished : std::function<void()>());
  return total;
}

// A pilot of two ways to make one count: `round(r)` counts its round r both ways, into `a`
// and `b`, for r from `from` up to `to`, until one way has walked half as many nodes again as
// the other after a round, or `stopped()`. Returns the rounds counted up to.
template <class Round>
size_t PilotRounds(size_t from, size_t to, const SquareStats& a, const SquareStats& b,
                   const std::function<bool()>& stopped, Round round) {
  size_t r = from;
  for (; r < to && !stopped(); ++r) {
    if (r > 0 && (2 * a.nodes >= 3 * b.nodes || 2 * b.nodes >= 3 * a.nodes)) break;
    round(r);
  }
  return r;
}

// A count up to S3 or up to one involution (SquareSearch::one_exchange), whichever walks
// fewer nodes: both count every kPilotStride-th of `tasks` (the whole search's), in rounds of
// kPilotRound (PilotRounds). The tasks the chosen search counted are taken out of `tasks` and
// their count is in `counted`, whose nodes are both searches'. Deterministic: the same tasks
// on any thread count.
const SquareSearch& ChooseSymmetry(const SquareSearch& search, std::vector<SquareTask>& tasks,
                                   const std::atomic<bool>* stop, SquareStats& counted) {
  constexpr size_t kPilotStride = 64, kPilotRound = 8;
  const SquareSearch& other = *search.one_exchange();
  SquareStats by_s3, by_one;
  std::vector<size_t> sampled;
  const size_t samples = (tasks.size() + kPilotStride - 1) / kPilotStride;
  PilotRounds(
      0, (samples + kPilotRound - 1) / kPilotRound, by_s3, by_one,
      [stop] { return stop && stop->load(std::memory_order_relaxed); },
      [&](size_t r) {
        for (size_t i = r * kPilotRound; i < std::min(samples, (r + 1) * kPilotRound); ++i) {
          by_s3 += search.Run(tasks[i * kPilotStride], nullptr, stop, true);
          by_one += other.Run(tasks[i * kPilotStride], nullptr, stop, true);
          sampled.push_back(i * kPilotStride);
        }
      });
  const bool one = by_one.nodes < by_s3.nodes;
  counted = one ? by_one : by_s3;
  counted.nodes = by_s3.nodes + by_one.nodes;
  for (auto k = sampled.rbegin(); k != sampled.rend(); ++k) tasks.erase(tasks.begin() + *k);
  return one ? other : search;
}

// Counts `tasks` of `search`, summed; with `sum_only` they must split the whole search (see
// SquareSearch::Run).
SquareStats CountTasks(const SquareSearch& search, const std::vector<SquareTask>& tasks,
                       const RunOptions& options, bool sum_only) {
  return RunTasks<TaskPiece>(
      tasks, options, true,
      [&](const SquareTask& task, bool, uint64_t task_limit, bool, PieceSender<TaskPiece>& sender,
          const std::atomic<bool>& stop) {
        CountSink sink(task_limit);
        const bool unlimited = task_limit == UINT64_MAX;
        sender.piece().stats = search.Run(task, unlimited ? nullptr : &sink, &stop, sum_only);
        sender.piece().results = sender.piece().stats.squares;
      },
      [](TaskPiece&, uint64_t) { return true; });
}

// Whether a count looks smaller than options.pilot_nodes nodes, told cheaply before a pilot
// cuts it (ChooseOrientation's weighing of its cuts cost a small count a fifth of its time): a
// split into about kTasks tasks, every kStride-th counted in order until their nodes, scaled
// by the stride, reach the bound. The nodes walked are added to `counted`; a large count
// stops at the first tasks past the bound. Deterministic: the same tasks on any thread count.
bool LooksSmall(const SquareSearch& search, const RunOptions& options, SquareStats& counted) {
  constexpr size_t kTasks = 8192, kStride = 64;
  if (options.pilot_nodes == 0) return false;
  const std::vector<SquareTask> tasks = search.Split(kTasks, {}, options.stop);
  uint64_t nodes = 0;
  for (size_t k = kStride / 2; k < tasks.size(); k += kStride) {
    if (nodes * kStride >= options.pilot_nodes) break;
    nodes += search.Run(tasks[k], nullptr, options.stop, true).nodes;
  }
  counted.nodes += nodes;
  return nodes * kStride < options.pilot_nodes;
}

// A whole count read as it is or turned (`turn` makes the same count with every word
// reversed: SquareProblem::reversed), whichever walks fewer nodes: each is cut into kParts
// parts of about equal work (as for shards, weighed more roughly) and counts every kStride-th
// part, kRound parts a round (PilotRounds). Returns the chosen search; what is left of its cut is
// in `tasks`, and its count of the parts it sampled in `counted`, whose nodes are the whole
// pilot's. Null where the first round says the count is small (under options.pilot_nodes nodes, by
// the parts read as they are): it is then counted anew as any run is (the cut's many small tasks
// cost it more than the round), and `counted` holds the round's nodes alone. Deterministic: the
// same parts on any thread count.
const SquareSearch* ChooseOrientation(const SquareSearch& search,
                                      const std::function<const SquareSearch&()>& turn,
                                      const RunOptions& options, std::vector<SquareTask>& tasks,
                                      SquareStats& counted) {
  constexpr int kParts = 1024;
  constexpr size_t kStride = 32, kRound = 8;
  constexpr size_t kSamples = kParts / kStride;
  constexpr uint64_t kWeighBudget = uint64_t{1} << 18;
  RunOptions pilot = options;  // the run's progress is that of the tasks left
  pilot.progress = nullptr;
  struct Side {
    const SquareSearch& search;
    ShardCut cut;
    SquareStats counted;
  };
  auto part_tasks = [](const ShardCut& cut, size_t part) {
    return std::span(cut.tasks).subspan(cut.begin[part], cut.begin[part + 1] - cut.begin[part]);
  };
  // Counts the sampled parts [from, to) of `side`.
  auto count = [&](Side& side, size_t from, size_t to) {
    std::vector<SquareTask> round;
    for (size_t k = from; k < to; ++k) {
      const auto part = part_tasks(side.cut, k * kStride + kStride / 2);
      round.insert(round.end(), part.begin(), part.end());
    }
    side.counted += CountTasks(side.search, round, pilot, true);
  };
  auto stopped = [&] { return options.stop && options.stop->load(std::memory_order_relaxed); };
  Side as_is{search, CutIntoShards(search, kParts, kWeighBudget, options.stop), {}};
  if (!stopped()) count(as_is, 0, kRound);
  if (stopped()) {  // a stopped count is partial anyway
    tasks.clear();
    counted = as_is.counted;
    return &search;
  }
  if (as_is.counted.nodes * (kParts / kRound) < options.pilot_nodes) {
    counted = SquareStats{.nodes = as_is.counted.nodes};
    return nullptr;
  }
  const SquareSearch& turned = turn();
  Side reversed{turned, CutIntoShards(turned, kParts, kWeighBudget, options.stop), {}};
  if (!stopped()) count(reversed, 0, kRound);
  const size_t sampled = kRound * PilotRounds(1, kSamples / kRound, as_is.counted, reversed.counted,
                                              stopped, [&](size_t r) {
                                                count(as_is, r * kRound, (r + 1) * kRound);
                                                count(reversed, r * kRound, (r + 1) * kRound);
                                              });
  const Side& chosen = reversed.counted.nodes < as_is.counted.nodes ? reversed : as_is;
  counted = chosen.counted;
  counted.nodes = as_is.counted.nodes + reversed.counted.nodes;
  tasks.clear();
  if (stopped()) return &chosen.search;
  for (size_t part = 0; part < static_cast<size_t>(kParts); ++part) {
    if (part % kStride == kStride / 2 && part / kStride < sampled) continue;
    const auto rest = part_tasks(chosen.cut, part);
    tasks.insert(tasks.end(), rest.begin(), rest.end());
  }
  return &chosen.search;
}

}  // namespace

absl::StatusOr<SquareStats> CountSquares(const SquareSearch& search, const RunOptions& options,
                                         const SquareSearch** counted_by,
                                         const std::function<const SquareSearch&()>& turned) {
  // Unsharded, only the total counts: a shape with a symmetry may be counted up to it, unless
  // the count is limited (then every result counts, see SquareSearch::Run).
  const bool sum_only = options.shard_count == 1;
  const bool up_to_symmetry = sum_only && options.limit == UINT64_MAX;
  const bool whole = up_to_symmetry && !options.shard_key;
  std::vector<SquareTask> tasks;
  SquareStats told, piloted;
  // A count that looks small is counted as any count is, without the pilot's cuts.
  const SquareSearch* counting = whole && turned && !LooksSmall(search, options, told)
                                     ? ChooseOrientation(search, turned, options, tasks, piloted)
                                     : nullptr;
  if (!counting && whole && search.one_exchange()) {  // a cube's (never turned)
    tasks = search.Split(1024);
    counting = &ChooseSymmetry(search, tasks, options.stop, piloted);
  }
  if (!counting) {
    counting = &search;
    absl::StatusOr<std::vector<SquareTask>> planned = PlanTasks(search, options, true);
    if (!planned.ok()) return planned.status();
    tasks = *std::move(planned);
  }
  if (counted_by) *counted_by = up_to_symmetry ? counting : nullptr;
  SquareStats total = CountTasks(*counting, tasks, options, sum_only);
  total += piloted;
  total += told;
  return total;
}

absl::StatusOr<SquareStats> WriteSquares(const SquareSearch& search,
                                         const SquareFormatter& formatter,
                                         const RunOptions& options,
                                         const std::function<bool(std::string_view)>& out) {
  absl::StatusOr<std::vector<SquareTask>> tasks = PlanTasks(search, options, false);
  if (!tasks.ok()) return tasks.status();
  return RunTasks<TaskPiece>(
      *tasks, options, false,
      [&](const SquareTask& task, bool first, uint64_t task_limit, bool track_ends,
          PieceSender<TaskPiece>& sender, const std::atomic<bool>& stop) {
        TextSink sink(formatter, sender, track_ends, task_limit, first);
        const SquareStats stats = search.Run(task, &sink, &stop);
        sink.Finish();
        sender.piece().stats = stats;
      },
      [&](TaskPiece& piece, uint64_t taken) {
        const size_t bytes = taken == piece.results ? piece.text.size()
                             : taken == 0           ? 0
                                                    : piece.ends[taken - 1];
        return bytes == 0 || out(piece.text.view().substr(0, bytes));
      });
}

uint64_t ShardKey(const SquareSearch& search, int shard_count) {
  return KeyOf(search, shard_count, CutOf(search, shard_count));
}

}  // namespace squares::core
