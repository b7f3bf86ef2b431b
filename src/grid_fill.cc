#include "squares/grid_fill.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <memory>
#include <random>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"

namespace squares {
namespace {

using Clock = std::chrono::steady_clock;

// Outcome of a subtree search.
enum class Outcome { kFail, kStop, kRestart, kTimeout };

// Per-automaton scratch for slot sweeps, one record per state. A state is named by its
// `first` (the index of its child block, unique per state). A record is valid for the current
// sweep when stamp == epoch; fwd counts the consistent prefixes reaching the state (kept only
// when letter counts are asked for), bwd the consistent suffixes leaving it. Counts are below
// the automaton's word count, so 32 bits suffice; one record is one cache access.
struct StateMark {
  uint32_t stamp, fwd, bwd;
};
struct SweepScratch {
  std::vector<StateMark> marks;
  uint32_t epoch = 0;
};

// The words of one automaton as bitsets, for slot tables (below): words are numbered by rank
// (sorted order); letters[w * length + k] is letter k of word w; bits[(k * alphabet + c) *
// blocks ...] is the set of words with letter c at position k, `blocks` words of 64 bits (bits
// past the last word are 0); at[k] = the letters some word has at position k. A table costs
// its live blocks per letter it narrows by, an automaton sweep its live entries: slots whose
// automaton has at most twice as many words as entries (dictionaries: about one) use a
// table; Kakuro's longer runs (up to 157 words per entry) keep the automaton.
struct WordIndex {
  int length = 0, alphabet = 0;
  size_t words = 0, blocks = 0;
  std::vector<Letter> letters;
  std::vector<uint64_t> bits;
  std::vector<LetterSet> at;

  explicit WordIndex(const Dawg& dawg);
  const uint64_t* set(int k, int c) const { return &bits[(static_cast<size_t>(k) * alphabet + c) * blocks]; }
};

WordIndex::WordIndex(const Dawg& dawg)
    : length(dawg.length()), words(dawg.word_count()), blocks((words + 63) / 64) {
  letters.reserve(words * length);
  Word w(length, 0);
  auto walk = [&](auto&& self, uint32_t e, int k) -> void {  // depth first = rank order
    if (k == length) {
      letters.insert(letters.end(), w.begin(), w.end());
      return;
    }
    for (LetterSet m = dawg.mask(e); m; m &= m - 1) {
      w[k] = static_cast<Letter>(std::countr_zero(m));
      alphabet = std::max(alphabet, w[k] + 1);
      self(self, dawg.child(e, w[k]), k + 1);
    }
  };
  if (words > 0) walk(walk, Dawg::kRoot, 0);
  bits.assign(static_cast<size_t>(length) * alphabet * blocks, 0);
  at.assign(length, 0);
  for (size_t i = 0; i < words; ++i) {
    for (int k = 0; k < length; ++k) {
      const Letter c = letters[i * length + k];
      bits[(static_cast<size_t>(k) * alphabet + c) * blocks + i / 64] |= uint64_t{1} << (i % 64);
      at[k] |= LetterSet{1} << c;
    }
  }
}

// Costs of the words of one WordIndex for the branch and bound of `improve`: up to 64 levels
// value[0] < value[1] < ... (the distinct costs, or as many quantiles of them, the last being
// the highest); cheaper[l * blocks ...] = the words costing value[l] or less; floor[l] = the
// least cost of a word not in cheaper[l - 1] (floor[0]: of any word).
struct CostLevels {
  std::vector<int64_t> value, floor;
  std::vector<uint64_t> cheaper;
};

// The words of one indexed slot that fit its cells' domains, kept up to date by narrowing
// (Compact-Table: Demeulenaere et al., CP 2016). Bit w of `words` is set when word w (by rank)
// has, at each position k, a letter of seen[k], the cell's domain as last applied.
// nonzero[0, limit) lists, in any order, every block of `words` that is not 0 (and may list
// some that are, emptied by a word that `distinct` took out; narrowing drops them); the
// blocks it lists from limit on are 0. Narrowing a slot costs its live blocks times the
// letters removed (or kept) at the cells that changed, and shrinks as the slot does. Undo
// restores words, limit and seen from the trail; a removed block stays behind limit until
// then, so the permutation needs no undo. residue[k * 64 + c] is a block that last held a word with
// letter c at k: a hint for support checks, not state.
struct SlotTable {
  const WordIndex* index = nullptr;
  const CostLevels* costs = nullptr;  // with `improve`, for the slot's least cost
  std::vector<uint64_t> words;
  std::vector<uint32_t> nonzero;
  uint32_t limit = 0;
  std::vector<LetterSet> seen;
  std::vector<uint32_t> residue;
};

template <class CostOf>
std::unique_ptr<CostLevels> MakeCostLevels(const WordIndex& ix, CostOf cost) {
  std::vector<int64_t> distinct;
  for (size_t r = 0; r < ix.words; ++r) distinct.push_back(cost(r));
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  auto levels = std::make_unique<CostLevels>();
  const size_t n = distinct.size(), count = std::min<size_t>(n, 64);
  for (size_t l = 0; l < count; ++l) {
    levels->floor.push_back(distinct[l * n / count]);
    levels->value.push_back(distinct[(l + 1) * n / count - 1]);
  }
  levels->cheaper.assign(count * ix.blocks, 0);
  for (size_t r = 0; r < ix.words; ++r) {
    const size_t first = std::lower_bound(levels->value.begin(), levels->value.end(), cost(r)) -
                         levels->value.begin();
    for (size_t l = first; l < count; ++l) {
      levels->cheaper[l * ix.blocks + r / 64] |= uint64_t{1} << (r % 64);
    }
  }
  return levels;
}

// One change to undo on backtrack.
struct TrailEntry {
  enum Kind : uint8_t { kDomain, kCount, kRank, kBlock, kLimit, kSeen } kind;
  int index;     // cell (kDomain) or slot
  uint32_t at;   // kBlock: the block; kSeen: the position
  uint64_t old;  // previous domain, count, rank, block, limit or seen letters; a kDomain
                 // entry also saved the cell's culprit set (W words) on culprit_trail_
};

// The search state. Invariants between calls (after a successful Propagate):
//  - dom_[c] is the set of letters cell c can still take; every letter in it has a support,
//    i.e. a word of each slot through c, consistent with all the slot's cell domains (GAC);
//  - count_[s] is the number of such words of slot s (>= 1); count_ 1 means the slot's word
//    is decided and, with `distinct`, rank_[s] holds its rank;
//  - culprits_[c] (W words, bit l = decision level l) over-approximates the decisions that
//    caused dom_[c] to shrink: a failure that involves c is explained by them, so
//    conflict-directed backjumping may skip every level not in the union of the culprits.
class Filler {
 public:
  Filler(const FillProblem& problem, const FillOptions& options, const FillCallback& on_fill);
  FillResult Run();

