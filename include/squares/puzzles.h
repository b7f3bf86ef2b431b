// squares: Kakuro boards and word-region puzzles, solved with a uniqueness check.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "squares/dictionary.h"
#include "squares/error.h"

namespace squares {

enum class KakuroVerdict {
  kUnique,     // exactly one solution
  kNotUnique,  // two or more (with `all`: KakuroResult::count of them)
  kNoSolution,
  kTimedOut,  // a timeout or a stop (the stop flag, or on_solution's false before the
              // search would have ended) before the verdict was known
};

struct KakuroOptions {
  bool all = false;  // every solution (else stop at the second)
  // At most this many solutions. Without all: 1 stops at the first solution (as `squares
  // kakuro` does to print it; the verdict kUnique then only says it was solved), 2 is the
  // default. 0: none, no board searched (each verdict kTimedOut), as SquareOptions::limit.
  std::optional<int64_t> limit;
  bool check = false;  // check each board's stored SOLUTION (not with all)
  double timeout = 0;  // seconds per board; 0: none
  const StopFlag* stop = nullptr;
};

// The search of one board (`squares kakuro --stats`).
struct KakuroStats {
  int white_cells = 0, runs = 0;
  int64_t nodes = 0, failures = 0, backjumps = 0, restarts = 0;
  double automata_seconds = 0, search_seconds = 0;
};

struct KakuroResult {
  std::string name;  // from the board's KAKURO header; "" for a bare board
  int rows = 0, cols = 0;
  KakuroVerdict verdict = KakuroVerdict::kNoSolution;
  int64_t count = 0;  // solutions found
  bool all = false;   // the options' all: count is every solution (unless limited)
  // Each solution: a digit 1..9 per cell, row-major; 0 for black and clue cells.
  std::vector<std::vector<int>> solutions;
  // With check (unless timed out): whether the board's stored solution is valid and the
  // only one, and what `squares kakuro --check` says of it ("ok: unique, matches the stored
  // solution", "FAILED: ...").
  bool check_ok = false;
  std::string check;
  KakuroStats stats;
  std::string verdict_text() const;  // as `squares kakuro --count` prints it
  // solutions[k] as `squares kakuro` prints it: a row a line, a digit per white cell and
  // '#' for every other cell, separated by spaces.
  std::string solution_text(size_t k) const;
};

// A solution's digits (as KakuroResult::solutions) as `squares kakuro` prints them: a row a
// line, a digit per white cell and '#' for every other cell, separated by spaces.
std::string KakuroSolutionText(int rows, int cols, const std::vector<int>& digits);

// Follows the boards as they are solved: called with each solution of a board (`solution`
// not null: its digits as in KakuroResult::solutions; false stops that board's search, whose
// verdict is then kTimedOut unless that solution reached the limit, 2 at most without all),
// then once when the board is done (`solution` null; false: no later board is solved). `board` is
// its result so far (count: the solutions before this one). It runs on the calling thread;
// if it throws, the search stops and the exception reaches the caller unchanged.
using KakuroCallback =
    std::function<bool(const KakuroResult& board, const std::vector<int>* solution)>;

// Solves every board of a Kakuro file given as text (errors name `source`, line, column).
// With `on_solution`, the solutions go to it instead of KakuroResult::solutions.
std::vector<KakuroResult> SolveKakuro(std::string_view boards, const KakuroOptions& options = {},
                                      const std::string& source = "<board>",
                                      const KakuroCallback& on_solution = {});

enum class RegionsVerdict {
  kUnique,     // exactly one solution
  kNotUnique,  // two or more (with `all`: RegionsResult::count of them)
  kNoSolution,
  kStopped,  // the stop flag, or on_solution's false before the search would have ended (without
             // all, at the second solution): the verdict was not reached
};

// The largest region, in cells.
inline constexpr int kMaxRegionSize = 10;

struct RegionsOptions {
  int min = 4, max = 8;  // region sizes, 1 <= min <= max <= kMaxRegionSize
  bool all = false;      // every solution (else stop at the second)
  bool upper = false;
  const StopFlag* stop = nullptr;
};

struct RegionsSolution {
  std::vector<std::string> words;  // the word of each region, in region order
  std::vector<int> region_of;      // per cell (row-major): its region, 0, 1, ... in reading order
  std::string drawing;             // the partition drawn with +---+ borders
};

// The search (`squares regions --stats`).
struct RegionsStats {
  size_t placements = 0;  // connected word placements, found before the search
  size_t nodes = 0;       // regions placed during the search
  double setup_seconds = 0, solve_seconds = 0;
};

struct RegionsResult {
  RegionsVerdict verdict = RegionsVerdict::kNoSolution;
  int rows = 0, cols = 0;
  size_t count = 0;                        // solutions found
  bool all = false;                        // the options' all
  std::vector<RegionsSolution> solutions;  // up to two (with all: every one)
  RegionsStats stats;
  std::string verdict_text() const;  // as `squares regions` prints it
};

// Splits a letter grid (rows of letters, one a line) into connected regions whose letters,
// read in row-major order, spell words.
// With `on_solution`, each solution is handed to it (false stops the search: kStopped unless
// it was the second solution without all, which settles kNotUnique) instead of
// kept in RegionsResult::solutions; if it throws, the search stops and the exception reaches
// the caller unchanged.
RegionsResult SolveRegions(const Dictionary& dictionary, std::string_view puzzle,
                           const RegionsOptions& options = {},
                           const std::string& source = "<puzzle>",
                           const std::function<bool(const RegionsSolution&)>& on_solution = {});

// Makes a region puzzle of rows x cols (1 to 50 each) with exactly one solution
// (deterministic per seed). Stopped (options.stop), it returns no rows.
struct MadeRegions {
  std::vector<std::string> rows;  // the puzzle's letters
  RegionsSolution solution;
  int attempts = 0;  // solver runs it took
};
MadeRegions MakeRegions(const Dictionary& dictionary, int rows, int cols,
                        const RegionsOptions& options = {}, uint64_t seed = 1);

}  // namespace squares
