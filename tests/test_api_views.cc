// SquareSearch::ForEachView: the same results as ForEach and as the text Write prints (the
// formatters' own code, apart from the view's), in every mode, with best, a limit, a callback
// that stops, letters of several bytes and threads; no allocation per result; its strings a
// random-access range.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <iterator>
#include <new>
#include <ranges>
#include <string>
#include <vector>

#include "squares/squares.h"

#ifndef SQUARES_SANITIZED
// Every allocation of the program counted (the sanitizers bring their own operator new).
namespace {
std::atomic<uint64_t> allocations{0};
}  // namespace

void* operator new(size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }
#endif

namespace {

using namespace squares;

static_assert(std::ranges::random_access_range<SquareView::Strings>);
static_assert(std::ranges::sized_range<SquareView::Strings>);
static_assert(std::random_access_iterator<SquareView::Strings::iterator>);

struct Seen {
  std::vector<std::string> rows, words;
  int64_t worst = 0;
  double mean = 0;
  bool operator==(const Seen&) const = default;
};

Seen FromResult(const SquareResult& result) {
  return {result.rows, result.words, result.worst_score, result.mean_score};
}

std::vector<Seen> ByForEach(const SquareSearch& search) {
  std::vector<Seen> seen;
  search.ForEach([&](const SquareResult& result) {
    seen.push_back(FromResult(result));
    return true;
  });
  return seen;
}

std::vector<Seen> ByView(const SquareSearch& search, SearchStats* stats = nullptr) {
  std::vector<Seen> seen;
  const SearchStats done = search.ForEachView([&](const SquareView& view) {
    Seen& s = seen.emplace_back();
    for (std::string_view row : view.rows()) s.rows.emplace_back(row);
    s.words.assign(view.words().begin(), view.words().end());
    s.worst = view.worst_score();
    s.mean = view.mean_score();
    CHECK(FromResult(view.ToResult()) == s);
    return true;
  });
  if (stats) *stats = done;
  return seen;
}

// The quoted strings of the JSON array after `"key":[` in `line` (letters need no escapes).
std::vector<std::string> JsonArray(const std::string& line, const std::string& key) {
  std::vector<std::string> out;
  size_t at = line.find("\"" + key + "\":[");
  if (at == std::string::npos) return out;
  at += key.size() + 4;
  while (line[at] == '"') {
    const size_t end = line.find('"', at + 1);
    out.push_back(line.substr(at + 1, end - at - 1));
    at = end + 1 + (line[end + 1] == ',');
  }
  return out;
}

std::string Written(const SquareSearch& search, SquareFormat format) {
  std::string text;
  search.Write(format, [&](std::string_view piece) {
    text += piece;
    return true;
  });
  return text;
}

// The results as Write prints them: rows from the text format (a result's lines, then a blank
// line), words from jsonl (a square's rows then columns, a symmetric square's rows twice; a
// shape's words).
std::vector<Seen> ByWrite(const SquareSearch& search, bool symmetric) {
  std::vector<Seen> seen;
  const std::string text = Written(search, SquareFormat::kText);
  Seen current;
  for (size_t at = 0; at < text.size();) {
    const size_t end = text.find('\n', at);
    if (end == at) {
      seen.push_back(current);
      current = {};
    } else {
      current.rows.push_back(text.substr(at, end - at));
    }
    at = end + 1;
  }
  const std::string jsonl = Written(search, SquareFormat::kJsonl);
  size_t k = 0;
  for (size_t at = 0; at < jsonl.size(); ++k) {
    const size_t end = jsonl.find('\n', at);
    const std::string line = jsonl.substr(at, end - at);
    at = end + 1;
    REQUIRE(k < seen.size());
    std::vector<std::string>& words = seen[k].words;
    words = JsonArray(line, "words");
    if (!words.empty()) continue;
    words = JsonArray(line, "rows");
    const std::vector<std::string> columns = symmetric ? words : JsonArray(line, "columns");
    words.insert(words.end(), columns.begin(), columns.end());
  }
  CHECK(k == seen.size());
  return seen;
}

SquareOptions Options(SquareKind kind, int size, int threads) {
  SquareOptions options;
  options.kind = kind;
  options.size = size;
  options.threads = threads;
  return options;
}

// Every string of three letters over a, é, t and ô: letters of one and of two bytes.
Dictionary Accented() {
  const std::vector<std::string> letters = {"a", "é", "t", "ô"};
  std::vector<std::string> words;
  for (const std::string& a : letters) {
    for (const std::string& b : letters) {
      for (const std::string& c : letters) words.push_back(a + b + c);
    }
  }
  return Dictionary::FromWords(words);
}

}  // namespace