 private:
  // The automaton sweep of slot s against the current domains: support_[k] = letters with a
  // consistent word at position k; with `counts`, letter_counts_[k*64+c] = number of those
  // words with letter c at k. Returns the number of consistent words.
  uint64_t Sweep(int s, bool counts);
  template <class Mask>
  uint64_t SweepWith(int s, bool counts);
  uint64_t TableSweep(int s, bool counts);  // the same from the slot's table of words
  void Narrow(SlotTable& table, int s, int k, LetterSet d);
  bool Propagate(uint64_t* conflict);
  void SetDomain(int cell, LetterSet d, const uint64_t* culprits, bool replace);
  void Exclude(int t, int64_t r, const uint64_t* why);
  void Undo(size_t mark);
  void Enqueue(int s) {
    if (!queued_[s]) queued_[s] = true, queue_.push_back(s);
  }
  void SlotCulprits(int s, uint64_t* out) const;
  Outcome Search(int level, uint64_t* conflict_out);
  Outcome Branch(int level, uint64_t* conflict_out);
  Outcome Solution(int level, uint64_t* conflict_out);
  void Chronological(int level, uint64_t* conflict_out) const;
  bool ChooseSplit(uint64_t* conflict);
  // The branching choice and its values: each value is a list of (cell, letter).
  bool ChooseSlot(int* slot);
  bool ChooseCell(int* cell);
  void SlotValues(int s, std::vector<Letter>& words);
  void CellValues(int cell, std::vector<Letter>& letters);
  double Noise() { return restart_ > 0 ? uniform_(rng_) * 2.0 : 0.0; }
  // log(letters' supports in crossing slots) for cell `cell` seen from slot `from`.
  void CrossScores(int cell, int from, double* out);
  bool TimeUp();
  // Quality: the cost of word `rank` in slot s; the least cost of a word slot s can still
  // take; their sum over the slots, a lower bound of any fill's total below this node.
  int64_t Cost(int s, size_t rank) const;
  int64_t LeastCost(int s) const;
  int64_t LowerBound() const;
  int64_t FillCost() const;  // the total cost of the fill in letters_

