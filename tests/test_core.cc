// Unit tests of the square search against plain enumeration (every mode, the constraints,
// counting against listing, the text it lists), and of the ordered runner that hands its
// parallel output over. The counting shortcuts have their own: test_count_shortcuts.cc.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "lexicon/lexicon.h"
#include "search/ordered_runner.h"
#include "search/square_output.h"
#include "search/square_runner.h"
#include "search/square_search.h"
#include "square_oracle.h"
#include "test_effort.h"
#include "test_words.h"

using namespace squares::core;
using namespace squares::core::test;

TEST_CASE("square search equals plain enumeration in every mode, in sorted order") {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 24; ++trial) {
    int n = 2 + trial % 3, k = 2 + (trial / 3) % 3, letters = 2 + trial % 3;
    std::string text = RandomWords(rng, 4 + trial % 11 * 3, n, letters) +
                       RandomWords(rng, 4 + trial % 7 * 3, k, letters);
    Dictionary dict(MustRead(text));
    CAPTURE(text);
    for (SquareMode mode : {SquareMode::kSymmetric, SquareMode::kDouble, SquareMode::kRectangle}) {
      SquareProblem problem;
      problem.mode = mode;
      problem.rows = mode == SquareMode::kRectangle ? k : n;
      problem.cols = n;
      std::vector<Grid> expected = BruteForce(dict.lexicon(), mode, problem.rows, problem.cols);
      CHECK(Search(dict, problem) == expected);  // BruteForce enumerates in sorted order
      CHECK(Search(dict, problem, 7) == expected);
    }
    // Symmetric squares are exactly the double squares equal to their transpose.
    SquareProblem sym = Problem(SquareMode::kSymmetric, n, n);
    SquareProblem dbl = Problem(SquareMode::kDouble, n, n);
    std::vector<Grid> symmetric = Search(dict, sym), filtered;
    for (const Grid& g : Search(dict, dbl)) {
      if (g == Transpose(g)) filtered.push_back(g);
    }
    CHECK(symmetric == filtered);
    // KxK rectangles are the double squares.
    SquareProblem rect = Problem(SquareMode::kRectangle, n, n);
    CHECK(Search(dict, rect) == Search(dict, dbl));
  }
}

