#include "kakuro_generator.h"

#include <random>
#include <vector>

#include "absl/strings/str_format.h"

namespace squares::core {
namespace {

// The layout: digit[r][c] = 0 for a black or clue cell, else the cell's digit (-1 while it is
// white but not assigned). Row 0 and column 0 are never white, so every run has a clue cell.
class Layout {
 public:
  Layout(int rows, int cols) : rows_(rows), cols_(cols), digit_(rows * cols, 0) {}

  int& at(int r, int c) { return digit_[r * cols_ + c]; }
  bool white(int r, int c) const {
    return r > 0 && c > 0 && r < rows_ && c < cols_ && digit_[r * cols_ + c] != 0;
  }
  int whites() const {
    int n = 0;
    for (int d : digit_) n += d != 0;
    return n;
  }
  // Length of the white segment through (r, c) across or down.
  int Segment(int r, int c, bool down) const {
    int n = 1;
    for (int k = 1; white(r + down * k, c + !down * k); ++k) ++n;
    for (int k = 1; white(r - down * k, c - !down * k); ++k) ++n;
    return n;
  }
  // Blackens white cells that lie in no run of 2+ cells, until none is left.
  void DropLoners() {
    for (bool changed = true; changed;) {
      changed = false;
      for (int r = 1; r < rows_; ++r) {
        for (int c = 1; c < cols_; ++c) {
          if (white(r, c) && Segment(r, c, false) == 1 && Segment(r, c, true) == 1) {
            at(r, c) = 0;
            changed = true;
          }
        }
      }
    }
  }
  // Breaks segments longer than 9 with a black cell at a random place that leaves 2..9 cells.
  void BreakLongRuns(std::mt19937_64& rng) {
    for (bool down : {false, true}) {
      for (int r = 1; r < rows_; ++r) {
        for (int c = 1; c < cols_; ++c) {
          const bool starts = white(r, c) && !white(r - down, c - !down);
          if (!starts || Segment(r, c, down) <= 9) continue;
          const int k = 2 + static_cast<int>(rng() % 8);  // cells kept before the break
          at(r + down * k, c + !down * k) = 0;
        }
      }
    }
  }

  int rows_, cols_;
  std::vector<int> digit_;
};

}  // namespace

std::string GenerateKakuro(const std::string& name, int rows, int cols, int whites, uint64_t seed) {
  std::mt19937_64 rng(seed);
  Layout g(rows, cols);
  for (int r = 1; r < rows; ++r) {
    for (int c = 1; c < cols; ++c) g.at(r, c) = rng() % 100 < 90 ? -1 : 0;
  }
  g.BreakLongRuns(rng);
  g.BreakLongRuns(rng);  // a second pass shortens what the first pass left over 9
  // Digits in reading order; a cell whose across and down neighbours before it leave no
  // digit free turns black (removing a cell never puts a digit twice in a run).
  for (int r = 1; r < rows; ++r) {
    for (int c = 1; c < cols; ++c) {
      if (!g.white(r, c)) continue;
      unsigned used = 0;
      for (int k = 1; g.white(r, c - k); ++k) used |= 1u << g.at(r, c - k);
      for (int k = 1; g.white(r - k, c); ++k) used |= 1u << g.at(r - k, c);
      std::vector<int> free;
      for (int d = 1; d <= 9; ++d) {
        if (!(used >> d & 1)) free.push_back(d);
      }
      g.at(r, c) = free.empty() ? 0 : free[rng() % free.size()];
    }
  }
  g.DropLoners();
  // Down to `whites` cells, one random cell (and the loners it leaves) at a time.
  for (int tries = 0; g.whites() > whites && tries < 100000; ++tries) {
    Layout before = g;
    int r = 1 + static_cast<int>(rng() % (rows - 1)), c = 1 + static_cast<int>(rng() % (cols - 1));
    if (!g.white(r, c)) continue;
    g.at(r, c) = 0;
    g.DropLoners();
    if (g.whites() < whites) g = before;
  }
  std::string board = absl::StrFormat("KAKURO %s %d %d\n", name, rows, cols), solution;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      std::string token = ".";
      if (!g.white(r, c)) {
        int sums[2] = {0, 0};  // down, right
        for (bool down : {true, false}) {
          const bool run = g.white(r + down, c + !down) &&
                           g.Segment(r + down, c + !down, down) >= 2;
          for (int k = 1; run && g.white(r + down * k, c + !down * k); ++k) {
            sums[!down] += g.at(r + down * k, c + !down * k);
          }
        }
        token = sums[0] || sums[1]
                    ? absl::StrFormat("%s\\%s", sums[0] ? std::to_string(sums[0]) : "",
                                      sums[1] ? std::to_string(sums[1]) : "")
                    : "#";
      }
      board += (c ? " " : "") + token;
      solution += (c ? " " : "") + (g.white(r, c) ? std::to_string(g.at(r, c)) : "#");
    }
    board += "\n";
    solution += "\n";
  }
  return board + "SOLUTION\n" + solution + "END\n";
}

}  // namespace squares::core
