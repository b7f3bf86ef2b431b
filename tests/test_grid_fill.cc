// Unit tests of grid parsing and the grid-fill engine, each search mode checked against an
// independent brute-force enumerator on small grids and lexicons.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "fill/grid.h"
#include "fill/grid_fill.h"
#include "lexicon/dawg.h"
#include "lexicon/lexicon.h"
#include "test_effort.h"

using namespace squares::core;

namespace {

Grid MustParse(std::string_view text) {
  auto grid = ParseGrid("g", text);
  REQUIRE_MESSAGE(grid.ok(), grid.status().message());
  return *std::move(grid);
}

std::string ParseError(std::string_view text) {
  auto grid = ParseGrid("g", text);
  REQUIRE(!grid.ok());
  return std::string(grid.status().message());
}

// A grid with its dictionary-backed problem; fills come back as row strings ('#' black).
struct Setup {
  Dictionary dict;
  Grid grid;
  FillProblem problem;

  Setup(std::string_view words, std::string_view grid_text)
      : dict(*Lexicon::FromText(words)), grid(MustParse(grid_text)) {
    const Alphabet& a = dict.alphabet();
    problem.domains.assign(grid.size(), 0);
    for (int i = 0; i < grid.size(); ++i) {
      if (grid.black[i]) continue;
      problem.domains[i] = (LetterSet{1} << a.size()) - 1;
      if (!grid.fixed[i].empty())
        problem.domains[i] = LetterSet{1} << (*a.encode(grid.fixed[i]))[0];
    }
    for (const GridSlot& slot : grid.slots) {
      problem.slots.push_back(
          {slot.cells, &dict.dawg(slot.length), dict.lexicon().words(slot.length).scores});
    }
  }

  std::string Rows(std::span<const Letter> letters) const {
    std::string out;
    for (int i = 0; i < grid.size(); ++i) {
      if (i > 0 && i % grid.cols == 0) out += ' ';
      out += grid.black[i] ? std::string("#") : dict.alphabet().to_utf8(WordView(&letters[i], 1));
    }
    return out;
  }

  // The fills a search reports, in its order, and its result.
  std::vector<std::string> Listed(const FillOptions& options, FillResult* result = nullptr) {
    std::vector<std::string> out;
    FillResult r = Fill(problem, options, [&](std::span<const Letter> letters) {
      out.push_back(Rows(letters));
      return true;
    });
    if (result) *result = std::move(r);
    return out;
  }
  std::vector<std::string> FillAll(FillOptions options, FillStatus* status = nullptr) {
    options.all = true;
    FillResult r;
    std::vector<std::string> out = Listed(options, &r);
    if (status) *status = r.status;
    return out;
  }

  // Independent check of one fill: every slot spells a word; with `distinct`, no word twice.
  bool Valid(const std::string& rows, bool distinct) const {
    std::set<std::string> seen;
    std::string flat;
    for (char ch : rows) {
      if (ch != ' ') flat += ch;
    }
    for (const GridSlot& slot : grid.slots) {
      std::string word;
      for (int c : slot.cells) word += flat[c];
      auto encoded = dict.alphabet().encode(word);
      if (!encoded.ok() || !dict.lexicon().find(*encoded)) return false;
      if (distinct && !seen.insert(word).second) return false;
    }
    return true;
  }