TEST_CASE("square search constraints: first row, pattern, contains, distinct, no-transpose") {
  std::mt19937 rng(5);
  for (int trial = 0; trial < Trials(12); ++trial) {
    int n = 3 + trial % 2;
    Dictionary dict(MustRead(RandomWords(rng, n == 3 ? 10 + trial : 25 + trial * 3, n, 3)));
    const Alphabet& ab = dict.alphabet();
    std::vector<Grid> all_double = BruteForce(dict.lexicon(), SquareMode::kDouble, n, n);
    std::vector<Grid> all_sym = BruteForce(dict.lexicon(), SquareMode::kSymmetric, n, n);
    CAPTURE(all_double.size());
    CHECK(all_sym.size() > 0);
    std::string some_word = Words(dict.lexicon(), n)[trial % 5];
    auto filter = [](const std::vector<Grid>& grids, auto keep) {
      std::vector<Grid> out;
      for (const Grid& g : grids) {
        if (keep(g)) out.push_back(g);
      }
      return out;
    };
    auto distinct_words = [](const Grid& g, bool with_columns) {
      std::vector<std::string> words = g;
      if (with_columns) {
        Grid t = Transpose(g);
        words.insert(words.end(), t.begin(), t.end());
      }
      std::sort(words.begin(), words.end());
      return std::adjacent_find(words.begin(), words.end()) == words.end();
    };

    SquareProblem first = Problem(SquareMode::kSymmetric, n, n);
    first.allowed.assign(n * n, ~LetterSet{0});
    for (int j = 0; j < n; ++j) first.allowed[j] = LetterSet{1} << ab.find(some_word[j]);
    CHECK(Search(dict, first) == filter(all_sym, [&](const Grid& g) { return g[0] == some_word; }));

    SquareProblem pattern = Problem(SquareMode::kDouble, n, n);
    pattern.allowed.assign(n * n, ~LetterSet{0});
    pattern.allowed[n * n - 1] = LetterSet{1} << ab.find('a');  // last cell is 'a'
    pattern.allowed[1] = LetterSet{1} << ab.find('b');          // cell (0,1) is 'b'
    CHECK(Search(dict, pattern, 5) == filter(all_double, [&](const Grid& g) {
            return g[n - 1][n - 1] == 'a' && g[0][1] == 'b';
          }));

    SquareProblem contains = Problem(SquareMode::kDouble, n, n);
    contains.contains = *ab.encode(some_word);
    CHECK(Search(dict, contains, 3) == filter(all_double, [&](const Grid& g) {
            return std::find(g.begin(), g.end(), some_word) != g.end();
          }));

    SquareProblem distinct = Problem(SquareMode::kDouble, n, n);
    distinct.distinct = true;
    CHECK(Search(dict, distinct) ==
          filter(all_double, [&](const Grid& g) { return distinct_words(g, true); }));
    SquareProblem distinct_sym = Problem(SquareMode::kSymmetric, n, n);
    distinct_sym.distinct = true;
    CHECK(Search(dict, distinct_sym) ==
          filter(all_sym, [&](const Grid& g) { return distinct_words(g, false); }));

    // With a constraint, a square whose transpose breaks it is kept whatever its order.
    SquareProblem once_pattern = pattern;
    once_pattern.no_transpose = true;
    std::vector<Grid> patterned =
        filter(all_double, [&](const Grid& g) { return g[n - 1][n - 1] == 'a' && g[0][1] == 'b'; });
    std::set<Grid> patterned_set(patterned.begin(), patterned.end());
    CHECK(Search(dict, once_pattern) == filter(patterned, [&](const Grid& g) {
            return g <= Transpose(g) || !patterned_set.contains(Transpose(g));
          }));

    SquareProblem once = Problem(SquareMode::kDouble, n, n);
    once.no_transpose = true;
    std::vector<Grid> halves = Search(dict, once);
    CHECK(halves == filter(all_double, [&](const Grid& g) { return g <= Transpose(g); }));
    // Each pair listed once: the halves plus the transposes of the asymmetric ones are all.
    size_t asymmetric = 0;
    for (const Grid& g : halves) asymmetric += g != Transpose(g);
    CHECK(halves.size() + asymmetric == all_double.size());

    // The walk cuts the squares the filter drops (column 0 read before row 0) wherever every
    // transpose is listed: no constraint, or letters fixed alike in a cell and its mirror;
    // never where a transpose may break a constraint (the filter alone decides there).
    auto cuts = [&](const SquareProblem& problem) {
      auto search = SquareSearch::Create(dict, problem);
      REQUIRE(search.ok());
      return search->cuts_transposes();
    };
    CHECK(cuts(once));
    CHECK_FALSE(cuts(once_pattern));
    CHECK_FALSE(cuts(Problem(SquareMode::kDouble, n, n)));
    SquareProblem once_first = once;
    once_first.allowed.assign(n * n, ~LetterSet{0});
    once_first.allowed[0] = LetterSet{1} << ab.find(some_word[0]);
    CHECK(cuts(once_first));
    CHECK(Search(dict, once_first, 4) == filter(all_double, [&](const Grid& g) {
            return g[0][0] == some_word[0] && g <= Transpose(g);
          }));
    SquareProblem once_distinct = once;
    once_distinct.distinct = true;
    CHECK(cuts(once_distinct));
    CHECK(Search(dict, once_distinct, 3) == filter(all_double, [&](const Grid& g) {
            return distinct_words(g, true) && g <= Transpose(g);
          }));
    SquareProblem once_contains = contains;
    once_contains.no_transpose = true;
    CHECK_FALSE(cuts(once_contains));
    auto has_row = [&](const Grid& g) {
      return std::find(g.begin(), g.end(), some_word) != g.end();
    };
    CHECK(Search(dict, once_contains) == filter(all_double, [&](const Grid& g) {
            return has_row(g) && (g <= Transpose(g) || !has_row(Transpose(g)));
          }));
  }
}

