// Square search, the build phase: a shape (a square's too) compiled into levels, the cell
// order, the look-ahead checks, the memo keys and the symmetry counted up to. The search
// itself is square_run.cc.
#include "squares/square_search.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <map>
#include <tuple>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_format.h"

namespace squares {
namespace {

std::atomic<uint64_t> next_search_id = 1;

// The letters d = 1..depths-1 below each state of the automata in `entries` (all reachable
// from `roots`), at [(d - 1) * entry_count + state.first]: one plane per depth, so the states
// a check reads lie close together. (Depth 0 is the state's own mask, read from the state.)
template <class Mask>
std::vector<Mask> Reach(const DawgEntry<Mask>* entries, size_t entry_count,
                        const std::vector<uint32_t>& roots, int depths) {
  const size_t plane = entry_count;
  std::vector<Mask> reach(plane * (depths - 1), 0);
  std::vector<bool> done(entry_count, false);
  // Depth first; a state's letters d below are its children's letters d-1 below.
  auto fill = [&](auto& self, const DawgEntry<Mask>& e) -> void {
    if (e.mask == 0 || done[e.first]) return;
    done[e.first] = true;
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

// Sorts `states` (indices into `entries`) by the state each entry leads to, named by its
// child group, and keeps one entry per state.
template <class Mask>
void SortStates(const DawgEntry<Mask>* entries, std::vector<uint32_t>& states) {
  auto by_first = [&](uint32_t a, uint32_t b) { return entries[a].first < entries[b].first; };
  auto same = [&](uint32_t a, uint32_t b) { return entries[a].first == entries[b].first; };
  std::sort(states.begin(), states.end(), by_first);
  states.erase(std::unique(states.begin(), states.end(), same), states.end());
}

// The states at `depth` below `root`, breadth first, sorted as by SortStates.
template <class Mask>
std::vector<uint32_t> StatesAt(const DawgEntry<Mask>* entries, uint32_t root, int depth) {
  std::vector<uint32_t> states = {root};
  for (int d = 0; d < depth; ++d) {
    std::vector<uint32_t> next;
    for (uint32_t e : states) {
      for (int c = 0; c < std::popcount(entries[e].mask); ++c) next.push_back(entries[e].first + c);
    }
    SortStates(entries, next);
    states = std::move(next);
  }
  return states;
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
    row_dawg_ = shape_.dawgs[0];
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
  BuildChecks();
  has_filters_ = shape_.distinct || problem_.no_transpose || shape_.contains.has_value();
  BuildTie();
  BuildSieve();
  BuildClosing();
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
    if (best < 0) return order;
    order.push_back(best);
    placed[best] = true;
    for (int w : words_of[best]) {
      const std::vector<int>& cells = shape.words[w].cells;
      while (next[w] < static_cast<int>(cells.size()) && placed[cells[next[w]]]) ++next[w];
    }
  }
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
// seldom recur (under 1% of lookups hit at most levels of double 4x4 wamerican; 2% at the
// last row of rectangle 3x6 wamerican) and the lookups cost 5-15% (measured).
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
}

// Look-ahead, for every shape. After a level steps word w, each later cell c of w that also
// lies on another word v is tested: some letter must lie both d_w letters below w's state and
// d_v below v's (v's root when v is not begun). An empty meet is a dead end found before the
// levels between are searched. In a symmetric square these are the cells of later rows in
// the columns just stepped, and the rest of the current row; in a double square or a
// rectangle, the rest of the current row. Each test is a necessary condition only, so the
// search still tests every letter as it places it. The cell of the next level is left out
// (it is tested at once), as are words that repeat a cell and pairs already tested.
void SquareSearch::BuildChecks() {
  // Double squares and rectangles are left out: there the only tests are the rest of the
  // current row against the columns' own masks, which cost more than they save (measured:
  // 2.14 s without, 2.66 s with, double 4x4 of wamerican).
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
        if (c == next_cell) continue;
        for (auto [v, r] : words_of[c]) {
          if (v == w || r < 0 || placed[v] == 0) continue;
          // A pair of two stepped words is tested once, from the first of them.
          if (v < w && std::find(stepped.begin(), stepped.end(), v) != stepped.end()) continue;
          if (checks_.size() >= UINT16_MAX) return;
          checks_.push_back({static_cast<uint16_t>(placed[w] * word_count + w),
                             static_cast<uint16_t>(placed[v] * word_count + v),
                             plane(q - placed[w]), plane(r - placed[v])});
        }
      }
    }
    // Cheapest first: both sides at depth 0 (the states' own masks: no table load), then one
    // side (made side b), then neither.
    auto depth0 = [](const Check& ch) { return (ch.plane_a == kOwnMask) + (ch.plane_b == kOwnMask); };
    for (auto it = checks_.begin() + level.checks_begin; it != checks_.end(); ++it) {
      if (it->plane_a == kOwnMask && it->plane_b != kOwnMask) *it = {it->slot_b, it->slot_a, it->plane_b, it->plane_a};
    }
    std::stable_sort(checks_.begin() + level.checks_begin, checks_.end(),
                     [&](const Check& x, const Check& y) { return depth0(x) > depth0(y); });
    auto end = [&](int zeros) {
      return static_cast<uint16_t>(std::find_if(checks_.begin() + level.checks_begin, checks_.end(),
                                                [&](const Check& ch) { return depth0(ch) < zeros; }) -
                                   checks_.begin());
    };
    level.checks_one = end(2);
    level.checks_two = end(1);
    level.checks_end = static_cast<uint16_t>(checks_.size());
  }
}

