// The fill engine's slot tables and propagation: word indexes, Compact-Table narrowing,
// automaton sweeps, the trail, and the costs of `improve`.
#include <algorithm>
#include <bit>

#include "absl/container/flat_hash_map.h"
#include "fill/filler.h"

namespace squares::core::fill_internal {
namespace {

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

}  // namespace

WordIndex::WordIndex(const Dawg& dawg, const std::function<bool(size_t)>& keep)
    : length(dawg.length()), index(dawg.word_count(), -1) {
  Word w(length, 0);
  size_t r = 0;
  auto walk = [&](auto&& self, uint32_t e, int k) -> void {  // depth first = rank order
    if (k == length) {
      if (keep(r)) {
        index[r] = static_cast<int32_t>(rank.size());
        rank.push_back(static_cast<uint32_t>(r));
        letters.insert(letters.end(), w.begin(), w.end());
      }
      ++r;
      return;
    }
    for (LetterSet m = dawg.mask(e); m; m &= m - 1) {
      w[k] = static_cast<Letter>(std::countr_zero(m));
      alphabet = std::max(alphabet, w[k] + 1);
      self(self, dawg.child(e, w[k]), k + 1);
    }
  };
  if (dawg.word_count() > 0) walk(walk, Dawg::kRoot, 0);
  words = rank.size();
  blocks = (words + 63) / 64;
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

Filler::Filler(const FillProblem& problem, const FillOptions& options, const FillCallback& on_fill)
    : p_(problem), opt_(options), on_fill_(on_fill), rng_(options.seed) {
  if (opt_.deterministic) opt_.distinct = true;
  if (opt_.prefer_scores) opt_.branching = Branching::kWord;
  if (opt_.scores == ScoreOrder::kNone) opt_.max_cost = INT64_MAX, opt_.improve = false;
  if (opt_.all) opt_.improve = false;
  if (opt_.limit == 0 && !opt_.all && !opt_.improve) opt_.limit = 1;
  best_total_ = opt_.total_below;
  restarts_allowed_ = !opt_.all && opt_.restart_failures > 0;
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
        indexes_.push_back(std::make_unique<WordIndex>(
            *slot.dawg, [&](size_t r) { return !scored || Cost(s, r) <= opt_.max_cost; }));
        const WordIndex& ix = *indexes_.back();
        levels_.push_back(scored && opt_.improve
                              ? MakeCostLevels(ix, [&](size_t i) { return Cost(s, ix.rank[i]); })
                              : nullptr);
      }
      const WordIndex& ix = *indexes_[at->second];
      table = static_cast<int>(tables_.size());
      SlotTable& t = tables_.emplace_back();
      t.index = &ix;
      if (scored) t.costs = levels_[at->second].get();
      t.words.assign(ix.blocks, 0);
      for (size_t i = 0; i < ix.words; ++i) t.words[i / 64] |= uint64_t{1} << (i % 64);
      for (uint32_t b = 0; b < ix.blocks; ++b) {
        if (t.words[b]) t.nonzero.push_back(b);
      }
      t.limit = static_cast<uint32_t>(t.nonzero.size());
      t.seen = ix.at;
      t.residue.assign(static_cast<size_t>(ix.length) * 64, 0);
      t.saved.assign(ix.blocks, 0);
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
  decision_.resize(cells_ + 1);  // a level fixes a cell at least
  if (opt_.nogoods) nogoods_ = *opt_.nogoods;
  why_.resize(w_);
  // A refuted subtree's image has no fill either when the search stops at its first. Under a
  // larger limit a refuted subtree may hold fills listed already, and its image others. (Under
  // `improve` the images would hold, but the best fill's polishing gained nothing by them.)
  if (opt_.mirror_nogoods && restarts_allowed_ && opt_.limit == 1 && !opt_.improve) FindMirror();
}

uint64_t Filler::Sweep(int s, int count_at) {
  if (table_of_slot_[s] >= 0) return TableSweep(s, count_at);
  const bool counts = count_at >= 0;
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
  // Each live block keeps the words with a letter of d at k; one letter, the usual case (a
  // cell set by a decision), has a loop of its own.
  auto blocks = [&](auto letters_in) {
    for (uint32_t p = t.limit; p-- > 0;) {
      const uint32_t b = t.nonzero[p];
      const uint64_t w = t.words[b] & (letters_in(b) ^ flip);
      if (w != t.words[b]) {
        SaveBlock(t, s, b);
        t.words[b] = w;
      }
      if (w == 0) std::swap(t.nonzero[p], t.nonzero[--t.limit]);
    }
  };
  if (n == 1) {
    const uint64_t* set = sets[0];
    blocks([set](uint32_t b) { return set[b]; });
  } else {
    blocks([&sets, n](uint32_t b) {
      uint64_t u = 0;
      for (int i = 0; i < n; ++i) u |= sets[i][b];
      return u;
    });
  }
  if (t.limit != old_limit) trail_.push_back({TrailEntry::kLimit, s, 0, old_limit});
}

uint64_t Filler::TableSweep(int s, int count_at) {
  SlotTable& t = tables_[table_of_slot_[s]];
  const WordIndex& ix = *t.index;
  const std::vector<int>& cells = p_.slots[s].cells;
  const int len = ix.length;
  int narrowed = 0, narrowed_at = -1;
  for (int k = 0; k < len && t.limit > 0; ++k) {
    const LetterSet d = dom_[cells[k]] & t.seen[k];  // see SlotTable::stale
    if (d != t.seen[k]) Narrow(t, s, k, d), ++narrowed, narrowed_at = k;
  }
  // Known supported (see SlotTable::stale): every position's letters, when no word left the
  // table since its last sweep; else the one position narrowed, if only one was, since no word
  // with a letter it keeps left.
  const bool unchanged = !t.stale && narrowed == 0;
  const int kept_at = !t.stale && narrowed == 1 ? narrowed_at : -1;
  uint64_t total = 0;
  for (uint32_t p = 0; p < t.limit; ++p) total += std::popcount(t.words[t.nonzero[p]]);
  if (total == 0) return 0;
  // Supports (and counts at count_at) of the open cells: from the words themselves when they
  // are few, else letter by letter, first in the block that last had one. A fixed cell's
  // letter is in every word.
  if (count_at >= 0) std::fill_n(&letter_counts_[count_at * 64], 64, 0);
  size_t tests = 0;
  int open[kMaxWordLength], opens = 0;  // the positions with a choice left
  for (int k = 0; k < len; ++k) {
    support_[k] = 0;
    const int size = std::popcount(t.seen[k]);
    if (size <= 1) continue;
    if (k != count_at && (unchanged || k == kept_at)) {
      support_[k] = t.seen[k];
      continue;
    }
    tests += size, open[opens++] = k;
  }
  if (tests > 0 && total * opens <= tests * t.limit) {
    // The live words' letters, position by position: a position is done once its letters
    // all have a word (the usual case, soon), unless counts are asked for there.
    live_.clear();
    for (uint32_t p = 0; p < t.limit; ++p) {
      const uint32_t b = t.nonzero[p];
      for (uint64_t m = t.words[b]; m; m &= m - 1) {
        live_.push_back(static_cast<uint32_t>((size_t{b} * 64 + std::countr_zero(m)) * len));
      }
    }
    for (int i = 0; i < opens; ++i) {
      const int k = open[i];
      const Letter* at = ix.letters.data() + k;
      LetterSet found = 0;
      if (k == count_at) {
        uint64_t* count = &letter_counts_[k * 64];
        for (uint32_t w : live_) found |= LetterSet{1} << at[w], ++count[at[w]];
      } else {
        for (uint32_t w : live_) {
          found |= LetterSet{1} << at[w];
          if (found == t.seen[k]) break;
        }
      }
      support_[k] = found;
    }
  } else if (tests > 0) {
    for (int i = 0; i < opens; ++i) {
      const int k = open[i];
      for (LetterSet m = t.seen[k]; m; m &= m - 1) {
        const int c = std::countr_zero(m);
        const uint64_t* set = ix.set(k, c);
        if (k == count_at) {
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
    if (std::popcount(d) != 1) {
      // No live word has the letters of d left unsupported: the table is narrowed by them
      // already. Propagate takes them out of the cell's domain next, and a later sweep then
      // finds seen[k] within the domain, not a narrowing that passes over every live block
      // to remove nothing (most narrowings of a proof would be such).
      if (support_[k] != d) {
        trail_.push_back({TrailEntry::kSeen, s, static_cast<uint32_t>(k), d});
        t.seen[k] = support_[k];
      }
      continue;
    }
    support_[k] = d;
    if (k == count_at) letter_counts_[k * 64 + std::countr_zero(d)] = total;
  }
  t.stale = false;
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
  const LetterSet old = dom_[cell];
  trail_.push_back({TrailEntry::kDomain, cell, 0, old});
  uint64_t* mine = &culprits_[static_cast<size_t>(cell) * w_];
  culprit_trail_.insert(culprit_trail_.end(), mine, mine + w_);
  dom_[cell] = d;
  for (int i = 0; i < w_; ++i) mine[i] = replace ? culprits[i] : mine[i] | culprits[i];
  for (int t : slots_of_cell_[cell]) Enqueue(t);
  if (!watches_.empty() && d != old && std::has_single_bit(d)) fixed_.push_back(cell);
}

// Takes word r out of slot t's table (`distinct`: another slot has it), blaming the culprits
// `why` of that slot: they join those of t's first cell, so that t's failures name them.
void Filler::Exclude(int t, int64_t r, const uint64_t* why) {
  SlotTable& table = tables_[table_of_slot_[t]];
  const int32_t i = table.index->index[r];
  if (i < 0) return;
  const uint32_t b = static_cast<uint32_t>(i / 64);
  const uint64_t bit = uint64_t{1} << (i % 64);
  if (!(table.words[b] & bit)) return;
  SaveBlock(table, t, b);
  table.words[b] &= ~bit;
  table.stale = true;
  const int cell = p_.slots[t].cells[0];
  SetDomain(cell, dom_[cell], why, false);  // also queues t
}

void Filler::Undo(size_t mark) {
  NewSegment();
  while (trail_.size() > mark) {
    const TrailEntry& t = trail_.back();
    switch (t.kind) {
      case TrailEntry::kDomain: {
        dom_[t.index] = t.old;
        culprit_trail_.resize(culprit_trail_.size() - w_);
        std::copy_n(culprit_trail_.end(), w_, &culprits_[static_cast<size_t>(t.index) * w_]);
        break;
      }
      case TrailEntry::kCount: count_[t.index] = t.old; break;
      case TrailEntry::kRank: rank_[t.index] = static_cast<int64_t>(t.old); break;
      case TrailEntry::kBlock: tables_[table_of_slot_[t.index]].words[t.at] = t.old; break;
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

// The rank of slot s's one word left: the table's live word, or the automaton's word of the
// cells' letters.
int64_t Filler::OnlyRank(int s) const {
  if (table_of_slot_[s] >= 0) {
    const SlotTable& t = tables_[table_of_slot_[s]];
    for (uint32_t p = 0; p < t.limit; ++p) {
      const uint32_t b = t.nonzero[p];
      if (t.words[b]) return t.index->rank[size_t{b} * 64 + std::countr_zero(t.words[b])];
    }
  }
  Word w;
  for (int c : p_.slots[s].cells) w.push_back(static_cast<Letter>(std::countr_zero(dom_[c])));
  return *p_.slots[s].dawg->rank(w);
}

// Sweeps queued slots until no domain changes. On a wipe-out (or a repeated word with
// `distinct`) fills `conflict` with the culprits of the failing slot(s) and returns false.
bool Filler::Propagate(uint64_t* conflict) {
  std::vector<uint64_t>& why = why_;
  bool ok = true;
  emptied_ = -1;
  for (size_t qi = 0; ok; ++qi) {
    while (ok && !fixed_.empty()) {  // the learned nogoods first: they cost little
      const int cell = fixed_.back();
      fixed_.pop_back();
      ok = PropagateFixed(cell, conflict);
    }
    if (ok && qi == queue_.size() && !blocks_.empty()) {  // the slots are done: the blocks
      bool narrowed = false;
      ok = CheckBlocks(conflict, &narrowed);
      if (!narrowed) break;  // else the narrowed cells' slots are queued
    }
    if (!ok || qi == queue_.size()) break;
    // Fail first: the queued slot with the fewest words is the likeliest to wipe out.
    size_t first = qi;
    for (size_t j = qi + 1; j < queue_.size(); ++j) {
      if (count_[queue_[j]] < count_[queue_[first]]) first = j;
    }
    std::swap(queue_[qi], queue_[first]);
    int s = queue_[qi];
    queued_[s] = false;
    uint64_t n = Sweep(s, -1);
    const std::vector<int>& cells = p_.slots[s].cells;
    if (n == 0) {
      emptied_ = s, emptied_repeat_ = false;
      Bump(s);
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
      const int64_t r = OnlyRank(s);
      SlotCulprits(s, why.data());
      for (int t : same_dawg_[s]) {
        if (rank_[t] == r) {
          SlotCulprits(t, conflict);
          for (int i = 0; i < w_; ++i) conflict[i] |= why[i];
          emptied_ = s, emptied_repeat_ = true;
          Bump(s);
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
  fixed_.clear();
  return ok;
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
    if (any) hi = mid;
    else lo = mid + 1;
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

int Filler::Position(int s, int cell) const {
  const std::vector<int>& cells = p_.slots[s].cells;
  return static_cast<int>(std::find(cells.begin(), cells.end(), cell) - cells.begin());
}

void Filler::FindBlocks() {
  // The cell after `cell` in slot s, or -1.
  auto next = [&](int s, int cell) {
    const size_t k = static_cast<size_t>(Position(s, cell)) + 1;
    return k < p_.slots[s].cells.size() ? p_.slots[s].cells[k] : -1;
  };
  auto table = [&](int s) { return table_of_slot_[s] >= 0; };
  absl::flat_hash_set<std::array<int, 4>> found;
  for (int a0 = 0; a0 < slots_; ++a0) {
    const std::vector<int>& cells = p_.slots[a0].cells;
    for (size_t i = 0; table(a0) && i + 1 < cells.size(); ++i) {
      const int c00 = cells[i], c01 = cells[i + 1];
      for (int d0 : slots_of_cell_[c00]) {
        const int c10 = d0 == a0 || !table(d0) ? -1 : next(d0, c00);
        if (c10 < 0) continue;
        for (int d1 : slots_of_cell_[c01]) {
          const int c11 = d1 == a0 || d1 == d0 || !table(d1) ? -1 : next(d1, c01);
          if (c11 < 0) continue;
          for (int a1 : slots_of_cell_[c10]) {
            if (a1 == a0 || a1 == d0 || a1 == d1 || !table(a1) || next(a1, c10) != c11) continue;
            std::array<int, 4> key = {c00, c01, c10, c11};
            std::sort(key.begin(), key.end());
            if (!found.insert(key).second) continue;
            blocks_.push_back(
                {{c00, c01, c10, c11},
                 {a0, a1, d0, d1},
                 {static_cast<int>(i), Position(a1, c10), Position(d0, c00), Position(d1, c01)}});
          }
        }
      }
    }
  }
}

void Filler::PairSets(int s, int k, LetterSet* out) {
  const SlotTable& t = tables_[table_of_slot_[s]];
  const WordIndex& ix = *t.index;
  std::fill_n(out, 64, 0);
  for (uint32_t p = 0; p < t.limit; ++p) {
    const uint32_t b = t.nonzero[p];
    for (uint64_t m = t.words[b]; m; m &= m - 1) {
      const Letter* w = &ix.letters[(size_t{b} * 64 + std::countr_zero(m)) * ix.length + k];
      out[w[0]] |= LetterSet{1} << w[1];
    }
  }
}

// Checks the blocks whose four slots have at most opt_.block_words words each and a cell not
// yet decided, up to the first that narrows a cell (then the slots go first again). The
// culprits of a narrowing, or of a failure, are the four slots' (gathered in why_, with
// `conflict` as scratch: it is read only on a failure).
bool Filler::CheckBlocks(uint64_t* conflict, bool* narrowed) {
  LetterSet pairs[4][64];
  for (const CellBlock& block : blocks_) {
    const std::array<int, 4>& c = block.cells;
    bool open = false, small = true;
    for (int q = 0; q < 4; ++q) {
      open |= std::popcount(dom_[c[q]]) > 1;
      small &= count_[block.slots[q]] <= static_cast<uint64_t>(opt_.block_words);
    }
    if (!open || !small) continue;
    for (int q = 0; q < 4; ++q) PairSets(block.slots[q], block.at[q], pairs[q]);
    const LetterSet *across0 = pairs[0], *across1 = pairs[1], *down0 = pairs[2], *down1 = pairs[3];
    LetterSet kept[4] = {0, 0, 0, 0};
    for (LetterSet xs = dom_[c[0]]; xs; xs &= xs - 1) {
      const int x = std::countr_zero(xs);
      for (LetterSet ys = across0[x] & dom_[c[1]]; ys; ys &= ys - 1) {
        const int y = std::countr_zero(ys);
        const LetterSet below_y = down1[y] & dom_[c[3]];
        for (LetterSet zs = below_y ? down0[x] & dom_[c[2]] : 0; zs; zs &= zs - 1) {
          const int z = std::countr_zero(zs);
          const LetterSet ws = across1[z] & below_y;
          if (ws == 0) continue;
          kept[0] |= LetterSet{1} << x, kept[1] |= LetterSet{1} << y, kept[2] |= LetterSet{1} << z;
          kept[3] |= ws;
        }
      }
    }
    bool narrows = false;
    for (int q = 0; q < 4; ++q) narrows |= (dom_[c[q]] & kept[q]) != dom_[c[q]];
    if (!narrows) continue;
    std::vector<uint64_t>& why = why_;
    std::fill(why.begin(), why.end(), 0);
    for (int s : block.slots) {
      SlotCulprits(s, conflict);
      for (int i = 0; i < w_; ++i) why[i] |= conflict[i];
    }
    if (kept[0] == 0) {  // no letters at all
      std::copy(why.begin(), why.end(), conflict);
      for (int s : block.slots) Bump(s);
      return false;
    }
    for (int q = 0; q < 4; ++q) {
      if ((dom_[c[q]] & kept[q]) != dom_[c[q]])
        SetDomain(c[q], dom_[c[q]] & kept[q], why.data(), false);
    }
    *narrowed = true;
    return true;
  }
  return true;
}

}  // namespace squares::core::fill_internal
