// `squares [WORD]`: symmetric squares, double squares, rectangles and the built-in shapes
// (diagonal squares, cubes); `squares shape FILE`: any shape of words. A face on the API's
// SquareSearch: the arguments become its SquareOptions, its results go to stdout.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>

#include "absl/strings/str_format.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "squares/square_search.h"

namespace squares::cli {
namespace {

constexpr std::string_view kSquareUsage =
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
    {"reversed", 0, nullptr,
     "double, rect, with --count: search every word from its last letter (the same count)"},
    {"forward", 0, nullptr,
     "double, rect, with --count: search every word from its first letter (default: the way a "
     "pilot finds faster)"},
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

bool ShowVersion(const ParsedArgs& args) {
  if (!args.has("version")) return false;
  Output::Stdout().write("squares " SQUARES_VERSION "\n");
  Output::Stdout().flush();
  return true;
}

// A progress line on stderr (the search calls it at most four times a second, once past a
// second), cleared at the end.
class ProgressLine {
 public:
  void Show(const SearchProgress& p) {
    const double eta = p.parts_done == 0 ? 0 : p.seconds * (p.parts - p.parts_done) / p.parts_done;
    std::fprintf(stderr, "\r\033[K%zu/%zu parts, %llu results, %.0f/s, ETA %.0fs", p.parts_done,
                 p.parts, static_cast<unsigned long long>(p.results), p.results / p.seconds, eta);
    shown_ = true;
  }
  ~ProgressLine() {
    if (shown_) std::fprintf(stderr, "\r\033[K");
  }

