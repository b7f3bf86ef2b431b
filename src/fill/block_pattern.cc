// Block patterns: the legality check, and the random generator built on the same run and
// connection tests.
#include "fill/block_pattern.h"

#include <algorithm>
#include <random>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"

namespace squares::core {
namespace {

std::string CellName(const BlockPattern& pattern, int cell) {
  return absl::StrFormat("row %d, column %d", cell / pattern.cols + 1, cell % pattern.cols + 1);
}

// The cell at position `k` of line `line` (a row across, a column down).
int LineCell(const BlockPattern& pattern, bool across, int line, int k) {
  return across ? pattern.cell(line, k) : pattern.cell(k, line);
}

// Whether every white run of the line is at least kMinPatternEntry cells long.
bool LineRunsLong(const BlockPattern& pattern, bool across, int line) {
  const int length = across ? pattern.cols : pattern.rows;
  int run = 0;
  for (int k = 0; k <= length; ++k) {
    if (k < length && !pattern.black[LineCell(pattern, across, line, k)]) {
      ++run;
      continue;
    }
    if (run > 0 && run < kMinPatternEntry) return false;
    run = 0;
  }
  return true;
}

// The length of the white run through `cell` in one direction (0 for a block).
int RunThrough(const BlockPattern& pattern, int cell, bool across) {
  if (pattern.black[cell]) return 0;
  const int line = across ? cell / pattern.cols : cell % pattern.cols;
  const int at = across ? cell % pattern.cols : cell / pattern.cols;
  const int length = across ? pattern.cols : pattern.rows;
  int first = at, last = at;
  while (first > 0 && !pattern.black[LineCell(pattern, across, line, first - 1)]) --first;
  while (last + 1 < length && !pattern.black[LineCell(pattern, across, line, last + 1)]) ++last;
  return last - first + 1;
}

// The white cells `from` reaches, marked in `reached` (a breadth-first search; `queue` is
// scratch space); returns how many.
int Reach(const BlockPattern& pattern, int from, std::vector<uint8_t>& reached,
          std::vector<int>& queue) {
  reached.assign(pattern.black.size(), 0);
  queue.clear();
  queue.push_back(from);
  reached[from] = 1;
  for (size_t next = 0; next < queue.size(); ++next) {
    const int cell = queue[next], row = cell / pattern.cols, col = cell % pattern.cols;
    const int neighbours[4][2] = {{row - 1, col}, {row + 1, col}, {row, col - 1}, {row, col + 1}};
    for (const auto& [r, c] : neighbours) {
      if (r < 0 || c < 0 || r >= pattern.rows || c >= pattern.cols) continue;
      const int other = pattern.cell(r, c);
      if (pattern.black[other] || reached[other]) continue;
      reached[other] = 1;
      queue.push_back(other);
    }
  }
  return static_cast<int>(queue.size());
}

int FirstWhite(const BlockPattern& pattern) {
  const auto white = std::find(pattern.black.begin(), pattern.black.end(), 0);
  return white == pattern.black.end() ? -1 : static_cast<int>(white - pattern.black.begin());
}

// What the generator keeps between its tries: scratch space for Reach.
struct Scratch {
  std::vector<uint8_t> reached;
  std::vector<int> queue;
};

// The new blocks a block at `cell` brings: itself and, when it stands closer than
// kMinPatternEntry cells to an edge, the cells between it and the edge (their run would be too
// short), then the mirror of each; none already a block.
std::vector<int> Move(const BlockPattern& pattern, int cell) {
  const int row = cell / pattern.cols, col = cell % pattern.cols;
  std::vector<int> cells = {cell};
  const auto bar = [&](int from, int to, bool down, int line) {
    for (int k = from; k < to; ++k)
      cells.push_back(down ? pattern.cell(k, line) : pattern.cell(line, k));
  };
  if (row < kMinPatternEntry) bar(0, row, true, col);
  if (pattern.rows - 1 - row < kMinPatternEntry) bar(row + 1, pattern.rows, true, col);
  if (col < kMinPatternEntry) bar(0, col, false, row);
  if (pattern.cols - 1 - col < kMinPatternEntry) bar(col + 1, pattern.cols, false, row);
  for (size_t k = 0, n = cells.size(); k < n; ++k) cells.push_back(pattern.mirror(cells[k]));
  std::sort(cells.begin(), cells.end());
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  std::erase_if(cells, [&](int c) { return pattern.black[c] != 0; });
  return cells;
}

// Whether the blocks of `move` leave the pattern legal (symmetry holds by construction), given
// that it is legal now.
bool Allows(BlockPattern& pattern, const std::vector<int>& move, Scratch& scratch) {
  for (const int cell : move) pattern.black[cell] = 1;
  bool legal = true;
  for (const int cell : move) {
    legal = legal && LineRunsLong(pattern, true, cell / pattern.cols) &&
            LineRunsLong(pattern, false, cell % pattern.cols);
  }
  if (legal) {
    const int white = FirstWhite(pattern);
    const int whites = static_cast<int>(std::count(pattern.black.begin(), pattern.black.end(), 0));
    legal = white >= 0 && Reach(pattern, white, scratch.reached, scratch.queue) == whites;
  }
  for (const int cell : move) pattern.black[cell] = 0;
  return legal;
}

// The longest entry a move breaks. The generator prefers the move that breaks the longest,
// which spreads the blocks as constructors do.
int Breaks(const BlockPattern& pattern, const std::vector<int>& move) {
  int longest = 0;
  for (const int cell : move) {
    longest =
        std::max({longest, RunThrough(pattern, cell, true), RunThrough(pattern, cell, false)});
  }
  return longest;
}

void AddProblems(const BlockPattern& pattern, bool across, std::vector<std::string>& problems) {
  const int lines = across ? pattern.rows : pattern.cols;
  const int length = across ? pattern.cols : pattern.rows;
  const char* direction = across ? "across" : "down";
  for (int line = 0; line < lines; ++line) {
    int run = 0;
    for (int k = 0; k <= length; ++k) {
      if (k < length && !pattern.black[LineCell(pattern, across, line, k)]) {
        ++run;
        continue;
      }
      const int first = k - run;
      if (run == 1) {
        problems.push_back(
            absl::StrFormat("%s is unchecked: it is in no %s entry",
                            CellName(pattern, LineCell(pattern, across, line, first)), direction));
      } else if (run > 1 && run < kMinPatternEntry) {
        problems.push_back(absl::StrFormat(
            "the %s entry at %s has %d letters (at least %d)", direction,
            CellName(pattern, LineCell(pattern, across, line, first)), run, kMinPatternEntry));
      }
      run = 0;
    }
  }
}

}  // namespace

int BlockPattern::blocks() const {
  return static_cast<int>(std::count(black.begin(), black.end(), 1));
}

std::vector<std::string> BlockPattern::text_rows() const {
  std::vector<std::string> text(rows, std::string(cols, '.'));
  for (int cell = 0; cell < rows * cols; ++cell) {
    if (black[cell]) text[cell / cols][cell % cols] = '#';
  }
  return text;
}

std::vector<std::string> PatternProblems(const BlockPattern& pattern, size_t max_problems) {
  std::vector<std::string> problems;
  const int cells = pattern.rows * pattern.cols;
  for (int cell = 0; cell < cells; ++cell) {
    const int mirror = pattern.mirror(cell);
    if (cell < mirror && pattern.black[cell] != pattern.black[mirror]) {
      const int block = pattern.black[cell] ? cell : mirror;
      problems.push_back(absl::StrFormat(
          "%s is a block but %s is not (the pattern is not symmetric under a half turn)",
          CellName(pattern, block), CellName(pattern, block == cell ? mirror : cell)));
    }
  }
  AddProblems(pattern, true, problems);
  AddProblems(pattern, false, problems);
  const int white = FirstWhite(pattern);
  if (white < 0) {
    problems.emplace_back("the pattern has no white cell");
  } else {
    Scratch scratch;
    const int whites = static_cast<int>(std::count(pattern.black.begin(), pattern.black.end(), 0));
    const int reached = Reach(pattern, white, scratch.reached, scratch.queue);
    if (reached < whites) {
      int cut_off = 0;
      while (pattern.black[cut_off] || scratch.reached[cut_off]) ++cut_off;
      problems.push_back(absl::StrFormat(
          "the white cells are not connected: %d of them, the first at %s, cannot be reached "
          "from %s",
          whites - reached, CellName(pattern, cut_off), CellName(pattern, white)));
    }
  }
  if (problems.size() > max_problems) {
    const size_t more = problems.size() - max_problems;
    problems.resize(max_problems);
    problems.push_back(absl::StrFormat("and %d more problem%s", more, more == 1 ? "" : "s"));
  }
  return problems;
}

absl::StatusOr<BlockPattern> RandomPattern(int rows, int cols, int blocks, uint64_t seed) {
  if (rows < kMinPatternEntry || cols < kMinPatternEntry || rows > kMaxPatternSide ||
      cols > kMaxPatternSide) {
    return absl::InvalidArgumentError(
        absl::StrFormat("a pattern has %d to %d rows and columns, not %dx%d", kMinPatternEntry,
                        kMaxPatternSide, rows, cols));
  }
  if (blocks < 0 || blocks > rows * cols) {
    return absl::InvalidArgumentError(
        absl::StrFormat("a %dx%d pattern cannot have %d blocks", rows, cols, blocks));
  }
  // A try places blocks at random cells (with the bars to the edge they need: Move) that keep
  // the pattern legal, the best of a few drawn (Breaks), until there are enough or no cell is
  // left; a try that falls short starts again.
  constexpr int kTries = 20;
  constexpr int kDrawn = 12;
  std::mt19937_64 engine(seed);
  Scratch scratch;
  int most = 0;
  for (int attempt = 0; attempt < kTries; ++attempt) {
    BlockPattern pattern{rows, cols, std::vector<uint8_t>(static_cast<size_t>(rows) * cols, 0)};
    std::vector<int> open;  // the first cell of each mirror pair where a block may still go
    for (int cell = 0; cell < rows * cols; ++cell) {
      if (cell <= pattern.mirror(cell)) open.push_back(cell);
    }
    int placed = 0;
    while (placed < blocks && !open.empty()) {
      std::vector<int> best;
      int best_breaks = -1;
      for (int drawn = 0; drawn < kDrawn && !open.empty(); ++drawn) {
        const size_t k = engine() % open.size();
        const std::vector<int> move = Move(pattern, open[k]);
        // A move refused now is refused later too: blocks only shorten runs and cut paths,
        // and the count only grows.
        if (move.empty() || placed + static_cast<int>(move.size()) > blocks + 1 ||
            !Allows(pattern, move, scratch)) {
          open[k] = open.back();
          open.pop_back();
          continue;
        }
        const int breaks = Breaks(pattern, move) * 100 / static_cast<int>(move.size());
        if (breaks > best_breaks) best = move, best_breaks = breaks;
      }
      for (const int cell : best) pattern.black[cell] = 1;
      placed += static_cast<int>(best.size());
      std::erase_if(open, [&](int cell) { return pattern.black[cell] != 0; });
    }
    if (placed >= blocks) return pattern;
    most = std::max(most, placed);
  }
  return absl::FailedPreconditionError(absl::StrFormat(
      "no legal %dx%d pattern with %d blocks was found (at most %d in %d tries): ask for fewer "
      "blocks",
      rows, cols, blocks, most, kTries));
}

}  // namespace squares::core
