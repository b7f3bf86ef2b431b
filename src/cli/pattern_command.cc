// squares pattern: a random legal block pattern, or the check of a grid's blocks.
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "squares/pattern.h"

namespace squares::cli {
namespace {

constexpr OptionSpec kPatternOptions[] = {
    {"seed", 0, "N", "random seed (default 1): the same seed makes the same pattern"},
    {"density", 0, "D", "blocks per cell, 0 to 0.4 (default 0.167, about a 15x15 daily's)"},
    {"check", 0, nullptr, "check the blocks of each GRID file instead"},
    {"help", 'h', nullptr, "show this help and exit"},
};
constexpr std::string_view kPatternUsage =
    "Usage: squares pattern [--seed N] [--density D] SIZE\n"
    "       squares pattern --check GRID...\n"
    "Prints a random block pattern of an American-style crossword, SIZE cells on a side (15)\n"
    "or ROWSxCOLS (15x21), 3 to 64: symmetric under a half turn, every entry at least three\n"
    "letters, every cell checked across and down, the white cells connected. Its rows of '#'\n"
    "and '.' are a grid `squares fill` reads.\n"
    "With --check, says of each grid file whether its blocks make such a pattern, and why not.\n"
    "Exit status 0; 1 when a checked grid's pattern is not legal, or no pattern was found.\n";

absl::Status Make(const ParsedArgs& args) {
  if (args.positional().size() != 1) {
    return UsageError(args.positional().empty() ? "pattern: missing SIZE (15, or ROWSxCOLS)"
                                                : "pattern: expected one SIZE");
  }
  const std::string& size = args.positional()[0];
  PatternOptions options;
  const size_t x = size.find('x');
  const bool sized = x == std::string::npos
                         ? absl::SimpleAtoi(size, &options.rows)
                         : absl::SimpleAtoi(size.substr(0, x), &options.rows) &&
                               absl::SimpleAtoi(size.substr(x + 1), &options.cols);
  if (!sized) return UsageError(absl::StrCat("pattern: SIZE is 15 or ROWSxCOLS, not '", size, "'"));
  if (x == std::string::npos) options.cols = options.rows;
  absl::StatusOr<int64_t> seed = args.get_int("seed", 1, 0, std::numeric_limits<int64_t>::max());
  if (!seed.ok()) return seed.status();
  options.seed = static_cast<uint64_t>(*seed);
  if (args.has("density") && !absl::SimpleAtod(args.get("density"), &options.density)) {
    return UsageError(
        absl::StrCat("--density: expected a number, got '", args.get("density"), "'"));
  }
  Output& out = Output::Stdout();
  for (const std::string& row : MakePattern(options)) out.write(row + "\n");
  return absl::OkStatus();
}

// Each file's verdict on stdout; data errors when some pattern is not legal.
absl::Status Check(const ParsedArgs& args) {
  if (args.positional().empty()) return UsageError("pattern: --check needs GRID files");
  for (const char* option : {"seed", "density"}) {
    if (args.has(option))
      return UsageError(absl::StrCat("--", option, " does not go with --check"));
  }
  Output& out = Output::Stdout();
  int illegal = 0;
  for (const std::string& path : args.positional()) {
    const PatternCheck check = CheckPattern(Grid::Load(path));
    out.write(absl::StrCat(path, ": ", check.legal ? "legal" : "not legal", "\n"));
    for (const std::string& problem : check.problems) out.write(absl::StrCat("  ", problem, "\n"));
    illegal += !check.legal;
  }
  if (illegal == 0) return absl::OkStatus();
  return absl::FailedPreconditionError(
      absl::StrCat(illegal, " of ", args.positional().size(), " patterns are not legal"));
}

absl::Status RunPattern(std::span<char* const> argv) {
  const auto& tables = PatternCommand().tables;
  absl::StatusOr<ParsedArgs> args = ParseArgs(tables, argv);
  if (!args.ok()) return args.status();
  if (ShowHelp(*args, kPatternUsage, tables)) return absl::OkStatus();
  return args->has("check") ? Check(*args) : Make(*args);
}

}  // namespace

const Command& PatternCommand() {
  static const Command command{"pattern",     "make or check American-style block patterns",
                               kPatternUsage, {kPatternOptions},
                               true,          RunPatternCommand};
  return command;
}

int RunPatternCommand(std::span<char* const> args) {
  return ExitCodeOf([&] { return RunPattern(args); });
}

}  // namespace squares::cli
