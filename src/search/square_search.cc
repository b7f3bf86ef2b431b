// Square search, the build phase: a shape (a square's too) compiled into levels, the cell
// order, the look-ahead checks, the memo keys and the symmetry counted up to. The counting
// shortcuts are square_counts.cc, the search itself square_loop.h and square_run.cc.
#include "search/square_search.h"

#include <algorithm>
#include <array>
#include <bit>

#include "absl/strings/str_format.h"
#include "search/sibling_memo.h"

namespace squares::core {
namespace {

std::atomic<uint64_t> next_search_id = 1;

// The letters d = 1..depths-1 below each state of the automata in `entries` (all reachable
// from `roots`), at [(d - 1) * entry_count + state.first]: one plane per depth, so the states
// a check reads lie close together. The last plane holds depth 0, the state's own mask (read
// from the state itself where a check can).
template <class Mask>
std::vector<Mask> Reach(const DawgEntry<Mask>* entries, size_t entry_count,
                        const std::vector<uint32_t>& roots, int depths) {
  const size_t plane = entry_count;
  std::vector<Mask> reach(plane * depths, 0);
  std::vector<bool> done(entry_count, false);
  // Depth first; a state's letters d below are its children's letters d-1 below.
  auto fill = [&](auto& self, const DawgEntry<Mask>& e) -> void {
    if (e.mask == 0 || done[e.first]) return;
    done[e.first] = true;
    reach[(depths - 1) * plane + e.first] = e.mask;
    for (int k = 0; k < std::popcount(e.mask); ++k) {
      const DawgEntry<Mask>& c = entries[e.first + k];
      if (c.mask == 0) continue;
      self(self, c);
      if (depths > 1) reach[e.first] |= c.mask;
      for (int d = 2; d < depths; ++d) reach[(d - 1) * plane + e.first] |= reach[(d - 2) * plane + c.first];
    }
  };
  for (uint32_t root : roots) fill(fill, entries[root]);
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
  // The square as a shape: its rows (and columns), row-major order.
  const int rows = problem.rows, cols = problem.cols;
  const bool symmetric = problem.mode == SquareMode::kSymmetric;
  ShapeProblem shape;
  shape.shape = MakeSquareShape(symmetric                                ? SquareShapeKind::kSymmetric
                                : problem.mode == SquareMode::kDouble ? SquareShapeKind::kDouble
                                                                      : SquareShapeKind::kRectangle,
                                rows, cols, false);
  for (const ShapeWord& word : shape.shape.words) {
    shape.dawgs.push_back(&dictionary.dawg(static_cast<int>(word.cells.size())));
  }
  shape.allowed = problem.allowed;
  if (symmetric) {
    for (int i = 0; i < rows; ++i) {
      for (int j = i + 1; j < cols; ++j) shape.allowed[i * cols + j] &= problem.allowed[j * cols + i];
    }
  }
  shape.distinct = problem.distinct;
  shape.contains = problem.contains;
  shape.greedy = false;
  // Counting a symmetric square, the diagonal cell (i, i) lies in row i only: placed last in
  // its row (its word read through an automaton with that letter moved last) it is a lone
  // level, counted by a popcount, not searched (placed, it would fan out many ways with all
  // below repeated per letter). The last three rows keep their order for the corner count.
  if (symmetric && problem.count_only && !problem.distinct && !problem.contains) {
    shape.shape.order.clear();
    for (int i = 0; i < rows; ++i) {
      const bool moved = i + 4 <= rows;
      for (int j = i + moved; j < cols; ++j) shape.shape.order.push_back(i * cols + j);
      if (!moved) continue;
      shape.shape.order.push_back(i * cols + i);
      std::vector<int>& cells = shape.shape.words[i].cells;
      std::rotate(cells.begin() + i, cells.begin() + i + 1, cells.end());
      shape.dawgs[i] = &dictionary.moved_dawg(cols, i);
    }
  }
  return SquareSearch(std::move(problem), std::move(shape));
}

absl::StatusOr<SquareSearch> SquareSearch::Create(ShapeProblem problem) {
  const Shape& shape = problem.shape;
  if (absl::Status status = FinishShape(problem.shape); !status.ok()) return status;
  if (problem.dawgs.size() != shape.words.size() || shape.words.empty()) {
    return absl::InvalidArgumentError("a shape needs one automaton per word");
  }
  if (problem.allowed.empty()) problem.allowed.assign(shape.cell_count, ~LetterSet{0});
  if (problem.allowed.size() != static_cast<size_t>(shape.cell_count) ||
      shape.echo.size() != static_cast<size_t>(shape.cell_count)) {
    return absl::InvalidArgumentError("a shape needs letters and an echo per cell");
  }
  for (size_t w = 0; w < shape.words.size(); ++w) {
    const Dawg& dawg = *problem.dawgs[w];  // an empty one is of no length: no result
    if (dawg.word_count() > 0 && (dawg.length() != static_cast<int>(shape.words[w].cells.size()) ||
                                  dawg.wide() != problem.dawgs[0]->wide())) {
      return absl::InvalidArgumentError("a word's automaton does not fit it");
    }
  }
  return SquareSearch(SquareProblem{}, std::move(problem));
}

SquareSearch::SquareSearch(SquareProblem square, ShapeProblem shape)
    : problem_(std::move(square)), shape_(std::move(shape)) {
  const std::vector<ShapeWord>& words = shape_.shape.words;
  classic_ = problem_.rows > 0;
  if (classic_) {
    // A symmetric square's first rows may read their letters moved (see Create); not its last.
    row_dawg_ = problem_.mode == SquareMode::kSymmetric ? shape_.dawgs.back() : shape_.dawgs[0];
    col_dawg_ = shape_.dawgs.back();
  }
  contains_words_ = classic_ ? problem_.rows : static_cast<int>(words.size());
  wide_ = shape_.dawgs[0]->wide();
  size_t longest = 0;
  for (size_t w = 0; w < words.size(); ++w) {
    longest = std::max(longest, words[w].cells.size());
    empty_ = empty_ || shape_.dawgs[w]->word_count() == 0;
  }
  slots_ = static_cast<int>((longest + 1) * words.size() + 1);
  MergeAutomata();
  std::vector<int> order = shape_.greedy ? GreedyOrder() : shape_.shape.order;
  if (order.empty()) {
    for (int c = 0; c < shape_.shape.cell_count; ++c) {
      if (shape_.shape.echo[c] != -1) order.push_back(c);
    }
  }
  BuildLevels(order);
  has_filters_ = shape_.distinct || problem_.no_transpose || shape_.contains.has_value();
  BuildTie();
  BuildSieve();
  BuildClosing();
  BuildCorner();
  BuildDoubleClosing();
  BuildTail();
  BuildFold();
  BuildChecks();  // knows the fold and whether every loop lifts (see there)
  BuildLone();
  search_id_ = next_search_id++;
}

// Words of several lengths (or lists) walk one array: each automaton is copied in with its
// child indices rebased, so a walker needs no pointer of its own.
void SquareSearch::MergeAutomata() {
  if (empty_) return;
  std::vector<const Dawg*> distinct;
  for (const Dawg* dawg : shape_.dawgs) {
    if (std::find(distinct.begin(), distinct.end(), dawg) == distinct.end()) distinct.push_back(dawg);
  }
  auto merge = [&](auto& merged) {
    using Mask = decltype(merged[0].mask);
    std::vector<uint32_t> base;
    for (const Dawg* dawg : distinct) {
      const uint32_t at = static_cast<uint32_t>(merged.size());
      base.push_back(at);
      if (distinct.size() == 1) break;  // walked in place
      const DawgEntry<Mask>* entries = dawg->entries<Mask>();
      for (size_t e = 0; e < dawg->entry_count(); ++e) merged.push_back({entries[e].mask, entries[e].first + at});
    }
    for (const Dawg* dawg : shape_.dawgs) {
      word_root_.push_back(base[std::find(distinct.begin(), distinct.end(), dawg) - distinct.begin()]);
    }
  };
  if (wide_) merge(merged_wide_);
  else merge(merged_narrow_);
}

// The greedy cell order, by a key compared in this order:
//   1. fewest words that reach the cell out of order (they are checked only at an echo
//      level, late, instead of pruning as their letters are placed);
//   2. most words already begun whose next letter the cell is (each ANDs a mask narrowed by
//      the letters before it);
//   3. the most letters those words have already (deeper states allow fewer letters);
//   4. fewest words begun by the cell (each new word fans out from its root);
//   5. fixed letters; 6. the earliest word of the shape holding the cell, the earliest
//      letter in it (so the order follows the words as listed, not the cell numbers).
// On the square modes this is their row-major order. Deterministic, so the output is too.
std::vector<int> SquareSearch::GreedyOrder() const {
  const Shape& shape = shape_.shape;
  std::vector<int> next(shape.words.size(), 0);
  std::vector<bool> placed(shape.cell_count, false);
  std::vector<std::vector<int>> words_of(shape.cell_count);
  std::vector<int> first_seen(shape.cell_count, -1);  // (word, position) rank, negated
  int rank = 0;
  for (size_t w = 0; w < shape.words.size(); ++w) {
    for (int c : shape.words[w].cells) {
      if (words_of[c].empty() || words_of[c].back() != static_cast<int>(w)) words_of[c].push_back(static_cast<int>(w));
      if (first_seen[c] == -1) first_seen[c] = -++rank;
    }
  }
  std::vector<int> order;
  for (;;) {
    int best = -1;
    std::array<int, 6> best_key{};
    for (int c = 0; c < shape.cell_count; ++c) {
      if (placed[c] || words_of[c].empty()) continue;
      std::array<int, 6> key{0, 0, 0, 0, shape_.allowed[c] != ~LetterSet{0}, first_seen[c]};
      for (int w : words_of[c]) {
        if (shape.words[w].cells[next[w]] != c) {
          --key[0];
        } else if (next[w] > 0) {
          ++key[1];
          key[2] += next[w];
        } else {
          --key[3];
        }
      }
      if (best < 0 || key > best_key) {
        best = c;
        best_key = key;
      }
    }
    if (best < 0) return LastWordLast(std::move(order));
    order.push_back(best);
    placed[best] = true;
    for (int w : words_of[best]) {
      const std::vector<int>& cells = shape.words[w].cells;
      while (next[w] < static_cast<int>(cells.size()) && placed[cells[next[w]]]) ++next[w];
    }
  }
}

// The greedy order's end: the word begun last, W, takes the last levels alone, in its order.
// The cells placed after W's first one that lie off W move before it, unless a word reads
// one of them after a cell of W (it would then be read out of order). W's letters are then
// the tail (see BuildTail) from W's root, counted by one walk of W's automaton, and the cell
// placed just before W may be the tail's fold. In a diagonal 4x4 square the greedy order
// places the last row's first cell (3, 0), on two words nearly done, before the third row's
// last cell (2, 3); moved after it, the whole last row is the tail and (2, 3) its fold.
// Only where the loop counts the tail: some cell lies on three words or more.
std::vector<int> SquareSearch::LastWordLast(std::vector<int> order) const {
  const Shape& shape = shape_.shape;
  std::vector<int> words_through(shape.cell_count, 0);
  for (const ShapeWord& word : shape.words) {
    for (int c : word.cells) ++words_through[c];
  }
  if (std::ranges::max(words_through) < 3) return order;
  std::vector<int> position(shape.cell_count, -1);
  for (size_t k = 0; k < order.size(); ++k) position[order[k]] = static_cast<int>(k);
  int last_word = -1, begin = -1;
  for (size_t w = 0; w < shape.words.size(); ++w) {
    int first = static_cast<int>(order.size());
    for (int c : shape.words[w].cells) first = std::min(first, position[c]);
    if (first > begin) {
      begin = first;
      last_word = static_cast<int>(w);
    }
  }
  if (last_word < 0) return order;
  const std::vector<int>& cells = shape.words[last_word].cells;
  auto on_last = [&](int c) { return std::find(cells.begin(), cells.end(), c) != cells.end(); };
  std::vector<int> moved, kept;
  for (size_t k = begin; k < order.size(); ++k) (on_last(order[k]) ? kept : moved).push_back(order[k]);
  if (moved.empty()) return order;
  for (int c : moved) {
    for (const ShapeWord& word : shape.words) {
      auto at = std::find(word.cells.begin(), word.cells.end(), c);
      if (at != word.cells.end() && std::any_of(word.cells.begin(), at, on_last)) return order;
    }
  }
  order.resize(begin);
  order.insert(order.end(), moved.begin(), moved.end());
  order.insert(order.end(), kept.begin(), kept.end());
  return order;
}

std::vector<int> SquareSearch::cell_order() const {
  std::vector<int> order;
  for (const Level& level : levels_) {
    if (level.echo_of < 0) order.push_back(level.cell);
  }
  return order;
}

void SquareSearch::BuildLevels(const std::vector<int>& order) {
  const Shape& shape = shape_.shape;
  const int word_count = static_cast<int>(shape.words.size());
  const uint16_t free_slot = static_cast<uint16_t>(slots_ - 1);
  std::vector<int> next(word_count, 0);
  std::vector<int> level_of(shape.cell_count, -1);
  auto slot = [&](int w, int p) { return static_cast<uint16_t>((p + 1) * word_count + w); };
  auto walker = [&](int w) {
    const int p = next[w]++;
    return Walker{slot(w, p - 1), slot(w, p), p + 1 < static_cast<int>(shape.words[w].cells.size())};
  };
  auto start = [&](int cell, LetterSet allowed) {
    Level& level = levels_.emplace_back();
    level.walkers.fill(Walker{free_slot, free_slot, false});
    level.cell = static_cast<uint16_t>(cell);
    const int echo = shape.echo[cell];
    level.mirror = static_cast<uint16_t>(echo >= 0 ? echo : cell);
    level.allowed = allowed;
    return &level;
  };
  for (int cell : order) {
    Level* level = start(cell, shape_.allowed[cell]);
    std::vector<int> stepped;
    for (int w = 0; w < word_count; ++w) {
      const std::vector<int>& cells = shape.words[w].cells;
      if (next[w] < static_cast<int>(cells.size()) && cells[next[w]] == cell) {
        level->walkers[level->walker_count++] = walker(w);
        stepped.push_back(w);
      }
    }
    level_of[cell] = levels() - 1;
    for (int w : stepped) {
      const std::vector<int>& cells = shape.words[w].cells;
      while (next[w] < static_cast<int>(cells.size()) && level_of[cells[next[w]]] >= 0) {
        const int source = level_of[cells[next[w]]];
        Level* echo = start(cells[next[w]], levels_[source].allowed);
        echo->echo_of = static_cast<int16_t>(source);
        echo->walkers[echo->walker_count++] = walker(w);
      }
    }
  }
  for (Level& level : levels_) {
    max_walkers_ = std::max<int>(max_walkers_, level.walker_count);
    has_echoes_ = has_echoes_ || level.echo_of >= 0;
  }
  BuildMemoKeys();
}

// The memo's keys: at the start of level b (1 <= b < last - 1: the next-to-last level's
// subtree is counted without descent), the slots of the words begun and not ended. A level whose future repeats an earlier letter (an echo of a level before b) is
// not memoized, nor one with more open words than the key holds. Only symmetric squares have
// a memo: in double squares, rectangles, diagonal squares and cubes the tuples of states
// seldom recur, so the lookups would cost more than their rare hits save.
void SquareSearch::BuildMemoKeys() {
  if (!classic_ || problem_.mode != SquareMode::kSymmetric) return;
  const Shape& shape = shape_.shape;
  const int word_count = static_cast<int>(shape.words.size());
  std::vector<int> placed(word_count, 0);  // letters of each word placed before level b
  std::vector<int> earliest_echo(levels() + 1, levels());  // least echo_of of levels >= b
  for (int l = levels() - 1; l >= 0; --l) {
    earliest_echo[l] = std::min(earliest_echo[l + 1],
                                levels_[l].echo_of >= 0 ? int{levels_[l].echo_of} : levels());
  }
  for (int b = 0; b < levels(); ++b) {
    Level& level = levels_[b];
    std::vector<uint16_t> open;
    for (int w = 0; w < word_count; ++w) {
      const int length = static_cast<int>(shape.words[w].cells.size());
      if (placed[w] > 0 && placed[w] < length) open.push_back(static_cast<uint16_t>(placed[w] * word_count + w));
    }
    if (b >= 1 && b + 2 < levels() && earliest_echo[b] >= b &&
        open.size() <= static_cast<size_t>(kMaxMemoWidth)) {
      level.memo_width = static_cast<int8_t>(open.size());
      level.memo_begin = static_cast<uint16_t>(memo_slots_.size());
      memo_slots_.insert(memo_slots_.end(), open.begin(), open.end());
      has_memo_ = true;
    }
    for (int k = 0; k < level.walker_count; ++k) {
      const Walker& walker = level.walkers[k];
      ++placed[walker.after % word_count];
    }
  }
  if (const int first = levels() - kReplayDepth; first >= 1 && levels_[first].memo_width >= 0) {
    replay_level_ = first;
  }
  if (problem_.count_only || levels_[0].walker_count != 1) return;
  const std::vector<int>& row0 = shape.words[levels_[0].walkers[0].after % word_count].cells;
  const int below = static_cast<int>(row0.size());
  for (int l = 0; l < below; ++l) {
    if (levels_[l].cell != row0[l]) return;
  }
  if (below < replay_level_ && levels_[below].memo_width >= 0 && levels() - below <= kMaxSiblingLevels) {
    sibling_level_ = below;
    sibling_memo_ = std::make_shared<SiblingMemo>();
  }
}

// Look-ahead, for every shape. After a level steps word w, each later cell c of w that also
// lies on another word v already begun is tested: some letter must lie both d_w letters below
// w's state and d_v below v's. Where c lies on two such words u and v (a diagonal square's
// cells on a diagonal, a cube's cells), one test reads all three: a letter below w's, v's and
// u's states at once, which also fails where each pair meets but the three do not, and
// costs one test instead of two. An empty meet is a dead end found before
// the levels between are searched. In a symmetric square these are the cells of later rows in
// the columns just stepped, and the rest of the current row; in a double square or a
// rectangle, the rest of the current row. Each test is a necessary condition only, so the
// search still tests every letter as it places it. The cell of the next level is left out
// (it is tested at once; not the fold's, see BuildFold: its letters are not placed), as are
// words that repeat a cell, words not begun (a root allows nearly every letter) and cells
// already tested from a word stepped with w.
//
// A test of two own masks, w's new state against that of a word not stepped with it, can be
// lifted: before the level places its letters, each is tested against the child it leads w
// to, and the letters that fail are never placed (nor the other words stepped, nor the other
// tests run). The run lifts them in loops of three or more walkers without ties (diagonal
// squares, cubes), where a failed letter would otherwise step several words in vain. (In
// the square modes' loop of two walkers, an earlier lift of every test cost as much as it
// saved.)
void SquareSearch::BuildChecks() {
  // Double squares and rectangles are left out: there the only tests are the rest of the
  // current row against the columns' own masks, which the next levels test anyway, so they
  // cost more than they save.
  checks_lifted_.assign(levels(), 0);
  if (empty_ || (classic_ && problem_.mode != SquareMode::kSymmetric)) return;
  const Shape& shape = shape_.shape;
  const int word_count = static_cast<int>(shape.words.size());
  const size_t entry_count = wide_ ? (merged_wide_.empty() ? shape_.dawgs[0]->entry_count() : merged_wide_.size())
                                   : (merged_narrow_.empty() ? shape_.dawgs[0]->entry_count() : merged_narrow_.size());
  int depths = 1;
  for (const ShapeWord& word : shape.words) depths = std::max(depths, static_cast<int>(word.cells.size()));
  const size_t mask_bytes = wide_ ? 8 : 4;
  if (entry_count * depths >= kOwnMask || entry_count * depths * mask_bytes > kMaxReachBytes) return;
  std::vector<uint32_t> roots(word_root_.begin(), word_root_.end());
  std::sort(roots.begin(), roots.end());
  roots.erase(std::unique(roots.begin(), roots.end()), roots.end());
  if (wide_) reach_wide_ = Reach<uint64_t>(entries<uint64_t>(), entry_count, roots, depths);
  else reach_narrow_ = Reach<uint32_t>(entries<uint32_t>(), entry_count, roots, depths);
  auto plane = [&](int depth) { return depth == 0 ? kOwnMask : static_cast<uint32_t>((depth - 1) * entry_count); };
  // Three-word checks read every operand from the table, depth 0 too (its last plane).
  auto table_plane = [&](int depth) { return static_cast<uint32_t>((depth == 0 ? depths - 1 : depth - 1) * entry_count); };

  // Per cell, the words through it and the cell's position in each (-1: the word repeats it).
  std::vector<std::vector<std::pair<int, int>>> words_of(shape.cell_count);
  for (int w = 0; w < word_count; ++w) {
    const std::vector<int>& cells = shape.words[w].cells;
    for (int q = 0; q < static_cast<int>(cells.size()); ++q) {
      auto& through = words_of[cells[q]];
      if (!through.empty() && through.back().first == w) through.back().second = -1;
      else through.push_back({w, q});
    }
  }
  std::vector<int> placed(word_count, 0);  // letters of each word placed
  std::vector<bool> cell_placed(shape.cell_count, false);
  for (int l = 0; l < levels(); ++l) {
    Level& level = levels_[l];
    level.checks_begin = static_cast<uint16_t>(checks_.size());
    std::vector<int> stepped;
    for (int k = 0; k < level.walker_count; ++k) {
      const int w = level.walkers[k].after % word_count;
      ++placed[w];
      stepped.push_back(w);
    }
    cell_placed[level.cell] = true;
    const int next_cell = l + 1 < levels() ? levels_[l + 1].cell : -1;
    for (int w : stepped) {
      const std::vector<int>& cells = shape.words[w].cells;
      for (int q = placed[w]; q < static_cast<int>(cells.size()) && !cell_placed[cells[q]]; ++q) {
        const int c = cells[q];
        if (c == next_cell && l + 1 != fold_level_) continue;
        // The words begun that cross w at c; c is tested from the first word stepped here.
        std::vector<std::pair<int, int>> others;
        bool tested = false;
        for (auto [v, r] : words_of[c]) {
          if (v == w || r < 0 || placed[v] == 0) continue;
          if (v < w && std::find(stepped.begin(), stepped.end(), v) != stepped.end()) tested = true;
          others.push_back({v, r});
        }
        if (tested) continue;
        const uint16_t slot_w = static_cast<uint16_t>(placed[w] * word_count + w);
        for (size_t k = 0; k < others.size(); k += 2) {
          if (checks_.size() >= UINT16_MAX) return;
          auto [v, r] = others[k];
          const uint16_t slot_v = static_cast<uint16_t>(placed[v] * word_count + v);
          if (k + 1 == others.size()) {
            checks_.push_back({slot_w, slot_v, 0, plane(q - placed[w]), plane(r - placed[v]), 0});
            continue;
          }
          auto [u, t] = others[k + 1];
          checks_.push_back({slot_w, slot_v, static_cast<uint16_t>(placed[u] * word_count + u),
                             table_plane(q - placed[w]), table_plane(r - placed[v]), table_plane(t - placed[u])});
        }
      }
    }
    // Cheapest first: both sides at depth 0 (the states' own masks: no table load), then one
    // side (made side b), then neither, then the three-word tests (slot_c != 0).
    auto depth0 = [](const Check& ch) {
      return ch.slot_c != 0 ? -1 : (ch.plane_a == kOwnMask) + (ch.plane_b == kOwnMask);
    };
    auto written = [&](uint16_t slot) {
      return std::any_of(level.walkers.begin(), level.walkers.begin() + level.walker_count,
                         [&](const Walker& walker) { return walker.after == slot; });
    };
    for (auto it = checks_.begin() + level.checks_begin; it != checks_.end(); ++it) {
      if (it->slot_c == 0 && it->plane_a == kOwnMask && it->plane_b != kOwnMask) {
        *it = {it->slot_b, it->slot_a, 0, it->plane_b, it->plane_a, 0};
      }
    }
    // Liftable, and first: both sides at depth 0, one stepped here (made side a), the other
    // not.
    auto liftable = [&](Check& ch) {
      if (ch.slot_c != 0 || ch.plane_a != kOwnMask || ch.plane_b != kOwnMask) return false;
      if (written(ch.slot_b) && !written(ch.slot_a)) std::swap(ch.slot_a, ch.slot_b);
      return written(ch.slot_a) && !written(ch.slot_b);
    };
    std::stable_sort(checks_.begin() + level.checks_begin, checks_.end(),
                     [&](const Check& x, const Check& y) { return depth0(x) > depth0(y); });
    const auto lifted = std::stable_partition(checks_.begin() + level.checks_begin, checks_.end(), liftable);
    checks_lifted_[l] = static_cast<uint16_t>(lifted - checks_.begin());
    auto end = [&](int zeros) {
      return static_cast<uint16_t>(std::find_if(checks_.begin() + level.checks_begin, checks_.end(),
                                                [&](const Check& ch) { return depth0(ch) < zeros; }) -
                                   checks_.begin());
    };
    level.checks_one = end(2);
    level.checks_two = end(1);
    level.checks_three = end(0);
    level.checks_end = static_cast<uint16_t>(checks_.size());
  }
  DropCoveredChecks();
}

// In loops that lift (three walkers or more, no tie: every loop of such a search), a level
// followed by one that lifts tests only its own lifted checks: most of its other tests see
// a dead end that the next level's lift finds too, letter by letter and without a branch, so
// testing them after each placement costs more than the few nodes they spare. (The fold's
// letters are not lifted, see BuildFold.)
void SquareSearch::DropCoveredChecks() {
  if (max_walkers_ < 3 || !tie_pairs_.empty()) return;
  std::vector<Check> kept;
  for (int l = 0; l < levels(); ++l) {
    Level& level = levels_[l];
    const bool next_lifts = l + 1 < levels() && l + 1 != fold_level_ &&
                            checks_lifted_[l + 1] != levels_[l + 1].checks_begin;
    const uint16_t end = next_lifts ? checks_lifted_[l] : level.checks_end;
    const uint16_t shift = static_cast<uint16_t>(level.checks_begin - kept.size());
    kept.insert(kept.end(), checks_.begin() + level.checks_begin, checks_.begin() + end);
    for (uint16_t* at : {&level.checks_begin, &checks_lifted_[l], &level.checks_one, &level.checks_two,
                         &level.checks_three, &level.checks_end}) {
      *at = static_cast<uint16_t>(std::min(*at, end) - shift);
    }
  }
  checks_ = std::move(kept);
}

// Counting up to a symmetry (see Run): an involution s of the shape that maps each word onto
// a word of the same automaton and each cell onto one with the same letters allowed (a
// double square's transposition, the exchange of two axes of a cube). Of those found, the
// one whose moved cells are decided earliest in the search: the least list of the levels at
// which pairs {c, s(c)} are complete. In a loop of three walkers or more, where the tail is
// counted (see BuildTail), first the one that leaves the most of the untied tail's last
// levels unmoved (two at least, or none counts): a tie pair there would cut the tail. A word
// cube 3's tail is its last row along x, which the exchange of y and z keeps. (A double
// square has two walkers: its transposition moves its last row and stays, halving the
// count.) Not for symmetric squares (their memo counts subtrees without regard to the tie),
// nor with filters (which need each result).
void SquareSearch::BuildTie() {
  if (empty_ || has_filters_ || (classic_ && problem_.mode == SquareMode::kSymmetric)) return;
  const Shape& shape = shape_.shape;
  std::vector<int> word_kind(word_root_.begin(), word_root_.end());
  std::vector<int> cell_kind;
  std::vector<LetterSet> kinds;
  for (LetterSet allowed : shape_.allowed) {
    auto it = std::find(kinds.begin(), kinds.end(), allowed);
    cell_kind.push_back(static_cast<int>(it - kinds.begin()));
    if (it == kinds.end()) kinds.push_back(allowed);
  }
  std::vector<int> level_of(shape.cell_count, -1);
  for (int l = 0; l < levels(); ++l) {
    if (levels_[l].echo_of < 0) level_of[levels_[l].cell] = l;
  }
  const int tail_start = max_walkers_ >= 3 ? FindTail().start : -1;  // no tie built yet
  auto kept_tail = [&](const std::vector<int>& s) {
    if (tail_start < 0) return 0;
    int kept = 0;
    for (int l = levels() - 1; l >= tail_start && s[levels_[l].cell] == levels_[l].cell; --l) ++kept;
    return kept >= 2 ? kept : 0;
  };
  std::vector<std::array<uint16_t, 2>> best;
  int best_kept = -1;
  for (std::vector<int>& s : ShapeInvolutions(shape, word_kind, cell_kind, 32, 4000000)) {
    const int kept = kept_tail(s);
    if (kept < best_kept) continue;
    std::vector<std::array<uint16_t, 2>> pairs;
    for (int c = 0; c < shape.cell_count; ++c) {
      if (s[c] <= c) continue;
      const int a = level_of[c], b = level_of[s[c]];
      pairs.push_back({static_cast<uint16_t>(std::max(a, b)), static_cast<uint16_t>(std::min(a, b))});
    }
    std::sort(pairs.begin(), pairs.end());
    if (kept > best_kept || pairs < best) {
      best_kept = kept;
      best = pairs;
      symmetry_ = std::move(s);
    }
  }
  tie_pairs_ = std::move(best);
  tie_of_level_.assign(levels(), {-1, 0});
  for (size_t k = 0; k < tie_pairs_.size(); ++k) {
    tie_of_level_[tie_pairs_[k][0]] = {static_cast<int16_t>(tie_pairs_[k][1]), static_cast<int16_t>(k)};
  }
}

}  // namespace squares::core
