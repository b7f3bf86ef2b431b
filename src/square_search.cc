#include "squares/square_search.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

#include "absl/strings/str_format.h"

namespace squares {
namespace {

// Counts of squares below the start of a row, keyed by the states of the columns still open:
// in a symmetric square, rows i.. are determined by columns i..n-1 alone, and thanks to the
// suffix sharing of the automaton the same tuple of column states recurs many times (3.4x on
// average at row 2 of the 5x5 letterpress search; at row 1, first rows that differ only in
// their first letter share everything below: a quarter of the 6x6 wamerican ones). A direct-mapped cache of fixed size: a
// colliding key evicts; keys are stored whole, so there are no false hits. A state is named
// by its child group (`first`), which is unique among non-final states and never 0.
// Whether a row's memo pays (reuse times subtree size against the cost of a lookup that
// misses the CPU caches) is measured as the search runs; rows where it does not are dropped.
// The measurements live with the table, so the many tasks a thread runs learn it once.
class SubtreeMemo {
 public:
  static constexpr int kWidth = 6;  // memo rows have at most this many open columns
  struct Slot {
    std::array<uint32_t, kWidth> key;
    uint64_t count;
  };
  static constexpr uint64_t kEmpty = UINT64_MAX;
  struct Measure {  // per level
    uint64_t lookups = 0, hits = 0, misses_done = 0, subtree_nodes = 0;
    bool on = true;
  };

  // The table of the calling thread, emptied when it last served another search.
  static SubtreeMemo& ForSearch(uint64_t search_id, int levels) {
    thread_local SubtreeMemo memo;
    if (memo.owner_ != search_id) {
      memo.slots_.assign(size_t{1} << kBits, Slot{{}, kEmpty});
      memo.measure.assign(levels, Measure{});
      memo.owner_ = search_id;
    }
    return memo;
  }
  std::vector<Measure> measure;
  Slot& slot(const std::array<uint32_t, kWidth>& key) {
    constexpr uint64_t kMul[kWidth] = {0x9E3779B97F4A7C15ull, 0xC2B2AE3D27D4EB4Full,
                                       0x165667B19E3779F9ull, 0x27D4EB2F165667C5ull,
                                       0xFF51AFD7ED558CCDull, 0xC4CEB9FE1A85EC53ull};
    uint64_t h = 0;
    for (int k = 0; k < kWidth; ++k) h ^= key[k] * kMul[k];
    return slots_[(h ^ h >> 29) & ((size_t{1} << kBits) - 1)];
  }

 private:
  static constexpr int kBits = 17;
  std::vector<Slot> slots_;
  uint64_t owner_ = 0;
};

std::atomic<uint64_t> next_search_id = 1;

// The letters d = 1..depths below each state, at [(d - 1) * entry_count + state.first]: one
// plane per depth, so the states a check reads lie close together.
template <class Mask>
std::vector<Mask> Reach(const Dawg& dawg, int depths) {
  const DawgEntry<Mask>* entries = dawg.entries<Mask>();
  const size_t plane = dawg.entry_count();
  std::vector<Mask> reach(plane * depths, 0);
  std::vector<bool> done(dawg.entry_count(), false);
  // Depth first; a state's letters d below are its children's letters d-1 below.
  auto fill = [&](auto& self, const DawgEntry<Mask>& e) -> void {
    if (e.mask == 0 || done[e.first]) return;
    done[e.first] = true;
    for (int k = 0; k < std::popcount(e.mask); ++k) {
      const DawgEntry<Mask>& c = entries[e.first + k];
      self(self, c);
      reach[e.first] |= c.mask;
      for (int d = 2; d <= depths && c.mask != 0; ++d) {
        reach[(d - 1) * plane + e.first] |= reach[(d - 2) * plane + c.first];
      }
    }
  };
  fill(fill, entries[Dawg::kRoot]);
  return reach;
}

}  // namespace

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
      // In a symmetric square the walker of row i after the diagonal cell is column i's.
      const bool after_diagonal = symmetric && j == i + 1;
      level.row_before = static_cast<uint16_t>(
          after_diagonal ? (i + 1) * cols + i
          : !row_start   ? kRowBase + l - 1
          : symmetric    ? i * cols + i
                         : kRootSlot);
      // The row walker is not needed past a row's last cell (nor at a symmetric diagonal,
      // where it is the column's); no column walker is needed past the last row.
      level.step_row = !(symmetric && i == j) && j + 1 < cols;
      level.step_col = i + 1 < rows;
      level.memo = symmetric && j == i && i >= 1 && rows - i <= SubtreeMemo::kWidth && i + 2 < rows;
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
  if (symmetric) BuildChecks();
  has_filters_ = problem_.distinct || problem_.no_transpose || problem_.contains.has_value();
  search_id_ = next_search_id++;
}

