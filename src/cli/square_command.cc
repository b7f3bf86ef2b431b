// `squares [WORD]`: symmetric squares, double squares, rectangles and the built-in shapes
// (diagonal squares, cubes); `squares shape FILE`: any shape of words.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <thread>

#include "absl/strings/str_format.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "search/ordered_runner.h"
#include "search/square_output.h"
#include "search/square_search.h"

namespace squares::core {
namespace {

constexpr std::string_view kUsage =
    "Usage: squares [OPTIONS] [WORD]\n"
    "Word squares from a compressed trie.\n"
    "\n"
    "  squares WORD                 symmetric squares whose first row is WORD\n"
    "  squares -n N [--count]       all symmetric N x N squares (or their number)\n"
    "  squares --double -n N        double word squares (rows and columns are words)\n"
    "  squares --rect KxN           K rows of length N, N columns of length K\n"
    "  squares -n N --diagonals     squares whose two main diagonals are words too\n"
    "  squares --cube N             word cubes: every line along each axis a word\n"
    "  squares shape FILE           any shape of words (see 'squares shape --help')\n"
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
    {"diagonals", 0, nullptr, "the two main diagonals are words too (symmetric or --double)"},
    {"cube", 0, "N", "word cubes of side N: every line along each of the three axes a word"},
    {"order", 0, "ORDER", "shapes: cell order, greedy or given (default: given for built-ins)"},
};

constexpr std::string_view kShapeUsage =
    "Usage: squares shape [OPTIONS] FILE\n"
    "Fills any shape of words: each word a list of cells, a cell shared by every word naming\n"
    "it. FILE ('-' = stdin) is a fieldfinder topology or a Qxw deck, detected:\n"
    "\n"
    "  topology   one word per line, cell numbers separated by commas, optionally ':LIST'\n"
    "             (that word's list, found as given or next to FILE; else --dict):\n"
    "               1,2,3\n"
    "               1,4,7:nouns.txt\n"
    "             cells numbered from 0 or 1, every number up to the largest in some word;\n"
    "             '#' starts a comment line.\n"
    "  Qxw deck   (.qxd) one light per line, cell names separated by spaces, optionally\n"
    "             '=PATTERN' last: a letter fixes a cell, '?' '.' '-' any letter, '@' a\n"
    "             vowel, '#' a consonant, [ABC] or [^ABC] a set. Directives: .RANDOM is\n"
    "             accepted (every fill is listed anyway); any other is refused by name.\n"
    "\n"
    "Words are read in their cells' order; a cell may repeat in a word (a palindrome).\n"
    "Output: text shows the shape as a grid when some consecutive words of one length\n"
    "cover every cell once, else one word per line; lines puts the same on one line;\n"
    "jsonl gives {\"words\":[...]} in the order of the file.\n";

constexpr OptionSpec kShapeOptions[] = {
    {"first", 0, "WORD", "the shape's first word"},
    {"contains", 0, "WORD", "some word is WORD"},
    {"distinct", 0, nullptr, "no word twice"},
    {"order", 0, "ORDER", "cell order: greedy (default) or given (by cell number)"},
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

// The shape of --cube N, or of -n N [--double] --diagonals.
absl::StatusOr<Shape> MakeBuiltInShape(const ParsedArgs& args) {
  for (const char* option : {"pattern", "no-transpose", "rect"}) {
    if (args.has(option)) {
      return UsageError(absl::StrFormat("--%s does not apply to --diagonals or --cube", option));
    }
  }
  if (args.has("cube")) {
    if (args.has("diagonals") || args.has("double") || args.has("size")) {
      return UsageError("--cube N gives the shape; drop --diagonals, --double and -n");
    }
    auto n = args.get_int("cube", 0, 2, 10);  // 10^3 cells: kMaxShapeCells
    if (!n.ok()) return n.status();
    return MakeCubeShape(static_cast<int>(*n));
  }
  int n = 0;
  if (args.has("size")) {
    auto size = args.get_int("size", 0, 2, kMaxSquareSide);
    if (!size.ok()) return size.status();
    n = static_cast<int>(*size);
  } else if (!args.positional().empty()) {
    // Letters of the first word (UTF-8 lead bytes); the word itself is checked later.
    for (char ch : args.positional()[0]) n += (ch & 0xC0) != 0x80;
  } else if (args.has("first")) {
    for (char ch : args.get("first")) n += (ch & 0xC0) != 0x80;
  } else {
    return UsageError("--diagonals needs -n N or a first WORD");
  }
  Shape shape = MakeSquareShape(args.has("double") ? SquareShapeKind::kDouble : SquareShapeKind::kSymmetric,
                                n, n, true);
  if (absl::Status status = FinishShape(shape); !status.ok()) return status;
  return shape;
}

// A piece's text: bytes grown without std::string's zero fill, as the search writes its
// results straight into the room grown for them (the fill took 3% of listing 5x5 letterpress).
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
// thread it goes straight to stdout, in few large writes (into a pipe). With an image, the
// search copies results into room the sink makes in the piece; Finish() settles the last.
class TextSink : public SquareSink {
 public:
  static constexpr size_t kPiece = size_t{1} << 18;
  TextSink(const SquareFormatter& formatter, PieceSender<TaskPiece>& sender, bool track_ends, uint64_t limit)
      : formatter_(formatter), image_(formatter.Image()), sender_(sender), piece_(&sender.piece()),
        track_ends_(track_ends), limit_(limit) {}
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
    room_.results = std::min<uint64_t>((kPiece - std::min(used, kPiece)) / size + 1, limit_ - accepted_);
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
      for (uint64_t k = copied; k > 0; --k) piece_->ends.push_back(static_cast<uint32_t>(end - (k - 1) * size));
    }
    piece_->results += copied;
    accepted_ += copied;
  }

