// A crossword grid's fill on the engine: the engine's problem for a grid (a domain
// per cell, the automaton of its length per slot), the search (the best fill, or the engine's
// fills in order), a fill's letters and quality, and what a result other than a fill says.
// `squares fill` and the library's FillGrid, Candidates and CheckGrid are made of these.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "fill/fill_output.h"
#include "fill/grid.h"
#include "fill/grid_fill.h"
#include "lexicon/dawg.h"

namespace squares::core {

// fill's options: the engine's, and those of the best-fill search.
struct FillSettings {
  FillOptions engine;
  int64_t polish = 10000;       // nodes of search for a better mean score
  double quality_seconds = 10;  // the best fill's search after the first fill
  bool any = false;             // the first fill found, not the best
};

// Words a grid's slots may not use: those listed (encoded), and with `scores` those costing
// more than max_cost (cost as in FillOptions). Empty: every word of the dictionary.
struct WordFilter {
  std::vector<Word> exclude;
  ScoreOrder scores = ScoreOrder::kNone;
  int64_t max_cost = INT64_MAX;
  bool empty() const {
    return exclude.empty() && (scores == ScoreOrder::kNone || max_cost == INT64_MAX);
  }
  bool operator==(const WordFilter&) const = default;
};

// The words of one length that a WordFilter keeps, and their automaton.
struct FilteredWords {
  WordsOfLength words;
  Dawg dawg;
};

// The filtered words of one dictionary's problems, kept by length and filter for the problems
// after: the workbench makes a problem for each request (a grid's marks, its verdict, its
// candidates), nearly always with the same filter (the breakfast test's words, the rejected
// ones), and building these was two thirds of a 15x15's arc consistency. Not thread-safe: its
// owner locks it.
class FilterCache {
 public:
  // The words of `length` of `dictionary` (always the same one) that `filter` keeps, or null
  // when it keeps them all; built on first use.
  std::shared_ptr<const FilteredWords> Get(const Dictionary& dictionary, int length,
                                           const WordFilter& filter);

 private:
  static constexpr size_t kKept = 32;  // every length of two filters
  struct Entry {
    int length;
    WordFilter filter;
    std::shared_ptr<const FilteredWords> words;
  };
  std::vector<Entry> entries_;  // the least recently used first
};

// The engine's problem for a grid: a domain per cell, the slot's automaton per slot, but no
// slot for a fully pre-filled entry that the list (or the filter) lacks: it is kept as
// given, with a note. A grid cell whose fixed letters are several letters of the alphabet (a
// rebus, or IJ in a language without that digraph) is as many cells of the problem, each
// fixed, in every slot through it: the problem's cells are the grid's, in its order, then
// those further letters, cell by cell in order; a slot's automaton is of its length in letters.
struct GridFill {
  FillProblem problem;
  std::vector<int> grid_cell;      // problem cell -> grid cell
  std::vector<int> grid_slot;      // problem slot -> grid slot
  std::vector<std::string> notes;  // the entries kept as given, for stderr
  // A grid slot longer than any word (-1: none): over-constrained before any search, and
  // the problem is incomplete.
  int too_long = -1;
  // The filtered automata the slots use (WordFilter), by length; held here (and by the
  // FilterCache the problem was made with).
  std::vector<std::shared_ptr<const FilteredWords>> filtered;
};

// A letter outside the alphabet is a data error (naming `path`, the line and the column).
// With `cache`, the filtered words come from it.
absl::StatusOr<GridFill> GridFillProblem(const Grid& grid, const Dictionary& dictionary,
                                         std::string_view path, const WordFilter& filter = {},
                                         FilterCache* cache = nullptr);

// A scored list (not all scores alike) has a best fill; fill searches for it unless any,
// all or deterministic.
bool IsScored(const FillProblem& problem);
bool IsBestMode(const FillProblem& problem, const FillSettings& settings);

// fill's search: the best fill (FillBest, its proof in `proof`) or the engine's fills in
// order, each given to `found` (false stops the search).
FillResult SearchFill(const FillProblem& problem, const FillSettings& settings, FillQuality* proof,
                      const std::function<bool(std::span<const Letter>)>& found);

// A fill's letters, each cell's as UTF-8 upper case ("" for black cells), and, when
// `quality` is given (a scored list), its quality, keeping the proof that SearchFill put there.
void ReadFill(const Grid& grid, const GridFill& grid_fill, const Alphabet& alphabet,
              ScoreOrder scores, std::span<const Letter> fill, std::vector<std::string>& letters,
              FillQuality* quality);

// "3 Across (row 1, column 4, 5 letters, pattern ??X??)".
std::string DescribeSlot(const Grid& grid, const GridSlot& slot);

// What fill says of a result other than kFilled ("" for kFilled); a grid fill with a slot
// too long is over-constrained whatever the result.
std::string FillStatusMessage(std::string_view path, const Grid& grid, const GridFill& fill,
                              const FillResult& result, const FillOptions& options);

}  // namespace squares::core