  // Brute force: every assignment of words to the Across slots, then check the rest.
  std::vector<std::string> BruteForce(bool distinct) const {
    std::vector<std::string> out;
    std::string flat(grid.size(), '#');
    std::vector<const GridSlot*> across;
    for (const GridSlot& slot : grid.slots) {
      if (slot.direction == Direction::kAcross) across.push_back(&slot);
    }
    auto rec = [&](auto&& self, size_t k) -> void {
      if (k == across.size()) {
        std::string rows;
        for (int i = 0; i < grid.size(); ++i) {
          if (i > 0 && i % grid.cols == 0) rows += ' ';
          rows += flat[i];
        }
        if (rows.find('?') == std::string::npos && Valid(rows, distinct)) out.push_back(rows);
        return;
      }
      const WordsOfLength& list = dict.lexicon().words(across[k]->length);
      for (size_t w = 0; w < list.count(); ++w) {
        std::string word = dict.alphabet().to_utf8(list.word(w));
        bool ok = true;
        for (int i = 0; i < across[k]->length; ++i) {
          const std::string& fixed = grid.fixed[across[k]->cells[i]];
          if (!fixed.empty() && fixed[0] != word[i] - 'a' + 'A') ok = false;
        }
        if (!ok) continue;
        for (int i = 0; i < across[k]->length; ++i) flat[across[k]->cells[i]] = word[i];
        self(self, k + 1);
      }
    };
    // Cells in no Across slot (down-only cells) are fixed by the Down words: brute force
    // them over the alphabet.
    std::vector<int> down_only;
    for (int i = 0; i < grid.size(); ++i) {
      if (grid.black[i]) continue;
      bool in_across = false;
      for (const GridSlot* s : across) {
        in_across |= std::count(s->cells.begin(), s->cells.end(), i) > 0;
      }
      if (!in_across) down_only.push_back(i);
    }
    auto cells = [&](auto&& self, size_t k) -> void {
      if (k == down_only.size()) return rec(rec, 0);
      for (int c = 0; c < dict.alphabet().size(); ++c) {
        flat[down_only[k]] = dict.alphabet().to_utf8(Word(1, static_cast<Letter>(c)))[0];
        self(self, k + 1);
      }
    };
    cells(cells, 0);
    std::sort(out.begin(), out.end());
    return out;
  }
};

constexpr std::string_view kWords3 =
    "bat\nbee\ncat\ncot\ndog\near\neat\nera\nget\nice\ntea\nten\nore\nrat\nact\nape\narc\n"
    "are\nate\nbar\ncar\ntar\ntoe\nore\nrot\none\nnet\nant\ntan\nsea\nset\nsat\nbet\nbit\n";

// The 208 four-letter words of tests/data/fill/words4.txt.
std::vector<std::string> Words4() {
  std::ifstream in(std::string(SQUARES_TEST_DATA) + "/fill/words4.txt");
  std::vector<std::string> words;
  for (std::string w; std::getline(in, w);) words.push_back(w);
  REQUIRE(words.size() == 208);
  return words;
}

// A random part of `words` as a list: each word kept with chance eighths / 8 (8: all of
// them, drawing nothing from rng).
std::string SomeOf(const std::vector<std::string>& words, std::mt19937_64& rng, int eighths) {
  std::string list;
  for (const std::string& w : words) {
    if (eighths == 8 || static_cast<int>(rng() % 8) < eighths) list += w + "\n";
  }
  return list;
}

}  // namespace

TEST_CASE("grid: the three formats, numbering and slots") {
  Grid crucio = MustParse("3\n4\n--#-\n----\n#-A-\n");
  CHECK(crucio.format == GridFormat::kCrucio);
  CHECK(crucio.rows == 3);
  CHECK(crucio.cols == 4);
  Grid plain = MustParse("..#.\n....\n#.A.\n");
  CHECK(plain.format == GridFormat::kPlain);
  Grid cwc = MustParse("4 3\n++ +\n++++\n +a+\nignored trailing text\n");
  CHECK(cwc.format == GridFormat::kCwc);
  for (const Grid* g : {&crucio, &plain, &cwc}) {
    CHECK(g->fixed[g->cell(2, 2)] == "A");
    CHECK(g->black[g->cell(0, 2)]);
    // Numbers: 1 (0,0) across+down, 2 (0,1) down, 3 (0,3) down, 4 (1,0) across,
    // 5 (1,2) down, 6 (2,1) across.
    CHECK(g->numbers == std::vector<int>{1, 2, 0, 3, 4, 0, 5, 0, 0, 6, 0, 0});
    std::vector<std::string> names;
    for (const GridSlot& slot : g->slots) names.push_back(SlotName(slot));
    CHECK(names == std::vector<std::string>{"1 Across", "4 Across", "6 Across", "1 Down", "2 Down",
                                            "3 Down", "5 Down"});
    CHECK(g->slots[0].cells == std::vector<int>{0, 1});
    CHECK(g->slots[2].cells == std::vector<int>{9, 10, 11});
    CHECK(g->slots[4].cells == std::vector<int>{1, 5, 9});
    CHECK(g->slots[6].cells == std::vector<int>{6, 10});
    CHECK(g->slots[6].row == 1);
    CHECK(g->slots[6].col == 2);
    CHECK(g->slots[6].length == 2);
  }
  // cwc pads short rows with black squares; unchecked cells (in one slot) are fine.
  Grid padded = MustParse("3 2\n+++\n+\n");
  CHECK(padded.black[padded.cell(1, 1)]);
  CHECK(padded.slots.size() == 2);
  // CRLF and a BOM are accepted.
  CHECK(MustParse("\xEF\xBB\xBF..\r\n..\r\n").slots.size() == 4);
}

