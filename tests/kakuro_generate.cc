// kakuro_generate NAME ROWS COLS WHITES SEED: prints a random Kakuro board
// (scripts/bench-kakuro.sh).
#include <cstdio>
#include <cstdlib>

#include "kakuro_generator.h"

int main(int argc, char** argv) {
  if (argc != 6) {
    std::fprintf(stderr, "usage: kakuro_generate NAME ROWS COLS WHITES SEED\n");
    return 2;
  }
  std::string board = squares::core::GenerateKakuro(argv[1], std::atoi(argv[2]), std::atoi(argv[3]),
                                                    std::atoi(argv[4]),
                                                    std::strtoull(argv[5], nullptr, 10));
  std::fputs(board.c_str(), stdout);
  return 0;
}
