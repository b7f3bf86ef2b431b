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

// Parts of the commands that the library's API (squares.h) shares, so that it accepts the
// same options and reports the same errors.
// The square search's options from the square command's arguments (usage errors in the
// order the search's own checks follow; the search checks the rest).
absl::Status SquareOptionsFrom(const ParsedArgs& args, squares::SquareOptions& options);
// fill's options: the engine's, and those of the best-fill search.
struct FillSettings {
  FillOptions engine;
  int64_t polish = 10000;       // --polish: nodes of search for a better mean score
  double quality_seconds = 10;  // --quality-time: the best fill's search after the first fill
  bool any = false;             // --any: the first fill found, not the best
};
absl::StatusOr<FillSettings> FillOptionsFrom(const ParsedArgs& args);
// The engine's problem for a grid: a domain per cell, the slot's automaton per slot, but no
// slot for a fully pre-filled entry that the list lacks (kept as given, with a note). A letter
// outside the alphabet is a data error; a slot longer than any word, an OutOfRangeError
// (over-constrained).
struct GridFill {
  FillProblem problem;
  std::vector<int> grid_slot;      // problem slot -> grid slot
  std::vector<std::string> notes;  // the entries kept as given, for stderr
};
absl::StatusOr<GridFill> GridFillProblem(const Grid& grid, const Dictionary& dictionary,
                                         std::string_view path);
// A scored list (not all scores alike) has a best fill; fill searches for it unless --any,
// --all, --count or --deterministic.
bool IsScored(const FillProblem& problem);
bool IsBestMode(const FillProblem& problem, const FillSettings& settings);
// fill's search: the best fill (FillBest, its proof in `proof`) or the engine's fills in
// order, each given to `found`.
FillResult SearchFill(const FillProblem& problem, const FillSettings& settings,
                      FillQuality* proof, const std::function<void(std::span<const Letter>)>& found);
// A fill's letters, each cell's as UTF-8 ("" for black cells), and, when `quality` is given
// (a scored list), its quality, keeping the proof that SearchFill put there.
void ReadFill(const Grid& grid, const GridFill& grid_fill, const Alphabet& alphabet,
              ScoreOrder scores, std::span<const Letter> fill, std::vector<std::string>& letters,
              FillQuality* quality);
// What fill says of a result other than kFilled ("" for kFilled).
std::string FillStatusMessage(std::string_view path, const Grid& grid, const GridFill& fill,
                              const FillResult& result, const FillOptions& options);
// kakuro --count's verdict on a board: "unique", "not unique" (or "N solutions" when `all`),
// "no solution", "timed out".
std::string KakuroVerdict(int64_t found, bool all, bool timed_out);
// regions' --min and --max.
absl::StatusOr<RegionSizes> RegionSizesFrom(const ParsedArgs& args);

int RunSquaresCommand(std::span<char* const> args);
int RunStatsCommand(std::span<char* const> args);
int RunIndexCommand(std::span<char* const> args);
int RunRegionsCommand(std::span<char* const> args);
int RunFillCommand(std::span<char* const> args);
int RunKakuroCommand(std::span<char* const> args);
int RunShapeCommand(std::span<char* const> args);

}  // namespace squares::core