TEST_CASE("grid: cells of several letters, voids, marks and bars") {
  Grid g = MustParse("[star]b_\n..#\n\n@O.\n*.#\n");
  CHECK(g.fixed[0] == "STAR");
  CHECK(g.fixed[1] == "B");
  CHECK(g.is_void(2));
  CHECK(g.black[2]);
  CHECK(!g.is_void(5));
  CHECK(g.mark(0) == (kCircled | kShaded));
  CHECK(g.circled(1));
  CHECK(g.shaded(3));
  CHECK(g.slots.size() == 4);  // 1 Across, 3 Across, 1 Down, 2 Down
  // A bar ends entries as a block does, and numbering follows: with a bar after (0,1) and one
  // below (1,0) of a 3x3 open grid, 1 Across and 1 Down are 2 cells, (0,2) and (2,0) are in
  // one entry each.
  g = MustParse("...\n...\n...\n");
  g.bars.assign(g.size(), 0);
  g.bars[g.cell(0, 1)] = kBarRight;
  g.bars[g.cell(1, 0)] = kBarBelow;
  REQUIRE(NumberGrid("g", g).ok());
  std::vector<std::string> names;
  for (const GridSlot& slot : g.slots) names.push_back(SlotName(slot));
  CHECK(names == std::vector<std::string>{"1 Across", "4 Across", "5 Across", "1 Down", "2 Down",
                                          "3 Down"});
  CHECK(g.numbers == std::vector<int>{1, 2, 3, 4, 0, 0, 5, 0, 0});
  CHECK(g.slots[0].cells == std::vector<int>{0, 1});
  CHECK(g.slots[3].cells == std::vector<int>{0, 3});
  CHECK(g.slots[5].cells == std::vector<int>{2, 5, 8});
  // Bars all around a cell leave it in no entry: refused.
  g.bars[g.cell(1, 1)] = kBarRight | kBarBelow;
  g.bars[g.cell(0, 1)] = kBarRight | kBarBelow;
  g.bars[g.cell(1, 0)] = kBarRight | kBarBelow;
  CHECK(NumberGrid("g", g).message() == "g:2:2: isolated cell (in no slot)");
}

TEST_CASE("grid: malformed grids are refused with file, line and column") {
  CHECK(ParseError("[ab\n..\n") == "g:1:1: '[' without its ']'");
  CHECK(ParseError("[]..\n...\n") == "g:1:1: '[]' holds no letter");
  CHECK(ParseError("...\n..\n...\n") == "g:2: row has 2 cells, expected 3");
  CHECK(ParseError("3\n3\n---\n--\n---\n") == "g:4: row has 2 cells, header says 3");
  CHECK(ParseError("3\n3\n---\n---\n") == "g:1: header says 3 rows, the grid has 2");
  CHECK(ParseError("2\n2\n--\n--\n--\n") == "g:1: header says 2 rows, the grid has 3");
  CHECK(ParseError("2 2\n+++\n++\n") == "g:2: row has 3 cells, header says 2");
  CHECK(ParseError("..\n.*\n") ==
        "g:2:2: bad character '*' (expected '.' empty, '#' black, a letter, [letters] or '_' void)");
  CHECK(ParseError("2\n2\n-.\n--\n") ==
        "g:3:2: bad character '.' (expected '-' empty, '#' black or a letter)");
  CHECK(ParseError("#.#\n###\n") == "g:1:2: isolated cell (in no slot)");
  CHECK(ParseError("##\n##\n") == "g: grid has no slot (no run of 2 or more white cells)");
  CHECK(ParseError("\n\n") == "g: empty grid file");
}

