// `squares [WORD]`: symmetric squares, double squares and rectangles; `squares stats`.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <thread>

#include "absl/strings/str_format.h"
#include "squares/cli.h"
#include "squares/commands.h"
#include "squares/ordered_runner.h"
#include "squares/square_output.h"
#include "squares/square_search.h"

namespace squares {
namespace {

constexpr std::string_view kUsage =
    "Usage: squares [OPTIONS] [WORD]\n"
    "Word squares from a compressed trie.\n"
    "\n"
    "  squares WORD                 symmetric squares whose first row is WORD\n"
    "  squares -n N [--count]       all symmetric N x N squares (or their number)\n"
    "  squares --double -n N        double word squares (rows and columns are words)\n"
    "  squares --rect KxN           K rows of length N, N columns of length K\n"
    "  squares fill|kakuro|regions|index|stats ...   see 'squares COMMAND --help'\n";

constexpr OptionSpec kSquareOptions[] = {
    {"size", 'n', "N", "side of the square"},
    {"double", 'D', nullptr, "double word squares: every row and column a word"},
    {"rect", 'r', "KxN", "word rectangles of K rows and N columns"},
    {"first", 0, "WORD", "the first row (same as the WORD argument)"},
    {"pattern", 'p', "ROWS", "fixed letters, rows separated by '/', '.' or '?' free"},
    {"contains", 0, "WORD", "some row is WORD"},
    {"distinct", 0, nullptr, "no word twice among rows and columns"},
    {"no-transpose", 0, nullptr, "double: list a square or its transpose, not both"},
};

using Clock = std::chrono::steady_clock;

double Seconds(Clock::time_point since) {
  return std::chrono::duration<double>(Clock::now() - since).count();
}

}  // namespace

absl::StatusOr<SquareProblem> MakeSquareProblem(const ParsedArgs& args,
                                                const Dictionary& dictionary) {
  SquareProblem problem;
  const Alphabet& alphabet = dictionary.alphabet();
  if (args.positional().size() > 1) {
    return UsageError(absl::StrFormat("too many arguments: '%s' (one first word at most)",
                                      args.positional()[1]));
  }
  std::string first = args.get("first");
  if (!args.positional().empty()) {
    if (args.has("first")) return UsageError("give the first word once (WORD or --first)");
    first = args.positional()[0];
  }
  if (args.has("double") && args.has("rect")) return UsageError("--double and --rect exclude each other");
  problem.mode = args.has("rect")     ? SquareMode::kRectangle
                 : args.has("double") ? SquareMode::kDouble
                                      : SquareMode::kSymmetric;

  // The pattern, if any, fixes the size too.
  std::vector<std::string_view> pattern_rows;
  std::string pattern = args.get("pattern");
  if (args.has("pattern")) pattern_rows = SplitString(pattern, '/');

  Word first_word;
  if (!first.empty()) {
    auto encoded = alphabet.encode(first);
    if (!encoded.ok() || !dictionary.lexicon().find(*encoded)) {
      return absl::NotFoundError(absl::StrFormat("'%s' is not in the dictionary", first));
    }
    first_word = *encoded;
  }

  int rows = 0, cols = 0;
  const bool sized_by_pattern = !args.has("rect") && !args.has("size") && first_word.empty();
  if (args.has("rect")) {
    const std::string rect = args.get("rect");  // parts point into it
    std::vector<std::string_view> parts = SplitString(rect, 'x');
    if (parts.size() != 2 || !ParseInt(parts[0], rows) ||
        !ParseInt(parts[1], cols)) {
      return UsageError(absl::StrFormat("--rect: '%s' is not of the form KxN", args.get("rect")));
    }
    if (args.has("size")) return UsageError("--rect gives the size; drop -n");
  } else if (args.has("size")) {
    auto n = args.get_int("size", 0, 1, kMaxSquareSide);
    if (!n.ok()) return n.status();
    rows = cols = static_cast<int>(*n);
  } else if (!first_word.empty()) {
    rows = cols = static_cast<int>(first_word.size());
  } else if (!pattern_rows.empty()) {
    rows = cols = static_cast<int>(pattern_rows.size());  // a square: --rect gave no size
  } else {
    return UsageError("nothing to search: give a first WORD, -n N, --rect KxN or --pattern (try --help)");
  }
  if (rows < 1 || cols < 1 || rows > kMaxSquareSide || cols > kMaxSquareSide) {
    return UsageError(absl::StrFormat("size %dx%d is out of range (1..%d)", rows, cols, kMaxSquareSide));
  }
  problem.rows = rows;
  problem.cols = cols;
  problem.allowed.assign(static_cast<size_t>(rows) * cols, ~LetterSet{0});

  if (!first_word.empty()) {
    if (static_cast<int>(first_word.size()) != cols) {
      return UsageError(absl::StrFormat("first word '%s' has %d letters, rows have %d", first,
                                        first_word.size(), cols));
    }
    for (int j = 0; j < cols; ++j) problem.allowed[j] = LetterSet{1} << first_word[j];
  }
  if (!pattern_rows.empty()) {
    if (static_cast<int>(pattern_rows.size()) != rows) {
      return UsageError(absl::StrFormat("--pattern has %d rows, expected %d", pattern_rows.size(), rows));
    }
    for (int i = 0; i < rows; ++i) {
      std::string_view row = pattern_rows[i];
      int j = 0;
      for (size_t pos = 0; pos < row.size(); ++j) {
        if (row[pos] == '.' || row[pos] == '?') {
          ++pos;
          continue;
        }
        size_t len = 1;
        while (pos + len < row.size() && (row[pos + len] & 0xC0) == 0x80) ++len;
        auto letter = alphabet.encode(row.substr(pos, len));
        if (!letter.ok()) {
          return UsageError(absl::StrFormat("--pattern row %d: %s", i + 1, letter.status().message()));
        }
        if (j < cols) problem.allowed[i * cols + j] &= LetterSet{1} << (*letter)[0];
        pos += len;
      }
      if (j != cols) {
        return UsageError(absl::StrFormat(
            "--pattern row %d has %d cells, expected %d%s", i + 1, j, cols,
            sized_by_pattern ? ", as many as the pattern has rows" : ""));
      }
    }
  }
  if (args.has("contains")) {
    auto word = alphabet.encode(args.get("contains"));
    if (!word.ok() || static_cast<int>(word->size()) != cols) {
      return UsageError(absl::StrFormat("--contains: '%s' is not a %d-letter word of the alphabet",
                                        args.get("contains"), cols));
    }
    problem.contains = *word;
  }
  problem.distinct = args.has("distinct");
  problem.no_transpose = args.has("no-transpose");
  if (problem.no_transpose && problem.mode != SquareMode::kDouble) {
    return UsageError("--no-transpose applies to --double only");
  }
  return problem;
}

namespace {

// One task's results: formatted text (with the end offset of each result when a limit has
// to cut between results) and statistics.
struct TaskResult {
  std::string text;
  std::vector<uint32_t> ends;
  SquareStats stats;