 private:
  bool shown_ = false;
};

// --cell order's value.
absl::StatusOr<squares::CellOrder> CellOrderFrom(const ParsedArgs& args) {
  if (!args.has("order")) return squares::CellOrder::kDefault;
  const std::string order = args.get("order");
  if (order == "greedy") return squares::CellOrder::kGreedy;
  if (order == "given") return squares::CellOrder::kGiven;
  return UsageError(absl::StrFormat("--order: '%s' is not greedy or given", order));
}

}  // namespace

absl::Status SquareOptionsFrom(const ParsedArgs& args, squares::SquareOptions& options) {
  if (args.has("cube") || args.has("diagonals")) {
    for (const char* option : {"pattern", "no-transpose", "reversed", "forward", "rect"}) {
      if (args.has(option)) {
        return UsageError(absl::StrFormat("--%s does not apply to --diagonals or --cube", option));
      }
    }
    if (args.has("cube")) {
      if (args.has("diagonals") || args.has("double") || args.has("size")) {
        return UsageError("--cube N gives the shape; drop --diagonals, --double and -n");
      }
      auto n = args.get_int("cube", 0, 2, 10);  // 1000 cells, about the most a shape may have
      if (!n.ok()) return n.status();
      options.kind = squares::SquareKind::kCube;
      options.size = static_cast<int>(*n);
    } else {
      auto n = args.get_int("size", 0, 2, kMaxSquareSide);
      if (!n.ok()) return n.status();
      options.kind = args.has("double") ? squares::SquareKind::kDouble
                                        : squares::SquareKind::kSymmetric;
      options.diagonals = true;
      options.size = static_cast<int>(*n);
      if (options.size == 0 && args.positional().empty() && !args.has("first")) {
        return UsageError("--diagonals needs -n N or a first WORD");
      }
    }
    if (args.positional().size() > 1 || (args.has("first") && !args.positional().empty())) {
      return UsageError("give the first word once (WORD or --first)");
    }
    auto order = CellOrderFrom(args);
    if (!order.ok()) return order.status();
    options.order = *order;
  } else if (args.has("order")) {
    return UsageError("--order applies to --diagonals and --cube");
  } else {
    if (args.positional().size() > 1) {
      return UsageError(absl::StrFormat("too many arguments: '%s' (one first word at most)",
                                        args.positional()[1]));
    }
    if (args.has("first") && !args.positional().empty()) {
      return UsageError("give the first word once (WORD or --first)");
    }
    if (args.has("double") && args.has("rect"))
      return UsageError("--double and --rect exclude each other");
    options.kind = args.has("rect")     ? squares::SquareKind::kRectangle
                   : args.has("double") ? squares::SquareKind::kDouble
                                        : squares::SquareKind::kSymmetric;
    if (args.has("rect")) {
      const std::string rect = args.get("rect");  // parts point into it
      std::vector<std::string_view> parts = SplitString(rect, 'x');
      if (parts.size() != 2 || !ParseInt(parts[0], options.rows) ||
          !ParseInt(parts[1], options.cols)) {
        return UsageError(absl::StrFormat("--rect: '%s' is not of the form KxN", rect));
      }
      if (args.has("size")) return UsageError("--rect gives the size; drop -n");
    } else {
      auto n = args.get_int("size", 0, 1, kMaxSquareSide);
      if (!n.ok()) return n.status();
      options.size = static_cast<int>(*n);
    }
    options.pattern = args.get("pattern");
    options.no_transpose = args.has("no-transpose");
    if (options.no_transpose && !args.has("double"))
      return UsageError("--no-transpose applies to --double only");
    for (const char* way : {"reversed", "forward"}) {
      if (!args.has(way)) continue;
      if (!(args.has("double") || args.has("rect")))
        return UsageError(absl::StrFormat("--%s applies to --double and --rect only", way));
      if (!args.has("count")) {
        return UsageError(
            absl::StrFormat("--%s counts (--count): a listing reads the words as they are", way));
      }
    }
    if (args.has("reversed") && args.has("forward"))
      return UsageError("--reversed and --forward exclude each other");
    if (args.has("reversed") || args.has("forward")) options.reversed = args.has("reversed");
    if (args.positional().empty() && !args.has("first") && options.size == 0 && !args.has("rect") &&
        options.pattern.empty()) {
      return UsageError(
          "nothing to search: give a first WORD, -n N, --rect KxN or --pattern (try --help)");
    }
  }
  options.first = args.positional().empty() ? args.get("first") : args.positional()[0];
  options.contains = args.get("contains");
  options.distinct = args.has("distinct");
  options.upper = args.has("upper");
  return absl::OkStatus();
}

namespace {

// Runs the search the options describe (the main dictionary loaded when first needed) as
// the common options say (--format, --count, --limit, --threads, --shard, --progress,
// --stats, --quiet, --verbose), and prints its results.
int RunSearch(const ParsedArgs& args, squares::SquareOptions options, Clock::time_point start) {
  auto format = SquareFormatNamed(args.get("format", "text"));
  if (!format.ok()) return Fail(format.status());
  auto list_options = DictionaryOptionsFrom(args);
  if (!list_options.ok()) return Fail(list_options.status());
  // Their errors come after the search's own.
  auto limit = args.get_int("limit", 0, 0, INT64_MAX);
  auto threads = args.get_threads();
  auto shard = args.get_shard();
  auto best = args.get_int("best", 0, 1, 1000000);
  auto shard_key = args.get_shard_key();
  if (args.has("limit") && limit.ok()) options.limit = *limit;
  if (best.ok()) options.best = static_cast<int>(*best);
  if (threads.ok()) options.threads = *threads;
  if (shard.ok()) std::tie(options.shard_index, options.shard_count) = *shard;
  if (shard_key.ok()) options.shard_key = *shard_key;

  // The main dictionary is read only when some word reads it (a shape's words may all name
  // lists of their own).
  auto load = [&args] { return LoadDictionary(args); };
  std::optional<squares::SquareSearch> search;
  try {
    search.emplace(load, *list_options, options, args.has("dict"));
  } catch (const squares::Error& error) {
    return Fail(error);
  }
  if (!args.has("quiet")) {
    for (const std::string& note : search->notes()) std::cerr << "squares: note: " << note << "\n";
  }
  if (args.has("verbose") && !search->cell_order().empty()) {
    std::cerr << "squares: cell order: " << search->cell_order() << "\n";
  }
  for (const absl::Status& status :
       {limit.status(), threads.status(), shard.status(), best.status(), shard_key.status()}) {
    if (!status.ok()) return Fail(status);
  }

  const bool count_only = args.has("count");
  // The key of the parts (scripts/shard-run.sh records it, and has each part checked against
  // it: --check-shard-key, in the options).
  if (args.has("shard-key")) {
    std::string key;
    try {
      key = absl::StrFormat("%016x", search->ShardKey(count_only));
    } catch (const squares::Error& error) {
      return Fail(error);
    }
    Output::Stdout().write(key + "\n");
    Output::Stdout().flush();
    return kExitOk;
  }
  // Progress by default only when it cannot garble results: stderr a terminal, stdout not.
  ProgressLine progress;
  if (args.has("progress") || (isatty(STDERR_FILENO) && (count_only || !isatty(STDOUT_FILENO)))) {
    search->set_progress([&progress](const SearchProgress& p) { progress.Show(p); });
  }
  SearchStats stats;
  try {
    if (count_only) {
      search->Count(&stats);
      Output::Stdout().write(absl::StrFormat("%d\n", stats.results));
    } else {
      stats = search->Write(*format, [](std::string_view text) {
        Output::Stdout().write(text);
        return true;
      });
    }
  } catch (const squares::Error& error) {
    return Fail(error);
  }
  Output::Stdout().flush();
  if (args.has("stats")) {
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    std::cerr << absl::StrFormat("squares: %d nodes, %d results, %.3f s, %.1f M nodes/s\n",
                                 stats.nodes, stats.results, seconds,
                                 stats.nodes / std::max(seconds, 1e-9) / 1e6);
    if (count_only && stats.reversed) {
      std::cerr << "squares: counted with every word read from its last letter\n";
    }
    if (count_only && !options.limit && options.shard_count == 1) {
      if (const int moved = stats.symmetry_cells; moved > 0 && stats.symmetry_order == 2) {
        std::cerr << absl::StrFormat(
            "squares: counted up to a symmetry of the shape that exchanges %d cells\n", moved);
      } else if (moved > 0) {
        std::cerr << absl::StrFormat(
            "squares: counted up to a symmetry of the shape of order %d (three exchanges and "
            "their products: a cube's six orders of its axes) that moves %d cells\n",
            stats.symmetry_order, moved);
      }
    }
  }
  return kExitOk;
}

}  // namespace

const Command& SquaresCommand() {
  static const Command command{
      "",           "word squares, double squares, rectangles, diagonal squares and cubes",
      kSquareUsage, {kSquareOptions, CommonOptions(), DictionaryOptionTable()},
      false,        RunSquaresCommand};
  return command;
}

const Command& ShapeCommand() {
  static const Command command{
      "shape",     "any shape of words, from a topology file or a Qxw deck",
      kShapeUsage, {kShapeOptions, CommonOptions(), DictionaryOptionTable()},
      true,        RunShapeCommand};
  return command;
}

int RunSquaresCommand(std::span<char* const> argv) {
  const auto& tables = SquaresCommand().tables;
  auto args = ParseArgs(tables, argv);
  if (!args.ok()) return Fail(args.status());
  if (ShowHelp(*args, kSquareUsage, tables)) return kExitOk;
  if (ShowVersion(*args)) return kExitOk;
  const Clock::time_point start = Clock::now();
  squares::SquareOptions options;
  if (absl::Status status = SquareOptionsFrom(*args, options); !status.ok()) return Fail(status);
  return RunSearch(*args, std::move(options), start);
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
  squares::SquareOptions options;
  options.kind = squares::SquareKind::kShape;
  options.shape_file = args->positional()[0];
  options.first = args->get("first");
  options.contains = args->get("contains");
  options.distinct = args->has("distinct");
  options.upper = args->has("upper");
  auto order = CellOrderFrom(*args);
  if (!order.ok()) return Fail(order.status());
  options.order = *order;
  return RunSearch(*args, std::move(options), start);
}

}  // namespace squares::cli