// Look-ahead for symmetric squares. Placing cell (i, j) fixes column j down to row i and
// moves row i's walker on; rows i+1.. are still open. Two tests find dead ends early:
//   columns: cell (b, j) of a later row b < j lies j-i-1 letters below column b's state and
//            b-i-1 below column j's (both after row i);
//   row:     cell (i, j+1+k) lies k letters below row i's walker and in column j+1+k's mask.
// Each is a necessary condition only, so the search still tests every letter as it places it.
void SquareSearch::BuildChecks() {
  const int n = problem_.rows;
  const int depths = std::max(1, row_dawg_->length() - 1);
  if (row_dawg_->entry_count() * depths > UINT32_MAX) return;  // plane offsets are 32-bit
  if (row_dawg_->wide()) reach_wide_ = Reach<uint64_t>(*row_dawg_, depths);
  else reach_narrow_ = Reach<uint32_t>(*row_dawg_, depths);
  // Offset of the plane of letters `depth` below a state; kOwnMask: the state's mask.
  auto plane = [&](int depth) {
    return depth == 0 ? kOwnMask : static_cast<uint32_t>((depth - 1) * row_dawg_->entry_count());
  };
  auto col_slot = [&](int depth, int j) { return static_cast<uint16_t>(depth * n + j); };
  for (Level& level : levels_) {
    const int i = level.cell / n, j = level.cell % n;
    level.checks_begin = static_cast<uint16_t>(checks_.size());
    if (i + 1 < n) {
      for (int b = i + 1; b < j; ++b) {
        checks_.push_back({col_slot(i + 1, b), col_slot(i + 1, j), plane(j - i - 1), plane(b - i - 1)});
      }
      const uint16_t walker = i == j ? level.col_after : level.row_after;
      for (int k = 1; j + 1 + k < n; ++k) {
        checks_.push_back({walker, col_slot(i, j + 1 + k), plane(k), kOwnMask});
      }
    }
    level.checks_end = static_cast<uint16_t>(checks_.size());
  }
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
      if (by_rows != by_cols) {
        if (by_rows > by_cols && transpose_listed()) return false;
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
                                   const std::atomic<bool>* stop, Tie tie) const {
  const DawgEntry<Mask>* row_entries = row_dawg_->entries<Mask>();
  const DawgEntry<Mask>* col_entries = col_dawg_->entries<Mask>();
  const Level* level = levels_.data();
  const int last = levels() - 1;
  const int rows = problem_.rows, cols = problem_.cols;
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
  SquareImage* image = sink ? sink->image() : nullptr;
  char* image_text = image ? image->text.data() : nullptr;
  const std::array<uint32_t, 2>* image_at = image ? image->offsets.data() : nullptr;
  const char* image_byte = image ? image->byte_of.data() : nullptr;
  auto place = [&](int l, int c) {
    const Level& lv = level[l];
    if (lv.step_row) state[lv.row_after] = row_entries[child(state[lv.row_before], c)];
    if (lv.step_col) state[lv.col_after] = col_entries[child(state[lv.col_before], c)];
    if constexpr (!kCountOnly) {
      grid[lv.cell] = grid[lv.mirror] = static_cast<Letter>(c);
      if (image_text) {
        const char byte = image_byte[c];
        const uint32_t at[4] = {image_at[lv.cell][0], image_at[lv.cell][1], image_at[lv.mirror][0],
                                image_at[lv.mirror][1]};
        for (uint32_t k : at) image_text[k] = byte;
      }
    }
    letters[l] = static_cast<Letter>(c);
  };
  // Double squares counted up to transposition: the letter of cell (i, 0) against that of
  // cell (0, i), at least it while column 0 and row 0 agree so far (kAtLeast), or equal to
  // it (kEqual).
  auto constrain = [&](int l, Mask m) {
    if (tie == Tie::kNone || level[l].cell % cols != 0 || level[l].cell == 0) return m;
    const int i = level[l].cell / cols;
    const Mask own = Mask{1} << letters[i];  // row-major levels: cell (0, i) is level i
    if (tie == Tie::kEqual) return m & own;
    for (int k = 1; k < i; ++k) {
      if (letters[k * cols] != letters[k]) return m;
    }
    return m & ~(own - 1);
  };
  const Mask* reach = this->reach<Mask>();
  const Check* checks = checks_.data();
  const bool checking = !checks_.empty();  // symmetric squares only
  auto alive = [&](const Level& lv) {
    for (int k = lv.checks_begin; k < lv.checks_end; ++k) {
      const Check& ch = checks[k];
      const DawgEntry<Mask>& a = state[ch.slot_a];
      const DawgEntry<Mask>& b = state[ch.slot_b];
      Mask below_b = ch.plane_b == kOwnMask ? b.mask : reach[ch.plane_b + b.first];
      if ((reach[ch.plane_a + a.first] & below_b) == 0) return false;
    }
    return true;
  };
  // Reports a complete assignment of levels [0, end_level); false = stop.
  auto leaf = [&]() {
    if (end_level <= last) {
      if (prefixes) prefixes->emplace_back(letters.begin(), letters.begin() + end_level);
      ++stats.squares;  // counts prefixes here
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
    if (!(constrain(l, allowed(l)) >> task[l] & 1)) return stats;
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
  Mask m = constrain(l, allowed(l));
  uint64_t nodes = 0;
  if (kCountOnly && base == last) {
    stats.squares = stats.nodes = std::popcount(m);
    return stats;
  }
  // Counting: a memo row's subtree count, from the cache or stored when the search leaves it.
  // Per level: the slot to fill when the subtree is done (null when none), the entry, and
  // the measurements that decide whether the level keeps its memo.
  struct MemoLevel {
    SubtreeMemo::Slot* slot = nullptr;
    SubtreeMemo::Slot entry;  // entry.count holds the squares before the subtree until done
    uint64_t nodes_before;
    SubtreeMemo::Measure* measure;  // null: no memo at this level
  };
  [[maybe_unused]] SubtreeMemo* memo = nullptr;
  std::vector<MemoLevel> memo_level;
  if constexpr (kCountOnly) {
    memo = &SubtreeMemo::ForSearch(search_id_, levels());
    memo_level.resize(levels());
    for (int k = 0; k < levels(); ++k) {
      memo_level[k].measure = level[k].memo && memo->measure[k].on ? &memo->measure[k] : nullptr;
    }
  }
  for (;;) {
    if (m == 0) {
      if (l == base) break;
      if constexpr (kCountOnly) {
        if (MemoLevel& ml = memo_level[l]; ml.slot) {
          ml.entry.count = stats.squares - ml.entry.count;
          *ml.slot = ml.entry;
          ml.slot = nullptr;
          ++ml.measure->misses_done;
          ml.measure->subtree_nodes += nodes - ml.nodes_before;
        }
      }
      m = avail[--l];
      continue;
    }
    int c = std::countr_zero(m);
    m &= m - 1;
    place(l, c);
    ++nodes;
    if (checking && !alive(level[l])) continue;
    if (l + 1 == end_level) {
      if (!leaf()) break;
      continue;
    }
    Mask next = constrain(l + 1, allowed(l + 1));
    if (l + 1 == last) {
      // Every letter allowed at the last cell completes a result (no look-ahead is left).
      if constexpr (kCountOnly) {
        int found = std::popcount(next);
        nodes += found;
        stats.squares += found;
      } else {
        bool go_on = true;
        for (; next != 0 && go_on; next &= next - 1) {
          place(last, std::countr_zero(next));
          ++nodes;
          go_on = leaf();
        }
        if (!go_on) break;
      }
      continue;
    }
    if constexpr (kCountOnly) {
      if (MemoLevel& ml = memo_level[l + 1]; ml.measure && ml.measure->on) {
        std::array<uint32_t, SubtreeMemo::kWidth> key{};
        const int open = rows - level[l + 1].cell / rows;
        for (int k = 0; k < open; ++k) key[k] = state[level[l + 1].col_before + k].first;
        SubtreeMemo::Slot& slot = memo->slot(key);
        SubtreeMemo::Measure& me = *ml.measure;
        if ((++me.lookups & 0x3FFF) == 0) {
          // Keep the memo while hits save more than lookups cost (about 8 nodes each).
          double per_miss = static_cast<double>(me.subtree_nodes) / std::max<uint64_t>(1, me.misses_done);
          me.on = me.hits * per_miss > 8.0 * me.lookups;
        }
        if (slot.count != SubtreeMemo::kEmpty && slot.key == key) {
          ++me.hits;
          stats.squares += slot.count;
          continue;
        }
        ml.slot = &slot;
        ml.entry = {key, stats.squares};
        ml.nodes_before = nodes;
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
                                 const std::atomic<bool>* stop, Tie tie) const {
  const bool count_only =
      sink == nullptr && prefixes == nullptr && !has_filters_ && end_level == levels();
  if (row_dawg_->wide()) {
    return count_only ? RunTyped<uint64_t, true>(task, end_level, sink, prefixes, stop, tie)
                      : RunTyped<uint64_t, false>(task, end_level, sink, prefixes, stop, tie);
  }
  return count_only ? RunTyped<uint32_t, true>(task, end_level, sink, prefixes, stop, tie)
                    : RunTyped<uint32_t, false>(task, end_level, sink, prefixes, stop, tie);
}

SquareStats SquareSearch::Run(const SquareTask& task, SquareSink* sink,
                              const std::atomic<bool>* stop, bool sum_only) const {
  const bool free = std::all_of(problem_.allowed.begin(), problem_.allowed.end(),
                                [](LetterSet s) { return s == ~LetterSet{0}; });
  if (sink || !sum_only || has_filters_ || problem_.mode != SquareMode::kDouble || !free) {
    return RunAny(task, levels(), sink, nullptr, stop);
  }
  // A square and its transpose: count those whose column 0 is not before row 0 (each
  // asymmetric pair once, plus those with column 0 = row 0), then subtract the latter once.
  SquareStats at_least = RunAny(task, levels(), nullptr, nullptr, stop, Tie::kAtLeast);
  SquareStats equal = RunAny(task, levels(), nullptr, nullptr, stop, Tie::kEqual);
  return {at_least.nodes + equal.nodes, 2 * at_least.squares - equal.squares};
}

std::vector<uint64_t> SquareSearch::Weigh(const std::vector<SquareTask>& tasks,
                                          int probe_levels) const {
  std::vector<uint64_t> weights;
  for (const SquareTask& task : tasks) {
    int depth = std::min(levels(), static_cast<int>(task.size()) + probe_levels);
    weights.push_back(1 + RunAny(task, depth, nullptr, nullptr, nullptr, Tie::kNone).squares);
  }
  return weights;
}

std::vector<SquareTask> SquareSearch::Split(size_t min_tasks, const SquareTask& from) const {
  std::vector<SquareTask> tasks = {from};
  for (int depth = static_cast<int>(from.size()) + 1; depth < levels() && tasks.size() < min_tasks;
       ++depth) {
    std::vector<SquareTask> deeper;
    for (const SquareTask& task : tasks) RunAny(task, depth, nullptr, &deeper, nullptr, Tie::kNone);
    tasks = std::move(deeper);
  }
  return tasks;
}

}  // namespace squares