  void clear() {
    text.clear();
    ends.clear();
    stats = {};
  }
};

// Formats results into the task's text, or (streaming, one thread) straight into the stdout
// buffer, which it writes out in chunks of about 1 MiB: few, large writes into a pipe.
class TextSink : public SquareSink {
 public:
  TextSink(const SquareFormatter& formatter, TaskResult& result, bool track_ends, uint64_t limit,
           bool stream)
      : formatter_(formatter), image_(formatter.Image()), result_(result),
        out_(stream ? Output::Stdout().buffer() : result.text), track_ends_(track_ends),
        limit_(limit), stream_(stream) {}
  SquareImage* image() override { return image_ ? &*image_ : nullptr; }
  bool Accept(const Letter* grid) override {
    if (image_) out_ += image_->text;
    else formatter_.Append(grid, out_);
    if (track_ends_) result_.ends.push_back(static_cast<uint32_t>(out_.size()));
    if (stream_ && out_.size() >= kChunk) Output::Stdout().flush();
    return ++accepted_ < limit_;
  }

 private:
  static constexpr size_t kChunk = size_t{1} << 20;
  const SquareFormatter& formatter_;
  std::optional<SquareImage> image_;
  TaskResult& result_;
  std::string& out_;
  bool track_ends_;
  uint64_t limit_, accepted_ = 0;
  bool stream_;
};

// A progress line on stderr, at most four times a second, once the run is past a second.
class Progress {
 public:
  explicit Progress(bool enabled) : enabled_(enabled), start_(Clock::now()) {}
  void Update(size_t done, size_t total, uint64_t results) {
    if (!enabled_) return;
    double elapsed = Seconds(start_);
    if (elapsed < 1.0 || elapsed - last_ < 0.25) return;
    last_ = elapsed;
    double eta = done == 0 ? 0 : elapsed * (total - done) / done;
    std::fprintf(stderr, "\r\033[K%zu/%zu parts, %llu results, %.0f/s, ETA %.0fs", done, total,
                 static_cast<unsigned long long>(results), results / elapsed, eta);
    shown_ = true;
  }
  ~Progress() {
    if (shown_) std::fprintf(stderr, "\r\033[K");
  }

