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
#include "fill/fill_output.h"
#include "fill/grid.h"
#include "fill/grid_fill.h"
#include "puzzles/regions.h"
#include "search/square_search.h"
#include "squares/square_search.h"
#include "squares/dictionary.h"
#include "squares/fill.h"

namespace squares::core {

struct Command {
  std::string_view name;     // the subcommand; "" for the square search (`squares [WORD]`)
  std::string_view summary;  // one line, for the man page
  std::string_view usage;    // the start of --help: usage lines, description, exit status
  std::vector<std::span<const OptionSpec>> tables;  // its options, in --help order
  bool file_arguments;       // its arguments are files (the completions offer file names)
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

// Parts of the commands that the library's API (squares.h) shares, so that it accepts the
// same options and reports the same errors.
// The square search's options from the square command's arguments (usage errors in the
// order the search's own checks follow; the search checks the rest).
absl::Status SquareOptionsFrom(const ParsedArgs& args, squares::SquareOptions& options);
// fill's options (usage errors).
absl::StatusOr<::squares::FillOptions> FillOptionsFrom(const ParsedArgs& args);
// The dictionary of the command's options (--dict, ...) as the API's (a squares::Error).
::squares::Dictionary LoadApiDictionary(const ParsedArgs& args);
// Report an error as the command line does, after what stdout holds: "squares: MESSAGE" on
// stderr; the exit code (2 usage, 1 data).
int Fail(const absl::Status& status);
int Fail(const ::squares::Error& error);
int RunSquaresCommand(std::span<char* const> args);
int RunStatsCommand(std::span<char* const> args);
int RunIndexCommand(std::span<char* const> args);
int RunRegionsCommand(std::span<char* const> args);
int RunFillCommand(std::span<char* const> args);
int RunKakuroCommand(std::span<char* const> args);
int RunShapeCommand(std::span<char* const> args);
// Runs squares-serve, the program beside this one that serves (serve_main.cc), in this process.
int RunServeCommand(std::span<char* const> args);

}  // namespace squares::core
