// squares: word squares, word rectangles and crossword grids on a compressed trie.
#include <csignal>
#include <cstring>
#include <span>

#include "cli/commands.h"

int main(int argc, char** argv) {
  // Writing into a closed pipe must end the program quietly: take EPIPE as an error return
  // (handled by squares::cli::Output) instead of dying from SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  std::span<char* const> args(argv, argc);
  if (argc >= 2) {
    for (const squares::cli::Command* command : squares::cli::Commands()) {
      if (!command->name.empty() && command->name == argv[1]) return command->run(args.subspan(1));
    }
  }
  return squares::cli::RunSquaresCommand(args);
}
