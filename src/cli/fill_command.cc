// `squares fill GRID`: fill a crossword grid with dictionary words (DESIGN §6).
#include <bit>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <filesystem>
#include <fstream>
#include <tuple>

#include <unistd.h>

#include "absl/strings/str_format.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "fill/clues.h"
#include "fill/fill_output.h"
#include "fill/grid.h"
#include "fill/grid_fill.h"

namespace squares::core {
namespace {

// Exit statuses of the result states (0, 1 and 2 keep their common meaning).
constexpr int kExitImpossible = 3, kExitOverConstrained = 4, kExitNoDeterministic = 5,
              kExitTimedOut = 6;

constexpr std::string_view kUsage =
    "Usage: squares fill [OPTIONS] GRID\n"
    "Fill a crossword grid with dictionary words.\n"
    "\n"
    "With a scored list (the built-in one: SCOWL sizes, lower = commoner) the fill printed is\n"
    "the best: its worst word is the best any fill can have (proven, unless --timeout or\n"
    "--quality-time, 10 s by default, cuts the proof short: a note says so), and its mean\n"
    "score the best that the time left (or\n"
    "--polish nodes) of search finds. --any prints the first fill found instead.\n"
    "\n"
    "GRID formats (detected): crucio (.crg: rows, columns, then rows of '-' empty, '#' black,\n"
    "letters fixed), cwc pattern ('W H', then rows of '+' empty, ' ' black), or plain rows of\n"
    "'.' empty, '#' black, letters fixed.\n"
    "\n"
    "CLUES file (--clues): one clue a line, 'WORD<TAB>clue' (the entry that holds WORD) or\n"
    "'NUMBER DIRECTION<TAB>clue' ('12 Across', '3 D'); '#' starts a comment. An entry without\n"
    "a clue shows the placeholder [clue] in the documents.\n"
    "Documents (ipuz, latex, svg, puz, pdf) hold one fill each: with --all they need\n"
    "--output-dir DIR (files DIR/0001.ipuz, ...); text, lines and jsonl stream every fill.\n"
    "\n"
    "Exit status: 0 filled, 1 data error, 2 usage error, 3 impossible (search exhausted),\n"
    "4 over-constrained (a slot has no candidate), 5 no deterministic fill, 6 timed out.\n"
    "A part of --shard with no fill is not impossible: it exits 0 (the fills may lie in\n"
    "other parts).\n";

constexpr OptionSpec kFillOptions[] = {
    {"format", 'f', "FMT", "output: text, lines, jsonl, ipuz, latex, svg, puz or pdf (default "
                           "text; pdf runs pdflatex)", "text lines jsonl ipuz latex svg puz pdf"},
    {"clues", 0, "FILE", "clues for the entries (see CLUES above)"},
    {"title", 0, "TEXT", "the documents' title (default: the grid's file name)"},
    {"author", 0, "TEXT", "the documents' author"},
    {"copyright", 0, "TEXT", "the documents' copyright line"},
    {"ipuz-clues", 0, "FORM", "ipuz clues as 'array' [number, \"clue\"] (default) or 'object'",
     "array object"},
    {"output-dir", 'O', "DIR", "write each fill as its own document, DIR/0001.EXT, ... (their "
                               "paths on stdout)"},
    {"any", 0, nullptr, "the first fill found, with no search for the best"},
    {"better", 0, "WHICH", "which scores are better: 'lower' (default for the built-in list) or "
                           "'higher' (default for --dict lists)", "lower higher"},
    {"polish", 0, "NODES", "nodes of search for a better mean score (default: until --timeout, "
                           "or 10000 without; 0: none)"},
    {"all", 'a', nullptr, "list every fill (in lexicographic order of the rows)"},
    {"count", 'c', nullptr, "print only the number of fills"},
    {"limit", 'l', "N", "with --all or --count: stop after N fills"},
    {"shard", 0, "I/N", "with --all or --count: only part I of N (parts concatenate in order)"},
    {"allow-repeats", 0, nullptr, "a word may fill several slots (by default no word twice)"},
    {"distinct", 'U', nullptr, "no word twice in the grid (the default; kept for crucio's -U)"},
    {"deterministic", 'D', nullptr, "a fill-in puzzle that can be solved without guessing"},
    {"fill-in", 0, nullptr, "list the words grouped by length instead of numbered entries"},
    {"solution", 's', nullptr, "svg: print the letters in the grid"},
    {"seed", 'r', "N", "random seed for tie-breaks and restarts (default 1)"},
    {"threads", 'j', "N", "threads for a fill (default: all cores; 2 or more run two "
                          "searches of different seeds at once)"},
    {"timeout", 't', "SECONDS", "give up after this many seconds (default: none)"},
    {"quality-time", 0, "SECONDS", "seconds for the best fill after the first fill (default "
                                   "10); a fill not proven best says so"},
    {"branch", 0, "HOW", "branch on one 'letter' (default) or on a whole 'word'",
     "letter word"},
    {"prefer-scores", 0, nullptr, "try the best-scored words first (default list: the commonest)"},
    {"stats", 0, nullptr, "print search statistics (and the fill's quality) on stderr"},
    {"progress", 0, nullptr, "show progress on stderr (default when stderr is a terminal)"},
    {"help", 'h', nullptr, "show this help and exit"},
};

// "??X??" for a slot: fixed letters where the grid has them.
std::string Pattern(const Grid& grid, const GridSlot& slot) {
  std::string pattern;
  for (int c : slot.cells) pattern += grid.fixed[c].empty() ? "?" : grid.fixed[c];
  return pattern;
}

std::string DescribeSlot(const Grid& grid, const GridSlot& slot) {
  return absl::StrFormat("%s (row %d, column %d, %d letters, pattern %s)", SlotName(slot),
                         slot.row + 1, slot.col + 1, slot.length, Pattern(grid, slot));
}

int Fail(const absl::Status& status) {
  std::fprintf(stderr, "squares: %s\n", std::string(status.message()).c_str());
  return ExitCodeFor(status);
}

// The quality of a fill: the words of the scored slots (those of `problem`, by grid slot).
FillQuality Quality(const Grid& grid, const FillProblem& problem, const std::vector<int>& grid_slot,
                    ScoreOrder scores, std::span<const Letter> fill,
                    const std::vector<std::string>& letters) {
  FillQuality q;
  int64_t sum = 0, words = 0;
  for (size_t s = 0; s < problem.slots.size(); ++s) {
    const FillSlot& slot = problem.slots[s];
    if (slot.scores.empty()) continue;
    Word w;
    for (int c : slot.cells) w.push_back(fill[c]);
    const int64_t score = slot.scores[*slot.dawg->rank(w)];
    const bool worse = scores == ScoreOrder::kLowerFirst ? score > q.worst_score
                                                         : score < q.worst_score;
    if (words == 0 || worse) {
      q.worst_score = score;
      q.worst_word.clear();
      for (int c : grid.slots[grid_slot[s]].cells) q.worst_word += letters[c];
    }
    sum += score;
    ++words;
  }
  q.mean_score = words > 0 ? static_cast<double>(sum) / words : 0;
  return q;
}

int Report(int code, const std::string& message) {
  Output::Stdout().flush();
  std::fprintf(stderr, "squares: %s\n", message.c_str());
  return code;
}

// The documents' options (--title, --author, --copyright, --ipuz-clues, --clues read into
// `clues` and checked against the grid).
absl::StatusOr<FillOutputOptions> OutputOptionsFrom(const ParsedArgs& a, const Grid& grid,
                                                    const std::string& path,
                                                    std::vector<Clue>& clues) {
  FillOutputOptions output;
  auto format = ParseFillFormat(a.get("format", "text"));
  if (!format.ok()) return format.status();
  output.format = *format;
  const std::string form = a.get("ipuz-clues", "array");
  if (form != "array" && form != "object") {
    return UsageError(absl::StrFormat("--ipuz-clues: '%s' is not 'array' or 'object'", form));
  }
  output.ipuz_clue_arrays = form == "array";
  if (a.has("output-dir") && !IsDocumentFormat(output.format)) {
    return UsageError("--output-dir writes documents: give --format ipuz, latex, svg, puz or pdf");
  }
  if (a.has("all") && !a.has("count") && IsDocumentFormat(output.format) &&
      !a.has("output-dir")) {
    return UsageError(absl::StrFormat(
        "--all with --format %s: one document per fill: give --output-dir DIR (files "
        "DIR/0001.%s, ...), or stream every fill with --format jsonl",
        a.get("format"), FileExtension(output.format)));
  }
  if (output.format == FillFormat::kPdf) {
    if (absl::Status status = CheckPdflatex(); !status.ok()) return status;
  }
  output.title = a.get("title", path.substr(path.find_last_of('/') + 1));
  output.author = a.get("author");
  output.copyright = a.get("copyright");
  if (a.has("clues")) {
    const std::string clues_path = a.get("clues");
    auto text = ReadFile(clues_path, 8 << 20, "a file of clues");
    if (!text.ok()) return text.status();
    auto parsed = ParseClues(*text, clues_path);
    if (!parsed.ok()) return parsed.status();
    if (absl::Status status = CheckClues(grid, *parsed, clues_path); !status.ok()) return status;
    clues = *std::move(parsed);
    output.clues = &clues;
  }
  return output;
}

// Writes fill number `index` (from 1) as DIR/NNNN.EXT; returns its path.
absl::StatusOr<std::string> WriteDocument(const std::string& dir, int64_t index,
                                          std::string_view extension, std::string_view bytes) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) return absl::NotFoundError(absl::StrFormat("%s: %s", dir, error.message()));
  const std::string path =
      (std::filesystem::path(dir) / absl::StrFormat("%04d.%s", index, extension)).string();
  std::ofstream file(path, std::ios::binary);
  file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  file.close();
  if (!file) return absl::DataLossError(absl::StrFormat("%s: cannot write it", path));
  return path;
}

}  // namespace

