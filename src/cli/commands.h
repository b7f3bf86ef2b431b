// The subcommands of the `squares` binary, in one table: main() dispatches on it, and the man
// page and the shell completions are generated from it (src/doc/make_docs.cc), so they list every
// command and option that --help does.
#pragma once

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/cli.h"
#include "squares/dictionary.h"
#include "squares/error.h"
#include "squares/fill.h"
#include "squares/square_search.h"

namespace squares::cli {

struct Command {
  std::string_view name;     // the subcommand; "" for the square search (`squares [WORD]`)
  std::string_view summary;  // one line, for the man page
  std::string_view usage;    // the start of --help: usage lines, description, exit status
  std::vector<std::span<const OptionSpec>> tables;  // its options, in --help order
  bool file_arguments;  // its arguments are files (the completions offer file names)
  // Runs the command on its arguments (args[0] is the subcommand or program name) and
  // returns the exit code.
  int (*run)(std::span<char* const> args);
};

// Every command, the square search first.
std::span<const Command* const> Commands();

const Command& SquaresCommand();  // squares [WORD] [-n N] [--double] ...
const Command& StatsCommand();    // squares stats
const Command& IndexCommand();    // squares index LIST... -o FILE
const Command& FillCommand();     // squares fill GRID
const Command& RegionsCommand();  // squares regions PUZZLE | --make RxC
const Command& KakuroCommand();   // squares kakuro BOARD
const Command& ShapeCommand();    // squares shape FILE
const Command& ServeCommand();    // squares serve
const Command& PatternCommand();  // squares pattern SIZE | --check GRID...

// The square search's options from the square command's arguments (usage errors in the
// order the search's own checks follow; the search checks the rest).
absl::Status SquareOptionsFrom(const ParsedArgs& args, SquareOptions& options);
// fill's options (usage errors).
absl::StatusOr<FillOptions> FillOptionsFrom(const ParsedArgs& args);
// The output formats of the square commands and of fill, by their names on the command line
// (a usage error names the ones there are); fill's `pdf` is DocumentFormat::kPdf.
absl::StatusOr<SquareFormat> SquareFormatNamed(std::string_view name);
absl::StatusOr<DocumentFormat> DocumentFormatNamed(std::string_view name);
// Report an error as the command line does, after what stdout holds: "squares: MESSAGE" on
// stderr; the exit code (2 usage, 1 data).
int Fail(const absl::Status& status);
int Fail(const Error& error);
// Runs a command's body and returns the exit code: its failed status or squares::Error
// reported as Fail does, stdout flushed.
int ExitCodeOf(const std::function<absl::Status()>& run);
int RunSquaresCommand(std::span<char* const> args);
int RunStatsCommand(std::span<char* const> args);
int RunIndexCommand(std::span<char* const> args);
int RunRegionsCommand(std::span<char* const> args);
int RunFillCommand(std::span<char* const> args);
int RunKakuroCommand(std::span<char* const> args);
int RunShapeCommand(std::span<char* const> args);
int RunPatternCommand(std::span<char* const> args);
// Runs squares-serve, the program that serves (serve/serve_main.cc), in this process.
int RunServeCommand(std::span<char* const> args);

}  // namespace squares::cli