TEST_CASE("ForEachView: the results of ForEach and of Write, in every mode") {
  DictionaryOptions common;
  common.max_level = 10;
  const Dictionary english = Dictionary::Default(), small = Dictionary::Default(common);
  const Dictionary accented = Accented();
  struct Case {
    const char* name;
    const Dictionary& dictionary;
    SquareOptions options;
  };
  std::vector<Case> cases;
  for (int threads : {1, 3}) {
    SquareOptions symmetric = Options(SquareKind::kSymmetric, 4, threads);
    symmetric.limit = 3000;
    cases.push_back({"symmetric", english, symmetric});
    SquareOptions twice = Options(SquareKind::kDouble, 4, threads);
    twice.limit = 2000;
    twice.upper = true;
    cases.push_back({"double", english, twice});
    SquareOptions rectangle = Options(SquareKind::kRectangle, 0, threads);
    rectangle.rows = 3;
    rectangle.cols = 5;
    rectangle.limit = 2500;
    cases.push_back({"rectangle", english, rectangle});
    SquareOptions diagonals = Options(SquareKind::kDouble, 4, threads);
    diagonals.diagonals = true;
    diagonals.limit = 300;
    cases.push_back({"diagonals", english, diagonals});
    SquareOptions cube = Options(SquareKind::kCube, 3, threads);
    cube.limit = 200;
    cases.push_back({"cube", small, cube});
    // A square given as its words (no layout: its rows are its words); a 3x3 grid of three
    // rows and two columns (its rows a run of its words).
    SquareOptions shape = Options(SquareKind::kShape, 0, threads);
    shape.shape = {{{0, 1, 2, 3}, ""}, {{1, 4, 5, 6}, ""}, {{2, 5, 7, 8}, ""}, {{3, 6, 8, 9}, ""}};
    shape.limit = 2000;
    cases.push_back({"shape", english, shape});
    SquareOptions cross = Options(SquareKind::kShape, 0, threads);
    cross.shape = {
        {{0, 1, 2}, ""}, {{3, 4, 5}, ""}, {{6, 7, 8}, ""}, {{0, 3, 6}, ""}, {{2, 5, 8}, ""}};
    cross.limit = 2000;
    cases.push_back({"3x3 shape", english, cross});
    SquareOptions best = Options(SquareKind::kSymmetric, 5, threads);
    best.best = 4;
    cases.push_back({"best", english, best});
    SquareOptions best_limit = best;
    best_limit.limit = 2;
    cases.push_back({"best, limit", english, best_limit});
    SquareOptions accents = Options(SquareKind::kDouble, 3, threads);
    accents.limit = 3000;
    cases.push_back({"letters of two bytes", accented, accents});
    SquareOptions accents_upper = Options(SquareKind::kSymmetric, 3, threads);
    accents_upper.upper = true;
    cases.push_back({"letters of two bytes, upper", accented, accents_upper});
  }
  for (const Case& c : cases) {
    CAPTURE(c.name);
    CAPTURE(c.options.threads);
    const SquareSearch search(c.dictionary, c.options);
    SearchStats stats;
    const std::vector<Seen> viewed = ByView(search, &stats);
    CHECK(!viewed.empty());
    CHECK(stats.results == viewed.size());
    if (c.options.limit && c.options.best == 0) CHECK(viewed.size() == *c.options.limit);
    CHECK(viewed == ByForEach(search));
    std::vector<Seen> written = ByWrite(search, c.options.kind == SquareKind::kSymmetric);
    if (c.options.best > 0) {
      // The text has no scores: they are the best's, in order.
      REQUIRE(written.size() == viewed.size());
      for (size_t k = 0; k < written.size(); ++k) {
        written[k].worst = viewed[k].worst;
        written[k].mean = viewed[k].mean;
        CHECK(viewed[k].worst > 0);
        if (k > 0) CHECK(viewed[k - 1].worst <= viewed[k].worst);
      }
    }
    CHECK(viewed == written);
  }
  // Some results of two-byte letters, their strings counted in bytes.
  const std::vector<Seen> accents = ByView(SquareSearch(accented, cases.back().options));
  REQUIRE(accents.size() == 4 * 4 * 4 * 4 * 4 * 4);
  CHECK(accents.back().rows[0] == "ÔÔÔ");
  CHECK(accents.back().words.size() == 6);
}