const Command& FillCommand() {
  static const Command command{"fill", "fill a crossword grid", kUsage,
                               {kFillOptions, DictionaryOptions()}, true, RunFillCommand};
  return command;
}

absl::StatusOr<FillSettings> FillOptionsFrom(const ParsedArgs& a) {
  auto seed = a.get_int("seed", 1, 0, INT64_MAX);
  if (!seed.ok()) return seed.status();
  auto limit = a.get_int("limit", 0, 1, INT64_MAX);
  if (!limit.ok()) return limit.status();
  auto shard = a.get_shard();
  if (!shard.ok()) return shard.status();
  auto timeout = a.get_seconds("timeout", 0);
  if (!timeout.ok()) return timeout.status();
  FillSettings settings;
  FillOptions& options = settings.engine;
  std::string branch = a.get("branch", "letter");
  options.branching = branch == "word" ? Branching::kWord : Branching::kLetter;
  if (branch != "letter" && branch != "word") {
    return UsageError(absl::StrFormat("--branch: '%s' is not 'letter' or 'word'", branch));
  }
  if (a.has("prefer-scores") && a.has("branch") && branch == "letter") {
    return UsageError("--prefer-scores tries whole words: it branches on words, not letters");
  }
  options.all = a.has("all") || a.has("count");
  if (a.has("limit") && !options.all) return UsageError("--limit needs --all or --count");
  if (a.has("shard") && !options.all) return UsageError("--shard needs --all or --count");
  if (options.all && a.has("deterministic")) {
    return UsageError("--deterministic and --all/--count exclude each other");
  }
  options.limit = *limit;
  std::tie(options.shard_index, options.shard_count) = *shard;
  if (a.has("allow-repeats") && a.has("distinct")) {
    return UsageError("--allow-repeats and --distinct exclude each other");
  }
  options.distinct = !a.has("allow-repeats");
  options.deterministic = a.has("deterministic");
  // The default list's scores are SCOWL sizes: the lower, the commoner the word.
  options.scores = a.has("dict") ? ScoreOrder::kHigherFirst : ScoreOrder::kLowerFirst;
  if (a.has("better")) {
    const std::string better = a.get("better");
    if (better != "lower" && better != "higher") {
      return UsageError(absl::StrFormat("--better: '%s' is not 'lower' or 'higher'", better));
    }
    options.scores = better == "lower" ? ScoreOrder::kLowerFirst : ScoreOrder::kHigherFirst;
  }
  options.prefer_scores = a.has("prefer-scores");
  // Searches for one fill also check 2x2 blocks of cells on slots of at most 50 words (far
  // fewer nodes on dense grids; --all and --count keep the plain search, whose nodes the
  // shards count on).
  options.block_words = options.all ? 0 : 50;
  // The time left after the proof goes to a better mean, or without --timeout 10000 nodes.
  auto polish = a.get_int("polish", *timeout > 0 ? INT64_MAX : 10000, 0, INT64_MAX);
  if (!polish.ok()) return polish.status();
  settings.polish = *polish;
  auto quality_seconds = a.get_seconds("quality-time", 10);
  if (!quality_seconds.ok()) return quality_seconds.status();
  settings.quality_seconds = *quality_seconds;
  settings.any = a.has("any");
  options.seed = static_cast<uint64_t>(*seed);
  options.timeout_seconds = *timeout;
  auto threads = a.get_threads();
  if (!threads.ok()) return threads.status();
  options.threads = *threads;
  return settings;
}

