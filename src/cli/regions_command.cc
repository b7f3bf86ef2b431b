// squares regions: solve a word-region puzzle, or make one with a unique solution.
#include <chrono>
#include <cstdio>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "fill/grid.h"
#include "puzzles/regions.h"

namespace squares::core {
namespace {

constexpr OptionSpec kRegionOptions[] = {
    {"min", 0, "N", "smallest region, in cells (default 4)"},
    {"max", 0, "N", "largest region, in cells (default 8)"},
    {"all", 0, nullptr, "list every solution instead of stopping at the second"},
    {"make", 0, "ROWSxCOLS", "make a puzzle with exactly one solution and print it"},
    {"seed", 0, "N", "random seed for --make (default 1)"},
    {"solution", 0, nullptr, "with --make: print the solution after the puzzle"},
    {"upper", 'u', nullptr, "print letters in uppercase"},
    {"stats", 0, nullptr, "placements, search nodes and time on stderr"},
    {"help", 'h', nullptr, "show this help and exit"},
};
constexpr std::string_view kUsage =
    "Usage: squares regions [OPTIONS] PUZZLE\n"
    "       squares regions --make ROWSxCOLS [--seed N] [--solution] [OPTIONS]\n"
    "Splits a letter grid (rows of letters, one row per line; - = stdin) into connected\n"
    "regions whose letters, read row by row, spell dictionary words; says whether the\n"
    "solution is unique. Exit status 0 for every answer (unique, 2+ solutions, none).\n";

using Clock = std::chrono::steady_clock;
double MillisecondsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// The drawing of one solution followed by its words.
std::vector<std::string> SolutionLines(const RegionPuzzle& puzzle, const RegionPartition& partition,
                                       const Alphabet& alphabet, bool upper) {
  std::vector<std::string> lines = DrawRegions(puzzle, partition, alphabet, upper);
  std::vector<std::string> words;
  for (const Word& word : RegionWords(puzzle, partition)) {
    words.push_back(alphabet.to_utf8(word, upper));
  }
  lines.push_back("words: " + absl::StrJoin(words, " "));
  return lines;
}

void WriteLines(const std::vector<std::string>& lines, Output& out) {
  for (const std::string& line : lines) {
    out.write(line);
    out.put('\n');
  }
}

// Two solutions side by side (drawings), then the words of each.
void WriteTwo(const RegionPuzzle& puzzle, const std::vector<RegionPartition>& two,
              const Alphabet& alphabet, bool upper, Output& out) {
  const int width = 4 * puzzle.cols + 1;  // columns of a drawing line (letters are 1 wide)
  const std::string gap = "   ";
  std::vector<std::string> left = DrawRegions(puzzle, two[0], alphabet, upper);
  std::vector<std::string> right = DrawRegions(puzzle, two[1], alphabet, upper);
  out.write(absl::StrFormat("%-*s%ssolution 2\n", width, "solution 1", gap));
  for (size_t i = 0; i < left.size(); ++i) out.write(absl::StrCat(left[i], gap, right[i], "\n"));
  for (int s = 0; s < 2; ++s) {
    std::vector<std::string> words;
    for (const Word& word : RegionWords(puzzle, two[s])) words.push_back(alphabet.to_utf8(word, upper));
    out.write(absl::StrCat("solution ", s + 1, ": ", absl::StrJoin(words, " "), "\n"));
  }
}

absl::Status Solve(const ParsedArgs& args, RegionSizes sizes, const Dictionary& dictionary) {
  if (args.positional().size() != 1) {
    return UsageError(args.positional().empty() ? "regions: missing PUZZLE file"
                                                : "regions: expected one PUZZLE file");
  }
  const std::string& path = args.positional()[0];
  absl::StatusOr<std::string> text =
      ReadFile(path, kMaxGridFileBytes, "a region puzzle of up to 256x256 cells");
  if (!text.ok()) return text.status();
  absl::StatusOr<RegionPuzzle> puzzle =
      ParseRegionPuzzle(*text, path, dictionary.alphabet(), args.has("fold-accents"));
  if (!puzzle.ok()) return puzzle.status();

  const bool all = args.has("all"), upper = args.has("upper");
  const Alphabet& alphabet = dictionary.alphabet();
  Output& out = Output::Stdout();
  std::vector<RegionPartition> first_two;
  // The solver builds the automata and shapes first, so that --stats times the search alone.
  Clock::time_point start = Clock::now();
  const RegionSolver solver(dictionary, sizes);
  const double setup_ms = MillisecondsSince(start);
  RegionStats stats;
  start = Clock::now();
  const size_t found = solver.Solve(*puzzle, [&](const RegionPartition& s) {
    if (all) {
      WriteLines(SolutionLines(*puzzle, s, alphabet, upper), out);
      out.put('\n');
      return true;
    }
    first_two.push_back(s);
    return first_two.size() < 2;
  }, &stats);
  const double ms = MillisecondsSince(start);

  if (!all && found == 1) WriteLines(SolutionLines(*puzzle, first_two[0], alphabet, upper), out);
  if (!all && found == 2) WriteTwo(*puzzle, first_two, alphabet, upper, out);
  if (found == 0) out.write("no solution\n");
  if (found == 1) out.write("unique\n");
  if (found >= 2) out.write(all ? absl::StrCat(found, " solutions\n") : "2+ solutions\n");
  if (args.has("stats")) {
    std::fprintf(stderr, "regions: %dx%d, setup %.2f ms, %zu placements, %zu nodes, solve %.2f ms\n",
                 puzzle->rows, puzzle->cols, setup_ms, stats.placements, stats.nodes, ms);
  }
  return absl::OkStatus();
}

absl::Status Make(const ParsedArgs& args, RegionSizes sizes, const Dictionary& dictionary) {
  if (!args.positional().empty()) return UsageError("regions: --make takes no PUZZLE file");
  const std::string shape = args.get("make");
  // At most 50x50: beyond that the first-free-cell search starts to thrash on the
  // generator's grids (a 60x60 grid did not finish its first solver run in a minute).
  int rows = 0, cols = 0;
  const size_t x = shape.find('x');
  if (x == std::string::npos || !absl::SimpleAtoi(shape.substr(0, x), &rows) ||
      !absl::SimpleAtoi(shape.substr(x + 1), &cols) || rows < 1 || cols < 1 || rows > 50 ||
      cols > 50) {
    return UsageError(absl::StrCat("--make: expected ROWSxCOLS (1 to 50 each), got '", shape, "'"));
  }
  absl::StatusOr<int64_t> seed = args.get_int("seed", 1, 0, std::numeric_limits<int64_t>::max());
  if (!seed.ok()) return seed.status();

  const Clock::time_point start = Clock::now();
  absl::StatusOr<MadeRegionPuzzle> made = MakeRegionPuzzle(rows, cols, dictionary, sizes, *seed);
  if (!made.ok()) return made.status();
  const bool upper = args.has("upper");
  const Alphabet& alphabet = dictionary.alphabet();
  Output& out = Output::Stdout();
  for (int r = 0; r < rows; ++r) {
    const auto row = std::span(made->puzzle.letters).subspan(r * cols, cols);
    out.write(alphabet.to_utf8(WordView(row.data(), row.size()), upper));
    out.put('\n');
  }
  if (args.has("solution")) {
    out.put('\n');
    WriteLines(SolutionLines(made->puzzle, made->solution, alphabet, upper), out);
  }
  if (args.has("stats")) {
    std::fprintf(stderr, "regions: made %dx%d in %d solver runs, %.2f ms\n", rows, cols,
                 made->attempts, MillisecondsSince(start));
  }
  return absl::OkStatus();
}

absl::Status Run(std::span<char* const> argv) {
  const auto& tables = RegionsCommand().tables;
  absl::StatusOr<ParsedArgs> args = ParseArgs(tables, argv);
  if (!args.ok()) return args.status();
  if (ShowHelp(*args, kUsage, tables)) return absl::OkStatus();
  absl::StatusOr<RegionSizes> sizes = RegionSizesFrom(*args);
  if (!sizes.ok()) return sizes.status();
  for (const char* option : {"seed", "solution"}) {
    if (args->has(option) && !args->has("make")) {
      return UsageError(absl::StrCat("--", option, " needs --make"));
    }
  }
  if (args->has("all") && args->has("make")) return UsageError("--all does not go with --make");

  absl::StatusOr<Dictionary> dictionary = LoadDictionary(*args);
  if (!dictionary.ok()) return dictionary.status();
  return args->has("make") ? Make(*args, *sizes, *dictionary) : Solve(*args, *sizes, *dictionary);
}

}  // namespace

absl::StatusOr<RegionSizes> RegionSizesFrom(const ParsedArgs& args) {
  absl::StatusOr<int64_t> min = args.get_int("min", 4, 1, kMaxRegionSize);
  if (!min.ok()) return min.status();
  absl::StatusOr<int64_t> max = args.get_int("max", 8, 1, kMaxRegionSize);
  if (!max.ok()) return max.status();
  if (*min > *max) return UsageError(absl::StrCat("--min ", *min, " is larger than --max ", *max));
  return RegionSizes{static_cast<int>(*min), static_cast<int>(*max)};
}

const Command& RegionsCommand() {
  static const Command command{"regions", "solve or make word-region puzzles", kUsage,
                               {kRegionOptions, DictionaryOptions()}, true, RunRegionsCommand};
  return command;
}

int RunRegionsCommand(std::span<char* const> args) {
  const absl::Status status = Run(args);
  if (!status.ok()) std::fprintf(stderr, "squares: %s\n", std::string(status.message()).c_str());
  Output::Stdout().flush();
  return ExitCodeFor(status);
}

}  // namespace squares::core
