// `squares fill GRID`: fill a crossword grid with dictionary words, and print the fills as
// text or as documents.
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <thread>
#include <tuple>

#include <unistd.h>

#include "absl/strings/str_format.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "squares/fill.h"

namespace squares::cli {
namespace {

// Exit statuses of the result states (0, 1 and 2 keep their common meaning).
constexpr int kExitImpossible = 3, kExitOverConstrained = 4, kExitNoDeterministic = 5,
              kExitTimedOut = 6;

constexpr std::string_view kFillUsage =
    "Usage: squares fill [OPTIONS] GRID\n"
    "Fill a crossword grid with dictionary words.\n"
    "\n"
    "With a scored list (the built-in one: SCOWL sizes, lower = commoner) the fill printed is\n"
    "the best: its worst word is the best any fill can have (proven, unless --timeout or\n"
    "--quality-time, 10 s by default, cuts the proof short: a note says so), and its mean\n"
    "score the best that the time left (or\n"
    "--polish nodes) of search finds. --any prints the first fill found instead. With a list\n"
    "whose words all score the same (Debian's lists) the best fill is the first one found.\n"
    "The breakfast test: vulgar words and slurs of the list's --language are left out unless\n"
    "--allow-offensive=vulgar (vulgar and sexual terms) or =slurs (every listed word); words\n"
    "whose common sense is clean (PAWN, BUTT, SCAT) are kept. A grid that only a left-out\n"
    "word can fill says so and names the word.\n"
    "\n"
    "GRID formats (detected): ipuz (its clues, title, author and copyright are the documents'\n"
    "unless the options give them), crucio (.crg: rows, columns, then rows of '-' empty, '#'\n"
    "black, letters fixed), cwc pattern ('W H', then rows of '+' empty, ' ' black), or plain\n"
    "rows of '.' empty, '#' black, letters fixed. After the rows of a crucio or plain grid, a\n"
    "blank line and rows of marks: 'O' a circled cell, '*' a shaded one, '.' or '#' neither.\n"
    "\n"
    "CLUES file (--clues): one clue a line, 'WORD<TAB>clue' (the entry that holds WORD) or\n"
    "'NUMBER DIRECTION<TAB>clue' ('12 Across', '3 D'); '#' starts a comment. An entry without\n"
    "a clue has an empty one (xd and across-text, which need text, show [clue] and warn); a\n"
    "clue no entry of the fill uses is a warning.\n"
    "--no-fill writes the grid as it is, unfilled or partly filled: ipuz, puz (marked as\n"
    "giving no solution, with a warning), jpz, exolve, pdf, latex and svg hold empty cells\n"
    "(pdf and svg as a blank puzzle); xd, across-text and submission need a filled grid.\n"
    "Documents (every format but text, lines and jsonl) hold one fill each: with --all they need\n"
    "--output-dir DIR (files DIR/0001.ipuz, ...); text, lines and jsonl stream every fill.\n"
    "\n"
    "Exit status: 0 filled, 1 data error, 2 usage error, 3 impossible (search exhausted),\n"
    "4 over-constrained (a slot has no candidate), 5 no deterministic fill, 6 timed out.\n"
    "A part of --shard with no fill is not impossible: it exits 0 (the fills may lie in\n"
    "other parts).\n";

constexpr OptionSpec kFillOptions[] = {
    {"format", 'f', "FMT",
     "output: text (default), lines, jsonl, ipuz, latex, svg, puz, pdf, "
     "jpz, xd, exolve, across-text or submission (docs/documents.md)",
     "text lines jsonl ipuz latex svg puz pdf jpz xd exolve across-text submission"},
    {"clues", 0, "FILE", "clues for the entries (see CLUES above)"},
    {"title", 0, "TEXT", "the documents' title (default: the grid's file name)"},
    {"author", 0, "TEXT", "the documents' author"},
    {"copyright", 0, "TEXT", "the documents' copyright line"},
    {"notes", 0, "TEXT", "a note to the solver"},
    {"date", 0, "TEXT", "the puzzle's date, as it should print"},
    {"name", 0, "TEXT", "submission: the constructor's name (default: --author)"},
    {"address", 0, "TEXT",
     "submission: the constructor's postal address (lines separated by "
     "'|' or newlines)"},
    {"email", 0, "TEXT", "submission, exolve: the constructor's e-mail"},
    {"paper", 0, "SIZE", "latex, pdf: the paper, 'a4' (default) or 'letter'", "a4 letter"},
    {"strict", 0, nullptr,
     "a warning is an error (exit 1): text a format cannot hold, a clue "
     "not used"},
    {"ipuz-clues", 0, "FORM", "ipuz clues as 'array' [number, \"clue\"] (default) or 'object'",
     "array object"},
    {"output-dir", 'O', "DIR",
     "write each fill as its own document, DIR/0001.EXT, ... (their "
     "paths on stdout)"},
    {"any", 0, nullptr, "the first fill found, with no search for the best"},
    {"better", 0, "WHICH",
     "which scores are better: 'lower' (default for the built-in list) or "
     "'higher' (default for --dict lists)",
     "lower higher"},
    {"polish", 0, "NODES",
     "nodes of search for a better mean score (default: until --timeout, "
     "or 10000 without; 0: none)"},
    {"all", 'a', nullptr, "list every fill (in lexicographic order of the rows)"},
    {"count", 'c', nullptr, "print only the number of fills"},
    {"limit", 'l', "N", "with --all or --count: stop after N fills"},
    {"shard", 0, "I/N", "with --all or --count: only part I of N (parts concatenate in order)"},
    kShardKeyOption,
    kCheckShardKeyOption,
    {"allow-repeats", 0, nullptr, "a word may fill several slots (by default no word twice)"},
    {"allow-offensive", 0, "TIER", "vulgar: use vulgar words too; slurs: every listed word",
     "none vulgar slurs"},
    {"min-length", 0, "N", "refuse a grid with an entry shorter than N letters (default 2)"},
    {"distinct", 'U', nullptr, "no word twice in the grid (the default; kept for crucio's -U)"},
    {"deterministic", 'D', nullptr, "a fill-in puzzle that can be solved without guessing"},
    {"no-fill", 0, nullptr,
     "write the grid as it is, empty cells and all: no search, no word list"},
    {"fill-in", 0, nullptr, "list the words grouped by length instead of numbered entries"},
    {"solution", 's', nullptr, "svg: print the letters in the grid"},
    {"seed", 'r', "N", "random seed for tie-breaks and restarts (default 1)"},
    {"threads", 'j', "N",
     "threads for a fill (default or 0: the CPUs it may run on; 2 or more run two "
     "searches of different seeds at once)"},
    {"timeout", 't', "SECONDS", "give up after this many seconds (default: none)"},
    {"quality-time", 0, "SECONDS",
     "seconds for the best fill after the first fill (default "
     "10); a fill not proven best says so"},
    {"branch", 0, "HOW", "branch on one 'letter' (default) or on a whole 'word'", "letter word"},
    {"prefer-scores", 0, nullptr, "try the best-scored words first (default list: the commonest)"},
    {"stats", 0, nullptr, "print search statistics (and the fill's quality) on stderr"},
    {"progress", 0, nullptr, "show progress on stderr (default when stderr is a terminal)"},
    {"help", 'h', nullptr, "show this help and exit"},
};

// The quality of a fill with a scored list on stderr: always when the best fill's search ran
// out of time before its proof, else with --stats.
void QualityNote(const std::string& path, const FillQuality& quality, bool stats) {
  const std::string note = absl::StrFormat("squares: %s: worst word %s (score %d), mean score %.2f",
                                           path, quality.worst_word, quality.worst_score,
                                           quality.mean_score);
  if (!quality.searched) {
    if (stats) std::fprintf(stderr, "%s\n", note.c_str());
  } else if (quality.proven) {
    if (stats) {
      std::fprintf(stderr, "%s; no fill has a better worst word (proven); the mean is %s\n",
                   note.c_str(), quality.mean_proven ? "the best for it (proven)" : "unproven");
    }
  } else {
    const std::string ruled_out =
        quality.bound_searched
            ? absl::StrFormat("no fill has a worst word scored better than %d", quality.bound)
            : std::string("no better score was ruled out yet");
    std::fprintf(stderr, "%s; unproven: time ran out before the proof (%s)\n", note.c_str(),
                 ruled_out.c_str());
  }
}

int Report(int code, const std::string& message) {
  Output::Stdout().flush();
  std::fprintf(stderr, "squares: %s\n", message.c_str());
  return code;
}

// Whether a format is one document per fill (ipuz, latex, svg, puz, pdf), which several fills
// cannot share a stream in.
bool IsDocument(DocumentFormat format) {
  return format != DocumentFormat::kText && format != DocumentFormat::kLines &&
         format != DocumentFormat::kJsonl;
}

// The documents' options: --format, --ipuz-clues, --fill-in, --solution, and --title, --author,
// --copyright and --clues (read and checked against the grid), which default to what an ipuz
// grid holds (the title to the grid's file name).
absl::StatusOr<DocumentOptions> DocumentOptionsFrom(const ParsedArgs& a, const Grid& grid,
                                                    const std::string& path) {
  DocumentOptions document;
  auto format = DocumentFormatNamed(a.get("format", "text"));
  if (!format.ok()) return format.status();
  document.format = *format;
  const std::string form = a.get("ipuz-clues", "array");
  if (form != "array" && form != "object") {
    return UsageError(absl::StrFormat("--ipuz-clues: '%s' is not 'array' or 'object'", form));
  }
  document.ipuz_clue_arrays = form == "array";
  document.paper = a.get("paper", "a4");
  if (document.paper != "a4" && document.paper != "letter") {
    return UsageError(absl::StrFormat("--paper: '%s' is not 'a4' or 'letter'", document.paper));
  }
  if (a.has("output-dir") && !IsDocument(document.format)) {
    return UsageError(
        "--output-dir writes documents: give a --format other than text, lines "
        "or jsonl");
  }
  if (a.has("all") && !a.has("count") && IsDocument(document.format) && !a.has("output-dir")) {
    return UsageError(absl::StrFormat(
        "--all with --format %s: one document per fill: give --output-dir DIR (files "
        "DIR/0001.%s, ...), or stream every fill with --format jsonl",
        a.get("format"), DocumentExtension(document.format)));
  }
  try {
    CheckDocumentFormat(document.format);  // pdf, submission: lualatex, before the search
  } catch (const Error& error) {  // the library names no option: say which
    throw Error(error.kind(), absl::StrFormat("--format %s: %s", a.get("format"), error.what()));
  }
  document.fill_in = a.has("fill-in") || a.has("deterministic");
  document.solution = a.has("solution");
  document.title =
      a.get("title", grid.title().empty() ? path.substr(path.find_last_of('/') + 1) : grid.title());
  document.author = a.get("author", grid.author());
  document.copyright = a.get("copyright", grid.copyright());
  document.clues = grid.clues();
  document.notes = a.get("notes", grid.puzzle().info.notes);
  document.date = a.get("date", grid.puzzle().info.date);
  document.name = a.get("name");
  document.address = a.get("address");
  document.email = a.get("email");
  if (a.has("clues")) {
    const std::string clues_path = a.get("clues");
    auto text = ReadFile(clues_path, 8 << 20, "a file of clues");
    if (!text.ok()) return text.status();
    document.clues = ParseClues(*text, clues_path);
    CheckClues(grid, document.clues, clues_path);
  }
  return document;
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

// --no-fill with an option that searches: a usage error naming it, or OK.
absl::Status CheckNoFill(const ParsedArgs& a) {
  if (!a.has("no-fill")) return absl::OkStatus();
  for (const char* option : {"all", "count", "deterministic"}) {
    if (a.has(option)) {
      return UsageError(
          absl::StrFormat("--no-fill writes the grid as it is: --%s searches for fills", option));
    }
  }
  return absl::OkStatus();
}

// A fill as its document. Its warnings (and those of the clues it leaves unused) go to
// stderr, or with `strict` make it an error. Errors as statuses: the search's callback reports
// them once it has stopped the search.
absl::StatusOr<std::string> FormatDocument(const Grid& grid, const Fill& fill,
                                           DocumentOptions document,
                                           const std::string& clues_source, bool strict) {
  std::vector<std::string> warnings;
  absl::StatusOr<std::string> text;
  try {
    warnings = UnusedClues(grid, fill, document.clues, clues_source);
    document.warnings = &warnings;
    text = FormatFill(grid, fill, document);
  } catch (const Error& error) {
    return absl::FailedPreconditionError(error.what());
  }
  for (const std::string& warning : warnings) {
    std::fprintf(stderr, "squares: %s%s\n", strict ? "" : "warning: ", warning.c_str());
  }
  if (strict && !warnings.empty()) {
    return absl::FailedPreconditionError(
        absl::StrFormat("--strict: %d warning%s, no document written", warnings.size(),
                        warnings.size() == 1 ? "" : "s"));
  }
  return text;
}

}  // namespace

const Command& FillCommand() {
  static const Command command{"fill",     "fill a crossword grid",
                               kFillUsage, {kFillOptions, DictionaryOptionTable()},
                               true,       RunFillCommand};
  return command;
}

absl::StatusOr<FillOptions> FillOptionsFrom(const ParsedArgs& a) {
  auto seed = a.get_int("seed", 1, 0, INT64_MAX);
  if (!seed.ok()) return seed.status();
  auto limit = a.get_int("limit", 0, 0, INT64_MAX);
  if (!limit.ok()) return limit.status();
  auto shard = a.get_shard();
  if (!shard.ok()) return shard.status();
  auto shard_key = a.get_shard_key();
  if (!shard_key.ok()) return shard_key.status();
  auto timeout = a.get_seconds("timeout", 0);
  if (!timeout.ok()) return timeout.status();
  FillOptions options;
  std::string branch = a.get("branch", "letter");
  options.branch = branch == "word" ? Branching::kWord : Branching::kLetter;
  if (branch != "letter" && branch != "word") {
    return UsageError(absl::StrFormat("--branch: '%s' is not 'letter' or 'word'", branch));
  }
  if (a.has("prefer-scores") && a.has("branch") && branch == "letter") {
    return UsageError("--prefer-scores tries whole words: it branches on words, not letters");
  }
  options.all = a.has("all") || a.has("count");
  if (a.has("limit") && !options.all) return UsageError("--limit needs --all or --count");
  if (a.has("shard") && !options.all) return UsageError("--shard needs --all or --count");
  if ((a.has("shard-key") || a.has("check-shard-key")) && !options.all) {
    return UsageError("--shard-key and --check-shard-key need --all or --count");
  }
  if (options.all && a.has("deterministic")) {
    return UsageError("--deterministic and --all/--count exclude each other");
  }
  if (a.has("limit")) options.limit = *limit;
  std::tie(options.shard_index, options.shard_count) = *shard;
  options.shard_key = *shard_key;
  if (a.has("allow-repeats") && a.has("distinct")) {
    return UsageError("--allow-repeats and --distinct exclude each other");
  }
  options.allow_repeats = a.has("allow-repeats");
  const std::string tier = a.get("allow-offensive", "none");
  if (tier != "none" && tier != "vulgar" && tier != "slurs") {
    return UsageError("--allow-offensive takes vulgar, slurs or none, not '" + tier + "'");
  }
  options.allow_offensive = AllowOffensiveNamed(tier);
  options.deterministic = a.has("deterministic");
  if (a.has("better")) {
    const std::string better = a.get("better");
    if (better != "lower" && better != "higher") {
      return UsageError(absl::StrFormat("--better: '%s' is not 'lower' or 'higher'", better));
    }
    options.better = better == "lower" ? Better::kLower : Better::kHigher;
  }
  options.prefer_scores = a.has("prefer-scores");
  auto min_length = a.get_int("min-length", 2, 2, 64);
  if (!min_length.ok()) return min_length.status();
  options.min_length = static_cast<int>(*min_length);
  auto polish = a.get_int("polish", 0, 0, INT64_MAX);
  if (!polish.ok()) return polish.status();
  if (a.has("polish")) options.polish = *polish;
  auto quality_seconds = a.get_seconds("quality-time", 10);
  if (!quality_seconds.ok()) return quality_seconds.status();
  options.quality_time = *quality_seconds;
  options.any = a.has("any");
  options.seed = static_cast<uint64_t>(*seed);
  options.timeout = *timeout;
  auto threads = a.get_threads();
  if (!threads.ok()) return threads.status();
  options.threads = *threads;
  return options;
}

// A progress line on stderr while a fill runs (FillOptions::progress), once it has run a
// second: time and nodes, and for the best fill the best worst word so far and what the search
// asks now. Stop() clears it for good; call it before anything else is printed.
class FillProgressLine {
 public:
  void Show(const FillProgress& progress) {
    std::lock_guard lock(mutex_);
    if (stopped_ || progress.seconds < 1) return;
    std::string line =
        absl::StrFormat("squares: %.1f s, %d nodes", progress.seconds, progress.nodes);
    if (progress.best_worst) {
      line += absl::StrFormat("; best so far: worst word scored %d", *progress.best_worst);
      if (progress.polishing) {
        line += ", improving the mean";
      } else if (progress.asked) {
        line += absl::StrFormat("; looking for one with every word scored %d or better",
                                *progress.asked);
      }
    }
    std::fprintf(stderr, "\r\033[K%s", line.c_str());
    shown_ = true;
  }
  void Stop() {
    std::lock_guard lock(mutex_);
    if (shown_ && !stopped_) std::fprintf(stderr, "\r\033[K");
    stopped_ = true;
  }
  ~FillProgressLine() { Stop(); }