TEST_CASE("fill --all on an empty n x n grid = double word squares (brute force)") {
  for (int n : {2, 3}) {
    std::string words = n == 2 ? "at\nta\nan\nna\nto\not\nno\non\n" : std::string(kWords3);
    std::string grid_text;
    for (int r = 0; r < n; ++r) grid_text += std::string(n, '.') + "\n";
    Setup s(words, grid_text);
    for (bool distinct : {false, true}) {
      for (Branching b : {Branching::kWord, Branching::kLetter}) {
        FillOptions options;
        options.distinct = distinct;
        options.branching = b;
        options.block_words = b == Branching::kLetter ? 1000 : 0;  // 2x2 block checks cut no fill
        std::vector<std::string> got = s.FillAll(options);
        // --all lists fills in lexicographic order of the rows.
        CHECK(std::is_sorted(got.begin(), got.end()));
        CHECK(got == s.BruteForce(distinct));
        CHECK(!got.empty());
      }
    }
  }
}

TEST_CASE("fill --all on grids with black cells and fixed letters equals brute force") {
  std::string words(kWords3);
  words += "at\nta\nto\not\non\nno\nte\nea\nbe\nbeat\nbear\nrate\ntear\nteas\neras\neats\n";
  for (std::string_view grid : {"...\n.#.\n...\n", "....\n.#..\n..#.\n", "#..\n...\n..#\n",
                                "...\n..T\n...\n", "....\n#..#\n....\n"}) {
    Setup s(words, grid);
    for (bool distinct : {false, true}) {
      for (int64_t block_words : {0, 1000}) {
        FillOptions options;
        options.distinct = distinct;
        options.block_words = block_words;
        std::vector<std::string> got = s.FillAll(options);
        CHECK_MESSAGE(got == s.BruteForce(distinct), grid);
        for (const std::string& fill : got) CHECK(s.Valid(fill, distinct));
      }
    }
  }
}

TEST_CASE("single fills are valid in both branching modes, any seed; limit counts") {
  Setup s(kWords3, "...\n...\n...\n");
  const std::vector<std::string> all = s.BruteForce(false);
  int64_t restarts = 0;
  for (Branching b : {Branching::kWord, Branching::kLetter}) {
    for (uint64_t seed : {1, 2, 3, 99}) {
      FillOptions options;
      options.branching = b;
      options.seed = seed;
      FillResult r;
      const std::vector<std::string> got = s.Listed(options, &r);
      CHECK(r.status == FillStatus::kFilled);
      REQUIRE(got.size() == 1);
      CHECK(std::binary_search(all.begin(), all.end(), got[0]));
      // The same seed gives the same fill.
      CHECK(s.Listed(options) == got);
      // Without `all`, a limit above 1 lists that many distinct fills (dynamic order).
      options.limit = 5;
      const std::vector<std::string> listed = s.Listed(options);
      const std::set<std::string> some(listed.begin(), listed.end());
      CHECK(some.size() == std::min<size_t>(5, all.size()));
      // Asked for one more fill than there are, a search lists them all, each once, and then
      // proves there is none: with a restart after every failure (which loses no fill) and
      // with no restarts (a complete search).
      options.limit = static_cast<int64_t>(all.size()) + 1;
      for (int64_t restart_failures : {1, 0}) {
        options.restart_failures = restart_failures;
        FillResult full;
        std::vector<std::string> every = s.Listed(options, &full);
        std::sort(every.begin(), every.end());
        CHECK(every == all);
        CHECK((full.status == FillStatus::kFilled) == !all.empty());
        if (restart_failures == 0) CHECK(full.stats.restarts == 0);
        restarts += full.stats.restarts;
      }
    }
  }
  CHECK(restarts > 0);
}

TEST_CASE("a preferred fill is found first, with no failure; a wrong one changes no answer") {
  Setup s(kWords3, "...\n...\n...\n");
  const std::vector<std::string> all = s.BruteForce(false);
  REQUIRE(all.size() > 2);
  for (Branching b : {Branching::kWord, Branching::kLetter}) {
    for (const std::string& fill : {all[1], all[all.size() / 2], all.back()}) {
      CAPTURE(fill);
      std::vector<Letter> preferred;
      for (char ch : fill) {
        if (ch != ' ') preferred.push_back((*s.dict.alphabet().encode(std::string(1, ch)))[0]);
      }
      FillOptions options;
      options.branching = b;
      options.preferred = &preferred;
      FillResult r;
      CHECK(s.Listed(options, &r) == std::vector<std::string>{fill});
      CHECK(r.stats.failures == 0);
      // A preference is an order, not a constraint: a grid with another letter given at
      // the top left is filled as without one.
      Setup other(kWords3, "...\n...\n...\n");
      const Letter first = preferred[0] == 0 ? 1 : 0;
      other.problem.domains[0] = LetterSet{1} << first;
      const std::vector<std::string> got = other.Listed(options, &r);
      FillOptions plain;
      plain.branching = b;
      CHECK((r.status == FillStatus::kFilled) == !other.Listed(plain).empty());
      for (const std::string& rows : got) {
        CHECK(other.Valid(rows, false));
        CHECK(rows[0] == s.dict.alphabet().to_utf8(WordView(&first, 1))[0]);
      }
    }
  }
}

