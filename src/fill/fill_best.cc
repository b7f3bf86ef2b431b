// The best fill: least worst word by a descent over costs, then a lower total by branch and
// bound on the whole grid and on neighbourhoods of the best fill, all on the one search
// engine (grid_fill.h).
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <random>
#include <thread>

#include "fill/grid_fill.h"

namespace squares::core {
namespace {

int64_t WordCost(const FillSlot& slot, ScoreOrder scores, size_t rank) {
  return scores == ScoreOrder::kLowerFirst ? slot.scores[rank] : -slot.scores[rank];
}

// The cost of the word a fill's letters spell in a scored slot.
int64_t FilledCost(const FillSlot& slot, ScoreOrder scores, std::span<const Letter> letters) {
  Word w;
  for (int c : slot.cells) w.push_back(letters[c]);
  return WordCost(slot, scores, *slot.dawg->rank(w));
}

void AddStats(const FillStats& run, FillStats& sum) {
  sum.nodes += run.nodes;
  sum.failures += run.failures;
  sum.backjumps += run.backjumps;
  sum.restarts += run.restarts;
  sum.fills += run.fills;
  sum.rejected += run.rejected;
  sum.learned += run.learned;
  sum.mirrored += run.mirrored;
}

// The two searches of a race, run at once: each result and fill; `chosen`, the one that
// counts. The fill is the one found in fewer nodes (the first search's on a tie), so it does
// not depend on which search ends first: once one finds a fill, the other goes on up to as
// many nodes. A proof from either that there is none ends the race (the other stops).
struct Race {
  std::array<FillResult, 2> result;
  std::array<std::vector<Letter>, 2> letters;
  int chosen = 0;
};

Race RunRace(const FillProblem& problem, const std::array<FillOptions, 2>& options) {
  Race race;
  std::array<std::atomic<int64_t>, 2> cap{INT64_MAX, INT64_MAX};  // each set by the other search
  auto filled = [&](int k) { return race.result[k].status == FillStatus::kFilled; };
  auto none = [&](int k) {
    return race.result[k].status == FillStatus::kImpossible ||
           race.result[k].status == FillStatus::kOverConstrained;
  };
  auto search = [&](int k) {
    FillOptions o = options[k];
    o.node_cap = &cap[k];
    race.result[k] = Fill(problem, o, [&race, k](std::span<const Letter> letters) {
      race.letters[k].assign(letters.begin(), letters.end());
      return true;
    });
    if (none(k)) cap[1 - k] = 0;
    if (filled(k))
      cap[1 - k] = std::min<int64_t>(cap[1 - k], race.result[k].stats.nodes - (k == 0 ? 1 : 0));
  };
  { std::jthread first(search, 0), second(search, 1); }  // both joined
  if (filled(1) && (!filled(0) || race.result[1].stats.nodes < race.result[0].stats.nodes)) {
    race.chosen = 1;
  } else if (!filled(0) && none(1)) {
    race.chosen = 1;
  }
  return race;
}

// The branching weights' growth (FillOptions::weight_growth) of the second search of each
// step of FillBest's descent.
constexpr double kDescentWeightGrowth = 1.02;

// Search k of a race or of a step's turns: seeds seed and seed + 1, restart budgets 1x and 3x.
// In the steps of FillBest's descent, search 1 also weighs recent failures more: a step is as
// often a proof that no fill exists as a search for one, and each weighting is far quicker at
// one of the two: growing weights chase the recent conflicts a proof is made of, plain ones
// keep the broad view that finds fills. The first fill keeps both plain, as it is always a
// search for a fill.
FillOptions Variant(const FillOptions& options, int k, bool descent = false) {
  FillOptions o = options;
  o.seed = options.seed + k;
  o.restart_failures = options.restart_failures * (k == 0 ? 1 : 3);
  if (descent && k == 1) o.weight_growth = kDescentWeightGrowth;
  return o;
}

}  // namespace

FillResult FillFirst(const FillProblem& problem, const FillOptions& options,
                     const FillCallback& on_fill) {
  if (options.threads < 2 || options.all || options.limit > 1 || options.restart_failures == 0) {
    return Fill(problem, options, on_fill);
  }
  Race race = RunRace(problem, {Variant(options, 0), Variant(options, 1)});
  FillResult result = std::move(race.result[race.chosen]);
  FillStats stats;
  for (const FillResult& side : race.result) AddStats(side.stats, stats);
  stats.seconds = result.stats.seconds;
  result.stats = stats;
  if (result.status == FillStatus::kFilled) on_fill(race.letters[race.chosen]);
  return result;
}

void FillCosts(const FillProblem& problem, ScoreOrder scores, std::span<const Letter> letters,
               int64_t* worst, int64_t* total) {
  *worst = INT64_MIN;
  *total = 0;
  for (const FillSlot& slot : problem.slots) {
    if (slot.scores.empty()) continue;
    const int64_t cost = FilledCost(slot, scores, letters);
    *worst = std::max(*worst, cost);
    *total += cost;
  }
}

namespace {

// The slots through each cell.
std::vector<std::vector<int>> SlotsOfCell(const FillProblem& problem) {
  std::vector<std::vector<int>> slots_of_cell(problem.domains.size());
  for (size_t s = 0; s < problem.slots.size(); ++s) {
    for (int c : problem.slots[s].cells) slots_of_cell[c].push_back(static_cast<int>(s));
  }
  return slots_of_cell;
}

// Marks the cells of slot s and of the slots crossing it; returns how many were not marked.
int FreeAround(const FillProblem& problem, const std::vector<std::vector<int>>& slots_of_cell,
               size_t s, std::vector<bool>& freed) {
  int added = 0;
  for (int c : problem.slots[s].cells) {
    for (int t : slots_of_cell[c]) {
      for (int d : problem.slots[t].cells) added += !freed[d], freed[d] = true;
    }
  }
  return added;
}

// Neighbourhoods are worth searching when one frees at most half the grid's cells, on
// average over the scored slots (on a 5x5 square each frees them all: that is branch and
// bound on the whole grid again).
bool LocalNeighbourhoods(const FillProblem& problem) {
  const std::vector<std::vector<int>> slots_of_cell = SlotsOfCell(problem);
  int64_t cells = 0, freed = 0, slots = 0;
  for (const std::vector<int>& through : slots_of_cell) cells += !through.empty();
  for (size_t s = 0; s < problem.slots.size(); ++s) {
    if (problem.slots[s].scores.empty()) continue;
    std::vector<bool> marks(problem.domains.size(), false);
    freed += FreeAround(problem, slots_of_cell, s, marks);
    ++slots;
  }
  return slots > 0 && 2 * freed <= cells * slots;
}

// Large neighbourhood search for a lower total (Shaw, CP 1998): each round draws a slot,
// the likelier the costlier its word, frees its cells and those of the slots crossing it
// (of one or two such slots), keeps every other cell's letter, and runs the branch and bound
// of `options` (improve, max_cost) there, within kRepairNodes; a cheaper fill it finds is
// the best. Rounds go on until `budget` nodes are spent (a round counts at least
// kRepairSetup: building its slot tables costs about as much) or the time runs out.
// `run_to`, `take` and `tally` are FillBest's.
constexpr int64_t kRepairNodes = 300, kRepairSetup = 25;

template <class RunTo, class Take, class Tally>
void Repair(const FillProblem& problem, const FillOptions& options, int64_t budget,
            const RunTo& run_to, const Take& take, const Tally& tally, BestFill& best) {
  const std::vector<std::vector<int>> slots_of_cell = SlotsOfCell(problem);
  int64_t least = INT64_MAX;  // the least cost of any word: weights cost - least + 1 >= 1
  for (const FillSlot& slot : problem.slots) {
    for (size_t r = 0; r < slot.scores.size(); ++r)
      least = std::min(least, WordCost(slot, options.scores, r));
  }
  std::mt19937_64 rng(options.seed);
  std::vector<int64_t> weight(problem.slots.size());
  for (int64_t spent = 0; spent < budget;) {
    int64_t sum = 0;
    for (size_t s = 0; s < problem.slots.size(); ++s) {
      const FillSlot& slot = problem.slots[s];
      weight[s] = 0;
      if (slot.scores.empty()) continue;
      weight[s] = FilledCost(slot, options.scores, best.letters) - least + 1;
      sum += weight[s];
    }
    if (sum == 0) return;  // no scored slot
    FillProblem part = problem;
    std::vector<bool> freed(problem.domains.size(), false);
    for (int k = 1 + static_cast<int>(rng() % 2); k-- > 0;) {
      auto pick = static_cast<int64_t>(rng() % static_cast<uint64_t>(sum));
      size_t chosen = 0;
      while (pick >= weight[chosen]) pick -= weight[chosen++];
      FreeAround(problem, slots_of_cell, chosen, freed);
    }
    for (size_t c = 0; c < part.domains.size(); ++c) {
      if (!freed[c] && part.domains[c] != 0) part.domains[c] = LetterSet{1} << best.letters[c];
    }
    FillOptions round = options;
    round.node_limit = std::min(kRepairNodes, budget - spent);
    round.seed = rng();
    round.total_below = best.total;
    const int64_t before = best.total;
    FillResult result;
    const bool ran = run_to(part, round, &result, [&](std::span<const Letter> letters) {
      take(letters);
      return true;
    });
    if (!ran) return;  // out of time
    tally(result);
    ++best.repairs;
    best.repaired += best.total < before;
    spent += std::max(result.stats.nodes, kRepairSetup);
    if (result.status == FillStatus::kTimedOut && result.stats.nodes <= round.node_limit) return;
  }
}

}  // namespace

BestFill FillBest(const FillProblem& problem, const FillOptions& options, int64_t polish_nodes,
                  double quality_seconds) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();
  BestFill best;
  // The costs a worst word can have, in order.
  std::vector<int64_t> levels;
  for (const FillSlot& slot : problem.slots) {
    for (size_t r = 0; r < slot.scores.size(); ++r)
      levels.push_back(WordCost(slot, options.scores, r));
  }
  std::sort(levels.begin(), levels.end());
  levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
  // The seconds since `start` at which the runs must stop (infinity: never); after the first
  // fill, quality_seconds later at the latest.
  double end = options.timeout_seconds > 0 ? options.timeout_seconds : HUGE_VAL;
  // Makes `letters` the best fill.
  auto take = [&](std::span<const Letter> letters) {
    best.letters.assign(letters.begin(), letters.end());
    FillCosts(problem, options.scores, letters, &best.worst, &best.total);
    if (options.progress) options.progress->best_worst = best.worst;
  };
  // One run of the engine, its fills to `found`; false (and kTimedOut) when no time is left.
  auto stopped = [&](FillResult* result) {
    if (options.stop == nullptr || !options.stop->load()) return false;
    result->status = FillStatus::kTimedOut;
    return true;
  };
  auto run_to = [&](const FillProblem& on, FillOptions o, FillResult* result,
                    const FillCallback& found) {
    if (stopped(result)) return false;
    if (end < HUGE_VAL) {
      o.timeout_seconds = end - std::chrono::duration<double>(Clock::now() - start).count();
      if (o.timeout_seconds <= 0) {
        result->status = FillStatus::kTimedOut;
        return false;
      }
    }
    *result = Fill(on, o, found);
    return true;
  };
  // Counts a run that took place in the best fill's statistics.
  auto tally = [&](const FillResult& result) {
    ++best.runs;
    AddStats(result.stats, best.stats);
  };
  auto run = [&](FillOptions o, FillResult* result) {
    const bool ran = run_to(problem, o, result, [&](std::span<const Letter> letters) {
      take(letters);
      return true;
    });
    if (ran) tally(*result);
    return ran;
  };
  auto level_of = [&](int64_t cost) {
    return static_cast<size_t>(std::lower_bound(levels.begin(), levels.end(), cost) -
                               levels.begin());
  };
  FillOptions o = options;
  o.all = o.improve = false;
  o.limit = 1;
  o.max_cost = INT64_MAX;
  // What the searches with restarts learned: it holds for every later step, whose words are
  // fewer (not for polishing, whose words are as many as the last fill's). A search returns
  // the nogoods it was given, then those it learned: keep adds the latter.
  Nogoods learned;
  auto keep = [&](const FillResult& result, size_t given) {
    const Nogoods& from = result.nogoods;
    for (size_t g = given; g + 1 < from.begin.size(); ++g) {
      learned.literals.insert(learned.literals.end(), from.literals.begin() + from.begin[g],
                              from.literals.begin() + from.begin[g + 1]);
      learned.begin.push_back(static_cast<uint32_t>(learned.literals.size()));
    }
  };
  o.nogoods = &learned;
  // Runs a race of the two searches with the time left (see RunRace): its fill, if any,
  // is the best so far. False: the time ran out.
  bool descent = false;  // past the first fill (see Variant)
  auto race = [&](FillResult* result) {
    if (stopped(result)) return false;
    std::array<FillOptions, 2> sides = {Variant(o, 0, descent), Variant(o, 1, descent)};
    if (end < HUGE_VAL) {
      const double left = end - std::chrono::duration<double>(Clock::now() - start).count();
      if (left <= 0) {
        result->status = FillStatus::kTimedOut;
        return false;
      }
      for (FillOptions& side : sides) side.timeout_seconds = left;
    }
    const size_t given = learned.begin.size() - 1;
    Race run = RunRace(problem, sides);
    for (const FillResult& side : run.result) tally(side), keep(side, given);
    *result = run.result[run.chosen];
    if (result->status == FillStatus::kFilled) take(run.letters[run.chosen]);
    return result->status != FillStatus::kTimedOut;
  };
  // The first fill: a race too, with two threads.
  FillResult result;
  if (options.threads >= 2 && o.probe_nodes > 0 && o.restart_failures > 0) {
    race(&result);
  } else {
    run(o, &result);
    keep(result, 0);
  }
  best.status = result.status;
  best.bad_slot = result.bad_slot;
  if (result.status != FillStatus::kFilled) {
    best.stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return best;
  }
  descent = true;
  if (quality_seconds > 0) {
    end = std::min(end,
                   std::chrono::duration<double>(Clock::now() - start).count() + quality_seconds);
  }
  // One step of the descent: two searches with restarts, of different seeds, restart
  // budgets and weightings (see Variant; the time a search with restarts takes to a fill
  // varies by tens of times from seed to seed: the quicker of two cuts the long tail), each
  // within a node budget that grows 4x a round, in turns, each starting with the nogoods
  // learned so far. Where there is no fill, the nogoods make either a proof of it. False:
  // the time ran out.
  // (probe_nodes 0: one complete search, without restarts.) With two threads, a step runs
  // both searches at once instead, with no node budget: a race.
  auto step = [&](FillResult* result) {
    if (options.threads >= 2 && o.probe_nodes > 0) return race(result);
    for (int64_t budget = o.probe_nodes;; budget *= 4) {
      for (int k : {0, 1}) {
        FillOptions r = budget == 0 ? o : Variant(o, k, true);
        if (budget == 0) r.restart_failures = 0;
        r.node_limit = budget;
        const size_t given = learned.begin.size() - 1;
        if (!run(r, result)) return false;
        keep(*result, given);
        if (result->status != FillStatus::kTimedOut) return true;
        if (budget == 0 || result->stats.nodes <= budget) return false;  // out of time
      }
    }
  };
  // Invariant: some fill's worst word costs levels[hi]; none has all words below levels[lo].
  // Each step asks for a fill with every word below the best so far: found, its worst word
  // is the new best; not found, the best is proven. (A binary search would also probe levels
  // far below the best, whose proof of no fill can cost more than finding fills above.)
  size_t lo = 0, hi = level_of(best.worst);
  while (lo < hi) {
    o.max_cost = levels[hi - 1];
    if (options.progress) options.progress->max_cost = o.max_cost;
    if (!step(&result)) break;  // out of time (a step never ends timed out otherwise)
    if (result.status == FillStatus::kFilled) {
      hi = level_of(best.worst);
    } else {  // impossible, or over-constrained: no fill below levels[hi]
      lo = hi;
    }
  }
  best.bound = levels.empty() ? best.worst : levels[lo];
  best.bound_searched = lo > 0;
  // Polishing: branch and bound on the whole grid for half the budget (half the time left,
  // when the budget is until the time runs out), which proves the least total on small
  // grids; then, from its best fill, repairs of neighbourhoods for the rest. On grids where a
  // neighbourhood is most of the grid, branch and bound for all of it.
  if (polish_nodes > 0) {
    if (options.progress) options.progress->polishing = true;
    o.max_cost = best.worst;
    o.improve = true;
    o.nogoods = nullptr;
    o.total_below = best.total;
    const bool local = LocalNeighbourhoods(problem);
    o.node_limit = local ? polish_nodes / 2 + polish_nodes % 2 : polish_nodes;
    o.limit = 0;
    const double whole_end = end;
    if (local && polish_nodes == INT64_MAX && end < HUGE_VAL) {
      const double now = std::chrono::duration<double>(Clock::now() - start).count();
      end = now + (end - now) / 2;
    }
    const bool ran = run(o, &result);
    end = whole_end;
    if (ran) best.total_proven = result.status != FillStatus::kTimedOut;
    if (ran && !best.total_proven && local) {
      Repair(problem, o, polish_nodes - o.node_limit, run_to, take, tally, best);
    }
  }
  best.stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return best;
}

}  // namespace squares::core
