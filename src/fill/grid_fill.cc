#include "fill/grid_fill.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <random>
#include <string>

#include "fill/filler.h"

namespace squares::core {
namespace fill_internal {

bool Filler::TimeUp() {
  if (opt_.progress) opt_.progress->nodes.fetch_add(1, std::memory_order_relaxed);
  if (opt_.node_limit > 0 && stats_.nodes > opt_.node_limit) return true;
  if (opt_.node_cap && stats_.nodes > opt_.node_cap->load(std::memory_order_relaxed)) return true;
  if (opt_.stop && opt_.stop->load(std::memory_order_relaxed)) return true;
  if (opt_.timeout_seconds <= 0) return false;
  return std::chrono::duration<double>(Clock::now() - start_).count() > opt_.timeout_seconds;
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
    const int k = Position(t, cell);
    Sweep(t, k);
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
  if (opt_.preferred) {
    const auto at = std::find(letters.begin(), letters.end(), (*opt_.preferred)[cell]);
    std::rotate(letters.begin(), at, at == letters.end() ? at : at + 1);
  }
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
        const size_t w = i * 64 + std::countr_zero(m);
        add(WordView(&ix.letters[w * len], len), ix.rank[w]);
      }
    }
  } else {         // a depth-first walk over the live part of an automaton sweep
    Sweep(s, -1);  // not a table slot: the automaton's sweep
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
        if (mark.stamp == sc.epoch && mark.bwd > 0)
          self(self, child, k + 1, rank + d.rank_offset(child));
      }
    };
    walk(walk, Dawg::kRoot, 0, 0);
  }
  std::sort(keyed.begin(), keyed.end());
  if (opt_.preferred) {  // the preferred word first, when it is among them
    auto preferred = [&](const auto& kv) {
      for (int k = 0; k < len; ++k)
        if (all[kv.second + k] != (*opt_.preferred)[slot.cells[k]]) return false;
      return true;
    };
    const auto at = std::find_if(keyed.begin(), keyed.end(), preferred);
    std::rotate(keyed.begin(), at, at == keyed.end() ? at : at + 1);
  }
  words.clear();
  for (const auto& kv : keyed)
    words.insert(words.end(), all.begin() + kv.second, all.begin() + kv.second + len);
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
  if (hash_units_) HashUnit(level);
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
  std::vector<uint32_t>& decision = decision_[level];
  auto decide = [&](size_t v) {  // decision = the literals of value v
    decision.clear();
    for (int k = 0; k < len; ++k) {
      const int cell = len == 1 ? var : p_.slots[var].cells[k];
      decision.push_back(static_cast<uint32_t>(cell) * 64 + values[v + k]);
    }
  };
  // With restarts: the values refuted so far, each with its conflict set (w_ words), learned
  // as nogoods when a restart abandons this level.
  std::vector<size_t> refuted;
  std::vector<uint64_t> refuted_sub;
  auto restart = [&] {
    for (size_t i = 0; i < refuted.size(); ++i) {
      decide(refuted[i]);
      Learn(level, decision, &refuted_sub[i * w_]);
    }
    return Outcome::kRestart;
  };
  const size_t mark = trail_.size();
  for (size_t v = 0; v < values.size(); v += len) {
    NewSegment();
    decide(v);
    for (uint32_t lit : decision) {
      const LetterSet bit = LetterSet{1} << (lit % 64);
      if (dom_[lit / 64] != bit) SetDomain(static_cast<int>(lit / 64), bit, me.data(), true);
    }
    if (len > 1) Enqueue(var);  // records the slot's word (count 1, rank)
    Outcome out = Outcome::kFail;
    if (!Propagate(sub.data())) {
      ++stats_.failures;
      ++failures_in_run_;
    } else {
      out = Below(level, sub.data());
    }
    Undo(mark);
    if (out == Outcome::kRestart) return restart();
    if (out != Outcome::kFail) return out;
    if (restarts_allowed_) {
      refuted.push_back(v);
      refuted_sub.insert(refuted_sub.end(), sub.begin(), sub.end());
      if (failures_in_run_ > failure_budget_) {
        restart_level_ = level > kRestartDepth ? level - kRestartDepth : 0;
        return restart();
      }
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

// The search below `level`'s value, again after each restart from the level below: where
// the nogoods learned at the restart, applied first, do not cut this node.
Outcome Filler::Below(int level, uint64_t* conflict_out) {
  for (;;) {
    const Outcome out = Search(level + 1, conflict_out);
    if (out != Outcome::kRestart || restart_level_ != level + 1) return out;
    Restart();
    if (!ApplyLearned(conflict_out)) {
      ++stats_.failures;
      ++failures_in_run_;
      return Outcome::kFail;
    }
  }
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

std::vector<int> Filler::MostBlamed() const {
  std::vector<int> blamed;
  const double least = *std::min_element(weight_.begin(), weight_.end());
  for (int s = 0; s < slots_; ++s) {
    if (weight_[s] > least) blamed.push_back(s);
  }
  std::stable_sort(blamed.begin(), blamed.end(),
                   [&](int a, int b) { return weight_[a] > weight_[b]; });
  if (blamed.size() > FillResult::kBlamed) blamed.resize(FillResult::kBlamed);
  return blamed;
}

// Sets the search up at its root, as every search of the problem starts: each slot's words
// against its cells' letters, propagation, the nogoods given; then, with shards, the cut
// (ChooseSplit). The status that ends the fill there, if any: the root's (with `bad_slot`
// where one slot is to blame), or kTimedOut when the cut ran out of time.
std::optional<FillStatus> Filler::Start(uint64_t* conflict, int* bad_slot) {
  // Over-constrained: a slot with no word at all against its own cells' initial letters.
  for (int s = 0; s < slots_; ++s) {
    count_[s] = Sweep(s, -1);
    if (count_[s] == 0) {
      *bad_slot = s;
      return FillStatus::kOverConstrained;
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
    if (!forced) return FillStatus::kNoDeterministic;
  }
  if (opt_.block_words > 0) FindBlocks();
  for (int s = 0; s < slots_; ++s) Enqueue(s);
  if (!Propagate(conflict)) {
    if (!emptied_repeat_) *bad_slot = emptied_;  // a slot with no word left
    return FillStatus::kImpossible;
  }
  WatchGiven();
  if (!ApplyLearned(conflict)) return FillStatus::kImpossible;
  if (opt_.shard_count > 1 && !ChooseSplit(conflict)) return FillStatus::kTimedOut;
  return std::nullopt;
}

FillResult Filler::Run() {
  start_ = Clock::now();
  FillResult result;
  auto finish = [&](FillStatus status) {
    stats_.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
    result.status = status;
    result.stats = stats_;
    result.nogoods = std::move(nogoods_);
    if (status == FillStatus::kImpossible) result.blamed = MostBlamed();
    return result;
  };
  std::vector<uint64_t> conflict(w_);
  const std::optional<FillStatus> ended = Start(conflict.data(), &result.bad_slot);
  // Under an expected key, a cut made otherwise searches nothing (a root that ends the fill
  // cut nothing, and that has its key too).
  if (opt_.shard_key && ended != FillStatus::kTimedOut) {
    if (const uint64_t key = CutKey(); key != *opt_.shard_key) {
      result.other_key = key;
      return finish(FillStatus::kTimedOut);
    }
  }
  if (ended) return finish(*ended);
  size_t root = trail_.size();
  StartRun();
  for (;;) {
    Outcome out = Search(0, conflict.data());
    Undo(root);
    switch (out) {
      case Outcome::kRestart:
        Restart();
        if (!ApplyLearned(conflict.data())) {  // the nogoods close the root: searched all
          return finish(stats_.fills > 0 ? FillStatus::kFilled : FillStatus::kImpossible);
        }
        root = trail_.size();  // what the nogoods take out at the root stays out
        continue;
      case Outcome::kTimeout: return finish(FillStatus::kTimedOut);
      case Outcome::kStop: return finish(FillStatus::kFilled);
      case Outcome::kFail:
        return finish(stats_.fills > 0 ? FillStatus::kFilled : FillStatus::kImpossible);
    }
  }
}

}  // namespace fill_internal

using fill_internal::Filler;

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

}  // namespace squares::core
