// Square search, the run phase: runs, tasks (split and weighed) and the result filters. The
// level loop they call is square_loop.h; the levels it walks are built in square_search.cc.
#include "search/square_search.h"

#include <algorithm>
#include <atomic>
#include <vector>

namespace squares::core {

bool SquareSearch::PassesTranspose(const Letter* grid) const {
  const int rows = problem_.rows, cols = problem_.cols;
  auto col = [&](int j, Word& out) {
    out.resize(rows);
    for (int i = 0; i < rows; ++i) out[i] = grid[i * cols + j];
  };
  // Of a square and its transpose, keep the one whose rows, read in order, come first;
  // when the transpose breaks a constraint (pattern, contains) it is not listed, so keep
  // this one. (--distinct holds for both or neither.)
  auto transpose_listed = [&] {
    for (int k = 0; k < rows * cols; ++k) {
      if (!(problem_.allowed[k] >> grid[(k % cols) * cols + k / cols] & 1)) return false;
    }
    if (!problem_.contains) return true;
    Word column;
    for (int j = 0; j < cols; ++j) {
      col(j, column);
      if (column == *problem_.contains) return true;
    }
    return false;
  };
  for (int k = 0; k < rows * cols; ++k) {
    Letter by_rows = grid[k], by_cols = grid[(k % cols) * cols + k / cols];
    if (by_rows != by_cols) return !(by_rows > by_cols && transpose_listed());
  }
  return true;
}

// --contains looks at the first contains_words_ words (a square's rows); --distinct at all.
bool SquareSearch::PassesFilters(const Letter* grid) const {
  const std::vector<ShapeWord>& words = shape_.shape.words;
  auto same = [&](const ShapeWord& a, const ShapeWord& b) {
    if (a.cells.size() != b.cells.size()) return false;
    for (size_t k = 0; k < a.cells.size(); ++k) {
      if (grid[a.cells[k]] != grid[b.cells[k]]) return false;
    }
    return true;
  };
  if (shape_.contains) {
    const Word& wanted = *shape_.contains;
    auto is_wanted = [&](const ShapeWord& word) {
      if (word.cells.size() != wanted.size()) return false;
      for (size_t k = 0; k < wanted.size(); ++k) {
        if (grid[word.cells[k]] != wanted[k]) return false;
      }
      return true;
    };
    if (std::none_of(words.begin(), words.begin() + contains_words_, is_wanted)) return false;
  }
  if (problem_.no_transpose && !PassesTranspose(grid)) return false;
  if (shape_.distinct) {
    for (size_t a = 0; a < words.size(); ++a) {
      for (size_t b = a + 1; b < words.size(); ++b) {
        if (same(words[a], words[b])) return false;
      }
    }
  }
  return true;
}

// Where the loop reads the letter rows, its build for AVX-512 on a CPU that has it: the rows'
// test (Allowing) takes two instructions there instead of some thirty.
LoopIsa SquareSearch::loop_isa() const {
#if SQUARES_LOOP_AVX512
  static const bool avx512 =
      __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq") &&
      __builtin_cpu_supports("avx512cd");
  if (avx512 && look_ahead_.letter_rows) return LoopIsa::kAvx512;
#endif
  return LoopIsa::kBase;
}

SquareStats SquareSearch::RunAny(const SquareTask& task, int end_level, SquareSink* sink,
                                 std::vector<SquareTask>* prefixes, const std::atomic<bool>* stop,
                                 Tie tie) const {
  if (cuts_transposes()) tie = Tie{{TieMode::kAtLeast}};
  const bool count_only = sink == nullptr && prefixes == nullptr && !has_filters_ &&
                          end_level == levels();
  if (plan_.wide) {
    return count_only ? RunWalkers<uint64_t, true>(task, end_level, sink, prefixes, stop, tie)
                      : RunWalkers<uint64_t, false>(task, end_level, sink, prefixes, stop, tie);
  }
  if (loop_isa() == LoopIsa::kAvx512) {
    return count_only ? RunWalkers<uint32_t, true, LoopIsa::kAvx512>(task, end_level, sink,
                                                                     prefixes, stop, tie)
                      : RunWalkers<uint32_t, false, LoopIsa::kAvx512>(task, end_level, sink,
                                                                      prefixes, stop, tie);
  }
  return count_only ? RunWalkers<uint32_t, true>(task, end_level, sink, prefixes, stop, tie)
                    : RunWalkers<uint32_t, false>(task, end_level, sink, prefixes, stop, tie);
}

SquareStats SquareSearch::Run(const SquareTask& task, SquareSink* sink,
                              const std::atomic<bool>* stop, bool sum_only) const {
  if (sink || !sum_only || plan_.tie_runs.empty()) {
    return RunAny(task, levels(), sink, nullptr, stop);
  }
  // The runs with ties (see WalkPlan::tie_runs), their results weighed (modulo 2^64: some
  // weights are negative); stopped, the count is partial anyway.
  SquareStats total;
  for (const Tie& run : plan_.tie_runs) {
    const SquareStats part = RunAny(task, levels(), nullptr, nullptr, stop, run);
    if (stop && stop->load(std::memory_order_relaxed)) return part;
    total += part;
  }
  return total;
}

std::vector<uint64_t> SquareSearch::Weigh(const std::vector<SquareTask>& tasks, int probe_levels,
                                          uint64_t budget, const std::atomic<bool>* stop) const {
  auto weigh = [&](const SquareTask& task, int probe) {
    const int depth = std::min(levels(), static_cast<int>(task.size()) + probe);
    return 1 + RunAny(task, depth, nullptr, nullptr, stop, Tie{}).squares;
  };
  // The depth from about 1024 tasks spread evenly, so that the full pass runs once.
  const size_t stride = tasks.size() / 1024 + 1;
  int probe = budget == UINT64_MAX ? probe_levels : 1;  // no budget: nothing to sample
  for (; probe < probe_levels; ++probe) {
    unsigned __int128 sampled = 0;
    for (size_t k = 0; k < tasks.size(); k += stride) sampled += weigh(tasks[k], probe);
    if (sampled * stride >= budget) break;
  }
  std::vector<uint64_t> weights;
  weights.reserve(tasks.size());
  for (const SquareTask& task : tasks) weights.push_back(weigh(task, probe));
  return weights;
}

std::vector<SquareTask> SquareSearch::Split(size_t min_tasks, const SquareTask& from,
                                            const std::atomic<bool>* stop) const {
  std::vector<SquareTask> tasks = {from};
  for (int depth = static_cast<int>(from.size()) + 1; depth < levels() && tasks.size() < min_tasks;
       ++depth) {
    std::vector<SquareTask> deeper;
    for (const SquareTask& task : tasks) RunAny(task, depth, nullptr, &deeper, stop, Tie{});
    tasks = std::move(deeper);
    if (stop && stop->load(std::memory_order_relaxed)) break;
  }
  return tasks;
}

}  // namespace squares::core