 private:
  // Hands the piece over once it is full.
  bool Send() {
    if (piece_->text.size() < kPiece) return true;
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

// Runs a search as the options say (--count, --limit, --threads, --shard, --progress,
// --stats) and prints its results with `formatter`.
int RunSearch(const ParsedArgs& args, const SquareSearch& search, const SquareFormatter& formatter,
              Clock::time_point start) {
  auto limit_option = args.get_int("limit", 0, 0, INT64_MAX);
  if (!limit_option.ok()) return Fail(limit_option.status());
  const uint64_t limit = args.has("limit") ? static_cast<uint64_t>(*limit_option) : UINT64_MAX;
  auto threads = args.get_threads();
  if (!threads.ok()) return Fail(threads.status());
  auto shard = args.get_shard();
  if (!shard.ok()) return Fail(shard.status());

  const bool count_only = args.has("count");
  // Progress by default only when it cannot garble results: stderr a terminal, stdout not.
  const bool progress = args.has("progress") ||
                        (isatty(STDERR_FILENO) && (count_only || !isatty(STDOUT_FILENO)));
  const int shard_index = shard->first, shard_count = shard->second;
  // Split the search into parts: for shards, by a rule that depends only on the shard count
  // (so every machine computes the same parts); then finer, for threads.
  std::vector<SquareTask> tasks = {SquareTask{}};
  if (shard_count > 1) {
    // Parts of about equal work: many small tasks, weighed by a shallow probe, cut into
    // contiguous runs of equal total weight (contiguous, so the parts concatenate in order).
    const size_t want = std::min<size_t>(static_cast<size_t>(shard_count) * 32, size_t{1} << 18);
    tasks = search.Split(want);
    std::vector<uint64_t> weight = search.Weigh(tasks, 5);
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
  // Listing splits on one thread too: the search drops its replay memo for the tasks after
  // the first where it does not pay (see RunWalkers).
  if (*threads > 1 || progress || !count_only) {
    std::vector<SquareTask> finer;
    // Listing wants smaller tasks: a task's output waits in memory until the tasks before it
    // are written, and the memory for it is capped (see RunInOrder). 5x5 letterpress, -j 2,
    // to /dev/null: 2.52 s wall with 128 tasks, 1.84 s with 1024; counting 5x5 letterpress
    // took 0.12 s with 128 tasks, 0.17 s with 1024.
    const size_t per_thread = count_only ? 64 : 512;
    const size_t want = static_cast<size_t>(*threads) * per_thread / std::max<size_t>(1, tasks.size()) + 1;
    for (const SquareTask& task : tasks) {
      std::vector<SquareTask> parts = search.Split(want, task);
      finer.insert(finer.end(), parts.begin(), parts.end());
    }
    tasks = std::move(finer);
  }

  if (limit == 0) tasks.clear();
  const bool one_thread = *threads == 1 || tasks.size() <= 1;  // see RunInOrder
  uint64_t remaining = limit;
  SquareStats total;
  Progress bar(progress);
  RunInOrder<TaskPiece>(
      tasks.size(), static_cast<int>(*threads), static_cast<size_t>(*threads) * 4,
      static_cast<size_t>(*threads) * 8,
      [&](size_t k, PieceSender<TaskPiece>& sender, const std::atomic<bool>& stop) {
        // Workers never read `remaining` (the committer owns it), except a lone one, which
        // runs on the committer's thread.
        const uint64_t task_limit = one_thread ? remaining : limit;
        if (count_only) {
          CountSink sink(task_limit);
          bool unlimited = task_limit == UINT64_MAX;
          // Unsharded, only the total counts: a shape with a symmetry may be counted up to it.
          sender.piece().stats = search.Run(tasks[k], unlimited ? nullptr : &sink, &stop, shard_count == 1);
          sender.piece().results = sender.piece().stats.squares;
          return;
        }
        TextSink sink(formatter, sender, !one_thread && task_limit != UINT64_MAX, task_limit);
        const SquareStats stats = search.Run(tasks[k], &sink, &stop);
        sink.Finish();
        sender.piece().stats = stats;
      },
      [&](size_t k, TaskPiece& piece, bool last) {
        uint64_t taken = std::min<uint64_t>(piece.results, remaining);
        if (!count_only) {
          size_t bytes = taken == piece.results ? piece.text.size() : taken == 0 ? 0 : piece.ends[taken - 1];
          Output::Stdout().write(piece.text.view().substr(0, bytes));
        }
        remaining -= taken;
        total.squares += taken;
        if (last) {
          total.nodes += piece.stats.nodes;
          bar.Update(k + 1, tasks.size(), total.squares);
        }
        return remaining > 0;
      });
  if (count_only) Output::Stdout().write(absl::StrFormat("%d\n", total.squares));
  Output::Stdout().flush();
  if (args.has("stats")) {
    double seconds = Seconds(start);
    std::cerr << absl::StrFormat("squares: %d nodes, %d results, %.3f s, %.1f M nodes/s\n",
                                 total.nodes, total.squares, seconds,
                                 total.nodes / std::max(seconds, 1e-9) / 1e6);
    if (count_only && limit == UINT64_MAX && shard_count == 1 && !search.symmetry().empty()) {
      int moved = 0;
      for (size_t c = 0; c < search.symmetry().size(); ++c) moved += search.symmetry()[c] != static_cast<int>(c);
      std::cerr << absl::StrFormat("squares: counted up to a symmetry of the shape that exchanges %d cells\n", moved);
    }
  }
  return kExitOk;
}

// The dictionaries of a shape's search: --dict when some word names no list, and one per
// word list a word names, all on one alphabet (the union of theirs) so that one search walks
// them together. An unused --dict is not read: its letters would widen the alphabet (the
// default list's 40 letters need 64-bit masks, a slower search than 32-bit ones).
struct ShapeDictionaries {
  std::vector<std::unique_ptr<Dictionary>> all;  // [0]: --dict, when used
  std::map<std::string, size_t> by_list;
  const Dictionary& of(const ShapeWord& word) const { return *all[word.list.empty() ? 0 : by_list.at(word.list)]; }
};

// A lexicon's words re-encoded in a larger alphabet (codes keep their order, so the words
// stay sorted).
absl::StatusOr<Lexicon> Reencode(const Lexicon& lexicon, const Alphabet& alphabet) {
  std::vector<Letter> code(lexicon.alphabet().size());
  for (int c = 0; c < lexicon.alphabet().size(); ++c) {
    code[c] = static_cast<Letter>(alphabet.find(lexicon.alphabet().code_point(static_cast<Letter>(c))));
  }
  std::vector<WordsOfLength> by_length(kMaxWordLength + 1);
  for (int length = 1; length <= kMaxWordLength; ++length) {
    const WordsOfLength& words = lexicon.words(length);
    std::vector<Letter> letters(words.letters.begin(), words.letters.end());
    for (Letter& c : letters) c = code[c];
    by_length[length].letters = FlatArray<Letter>(std::move(letters));
    by_length[length].scores = FlatArray<int64_t>(std::vector<int64_t>(words.scores.begin(), words.scores.end()));
    by_length[length].length = length;
  }
  return Lexicon::FromParts(alphabet, std::move(by_length), true);
}

absl::StatusOr<ShapeDictionaries> LoadShapeDictionaries(const ParsedArgs& args, const Shape& shape,
                                                        const std::string& shape_path) {
  ShapeDictionaries dictionaries;
  if (std::any_of(shape.words.begin(), shape.words.end(), [](const ShapeWord& w) { return w.list.empty(); })) {
    auto main = LoadDictionary(args);
    if (!main.ok()) return main.status();
    dictionaries.all.push_back(std::make_unique<Dictionary>(std::move(*main)));
  } else if (args.has("dict") && !args.has("quiet")) {
    std::cerr << absl::StrFormat("squares: note: %s: every word names its list; --dict is not read\n", shape.name);
  }
  auto options = LexiconOptionsFrom(args);
  if (!options.ok()) return options.status();
  for (const ShapeWord& word : shape.words) {
    if (word.list.empty() || dictionaries.by_list.count(word.list)) continue;
    // A list is found as given, or next to the shape file.
    std::string path = word.list;
    const std::string dir = shape_path.substr(0, shape_path.rfind('/') + 1);
    if (!std::filesystem::exists(path) && path[0] != '/' && !dir.empty() &&
        std::filesystem::exists(dir + path)) {
      path = dir + path;
    }
    auto lexicon = ReadLexicon({&path, 1}, *options);
    if (absl::IsNotFound(lexicon.status()) || absl::IsFailedPrecondition(lexicon.status())) {
      return absl::NotFoundError(absl::StrFormat("%s:%d: word list '%s': %s", shape.name, word.line,
                                                 word.list, lexicon.status().message()));
    }
    if (!lexicon.ok()) return lexicon.status();
    dictionaries.by_list[word.list] = dictionaries.all.size();
    dictionaries.all.push_back(std::make_unique<Dictionary>(std::move(*lexicon)));
  }
  if (dictionaries.all.size() == 1) return dictionaries;
  std::vector<char32_t> letters;
  for (const auto& dictionary : dictionaries.all) {
    for (int c = 0; c < dictionary->alphabet().size(); ++c) {
      letters.push_back(dictionary->alphabet().code_point(static_cast<Letter>(c)));
    }
  }
  std::sort(letters.begin(), letters.end());
  letters.erase(std::unique(letters.begin(), letters.end()), letters.end());
  if (letters.size() > kMaxLetters) {
    return absl::DataLossError(absl::StrFormat(
        "the word lists together use %d letters; at most %d", letters.size(), kMaxLetters));
  }
  Alphabet alphabet(letters);
  for (auto& dictionary : dictionaries.all) {
    auto lexicon = Reencode(dictionary->lexicon(), alphabet);
    if (!lexicon.ok()) return lexicon.status();
    dictionary = std::make_unique<Dictionary>(std::move(*lexicon));
  }
  return dictionaries;
}

// A shape's problem from the options: automata per word, fixed letters (deck patterns,
// --first), --contains, --distinct, --order.
absl::StatusOr<ShapeProblem> MakeShapeProblem(const ParsedArgs& args, Shape shape,
                                              const ShapeDictionaries& dictionaries,
                                              const std::string& first) {
  ShapeProblem problem;
  const Alphabet& alphabet = dictionaries.all[0]->alphabet();  // the lists' common one
  problem.allowed.assign(shape.cell_count, ~LetterSet{0});
  if (!first.empty()) {
    auto word = alphabet.encode(first);
    if (!word.ok() || word->size() != shape.words[0].cells.size()) {
      return UsageError(absl::StrFormat("first word: '%s' is not a %d-letter word of the alphabet",
                                        first, shape.words[0].cells.size()));
    }
    for (size_t k = 0; k < word->size(); ++k) problem.allowed[shape.words[0].cells[k]] &= LetterSet{1} << (*word)[k];
  }
  for (const ShapeWord& word : shape.words) {
    problem.dawgs.push_back(&dictionaries.of(word).dawg(static_cast<int>(word.cells.size())));
    for (size_t k = 0; k < word.pattern.size(); ++k) {
      const CellPattern& cell = word.pattern[k];
      if (cell.any()) continue;
      LetterSet set = 0;
      for (const std::string& letter : cell.letters) {
        auto code = alphabet.encode(letter);
        if (code.ok() && code->size() == 1) set |= LetterSet{1} << (*code)[0];
      }
      problem.allowed[word.cells[k]] &= cell.negate ? ~set : set;
    }
  }
  if (args.has("contains")) {
    auto word = alphabet.encode(args.get("contains"));
    if (!word.ok()) {
      return UsageError(absl::StrFormat("--contains: '%s' is not a word of the alphabet", args.get("contains")));
    }
    problem.contains = *word;
  }
  problem.distinct = args.has("distinct");
  const std::string order = args.get("order", shape.order.empty() ? "greedy" : "given");
  if (order != "greedy" && order != "given") {
    return UsageError(absl::StrFormat("--order: '%s' is not greedy or given", order));
  }
  problem.greedy = order == "greedy";
  problem.shape = std::move(shape);
  return problem;
}

// `squares shape FILE`, and the built-in shapes of the square command.
int RunShape(const ParsedArgs& args, Shape shape, const std::string& path, const std::string& first,
             Clock::time_point start) {
  auto format = ParseSquareFormat(args.get("format", "text"));
  if (!format.ok()) return Fail(format.status());
  auto dictionaries = LoadShapeDictionaries(args, shape, path);
  if (!dictionaries.ok()) return Fail(dictionaries.status());
  auto problem = MakeShapeProblem(args, std::move(shape), *dictionaries, first);
  if (!problem.ok()) return Fail(problem.status());
  auto search = SquareSearch::Create(std::move(*problem));
  if (!search.ok()) return Fail(search.status());
  if (args.has("verbose")) {
    std::string order;
    for (int cell : search->cell_order()) {
      const Shape& s = search->shape();
      absl::StrAppend(&order, order.empty() ? "" : " ",
                      s.cell_names.empty() ? absl::StrFormat("%d", cell) : s.cell_names[cell]);
    }
    std::cerr << "squares: cell order: " << order << "\n";
  }
  SquareFormatter formatter(dictionaries->all[0]->alphabet(), search->shape(), *format, args.has("upper"));
  return RunSearch(args, *search, formatter, start);
}

bool ShowVersion(const ParsedArgs& args) {
  if (!args.has("version")) return false;
  Output::Stdout().write("squares " SQUARES_VERSION "\n");
  Output::Stdout().flush();
  return true;
}

}  // namespace

const Command& SquaresCommand() {
  static const Command command{"",
                               "word squares, double squares, rectangles, diagonal squares and cubes",
                               kUsage, {kSquareOptions, CommonOptions(), DictionaryOptions()},
                               false, RunSquaresCommand};
  return command;
}

const Command& ShapeCommand() {
  static const Command command{"shape", "any shape of words, from a topology file or a Qxw deck",
                               kShapeUsage, {kShapeOptions, CommonOptions(), DictionaryOptions()},
                               true, RunShapeCommand};
  return command;
}

int RunSquaresCommand(std::span<char* const> argv) {
  const auto& tables = SquaresCommand().tables;
  auto args = ParseArgs(tables, argv);
  if (!args.ok()) return Fail(args.status());
  if (ShowHelp(*args, kUsage, tables)) return kExitOk;
  if (ShowVersion(*args)) return kExitOk;
  const Clock::time_point start = Clock::now();
  if (args->has("cube") || args->has("diagonals")) {
    auto shape = MakeBuiltInShape(*args);
    if (!shape.ok()) return Fail(shape.status());
    if (args->positional().size() > 1 || (args->has("first") && !args->positional().empty())) {
      return Fail(UsageError("give the first word once (WORD or --first)"));
    }
    const std::string first = args->positional().empty() ? args->get("first") : args->positional()[0];
    return RunShape(*args, std::move(*shape), "", first, start);
  }
  if (args->has("order")) return Fail(UsageError("--order applies to --diagonals and --cube"));
  auto format = ParseSquareFormat(args->get("format", "text"));
  if (!format.ok()) return Fail(format.status());
  auto dictionary = LoadDictionary(*args);
  if (!dictionary.ok()) return Fail(dictionary.status());
  auto problem = MakeSquareProblem(*args, *dictionary);
  if (!problem.ok()) return Fail(problem.status());
  problem->count_only = args->has("count") && !args->has("limit");
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
  SquareFormatter formatter(dictionary->alphabet(), *problem, *format, args->has("upper"));
  return RunSearch(*args, *search, formatter, start);
}

int RunShapeCommand(std::span<char* const> argv) {
  const auto& tables = ShapeCommand().tables;
  auto args = ParseArgs(tables, argv);
  if (!args.ok()) return Fail(args.status());
  if (ShowHelp(*args, kShapeUsage, tables)) return kExitOk;
  if (ShowVersion(*args)) return kExitOk;
  const Clock::time_point start = Clock::now();
  if (args->positional().size() != 1) {
    return Fail(UsageError("give one shape FILE ('-' for stdin; try --help)"));
  }
  const std::string path = args->positional()[0];
  auto text = ReadFile(path, kMaxShapeFileBytes, "a shape file");
  if (!text.ok()) return Fail(text.status());
  auto shape = ParseShape(*text, path == "-" ? "<stdin>" : path);
  if (!shape.ok()) return Fail(shape.status());
  return RunShape(*args, std::move(*shape), path, args->get("first"), start);
}

}  // namespace squares::core