 private:
  std::mutex mutex_;
  bool stopped_ = false, shown_ = false;
};

int RunFillCommand(std::span<char* const> args) {
  const auto& tables = FillCommand().tables;
  auto parsed = ParseArgs(tables, args);
  if (!parsed.ok()) return Fail(parsed.status());
  const ParsedArgs& a = *parsed;
  if (ShowHelp(a, kFillUsage, tables)) return kExitOk;
  if (a.positional().size() != 1) {
    return Fail(UsageError("give exactly one GRID file (try 'squares fill --help')"));
  }
  // A usage error in the format comes before any file is read.
  if (auto format = DocumentFormatNamed(a.get("format", "text")); !format.ok())
    return Fail(format.status());
  if (absl::Status status = CheckNoFill(a); !status.ok()) return Fail(status);
  auto parsed_options = FillOptionsFrom(a);
  if (!parsed_options.ok()) return Fail(parsed_options.status());
  FillOptions& options = *parsed_options;
  const bool count_only = a.has("count");
  const std::string path = a.positional()[0];
  try {
    const Grid grid = Grid::Load(path);
    for (const std::string& warning : grid.puzzle().warnings) {
      std::fprintf(stderr, "squares: warning: %s\n", warning.c_str());
    }
    auto document = DocumentOptionsFrom(a, grid, path);
    if (!document.ok()) return Fail(document.status());
    Output& out = Output::Stdout();
    const std::string output_dir = a.get("output-dir");
    const std::string clues_source = a.get("clues", path);
    int64_t documents = 0;
    // A fill as its document: its text, or with --output-dir the path of its file.
    auto make_document = [&](const Fill& fill) {
      absl::StatusOr<std::string> text =
          FormatDocument(grid, fill, *document, clues_source, a.has("strict"));
      if (text.ok() && !output_dir.empty()) {
        text = WriteDocument(output_dir, ++documents, DocumentExtension(document->format), *text);
        if (text.ok()) *text += "\n";  // the file's path, on stdout
      }
      return text;
    };
    if (a.has("no-fill")) {
      absl::StatusOr<std::string> text = make_document(GivenFill(grid));
      if (!text.ok()) return Fail(text.status());
      out.write(*text);
      out.flush();
      return kExitOk;
    }
    const Dictionary dictionary = LoadDictionary(a);
    // The key of the parts (scripts/shard-run.sh records it, and has each part checked against
    // it: --check-shard-key, in the options).
    if (a.has("shard-key")) {
      out.write(absl::StrFormat("%016x\n", FillShardKey(dictionary, grid, options)));
      out.flush();
      return kExitOk;
    }
    absl::Status output_status;  // the first document that could not be made or written
    FillProgressLine progress_line;
    if (a.has("progress") || isatty(STDERR_FILENO)) {
      options.progress = [&progress_line](const FillProgress& progress) {
        progress_line.Show(progress);
      };
    }
    options.count_only = count_only;
    options.on_note = [](const std::string& note) {
      std::fprintf(stderr, "squares: %s\n", note.c_str());
    };
    std::optional<FillQuality> quality;  // the last fill's, with a scored list
    // A grid given whole has no words to search, so no quality from the search: its quality
    // is that of its words.
    std::optional<FillQuality> given_quality;
    bool given = true;
    for (int cell = 0; cell < grid.rows() * grid.cols(); ++cell) {
      given = given && (grid.black(cell) || !grid.letter(cell).empty());
    }
    if (given) given_quality = CheckGrid(dictionary, grid, options.allow_repeats).quality;
    const FillResult result = FillGrid(dictionary, grid, options, [&](const Fill& found) {
      progress_line.Stop();
      Fill fill = found;
      if (given_quality && !fill.quality) fill.quality = given_quality;
      quality = fill.quality;
      absl::StatusOr<std::string> text = make_document(fill);
      if (!text.ok()) {
        output_status = text.status();
        return false;
      }
      out.write(*text);
      // Listed text fills each end with a blank line (as squares' text output does), so
      // the outputs of --shard parts concatenate to the whole.
      if (options.all && document->format == DocumentFormat::kText) out.put('\n');
      out.maybe_flush();
      return true;
    });
    progress_line.Stop();
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
                                   st.learned, st.mirrored, st.rejected, st.seconds)
                       .c_str());
    }
    if (quality && st.fills > 0 && !options.all) QualityNote(path, *quality, a.has("stats"));
    if (!quality && st.fills > 0 && !options.all && !options.any && a.has("stats")) {
      std::fprintf(stderr,
                   "squares: %s: every word of the list scores the same: the best fill is "
                   "the first one found\n",
                   path.c_str());
    }
    // A part of --shard with no fill is not impossible: the fills may lie in other parts. At
    // --limit 0 no fill was asked for (the library says kTimedOut: none searched), as
    // `squares --limit 0` asks for no square.
    if (result.status == FillStatus::kFilled ||
        (result.status == FillStatus::kImpossible && options.shard_count > 1) ||
        (result.status == FillStatus::kTimedOut && options.limit == 0)) {
      return kExitOk;
    }
    const int code = result.status == FillStatus::kImpossible        ? kExitImpossible
                     : result.status == FillStatus::kOverConstrained ? kExitOverConstrained
                     : result.status == FillStatus::kNoDeterministic ? kExitNoDeterministic
                                                                     : kExitTimedOut;
    return Report(code, result.message);
  } catch (const Error& error) {
    return Fail(error);
  }
}

}  // namespace squares::cli
