// Kakuro boards: any bytes are refused with a message naming the source, or parse into boards
// whose runs are 1..9 white cells inside the board with a sum a run of that length can have.
#include <cstdint>

#include "fuzz_targets.h"
#include "puzzles/kakuro.h"

namespace squares::core::fuzz {

void FuzzKakuro(std::string_view data) {
  auto boards = ParseKakuro("fuzz.kgrid", data);
  if (!boards.ok()) {
    FUZZ_CHECK(boards.status().message().substr(0, 10) == "fuzz.kgrid");
    return;
  }
  for (const KakuroBoard& board : *boards) {
    FUZZ_CHECK(board.rows > 0 && board.cols > 0);
    FUZZ_CHECK(board.tokens.size() == static_cast<size_t>(board.rows) * board.cols);
    for (const KakuroRun& run : board.runs) {
      const int n = static_cast<int>(run.cells.size());
      FUZZ_CHECK(n >= 1 && n <= 9);
      FUZZ_CHECK(run.sum >= n * (n + 1) / 2 && run.sum <= n * (19 - n) / 2);
      for (int w : run.cells) FUZZ_CHECK(w >= 0 && w < board.white_count());
    }
    FUZZ_CHECK(board.solution.empty() ||
               board.solution.size() == static_cast<size_t>(board.white_count()));
  }
}

}  // namespace squares::core::fuzz