TEST_CASE("restarts with learned nogoods lose no fill and list none twice (against --all)") {
  // Random parts of 208 four-letter words (all, 7/8 or half of them) on an empty 4x4 grid:
  // some with fills, some without (the first four trials, all a sanitized build runs, too). A
  // restart after every failure or three makes nogoods of most refutations, and they must cut only
  // what was searched: the fills listed, asked for one more than there are, are exactly the
  // complete search's.
  const std::vector<std::string> words4 = Words4();
  std::mt19937_64 rng(11);
  int64_t learned = 0, with_fills = 0, without = 0, nodes_with_blocks = 0, nodes_without = 0;
  int64_t nodes_plain = 0, nodes_grown = 0;
  for (int trial = 0; trial < Trials(20); ++trial) {
    Setup s(SomeOf(words4, rng, trial == 0 ? 8 : trial % 2 ? 7 : 4), "....\n....\n....\n....\n");
    for (bool distinct : {false, true}) {
      FillOptions options;
      options.distinct = distinct;
      const std::vector<std::string> all = s.FillAll(options);
      (all.empty() ? without : with_fills) += 1;
      options.branching = trial % 2 ? Branching::kWord : Branching::kLetter;
      options.seed = trial + 1;
      options.restart_failures = 1 + trial % 3 * 2;
      options.limit = static_cast<int64_t>(all.size()) + 1;
      // Branching weights alike for every failure, or growing (FillOptions::weight_growth; by
      // 4 a failure, they are scaled down within a few hundred failures): the order differs,
      // the fills do not.
      for (double growth : {1.0, trial % 2 ? 1.02 : 4.0}) {
        options.weight_growth = growth;
        FillResult r;
        std::vector<std::string> got = s.Listed(options, &r);
        std::sort(got.begin(), got.end());
        CHECK(got == all);
        CHECK(r.status == (all.empty() ? FillStatus::kImpossible : FillStatus::kFilled));
        learned += r.stats.learned;
        (growth == 1.0 ? nodes_plain : nodes_grown) += r.stats.nodes;
      }
      // The 2x2 block checks (every block: at most 208 words a slot) cut no fill either, and
      // they cut nodes: the complete search with them visits fewer in all.
      FillOptions complete;
      complete.distinct = distinct;
      complete.all = true;
      for (int64_t block_words : {0, 1000}) {
        complete.block_words = block_words;
        FillResult c;
        CHECK(s.Listed(complete, &c) == all);
        (block_words ? nodes_with_blocks : nodes_without) += c.stats.nodes;
      }
    }
  }
  CHECK(with_fills > 0);
  CHECK(without > 0);
  CHECK(learned > 100);
  CHECK(nodes_with_blocks < nodes_without);
  CHECK(nodes_plain != nodes_grown);
}

TEST_CASE("nogoods mirrored by a grid's symmetry cut no fill") {
  // An empty square is the same grid transposed, so each nogood learned has an image that is
  // one too (FillStats::mirrored). Random parts of the 208 four-letter words, as above, with
  // a restart after every failure, with the images and without: a first fill is found exactly
  // where the complete search finds fills, and is one of them. A 3x4 rectangle has no
  // symmetry: a flip would read its words backwards. (With a limit above one fill the images
  // would lose fills: the test above lists them all, and fails if they are learned there.)
  const std::vector<std::string> words4 = Words4();
  std::mt19937_64 rng(5);
  int64_t mirrored = 0, filled = 0, proofs = 0;
  for (int trial = 0; trial < Trials(16); ++trial) {
    const std::string list = SomeOf(words4, rng, trial % 2 ? 4 : 3);
    Setup square(list, "....\n....\n....\n....\n");
    Setup rectangle(list, "....\n....\n....\n");
    for (bool distinct : {false, true}) {
      FillOptions options;
      options.distinct = distinct;
      const std::vector<std::string> all = square.FillAll(options);
      options.seed = trial + 1;
      options.restart_failures = 1;
      for (bool mirror : {true, false}) {
        options.mirror_nogoods = mirror;
        FillResult r;
        const std::vector<std::string> got = square.Listed(options, &r);
        CHECK(r.status == (all.empty() ? FillStatus::kImpossible : FillStatus::kFilled));
        REQUIRE(got.size() == (all.empty() ? 0 : 1));
        if (!all.empty()) CHECK(std::binary_search(all.begin(), all.end(), got[0]));
        if (mirror) mirrored += r.stats.mirrored;
        if (!mirror) CHECK(r.stats.mirrored == 0);
      }
      options.mirror_nogoods = true;
      (all.empty() ? proofs : filled) += 1;
      FillResult q;
      CHECK(rectangle.Listed(options, &q).size() == (rectangle.FillAll(options).empty() ? 0 : 1));
      CHECK(q.stats.mirrored == 0);
    }
  }
  CHECK(filled > 0);
  CHECK(proofs > 0);
  CHECK(mirrored > 1000);
}