absl::StatusOr<GridFill> GridFillProblem(const Grid& grid, const Dictionary& dictionary,
                                         std::string_view path) {
  const Alphabet& alphabet = dictionary.alphabet();
  GridFill fill;
  FillProblem& problem = fill.problem;
  const LetterSet all_letters =
      alphabet.size() == 64 ? ~LetterSet{0} : (LetterSet{1} << alphabet.size()) - 1;
  problem.domains.assign(grid.size(), 0);
  for (int i = 0; i < grid.size(); ++i) {
    if (grid.black[i]) continue;
    problem.domains[i] = all_letters;
    if (grid.fixed[i].empty()) continue;
    auto letter = alphabet.encode(grid.fixed[i]);
    if (!letter.ok() || letter->size() != 1) {
      return absl::DataLossError(absl::StrFormat(
          "%s:%d:%d: letter '%s' is not in the dictionary's alphabet", path,
          grid.first_row_line + i / grid.cols, i % grid.cols + 1, grid.fixed[i]));
    }
    problem.domains[i] = LetterSet{1} << (*letter)[0];
  }
  // A fully pre-filled entry (a theme or seed entry) is taken as given: when the list lacks
  // it, it is no slot of the search (its letters stay fixed for the crossing slots).
  for (size_t s = 0; s < grid.slots.size(); ++s) {
    const GridSlot& slot = grid.slots[s];
    Word given;
    for (int c : slot.cells) {
      if (std::popcount(problem.domains[c]) == 1) {
        given.push_back(static_cast<Letter>(std::countr_zero(problem.domains[c])));
      }
    }
    if (given.size() == slot.cells.size() && !dictionary.lexicon().find(given)) {
      fill.notes.push_back(absl::StrFormat("%s: %s %s is not in the word list: kept as given",
                                           path, SlotName(slot), Pattern(grid, slot)));
      continue;
    }
    if (slot.length > kMaxWordLength) {
      return absl::OutOfRangeError(absl::StrFormat("%s: over-constrained: %s is longer than any word",
                                                   path, DescribeSlot(grid, slot)));
    }
    // A given entry in the list is still a slot (no other slot may repeat it), but its
    // score is no measure of the fill.
    const WordsOfLength& words = dictionary.lexicon().words(slot.length);
    problem.slots.push_back({slot.cells, &dictionary.dawg(slot.length),
                             given.size() == slot.cells.size()
                                 ? std::span<const int64_t>()
                                 : std::span<const int64_t>(words.scores.data(), words.count())});
    fill.grid_slot.push_back(static_cast<int>(s));
  }
  return fill;
}