  const FillProblem& p_;
  FillOptions opt_;
  const FillCallback& on_fill_;
  int cells_, slots_, w_;  // w_ = words per level set
  std::vector<LetterSet> dom_;
  std::vector<uint64_t> culprits_;   // cells_ * w_
  std::vector<uint64_t> count_;
  std::vector<int64_t> rank_;
  std::vector<std::vector<int>> slots_of_cell_;
  std::vector<std::vector<int>> same_dawg_;  // the other slots of each slot's automaton
                                             // (with `distinct` only: quadratic)
  std::vector<int> scratch_of_slot_;
  std::vector<int> table_of_slot_;        // the slot's table in tables_, or -1: automaton
  std::vector<std::unique_ptr<WordIndex>> indexes_;
  std::vector<std::unique_ptr<CostLevels>> levels_;  // with `improve`: one per index
  std::vector<SlotTable> tables_;
  std::vector<SweepScratch> scratch_;
  std::vector<std::vector<uint32_t>> layers_;
  std::vector<LetterSet> support_;
  std::vector<uint64_t> letter_counts_;
  std::vector<double> weight_;
  std::vector<int> queue_;
  std::vector<uint64_t> why_;  // Propagate's culprits of a narrowing
  std::vector<bool> queued_;
  std::vector<TrailEntry> trail_;
  std::vector<uint64_t> culprit_trail_;
  std::vector<Letter> letters_;
  std::mt19937_64 rng_;
  std::uniform_real_distribution<double> uniform_{0.0, 1.0};
  Clock::time_point start_;
  FillStats stats_;
  int64_t best_total_;  // with `improve`: a fill must cost less in all
  // Restarts. A run ends when it has more than failure_budget_ failures (restart_failures
  // times Luby's sequence). The next starts at restart_level_: the root when the budget ran
  // out within kRestartDepth levels of it, else kRestartDepth levels above the node where it
  // ran out. Such a local restart keeps the decisions above it (on big Kakuro boards,
  // hundreds that a restart from the root would redo) and, with the failed slots' weights
  // raised, searches the part where the dead end was in a new order. It loses no fill: the
  // node it restarts from is the same, and the budgets grow without bound.
  static constexpr int kRestartDepth = 30;
  int64_t restart_ = 0, failures_in_run_ = 0, failure_budget_ = 0;
  int restart_level_ = 0;
  void StartRun();
  bool Restart() {  // counts a restart and starts the next run; true (for loop conditions)
    ++restart_;
    ++stats_.restarts;
    StartRun();
    return true;
  }
  bool restarts_allowed_;  // not `all`: runs may stop early and start again
  absl::flat_hash_set<std::string> reported_;  // with restarts and limit > 1: fills so far
  // Sharding (`all` only): the nodes at depth split_depth_ and the fills above it are the
  // "units", numbered in search order by units_; only units in [unit_begin_, unit_end_) are
  // searched. split_depth_ < 0: no split. expandable_: some unit had a cell left to choose.
  int split_depth_ = -1;
  int64_t units_ = 0, unit_begin_ = 0, unit_end_ = 0;
  bool expandable_ = false;
};

Filler::Filler(const FillProblem& problem, const FillOptions& options,
               const FillCallback& on_fill)
    : p_(problem), opt_(options), on_fill_(on_fill), rng_(options.seed) {
  if (opt_.deterministic) opt_.distinct = true;
  if (opt_.prefer_scores) opt_.branching = Branching::kWord;
  if (opt_.scores == ScoreOrder::kNone) opt_.max_cost = INT64_MAX, opt_.improve = false;
  if (opt_.all) opt_.improve = false;
  if (opt_.limit == 0 && !opt_.all && !opt_.improve) opt_.limit = 1;
  best_total_ = opt_.total_below;
  restarts_allowed_ = !opt_.all;
  cells_ = static_cast<int>(p_.domains.size());
  slots_ = static_cast<int>(p_.slots.size());
  w_ = (cells_ + 64) / 64;
  dom_ = p_.domains;
  culprits_.assign(static_cast<size_t>(cells_) * w_, 0);
  count_.assign(slots_, 0);
  rank_.assign(slots_, -1);
  slots_of_cell_.resize(cells_);
  same_dawg_.resize(slots_);
  weight_.assign(slots_, 1.0);
  queued_.assign(slots_, false);
  absl::flat_hash_map<const Dawg*, int> scratch_index, index_of_dawg;
  const bool quality = opt_.scores != ScoreOrder::kNone;
  size_t max_len = 0;
  for (int s = 0; s < slots_; ++s) {
    const FillSlot& slot = p_.slots[s];
    assert(slot.dawg && slot.dawg->length() == static_cast<int>(slot.cells.size()));
    for (int c : slot.cells) slots_of_cell_[c].push_back(s);
    auto [it, inserted] = scratch_index.try_emplace(slot.dawg, scratch_.size());
    if (inserted) {
      scratch_.push_back({std::vector<StateMark>(slot.dawg->entry_count() + 1), 0});
    }
    scratch_of_slot_.push_back(it->second);
    int table = -1;
    const bool scored = quality && !slot.scores.empty();  // quality needs the slot's table
    if (scored || slot.dawg->word_count() <= 2 * slot.dawg->entry_count()) {
      auto [at, fresh] = index_of_dawg.try_emplace(slot.dawg, indexes_.size());
      if (fresh) {
        indexes_.push_back(std::make_unique<WordIndex>(*slot.dawg));
        levels_.push_back(scored && opt_.improve
                              ? MakeCostLevels(*indexes_.back(), [&](size_t r) { return Cost(s, r); })
                              : nullptr);
      }
      const WordIndex& ix = *indexes_[at->second];
      table = static_cast<int>(tables_.size());
      SlotTable& t = tables_.emplace_back();
      t.index = &ix;
      if (scored) t.costs = levels_[at->second].get();
      t.words.assign(ix.blocks, 0);
      for (size_t r = 0; r < ix.words; ++r) {
        if (!scored || Cost(s, r) <= opt_.max_cost) t.words[r / 64] |= uint64_t{1} << (r % 64);
      }
      for (uint32_t b = 0; b < ix.blocks; ++b) {
        if (t.words[b]) t.nonzero.push_back(b);
      }
      t.limit = static_cast<uint32_t>(t.nonzero.size());
      t.seen = ix.at;
      t.residue.assign(static_cast<size_t>(ix.length) * 64, 0);
    }
    table_of_slot_.push_back(table);
    max_len = std::max(max_len, slot.cells.size());
    for (int t = 0; t < s && opt_.distinct; ++t) {  // only `distinct` asks
      if (p_.slots[t].dawg == slot.dawg) {
        same_dawg_[s].push_back(t);
        same_dawg_[t].push_back(s);
      }
    }
  }
  layers_.resize(max_len + 1);
  support_.resize(max_len);
  letter_counts_.resize(max_len * 64);
  letters_.assign(cells_, 0);
  why_.resize(w_);
}

uint64_t Filler::Sweep(int s, bool counts) {
  if (table_of_slot_[s] >= 0) return TableSweep(s, counts);
  return p_.slots[s].dawg->wide() ? SweepWith<uint64_t>(s, counts) : SweepWith<uint32_t>(s, counts);
}

// Applies the new domain d of position k to the table: keeps the words with a letter of d
// there, by clearing those with a removed letter or by keeping those with a letter of d,
// whichever takes fewer letter sets.
void Filler::Narrow(SlotTable& t, int s, int k, LetterSet d) {
  const WordIndex& ix = *t.index;
  const LetterSet removed = t.seen[k] & ~d;
  trail_.push_back({TrailEntry::kSeen, s, static_cast<uint32_t>(k), t.seen[k]});
  t.seen[k] = d;
  const bool keep = std::popcount(d) < std::popcount(removed);
  const uint64_t* sets[64];
  int n = 0;
  for (LetterSet m = keep ? d : removed; m; m &= m - 1) sets[n++] = ix.set(k, std::countr_zero(m));
  const uint64_t flip = keep ? 0 : ~uint64_t{0};
  const uint32_t old_limit = t.limit;
  for (uint32_t p = t.limit; p-- > 0;) {
    const uint32_t b = t.nonzero[p];
    uint64_t u = 0;
    for (int i = 0; i < n; ++i) u |= sets[i][b];
    const uint64_t w = t.words[b] & (u ^ flip);
    if (w != t.words[b]) {
      trail_.push_back({TrailEntry::kBlock, s, b, t.words[b]});
      t.words[b] = w;
    }
    if (w == 0) std::swap(t.nonzero[p], t.nonzero[--t.limit]);
  }
  if (t.limit != old_limit) trail_.push_back({TrailEntry::kLimit, s, 0, old_limit});
}

uint64_t Filler::TableSweep(int s, bool counts) {
  SlotTable& t = tables_[table_of_slot_[s]];
  const WordIndex& ix = *t.index;
  const std::vector<int>& cells = p_.slots[s].cells;
  const int len = ix.length;
  for (int k = 0; k < len && t.limit > 0; ++k) {
    const LetterSet d = dom_[cells[k]] & ix.at[k];
    if (d != t.seen[k]) Narrow(t, s, k, d);
  }
  uint64_t total = 0;
  for (uint32_t p = 0; p < t.limit; ++p) total += std::popcount(t.words[t.nonzero[p]]);
  if (total == 0) return 0;
  // Supports (and counts) of the open cells: from the words themselves when they are few,
  // else letter by letter, first in the block that last had one. A fixed cell's letter is in
  // every word.
  if (counts) std::fill(letter_counts_.begin(), letter_counts_.begin() + len * 64, 0);
  size_t tests = 0;
  int open[kMaxWordLength], opens = 0;  // the positions with a choice left
  for (int k = 0; k < len; ++k) {
    support_[k] = 0;
    const int size = std::popcount(t.seen[k]);
    if (size > 1) tests += size, open[opens++] = k;
  }
  if (tests > 0 && total * opens <= tests * t.limit) {
    for (uint32_t p = 0; p < t.limit; ++p) {
      const uint32_t b = t.nonzero[p];
      for (uint64_t m = t.words[b]; m; m &= m - 1) {
        const Letter* w = &ix.letters[(size_t{b} * 64 + std::countr_zero(m)) * len];
        for (int i = 0; i < opens; ++i) {
          const int k = open[i];
          support_[k] |= LetterSet{1} << w[k];
          if (counts) ++letter_counts_[k * 64 + w[k]];
        }
      }
    }
  } else if (tests > 0) {
    for (int i = 0; i < opens; ++i) {
      const int k = open[i];
      for (LetterSet m = t.seen[k]; m; m &= m - 1) {
        const int c = std::countr_zero(m);
        const uint64_t* set = ix.set(k, c);
        if (counts) {
          uint64_t n = 0;
          for (uint32_t p = 0; p < t.limit; ++p) {
            n += std::popcount(t.words[t.nonzero[p]] & set[t.nonzero[p]]);
          }
          letter_counts_[k * 64 + c] = n;
          if (n > 0) support_[k] |= LetterSet{1} << c;
          continue;
        }
        uint32_t& r = t.residue[k * 64 + c];
        if (t.words[r] & set[r]) {
          support_[k] |= LetterSet{1} << c;
          continue;
        }
        for (uint32_t p = 0; p < t.limit; ++p) {
          const uint32_t b = t.nonzero[p];
          if (t.words[b] & set[b]) {
            r = b;
            support_[k] |= LetterSet{1} << c;
            break;
          }
        }
      }
    }
  }
  for (int k = 0; k < len; ++k) {
    const LetterSet d = t.seen[k];
    if (std::popcount(d) != 1) continue;
    support_[k] = d;
    if (counts) letter_counts_[k * 64 + std::countr_zero(d)] = total;
  }
  return total;
}

template <class Mask>
uint64_t Filler::SweepWith(int s, bool counts) {
  const FillSlot& slot = p_.slots[s];
  const DawgEntry<Mask>* entries = slot.dawg->entries<Mask>();
  SweepScratch& sc = scratch_[scratch_of_slot_[s]];
  StateMark* marks = sc.marks.data();
  const int len = static_cast<int>(slot.cells.size());
  if (++sc.epoch == 0) {
    for (StateMark& m : sc.marks) m.stamp = 0;
    sc.epoch = 1;
  }
  const uint32_t epoch = sc.epoch;
  // Forward: the states reachable by prefixes that fit the domains (entries at depth < len).
  layers_[0].assign(1, Dawg::kRoot);
  marks[entries[Dawg::kRoot].first] = {epoch, 1, 0};
  for (int k = 0; k + 1 < len; ++k) {
    const Mask allowed = static_cast<Mask>(dom_[slot.cells[k]]);
    std::vector<uint32_t>& next = layers_[k + 1];
    next.clear();
    for (uint32_t e : layers_[k]) {
      const Mask full = entries[e].mask;
      const uint32_t base = entries[e].first;
      const uint32_t f = counts ? marks[base].fwd : 0;
      for (Mask m = full & allowed; m; m &= m - 1) {
        uint32_t child = base + std::popcount(static_cast<Mask>(full & (m ^ (m - 1)))) - 1;
        StateMark& mark = marks[entries[child].first];
        if (mark.stamp != epoch) {
          mark = {epoch, 0, 0};
          next.push_back(child);
        }
        mark.fwd += f;
      }
    }
    if (next.empty()) return 0;
  }
  // Backward: suffix counts; a letter is supported at k when it leads to a live state.
  if (counts) std::fill(letter_counts_.begin(), letter_counts_.begin() + len * 64, 0);
  for (int k = len - 1; k >= 0; --k) {
    const Mask allowed = static_cast<Mask>(dom_[slot.cells[k]]);
    const bool last = k + 1 == len;
    Mask sup = 0;
    for (uint32_t e : layers_[k]) {
      const Mask full = entries[e].mask;
      const uint32_t base = entries[e].first;
      uint32_t b = 0;
      for (Mask m = full & allowed; m; m &= m - 1) {
        uint32_t cb = 1;
        if (!last) {
          uint32_t child = base + std::popcount(static_cast<Mask>(full & (m ^ (m - 1)))) - 1;
          cb = marks[entries[child].first].bwd;
          if (cb == 0) continue;
        }
        b += cb;
        sup |= m & -m;
        if (counts) {
          letter_counts_[k * 64 + std::countr_zero(m)] += uint64_t{marks[base].fwd} * cb;
        }
      }
      marks[base].bwd = b;
    }
    support_[k] = sup;
  }
  return marks[entries[Dawg::kRoot].first].bwd;
}

void Filler::SlotCulprits(int s, uint64_t* out) const {
  std::fill(out, out + w_, 0);
  for (int c : p_.slots[s].cells) {
    for (int i = 0; i < w_; ++i) out[i] |= culprits_[static_cast<size_t>(c) * w_ + i];
  }
}

void Filler::SetDomain(int cell, LetterSet d, const uint64_t* culprits, bool replace) {
  trail_.push_back({TrailEntry::kDomain, cell, 0, dom_[cell]});
  uint64_t* mine = &culprits_[static_cast<size_t>(cell) * w_];
  culprit_trail_.insert(culprit_trail_.end(), mine, mine + w_);
  dom_[cell] = d;
  for (int i = 0; i < w_; ++i) mine[i] = replace ? culprits[i] : mine[i] | culprits[i];
  for (int t : slots_of_cell_[cell]) Enqueue(t);
}

// Takes word r out of slot t's table (`distinct`: another slot has it), blaming the culprits
// `why` of that slot: they join those of t's first cell, so that t's failures name them.
void Filler::Exclude(int t, int64_t r, const uint64_t* why) {
  SlotTable& table = tables_[table_of_slot_[t]];
  const uint32_t b = static_cast<uint32_t>(r / 64);
  const uint64_t bit = uint64_t{1} << (r % 64);
  if (!(table.words[b] & bit)) return;
  trail_.push_back({TrailEntry::kBlock, t, b, table.words[b]});
  table.words[b] &= ~bit;
  const int cell = p_.slots[t].cells[0];
  SetDomain(cell, dom_[cell], why, false);  // also queues t
}

void Filler::Undo(size_t mark) {
  while (trail_.size() > mark) {
    const TrailEntry& t = trail_.back();
    switch (t.kind) {
      case TrailEntry::kDomain: {
        dom_[t.index] = t.old;
        culprit_trail_.resize(culprit_trail_.size() - w_);
        std::copy_n(culprit_trail_.end(), w_, &culprits_[static_cast<size_t>(t.index) * w_]);
        break;
      }
      case TrailEntry::kCount:
        count_[t.index] = t.old;
        break;
      case TrailEntry::kRank:
        rank_[t.index] = static_cast<int64_t>(t.old);
        break;
      case TrailEntry::kBlock:
        tables_[table_of_slot_[t.index]].words[t.at] = t.old;
        break;
      case TrailEntry::kLimit:
        tables_[table_of_slot_[t.index]].limit = static_cast<uint32_t>(t.old);
        break;
      case TrailEntry::kSeen:
        tables_[table_of_slot_[t.index]].seen[t.at] = static_cast<LetterSet>(t.old);
        break;
    }
    trail_.pop_back();
  }
}

// Sweeps queued slots until no domain changes. On a wipe-out (or a repeated word with
// `distinct`) fills `conflict` with the culprits of the failing slot(s) and returns false.
bool Filler::Propagate(uint64_t* conflict) {
  std::vector<uint64_t>& why = why_;
  bool ok = true;
  for (size_t qi = 0; qi < queue_.size() && ok; ++qi) {
    // Fail first: the queued slot with the fewest words is the likeliest to wipe out.
    size_t first = qi;
    for (size_t j = qi + 1; j < queue_.size(); ++j) {
      if (count_[queue_[j]] < count_[queue_[first]]) first = j;
    }
    std::swap(queue_[qi], queue_[first]);
    int s = queue_[qi];
    queued_[s] = false;
    uint64_t n = Sweep(s, false);
    const std::vector<int>& cells = p_.slots[s].cells;
    if (n == 0) {
      weight_[s] += 1;
      SlotCulprits(s, conflict);
      ok = false;
      break;
    }
    if (n != count_[s]) {
      trail_.push_back({TrailEntry::kCount, s, 0, count_[s]});
      count_[s] = n;
    }
    bool have_why = false;
    for (size_t k = 0; k < cells.size(); ++k) {
      LetterSet d = dom_[cells[k]] & support_[k];
      if (d == dom_[cells[k]]) continue;
      if (!have_why) SlotCulprits(s, why.data()), have_why = true;
      queued_[s] = true;  // the slot is consistent already: do not requeue it
      SetDomain(cells[k], d, why.data(), false);
      queued_[s] = false;
    }
    if (n == 1 && opt_.distinct && rank_[s] < 0) {
      Word w;
      for (int c : cells) w.push_back(static_cast<Letter>(std::countr_zero(dom_[c])));
      int64_t r = *p_.slots[s].dawg->rank(w);
      SlotCulprits(s, why.data());
      for (int t : same_dawg_[s]) {
        if (rank_[t] == r) {
          SlotCulprits(t, conflict);
          for (int i = 0; i < w_; ++i) conflict[i] |= why[i];
          weight_[s] += 1;
          ok = false;
        } else if (rank_[t] < 0 && table_of_slot_[t] >= 0) {
          Exclude(t, r, why.data());
        }
      }
      trail_.push_back({TrailEntry::kRank, s, 0, static_cast<uint64_t>(rank_[s])});
      rank_[s] = r;
    }
  }
  for (int s : queue_) queued_[s] = false;
  queue_.clear();
  return ok;
}

bool Filler::TimeUp() {
  if (opt_.node_limit > 0 && stats_.nodes > opt_.node_limit) return true;
  if (opt_.timeout_seconds <= 0) return false;
  return std::chrono::duration<double>(Clock::now() - start_).count() > opt_.timeout_seconds;
}

int64_t Filler::Cost(int s, size_t rank) const {
  const std::span<const int64_t> scores = p_.slots[s].scores;
  if (scores.empty() || opt_.scores == ScoreOrder::kNone) return 0;
  return opt_.scores == ScoreOrder::kLowerFirst ? scores[rank] : -scores[rank];
}

// The first level whose cheaper set meets the slot's words (levels are nested: a binary
// search), read from the live blocks.
int64_t Filler::LeastCost(int s) const {
  if (table_of_slot_[s] < 0) return 0;
  const SlotTable& t = tables_[table_of_slot_[s]];
  if (!t.costs) return 0;
  const size_t blocks = t.index->blocks;
  size_t lo = 0, hi = t.costs->value.size() - 1;
  while (lo < hi) {
    const size_t mid = (lo + hi) / 2;
    const uint64_t* cheaper = &t.costs->cheaper[mid * blocks];
    bool any = false;
    for (uint32_t p = 0; p < t.limit && !any; ++p) {
      any = (t.words[t.nonzero[p]] & cheaper[t.nonzero[p]]) != 0;
    }
    if (any) hi = mid; else lo = mid + 1;
  }
  return t.costs->floor[lo];
}

int64_t Filler::LowerBound() const {
  int64_t sum = 0;
  for (int s = 0; s < slots_; ++s) sum += LeastCost(s);
  return sum;
}

int64_t Filler::FillCost() const {
  int64_t sum = 0;
  for (int s = 0; s < slots_; ++s) {
    if (p_.slots[s].scores.empty()) continue;
    Word w;
    for (int c : p_.slots[s].cells) w.push_back(letters_[c]);
    sum += Cost(s, *p_.slots[s].dawg->rank(w));
  }
  return sum;
}

bool Filler::ChooseSlot(int* slot) {
  double best = 0;
  uint64_t ties = 0;
  *slot = -1;
  for (int s = 0; s < slots_; ++s) {
    if (count_[s] <= 1) continue;
    double key = static_cast<double>(count_[s]) / weight_[s];
    if (*slot < 0 || key < best) {
      *slot = s, best = key, ties = 1;
    } else if (key == best && rng_() % ++ties == 0) {  // each of the tied slots equally likely
      *slot = s;
    }
  }
  return *slot >= 0;
}

bool Filler::ChooseCell(int* cell) {
  *cell = -1;
  double best = 0;
  uint64_t ties = 0;
  for (int c = 0; c < cells_; ++c) {
    int size = std::popcount(dom_[c]);
    if (size <= 1 || slots_of_cell_[c].empty()) continue;
    if (opt_.all) {  // static order: fills come out in lexicographic order
      *cell = c;
      return true;
    }
    double w = 0;
    for (int s : slots_of_cell_[c]) w += weight_[s];
    double key = size / w;
    if (*cell < 0 || key < best) {
      *cell = c, best = key, ties = 1;
    } else if (key == best && rng_() % ++ties == 0) {
      *cell = c;
    }
  }
  return *cell >= 0;
}

void Filler::CrossScores(int cell, int from, double* out) {
  std::fill(out, out + 64, 0.0);
  for (int t : slots_of_cell_[cell]) {
    if (t == from) continue;
    const std::vector<int>& cells = p_.slots[t].cells;
    int k = static_cast<int>(std::find(cells.begin(), cells.end(), cell) - cells.begin());
    Sweep(t, true);
    for (LetterSet m = dom_[cell]; m; m &= m - 1) {
      int c = std::countr_zero(m);
      out[c] += std::log(static_cast<double>(letter_counts_[k * 64 + c]) + 1.0);
    }
  }
}

void Filler::CellValues(int cell, std::vector<Letter>& letters) {
  letters.clear();
  for (LetterSet m = dom_[cell]; m; m &= m - 1) letters.push_back(std::countr_zero(m));
  if (opt_.all) return;
  double score[64];
  CrossScores(cell, -1, score);
  std::vector<std::pair<double, Letter>> keyed;
  for (Letter c : letters) keyed.push_back({-(score[c] + Noise()), c});
  std::sort(keyed.begin(), keyed.end());
  for (size_t i = 0; i < keyed.size(); ++i) letters[i] = keyed[i].second;
}

// The slot's consistent words, best first: lower cost (with prefer_scores), then the most
// support left in the crossing slots (sum of log counts), with noise after a restart.
void Filler::SlotValues(int s, std::vector<Letter>& words) {
  const FillSlot& slot = p_.slots[s];
  const int len = static_cast<int>(slot.cells.size());
  std::vector<double> cross(static_cast<size_t>(len) * 64, 0.0);
  for (int k = 0; k < len; ++k) {
    if (std::popcount(dom_[slot.cells[k]]) > 1) CrossScores(slot.cells[k], s, &cross[k * 64]);
  }
  std::vector<std::pair<std::pair<double, double>, size_t>> keyed;
  std::vector<Letter> all;
  auto add = [&](WordView w, uint32_t rank) {
    double key = 0;
    for (int i = 0; i < len; ++i) key += cross[i * 64 + w[i]];
    const double cost = opt_.prefer_scores ? static_cast<double>(Cost(s, rank)) : 0;
    keyed.push_back({{cost, -(key + Noise())}, all.size()});
    all.insert(all.end(), w.begin(), w.end());
  };
  if (table_of_slot_[s] >= 0) {  // the words of the table (current since Propagate), in rank order
    const SlotTable& t = tables_[table_of_slot_[s]];
    const WordIndex& ix = *t.index;
    for (size_t i = 0; i < ix.blocks; ++i) {
      for (uint64_t m = t.words[i]; m; m &= m - 1) {
        const size_t r = i * 64 + std::countr_zero(m);
        add(WordView(&ix.letters[r * len], len), static_cast<uint32_t>(r));
      }
    }
  } else {  // a depth-first walk over the live part of an automaton sweep
    slot.dawg->wide() ? SweepWith<uint64_t>(s, false) : SweepWith<uint32_t>(s, false);
    const Dawg& d = *slot.dawg;
    const SweepScratch& sc = scratch_[scratch_of_slot_[s]];
    Word w(len, 0);
    auto walk = [&](auto&& self, uint32_t e, int k, uint32_t rank) -> void {
      const LetterSet full = d.mask(e);
      for (LetterSet m = full & dom_[slot.cells[k]]; m; m &= m - 1) {
        int c = std::countr_zero(m);
        uint32_t child = d.first(e) + std::popcount(full & ((LetterSet{1} << c) - 1));
        w[k] = static_cast<Letter>(c);
        if (k + 1 == len) {
          add(w, rank + d.rank_offset(child));
          continue;
        }
        const StateMark& mark = sc.marks[d.first(child)];
        if (mark.stamp == sc.epoch && mark.bwd > 0) self(self, child, k + 1, rank + d.rank_offset(child));
      }
    };
    walk(walk, Dawg::kRoot, 0, 0);
  }
  std::sort(keyed.begin(), keyed.end());
  words.clear();
  for (const auto& kv : keyed) words.insert(words.end(), all.begin() + kv.second, all.begin() + kv.second + len);
}

// Every level above `level` is to blame: no backjump over them.
void Filler::Chronological(int level, uint64_t* conflict_out) const {
  std::fill(conflict_out, conflict_out + w_, 0);
  for (int l = 0; l < level; ++l) conflict_out[l / 64] |= uint64_t{1} << (l % 64);
}

Outcome Filler::Solution(int level, uint64_t* conflict_out) {
  Chronological(level, conflict_out);  // every earlier level may matter to the next fill
  for (int c = 0; c < cells_; ++c) {
    letters_[c] = dom_[c] ? static_cast<Letter>(std::countr_zero(dom_[c])) : 0;
  }
  if (opt_.deterministic && !IsDeterministicFill(p_, letters_)) {
    ++stats_.rejected;
    restart_level_ = 0;
    return restarts_allowed_ ? Outcome::kRestart : Outcome::kFail;
  }
  // With restarts a later run may reach a reported fill again: it is a failure then.
  if (restarts_allowed_ && opt_.limit > 1 &&
      !reported_.emplace(letters_.begin(), letters_.end()).second) {
    ++failures_in_run_;
    return Outcome::kFail;
  }
  if (opt_.improve) best_total_ = FillCost();  // the next fill must cost less
  ++stats_.fills;
  if (!on_fill_(letters_)) return Outcome::kStop;
  if (opt_.limit > 0 && stats_.fills >= opt_.limit) return Outcome::kStop;
  return Outcome::kFail;
}

// Numbers the units of a split and searches those in range. A unit's subtree reports a
// failure chronologically, so the levels above the split depth see the same outcomes in
// every shard (and in the counting passes): their nodes, hence the units, are the same.
Outcome Filler::Search(int level, uint64_t* conflict_out) {
  int cell;
  if (level > split_depth_ || (level < split_depth_ && ChooseCell(&cell))) {
    return Branch(level, conflict_out);
  }
  if (level == split_depth_ && ChooseCell(&cell)) expandable_ = true;
  const int64_t unit = units_++;
  Outcome out = Outcome::kFail;
  if (unit >= unit_begin_ && unit < unit_end_) out = Branch(level, conflict_out);
  if (out == Outcome::kFail) Chronological(level, conflict_out);
  return out;
}

Outcome Filler::Branch(int level, uint64_t* conflict_out) {
  ++stats_.nodes;
  if (TimeUp()) return Outcome::kTimeout;
  if (opt_.improve && LowerBound() >= best_total_) {  // no cheaper fill below: fail
    ++stats_.failures;
    ++failures_in_run_;
    Chronological(level, conflict_out);
    return Outcome::kFail;
  }
  int var = -1;
  std::vector<Letter> values;
  std::vector<uint64_t> conf(w_), sub(w_);
  int len;  // letters per value
  if (opt_.branching == Branching::kWord && !opt_.all) {
    if (!ChooseSlot(&var)) return Solution(level, conflict_out);
    SlotCulprits(var, conf.data());
    SlotValues(var, values);
    len = static_cast<int>(p_.slots[var].cells.size());
  } else {
    if (!ChooseCell(&var)) return Solution(level, conflict_out);
    std::copy_n(&culprits_[static_cast<size_t>(var) * w_], w_, conf.data());
    CellValues(var, values);
    len = 1;
  }
  std::vector<uint64_t> me(w_, 0);
  me[level / 64] = uint64_t{1} << (level % 64);
  const size_t mark = trail_.size();
  for (size_t v = 0; v < values.size(); v += len) {
    for (int k = 0; k < len; ++k) {
      int cell = len == 1 ? var : p_.slots[var].cells[k];
      LetterSet bit = LetterSet{1} << values[v + k];
      if (dom_[cell] != bit) SetDomain(cell, bit, me.data(), true);
    }
    if (len > 1) Enqueue(var);  // records the slot's word (count 1, rank)
    Outcome out = Outcome::kFail;
    if (!Propagate(sub.data())) {
      ++stats_.failures;
      ++failures_in_run_;
    } else {
      do {
        out = Search(level + 1, sub.data());
      } while (out == Outcome::kRestart && restart_level_ == level + 1 && Restart());
    }
    Undo(mark);
    if (out != Outcome::kFail) return out;
    if (restarts_allowed_ && failures_in_run_ > failure_budget_) {
      restart_level_ = level > kRestartDepth ? level - kRestartDepth : 0;
      return Outcome::kRestart;
    }
    if (!(sub[level / 64] >> (level % 64) & 1)) {  // this level is not to blame: jump back
      ++stats_.backjumps;
      std::copy(sub.begin(), sub.end(), conflict_out);
      return Outcome::kFail;
    }
    sub[level / 64] &= ~(uint64_t{1} << (level % 64));
    for (int i = 0; i < w_; ++i) conf[i] |= sub[i];
  }
  std::copy(conf.begin(), conf.end(), conflict_out);
  return Outcome::kFail;
}

// Luby's restart sequence 1 1 2 1 1 2 4 1 1 2 ...: element i (1-based).
int64_t Luby(int64_t i) {
  for (int64_t k = 1;; ++k) {
    if (i == (int64_t{1} << k) - 1) return int64_t{1} << (k - 1);
    if (i < (int64_t{1} << k) - 1) return Luby(i - (int64_t{1} << (k - 1)) + 1);
  }
}

// Starts run restart_ (0 = the first): no failures yet, and its budget.
void Filler::StartRun() {
  failures_in_run_ = 0;
  failure_budget_ = opt_.restart_failures * Luby(restart_ + 1);
}

// Picks the split for sharding: the least depth with 32 units per shard (or the depth past
// which no unit has a choice left), counted by searching no unit. Sets this shard's range.
// False on timeout.
bool Filler::ChooseSplit(uint64_t* conflict) {
  assert(opt_.all);
  const size_t root = trail_.size();
  const int64_t want = int64_t{32} * opt_.shard_count;
  for (split_depth_ = 0;; ++split_depth_) {
    units_ = unit_begin_ = unit_end_ = 0;
    expandable_ = false;
    Outcome out = Search(0, conflict);
    Undo(root);
    if (out == Outcome::kTimeout) return false;
    if (units_ >= want || !expandable_) break;
  }
  unit_begin_ = units_ * (opt_.shard_index - 1) / opt_.shard_count;
  unit_end_ = units_ * opt_.shard_index / opt_.shard_count;
  units_ = 0;
  return true;
}

FillResult Filler::Run() {
  start_ = Clock::now();
  FillResult result;
  auto finish = [&](FillStatus status) {
    stats_.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
    result.status = status;
    result.stats = stats_;
    return result;
  };
  // Over-constrained: a slot with no word at all against its own cells' initial letters.
  for (int s = 0; s < slots_; ++s) {
    count_[s] = Sweep(s, false);
    if (count_[s] == 0) {
      result.bad_slot = s;
      return finish(FillStatus::kOverConstrained);
    }
  }
  if (opt_.deterministic) {
    // The first placement needs a slot that is forced before any word is placed: the only
    // slot of its automaton, or one with a pre-fixed letter.
    bool forced = false;
    for (int s = 0; s < slots_ && !forced; ++s) {
      forced = same_dawg_[s].empty();
      for (int c : p_.slots[s].cells) forced = forced || std::popcount(dom_[c]) == 1;
    }
    if (!forced) return finish(FillStatus::kNoDeterministic);
  }
  std::vector<uint64_t> conflict(w_);
  for (int s = 0; s < slots_; ++s) Enqueue(s);
  if (!Propagate(conflict.data())) return finish(FillStatus::kImpossible);
  const size_t root = trail_.size();
  if (opt_.shard_count > 1 && !ChooseSplit(conflict.data())) {
    return finish(FillStatus::kTimedOut);
  }
  StartRun();
  for (;;) {
    Outcome out = Search(0, conflict.data());
    Undo(root);
    switch (out) {
      case Outcome::kRestart:
        Restart();
        continue;
      case Outcome::kTimeout:
        return finish(FillStatus::kTimedOut);
      case Outcome::kStop:
        return finish(FillStatus::kFilled);
      case Outcome::kFail:
        return finish(stats_.fills > 0 ? FillStatus::kFilled : FillStatus::kImpossible);
    }
  }
}

}  // namespace

FillResult Fill(const FillProblem& problem, const FillOptions& options,
                const FillCallback& on_fill) {
  Filler filler(problem, options, on_fill);
  return filler.Run();
}

bool IsDeterministicFill(const FillProblem& problem, std::span<const Letter> letters) {
  const int n = static_cast<int>(problem.slots.size());
  std::vector<Word> words(n);
  for (int s = 0; s < n; ++s) {
    for (int c : problem.slots[s].cells) words[s].push_back(letters[c]);
  }
  std::vector<bool> known(letters.size()), placed(n, false);
  for (size_t c = 0; c < letters.size(); ++c) known[c] = std::popcount(problem.domains[c]) == 1;
  auto fits = [&](int s, const Word& w) {
    const std::vector<int>& cells = problem.slots[s].cells;
    for (size_t k = 0; k < cells.size(); ++k) {
      if (known[cells[k]] && letters[cells[k]] != w[k]) return false;
    }
    return true;
  };
  auto place = [&](int s) {
    placed[s] = true;
    for (int c : problem.slots[s].cells) known[c] = true;
  };
  // Unplaced slots of the same automaton share a pool of unplaced words (their own words).
  for (int done = 0; done < n;) {
    int progress = 0;
    for (int s = 0; s < n; ++s) {
      if (placed[s]) continue;
      // Rule 1: slot s admits exactly one word of the pool (fills checked here are
      // distinct). Rule 2: its word fits exactly one unplaced slot (s itself).
      int words_fitting = 0, slots_fitting = 0;
      for (int t = 0; t < n; ++t) {
        if (placed[t] || problem.slots[t].dawg != problem.slots[s].dawg) continue;
        words_fitting += fits(s, words[t]);
        slots_fitting += fits(t, words[s]);
      }
      if (words_fitting == 1 || slots_fitting == 1) {
        place(s);
        ++progress;
        ++done;
      }
    }
    if (progress == 0) return false;
  }
  return true;
}

}  // namespace squares