TEST_CASE("a first fill on two threads: the fill of the search that finds one in fewer nodes") {
  // FillFirst races two searches (seed and seed + 1; restart budgets 1x and 3x): its fill must
  // be the one that search, run alone, finds in fewer nodes (the first on a tie), whichever
  // thread ends first; a proof of no fill from either is the race's outcome. Random parts of
  // 208 four-letter words on an empty 4x4 grid; among the first four trials (all a sanitized
  // build runs) one has no fill and one is won by the second search.
  const std::vector<std::string> words4 = Words4();
  std::mt19937_64 rng(5);
  int second_won = 0, with_fills = 0, without = 0;
  for (int trial = 0; trial < 4; ++trial) {
    Setup s(SomeOf(words4, rng, trial % 2 ? 7 : 5), "....\n....\n....\n....\n");
    FillOptions options;
    options.distinct = true;
    options.branching = trial % 4 < 2 ? Branching::kLetter : Branching::kWord;
    options.seed = trial + 1;
    options.restart_failures = 2;
    std::array<std::string, 2> alone;
    std::array<FillResult, 2> alone_result;
    for (int k : {0, 1}) {
      FillOptions o = options;
      o.seed = options.seed + k;
      o.restart_failures = options.restart_failures * (k == 0 ? 1 : 3);
      alone_result[k] = Fill(s.problem, o, [&](std::span<const Letter> l) {
        alone[k] = s.Rows(l);
        return true;
      });
    }
    options.threads = 2;
    for (int run = 0; run < 2; ++run) {
      std::string got;
      const FillResult r = FillFirst(s.problem, options, [&](std::span<const Letter> l) {
        got = s.Rows(l);
        return true;
      });
      CHECK(r.status == alone_result[0].status);
      if (alone_result[0].status != FillStatus::kFilled) {
        CHECK(got.empty());
        without += run == 0;
        continue;
      }
      const int winner = alone_result[1].stats.nodes < alone_result[0].stats.nodes ? 1 : 0;
      CHECK(got == alone[winner]);
      with_fills += run == 0;
      second_won += run == 0 && winner == 1;
    }
  }
  CHECK(with_fills > 0);
  CHECK(without > 0);
  CHECK(second_won > 0);
}

TEST_CASE("prefer_scores tries the best-scored words first") {
  // Across: the 3-letter row; down: two 2-letter columns. Every fill is valid; the scores pick one.
  Setup s("cat;10\ncot;90\nbat;50\nab;1\nca;1\nco;1\nba;1\nto;5\nta;1\nbo;1\n", "...\n##.\n");
  for (uint64_t seed : {1, 2, 3}) {
    auto fills = [&](ScoreOrder order) {
      FillOptions options;
      options.scores = order;
      options.prefer_scores = true;
      options.seed = seed;
      return s.Listed(options);
    };
    // to (5) over ta (1); cot (90) over bat (50) and cat (10).
    CHECK(fills(ScoreOrder::kHigherFirst) == std::vector<std::string>{"cot ##o"});
    // Scores as SCOWL sizes: cat (10), then ta (1).
    CHECK(fills(ScoreOrder::kLowerFirst) == std::vector<std::string>{"cat ##a"});
  }
}

