// The fill engine's internals (grid_fill.h), shared by its two phases: slot tables and
// propagation (fill_propagate.cc), search and restarts (grid_fill.cc).
#pragma once

#include <array>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "fill/grid_fill.h"

namespace squares::core::fill_internal {

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
  std::vector<uint32_t> rank;  // rank[i]: word i's rank in the automaton
  std::vector<int32_t> index;  // index[rank]: the word's i, -1 when it was left out

  // The automaton's words that `keep(rank)`, in rank order: a search under a cost bound
  // indexes only the words within it, so its tables have no blocks of words it cannot use.
  WordIndex(const Dawg& dawg, const std::function<bool(size_t)>& keep);
  const uint64_t* set(int k, int c) const {
    return &bits[(static_cast<size_t>(k) * alphabet + c) * blocks];
  }
};

// Costs of the words of one WordIndex for the branch and bound of `improve`: up to 64 levels
// value[0] < value[1] < ... (the distinct costs, or as many quantiles of them, the last being
// the highest); cheaper[l * blocks ...] = the words costing value[l] or less; floor[l] = the
// least cost of a word not in cheaper[l - 1] (floor[0]: of any word).
struct CostLevels {
  std::vector<int64_t> value, floor;
  std::vector<uint64_t> cheaper;
};