TEST_CASE("square search: counting agrees with listing on larger squares") {
  std::mt19937 rng(3);
  for (int n : {5, 6}) {
    for (int letters : {3, 4}) {
      if (kSanitized && letters == 4) continue;  // the same code paths, longer
      // Dense enough for many squares, sparse enough to list them all in a moment.
      int words = n == 5 ? (letters == 3 ? 35 : 90) : (letters == 3 ? 60 : 180);
      Dictionary dict(MustRead(RandomWords(rng, words, n, letters)));
      for (SquareMode mode : {SquareMode::kSymmetric, SquareMode::kDouble}) {
        if (n == 6 && mode == SquareMode::kDouble) continue;  // millions: too slow to list
        auto search = SquareSearch::Create(dict, Problem(mode, n, n));
        REQUIRE(search.ok());
        CollectSink sink(dict.alphabet(), n, n);
        search->Run({}, &sink);
        CHECK(search->Run({}, nullptr).squares == sink.grids.size());
        uint64_t parts = 0, summed = 0;
        for (const SquareTask& task : search->Split(40)) {
          parts += search->Run(task, nullptr).squares;
          summed += search->Run(task, nullptr, nullptr, true).squares;
        }
        CHECK(parts == sink.grids.size());
        CHECK(summed == sink.grids.size());
        CHECK(search->Run({}, nullptr, nullptr, true).squares == sink.grids.size());
        if (mode == SquareMode::kSymmetric) {
          CHECK(sink.grids.size() > 100);  // not a trivial agreement
          // Deeper look-ahead tests than the plain-enumeration test case reaches.
          if (n == 5) CHECK(sink.grids == BruteForce(dict.lexicon(), mode, n, n));
        }
      }
    }
  }
}

// Keeps the search's image and checks it against the formatter at every result.
class ImageSink : public SquareSink {
 public:
  explicit ImageSink(const SquareFormatter& formatter)
      : formatter_(formatter), image_(*formatter.Image()) {}
  SquareImage* image() override { return &image_; }
  bool Accept(const Letter* grid) override {
    std::string expected;
    formatter_.Append(grid, expected);
    CHECK(image_.text == expected);
    ++results;
    return true;
  }
  size_t results = 0;

 private:
  const SquareFormatter& formatter_;
  SquareImage image_;
};

TEST_CASE("square search keeps a result's text image current in every format and mode") {
  std::mt19937 rng(7);
  Dictionary dict(MustRead(RandomWords(rng, 40, 4, 3) + RandomWords(rng, 30, 3, 3)));
  for (SquareMode mode : {SquareMode::kSymmetric, SquareMode::kDouble, SquareMode::kRectangle}) {
    for (SquareFormat format : {SquareFormat::kText, SquareFormat::kLines, SquareFormat::kJsonl}) {
      SquareProblem problem = Problem(mode, mode == SquareMode::kRectangle ? 3 : 4, 4);
      auto search = SquareSearch::Create(dict, problem);
      REQUIRE(search.ok());
      for (bool upper : {false, true}) {
        SquareFormatter formatter(dict.alphabet(), problem, format, upper);
        ImageSink sink(formatter);
        for (const SquareTask& task : search->Split(5)) search->Run(task, &sink);
        CHECK(sink.results == search->Run({}, nullptr).squares);
        CHECK(sink.results > 0);
      }
    }
  }
  // Letters of more than one byte: no image, the formatter's general path.
  Dictionary wide(MustRead("\u00e4b\nb\u00e4\n"));
  SquareFormatter formatter(wide.alphabet(), Problem(SquareMode::kSymmetric, 2, 2),
                            SquareFormat::kLines, false);
  CHECK(!formatter.Image().has_value());
}

// Formats each result it is sent, offering no room.
class FormatSink : public SquareSink {
 public:
  explicit FormatSink(const SquareFormatter& formatter) : formatter_(formatter) {}
  bool Accept(const Letter* grid) override {
    formatter_.Append(grid, text);
    ends.push_back(text.size());
    return true;
  }
  std::string text;
  std::vector<size_t> ends;  // where each result's text ends

 private:
  const SquareFormatter& formatter_;
};

// Offers the search room for `per_room` results at a time, up to `limit` results in all, as
// the command line's sink does: the search copies its image into the room.
class RoomSink : public SquareSink {
 public:
  RoomSink(const SquareFormatter& formatter, size_t per_room, uint64_t limit)
      : image_(*formatter.Image()), per_room_(per_room), limit_(limit) {}
  SquareImage* image() override { return &image_; }
  ImageRoom* room() override { return &room_; }
  bool Accept(const Letter*) override {
    FAIL("a sink with room is sent no result to accept");
    return false;
  }
  bool MakeRoom() override {
    Settle();
    if (results == limit_) return false;
    given_ = room_.results = std::min<uint64_t>(per_room_, limit_ - results);
    const size_t used = text.size();
    text.resize(used + given_ * image_.text.size());
    room_.at = text.data() + used;
    return true;
  }
  // Counts the results copied into the last room and trims the text to them.
  void Settle() {
    results += given_ - room_.results;
    text.resize(text.size() - room_.results * image_.text.size());
    given_ = room_.results = 0;
  }
  std::string text;
  uint64_t results = 0;