// Counting up to a symmetry (see Run): an involution s of the shape that maps each word onto
// a word of the same automaton and each cell onto one with the same letters allowed (a
// double square's transposition, the exchange of two axes of a cube). Of those found, the
// one whose moved cells are decided earliest in the search: the least list of the levels at
// which pairs {c, s(c)} are complete. Not for symmetric squares (their memo counts subtrees
// without regard to the tie), nor with filters (which need each result).
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
  std::vector<std::array<uint16_t, 2>> best;
  for (std::vector<int>& s : ShapeInvolutions(shape, word_kind, cell_kind, 32, 4000000)) {
    std::vector<std::array<uint16_t, 2>> pairs;
    for (int c = 0; c < shape.cell_count; ++c) {
      if (s[c] <= c) continue;
      const int a = level_of[c], b = level_of[s[c]];
      pairs.push_back({static_cast<uint16_t>(std::max(a, b)), static_cast<uint16_t>(std::min(a, b))});
    }
    std::sort(pairs.begin(), pairs.end());
    if (best.empty() || pairs < best) {
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

// The last word's sieve (see square_search.h). F is the word the last level steps, when its
// cells are the last levels, in its order (no echo among them), at least kMinSieveLength of
// them, and each other word through them has its state before the cell set by a level before
// F begins. A crossing word at its first letter there reads its root, the same in every
// search: it narrows sieve_start_. The sieve pays where the crossing states leave many
// letters, so that walking F costs many nodes per start: kMinSieveMean or more on average
// over the distinct crossing states (measured with 3.47-11 letters:
// rectangles 3x6 wamerican 2.7 -> 0.66 s, 2x8 0.32 -> 0.02 s, double 4x4 1.84 -> 1.48 s);
// with fewer, F's walk is short and the sifts cost more than they save (double 5x5
// wamerican: 2.59 letters, 18.6 s -> 25.9 s; word cube 4: 2.3). F's cells placed before
// the last levels (diagonal squares) or short F (word cube 3: 3 letters) lost as well.
void SquareSearch::BuildSieve() {
  const int last = levels() - 1;
  if (empty_) return;
  const Shape& shape = shape_.shape;
  const int word_count = static_cast<int>(shape.words.size());
  int final_word = -1, start = 0;
  for (int k = 0; k < levels_[last].walker_count && final_word < 0; ++k) {
    const int w = levels_[last].walkers[k].after % word_count;
    const std::vector<int>& cells = shape.words[w].cells;
    start = last + 1 - static_cast<int>(cells.size());
    bool fits = start >= 1 && static_cast<int>(cells.size()) >= kMinSieveLength;
    for (size_t q = 0; fits && q < cells.size(); ++q) {
      const Level& level = levels_[start + q];
      fits = level.echo_of < 0 && level.cell == cells[q];
    }
    if (fits) final_word = w;
  }
  if (final_word < 0) return;
  std::vector<int> writer(slots_, -1);  // the level that sets each state slot
  for (int l = 0; l < levels(); ++l) {
    for (int k = 0; k < levels_[l].walker_count; ++k) writer[levels_[l].walkers[k].after] = l;
  }
  auto build = [&](const auto* entries) {
    using Mask = decltype(entries->mask);
    const int length = static_cast<int>(shape.words[final_word].cells.size());
    // F's words in rank order, depth first.
    std::vector<Letter> letters, word(length);
    auto walk = [&](auto& self, uint32_t e, int depth) -> void {
      if (depth == length) {
        letters.insert(letters.end(), word.begin(), word.end());
        return;
      }
      int k = 0;
      for (Mask m = entries[e].mask; m; m &= m - 1, ++k) {
        word[depth] = static_cast<Letter>(std::countr_zero(m));
        self(self, entries[e].first + k, depth + 1);
      }
    };
    walk(walk, word_root_[final_word], 0);
    const size_t count = letters.size() / length, blocks = (count + 63) / 64;
    // The words whose letter q lies in `allowed`, from those with letter c at q (at
    // by_letter[(q * kLetters + c) * blocks]).
    constexpr int kLetters = sizeof(Mask) * 8;
    std::vector<uint64_t> by_letter(static_cast<size_t>(length) * kLetters * blocks, 0);
    for (size_t i = 0; i < count; ++i) {
      for (int q = 0; q < length; ++q) {
        by_letter[(static_cast<size_t>(q) * kLetters + letters[i * length + q]) * blocks + i / 64] |= uint64_t{1} << (i % 64);
      }
    }
    auto row = [&](int q, Mask allowed, std::vector<uint64_t>& bits) {
      bits.assign(blocks, 0);
      for (Mask m = allowed; m; m &= m - 1) {
        const uint64_t* letter = &by_letter[(static_cast<size_t>(q) * kLetters + std::countr_zero(m)) * blocks];
        for (size_t b = 0; b < blocks; ++b) bits[b] |= letter[b];
      }
    };
    std::vector<uint64_t> start_bits(blocks, 0), bits;
    // Appends the nonzero blocks of `set` to `list`.
    auto append_blocks = [&](const std::vector<uint64_t>& set, std::vector<SieveBlock>& list) {
      for (size_t b = 0; b < blocks; ++b) {
        if (set[b]) list.push_back({static_cast<uint32_t>(b), set[b]});
      }
    };
    for (size_t i = 0; i < count; ++i) start_bits[i / 64] |= uint64_t{1} << (i % 64);
    // The crossing states of each letter of F, first: whether they leave enough letters.
    // The crossing words of one automaton share them (a square's columns).
    std::map<std::pair<uint32_t, int>, std::vector<uint32_t>> states_below;
    auto states_at = [&](uint32_t root, int depth) -> const std::vector<uint32_t>& {
      auto [it, added] = states_below.try_emplace({root, depth});
      if (added) it->second = StatesAt(entries, root, depth);
      return it->second;
    };
    struct Crossing {
      int q, level;
      uint16_t slot;
      const std::vector<uint32_t>* states;  // in states_below
    };
    std::vector<Crossing> crossings;
    std::vector<Mask> at(length, 0);  // the letters F's words have at q
    double letters_left = 0;          // summed over the crossing states, and their count
    size_t states_seen = 0;
    for (int q = 0; q < length; ++q) {
      const Level& level = levels_[start + q];
      for (size_t i = 0; i < count; ++i) at[q] |= Mask{1} << letters[i * length + q];
      auto narrow_start = [&](Mask allowed) {
        row(q, allowed, bits);
        for (size_t b = 0; b < blocks; ++b) start_bits[b] &= bits[b];
      };
      if ((static_cast<Mask>(level.allowed) & at[q]) != at[q]) narrow_start(static_cast<Mask>(level.allowed));
      for (int k = 0; k < level.walker_count; ++k) {
        const uint16_t slot = level.walkers[k].before;
        const int v = slot % word_count, depth = slot / word_count;  // v's letters before
        if (v == final_word) continue;
        if (depth == 0) {
          narrow_start(entries[word_root_[v]].mask);
          continue;
        }
        if (writer[slot] >= start) return false;
        const std::vector<uint32_t>& states = states_at(word_root_[v], depth);
        for (uint32_t e : states) letters_left += std::popcount(entries[e].mask & at[q]);
        states_seen += states.size();
        crossings.push_back({q, writer[slot], slot, &states});
      }
    }
    if (letters_left < kMinSieveMean * static_cast<double>(states_seen)) return false;
    // A sift per crossing, its rows shared by the states that leave the same letters.
    std::vector<std::tuple<int, Sift, uint32_t>> sifts;  // (level, sift, keys)
    absl::flat_hash_map<std::pair<int, Mask>, uint32_t> rows;  // (q, letters) -> row
    for (const Crossing& crossing : crossings) {
      const int q = crossing.q;
      const std::vector<uint32_t>& states = *crossing.states;
      const uint32_t lo = entries[states.front()].first, hi = entries[states.back()].first;
      if (hi - lo > 8 * states.size() + 1024) return false;  // not laid out by depth
      const Sift sift{crossing.slot, static_cast<uint32_t>(row_of_.size()), lo};
      row_of_.resize(row_of_.size() + (hi - lo + 1), kPassRow);
      for (uint32_t e : states) {
        const Mask m = entries[e].mask & at[q];
        if (m == at[q]) continue;
        auto [it, added] = rows.try_emplace(std::pair{q, m}, static_cast<uint32_t>(sieve_rows_.size() / blocks));
        if (added) {
          row(q, m, bits);
          sieve_rows_.insert(sieve_rows_.end(), bits.begin(), bits.end());
          if (sieve_rows_.size() * sizeof(uint64_t) > kMaxSieveBytes) return false;
        }
        row_of_[sift.map + entries[e].first - lo] = it->second;
      }
      sifts.push_back({crossing.level, sift, hi - lo + 1});
    }
    std::stable_sort(sifts.begin(), sifts.end(),
                     [](const auto& a, const auto& b) { return std::get<0>(a) < std::get<0>(b); });
    // Sift 0 reads sieve_start_ only: its rows are kept ANDed with it, as lists of blocks
    // (its row_of_ names a list of sieve_lists_), so that it copies nothing.
    if (!sifts.empty()) {
      const auto& [l, first, keys] = sifts.front();
      absl::flat_hash_map<uint32_t, uint32_t> list_of_row;
      sieve_lists_.push_back(0);
      for (uint32_t k = first.map; k < first.map + keys; ++k) {
        if (row_of_[k] == kPassRow) continue;
        auto [it, added] = list_of_row.try_emplace(row_of_[k], static_cast<uint32_t>(sieve_lists_.size() - 1));
        if (added) {
          const uint64_t* row_bits = &sieve_rows_[static_cast<size_t>(row_of_[k]) * blocks];
          bits.resize(blocks);
          for (size_t b = 0; b < blocks; ++b) bits[b] = row_bits[b] & start_bits[b];
          append_blocks(bits, sieve_first_);
          sieve_lists_.push_back(static_cast<uint32_t>(sieve_first_.size()));
        }
        row_of_[k] = it->second;
      }
    }
    for (auto& [l, sift, keys] : sifts) {
      if (levels_[l].sifts_begin == levels_[l].sifts_end) levels_[l].sifts_begin = static_cast<uint16_t>(sifts_.size());
      sifts_.push_back(sift);
      levels_[l].sifts_end = static_cast<uint16_t>(sifts_.size());
    }
    append_blocks(start_bits, sieve_start_);
    sieve_blocks_ = blocks;
    return true;
  };
  const bool built = wide_ ? build(entries<uint64_t>()) : build(entries<uint32_t>());
  if (built) {
    sieve_level_ = start;
    for (const auto& pair : tie_pairs_) sieve_ties_ += pair[0] < start;
  } else {
    sifts_.clear();
    row_of_.clear();
    sieve_rows_.clear();
    sieve_start_.clear();
    sieve_first_.clear();
    sieve_lists_.clear();
    for (Level& level : levels_) level.sifts_begin = level.sifts_end = 0;
  }
}

// The closing count (see square_search.h). Levels a, b, c = the last three: a steps word A
// alone from state P, b ends A and steps word B from state Q, c ends B alone, no letters are
// fixed there and no tie pairs them. Then the results below a are
//   sum over x of v_P[x] * w_Q[x],
//   v_P[x] = the letters y of P after which x may end A,
//   w_Q[x] = the letters that may end B after x (0 when Q has no x),
// vectors of one state each, made here for every state A and B can be in. In a symmetric
// square, A and B are its last two rows and the count replaces the walk of both.
void SquareSearch::BuildClosing() {
  if (empty_ || sieve_level_ >= 0 || levels() < 3) return;
  const int a = levels() - 3, word_count = static_cast<int>(shape_.shape.words.size());
  const Level &first = levels_[a], &middle = levels_[a + 1], &last = levels_[a + 2];
  for (int l = a; l < levels(); ++l) {
    if (levels_[l].echo_of >= 0 || (!tie_of_level_.empty() && tie_of_level_[l][0] >= 0)) return;
  }
  if (first.walker_count != 1 || middle.walker_count != 2 || last.walker_count != 1) return;
  const uint16_t p = first.walkers[0].before;
  const int ends_a = middle.walkers[0].before == first.walkers[0].after ? 0 : 1;
  const Walker& b_walker = middle.walkers[1 - ends_a];
  const uint16_t q = b_walker.before;
  const int word_a = p % word_count, word_b = q % word_count;
  auto length = [&](int w) { return static_cast<int>(shape_.shape.words[w].cells.size()); };
  if (middle.walkers[ends_a].before != first.walkers[0].after || last.walkers[0].before != b_walker.after ||
      word_a == word_b || p / word_count != length(word_a) - 2 || q / word_count != length(word_b) - 2) {
    return;
  }
  auto build = [&](const auto* entries) {
    using Mask = decltype(entries->mask);
    constexpr int kLetters = sizeof(Mask) * 8;
    std::vector<uint32_t> states = StatesAt(entries, word_root_[word_a], length(word_a) - 2);
    const std::vector<uint32_t> states_b = StatesAt(entries, word_root_[word_b], length(word_b) - 2);
    states.insert(states.end(), states_b.begin(), states_b.end());
    SortStates(entries, states);
    const uint32_t lo = entries[states.front()].first, hi = entries[states.back()].first;
    if (hi - lo > 8 * states.size() + 1024) return false;  // not laid out by depth
    // Every letter the three levels could place must be allowed there.
    Mask used = 0;
    for (uint32_t e : states) {
      used |= entries[e].mask;
      for (int k = 0; k < std::popcount(entries[e].mask); ++k) used |= entries[entries[e].first + k].mask;
    }
    for (int l = a; l < levels(); ++l) {
      if ((static_cast<Mask>(levels_[l].allowed) & used) != used) return false;
    }
    // Where the states leave many letters, the look-ahead tests at the level above seldom end
    // a branch, and cost more than the dot product they would spare (measured, counting: mean
    // 3.1-8.3 letters, symmetric 4x4 and 5x5 squares, 10% faster without them; 2.1-2.6
    // letters, 6x6 and 7x7, 1-5% slower).
    double letters = 0;
    for (uint32_t e : states) letters += std::popcount(entries[e].mask);
    if (letters >= kMinClosingMean * static_cast<double>(states.size())) closing_unchecked_level_ = a - 1;
    closing_lo_ = lo;
    closing_map_.assign(hi - lo + 1, 0);
    closing_counts_.assign(states.size() * 2 * kLetters, 0);
    for (size_t id = 0; id < states.size(); ++id) {
      const DawgEntry<Mask>& state = entries[states[id]];
      closing_map_[state.first - lo] = static_cast<uint32_t>(id * 2 * kLetters);
      uint8_t* v = &closing_counts_[id * 2 * kLetters];
      uint8_t* w = v + kLetters;
      int k = 0;
      for (Mask m = state.mask; m; m &= m - 1, ++k) {
        const Mask next = entries[state.first + k].mask;
        for (Mask n = next; n; n &= n - 1) ++v[std::countr_zero(n)];
        w[std::countr_zero(m)] = static_cast<uint8_t>(std::popcount(next));
      }
    }
    return true;
  };
  if (wide_ ? build(entries<uint64_t>()) : build(entries<uint32_t>())) {
    closing_level_ = a;
    closing_slots_ = {p, q};
  }
}

}  // namespace squares
