#include "squares/square_search.h"

#include <array>
#include <bit>
#include <cstring>

#include "absl/strings/str_format.h"

namespace squares {

absl::StatusOr<SquareSearch> SquareSearch::Create(const Dictionary& dictionary,
                                                  SquareProblem problem) {
  if (problem.rows < 1 || problem.cols < 1 || problem.rows > kMaxSquareSide ||
      problem.cols > kMaxSquareSide) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "size %dx%d is out of range (1..%d)", problem.rows, problem.cols, kMaxSquareSide));
  }
  if (problem.mode != SquareMode::kRectangle && problem.rows != problem.cols) {
    return absl::InvalidArgumentError("a square needs as many rows as columns");
  }
  const size_t cells = static_cast<size_t>(problem.rows) * problem.cols;
  if (problem.allowed.empty()) problem.allowed.assign(cells, ~LetterSet{0});
  if (problem.allowed.size() != cells) {
    return absl::InvalidArgumentError(
        absl::StrFormat("pattern has %d cells, expected %d", problem.allowed.size(), cells));
  }
  return SquareSearch(dictionary, std::move(problem));
}

SquareSearch::SquareSearch(const Dictionary& dictionary, SquareProblem problem)
    : problem_(std::move(problem)),
      row_dawg_(&dictionary.dawg(problem_.cols)),
      col_dawg_(&dictionary.dawg(problem_.rows)) {
  const int rows = problem_.rows, cols = problem_.cols;
  const bool symmetric = problem_.mode == SquareMode::kSymmetric;
  for (int i = 0; i < rows; ++i) {
    for (int j = symmetric ? i : 0; j < cols; ++j) {
      const int l = static_cast<int>(levels_.size());
      Level level;
      bool row_start = j == (symmetric ? i : 0);
      level.row_before = static_cast<uint16_t>(
          !row_start ? kRowBase + l - 1 : symmetric ? i * cols + i : kRootSlot);
      level.col_before = static_cast<uint16_t>(i * cols + j);
      level.row_after = static_cast<uint16_t>(kRowBase + l);
      level.col_after = static_cast<uint16_t>((i + 1) * cols + j);
      level.cell = static_cast<uint16_t>(i * cols + j);
      level.mirror = static_cast<uint16_t>(symmetric ? j * cols + i : i * cols + j);
      level.allowed = problem_.allowed[level.cell];
      if (symmetric) level.allowed &= problem_.allowed[level.mirror];
      levels_.push_back(level);
    }
  }
  has_filters_ = problem_.distinct || problem_.no_transpose || problem_.contains.has_value();
}

bool SquareSearch::PassesFilters(const Letter* grid) const {
  const int rows = problem_.rows, cols = problem_.cols;
  auto row = [&](int i) { return WordView(grid + i * cols, cols); };
  auto col = [&](int j, Word& out) {
    out.resize(rows);
    for (int i = 0; i < rows; ++i) out[i] = grid[i * cols + j];
  };
  if (problem_.contains) {
    bool found = false;
    for (int i = 0; i < rows && !found; ++i) found = row(i) == *problem_.contains;
    if (!found) return false;
  }
  if (problem_.no_transpose) {
    // Keep the square whose rows, read in order, are not after its columns.
    for (int k = 0; k < rows * cols; ++k) {
      Letter by_rows = grid[k], by_cols = grid[(k % cols) * cols + k / cols];
      if (by_rows != by_cols) {
        if (by_rows > by_cols) return false;
        break;
      }
    }
  }
  if (problem_.distinct) {
    for (int a = 0; a < rows; ++a) {
      for (int b = a + 1; b < rows; ++b) {
        if (row(a) == row(b)) return false;
      }
    }
    if (problem_.mode != SquareMode::kSymmetric) {
      std::vector<Word> columns(cols);
      for (int j = 0; j < cols; ++j) col(j, columns[j]);
      for (int a = 0; a < cols; ++a) {
        for (int b = a + 1; b < cols; ++b) {
          if (columns[a] == columns[b]) return false;
        }
        if (rows == cols) {
          for (int i = 0; i < rows; ++i) {
            if (row(i) == WordView(columns[a])) return false;
          }
        }
      }
    }
  }
  return true;
}