TEST_CASE("ForEachView: a callback that says stop, and the range of strings") {
  const SquareSearch search(Dictionary::Default(), Options(SquareKind::kDouble, 4, 2));
  int calls = 0;
  SquareResult kept;
  const SearchStats stats = search.ForEachView([&](const SquareView& view) {
    const SquareView::Strings rows = view.rows();
    REQUIRE(rows.size() == 4);
    CHECK(!rows.empty());
    CHECK(rows.front() == rows[0]);
    CHECK(rows.back() == *(rows.end() - 1));
    CHECK(rows.end() - rows.begin() == 4);
    CHECK(std::distance(rows.begin(), rows.end()) == 4);
    // Row i's letter j is column j's letter i (in ASCII, a letter a byte).
    const SquareView::Strings words = view.words();
    REQUIRE(words.size() == 8);
    const bool ascii = std::ranges::all_of(rows, [](std::string_view row) {
      return std::ranges::all_of(row, [](char c) { return c >= 'a' && c <= 'z'; });
    });
    for (int i = 0; ascii && i < 4; ++i) {
      for (int j = 0; j < 4; ++j) CHECK(rows[i][j] == words[4 + j][i]);
    }
    CHECK(
        std::ranges::equal(rows, std::vector<std::string_view>(words.begin(), words.begin() + 4)));
    CHECK(std::ranges::find(words, rows[2]) != words.end());
    kept = view.ToResult();
    return ++calls < 1000;
  });
  CHECK(calls == 1000);
  CHECK(stats.results == 1000);
  CHECK(kept.rows.size() == 4);
  CHECK(kept.words.size() == 8);
}

#ifndef SQUARES_SANITIZED
TEST_CASE("ForEachView: no allocation per result") {
  // The machinery allocates per part of the search (its tasks: their images, pieces, memos),
  // never per result.
  const Dictionary english = Dictionary::Default();
  for (int threads : {1, 2}) {
    CAPTURE(threads);
    SquareSearch search(english, Options(SquareKind::kSymmetric, 4, threads));
    size_t parts = 0;
    search.set_progress([&](const SearchProgress& progress) { parts = progress.parts; }, {0, 0});
    uint64_t results = 0, letters = 0, made = 0;
    for (int run = 0; run < 2; ++run) {  // the first builds the search's tables
      results = letters = 0;
      const uint64_t before = allocations.load();
      search.ForEachView([&](const SquareView& view) {
        ++results;
        letters += view.rows()[3].size();
        return true;
      });
      made = allocations.load() - before;
    }
    MESSAGE(made << " allocations for " << results << " results in " << parts << " parts");
    CHECK(results == 1054461);
    CHECK(letters >= 4 * results);
    CHECK(parts > 100);
    CHECK(made < 64 * parts);
    CHECK(made * 20 < results);
  }
}
#endif