// A progress line on stderr while a fill runs, four times a second once it has run a second:
// time and nodes, and for the best fill the best worst word so far and what the search asks
// now. Stop() clears it; call it before anything else is printed.
class FillTicker {
 public:
  FillTicker(bool enabled, const FillProgress& progress, ScoreOrder scores)
      : progress_(progress), scores_(scores), start_(std::chrono::steady_clock::now()) {
    if (enabled) thread_ = std::thread([this] { Run(); });
  }
  ~FillTicker() { Stop(); }
  void Stop() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    thread_.join();
    if (shown_) std::fprintf(stderr, "\r\033[K");
  }

 private:
  void Run() {
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, std::chrono::milliseconds(250), [this] { return stop_; })) {
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
      if (seconds < 1) continue;
      std::string line = absl::StrFormat("squares: %.1f s, %d nodes", seconds, progress_.nodes.load());
      const int64_t worst = progress_.best_worst, asked = progress_.max_cost;
      auto score = [&](int64_t cost) { return scores_ == ScoreOrder::kHigherFirst ? -cost : cost; };
      if (worst != INT64_MAX) {
        line += absl::StrFormat("; best so far: worst word scored %d", score(worst));
        if (progress_.polishing) {
          line += ", improving the mean";
        } else if (asked != INT64_MAX) {
          line += absl::StrFormat("; looking for one with every word scored %d or better", score(asked));
        }
      }
      std::fprintf(stderr, "\r\033[K%s", line.c_str());
      shown_ = true;
    }
  }

  const FillProgress& progress_;
  ScoreOrder scores_;
  std::chrono::steady_clock::time_point start_;
  std::thread thread_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false, shown_ = false;
};

