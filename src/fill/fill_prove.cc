// What propagation alone proves of a problem (grid_fill.h's Consistency): the search's root,
// without the search.
#include <bit>

#include "fill/filler.h"

namespace squares::core {
namespace fill_internal {

Consistency Filler::Prove() {
  Consistency proof;
  // Each slot alone against its own cells: the slots with no word, and per cell the letters
  // that every slot through it accepts.
  std::vector<LetterSet> alone = dom_;
  for (int s = 0; s < slots_; ++s) {
    count_[s] = Sweep(s, -1);
    if (count_[s] == 0) proof.dead.push_back(s);
    const std::vector<int>& cells = p_.slots[s].cells;
    for (size_t k = 0; k < cells.size(); ++k) alone[cells[k]] &= count_[s] ? support_[k] : 0;
  }
  for (int c = 0; c < cells_; ++c) {
    if (alone[c] != 0 || slots_of_cell_[c].size() < 2) continue;
    bool live = true;  // a cell of a dead slot is that slot's failure, not its own
    for (int s : slots_of_cell_[c]) live = live && count_[s] > 0;
    if (live) proof.dead_cells.push_back(c);
  }
  if (proof.dead.empty() && proof.dead_cells.empty()) {
    std::vector<uint64_t> conflict(w_);
    for (int s = 0; s < slots_; ++s) Enqueue(s);
    if (!Propagate(conflict.data())) {
      proof.emptied = emptied_;
      proof.repeated = emptied_repeat_;
      if (emptied_ >= 0 && !emptied_repeat_) count_[emptied_] = 0;
    }
    proof.domains = dom_;
  } else {
    proof.domains = alone;
  }
  proof.words = count_;
  return proof;
}

}  // namespace fill_internal

Consistency Propagated(const FillProblem& problem, const FillOptions& options) {
  FillOptions o = options;
  o.block_words = 0;  // arc consistency: each slot on its own
  o.nogoods = nullptr;
  const FillCallback none = [](std::span<const Letter>) { return true; };  // no search
  fill_internal::Filler filler(problem, o, none);
  return filler.Prove();
}

}  // namespace squares::core
