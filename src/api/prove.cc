// The API's live proof: ProveGrid, arc consistency over the whole grid, then the verdict of a
// short search for a fill.
#include <algorithm>
#include <bit>
#include <span>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "api/api_internal.h"
#include "api/fill_internal.h"
#include "api/grid_internal.h"
#include "fill/fill_grid.h"

namespace squares {

namespace {

// A slot's letters as the constructor sees them: "O.T..".
std::string PatternOf(const Grid& grid, const Slot& slot) {
  std::string pattern;
  for (int cell : slot.cells) pattern += grid.letter(cell).empty() ? "." : grid.letter(cell);
  return pattern;
}

// The proof's message: the entries with no word, then the cells with no letter (a few of each).
std::string ProofMessage(const Grid& grid, const GridProof& proof, const core::Consistency& c,
                         std::span<const int> dead_slots) {
  constexpr size_t kNamed = 3;
  std::vector<std::string> parts;
  for (int s : dead_slots) {
    if (parts.size() == kNamed) break;
    const Slot& slot = grid.slots()[s];
    const char* why = c.dead.empty() && c.repeated ? "'s only word is used elsewhere"
                      : c.dead.empty()             ? " has no word that fits its crossing entries"
                                                   : " has no word";
    parts.push_back(absl::StrFormat("%s%s: %s", slot.name(), why, PatternOf(grid, slot)));
  }
  for (size_t k = 0; k < proof.dead_cells.size() && k < kNamed; ++k) {
    const int cell = proof.dead_cells[k];
    std::vector<std::string> names;
    for (const Slot& slot : grid.slots()) {
      if (std::find(slot.cells.begin(), slot.cells.end(), cell) != slot.cells.end())
        names.push_back(slot.name());
    }
    parts.push_back(absl::StrFormat("row %d, column %d has no letter that fits both %s",
                                    cell / grid.cols() + 1, cell % grid.cols() + 1,
                                    absl::StrJoin(names, " and ")));
  }
  const size_t more = dead_slots.size() + proof.dead_cells.size() - parts.size();
  if (more > 0) parts.push_back(absl::StrFormat("%d more", more));
  return absl::StrJoin(parts, "; ");
}

// The names of `slots`, as a list: "12 Across, 3 Down and 7 Down".
std::string NamesOf(const Grid& grid, std::span<const int> slots) {
  std::vector<std::string> names;
  for (int s : slots) names.push_back(grid.slots()[s].name());
  if (names.size() < 2) return absl::StrJoin(names, "");
  const std::string last = names.back();
  names.pop_back();
  return absl::StrJoin(names, ", ") + " and " + last;
}

// The verdict's search, on a problem that arc consistency left consistent: a first fill on
// one thread with restarts, starting from options.start where its letters fit.
void Decide(const Grid& grid, const core::GridFill& problem, const core::Alphabet& alphabet,
            const ProofOptions& options, GridProof& proof) {
  const core::Grid& g = api::ImplOf(grid).grid;
  // A rebus's further letters are fixed: no preference for them.
  std::vector<core::Letter> preferred(problem.problem.domains.size(), core::kMaxLetters);
  if (options.start.size() == static_cast<size_t>(g.size())) {
    for (int i = 0; i < g.size(); ++i) {
      const absl::StatusOr<core::Word> cell = alphabet.encode(options.start[i]);
      if (cell.ok() && cell->size() == 1) preferred[i] = (*cell)[0];
    }
  }
  core::FillOptions search;
  search.distinct = !options.allow_repeats;
  search.block_words = 50;
  search.timeout_seconds = options.search_seconds;
  search.stop = options.stop;
  search.preferred = &preferred;
  std::vector<core::Letter> letters;
  const core::FillResult result =
      core::Fill(problem.problem, search, [&](std::span<const core::Letter> fill) {
        letters.assign(fill.begin(), fill.end());
        return false;
      });
  proof.seconds = result.stats.seconds;
  switch (result.status) {
    case core::FillStatus::kFilled:
      proof.verdict = Verdict::kFillable;
      core::ReadFill(g, problem, alphabet, core::ScoreOrder::kNone, letters, proof.fill, nullptr);
      return;
    case core::FillStatus::kTimedOut:
      proof.message =
          absl::StrFormat("not decided in %.1f s: no fill found yet, and no proof that none exists",
                          result.stats.seconds);
      return;
    default: break;
  }
  proof.verdict = Verdict::kImpossible;
  std::vector<int> blamed = result.blamed;
  if (blamed.empty() && result.bad_slot >= 0) blamed.push_back(result.bad_slot);
  // The blamed entries, cut down in the time the search left to a set with no fill by itself.
  const core::Conflict conflict = core::ShrinkConflict(
      problem.problem, blamed, search, options.search_seconds - result.stats.seconds);
  for (int s : conflict.slots) proof.conflict.push_back(problem.grid_slot[s]);
  proof.conflict_minimal = conflict.minimal;
  proof.message =
      absl::StrFormat("no fill: a search ruled out every way in %.2f s", result.stats.seconds);
  if (conflict.minimal) {
    absl::StrAppend(&proof.message, "; the conflict: ", NamesOf(grid, proof.conflict),
                    proof.conflict.size() == 1
                        ? " has no word"
                        : " have no fill together, and without any one of them the others have");
  } else if (!proof.conflict.empty()) {
    absl::StrAppend(&proof.message, "; the conflict it learned is around ",
                    NamesOf(grid, proof.conflict));
  }
}

}  // namespace

std::string_view VerdictName(Verdict verdict) {
  switch (verdict) {
    case Verdict::kFillable: return "fillable";
    case Verdict::kImpossible: return "impossible";
    case Verdict::kUnknown: break;
  }
  return "unknown";
}

GridProof ProveGrid(const Dictionary& dictionary, const Grid& grid, const ProofOptions& options) {
  if (!(options.search_seconds >= 0))
    api::ThrowUsage("search_seconds must not be negative");
  const core::Grid& g = api::ImplOf(grid).grid;
  const core::GridFill problem =
      api::Problem(dictionary, grid,
                   api::FilterOf(dictionary, options.exclude, core::ScoreOrder::kNone, {},
                                 options.allow_offensive));
  GridProof proof;
  proof.letters.assign(g.size(), 0);
  proof.words.assign(g.slots.size(), -1);
  if (problem.too_long >= 0) {  // the problem is incomplete: that slot is all there is to say
    proof.consistent = false;
    proof.verdict = Verdict::kImpossible;
    proof.dead_slots = proof.conflict = {problem.too_long};
    proof.words[problem.too_long] = 0;
    const Slot& slot = grid.slots()[problem.too_long];
    proof.message =
        absl::StrFormat("%s is longer than any word: %s", slot.name(), PatternOf(grid, slot));
    return proof;
  }
  core::FillOptions engine;
  engine.distinct = !options.allow_repeats;
  const core::Consistency c = core::Propagated(problem.problem, engine);
  for (int cell = 0; cell < g.size(); ++cell) {
    if (!g.black[cell]) proof.letters[cell] = std::popcount(c.domains[cell]);
  }
  for (size_t s = 0; s < problem.grid_slot.size(); ++s) {
    proof.words[problem.grid_slot[s]] = static_cast<int64_t>(c.words[s]);
  }
  for (int s : c.dead) proof.dead_slots.push_back(problem.grid_slot[s]);
  if (c.emptied >= 0) proof.dead_slots.push_back(problem.grid_slot[c.emptied]);
  for (int cell : c.dead_cells) {  // a rebus's further letters are its grid cell's
    const int grid_cell = problem.grid_cell[cell];
    if (std::find(proof.dead_cells.begin(), proof.dead_cells.end(), grid_cell) ==
        proof.dead_cells.end())
      proof.dead_cells.push_back(grid_cell);
  }
  proof.consistent = c.consistent();
  if (!proof.consistent) {
    proof.verdict = Verdict::kImpossible;
    proof.message = ProofMessage(grid, proof, c, proof.dead_slots);
    proof.conflict.assign(proof.dead_slots.begin(),
                          proof.dead_slots.begin() +
                              std::min<size_t>(proof.dead_slots.size(), core::FillResult::kBlamed));
  } else if (options.search_seconds > 0) {
    Decide(grid, problem, api::ImplOf(dictionary).dictionary.alphabet(), options, proof);
  }
  if (proof.verdict == Verdict::kImpossible && options.search_seconds > 0) {
    // Only the next tier, in about the time the verdict took (it is asked after every edit):
    // a search that does not end says nothing, as "no fill" holds for the tier chosen.
    const auto next = static_cast<AllowOffensive>(static_cast<int>(options.allow_offensive) + 1);
    proof.left_out = api::FillWithLeftOut(
        dictionary, grid, options.exclude, options.allow_repeats, options.allow_offensive,
        std::min(next, AllowOffensive::kSlurs),
        std::min(options.search_seconds, std::max(0.1, 2 * proof.seconds)), options.stop);
    if (proof.left_out && proof.left_out->tier == AllowOffensive::kNone) proof.left_out.reset();
    if (proof.left_out) proof.message = api::LeftOutMessage(*proof.left_out) + "; " + proof.message;
  }
  return proof;
}

}  // namespace squares