bool IsScored(const FillProblem& problem) {
  int64_t low = INT64_MAX, high = INT64_MIN;
  for (const FillSlot& slot : problem.slots) {
    for (int64_t score : slot.scores) low = std::min(low, score), high = std::max(high, score);
  }
  return low < high;
}

bool IsBestMode(const FillProblem& problem, const FillSettings& settings) {
  const FillOptions& options = settings.engine;
  return !settings.any && !options.all && !options.deterministic && IsScored(problem);
}

FillResult SearchFill(const FillProblem& problem, const FillSettings& settings,
                      FillQuality* proof, const std::function<void(std::span<const Letter>)>& found) {
  if (!IsBestMode(problem, settings)) {
    return FillFirst(problem, settings.engine, [&](std::span<const Letter> fill) {
      found(fill);
      return true;
    });
  }
  const BestFill best =
      FillBest(problem, settings.engine, settings.polish, settings.quality_seconds);
  FillResult result;
  result.status = best.status;
  result.bad_slot = best.bad_slot;
  result.stats = best.stats;
  if (best.status == FillStatus::kFilled) {
    proof->searched = true;
    proof->bound = settings.engine.scores == ScoreOrder::kLowerFirst ? best.bound : -best.bound;
    proof->bound_searched = best.bound_searched;
    proof->mean_proven = best.total_proven;
    found(best.letters);
  }
  return result;
}