 private:
  SquareImage image_;
  ImageRoom room_;
  size_t per_room_;
  uint64_t limit_, given_ = 0;
};

TEST_CASE(
    "square search: listing into a sink's room (and its replay memo) writes the formatter's text") {
  std::mt19937 rng(5);
  for (int n : {4, 5, 6}) {
    // As in the memo's test case: symmetric subtrees recur, so records are replayed.
    Dictionary dict(MustRead(RandomWords(rng, n == 4 ? 30 : n == 5 ? 35 : 60, n, 3)));
    SquareProblem problem = Problem(SquareMode::kSymmetric, n, n);
    for (SquareFormat format : {SquareFormat::kText, SquareFormat::kLines, SquareFormat::kJsonl}) {
      SquareFormatter formatter(dict.alphabet(), problem, format, false);
      auto search = SquareSearch::Create(dict, problem);
      REQUIRE(search.ok());
      FormatSink plain(formatter);  // no room: the search neither copies nor replays
      const uint64_t plain_nodes = search->Run({}, &plain).nodes;
      const uint64_t results = plain.ends.size();
      REQUIRE(results > 20);
      for (size_t per_room : {1, 3, 1000}) {
        RoomSink sink(formatter, per_room, UINT64_MAX);
        const SquareStats stats = search->Run({}, &sink);
        sink.Settle();
        CHECK(sink.text == plain.text);
        CHECK(sink.results == results);
        CHECK(stats.squares == results);
        // The replay memo was used: its hits skip the search of their subtrees.
        if (n == 5) CHECK(stats.nodes < plain_nodes);
        // A limit cuts the same text at a result's end, inside a replayed record or not.
        for (uint64_t limit : {uint64_t{1}, uint64_t{7}, results / 2}) {
          RoomSink cut(formatter, per_room, limit);
          search->Run({}, &cut);
          cut.Settle();
          CHECK(cut.text == plain.text.substr(0, plain.ends[limit - 1]));
        }
      }
    }
  }
}

TEST_CASE(
    "square search: listing replays a first row's results at its siblings, across tasks and "
    "threads") {
  std::mt19937 rng(14);
  for (int n : {5, 6}) {
    // Words come with siblings, words that differ from them in the first letter only
    // (SiblingMemo): their squares below the first row are the same. The first letters of
    // a word's siblings are drawn at random, so that the letters a column may begin with lead
    // to different states (all alike, all first rows would share one memo key).
    std::string words;
    for (int k = 0; k < (n == 5 ? 40 : 60); ++k) {
      const std::string rest = RandomWords(rng, 1, n - 1, 3);  // with its newline
      for (char first = 'a'; first < 'f'; ++first) {
        if (rng() % 2) words += first + rest;
      }
    }
    Dictionary dict(MustRead(words));
    SquareProblem problem = Problem(SquareMode::kSymmetric, n, n);
    SquareFormatter formatter(dict.alphabet(), problem, SquareFormat::kLines, false);
    auto search = SquareSearch::Create(dict, problem);
    REQUIRE(search.ok());
    FormatSink plain(formatter);  // no room: no memo
    search->Run({}, &plain);
    REQUIRE(plain.ends.size() > 1000);
    // Tasks of two letters: the memo serves tasks that end above the second row.
    const std::vector<SquareTask> tasks = search->Split(6);
    REQUIRE(tasks[0].size() == 2);
    auto list = [&](const SquareSearch& run, size_t k, SquareStats& stats) {
      RoomSink sink(formatter, 7, UINT64_MAX);
      stats = run.Run(tasks[k], &sink);
      sink.Settle();
      return sink.text;
    };
    // In order on one thread: the first rows that begin with d or e have siblings before
    // them, whose results they replay; alone, each searches its own.
    auto in_order = SquareSearch::Create(dict, problem);
    REQUIRE(in_order.ok());
    std::string text;
    uint64_t later_nodes = 0, alone_nodes = 0;
    for (size_t k = 0; k < tasks.size(); ++k) {
      SquareStats stats, alone;
      const std::string part = list(*in_order, k, stats);
      text += part;
      if (tasks[k][0] < 3) continue;
      later_nodes += stats.nodes;
      auto other = SquareSearch::Create(dict, problem);
      REQUIRE(other.ok());
      CHECK(list(*other, k, alone) == part);
      alone_nodes += alone.nodes;
    }
    CHECK(text == plain.text);
    CHECK(later_nodes * 5 < alone_nodes);
    // On two threads, tasks taken as they come, each task's text put in its place.
    auto shared = SquareSearch::Create(dict, problem);
    REQUIRE(shared.ok());
    std::vector<std::string> parts(tasks.size());
    std::atomic<size_t> next = 0;
    auto work = [&] {
      SquareStats stats;
      for (size_t k; (k = next++) < tasks.size();) parts[k] = list(*shared, k, stats);
    };
    std::thread helper(work);
    work();
    helper.join();
    CHECK(absl::StrJoin(parts, "") == plain.text);
  }
}

