// Kakuro: boards read from text, their runs, and the grid-fill problem whose slots
// are the runs, each with the automaton of the digit strings its clue allows.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "fill/grid_fill.h"
#include "lexicon/dawg.h"

namespace squares::core {

inline constexpr int kKakuroDigits = 9;  // digits 1..9 are the letters 0..8

// A maximal line of white cells after a clue, across (to the right of the clue) or down.
struct KakuroRun {
  bool down = false;
  int clue_row = 0, clue_col = 0;  // the clue cell (0-based)
  int sum = 0;
  std::vector<int> cells;  // white-cell indices (see KakuroBoard), in reading order
};

// One puzzle. Cells are row-major (cell = row * cols + col); white[cell] is its white-cell
// index (0, 1, ... in reading order) or -1 for a black or clue cell. Runs: for each clue cell
// in reading order, its across run, then its down run. Every white cell lies in at least one
// run, every run has 1..9 cells and a sum that distinct digits can make (the parser checks).
struct KakuroBoard {
  std::string name;  // from the KAKURO header; empty for a bare grid
  int rows = 0, cols = 0;
  std::vector<std::string> tokens;  // the board as written, one token per cell
  std::vector<int> white;
  std::vector<int> white_cells;  // white index -> cell
  std::vector<KakuroRun> runs;
  std::vector<uint8_t> solution;  // stored SOLUTION: digit per white index; empty if none
  int line = 1;                   // source line of the header (or of the first row)

  int white_count() const { return static_cast<int>(white_cells.size()); }
};

// Parses Kakuro boards: puzzles `KAKURO name rows cols`, the token
// rows (`.` white, `#` black, `D\R` clue with down sum D and right sum R, either may be
// empty), an optional SOLUTION block (a digit per white cell, `#` elsewhere), `END`; or one
// bare block of token rows with no header. Errors name the file, the line and, for a cell,
// its row and column: "b.txt:4: row 3, column 7: run of 10 cells is longer than 9".
absl::StatusOr<std::vector<KakuroBoard>> ParseKakuro(std::string_view name, std::string_view text);

// The automata of the digit strings with distinct digits, of one length (1..9) and sum, built
// once each on first use, straight from the digit sets (no word list) and minimal.
class DigitAutomata {
 public:
  const Dawg& Get(int length, int sum);

 private:
  std::array<std::unique_ptr<Dawg>, 10 * 46> cache_;
};

// The smallest and largest sum of `length` distinct digits 1..9.
int MinRunSum(int length);
int MaxRunSum(int length);

// The grid-fill problem of a board: one cell per white cell (all nine digits allowed), one slot
// per run with its (length, sum) automaton from `automata` (which must outlive the problem).
FillProblem KakuroProblem(const KakuroBoard& board, DigitAutomata& automata);

// OK when `digits` (1..9 per white index) satisfies every run; otherwise an error naming the
// first run that does not, by its clue's row and column.
absl::Status CheckKakuroDigits(const KakuroBoard& board, std::span<const uint8_t> digits);

// The solved grid in the SOLUTION block's syntax: per row, a digit per white cell and `#` for
// every other cell, separated by spaces.
std::string FormatKakuroSolution(const KakuroBoard& board, std::span<const uint8_t> digits);
// The same from a digit per cell (row-major; 0 for black and clue cells).
std::string FormatKakuroCells(int rows, int cols, std::span<const int> digits);

// A board's search on the fill engine: each solution, a digit 1..9 per white index, to
// `found` (false stops the search); and how long building the automata and searching took.
struct KakuroSearch {
  FillResult result;
  double automata_seconds = 0, search_seconds = 0;
};
KakuroSearch SearchKakuro(const KakuroBoard& board, DigitAutomata& automata,
                          const FillOptions& options,
                          const std::function<bool(std::span<const uint8_t>)>& found);

// kakuro --count's verdict on a board: "unique", "not unique" (or "N solutions" when `all`),
// "no solution", "timed out".
std::string KakuroVerdictText(int64_t found, bool all, bool timed_out);
// kakuro --check's verdict on a board whose search, stopped at the second solution, found
// `solutions`: "ok: unique, matches the stored solution" (`ok`) or "FAILED: ...".
std::string KakuroCheckVerdict(const KakuroBoard& board,
                               const std::vector<std::vector<uint8_t>>& solutions, bool* ok);

}  // namespace squares::core