void ReadFill(const Grid& grid, const GridFill& grid_fill, const Alphabet& alphabet,
              ScoreOrder scores, std::span<const Letter> fill, std::vector<std::string>& letters,
              FillQuality* quality) {
  letters.resize(grid.size());
  for (int i = 0; i < grid.size(); ++i) {
    letters[i].clear();
    if (!grid.black[i]) alphabet.append_utf8(fill[i], true, letters[i]);
  }
  if (quality == nullptr) return;
  const FillQuality proof = *quality;
  *quality = Quality(grid, grid_fill.problem, grid_fill.grid_slot, scores, fill, letters);
  quality->searched = proof.searched, quality->bound = proof.bound;
  quality->proven = proof.searched && proof.bound == quality->worst_score;
  quality->mean_proven = proof.mean_proven;
}

std::string FillStatusMessage(std::string_view path, const Grid& grid, const GridFill& fill,
                              const FillResult& result, const FillOptions& options) {
  const FillStats& st = result.stats;
  switch (result.status) {
    case FillStatus::kFilled:
      return "";
    case FillStatus::kImpossible:
      return absl::StrFormat("%s: impossible: no fill exists (search exhausted, %d nodes)", path,
                             st.nodes);
    case FillStatus::kOverConstrained:
      return absl::StrFormat("%s: over-constrained: %s has no candidate word", path,
                             DescribeSlot(grid, grid.slots[fill.grid_slot[result.bad_slot]]));
    case FillStatus::kNoDeterministic:
      return absl::StrFormat("%s: no deterministic fill: no slot has a length of its own "
                             "or a fixed letter, so no word can be placed first with "
                             "certainty", path);
    case FillStatus::kTimedOut:
      return absl::StrFormat("%s: timed out after %g s (%d fills found%s)", path,
                             options.timeout_seconds, st.fills,
                             options.deterministic
                                 ? absl::StrFormat(", %d not deterministic", st.rejected)
                                 : "");
  }
  return "";
}