template <class Mask, bool kCountOnly>
SquareStats SquareSearch::RunTyped(const SquareTask& task, int end_level, SquareSink* sink,
                                   std::vector<SquareTask>* prefixes,
                                   const std::atomic<bool>* stop) const {
  const DawgEntry<Mask>* row_entries = row_dawg_->entries<Mask>();
  const DawgEntry<Mask>* col_entries = col_dawg_->entries<Mask>();
  const Level* level = levels_.data();
  const int last = levels() - 1;
  SquareStats stats;
  if (row_dawg_->word_count() == 0 || col_dawg_->word_count() == 0) return stats;

  // The state holds entries by value, so reading a walker's mask is an L1 hit and each
  // placement costs one automaton load per walker.
  std::array<DawgEntry<Mask>, kStateSize> state;
  state.fill(col_entries[Dawg::kRoot]);
  state[kRootSlot] = row_entries[Dawg::kRoot];
  std::array<Mask, kMaxSquareSide * kMaxSquareSide> avail;
  std::array<Letter, kMaxSquareSide * kMaxSquareSide> grid{};
  std::array<Letter, kMaxSquareSide * kMaxSquareSide> letters;

  auto child = [](const DawgEntry<Mask>& e, int c) {
    return e.first + static_cast<uint32_t>(std::popcount(e.mask & ((Mask{1} << c) - 1)));
  };
  auto allowed = [&](int l) {
    const Level& lv = level[l];
    return state[lv.row_before].mask & state[lv.col_before].mask & static_cast<Mask>(lv.allowed);
  };
  auto place = [&](int l, int c) {
    const Level& lv = level[l];
    state[lv.row_after] = row_entries[child(state[lv.row_before], c)];
    state[lv.col_after] = col_entries[child(state[lv.col_before], c)];
    if constexpr (!kCountOnly) {
      grid[lv.cell] = grid[lv.mirror] = static_cast<Letter>(c);
      letters[l] = static_cast<Letter>(c);
    }
  };
  // Reports a complete assignment of levels [0, end_level); false = stop.
  auto leaf = [&]() {
    if (end_level <= last) {
      prefixes->emplace_back(letters.begin(), letters.begin() + end_level);
      return true;
    }
    if (has_filters_ && !PassesFilters(grid.data())) return true;
    ++stats.squares;
    if (sink && !sink->Accept(grid.data())) return false;
    return !(stop && stop->load(std::memory_order_relaxed));
  };

  // Replay the task's fixed prefix; the search proper starts below it.
  const int base = static_cast<int>(task.size());
  for (int l = 0; l < base; ++l) {
    if (!(allowed(l) >> task[l] & 1)) return stats;
    place(l, task[l]);
  }
  if (base == end_level) {
    leaf();
    return stats;
  }
  // The loop keeps the current level's untried letters in `m`; avail[] holds them for the
  // levels above. Counting needs no descent into the last level: every letter allowed there
  // completes a square.
  int l = base;
  Mask m = allowed(l);
  uint64_t nodes = 0;
  if (kCountOnly && base == last) {
    stats.squares = stats.nodes = std::popcount(m);
    return stats;
  }
  for (;;) {
    if (m == 0) {
      if (l == base) break;
      m = avail[--l];
      continue;
    }
    int c = std::countr_zero(m);
    m &= m - 1;
    place(l, c);
    ++nodes;
    if (l + 1 == end_level) {
      if (!leaf()) break;
      continue;
    }
    Mask next = allowed(l + 1);
    if constexpr (kCountOnly) {
      if (l + 1 == last) {
        int found = std::popcount(next);
        nodes += found;
        stats.squares += found;
        continue;
      }
    }
    avail[l++] = m;
    m = next;
  }
  stats.nodes = nodes;
  return stats;
}

SquareStats SquareSearch::RunAny(const SquareTask& task, int end_level, SquareSink* sink,
                                 std::vector<SquareTask>* prefixes,
                                 const std::atomic<bool>* stop) const {
  const bool count_only = sink == nullptr && prefixes == nullptr && !has_filters_;
  if (row_dawg_->wide()) {
    return count_only ? RunTyped<uint64_t, true>(task, end_level, sink, prefixes, stop)
                      : RunTyped<uint64_t, false>(task, end_level, sink, prefixes, stop);
  }
  return count_only ? RunTyped<uint32_t, true>(task, end_level, sink, prefixes, stop)
                    : RunTyped<uint32_t, false>(task, end_level, sink, prefixes, stop);
}

SquareStats SquareSearch::Run(const SquareTask& task, SquareSink* sink,
                              const std::atomic<bool>* stop) const {
  return RunAny(task, levels(), sink, nullptr, stop);
}

std::vector<SquareTask> SquareSearch::Split(size_t min_tasks, const SquareTask& from) const {
  std::vector<SquareTask> tasks = {from};
  for (int depth = static_cast<int>(from.size()) + 1; depth < levels() && tasks.size() < min_tasks;
       ++depth) {
    std::vector<SquareTask> deeper;
    for (const SquareTask& task : tasks) RunAny(task, depth, nullptr, &deeper, nullptr);
    tasks = std::move(deeper);
  }
  return tasks;
}

}  // namespace squares
