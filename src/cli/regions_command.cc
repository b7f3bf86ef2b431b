// squares regions: solve a word-region puzzle, or make one with a unique solution.
#include <chrono>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "squares/puzzles.h"

namespace squares::cli {
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
constexpr std::string_view kRegionsUsage =
    "Usage: squares regions [OPTIONS] PUZZLE\n"
    "       squares regions --make ROWSxCOLS [--seed N] [--solution] [OPTIONS]\n"
    "Splits a letter grid (rows of letters, one row per line; - = stdin) into connected\n"
    "regions whose letters, read row by row, spell dictionary words; says whether the\n"
    "solution is unique. Exit status 0 for every answer (unique, 2+ solutions, none).\n";

// The drawing of one solution followed by its words.
void WriteSolution(const ::squares::RegionsSolution& solution, Output& out) {
  out.write(solution.drawing);
  out.write("words: " + absl::StrJoin(solution.words, " ") + "\n");
}

// The lines of a drawing.
std::vector<std::string> Lines(const std::string& drawing) {
  std::vector<std::string> lines;
  for (std::string_view line : SplitString(drawing, '\n')) lines.emplace_back(line);
  if (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

// Two solutions side by side (drawings), then the words of each.
void WriteTwo(int cols, const std::vector<::squares::RegionsSolution>& two, Output& out) {
  const int width = 4 * cols + 1;  // columns of a drawing line (letters are 1 wide)
  const std::string gap = "   ";
  const std::vector<std::string> left = Lines(two[0].drawing);
  const std::vector<std::string> right = Lines(two[1].drawing);
  out.write(absl::StrFormat("%-*s%ssolution 2\n", width, "solution 1", gap));
  for (size_t i = 0; i < left.size(); ++i) out.write(absl::StrCat(left[i], gap, right[i], "\n"));
  for (int s = 0; s < 2; ++s) {
    out.write(absl::StrCat("solution ", s + 1, ": ", absl::StrJoin(two[s].words, " "), "\n"));
  }
}

absl::Status Solve(const ParsedArgs& args, const ::squares::RegionsOptions& options,
                   const ::squares::Dictionary& dictionary) {
  if (args.positional().size() != 1) {
    return UsageError(args.positional().empty() ? "regions: missing PUZZLE file"
                                                : "regions: expected one PUZZLE file");
  }
  const std::string& path = args.positional()[0];
  // 256 rows of 256 letters of up to 4 bytes, with room to spare.
  absl::StatusOr<std::string> text =
      ReadFile(path, size_t{1} << 20, "a region puzzle of up to 256x256 cells");
  if (!text.ok()) return text.status();
  Output& out = Output::Stdout();
  std::vector<::squares::RegionsSolution> first_two;  // without --all
  const ::squares::RegionsResult result = ::squares::SolveRegions(
      dictionary, *text, options, path, [&](const ::squares::RegionsSolution& solution) {
        if (!options.all) {
          first_two.push_back(solution);
          return true;
        }
        WriteSolution(solution, out);
        out.put('\n');
        return true;
      });
  if (first_two.size() == 1) WriteSolution(first_two[0], out);
  if (first_two.size() == 2) WriteTwo(result.cols, first_two, out);
  out.write(result.verdict_text() + "\n");
  if (args.has("stats")) {
    const ::squares::RegionsStats& st = result.stats;
    std::fprintf(stderr,
                 "regions: %dx%d, setup %.2f ms, %zu placements, %zu nodes, solve %.2f ms\n",
                 result.rows, result.cols, 1000 * st.setup_seconds, st.placements, st.nodes,
                 1000 * st.solve_seconds);
  }
  return absl::OkStatus();
}

absl::Status Make(const ParsedArgs& args, const ::squares::RegionsOptions& options,
                  const ::squares::Dictionary& dictionary) {
  if (!args.positional().empty()) return UsageError("regions: --make takes no PUZZLE file");
  const std::string shape = args.get("make");
  int rows = 0, cols = 0;
  const size_t x = shape.find('x');
  if (x == std::string::npos || !absl::SimpleAtoi(shape.substr(0, x), &rows) ||
      !absl::SimpleAtoi(shape.substr(x + 1), &cols) || rows < 1 || cols < 1 || rows > 50 ||
      cols > 50) {
    return UsageError(absl::StrCat("--make: expected ROWSxCOLS (1 to 50 each), got '", shape, "'"));
  }
  absl::StatusOr<int64_t> seed = args.get_int("seed", 1, 0, std::numeric_limits<int64_t>::max());
  if (!seed.ok()) return seed.status();

  const auto start = std::chrono::steady_clock::now();
  const ::squares::MadeRegions made =
      ::squares::MakeRegions(dictionary, rows, cols, options, *seed);
  Output& out = Output::Stdout();
  for (const std::string& row : made.rows) out.write(row + "\n");
  if (args.has("solution")) {
    out.put('\n');
    WriteSolution(made.solution, out);
  }
  if (args.has("stats")) {
    std::fprintf(stderr, "regions: made %dx%d in %d solver runs, %.2f ms\n", rows, cols,
                 made.attempts,
                 std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                     .count());
  }
  return absl::OkStatus();
}

absl::Status RunRegions(std::span<char* const> argv) {
  const auto& tables = RegionsCommand().tables;
  absl::StatusOr<ParsedArgs> args = ParseArgs(tables, argv);
  if (!args.ok()) return args.status();
  if (ShowHelp(*args, kRegionsUsage, tables)) return absl::OkStatus();
  absl::StatusOr<int64_t> min = args->get_int("min", 4, 1, kMaxRegionSize);
  if (!min.ok()) return min.status();
  absl::StatusOr<int64_t> max = args->get_int("max", 8, 1, kMaxRegionSize);
  if (!max.ok()) return max.status();
  if (*min > *max) return UsageError(absl::StrCat("--min ", *min, " is larger than --max ", *max));
  for (const char* option : {"seed", "solution"}) {
    if (args->has(option) && !args->has("make")) {
      return UsageError(absl::StrCat("--", option, " needs --make"));
    }
  }
  if (args->has("all") && args->has("make")) return UsageError("--all does not go with --make");

  ::squares::RegionsOptions options;
  options.min = static_cast<int>(*min), options.max = static_cast<int>(*max);
  options.all = args->has("all");
  options.upper = args->has("upper");
  const ::squares::Dictionary dictionary = LoadDictionary(*args);
  return args->has("make") ? Make(*args, options, dictionary) : Solve(*args, options, dictionary);
}

}  // namespace

const Command& RegionsCommand() {
  static const Command command{"regions",     "solve or make word-region puzzles",
                               kRegionsUsage, {kRegionOptions, DictionaryOptionTable()},
                               true,          RunRegionsCommand};
  return command;
}

int RunRegionsCommand(std::span<char* const> args) {
  return ExitCodeOf([&] { return RunRegions(args); });
}

}  // namespace squares::cli