TEST_CASE("result states: impossible, over-constrained, timed out, no deterministic fill") {
  FillStatus status;
  // No 2x2 double square: rows ab/cd need columns ac and bd.
  Setup impossible("ab\ncd\n", "..\n..\n");
  CHECK(impossible.FillAll({}, &status).empty());
  CHECK(status == FillStatus::kImpossible);
  FillResult r = Fill(impossible.problem, {}, [](auto) { return true; });
  CHECK(r.status == FillStatus::kImpossible);
  // A fixed letter no word of slot 1 Across has: over-constrained before any search.
  Setup over("ab\nbb\n", "..\n.A\n");
  r = Fill(over.problem, {}, [](auto) { return true; });
  CHECK(r.status == FillStatus::kOverConstrained);
  CHECK(SlotName(over.grid.slots[r.bad_slot]) == "3 Across");
  // Timeout: a positive but tiny limit stops at the first node.
  Setup big(kWords3, "...\n...\n...\n");
  FillOptions options;
  options.timeout_seconds = 1e-9;
  r = Fill(big.problem, options, [](auto) { return true; });
  CHECK(r.status == FillStatus::kTimedOut);
  // Deterministic: every length appears twice or more and nothing is fixed.
  options = {};
  options.deterministic = true;
  r = Fill(big.problem, options, [](auto) { return true; });
  CHECK(r.status == FillStatus::kNoDeterministic);
}

TEST_CASE("deterministic fills: the fill-in can be solved without guessing") {
  std::string words(kWords3);
  words += "beat\nbear\nrate\ntear\nteas\neras\neats\nbeta\ntare\ntote\n";
  FillOptions options;
  options.deterministic = true;
  // Two slots of each length and no fixed letter: no word can be placed first.
  Setup two(words, "....\n.#.#\n....\n");
  CHECK(Fill(two.problem, options, [](auto) { return true; }).status ==
        FillStatus::kNoDeterministic);
  // One 4-letter slot: it goes first, then its letters tell the two downs apart.
  Setup one(words, "....\n.#.#\n.#.#\n");
  int calls = 0;
  FillResult r = Fill(one.problem, options, [&](std::span<const Letter> l) {
    ++calls;
    CHECK(IsDeterministicFill(one.problem, l));
    CHECK(one.Valid(one.Rows(l), true));
    return true;
  });
  CHECK(r.status == FillStatus::kFilled);
  CHECK(calls == 1);
  // TOTE with downs TEA and TEN: after TOTE both downs read T??, and both words fit both.
  auto fill = [&](std::string_view rows) {
    std::vector<Letter> letters(one.grid.size(), 0);
    for (int i = 0; i < one.grid.size(); ++i) {
      if (rows[i] != '#') letters[i] = (*one.dict.alphabet().encode(rows.substr(i, 1)))[0];
    }
    return letters;
  };
  CHECK(!IsDeterministicFill(one.problem, fill("tote"
                                               "e#e#"
                                               "a#n#")));
  CHECK(IsDeterministicFill(one.problem, fill("bear"
                                              "e#r#"
                                              "t#e#")));
}

