// The tables searches share per dictionary (search/search_tables.h): searches that read them
// find what searches with tables of their own find, one after another and on two threads at
// once, through the engine and through the API; and the cache stays within its bounds.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <thread>
#include <vector>

#include "lexicon/dawg.h"
#include "lexicon/lexicon.h"
#include "search/search_tables.h"
#include "search/square_search.h"
#include "squares/squares.h"
#include "test_words.h"

using namespace squares::core;
using namespace squares::core::test;

namespace {

// Each task's count, and the results of the whole search (letter codes, result after result).
struct Found {
  std::vector<uint64_t> counts;
  std::vector<Letter> results;
  bool operator==(const Found&) const = default;
};

class KeepSink : public SquareSink {
 public:
  explicit KeepSink(size_t cells, std::vector<Letter>& results)
      : cells_(cells), results_(results) {}
  bool Accept(const Letter* grid) override {
    results_.insert(results_.end(), grid, grid + cells_);
    return true;
  }

 private:
  size_t cells_;
  std::vector<Letter>& results_;
};

Found Run(const Dictionary& dictionary, const SquareProblem& problem, SearchTables* tables) {
  auto search = SquareSearch::Create(dictionary, problem, tables);
  REQUIRE(search.ok());
  Found found;
  KeepSink sink(static_cast<size_t>(problem.rows) * problem.cols, found.results);
  for (const SquareTask& task : search->Split(7)) {
    found.counts.push_back(search->Run(task, nullptr).squares);
    search->Run(task, &sink);
  }
  return found;
}

SquareProblem Problem(SquareMode mode, int rows, int cols, bool count_only) {
  SquareProblem problem;
  problem.mode = mode;
  problem.rows = rows;
  problem.cols = cols;
  problem.count_only = count_only;
  return problem;
}

// Symmetric, double and rectangular (two automata, merged) problems of sides 4 and 5, for
// counting, for listing, and for listing only (the API's listing: a closing table without its
// vectors, no corner table), and one with a letter fixed in its last row (no closing count
// there: the tables shared are the same, the search may not take them).
std::vector<SquareProblem> Problems(const Alphabet& alphabet) {
  std::vector<SquareProblem> problems;
  for (int n : {4, 5}) {
    for (bool count_only : {false, true}) {
      problems.push_back(Problem(SquareMode::kSymmetric, n, n, count_only));
      problems.push_back(Problem(SquareMode::kDouble, n, n, count_only));
    }
    for (SquareMode mode : {SquareMode::kSymmetric, SquareMode::kDouble}) {
      problems.push_back(Problem(mode, n, n, false));
      problems.back().list_only = true;
    }
  }
  problems.push_back(Problem(SquareMode::kRectangle, 4, 5, false));
  SquareProblem fixed = Problem(SquareMode::kSymmetric, 5, 5, false);
  fixed.allowed.assign(25, ~LetterSet{0});
  fixed.allowed[23] = fixed.allowed[19] = LetterSet{1} << alphabet.find(U'b');
  problems.push_back(fixed);
  return problems;
}

// A problem and the dictionary it is searched on.
using Searched = std::pair<const Dictionary*, SquareProblem>;

// Each problem through `tables`, twice in turn (the first round may build tables, the second
// reads them and builds none), then on two threads at once through tables no search has
// built yet: every run finds what the fresh search of `fresh` found.
void CheckShared(const std::vector<Searched>& problems, const std::vector<Found>& fresh,
                 SearchTables& tables) {
  for (int round = 0; round < 2; ++round) {
    const size_t kept = tables.size();
    for (size_t k = 0; k < problems.size(); ++k) {
      CAPTURE(k);
      CHECK(Run(*problems[k].first, problems[k].second, &tables) == fresh[k]);
    }
    if (round == 1) CHECK(tables.size() == kept);
  }
  SearchTables shared;
  std::vector<std::vector<Found>> found(2);
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; ++t) {
    threads.emplace_back([&, t] {
      for (const auto& [dictionary, problem] : problems)
        found[t].push_back(Run(*dictionary, problem, &shared));
    });
  }
  for (std::thread& thread : threads) thread.join();
  CHECK(found[0] == fresh);
  CHECK(found[1] == fresh);
}

// Lists of 4 and 5 letters over a..d: squares by the thousand, not by the million.
std::string DenseWords(std::mt19937& rng) {
  return RandomWords(rng, 40, 4, 4) + RandomWords(rng, 60, 5, 4);
}

}  // namespace

