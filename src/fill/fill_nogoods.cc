// The fill engine's learned nogoods (filler.h): recorded when a restart abandons a branch,
// checked where the search resumes, and propagated by two watched literals.
#include <algorithm>
#include <bit>

#include "fill/filler.h"

namespace squares::core::fill_internal {

// Records that the decisions of the levels in `sub` below `level` and the literals `value`
// (a value level `level` tried, whose subtree failed for the reasons in `sub`) cannot hold
// together, and so cannot their images under mirror_. Called as the restart unwinds `level`:
// the decisions above it still hold.
void Filler::Learn(int level, std::span<const uint32_t> value, const uint64_t* sub) {
  if (nogoods_.literals.size() >= kMaxLearnedLiterals) return;  // the runs stay complete without
  if (watches_.empty()) watches_.resize(static_cast<size_t>(cells_) * 64);
  const size_t begin = nogoods_.literals.size();
  // The value's literals first, those not true before the others: one of them is the first
  // watch, not true (the value was a choice).
  for (uint32_t lit : value) {
    if (!IsTrue(lit)) nogoods_.literals.push_back(lit);
  }
  if (nogoods_.literals.size() == begin) return;  // (never: a chosen value fixes a cell)
  for (uint32_t lit : value) {
    if (IsTrue(lit)) nogoods_.literals.push_back(lit);
  }
  // The deepest decisions next: the second watch is the likeliest to be undone. A cell a
  // decision fixed may be in the value too (word branching): once is enough.
  for (int l = level; l-- > 0;) {
    if (!(sub[l / 64] >> (l % 64) & 1)) continue;
    for (uint32_t lit : decision_[l]) {
      if (std::find(value.begin(), value.end(), lit) == value.end())
        nogoods_.literals.push_back(lit);
    }
  }
  AddLearned();
  if (mirror_.empty()) return;
  // The image, unless it is the same nogood; its literals not true first, as WatchGiven's.
  const size_t end = nogoods_.literals.size();
  bool same = true;
  for (size_t i = begin; i < end; ++i) {
    const uint32_t lit = nogoods_.literals[i];
    const uint32_t image = static_cast<uint32_t>(mirror_[lit / 64]) * 64 + lit % 64;
    const uint32_t* lits = nogoods_.literals.data();
    same &= std::find(lits + begin, lits + end, image) != lits + end;
    nogoods_.literals.push_back(image);
  }
  if (same) {
    nogoods_.literals.resize(end);
    return;
  }
  NotTrueFirst(
      {nogoods_.literals.data() + end, nogoods_.literals.data() + nogoods_.literals.size()});
  AddLearned();
  ++stats_.mirrored;
}

// Adds the literals after the last nogood's as a nogood, and watches it.
void Filler::AddLearned() {
  nogoods_.begin.push_back(static_cast<uint32_t>(nogoods_.literals.size()));
  ++stats_.learned;
  Watch(nogoods_.begin.size() - 2);
}

// Watches nogood g's first two literals.
void Filler::Watch(size_t g) {
  const std::span<const uint32_t> lits = NogoodLiterals(g);
  watches_[lits[0]].push_back(static_cast<uint32_t>(g));
  if (lits.size() >= 2) watches_[lits[1]].push_back(static_cast<uint32_t>(g));
}

// Puts the literals that are not true first, so that those are watched where there are such.
void Filler::NotTrueFirst(std::span<uint32_t> lits) const {
  std::stable_partition(lits.begin(), lits.end(), [&](uint32_t lit) { return !IsTrue(lit); });
}

// Finds mirror_, a map of the cells other than the identity under which the problem is the
// same: each slot's cells, in order, map to the cells of a slot of the same words and scores,
// and each cell's letters to its image's. A grid symmetric about its diagonal has one, the
// transposition. Slot 0 is tried on each slot like it; the rest follows crossing by crossing
// (a cell's other slots map to its image's others), and whatever no crossing reaches stays.
void Filler::FindMirror() {
  auto same = [&](const FillSlot& a, const FillSlot& b) {
    return a.cells.size() == b.cells.size() && a.dawg == b.dawg &&
           a.scores.data() == b.scores.data() && a.scores.size() == b.scores.size();
  };
  std::vector<int> map, image_of, reached;
  std::vector<bool> taken, hit;
  for (int t = 1; t < slots_; ++t) {
    if (!same(p_.slots[0], p_.slots[t])) continue;
    map.assign(cells_, -1), image_of.assign(slots_, -1), taken.assign(slots_, false);
    reached.clear();
    bool ok = true;
    auto assign = [&](int s, int u) {
      image_of[s] = u, taken[u] = true;
      for (size_t k = 0; k < p_.slots[s].cells.size(); ++k) {
        const int c = p_.slots[s].cells[k], d = p_.slots[u].cells[k];
        if (map[c] < 0) map[c] = d, reached.push_back(c);
        ok &= map[c] == d && p_.domains[c] == p_.domains[d];
      }
    };
    assign(0, t);
    for (size_t i = 0; ok && i < reached.size(); ++i) {
      const int c = reached[i];
      for (int s : slots_of_cell_[c]) {
        if (image_of[s] >= 0) continue;
        const int k = Position(s, c);
        int u = -1;
        for (int v : slots_of_cell_[map[c]]) {
          if (!taken[v] && Position(v, map[c]) == k && same(p_.slots[s], p_.slots[v])) {
            u = v;
            break;
          }
        }
        if (u < 0) {
          ok = false;
          break;
        }
        assign(s, u);
      }
    }
    for (int s = 0; ok && s < slots_; ++s) {  // unreached slots stay, with their cells
      if (image_of[s] >= 0) continue;
      for (int c : p_.slots[s].cells) ok &= map[c] < 0 || map[c] == c;
      if (ok) assign(s, s);
    }
    hit.assign(cells_, false);
    for (int c = 0; ok && c < cells_; ++c) {
      if (map[c] < 0) map[c] = c;
      ok = !hit[map[c]];
      hit[map[c]] = true;
    }
    if (ok) {
      mirror_ = map;
      return;
    }
  }
}

void Filler::CellsCulprits(std::span<const uint32_t> lits, uint32_t except, uint64_t* out) const {
  std::fill(out, out + w_, 0);
  for (uint32_t lit : lits) {
    if (lit == except) continue;
    const uint64_t* mine = &culprits_[static_cast<size_t>(lit / 64) * w_];
    for (int i = 0; i < w_; ++i) out[i] |= mine[i];
  }
}

// Where the search resumes after a restart: the nogoods learned since may already be unit
// (every literal true but one, which is then taken out) or violated (false: `conflict`).
bool Filler::ApplyLearned(uint64_t* conflict) {
  for (; learned_checked_ + 1 < nogoods_.begin.size(); ++learned_checked_) {
    const std::span<const uint32_t> lits = NogoodLiterals(learned_checked_);
    const auto open =
        std::find_if(lits.begin(), lits.end(), [&](uint32_t lit) { return !IsTrue(lit); });
    if (open == lits.end()) {
      CellsCulprits(lits, UINT32_MAX, conflict);
      ++learned_checked_;
      return false;
    }
    if (std::any_of(open + 1, lits.end(), [&](uint32_t lit) { return !IsTrue(lit); })) continue;
    const int cell = static_cast<int>(*open / 64);
    const LetterSet bit = LetterSet{1} << (*open % 64);
    if (!(dom_[cell] & bit)) continue;
    CellsCulprits(lits, *open, why_.data());
    SetDomain(cell, dom_[cell] & ~bit, why_.data(), false);
  }
  return Propagate(conflict);
}

// Watches the nogoods of options.nogoods at the root: literals not true first, where there
// are such (ApplyLearned then takes out what they force at the root).
void Filler::WatchGiven() {
  if (nogoods_.begin.size() == 1) return;
  watches_.resize(static_cast<size_t>(cells_) * 64);
  for (size_t g = 0; g + 1 < nogoods_.begin.size(); ++g) {
    NotTrueFirst(NogoodLiterals(g));
    Watch(g);
  }
}

// Cell `cell` became single-letter: the nogoods watching its literal look for another
// literal that is not true to watch, else take out their other watch's letter, or fail.
bool Filler::PropagateFixed(int cell, uint64_t* conflict) {
  const uint32_t lit = static_cast<uint32_t>(cell) * 64 + std::countr_zero(dom_[cell]);
  std::vector<uint32_t>& watching = watches_[lit];
  for (size_t i = 0; i < watching.size();) {
    const uint32_t g = watching[i];
    const std::span<uint32_t> nogood = NogoodLiterals(g);
    uint32_t* lits = nogood.data();
    const size_t size = nogood.size();
    if (size == 1) {
      CellsCulprits(nogood, UINT32_MAX, conflict);
      return false;
    }
    if (lits[1] != lit) std::swap(lits[0], lits[1]);  // lits[1] is `lit`, lits[0] the other watch
    size_t k = 2;
    while (k < size && IsTrue(lits[k])) ++k;
    if (k < size) {  // watch lits[k] instead
      std::swap(lits[1], lits[k]);
      watches_[lits[1]].push_back(g);
      watching[i] = watching.back();
      watching.pop_back();
      continue;
    }
    ++i;
    const uint32_t other = lits[0];
    const int other_cell = static_cast<int>(other / 64);
    const LetterSet bit = LetterSet{1} << (other % 64);
    if (IsTrue(other)) {
      CellsCulprits(nogood, UINT32_MAX, conflict);
      return false;
    }
    if (!(dom_[other_cell] & bit)) continue;  // the other watch is false: satisfied
    CellsCulprits(nogood, other, why_.data());
    SetDomain(other_cell, dom_[other_cell] & ~bit, why_.data(), false);
  }
  return true;
}

}  // namespace squares::core::fill_internal
