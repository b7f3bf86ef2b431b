// ProveGrid's verdict (squares/fill.h): arc consistency, then a short search; checked against
// a brute force that tries every choice of across words on small grids.
#include <doctest/doctest.h>

#include <random>
#include <set>
#include <string>
#include <vector>

#include "squares/squares.h"

namespace {

using namespace squares;

// Whether rows x cols, all white, with `fixed` letters ('.' none), has a fill from `words`
// (lower case): every choice of across words that fit, then every column a word; without
// `repeats`, no word twice. An entry given in full that the list lacks is kept as given (as
// `squares fill` keeps it, with a note), and is no word of the fill's.
bool BruteFillable(const std::vector<std::string>& fixed, const std::set<std::string>& words,
                   bool repeats) {
  const size_t rows = fixed.size(), cols = fixed[0].size();
  auto given = [&](const std::string& entry) {
    std::string lower;
    for (char ch : entry) {
      if (ch == '.') return false;
      lower += static_cast<char>(ch - 'A' + 'a');
    }
    return !words.count(lower);
  };
  std::vector<std::string> chosen;
  auto fits = [&](const std::string& word, size_t r) {
    if (word.size() != cols) return false;
    for (size_t c = 0; c < cols; ++c) {
      if (fixed[r][c] != '.' && fixed[r][c] != word[c] - 'a' + 'A') return false;
    }
    return true;
  };
  auto complete = [&] {
    std::vector<std::string> all;
    for (size_t r = 0; r < rows; ++r)
      if (!given(fixed[r])) all.push_back(chosen[r]);
    for (size_t c = 0; c < cols; ++c) {
      std::string down, column;
      for (size_t r = 0; r < rows; ++r) down += chosen[r][c], column += fixed[r][c];
      if (given(column)) continue;
      if (!words.count(down)) return false;
      all.push_back(down);
    }
    return repeats || std::set<std::string>(all.begin(), all.end()).size() == all.size();
  };
  auto search = [&](auto& self, size_t r) -> bool {
    if (r == rows) return complete();
    if (given(fixed[r])) {
      std::string row;
      for (char ch : fixed[r]) row += static_cast<char>(ch - 'A' + 'a');
      chosen.push_back(row);
      const bool found = self(self, r + 1);
      chosen.pop_back();
      return found;
    }
    for (const std::string& word : words) {
      if (!fits(word, r)) continue;
      chosen.push_back(word);
      const bool found = self(self, r + 1);
      chosen.pop_back();
      if (found) return true;
    }
    return false;
  };
  return search(search, 0);
}

// Whether the entries `slots` alone of an all-white rows x cols grid with `fixed` letters (slot
// k < rows: row k across, else column k - rows down, as Grid numbers them) have words of
// `words` that agree where they cross; without `repeats`, all different. The other entries
// are left out: their cells take any letter.
bool BruteSlotsFillable(const std::vector<std::string>& fixed, const std::set<std::string>& words,
                        bool repeats, const std::vector<int>& slots) {
  const int rows = static_cast<int>(fixed.size()), cols = static_cast<int>(fixed[0].size());
  std::vector<std::string> letters = fixed;
  std::multiset<std::string> used;
  auto cell = [&](int slot, int k) -> char& {
    return slot < rows ? letters[slot][k] : letters[k][slot - rows];
  };
  auto search = [&](auto& self, size_t next) -> bool {
    if (next == slots.size()) return true;
    const int slot = slots[next], length = slot < rows ? cols : rows;
    for (const std::string& word : words) {
      if (static_cast<int>(word.size()) != length || (!repeats && used.count(word))) continue;
      bool fits = true;
      for (int k = 0; k < length && fits; ++k)
        fits = cell(slot, k) == '.' || cell(slot, k) == word[k] - 'a' + 'A';
      if (!fits) continue;
      const std::vector<std::string> before = letters;
      for (int k = 0; k < length; ++k) cell(slot, k) = static_cast<char>(word[k] - 'a' + 'A');
      used.insert(word);
      const bool found = self(self, next + 1);
      used.erase(used.find(word));
      letters = before;
      if (found) return true;
    }
    return false;
  };
  return search(search, 0);
}

TEST_CASE("the verdict is never wrong: brute force on small grids") {
  std::mt19937 random(7);
  int verdicts[3] = {0, 0, 0};
  int by_search = 0;  // impossible, though arc consistency passed
  int shrunk = 0;     // of those, conflicts smaller than the grid's entries
  for (int trial = 0; trial < 400; ++trial) {
    const int rows = 3 + static_cast<int>(random() % 2), cols = 3 + static_cast<int>(random() % 2);
    std::set<std::string> words;
    const int count = 12 + static_cast<int>(random() % 30);
    for (int k = 0; k < count; ++k) {
      for (int length : {rows, cols}) {
        std::string word;
        for (int i = 0; i < length; ++i) word += static_cast<char>('a' + random() % 4);
        words.insert(word);
      }
    }
    std::vector<std::string> fixed(rows, std::string(cols, '.'));
    for (int k = static_cast<int>(random() % 4); k > 0; --k)
      fixed[random() % rows][random() % cols] = static_cast<char>('A' + random() % 4);
    const bool repeats = random() % 2;
    std::string shown;
    for (const std::string& row : fixed) shown += row + "/";
    CAPTURE(trial);
    CAPTURE(shown);
    const Dictionary dictionary =
        Dictionary::FromWords(std::vector<std::string>(words.begin(), words.end()));
    const Grid grid = Grid::FromRows(fixed);
    ProofOptions options;
    options.allow_repeats = repeats;
    options.search_seconds = 10;
    const GridProof proof = ProveGrid(dictionary, grid, options);
    const bool fillable = BruteFillable(fixed, words, repeats);
    REQUIRE(proof.verdict != Verdict::kUnknown);  // such grids take milliseconds
    ++verdicts[static_cast<int>(proof.verdict)];
    by_search += proof.consistent && proof.verdict == Verdict::kImpossible;
    CHECK((proof.verdict == Verdict::kFillable) == fillable);
    if (proof.verdict == Verdict::kFillable) {
      // The fill given is one: every entry a word, the fixed letters kept.
      std::vector<std::string> filled(rows);
      for (int i = 0; i < rows * cols; ++i) filled[i / cols] += proof.fill[i];
      const GridCheck check = CheckGrid(dictionary, Grid::FromRows(filled), repeats);
      for (const std::string& problem : check.problems) {
        // Only an entry given in full may be missing from the list (it is kept as given).
        bool kept = false;
        for (int r = 0; r < rows; ++r)
          kept = kept ||
                 problem.find(": " + fixed[r] + " is not in the dictionary") != std::string::npos;
        for (int c = 0; c < cols; ++c) {
          std::string column;
          for (int r = 0; r < rows; ++r) column += fixed[r][c];
          kept = kept ||
                 problem.find(": " + column + " is not in the dictionary") != std::string::npos;
        }
        CHECK_MESSAGE(kept, problem);
      }
      for (int i = 0; i < rows * cols; ++i) {
        if (fixed[i / cols][i % cols] != '.') CHECK(proof.fill[i][0] == fixed[i / cols][i % cols]);
      }
      CHECK(proof.message.empty());
    } else {
      CHECK(!proof.message.empty());
      if (!proof.consistent) CHECK(proof.conflict.size() <= 4);  // the dead entries
    }
    if (proof.consistent && proof.verdict == Verdict::kImpossible) {
      // The conflict named has no fill by itself, and each of its entries is needed (such
      // grids leave the time to check every one).
      REQUIRE(proof.conflict_minimal);
      CHECK(!BruteSlotsFillable(fixed, words, repeats, proof.conflict));
      for (size_t k = 0; k < proof.conflict.size(); ++k) {
        std::vector<int> without = proof.conflict;
        without.erase(without.begin() + static_cast<std::ptrdiff_t>(k));
        CHECK(BruteSlotsFillable(fixed, words, repeats, without));
      }
      shrunk += static_cast<int>(proof.conflict.size()) < rows + cols;
    }
  }
  // Both verdicts were reached, and some of the impossible ones only by the search.
  CHECK(verdicts[static_cast<int>(Verdict::kFillable)] > 10);
  CHECK(verdicts[static_cast<int>(Verdict::kImpossible)] > 10);
  CHECK(by_search > 5);
  CHECK(shrunk > 2);
  MESSAGE("fillable ", verdicts[0], ", impossible ", verdicts[1], " (", by_search,
          " by the search, ", shrunk, " with a conflict of fewer entries than the grid's)");
}

TEST_CASE("a search proves what arc consistency cannot, naming the conflict's entries") {
  // Arc consistency keeps every letter: each entry alone has words through each letter,
  // but with all six words different no fill exists (ab/ba across make ab/ba down again).
  const Dictionary words = Dictionary::FromWords({"ab", "ba"});
  ProofOptions options;
  GridProof proof = ProveGrid(words, Grid::FromRows({"..", ".."}), options);
  CHECK(proof.consistent);
  CHECK(proof.verdict == Verdict::kUnknown);  // no search asked for
  CHECK(proof.message.empty());
  options.search_seconds = 1;
  proof = ProveGrid(words, Grid::FromRows({"..", ".."}), options);
  CHECK(proof.consistent);
  CHECK(proof.verdict == Verdict::kImpossible);
  CHECK(proof.message.starts_with("no fill: a search ruled out every way in "));
  // Two crossing entries alone already need the same word twice: the conflict is those two.
  CHECK(proof.conflict.size() == 2);
  CHECK(proof.conflict_minimal);
  CHECK(proof.message.ends_with(
      " have no fill together, and without any one of them the others have"));
  options.allow_repeats = true;
  proof = ProveGrid(words, Grid::FromRows({"..", ".."}), options);
  CHECK(proof.verdict == Verdict::kFillable);
  CHECK(proof.fill.size() == 4);
  // A stop flag already set: the search ends at once, and nothing is claimed.
  const StopFlag stop{true};
  options.allow_repeats = false;
  options.stop = &stop;
  proof = ProveGrid(words, Grid::FromRows({"..", ".."}), options);
  CHECK(proof.verdict == Verdict::kUnknown);
  CHECK(proof.message.starts_with("not decided in "));
  CHECK(VerdictName(Verdict::kImpossible) == "impossible");
}

TEST_CASE("a dead entry is impossible at once, and the conflict is that entry") {
  const Dictionary words = Dictionary::FromWords({"ab", "cd", "ac", "bd"});
  ProofOptions options;
  options.search_seconds = 1;
  const GridProof proof = ProveGrid(words, Grid::FromRows({"D.", ".."}), options);
  CHECK(!proof.consistent);
  CHECK(proof.verdict == Verdict::kImpossible);
  CHECK(proof.conflict == std::vector<int>{0, 2});
  CHECK(proof.seconds == 0);
}

TEST_CASE("the filtered words a dictionary keeps between proofs are each proof's own") {
  // 40 exclusions in turn on one dictionary (more than the 32 it keeps: some come back after
  // they were let go), each proof equal to that of a new dictionary that kept nothing.
  std::vector<std::string> words;
  for (char a : {'a', 'b', 'c'})
    for (char b : {'a', 'b', 'c'}) words.push_back(std::string{a, b});
  const Dictionary shared = Dictionary::FromWords(words);
  std::mt19937 random(11);
  for (int trial = 0; trial < 40; ++trial) {
    ProofOptions options;
    options.search_seconds = 1;
    for (const std::string& word : words)
      if (random() % 3 == 0) options.exclude.push_back(word);
    if (trial >= 32) options.exclude = {words[trial % words.size()]};  // asked for again
    CAPTURE(trial);
    const Grid grid = Grid::FromRows({"a.", ".."});
    const GridProof kept = ProveGrid(shared, grid, options);
    const GridProof fresh = ProveGrid(Dictionary::FromWords(words), grid, options);
    CHECK(kept.verdict == fresh.verdict);
    CHECK(kept.letters == fresh.letters);
    CHECK(kept.words == fresh.words);
    CHECK(kept.fill == fresh.fill);
  }
}

}  // namespace