TEST_CASE("shared tables: searches on one dictionary find what fresh searches find") {
  std::mt19937 rng(59);
  const Dictionary dictionary(MustRead(DenseWords(rng)));
  const std::vector<SquareProblem> problems = Problems(dictionary.alphabet());
  std::vector<Found> fresh;
  for (const SquareProblem& problem : problems) fresh.push_back(Run(dictionary, problem, nullptr));
  size_t results = 0;
  for (const Found& found : fresh) results += found.results.size();
  CHECK(results > 1000);
  CHECK(results < 1000000);

  // The symmetric squares take the closing and corner counts from the tables.
  SearchTables tables;
  auto symmetric = SquareSearch::Create(dictionary, problems[0], &tables);
  REQUIRE(symmetric.ok());
  CHECK(symmetric->closing_level() >= 0);
  CHECK(symmetric->corner_level() >= 0);
  CHECK(tables.size() >= 3);  // the closing, the corner, the reach
  // Listing only, the closing count's levels are listed as before; nothing counts with them.
  SquareProblem listed = problems[0];
  listed.list_only = true;
  auto list_only = SquareSearch::Create(dictionary, listed, &tables);
  REQUIRE(list_only.ok());
  CHECK(list_only->closing_level() == symmetric->closing_level());
  CHECK(list_only->corner_level() == -1);
  for (size_t k = 0; k < problems.size(); ++k) {
    if (!problems[k].list_only) continue;
    SquareProblem counted = problems[k];
    counted.list_only = false;
    CAPTURE(k);
    CHECK(fresh[k] == Run(dictionary, counted, nullptr));
  }

  std::vector<Searched> searched;
  for (const SquareProblem& problem : problems) searched.push_back({&dictionary, problem});
  CheckShared(searched, fresh, tables);
}

TEST_CASE("shared tables: the API's searches on one dictionary, one after another and at once") {
  std::mt19937 rng(60);
  const std::string text = DenseWords(rng);
  auto listing = [](const squares::Dictionary& dictionary, squares::SquareKind kind, int size) {
    squares::SquareOptions options;
    options.kind = kind;
    options.size = size;
    options.threads = 2;
    const squares::SquareSearch search(dictionary, options);
    std::string out;
    search.Write(squares::SquareFormat::kLines, [&](std::string_view piece) {
      out.append(piece);
      return true;
    });
    return std::to_string(search.Count()) + "\n" + out;
  };
  const std::vector<std::pair<squares::SquareKind, int>> searches = {
      {squares::SquareKind::kSymmetric, 5},
      {squares::SquareKind::kDouble, 4},
      {squares::SquareKind::kSymmetric, 4}};
  std::vector<std::string> fresh;
  for (auto [kind, size] : searches)
    fresh.push_back(listing(squares::Dictionary::FromText(text, "<dense>"), kind, size));
  CHECK(fresh[0].size() > 1000);

  const squares::Dictionary dictionary = squares::Dictionary::FromText(text, "<dense>");
  for (int round = 0; round < 2; ++round) {
    for (size_t k = 0; k < searches.size(); ++k)
      CHECK(listing(dictionary, searches[k].first, searches[k].second) == fresh[k]);
  }
  const squares::Dictionary other = squares::Dictionary::FromText(text, "<dense>");
  std::vector<std::vector<std::string>> found(2);
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; ++t) {
    threads.emplace_back([&, t] {
      for (auto [kind, size] : searches) found[t].push_back(listing(other, kind, size));
    });
  }
  for (std::thread& thread : threads) thread.join();
  CHECK(found[0] == fresh);
  CHECK(found[1] == fresh);
}