TEST_CASE("best fill: least worst word and least total, as brute force finds them") {
  std::string plain(kWords3);
  plain += "at\nta\nto\not\non\nno\nte\nea\nbe\nbeat\nbear\nrate\ntear\nteas\neras\neats\n";
  std::mt19937_64 rng(7);
  int checked = 0;
  int64_t learned = 0, mirrored = 0;
  // The distinct fills of each grid: the scores change from trial to trial, the words do not.
  std::map<std::string_view, std::vector<std::string>> fills;
  for (int trial = 0; trial < Trials(12); ++trial) {
    // The same words with random scores 1-6.
    std::string words;
    for (size_t at = 0, end; (end = plain.find('\n', at)) != std::string::npos; at = end + 1) {
      words += plain.substr(at, end - at) + ";" + std::to_string(1 + rng() % 6) + "\n";
    }
    for (std::string_view grid : {"...\n.#.\n...\n", "....\n.#..\n..#.\n", "#..\n...\n..#\n",
                                  "...\n..T\n...\n", "....\n#..#\n....\n"}) {
      Setup s(words, grid);
      auto [known, fresh] = fills.try_emplace(grid);
      if (fresh) known->second = s.BruteForce(true);
      for (ScoreOrder order : {ScoreOrder::kLowerFirst, ScoreOrder::kHigherFirst}) {
        // Brute force: each distinct fill's worst and total cost.
        int64_t best_worst = INT64_MAX, best_total = INT64_MAX;
        for (const std::string& rows : known->second) {
          std::vector<Letter> letters(s.grid.size(), 0);
          for (int i = 0, j = 0; i < s.grid.size(); ++i, ++j) {
            if (rows[j] == ' ') ++j;
            if (rows[j] != '#') letters[i] = (*s.dict.alphabet().encode(rows.substr(j, 1)))[0];
          }
          int64_t worst, total;
          FillCosts(s.problem, order, letters, &worst, &total);
          if (worst < best_worst) best_worst = worst, best_total = total;
          if (worst == best_worst) best_total = std::min(best_total, total);
        }
        FillOptions options;
        options.distinct = true;
        options.scores = order;
        options.branching = trial % 2 ? Branching::kWord : Branching::kLetter;
        options.seed = trial + 1;
        // Each step of the descent: a short restarting search, then a complete one; or the
        // complete one only; or (the default budget) mostly the restarting one.
        options.probe_nodes = std::vector<int64_t>{1, 0, 2000}[trial % 3];
        // Two threads: both searches of a step at once (with probe_nodes > 0).
        options.threads = 1 + trial / 3 % 2;
        // A restart after every failure: nogoods learned, and passed on to the next steps.
        options.restart_failures = trial % 4 < 2 ? 1 : 100;
        BestFill best = FillBest(s.problem, options, 1000000);
        learned += best.stats.learned;
        mirrored += best.stats.mirrored;
        if (options.threads > 1) {  // the fill does not depend on which search ends first
          CHECK(FillBest(s.problem, options, 1000000).letters == best.letters);
        }
        if (best_worst == INT64_MAX) {
          CHECK(best.status != FillStatus::kFilled);
          continue;
        }
        REQUIRE(best.status == FillStatus::kFilled);
        CHECK(s.Valid(s.Rows(best.letters), true));
        int64_t worst, total;
        FillCosts(s.problem, order, best.letters, &worst, &total);
        CHECK(worst == best.worst);
        CHECK(total == best.total);
        CHECK(best.worst == best_worst);
        CHECK(best.bound == best_worst);
        CHECK(best.total_proven);
        CHECK_MESSAGE(best.total == best_total, grid);
        ++checked;
      }
    }
  }
  CHECK(checked > Trials(50));
  CHECK(learned > 0);
  CHECK(mirrored > 0);  // (two of the grids are symmetric about their diagonal)
}

TEST_CASE("best fill: polishing's neighbourhoods lower the total, and keep the worst word") {
  // The default list, scored by SCOWL size; a grid whose branch and bound over the whole
  // does not end within half the budget.
  Setup s(DefaultDictionaryText(),
          "....#...\n........\n...#....\n##....##\n....#...\n........\n...#....\n");
  int repaired = 0;
  for (int trial = 0; trial < Trials(4); ++trial) {
    FillOptions options;
    options.distinct = true;
    options.scores = ScoreOrder::kLowerFirst;
    options.branching = Branching::kLetter;
    options.seed = trial + 1;
    const BestFill plain = FillBest(s.problem, options, 0);  // the descent's fill
    const BestFill polished = FillBest(s.problem, options, 600);
    REQUIRE(plain.status == FillStatus::kFilled);
    REQUIRE(polished.status == FillStatus::kFilled);
    CHECK(plain.bound == plain.worst);  // proven, so the worst word is the same below
    CHECK(s.Valid(s.Rows(polished.letters), true));
    int64_t worst, total;
    FillCosts(s.problem, ScoreOrder::kLowerFirst, polished.letters, &worst, &total);
    CHECK(worst == polished.worst);
    CHECK(total == polished.total);
    CHECK(polished.worst == plain.worst);
    CHECK(polished.total <= plain.total);
    CHECK(polished.repairs > 0);
    repaired += polished.repaired > 0;
  }
  CHECK(repaired > 0);
  // On a square every neighbourhood is the whole grid: branch and bound spends the budget.
  Setup square(DefaultDictionaryText(), ".....\n.....\n.....\n.....\n.....\n");
  FillOptions options;
  options.distinct = true;
  options.scores = ScoreOrder::kLowerFirst;
  const BestFill best = FillBest(square.problem, options, 50);
  REQUIRE(best.status == FillStatus::kFilled);
  CHECK(!best.total_proven);
  CHECK(best.repairs == 0);
}