TEST_CASE("square search: known squares on a real word list") {
  Dictionary dict(MustRead("bishop\nillume\nslides\nhuddle\nomelet\npeseta\nslimes\nhumble\n"));
  SquareProblem problem = Problem(SquareMode::kSymmetric, 6, 6);
  std::vector<Grid> found = Search(dict, problem);
  CHECK(found == std::vector<Grid>{{"bishop", "illume", "slides", "huddle", "omelet", "peseta"},
                                   {"bishop", "illume", "slimes", "humble", "omelet", "peseta"}});
}

TEST_CASE("ordered runner: idle runs while the oldest task does, and may stop the run") {
  // Task 0 runs until `idle` (on the calling thread) has seen every later task done: a count's
  // progress reports them while the oldest holds back their commits. An exception from idle
  // stops the run and is rethrown.
  struct Piece {
    void clear() {}
  };
  const size_t count = 6;
  for (bool throws : {false, true}) {
    CAPTURE(throws);
    std::atomic<size_t> finished = 0;
    std::atomic<bool> seen_all = false;
    size_t commits = 0, idle_calls = 0;
    auto run = [&] {
      RunInOrder<Piece>(
          count, 2, count, count + 4,
          [&](size_t k, PieceSender<Piece>&, const std::atomic<bool>& stop) {
            for (int ms = 0; k == 0 && ms < 10000 && !seen_all && !stop; ++ms) usleep(1000);
            ++finished;
          },
          [&](size_t, Piece&, bool) { return ++commits < count; }, nullptr,
          [&] {
            ++idle_calls;
            if (throws) throw std::runtime_error("idle");
            if (finished == count - 1) seen_all = true;
          });
    };
    if (throws) {
      CHECK_THROWS_WITH_AS(run(), "idle", std::runtime_error);
      CHECK(idle_calls == 1);
      CHECK(commits == 0);
    } else {
      run();
      CHECK(seen_all);
      CHECK(commits == count);
      CHECK(idle_calls >= 1);
    }
  }
}

TEST_CASE("ordered runner: pieces committed in task order, memory capped, a stop ends the run") {
  struct Piece {
    std::string text;
    void clear() { text.clear(); }
  };
  const size_t count = 40;
  auto items = [](size_t k) { return (k * 5) % 7; };  // task k sends this many pieces
  std::string expected;
  for (size_t k = 0; k < count; ++k) {
    for (size_t i = 0; i < items(k); ++i) expected += absl::StrFormat("%d.%d ", k, i);
    expected += "| ";
  }
  for (int threads : {1, 2, 4}) {
    for (size_t max_pieces : {1, 3, 50}) {
      for (size_t stop_after : {size_t{1000}, size_t{25}}) {
        CAPTURE(threads);
        CAPTURE(max_pieces);
        CAPTURE(stop_after);
        std::atomic<int> held = 0, most = 0;  // pieces filled and not yet committed
        std::string got;
        size_t commits = 0;
        RunInOrder<Piece>(
            count, threads, 8, max_pieces,
            [&](size_t k, PieceSender<Piece>& sender, const std::atomic<bool>&) {
              for (size_t i = 0; i < items(k); ++i) {
                sender.piece().text = absl::StrFormat("%d.%d ", k, i);
                const int now = ++held;
                for (int m = most; now > m && !most.compare_exchange_weak(m, now);) {
                }
                if (k % 3 == 0) usleep(100);  // some tasks slower, so later ones wait
                if (!sender.Send()) return;
              }
            },
            [&](size_t, Piece& piece, bool last) {
              if (!piece.text.empty()) --held;
              got += piece.text;
              if (last) got += "| ";
              return ++commits < stop_after;
            });
        if (stop_after > count * 7) {
          CHECK(got == expected);
        } else {
          CHECK(commits == stop_after);
          CHECK(got.size() < expected.size());
          CHECK(expected.substr(0, got.size()) == got);
        }
        // Each thread's current piece, plus the capped ones.
        CHECK(most <= threads + static_cast<int>(max_pieces));
      }
    }
  }
}