 private:
  bool enabled_, shown_ = false;
  Clock::time_point start_;
  double last_ = 0;
};

int Fail(const absl::Status& status) {
  std::cerr << "squares: " << status.message() << "\n";
  return ExitCodeFor(status);
}

}  // namespace

const Command& SquaresCommand() {
  static const Command command{"", "word squares, double word squares and word rectangles",
                               kUsage, {kSquareOptions, CommonOptions(), DictionaryOptions()},
                               false, RunSquaresCommand};
  return command;
}

int RunSquaresCommand(std::span<char* const> argv) {
  const auto& tables = SquaresCommand().tables;
  auto args = ParseArgs(tables, argv);
  if (!args.ok()) return Fail(args.status());
  if (ShowHelp(*args, kUsage, tables)) return kExitOk;
  if (args->has("version")) {
    Output::Stdout().write("squares " SQUARES_VERSION "\n");
    Output::Stdout().flush();
    return kExitOk;
  }
  auto format = ParseSquareFormat(args->get("format", "text"));
  if (!format.ok()) return Fail(format.status());
  auto limit_option = args->get_int("limit", 0, 0, INT64_MAX);
  if (!limit_option.ok()) return Fail(limit_option.status());
  const uint64_t limit = args->has("limit") ? static_cast<uint64_t>(*limit_option) : UINT64_MAX;
  int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  auto threads = args->get_int("threads", cores, 1, 1024);
  if (!threads.ok()) return Fail(threads.status());
  auto shard = args->get_shard();
  if (!shard.ok()) return Fail(shard.status());

  const Clock::time_point start = Clock::now();
  auto dictionary = LoadDictionary(*args);
  if (!dictionary.ok()) return Fail(dictionary.status());
  auto problem = MakeSquareProblem(*args, *dictionary);
  if (!problem.ok()) return Fail(problem.status());
  auto search = SquareSearch::Create(*dictionary, *problem);
  if (!search.ok()) return Fail(search.status());
  if (!args->has("quiet")) {
    if (search->row_dawg().word_count() == 0 || search->col_dawg().word_count() == 0) {
      std::cerr << absl::StrFormat("squares: note: the dictionary has no words of length %d\n",
                                   search->row_dawg().word_count() == 0 ? problem->cols : problem->rows);
    } else if (problem->mode == SquareMode::kSymmetric && search->row_dawg().word_count() == 1) {
      std::cerr << absl::StrFormat("squares: note: the dictionary has only one word of length %d\n",
                                   problem->cols);
    }
  }

  const bool count_only = args->has("count");
  // Progress by default only when it cannot garble results: stderr a terminal, stdout not.
  const bool progress = args->has("progress") ||
                        (isatty(STDERR_FILENO) && (count_only || !isatty(STDOUT_FILENO)));
  const int shard_index = shard->first, shard_count = shard->second;
  // Split the search into parts: for shards, by a rule that depends only on the shard count
  // (so every machine computes the same parts); then finer, for threads.
  std::vector<SquareTask> tasks = {SquareTask{}};
  if (shard_count > 1) {
    // Parts of about equal work: many small tasks, weighed by a shallow probe, cut into
    // contiguous runs of equal total weight (contiguous, so the parts concatenate in order).
    const size_t want = std::min<size_t>(static_cast<size_t>(shard_count) * 32, size_t{1} << 18);
    tasks = search->Split(want);
    std::vector<uint64_t> weight = search->Weigh(tasks, 5);
    uint64_t total = 0;
    for (uint64_t w : weight) total += w;
    auto boundary = [&](int part) {  // first task of part `part` (0-based), by weight
      const unsigned __int128 target = static_cast<unsigned __int128>(total) * part / shard_count;
      uint64_t sum = 0;
      size_t k = 0;
      while (k < tasks.size() && sum + weight[k] / 2 < target) sum += weight[k++];
      return k;
    };
    const size_t begin = boundary(shard_index - 1), end = boundary(shard_index);
    tasks = std::vector<SquareTask>(tasks.begin() + begin, tasks.begin() + end);
  }
  if (*threads > 1 || progress) {
    std::vector<SquareTask> finer;
    const size_t want = static_cast<size_t>(*threads) * 64 / std::max<size_t>(1, tasks.size()) + 1;
    for (const SquareTask& task : tasks) {
      std::vector<SquareTask> parts = search->Split(want, task);
      finer.insert(finer.end(), parts.begin(), parts.end());
    }
    tasks = std::move(finer);
  }

  if (limit == 0) tasks.clear();
  SquareFormatter formatter(dictionary->alphabet(), *problem, *format, args->has("upper"));
  const bool stream = *threads == 1;  // one thread writes results straight to stdout
  uint64_t remaining = limit;
  SquareStats total;
  Progress bar(progress);
  RunInOrder<TaskResult>(
      tasks.size(), static_cast<int>(*threads), static_cast<size_t>(*threads) * 4,
      [&](size_t k, TaskResult& result, const std::atomic<bool>& stop) {
        // Workers never read `remaining` (the committer owns it), except the lone streaming
        // one, which runs on the committer's thread.
        const uint64_t task_limit = stream ? remaining : limit;
        if (count_only) {
          CountSink sink(task_limit);
          bool unlimited = task_limit == UINT64_MAX;
          // Unsharded, only the total counts: double squares may be counted up to transposition.
          result.stats = search->Run(tasks[k], unlimited ? nullptr : &sink, &stop, shard_count == 1);
          return;
        }
        TextSink sink(formatter, result, !stream && task_limit != UINT64_MAX, task_limit, stream);
        result.stats = search->Run(tasks[k], &sink, &stop);
      },
      [&](size_t k, TaskResult& result) {
        uint64_t taken = std::min<uint64_t>(result.stats.squares, remaining);
        if (!stream && !count_only) {
          size_t bytes = taken == result.stats.squares ? result.text.size()
                         : taken == 0                  ? 0
                                                       : result.ends[taken - 1];
          Output::Stdout().write(std::string_view(result.text).substr(0, bytes));
        }
        remaining -= taken;
        total.nodes += result.stats.nodes;
        total.squares += taken;
        bar.Update(k + 1, tasks.size(), total.squares);
        return remaining > 0;
      });
  if (count_only) Output::Stdout().write(absl::StrFormat("%d\n", total.squares));
  Output::Stdout().flush();
  if (args->has("stats")) {
    double seconds = Seconds(start);
    std::cerr << absl::StrFormat("squares: %d nodes, %d results, %.3f s, %.1f M nodes/s\n",
                                 total.nodes, total.squares, seconds,
                                 total.nodes / std::max(seconds, 1e-9) / 1e6);
  }
  return kExitOk;
}

}  // namespace squares