// The words of one indexed slot that fit its cells' domains, kept up to date by narrowing
// (Compact-Table: Demeulenaere et al., CP 2016). Bit w of `words` is set when the index's
// word w has, at each position k, a letter of seen[k], the cell's domain as last applied.
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
  std::vector<uint32_t> saved;  // saved[b] == Filler::segment_: block b is on the trail since
                                // the last mark (a change need not save it again)
  // After a sweep, every letter of seen[k] has a live word at k: the sweep narrows seen to
  // the supported letters, and narrows by the domain within seen, so seen only shrinks (until
  // an undo). Words then leave only by narrowing, in the next sweep, or by Exclude, which
  // sets `stale` until a sweep has checked every position again; a sweep that finds the
  // table unchanged, or narrowed at one position, knows those letters supported unchecked.
  // Undo returns to a state after complete sweeps, so the trail need not keep `stale`.
  bool stale = false;
};

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
  Consistency Prove();            // fill_prove.cc
  std::optional<uint64_t> Key();  // fill_shards.cc: FillShardKey

 private:
  // The automaton sweep of slot s against the current domains: support_[k] = letters with a
  // consistent word at position k; with count_at >= 0, letter_counts_[count_at*64+c] = number
  // of those words with letter c at count_at (the automaton's sweep counts at every k; value
  // ordering asks for one position). Returns the number of consistent words.
  uint64_t Sweep(int s, int count_at);
  template <class Mask>
  uint64_t SweepWith(int s, bool counts);
  uint64_t TableSweep(int s, int count_at);  // the same from the slot's table of words
  void Narrow(SlotTable& table, int s, int k, LetterSet d);
  bool Propagate(uint64_t* conflict);
  // Block checks (FillOptions::block_words): the 2x2 blocks of cells, found once; a pass over
  // those whose four slots are small, after the slots' own narrowing. PairSets: out[a] = the
  // letters that follow letter a at position k in slot s's live words.
  void FindBlocks();
  void PairSets(int s, int k, LetterSet* out);
  bool CheckBlocks(uint64_t* conflict, bool* narrowed);
  void SetDomain(int cell, LetterSet d, const uint64_t* culprits, bool replace);
  void Exclude(int t, int64_t r, const uint64_t* why);
  int64_t OnlyRank(int s) const;
  // Learned nogoods (fill_nogoods.cc).
  void Learn(int level, std::span<const uint32_t> value, const uint64_t* sub);
  void AddLearned();
  void Watch(size_t g);
  void NotTrueFirst(std::span<uint32_t> lits) const;
  void FindMirror();
  bool ApplyLearned(uint64_t* conflict);
  bool PropagateFixed(int cell, uint64_t* conflict);
  bool IsTrue(uint32_t lit) const { return dom_[lit / 64] == LetterSet{1} << (lit % 64); }
  void CellsCulprits(std::span<const uint32_t> lits, uint32_t except, uint64_t* out) const;
  void WatchGiven();
  std::span<uint32_t> NogoodLiterals(size_t g) {
    return {nogoods_.literals.data() + nogoods_.begin[g],
            nogoods_.literals.data() + nogoods_.begin[g + 1]};
  }
  void Undo(size_t mark);
  // Starts a new stretch of the trail: called where a mark is taken and after each undo.
  void NewSegment() { ++segment_; }
  void SaveBlock(SlotTable& table, int s, uint32_t b) {
    if (table.saved[b] == segment_) return;
    table.saved[b] = segment_;
    trail_.push_back({TrailEntry::kBlock, s, b, table.words[b]});
  }
  void Enqueue(int s) {
    if (!queued_[s]) queued_[s] = true, queue_.push_back(s);
  }
  void SlotCulprits(int s, uint64_t* out) const;
  int Position(int s, int cell) const;  // where `cell` lies in slot s (a cell of it)
  Outcome Search(int level, uint64_t* conflict_out);
  Outcome Below(int level, uint64_t* conflict_out);
  Outcome Branch(int level, uint64_t* conflict_out);
  Outcome Solution(int level, uint64_t* conflict_out);
  void Chronological(int level, uint64_t* conflict_out) const;
  std::optional<FillStatus> Start(uint64_t* conflict, int* bad_slot);
  // The cut into shards (fill_shards.cc).
  bool ChooseSplit(uint64_t* conflict);
  void HashUnit(int level);
  uint64_t CutKey() const;
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
  std::vector<uint64_t> culprits_;  // cells_ * w_
  std::vector<uint64_t> count_;
  std::vector<int64_t> rank_;
  std::vector<std::vector<int>> slots_of_cell_;
  std::vector<std::vector<int>> same_dawg_;  // the other slots of each slot's automaton
                                             // (with `distinct` only: quadratic)
  std::vector<int> scratch_of_slot_;
  std::vector<int> table_of_slot_;  // the slot's table in tables_, or -1: automaton
  std::vector<std::unique_ptr<WordIndex>> indexes_;
  std::vector<std::unique_ptr<CostLevels>> levels_;  // with `improve`: one per index
  std::vector<SlotTable> tables_;
  std::vector<SweepScratch> scratch_;
  std::vector<std::vector<uint32_t>> layers_;
  std::vector<LetterSet> support_;
  std::vector<uint32_t> live_;  // TableSweep's scratch: the live words' letter offsets
  std::vector<uint64_t> letter_counts_;
  // Branching weights (FillOptions::weight_growth): each blame of slot s for a failure adds
  // bump_ to weight_[s], and bump_ grows by weight_growth; all are scaled down together
  // before they overflow (only their ratios matter).
  std::vector<double> weight_;
  double bump_ = 1.0;
  std::vector<int> MostBlamed() const;  // FillResult::blamed
  void Bump(int s) {
    weight_[s] += bump_;
    bump_ *= opt_.weight_growth;
    if (bump_ > 1e100) {
      for (double& w : weight_) w *= 1e-100;
      bump_ *= 1e-100;
    }
  }
  std::vector<int> queue_;
  int emptied_ = -1;  // the slot whose wipe-out (or repeated word) failed Propagate
  bool emptied_repeat_ = false;
  std::vector<uint64_t> why_;  // Propagate's culprits of a narrowing
  // A 2x2 block of cells on four table slots: cells (0,0) (0,1) (1,0) (1,1); slots across 0
  // (cells 0, 1), across 1 (2, 3), down 0 (0, 2), down 1 (1, 3), each with the position of its
  // pair's first cell. A letter of a corner stays when it extends to letters of the other three
  // whose four pairs follow each other in live words of the four slots: a check of the 4-cycle
  // that the slots' own narrowing, one slot at a time, does not see.
  struct CellBlock {
    std::array<int, 4> cells, slots, at;
  };
  std::vector<CellBlock> blocks_;
  std::vector<bool> queued_;
  std::vector<TrailEntry> trail_;
  uint32_t segment_ = 1;  // see SlotTable::saved
  std::vector<uint64_t> culprit_trail_;
  // Nogoods learned at restarts (Lecoutre et al.'s reduced nld-nogoods, CP 2007, each cut
  // down to the decisions in its refutation's conflict set): a restart keeps, for every value
  // the abandoned branch refuted, that its decisions and the value cannot hold together, so
  // later runs never search those subtrees again. A literal is cell * 64 + letter, true when
  // the cell's domain is that letter alone (grid_fill.h's Nogoods, some maybe given by
  // options.nogoods). A nogood's first two literals are watched (watches_[lit]: the nogoods
  // watching lit); invariant: a watched literal that is true has a partner that is not, so a
  // nogood is seen when its last literal but one becomes true (its last is then taken out)
  // or its last becomes true (a conflict). Watches need no undo. decision_[l] holds the
  // literals level l's value set; fixed_ the cells made single-letter since the nogoods last
  // looked; learned_checked_ the nogoods applied at a restart point so far.
  Nogoods nogoods_;
  std::vector<std::vector<uint32_t>> watches_;
  std::vector<std::vector<uint32_t>> decision_;
  std::vector<int> fixed_;
  size_t learned_checked_ = 0;
  std::vector<int> mirror_;  // FindMirror's map of cells, or empty: none
  static constexpr size_t kMaxLearnedLiterals = size_t{1} << 22;
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
  bool restarts_allowed_;                      // not `all`: runs may stop early and start again
  absl::flat_hash_set<std::string> reported_;  // with restarts and limit > 1: fills so far
  // Sharding (`all` only): the nodes at depth split_depth_ and the fills above it are the
  // "units", numbered in search order by units_; only units in [unit_begin_, unit_end_) are
  // searched. split_depth_ < 0: no split. expandable_: some unit had a cell left to choose.
  // The cut's units (cut_units_ of them) hashed in order by ChooseSplit's passes (while
  // hash_units_: for Key(), keying_, or an expected key), each as its decisions
  // (unit_literals_): units_hash_.
  int split_depth_ = -1;
  int64_t units_ = 0, unit_begin_ = 0, unit_end_ = 0, cut_units_ = 0;
  bool expandable_ = false, hash_units_ = false, keying_ = false;
  uint64_t units_hash_ = 0;
  std::vector<uint32_t> unit_literals_;
};

}  // namespace squares::core::fill_internal
