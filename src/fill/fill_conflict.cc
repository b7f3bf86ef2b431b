// ShrinkConflict: the entries a dead grid's conflict names, cut down to a set that has no fill
// by itself, minimal when the time allows (deletion: each slot dropped in turn, kept only when
// the set without it has a fill).
#include <algorithm>
#include <chrono>

#include "fill/grid_fill.h"

namespace squares::core {
namespace {

using Clock = std::chrono::steady_clock;

enum class Outcome { kFillable, kUnfillable, kUndecided };

class Shrinker {
 public:
  Shrinker(const FillProblem& problem, const FillOptions& options, double seconds)
      : problem_(problem),
        deadline_(Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::duration<double>(seconds))) {
    options_.distinct = options.distinct;
    options_.block_words = options.block_words;
    options_.stop = options.stop;
  }

  bool TimeLeft() const { return Clock::now() < deadline_; }

  // Whether the problem with only `slots` has a fill, in the time left.
  Outcome Decide(const std::vector<int>& slots) {
    const double left = std::chrono::duration<double>(deadline_ - Clock::now()).count();
    if (left <= 0) return Outcome::kUndecided;
    FillProblem part;
    part.domains = problem_.domains;
    for (int s : slots) part.slots.push_back(problem_.slots[s]);
    FillOptions options = options_;
    options.timeout_seconds = left;
    const FillResult result = Fill(part, options, [](std::span<const Letter>) { return false; });
    switch (result.status) {
      case FillStatus::kFilled: return Outcome::kFillable;
      case FillStatus::kImpossible:
      case FillStatus::kOverConstrained: return Outcome::kUnfillable;
      default: return Outcome::kUndecided;
    }
  }

  // The slots not in `slots` that share a cell with one of them.
  std::vector<int> Crossing(const std::vector<int>& slots) const {
    std::vector<bool> in_cells(problem_.domains.size(), false);
    for (int s : slots)
      for (int c : problem_.slots[s].cells) in_cells[c] = true;
    std::vector<int> out;
    for (int s = 0; s < static_cast<int>(problem_.slots.size()); ++s) {
      if (std::find(slots.begin(), slots.end(), s) != slots.end()) continue;
      const auto& cells = problem_.slots[s].cells;
      if (std::any_of(cells.begin(), cells.end(), [&](int c) { return in_cells[c]; }))
        out.push_back(s);
    }
    return out;
  }

 private:
  const FillProblem& problem_;
  FillOptions options_;
  Clock::time_point deadline_;
};

}  // namespace

Conflict ShrinkConflict(const FillProblem& problem, const std::vector<int>& start,
                        const FillOptions& options, double seconds) {
  Shrinker shrinker(problem, options, seconds);
  // The first unfillable set: the blamed slots, else with the slots crossing them, else with
  // those crossing these, and so on out to every slot (the problem has no fill). In the order
  // of deletion: the slots least likely to be in the conflict first (the outer rings, then
  // the least blamed), the most blamed last.
  std::vector<int> set(start.rbegin(), start.rend());
  while (shrinker.Decide(set) != Outcome::kUnfillable) {
    std::vector<int> ring = shrinker.Crossing(set);
    if (ring.empty() || !shrinker.TimeLeft()) {  // every slot
      for (int s = 0; s < static_cast<int>(problem.slots.size()); ++s)
        if (std::find(set.begin(), set.end(), s) == set.end()) ring.push_back(s);
      set.insert(set.begin(), ring.begin(), ring.end());
      break;
    }
    set.insert(set.begin(), ring.begin(), ring.end());
  }
  bool minimal = true;
  for (size_t k = 0; k < set.size();) {
    std::vector<int> without = set;
    without.erase(without.begin() + static_cast<std::ptrdiff_t>(k));
    switch (shrinker.Decide(without)) {
      case Outcome::kUnfillable: set = std::move(without); break;
      case Outcome::kFillable: ++k; break;
      case Outcome::kUndecided: minimal = false, ++k; break;
    }
    if (!shrinker.TimeLeft() && k < set.size()) {
      minimal = false;
      break;
    }
  }
  // Cut short, the set may still be long: the blamed slots say more in a few names.
  if (!minimal) return Conflict{start, false};
  return Conflict{set, true};
}

}  // namespace squares::core
