#include "fill/fill_grid.h"

#include <algorithm>
#include <bit>

#include "absl/strings/str_format.h"
#include "lexicon/unicode.h"

namespace squares::core {
namespace {

// "??X??" for a slot: fixed letters where the grid has them.
std::string Pattern(const Grid& grid, const GridSlot& slot) {
  std::string pattern;
  for (int c : slot.cells) pattern += grid.fixed[c].empty() ? "?" : grid.fixed[c];
  return pattern;
}

// The words of `length` that `filter` keeps, or null when it keeps them all.
std::unique_ptr<const FilteredWords> Filter(const Dictionary& dictionary, int length,
                                            const WordFilter& filter) {
  const WordsOfLength& words = dictionary.lexicon().words(length);
  std::vector<Letter> letters;
  std::vector<int64_t> scores;
  for (size_t k = 0; k < words.count(); ++k) {
    const int64_t cost = filter.scores == ScoreOrder::kLowerFirst ? words.scores[k]
                                                                  : -words.scores[k];
    if ((filter.scores != ScoreOrder::kNone && cost > filter.max_cost) ||
        std::binary_search(filter.exclude.begin(), filter.exclude.end(), words.word(k))) {
      continue;
    }
    letters.insert(letters.end(), words.word(k).begin(), words.word(k).end());
    scores.push_back(words.scores[k]);
  }
  if (scores.size() == words.count()) return nullptr;
  WordsOfLength kept{std::move(letters), std::move(scores), length};
  Dawg dawg = Dawg::Build(kept, dictionary.alphabet().size());
  return std::make_unique<const FilteredWords>(FilteredWords{std::move(kept), std::move(dawg)});
}

// The quality of a fill: the words of the scored slots (those of `problem`, by grid slot).
FillQuality Quality(const Grid& grid, const FillProblem& problem, const std::vector<int>& grid_slot,
                    ScoreOrder scores, std::span<const Letter> fill,
                    const std::vector<std::string>& letters) {
  FillQuality q;
  int64_t sum = 0, words = 0;
  for (size_t s = 0; s < problem.slots.size(); ++s) {
    const FillSlot& slot = problem.slots[s];
    if (slot.scores.empty()) continue;
    Word w;
    for (int c : slot.cells) w.push_back(fill[c]);
    const int64_t score = slot.scores[*slot.dawg->rank(w)];
    const bool worse = scores == ScoreOrder::kLowerFirst ? score > q.worst_score
                                                         : score < q.worst_score;
    if (words == 0 || worse) {
      q.worst_score = score;
      q.worst_word.clear();
      for (int c : grid.slots[grid_slot[s]].cells) q.worst_word += letters[c];
    }
    sum += score;
    ++words;
  }
  q.mean_score = words > 0 ? static_cast<double>(sum) / words : 0;
  return q;
}

}  // namespace

std::string DescribeSlot(const Grid& grid, const GridSlot& slot) {
  return absl::StrFormat("%s (row %d, column %d, %d letters, pattern %s)", SlotName(slot),
                         slot.row + 1, slot.col + 1, slot.length, Pattern(grid, slot));
}

std::shared_ptr<const FilteredWords> FilterCache::Get(const Dictionary& dictionary, int length,
                                                      const WordFilter& filter) {
  const auto found = std::find_if(entries_.begin(), entries_.end(), [&](const Entry& entry) {
    return entry.length == length && entry.filter == filter;
  });
  Entry entry = found != entries_.end() ? std::move(*found)
                                        : Entry{length, filter, Filter(dictionary, length, filter)};
  if (found != entries_.end()) entries_.erase(found);
  else if (entries_.size() == kKept) entries_.erase(entries_.begin());
  entries_.push_back(std::move(entry));
  return entries_.back().words;
}

absl::StatusOr<GridFill> GridFillProblem(const Grid& grid, const Dictionary& dictionary,
                                         std::string_view path, const WordFilter& filter,
                                         FilterCache* cache) {
  const Alphabet& alphabet = dictionary.alphabet();
  GridFill fill;
  FillProblem& problem = fill.problem;
  const LetterSet all_letters = alphabet.size() == 64 ? ~LetterSet{0}
                                                      : (LetterSet{1} << alphabet.size()) - 1;
  problem.domains.assign(grid.size(), 0);
  fill.grid_cell.resize(grid.size());
  // The problem's cells of each grid cell: itself, then its further letters' (a rebus).
  std::vector<std::vector<int>> cells_of(grid.size());
  for (int i = 0; i < grid.size(); ++i) {
    fill.grid_cell[i] = i;
    cells_of[i] = {i};
    if (grid.black[i]) continue;
    problem.domains[i] = all_letters;
    if (grid.fixed[i].empty()) continue;
    auto letters = alphabet.encode(grid.fixed[i]);
    if (!letters.ok() || letters->empty()) {
      return absl::DataLossError(absl::StrFormat(
          "%s:%d:%d: %s '%s' is not in the dictionary's alphabet", path,
          grid.first_row_line + i / grid.cols, i % grid.cols + 1,
          CountCodePoints(grid.fixed[i]) == 1 ? "letter" : "a letter of", grid.fixed[i]));
    }
    problem.domains[i] = LetterSet{1} << (*letters)[0];
    for (size_t k = 1; k < letters->size(); ++k) {
      cells_of[i].push_back(static_cast<int>(problem.domains.size()));
      problem.domains.push_back(LetterSet{1} << (*letters)[k]);
      fill.grid_cell.push_back(i);
    }
  }
  // The words of each length the slots may use: the dictionary's, or those the filter keeps.
  std::vector<const FilteredWords*> filtered(kMaxWordLength + 1, nullptr);
  std::vector<bool> filtered_yet(kMaxWordLength + 1, filter.empty());
  auto words_of = [&](int length) {
    if (!filtered_yet[length]) {
      filtered_yet[length] = true;
      std::shared_ptr<const FilteredWords> kept = cache ? cache->Get(dictionary, length, filter)
                                                        : Filter(dictionary, length, filter);
      if (kept) {
        filtered[length] = kept.get();
        fill.filtered.push_back(std::move(kept));
      }
    }
    return filtered[length];
  };
  // A fully pre-filled entry (a theme or seed entry) is taken as given: when the list lacks
  // it, it is no slot of the search (its letters stay fixed for the crossing slots).
  for (size_t s = 0; s < grid.slots.size(); ++s) {
    const GridSlot& slot = grid.slots[s];
    std::vector<int> cells;
    for (int c : slot.cells) cells.insert(cells.end(), cells_of[c].begin(), cells_of[c].end());
    const int length = static_cast<int>(cells.size());
    Word given;
    for (int c : cells) {
      if (std::popcount(problem.domains[c]) == 1) {
        given.push_back(static_cast<Letter>(std::countr_zero(problem.domains[c])));
      }
    }
    const bool complete = given.size() == cells.size();
    if (complete && !dictionary.lexicon().find(given)) {
      fill.notes.push_back(absl::StrFormat("%s: %s %s is not in the word list: kept as given", path,
                                           SlotName(slot), Pattern(grid, slot)));
      continue;
    }
    if (length > kMaxWordLength) {
      fill.notes.clear();
      fill.too_long = static_cast<int>(s);
      return fill;
    }
    const FilteredWords* kept = words_of(length);
    if (complete && kept != nullptr && !kept->dawg.contains(given)) {
      fill.notes.push_back(absl::StrFormat("%s: %s %s is excluded: kept as given", path,
                                           SlotName(slot), Pattern(grid, slot)));
      continue;
    }
    // A given entry in the list is still a slot (no other slot may repeat it), but its
    // score is no measure of the fill.
    const Dawg& dawg = kept ? kept->dawg : dictionary.dawg(length);
    const std::span<const int64_t> scores =
        kept ? std::span<const int64_t>(kept->words.scores)
             : std::span<const int64_t>(dictionary.lexicon().words(length).scores);
    problem.slots.push_back(
        {std::move(cells), &dawg, complete ? std::span<const int64_t>() : scores});
    fill.grid_slot.push_back(static_cast<int>(s));
  }
  return fill;
}

bool IsScored(const FillProblem& problem) {
  int64_t low = INT64_MAX, high = INT64_MIN;
  for (const FillSlot& slot : problem.slots) {
    for (int64_t score : slot.scores) low = std::min(low, score), high = std::max(high, score);
  }
  return low < high;
}

bool IsBestMode(const FillProblem& problem, const FillSettings& settings) {
  const FillOptions& options = settings.engine;
  return !settings.any && !options.all && !options.deterministic && IsScored(problem);
}

FillResult SearchFill(const FillProblem& problem, const FillSettings& settings, FillQuality* proof,
                      const std::function<bool(std::span<const Letter>)>& found) {
  if (!IsBestMode(problem, settings)) return FillFirst(problem, settings.engine, found);
  const BestFill best =
      FillBest(problem, settings.engine, settings.polish, settings.quality_seconds);
  FillResult result;
  result.status = best.status;
  result.bad_slot = best.bad_slot;
  result.stats = best.stats;
  if (best.status == FillStatus::kFilled) {
    proof->searched = true;
    proof->bound = settings.engine.scores == ScoreOrder::kLowerFirst ? best.bound : -best.bound;
    proof->bound_searched = best.bound_searched;
    proof->mean_proven = best.total_proven;
    found(best.letters);
  }
  return result;
}

void ReadFill(const Grid& grid, const GridFill& grid_fill, const Alphabet& alphabet,
              ScoreOrder scores, std::span<const Letter> fill, std::vector<std::string>& letters,
              FillQuality* quality) {
  letters.assign(grid.size(), "");
  for (size_t c = 0; c < grid_fill.grid_cell.size(); ++c) {
    const int i = grid_fill.grid_cell[c];
    if (!grid.black[i]) alphabet.append_utf8(fill[c], true, letters[i]);
  }
  if (quality == nullptr) return;
  const FillQuality proof = *quality;
  *quality = Quality(grid, grid_fill.problem, grid_fill.grid_slot, scores, fill, letters);
  quality->searched = proof.searched, quality->bound = proof.bound;
  quality->bound_searched = proof.bound_searched;
  quality->proven = proof.searched && proof.bound == quality->worst_score;
  quality->mean_proven = proof.mean_proven;
}

std::string FillStatusMessage(std::string_view path, const Grid& grid, const GridFill& fill,
                              const FillResult& result, const FillOptions& options) {
  if (fill.too_long >= 0) {
    return absl::StrFormat("%s: over-constrained: %s is longer than any word", path,
                           DescribeSlot(grid, grid.slots[fill.too_long]));
  }
  const FillStats& st = result.stats;
  switch (result.status) {
    case FillStatus::kFilled: return "";
    case FillStatus::kImpossible:
      if (result.bad_slot >= 0) {
        return absl::StrFormat("%s: impossible: %s has no word that fits its crossing entries",
                               path,
                               DescribeSlot(grid, grid.slots[fill.grid_slot[result.bad_slot]]));
      }
      return absl::StrFormat("%s: impossible: no fill exists (every way of filling it was tried)",
                             path);
    case FillStatus::kOverConstrained:
      return absl::StrFormat("%s: over-constrained: %s has no candidate word", path,
                             DescribeSlot(grid, grid.slots[fill.grid_slot[result.bad_slot]]));
    case FillStatus::kNoDeterministic:
      return absl::StrFormat(
          "%s: no deterministic fill: no slot has a length of its own "
          "or a fixed letter, so no word can be placed first with "
          "certainty",
          path);
    case FillStatus::kTimedOut: {
      const std::string found = absl::StrFormat(
          "%d fills found%s", st.fills,
          options.deterministic ? absl::StrFormat(", %d not deterministic", st.rejected) : "");
      if (options.stop != nullptr && options.stop->load()) {
        return absl::StrFormat("%s: stopped (%s)", path, found);
      }
      return absl::StrFormat("%s: timed out after %g s (%s)", path, options.timeout_seconds, found);
    }
  }
  return "";
}

}  // namespace squares::core
