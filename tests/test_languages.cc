// --language and the breakfast test (squares/dictionary.h, squares/fill.h): a word's cells in
// each language, checked against a brute force that maps words to cells on its own; fills that
// leave out the offensive words of data/offensive unless asked not to.
#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "squares/squares.h"

namespace {

using namespace squares;

const std::string kData = SQUARES_TEST_DATA;
const std::string kOffensive = kData + "/../../data/offensive/";

using Cells = std::vector<std::string>;  // a word's cells, each upper-case UTF-8

// The test's own reading of a lower-case word's cells, from the conventions as puzzle books
// state them, table by table (the engine maps code points; this maps strings).
Cells CellsOf(const std::string& word, const std::string& language) {
  static const std::map<std::string, std::string> kFolded = {
      {"à", "A"}, {"á", "A"}, {"â", "A"}, {"ã", "A"}, {"ä", "A"}, {"ç", "C"},
      {"è", "E"}, {"é", "E"}, {"ê", "E"}, {"ë", "E"}, {"ì", "I"}, {"í", "I"},
      {"î", "I"}, {"ï", "I"}, {"ò", "O"}, {"ó", "O"}, {"ô", "O"}, {"õ", "O"},
      {"ö", "O"}, {"ù", "U"}, {"ú", "U"}, {"û", "U"}, {"ü", "U"}, {"ñ", "N"}};
  static const std::map<std::string, std::map<std::string, Cells>> kSpecial = {
      {"de", {{"ä", {"A", "E"}}, {"ö", {"O", "E"}}, {"ü", {"U", "E"}}, {"ß", {"S", "S"}}}},
      {"fr", {{"œ", {"O", "E"}}, {"æ", {"A", "E"}}}},
      {"es", {{"ñ", {"Ñ"}}}},
      {"nl", {{"ij", {"IJ"}}}}};
  Cells cells;
  for (size_t pos = 0; pos < word.size();) {
    const auto special = kSpecial.find(language);
    bool done = false;
    if (special != kSpecial.end()) {
      for (const auto& [from, to] : special->second) {
        if (word.compare(pos, from.size(), from) == 0) {
          cells.insert(cells.end(), to.begin(), to.end());
          pos += from.size();
          done = true;
          break;
        }
      }
    }
    if (done) continue;
    if (static_cast<unsigned char>(word[pos]) < 0x80) {
      cells.push_back(std::string(1, static_cast<char>(word[pos] - 'a' + 'A')));
      ++pos;
      continue;
    }
    const std::string two = word.substr(pos, 2);
    REQUIRE(kFolded.count(two) == 1);
    cells.push_back(kFolded.at(two));
    pos += 2;
  }
  return cells;
}

// Every symmetric square of side n (row i = column i) over the words' cells, as rows of
// cells joined: brute force over every choice of rows.
std::set<std::vector<std::string>> BruteSymmetric(const std::vector<Cells>& words, size_t n) {
  std::vector<Cells> fitting;
  for (const Cells& w : words) {
    if (w.size() == n) fitting.push_back(w);
  }
  std::set<std::vector<std::string>> out;
  std::vector<size_t> pick(n, 0);
  while (!fitting.empty()) {
    bool ok = true;
    for (size_t i = 0; i < n && ok; ++i) {
      for (size_t j = 0; j < n && ok; ++j) ok = fitting[pick[i]][j] == fitting[pick[j]][i];
    }
    if (ok) {
      std::vector<std::string> rows;
      for (size_t i = 0; i < n; ++i) {
        std::string row;
        for (const std::string& cell : fitting[pick[i]]) row += cell;
        rows.push_back(row);
      }
      out.insert(rows);
    }
    size_t k = 0;
    while (k < n && ++pick[k] == fitting.size()) pick[k++] = 0;
    if (k == n) break;
  }
  return out;
}

std::set<std::vector<std::string>> EngineSymmetric(const Dictionary& dictionary, int n,
                                                   const std::string& first = "") {
  SquareOptions options;
  options.kind = SquareKind::kSymmetric;
  options.size = n;
  options.first = first;
  options.threads = 1;
  std::set<std::vector<std::string>> out;
  SquareSearch(dictionary, options).ForEach([&](const SquareResult& result) {
    std::vector<std::string> rows;
    for (const std::string& row : result.rows) {
      std::string upper;
      for (char c : row) upper += (c >= 'a' && c <= 'z') ? static_cast<char>(c - 32) : c;
      for (size_t at; (at = upper.find("ñ")) != std::string::npos;) upper.replace(at, 2, "Ñ");
      rows.push_back(upper);
    }
    out.insert(rows);
    return true;
  });
  return out;
}

Dictionary Read(const std::vector<std::string>& words, const std::string& language) {
  DictionaryOptions options;
  options.language = language;
  return Dictionary::FromWords(words, options);
}

// The language's words, cells and squares against the brute force, for sides 2 to 4.
void CheckSquares(const std::vector<std::string>& words, const std::string& language) {
  const Dictionary dictionary = Read(words, language);
  std::vector<Cells> cells;
  for (const std::string& w : words) cells.push_back(CellsOf(w, language));
  for (size_t n = 2; n <= 4; ++n) {
    CAPTURE(n);
    CHECK(EngineSymmetric(dictionary, static_cast<int>(n)) == BruteSymmetric(cells, n));
  }
  CHECK(dictionary.language() == language);
}

TEST_CASE("Dutch: IJ is one cell") {
  const std::vector<std::string> words = {"ijs", "ijl",  "sla",  "slijk", "zo",  "os", "ja",
                                          "la",  "sijs", "lijs", "ijsje", "jas", "ol", "so"};
  CheckSquares(words, "nl");
  const Dictionary dutch = Read(words, "nl");
  CHECK(dutch.Words(2) ==
        std::vector<std::string>{"ja", "la", "ol", "os", "so", "zo", "ijl", "ijs"});
  CHECK(dutch.contains("IJS"));
  CHECK(dutch.letters().find("ĳ") != std::string::npos);
  // The squares whose first row is IJ S: IJ S over S and a word starting with S.
  const auto squares = EngineSymmetric(dutch, 2, "ijs");
  REQUIRE(!squares.empty());
  for (const auto& rows : squares) CHECK(rows[0] == "IJS");
  // In English the same list spells ijs with three letters.
  CHECK(Read(words, "en").Words(3).size() == 4);
}

TEST_CASE("German: umlauts and ß take two cells") {
  const std::vector<std::string> words = {"straße", "öl",  "über", "süß", "ei",  "eis", "leer",
                                          "ol",     "oel", "se",   "es",  "ruß", "tee", "rast"};
  CheckSquares(words, "de");
  const Dictionary german = Read(words, "de");
  CHECK(german.contains("strasse"));
  CHECK(german.contains("Straße"));
  CHECK(german.Words(7) == std::vector<std::string>{"strasse"});
  CHECK(german.Words(4) == std::vector<std::string>{"leer", "rast", "russ"});
  CHECK(german.Words(5) == std::vector<std::string>{"suess", "ueber"});
}

TEST_CASE("Spanish keeps Ñ, the others fold accents") {
  const std::vector<std::string> spanish = {"año", "ano", "oso", "niño", "ñu", "un",
                                            "no",  "ni",  "sí",  "es",   "así"};
  CheckSquares(spanish, "es");
  const Dictionary es = Read(spanish, "es");
  CHECK(es.Words(3) == std::vector<std::string>{"ano", "asi", "año", "oso"});
  CheckSquares({"perché", "città", "età", "te", "ee", "tè", "è", "re", "ere"}, "it");
  const Dictionary french = Read({"cœur", "été", "ôte", "tee", "œil"}, "fr");
  CHECK(french.Words(5) == std::vector<std::string>{"coeur"});
  CHECK(french.Words(4) == std::vector<std::string>{"oeil"});
  CheckSquares({"pão", "avó", "ação", "ao", "oa", "só", "os"}, "pt");
}

TEST_CASE("an unknown language is a usage error naming the codes") {
  try {
    Read({"a"}, "xx");
    FAIL("no error");
  } catch (const Error& error) {
    CHECK(error.kind() == ErrorKind::kUsage);
    CHECK(std::string(error.what()).find("en, nl, de, it, fr, es, pt") != std::string::npos);
  }
}

// The words of data/offensive/LANG.txt in `tier` ("slur", "vulgar"; "" both), read here.
std::set<std::string> OffensiveWords(const std::string& language, const std::string& tier = "") {
  std::ifstream in(kOffensive + language + ".txt");
  REQUIRE(in);
  std::set<std::string> words;
  for (std::string line; std::getline(in, line);) {
    const size_t tab = line.find('\t');
    REQUIRE(tab != std::string::npos);
    if (tier.empty() || line.substr(0, tab) == tier) words.insert(line.substr(tab + 1));
  }
  REQUIRE(words.size() > 1);
  return words;
}

// The words of a fill's slots, lower case.
std::vector<std::string> SlotWords(const Grid& grid, const Fill& fill) {
  std::vector<std::string> words;
  for (const Slot& slot : grid.slots()) {
    std::string word;
    for (int cell : slot.cells) {
      for (char c : fill.letters[cell])
        word += (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c;
    }
    words.push_back(word);
  }
  return words;
}

TEST_CASE("fills with the default list pass the breakfast test") {
  const std::set<std::string> offensive = OffensiveWords("en");
  CHECK(offensive.count("twat") == 1);
  const Dictionary dictionary = Dictionary::Default();
  for (const char* name :
       {"crucio-01.crg", "crucio-06.crg", "cwc-l.crg", "cwc-15x15-guardian-a.crg"}) {
    CAPTURE(name);
    const Grid grid = Grid::Load(kData + "/grids/" + name);
    FillOptions options;
    options.threads = 1;
    options.quality_time = 0.5;
    options.polish = 0;
    const FillResult result = FillGrid(dictionary, grid, options);
    REQUIRE(result.status == FillStatus::kFilled);
    for (const std::string& word : SlotWords(grid, result.fills.back())) {
      CHECK_MESSAGE(offensive.count(word) == 0, word);
    }
  }
}

TEST_CASE("--allow-offensive lifts the filter by tier; a German fill leaves out German slurs") {
  const Grid grid = Grid::FromRows({"...."});
  FillOptions options;
  options.threads = 1;
  const Dictionary english = Read({"twat", "tart"}, "en");
  const FillResult filled = FillGrid(english, grid, options);
  REQUIRE(filled.status == FillStatus::kFilled);
  CHECK(SlotWords(grid, filled.fills.back()) == std::vector<std::string>{"tart"});
  const Dictionary only = Read({"twat"}, "en");
  CHECK(FillGrid(only, grid, options).status != FillStatus::kFilled);
  options.allow_offensive = AllowOffensive::kVulgar;
  CHECK(SlotWords(grid, FillGrid(only, grid, options).fills.back()) ==
        std::vector<std::string>{"twat"});
  // A slur is out with the vulgar tier allowed; only asked for by name does it fill.
  REQUIRE(OffensiveWords("en", "slur").count("kike") == 1);
  const Dictionary slur = Read({"kike"}, "en");
  CHECK(FillGrid(slur, grid, options).status != FillStatus::kFilled);
  options.allow_offensive = AllowOffensive::kSlurs;
  CHECK(FillGrid(slur, grid, options).status == FillStatus::kFilled);

  options.allow_offensive = AllowOffensive::kNone;
  REQUIRE(OffensiveWords("de", "slur").count("neger") == 1);
  const Dictionary german = Read({"neger", "engel", "regen", "segen"}, "de");
  options.all = true;
  const FillResult all = FillGrid(german, Grid::FromRows({"....."}), options);
  REQUIRE(all.fills.size() == 3);
  for (const Fill& fill : all.fills) CHECK(fill.rows[0] != "NEGER");
  options.all = false;
  options.allow_offensive = AllowOffensive::kVulgar;
  const Dictionary neger = Read({"neger"}, "de");
  CHECK(FillGrid(neger, Grid::FromRows({"....."}), options).status != FillStatus::kFilled);
}

TEST_CASE("words whose common sense is clean are kept: the list's own and a fill") {
  const std::set<std::string> listed = OffensiveWords("en");
  const std::vector<std::string> clean = {"pawn", "cox",   "hoar", "scat", "lust",
                                          "nude", "balls", "butt", "poop", "grope"};
  for (const std::string& word : clean) CHECK_MESSAGE(listed.count(word) == 0, word);
  // Each fills a one-entry grid of its length by default.
  FillOptions options;
  options.threads = 1;
  for (const std::string& word : clean) {
    CAPTURE(word);
    const FillResult result =
        FillGrid(Read({word}, "en"), Grid::FromRows({std::string(word.size(), '.')}), options);
    REQUIRE(result.status == FillStatus::kFilled);
    CHECK(SlotWords(Grid::FromRows({std::string(word.size(), '.')}), result.fills.back()) ==
          std::vector<std::string>{word});
  }
  // The names of the tiers, and a wrong one.
  CHECK(AllowOffensiveNamed("vulgar") == AllowOffensive::kVulgar);
  CHECK(AllowOffensiveName(AllowOffensive::kSlurs) == "slurs");
  CHECK_THROWS_AS(AllowOffensiveNamed("all"), Error);
}

TEST_CASE("a grid only a left-out word fills says so and names the word") {
  // The grid's only fill is ASS across, AT down; ASS is vulgar: not "no fill exists".
  const Dictionary d = Read({"ass", "bus", "at"}, "en");
  const Grid grid = Grid::FromRows({"...", ".##"});
  FillOptions options;
  options.threads = 1;
  options.any = true;
  const FillResult result = FillGrid(d, grid, options);
  REQUIRE(result.status == FillStatus::kImpossible);
  REQUIRE(result.left_out.has_value());
  CHECK(result.left_out->tier == AllowOffensive::kVulgar);
  CHECK(result.left_out->word == "ASS");
  CHECK(result.message ==
        "<rows>: impossible: no fill without the left-out words; --allow-offensive=vulgar "
        "finds one using ASS");
  // A slur is not named.
  const Dictionary slur = Read({"spic"}, "en");
  const FillResult hidden = FillGrid(slur, Grid::FromRows({"...."}), options);
  REQUIRE(hidden.left_out.has_value());
  CHECK(hidden.left_out->tier == AllowOffensive::kSlurs);
  CHECK(hidden.message.find("SPIC") == std::string::npos);
  CHECK(hidden.message.find("--allow-offensive=slurs") != std::string::npos);
  // A grid no word fills, left out or not, keeps its message.
  const FillResult none = FillGrid(Read({"bus", "at"}, "en"), grid, options);
  CHECK(!none.left_out.has_value());
  CHECK(none.message.find("left-out") == std::string::npos);
  // The proof's verdict says the same.
  ProofOptions proof_options;
  proof_options.search_seconds = 1;
  const GridProof proof = ProveGrid(d, grid, proof_options);
  CHECK(proof.verdict == Verdict::kImpossible);
  REQUIRE(proof.left_out.has_value());
  CHECK(proof.left_out->word == "ASS");
  CHECK(proof.message.starts_with("no fill without the left-out words; "));
}

}  // namespace

namespace {

TEST_CASE("min_length refuses a grid with a shorter entry, naming it") {
  const Dictionary dictionary = Read({"ab", "èd", "ae", "bd"}, "it");
  const Grid grid = Grid::FromRows({"..", ".."});
  FillOptions options;
  options.threads = 1;
  options.any = true;
  CHECK(FillGrid(dictionary, grid, options).status == FillStatus::kFilled);
  options.min_length = 3;
  try {
    FillGrid(dictionary, grid, options);
    FAIL("no error");
  } catch (const Error& error) {
    CHECK(error.kind() == ErrorKind::kData);
    CHECK(std::string(error.what()) ==
          "<rows>: 1 Across has 2 letters, fewer than the minimum of 3");
  }
  options.min_length = 1;
  CHECK_THROWS_AS(FillGrid(dictionary, grid, options), Error);
}

}  // namespace
