// Best squares (`--best K`): the K results of a square or shape search with the best worst
// word, then the best mean score, the least worst word proven, on scored word lists.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "absl/status/statusor.h"
#include "lexicon/dawg.h"
#include "search/square_search.h"

namespace squares::core {

// The scored lists a search reads: lists[list_of_word[w]] holds the words of the shape's word
// w (empty list_of_word: every word reads lists[0]). The lists share one alphabet.
struct ScoredLists {
  std::vector<const Dictionary*> lists;
  std::vector<int> list_of_word;
  bool lower_better = false;  // a lower score is better (SCOWL sizes); else a higher one
};

// Makes the search of the problem on `lists` (ScoredLists::lists, each cut to some of its
// words, in the same order): the same problem each time, only the words differ, and one that
// lists its results (SquareProblem::count_only false). The search may point into the lists,
// which outlive it.
using BestSearchBuilder =
    std::function<absl::StatusOr<SquareSearch>(std::span<const Dictionary* const> lists)>;

struct BestSquare {
  std::vector<Letter> grid;  // the result as SquareSink::Accept receives it
  int64_t worst = 0;         // the score of its worst word
  double mean = 0;           // the mean score of its words (each of the shape's words once)
};

struct BestSquaresResult {
  std::vector<BestSquare> squares;  // best first (see BestSquares)
  bool stopped = false;             // the stop flag ended the search: nothing is proven
  int searches = 0;                 // searches run
  SquareStats stats;                // summed over them (squares: the results they found)
};

// The K best results of the search `build` makes, by (worst word, mean score), on the scored
// lists; each word's score is the one its list gives it. Order: a result is better than
// another when its worst word is better; on a tie, when its mean score is better; on a tie,
// when it comes first in the search's order. The first result is proven best: no result has
// a better worst word (nor, with that worst word, a better mean).
//
// How: the descent `fill` uses for its best fill. A first result gives a worst word W; the
// search is rebuilt on the words strictly better than W and run to its first result, again,
// until it finds none: W is then the least worst word. The search on the words of W or
// better lists every result (all have W as worst word) and keeps the K best by mean; when
// there are fewer than K, the next score level's results complete them, and so on.
// `threads` workers share each search's tasks. With `stop` set, the search ends early
// (BestSquaresResult::stopped) with the best found so far.
absl::StatusOr<BestSquaresResult> BestSquares(const ScoredLists& lists,
                                              const BestSearchBuilder& build, size_t k,
                                              int threads = 1,
                                              const std::atomic<bool>* stop = nullptr);

}  // namespace squares::core
