// squares: word squares, word rectangles and crossword grids on a compressed trie.
#include <csignal>
#include <cstring>
#include <span>
#include <string_view>

#include "squares/commands.h"

namespace {

struct Subcommand {
  std::string_view name;
  int (*run)(std::span<char* const>);
};

constexpr Subcommand kSubcommands[] = {
    {"stats", squares::RunStatsCommand},
    {"index", squares::RunIndexCommand},
    {"fill", squares::RunFillCommand},
    {"regions", squares::RunRegionsCommand},
    {"kakuro", squares::RunKakuroCommand},
    {"shape", squares::RunShapeCommand},
};

}  // namespace

int main(int argc, char** argv) {
  // Writing into a closed pipe must end the program quietly: take EPIPE as an error return
  // (handled by squares::Output) instead of dying from SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  std::span<char* const> args(argv, argc);
  if (argc >= 2) {
    for (const Subcommand& sub : kSubcommands) {
      if (sub.name == argv[1]) return sub.run(args.subspan(1));
    }
  }
  return squares::RunSquaresCommand(args);
}