TEST_CASE("shared tables: the last row's sieve, shared, finds what a fresh one finds") {
  // Lists dense enough for the sieve (a column's state before the last row leaves about 4
  // letters): rectangles, and double squares whose first row and column are one word. Each
  // problem again with a letter fixed in the last row: the sieve's start is the search's own.
  std::mt19937 rng(61);
  const Dictionary rectangle(MustRead(DenseList(rng, 2, 5, 80) + RandomWords(rng, 40, 4, 5)));
  const Dictionary dense(MustRead(DenseList(rng, 4, 4, 97)));
  std::vector<Searched> problems;
  problems.push_back({&rectangle, Problem(SquareMode::kRectangle, 2, 4, false)});
  SquareProblem square = Problem(SquareMode::kDouble, 4, 4, false);
  square.allowed.assign(16, ~LetterSet{0});
  const std::string first = Words(dense.lexicon(), 4)[7];
  for (int i = 0; i < 4; ++i)
    square.allowed[i] = square.allowed[i * 4] = LetterSet{1} << dense.alphabet().find(first[i]);
  problems.push_back({&dense, square});
  for (size_t k = 0, end = problems.size(); k < end; ++k) {
    auto [dictionary, problem] = problems[k];
    if (problem.allowed.empty()) problem.allowed.assign(problem.rows * problem.cols, ~LetterSet{0});
    problem.allowed[(problem.rows - 1) * problem.cols + 1] = LetterSet{1}
                                                             << dictionary->alphabet().find(U'c');
    problems.push_back({dictionary, problem});
  }
  std::vector<Found> fresh;
  for (const auto& [dictionary, problem] : problems) {
    auto search = SquareSearch::Create(*dictionary, problem, nullptr);
    REQUIRE(search.ok());
    CHECK(search->sieve_level() == (problem.rows - 1) * problem.cols);
    fresh.push_back(Run(*dictionary, problem, nullptr));
    CHECK(fresh.back().results.size() > 100 * problem.rows * problem.cols);
  }
  CHECK(fresh[0] != fresh[2]);  // the fixed letter is the search's own
  CHECK(fresh[1] != fresh[3]);

  SearchTables tables;
  CheckShared(problems, fresh, tables);
}

namespace {

struct Blob {
  size_t size = 0;
  uint32_t mark = 0;
  size_t bytes() const { return size; }
};

std::shared_ptr<const Blob> GetBlob(SearchTables& tables, uint32_t key, size_t size) {
  return SearchTables::Get<Blob>(&tables, {{}, {key}}, [&] { return Blob{size, key}; });
}

}  // namespace

TEST_CASE("shared tables: the cache keeps at most kMaxTables tables and kMaxBytes") {
  SearchTables tables;
  int built = 0;
  auto counted = [&](uint32_t key) {
    return SearchTables::Get<Blob>(&tables, {{}, {key}}, [&] {
      ++built;
      return Blob{1, key};
    });
  };
  const std::shared_ptr<const Blob> first = counted(0);
  CHECK(counted(0) == first);  // kept: not built again
  CHECK(built == 1);
  for (uint32_t key = 1; key < 3 * SearchTables::kMaxTables; ++key) {
    CHECK(counted(key)->mark == key);
    CHECK(tables.size() <= SearchTables::kMaxTables);
  }
  CHECK(tables.size() == SearchTables::kMaxTables);
  CHECK(first->mark == 0);  // dropped from the cache, still held here
  CHECK(counted(0) != first);
  // The least recently used go first: a table read again stays.
  const std::shared_ptr<const Blob> kept = counted(1000);
  for (uint32_t key = 2000; key < 2000 + SearchTables::kMaxTables - 1; ++key) {
    counted(key);
    CHECK(counted(1000) == kept);
  }
  // Bytes: a large table drops the others; one larger than the bound is kept alone.
  GetBlob(tables, 1, SearchTables::kMaxBytes / 2);
  GetBlob(tables, 2, SearchTables::kMaxBytes / 2);
  CHECK(tables.bytes() <= SearchTables::kMaxBytes);
  GetBlob(tables, 3, SearchTables::kMaxBytes + 1);
  CHECK(tables.size() == 1);
  CHECK(tables.bytes() == SearchTables::kMaxBytes + 1);

  // Searches of many sizes on one dictionary: their tables stay within the bound.
  std::mt19937 rng(61);
  std::string text;
  for (int length = 2; length <= 12; ++length) text += RandomWords(rng, 200, length, 4);
  const Dictionary dictionary(MustRead(text));
  SearchTables searched;
  for (int n = 2; n <= 12; ++n) {
    for (bool count_only : {false, true}) {
      auto search = SquareSearch::Create(
          dictionary, Problem(SquareMode::kSymmetric, n, n, count_only), &searched);
      REQUIRE(search.ok());
      CHECK(searched.size() <= SearchTables::kMaxTables);
    }
  }
  CHECK(searched.size() == SearchTables::kMaxTables);
}