int RunFillCommand(std::span<char* const> args) {
  const auto& tables = FillCommand().tables;
  auto parsed = ParseArgs(tables, args);
  if (!parsed.ok()) return Fail(parsed.status());
  const ParsedArgs& a = *parsed;
  if (ShowHelp(a, kUsage, tables)) return kExitOk;
  if (a.positional().size() != 1) {
    return Fail(UsageError("give exactly one GRID file (try 'squares fill --help')"));
  }
  if (auto format = ParseFillFormat(a.get("format", "text")); !format.ok()) {
    return Fail(format.status());
  }
  auto settings = FillOptionsFrom(a);
  if (!settings.ok()) return Fail(settings.status());
  const FillOptions& options = settings->engine;
  const bool count_only = a.has("count");

  const std::string path = a.positional()[0];
  auto text = ReadFile(path, kMaxGridFileBytes, "a crossword grid of up to 256x256 cells");
  if (!text.ok()) return Fail(text.status());
  auto grid = ParseGrid(path, *text);
  if (!grid.ok()) return Fail(grid.status());
  auto dictionary = LoadDictionary(a);
  if (!dictionary.ok()) return Fail(dictionary.status());
  const Alphabet& alphabet = dictionary->alphabet();

  // The engine's problem: one domain per cell, one automaton per slot.
  auto grid_fill = GridFillProblem(*grid, *dictionary, path);
  if (grid_fill.status().code() == absl::StatusCode::kOutOfRange) {
    return Report(kExitOverConstrained, std::string(grid_fill.status().message()));
  }
  if (!grid_fill.ok()) return Fail(grid_fill.status());
  for (const std::string& note : grid_fill->notes) std::fprintf(stderr, "squares: %s\n", note.c_str());
  const FillProblem& problem = grid_fill->problem;

  std::vector<Clue> clues;
  auto output_options = OutputOptionsFrom(a, *grid, path, clues);
  if (!output_options.ok()) return Fail(output_options.status());
  FillOutputOptions& output = *output_options;
  output.fill_in = a.has("fill-in") || options.deterministic;
  output.solution = a.has("solution");
  Output& out = Output::Stdout();
  const std::string output_dir = a.get("output-dir");
  int64_t documents = 0;
  absl::Status output_status;  // the first document that could not be made
  // A scored list (not all scores alike) has a best fill, and each fill a quality.
  const bool scored = IsScored(problem);
  const bool best_mode = IsBestMode(problem, *settings);
  std::vector<std::string> letters(grid->size());
  FillQuality quality;
  auto print = [&](std::span<const Letter> fill) {
    ReadFill(*grid, *grid_fill, alphabet, options.scores, fill, letters,
             scored ? &quality : nullptr);
    if (scored) output.quality = &quality;
    if (!output_status.ok()) return;
    if (output_dir.empty()) {
      output_status = AppendFill(*grid, letters, output, out.buffer());
    } else {
      std::string document;
      output_status = AppendFill(*grid, letters, output, document);
      absl::StatusOr<std::string> written =
          output_status.ok() ? WriteDocument(output_dir, ++documents, FileExtension(output.format),
                                             document)
                             : output_status;
      if (written.ok()) out.write(*written + "\n");
      output_status = written.status();
    }
    // Listed text fills each end with a blank line (as squares' text output does), so the
    // outputs of --shard parts concatenate to the whole.
    if (options.all && output.format == FillFormat::kText) out.put('\n');
    out.maybe_flush();
  };
  FillProgress progress;
  FillSettings search = *settings;
  search.engine.progress = &progress;
  FillTicker ticker(a.has("progress") || isatty(STDERR_FILENO), progress, options.scores);
  const FillResult result = SearchFill(problem, search, &quality, [&](std::span<const Letter> fill) {
    ticker.Stop();
    if (!count_only) print(fill);
  });
  ticker.Stop();
  const FillStats& st = result.stats;
  if (!output_status.ok()) return Fail(output_status);
  if (count_only) out.write(absl::StrFormat("%d\n", st.fills));
  out.flush();
  if (a.has("stats")) {
    std::fprintf(stderr, "%s",
                 absl::StrFormat("squares: %d fills, %d nodes, %d failures, %d backjumps, "
                                 "%d restarts, %d nogoods learned (%d mirrored), "
                                 "%d non-deterministic fills, %.3f s\n",
                                 st.fills, st.nodes, st.failures, st.backjumps, st.restarts,
                                 st.learned, st.mirrored, st.rejected, st.seconds).c_str());
  }
  if (scored && st.fills > 0 && !options.all && (a.has("stats") || best_mode)) {
    const std::string note = absl::StrFormat(
        "squares: %s: worst word %s (score %d), mean score %.2f", path, quality.worst_word,
        quality.worst_score, quality.mean_score);
    if (!best_mode) {
      std::fprintf(stderr, "%s\n", note.c_str());
    } else if (quality.proven) {
      if (a.has("stats")) {
        std::fprintf(stderr, "%s; no fill has a better worst word (proven); the mean is %s\n",
                     note.c_str(), quality.mean_proven ? "the best for it (proven)" : "unproven");
      }
    } else {  // always said: the fill may not be the best
      const std::string ruled_out =
          quality.bound_searched
              ? absl::StrFormat("no fill has a worst word scored better than %d", quality.bound)
              : std::string("no better score was ruled out yet");
      std::fprintf(stderr, "%s; unproven: time ran out before the proof (%s)\n", note.c_str(),
                   ruled_out.c_str());
    }
  }
  // A part of --shard with no fill is not impossible: the fills may lie in other parts.
  if (result.status == FillStatus::kFilled ||
      (result.status == FillStatus::kImpossible && options.shard_count > 1)) {
    out.flush();
    return kExitOk;
  }
  const int code = result.status == FillStatus::kImpossible        ? kExitImpossible
                   : result.status == FillStatus::kOverConstrained ? kExitOverConstrained
                   : result.status == FillStatus::kNoDeterministic ? kExitNoDeterministic
                                                                   : kExitTimedOut;
  return Report(code, FillStatusMessage(path, *grid, *grid_fill, result, options));
}

}  // namespace squares::core
