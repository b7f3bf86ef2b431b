// The typed API's grids, fills, Kakuro and regions (squares/fill.h, squares/puzzles.h):
// against the command's output on the same inputs (the SQUARES environment variable names
// the binary), against brute force, and the stop flag's latency for each search.
#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "kakuro_generator.h"
#include "squares/squares.h"
#include "test_effort.h"

namespace {

using namespace squares;

const std::string kData = SQUARES_TEST_DATA;

struct CliRun {
  int status = -1;
  std::string out;
};

// Runs `squares ARGS` (a shell word list), its stderr discarded.
CliRun Cli(const std::string& args) {
  const char* squares = std::getenv("SQUARES");
  REQUIRE_MESSAGE(squares != nullptr, "SQUARES must name the squares binary");
  const std::string command = "'" + std::string(squares) + "' " + args + " 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  CliRun run;
  char buffer[4096];
  for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) run.out.append(buffer, n);
  const int status = pclose(pipe);
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The lines of a text.
std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::stringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The entries of a filled grid given as rows ('#' black): runs of 2+ letters, across then
// down.
std::vector<std::string> Entries(const std::vector<std::string>& rows) {
  std::vector<std::string> lines = rows, out;
  for (size_t c = 0; c < rows[0].size(); ++c) {
    std::string column;
    for (const std::string& row : rows) column += row[c];
    lines.push_back(column);
  }
  for (const std::string& line : lines) {
    std::stringstream in(line);
    for (std::string run; std::getline(in, run, '#');) {
      if (run.size() >= 2) out.push_back(run);
    }
  }
  return out;
}

std::string Join(const std::vector<std::string>& parts, const std::string& separator) {
  std::string out;
  for (size_t k = 0; k < parts.size(); ++k) out += (k > 0 ? separator : "") + parts[k];
  return out;
}

// A file in a folder of this run's own, removed at exit.
std::string TempFile(const std::string& name, const std::string& text) {
  static const struct Folder {
    std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("squares-api-fill-" + std::to_string(getpid()));
    Folder() { std::filesystem::create_directories(path); }
    ~Folder() { std::filesystem::remove_all(path); }
  } folder;
  const std::string path = (folder.path / name).string();
  std::ofstream(path) << text;
  return path;
}

const std::string kSmallGrid = kData + "/fill/small.txt";
const std::string kWords = kData + "/fill/words.txt";

Dictionary SmallWords() { return Dictionary::FromFiles({kWords}); }

TEST_CASE("FillGrid's fill is the command's, in text and jsonl") {
  struct Case {
    std::string grid, dict_args;
    Dictionary dictionary;
  };
  const Case cases[] = {
      {kSmallGrid, "--dict '" + kWords + "'", SmallWords()},
      {kData + "/grids/crucio-01.crg", "", Dictionary::Default()},
      {kData + "/grids/cwc-15x15-guardian-a.crg", "", Dictionary::Default()},
  };
  for (const Case& c : cases) {
    CAPTURE(c.grid);
    const Grid grid = Grid::Load(c.grid);
    FillOptions options;
    options.threads = 1;
    const FillResult result = FillGrid(c.dictionary, grid, options);
    REQUIRE(result.status == FillStatus::kFilled);
    REQUIRE(result.fills.size() == 1);
    CHECK(result.message.empty());
    CHECK(result.stats.fills >= 1);  // a best fill: the fills of its descent
    for (const auto& [format, name] :
         {std::pair{DocumentFormat::kText, "text"}, std::pair{DocumentFormat::kJsonl, "jsonl"},
          std::pair{DocumentFormat::kLines, "lines"}}) {
      DocumentOptions document;
      document.format = format;
      const CliRun cli =
          Cli("fill -j1 --format " + std::string(name) + " " + c.dict_args + " '" + c.grid + "'");
      CHECK(cli.status == 0);
      CHECK(FormatFill(grid, result.fills[0], document) == cli.out);
    }
    // The fill's rows and letters agree, and every entry is a word.
    const Fill& fill = result.fills[0];
    for (int cell = 0; cell < grid.rows() * grid.cols(); ++cell) {
      const std::string& row = fill.rows[cell / grid.cols()];
      CHECK((grid.black(cell) ? fill.letters[cell].empty() : !fill.letters[cell].empty()));
      if (!grid.black(cell) && fill.letters[cell].size() == 1)
        CHECK(row[cell % grid.cols()] == fill.letters[cell][0]);
    }
    for (const std::string& entry : Entries(fill.rows)) CHECK(c.dictionary.contains(entry));
  }
}

// "key": value in a line of jsonl, as text.
std::string JsonField(const std::string& line, const std::string& key) {
  const size_t at = line.find("\"" + key + "\": ");
  if (at == std::string::npos) return "";
  const size_t begin = at + key.size() + 4;
  return line.substr(begin, line.find_first_of(",}", begin) - begin);
}

TEST_CASE("a best fill's quality: the jsonl's fields, and the words' scores") {
  const Dictionary english = Dictionary::Default();
  // Under the sanitizers the two small grids only: they run the same code, and the 15x15's
  // best fill was most of this test's time there.
  std::vector<std::string> names = {"crucio-01.crg", "crucio-06.crg"};
  if (!kSanitized) names.push_back("cwc-l.crg");
  for (const std::string& name : names) {
    const std::string path = kData + "/grids/" + name;
    CAPTURE(path);
    const Grid grid = Grid::Load(path);
    // Time enough for the best fill to finish on both sides (within a second each, ten times
    // that under the sanitizers), so that neither is cut short where the other was not.
    FillOptions options;
    options.threads = 1;
    options.quality_time = 600;
    const FillResult result = FillGrid(english, grid, options);
    REQUIRE(result.status == FillStatus::kFilled);
    REQUIRE(result.fills.at(0).quality.has_value());
    const FillQuality& q = *result.fills[0].quality;
    const std::string line =
        Cli("fill -j1 --quality-time 600 --format jsonl '" + path + "'").out;
    CHECK(JsonField(line, "worst") == "\"" + q.worst_word + "\"");
    CHECK(JsonField(line, "worst_score") == std::to_string(q.worst_score));
    char mean[32];
    std::snprintf(mean, sizeof mean, "%.2f", q.mean_score);
    CHECK(JsonField(line, "mean_score") == mean);
    CHECK(JsonField(line, "bound") == std::to_string(q.bound));
    CHECK(JsonField(line, "proven") == (q.proven ? "true" : "false"));
    CHECK(JsonField(line, "mean_proven") == (q.mean_proven ? "true" : "false"));
    CHECK(q.searched);
    CHECK(q.proven == (q.bound == q.worst_score));
    // The worst word and the mean, from the words' own scores (lower is better).
    std::map<std::string, int64_t> score;
    for (int length = 2; length <= 15; ++length) {
      for (const ScoredWord& w : english.ScoredWords(length)) score[w.word] = w.score;
    }
    int64_t worst = INT64_MIN, sum = 0;
    std::vector<std::string> entries = Entries(result.fills[0].rows);
    for (std::string& entry : entries) {
      for (char& ch : entry) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      REQUIRE(score.count(entry) == 1);
      worst = std::max(worst, score[entry]);
      sum += score[entry];
    }
    CHECK(q.worst_score == worst);
    CHECK(q.mean_score == doctest::Approx(static_cast<double>(sum) / entries.size()));
  }
}

TEST_CASE("FillGrid with all: the command's fills, in order, by callback and counted") {
  const std::string empty3 = TempFile("empty3.txt", "...\n...\n...\n");
  const Dictionary words = SmallWords();
  for (const auto& grid_extra :
       {std::pair{kSmallGrid, std::string()}, std::pair{empty3, std::string("--allow-repeats")}}) {
    const std::string& path = grid_extra.first;
    const std::string& extra = grid_extra.second;
    CAPTURE(path);
    const Grid grid = Grid::Load(path);
    FillOptions options;
    options.all = true;
    options.allow_repeats = !extra.empty();
    DocumentOptions lines;
    lines.format = DocumentFormat::kLines;
    std::string listed;
    int64_t calls = 0;
    const FillResult result = FillGrid(words, grid, options, [&](const Fill& fill) {
      listed += FormatFill(grid, fill, lines);
      ++calls;
      return true;
    });
    CHECK(result.fills.empty());  // handed to the callback instead
    const CliRun cli =
        Cli("fill --all --format lines --dict '" + kWords + "' " + extra + " " + path);
    CHECK(listed == cli.out);
    CHECK(calls == static_cast<int64_t>(Lines(cli.out).size()));
    CHECK(calls > 0);
    CHECK(result.stats.fills == calls);
    CHECK(std::to_string(calls) + "\n" ==
          Cli("fill --count --dict '" + kWords + "' " + extra + " " + path).out);
    // A limit, and a callback that stops.
    options.limit = 2;
    CHECK(FillGrid(words, grid, options).fills.size() == std::min<size_t>(2, calls));
    options.limit.reset();
    int seen = 0;
    FillGrid(words, grid, options, [&](const Fill&) { return ++seen < 1; });
    CHECK(seen == 1);
    // Shards concatenate to the whole.
    std::string parts;
    for (int i = 1; i <= 3; ++i) {
      options.shard_index = i, options.shard_count = 3;
      for (const Fill& fill : FillGrid(words, grid, options).fills)
        parts += FormatFill(grid, fill, lines);
    }
    CHECK(parts == listed);
    // The key of the cut: every part's alike, another for another count of parts, and the
    // command's. A part under its key lists as without one; under another, FillGrid throws a
    // data error naming both keys before any fill.
    options.shard_index = 2;
    const uint64_t key = FillShardKey(words, grid, options);
    options.shard_index = 3;
    CHECK(FillShardKey(words, grid, options) == key);
    options.shard_count = 4;
    CHECK(FillShardKey(words, grid, options) != key);
    options.shard_index = 2, options.shard_count = 3;
    char hex[20];
    std::snprintf(hex, sizeof hex, "%016llx\n", static_cast<unsigned long long>(key));
    CHECK(hex ==
          Cli("fill --all --shard-key --shard 2/3 --dict '" + kWords + "' " + extra + " " + path)
              .out);
    std::string unkeyed, keyed;
    for (const Fill& fill : FillGrid(words, grid, options).fills)
      unkeyed += FormatFill(grid, fill, lines);
    options.shard_key = key;
    for (const Fill& fill : FillGrid(words, grid, options).fills)
      keyed += FormatFill(grid, fill, lines);
    CHECK(keyed == unkeyed);
    options.shard_key = key ^ 1;
    int delivered = 0;
    try {
      FillGrid(words, grid, options, [&](const Fill&) { return ++delivered > 0; });
      FAIL("a fill under another key ran");
    } catch (const Error& error) {
      CHECK(error.kind() == ErrorKind::kData);
      char message[160];
      std::snprintf(message, sizeof message,
                    ": shard key %016llx: this fill is cut into other parts here (key %016llx)",
                    static_cast<unsigned long long>(key ^ 1), static_cast<unsigned long long>(key));
      CHECK(std::string(error.what()).rfind(path + message, 0) == 0);
    }
    CHECK(delivered == 0);
    options.all = false, options.shard_index = 1, options.shard_count = 1;
    CHECK_THROWS_WITH_AS(FillShardKey(words, grid, options), "a shard key needs all", Error);
    CHECK_THROWS_WITH_AS(FillGrid(words, grid, options), "a shard key needs all", Error);
  }
}

TEST_CASE("FillGrid's states and messages are the command's") {
  const Dictionary words = SmallWords();
  // Impossible (no 5-letter word): over-constrained; a word that no crossing allows.
  FillResult result = FillGrid(words, Grid::Parse(".....\n", "long.txt"));
  CHECK(result.status == FillStatus::kOverConstrained);
  CHECK(result.bad_slot == "1 Across");
  CHECK(result.message ==
        "long.txt: over-constrained: 1 Across (row 1, column 1, 5 letters, pattern ?\?\?\?\?) "
        "has no candidate word");
  result = FillGrid(Dictionary::FromWords({"zz", "ab", "cd"}),
                    Grid::Parse("zz\n..\n", "impossible.txt"));
  CHECK(result.status == FillStatus::kImpossible);
  CHECK(result.message ==
        "impossible.txt: impossible: 1 Down (row 1, column 1, 2 letters, "
        "pattern Z?) has no word that fits its crossing entries");
  // An entry kept as given: a note.
  const Dictionary qs = Dictionary::FromWords({"qa", "qb", "ab", "ba", "aa", "bb"});
  result = FillGrid(qs, Grid::Parse("QQ\n..\n", "given.txt"));
  CHECK(result.status == FillStatus::kFilled);
  REQUIRE(result.notes.size() == 1);
  CHECK(result.notes[0] == "given.txt: 1 Across QQ is not in the word list: kept as given");
}

TEST_CASE("ProveGrid: letters left per cell; the entries and cells with none are named") {
  const Dictionary words = Dictionary::FromWords({"ab", "cd", "ac", "bd", "xy"});
  GridProof proof = ProveGrid(words, Grid::FromRows({"..", ".."}));
  CHECK(proof.consistent);
  CHECK(proof.message.empty());
  CHECK(proof.letters == std::vector<int>{1, 2, 2, 1});  // AB/CD or AC/BD; X leads nowhere
  CHECK(proof.words == std::vector<int64_t>{2, 2, 2, 2});
  // X makes 1 Across and 1 Down XY, and no word starts with Y.
  proof = ProveGrid(words, Grid::FromRows({"X.", ".."}));
  CHECK(!proof.consistent);
  CHECK(proof.dead_cells == std::vector<int>{1, 2});
  CHECK(proof.message ==
        "row 1, column 2 has no letter that fits both 1 Across and 2 Down; "
        "row 2, column 1 has no letter that fits both 3 Across and 1 Down");
  proof = ProveGrid(words, Grid::FromRows({"D.", ".."}));
  CHECK(proof.dead_slots == std::vector<int>{0, 2});
  CHECK(proof.message == "1 Across has no word: D.; 1 Down has no word: D.");
  CHECK(proof.letters[1] == 0);
  // A 15x15 with two theme rows: each entry alone has words, each cell letters; only
  // propagation over the crossings empties an entry, and the fill names it.
  const std::string theme =
      "......#....#...\n"
      "......#....#...\n"
      "......#........\n"
      "INTERNATIONALLY\n"
      "#...#...#......\n"
      "...#...#...#...\n"
      ".....##...#...#\n"
      ".....#...#.....\n"
      "#...#...##.....\n"
      "...#...#...#...\n"
      "......#...#...#\n"
      "CHARACTERISTICS\n"
      "........#......\n"
      "...#....#......\n"
      "...#....#......\n";
  proof = ProveGrid(Dictionary::Default(), Grid::Parse(theme));
  CHECK(!proof.consistent);
  CHECK(proof.message == "28 Across has no word that fits its crossing entries: ...");
  FillOptions any;
  any.any = true;
  const FillResult result = FillGrid(Dictionary::Default(), Grid::Parse(theme, "theme.txt"), any);
  CHECK(result.status == FillStatus::kImpossible);
  CHECK(result.bad_slot == "28 Across");
  CHECK(result.message ==
        "theme.txt: impossible: 28 Across (row 6, column 13, 3 letters, pattern ?\?\?) "
        "has no word that fits its crossing entries");
}

TEST_CASE("exclude: a word listed is in no fill, and the fills are the others") {
  const Dictionary words = SmallWords();
  const Grid grid = Grid::Load(kSmallGrid);
  FillOptions all;
  all.all = true;
  const FillResult every = FillGrid(words, grid, all);
  REQUIRE(every.fills.size() >= 2);
  // A word of the first fill that some other fill lacks.
  std::string excluded;
  for (const std::string& entry : Entries(every.fills[0].rows)) {
    for (const Fill& other : every.fills) {
      const std::vector<std::string> e = Entries(other.rows);
      if (std::find(e.begin(), e.end(), entry) == e.end()) excluded = entry;
    }
  }
  REQUIRE(!excluded.empty());
  std::vector<std::vector<std::string>> expected;
  for (const Fill& fill : every.fills) {
    const std::vector<std::string> e = Entries(fill.rows);
    if (std::find(e.begin(), e.end(), excluded) == e.end()) expected.push_back(fill.rows);
  }
  for (const std::string& spelling : {excluded, std::string("Zz-not-a-word")}) {
    all.exclude = {spelling, "not-a-word"};
    for (char& ch : all.exclude[0])
      ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    std::vector<std::vector<std::string>> fills;
    for (const Fill& fill : FillGrid(words, grid, all).fills) fills.push_back(fill.rows);
    if (spelling == excluded) {
      CHECK(fills == expected);
    } else {
      CHECK(fills.size() == every.fills.size());
    }
  }
  // The first fill, and a candidate list, leave it out too.
  FillOptions first;
  first.exclude = {excluded};
  const FillResult one = FillGrid(words, grid, first);
  REQUIRE(one.status == FillStatus::kFilled);
  const std::vector<std::string> e = Entries(one.fills[0].rows);
  CHECK(std::find(e.begin(), e.end(), excluded) == e.end());
  CandidateOptions candidate_options;
  candidate_options.exclude = {excluded};
  for (int slot = 0; slot < static_cast<int>(grid.slots().size()); ++slot) {
    for (const Candidate& c : Candidates(words, grid, slot, candidate_options))
      CHECK(c.word != excluded);
  }
  // Every word of a length excluded: over-constrained; a given entry excluded is kept.
  FillOptions none;
  none.exclude = {"at", "he", "no", "on", "or", "so", "we"};
  CHECK(FillGrid(words, Grid::Parse("AT\n..\n", "given2.txt"), none).status ==
        FillStatus::kOverConstrained);
  none.exclude = {"at"};
  const FillResult kept = FillGrid(words, Grid::Parse("AT\n..\n", "given2.txt"), none);
  REQUIRE(kept.notes.size() == 1);
  CHECK(kept.notes[0] == "given2.txt: 1 Across AT is excluded: kept as given");
}

TEST_CASE("max_level: no word scored worse is used") {
  const Dictionary scored =
      Dictionary::FromWords({"ab;1", "ba;1", "aa;9", "bb;5", "cc;2", "ac;3", "ca;3"});
  const Grid grid = Grid::Parse("..\n..\n", "two.txt");
  FillOptions options;
  options.all = true;
  options.allow_repeats = true;
  const size_t all = FillGrid(scored, grid, options).fills.size();
  options.max_level = 3;  // higher is better: words scored under 3 are out
  const FillResult result = FillGrid(scored, grid, options);
  CHECK(result.fills.size() < all);
  for (const Fill& fill : result.fills) {
    for (const std::string& entry : Entries(fill.rows)) {
      CHECK((entry == "AA" || entry == "BB" || entry == "AC" || entry == "CA"));
    }
  }
  CHECK(!result.fills.empty());
}

// Every fill of small.txt's layout (rows ABCD, #EF#, GHIJ: slots 1 Across, 5 Across,
// 6 Across, 2 Down, 3 Down) with the letters of `fixed` and no word twice, by brute force
// over the list: the words each slot has in some fill.
std::vector<std::set<std::string>> SmallFills(const Dictionary& words, const std::string& fixed) {
  std::vector<std::set<std::string>> fillable(5);
  const std::vector<std::string> two = words.Words(2), four = words.Words(4);
  auto fits = [&](const std::string& row, int r) {
    for (int c = 0; c < 4; ++c) {
      const char f = fixed[r * 5 + c];
      if (f != '.' && f != '#' && std::tolower(static_cast<unsigned char>(f)) != row[c])
        return false;
    }
    return true;
  };
  for (const std::string& a : four) {
    for (const std::string& b : two) {
      for (const std::string& c : four) {
        if (!fits(a, 0) || !fits("#" + b + "#", 1) || !fits(c, 2)) continue;
        const std::vector<std::string> slots = {a, b, c, {a[1], b[0], c[1]}, {a[2], b[1], c[2]}};
        if (std::set<std::string>(slots.begin(), slots.end()).size() != 5) continue;
        if (!words.contains(slots[3]) || !words.contains(slots[4])) continue;
        for (int s = 0; s < 5; ++s) fillable[s].insert(slots[s]);
      }
    }
  }
  return fillable;
}

// The fills of a 3x3 open grid whose cell 0 is the rebus AB (1 Across and 1 Down are 4 letters,
// the other entries 3), by brute force over every letter of {a, b, c} in the other 8 cells: the
// rows of each fill, as text rows show them ("[AB]CA").
std::set<std::vector<std::string>> RebusFills(const Dictionary& words) {
  std::set<std::vector<std::string>> fills;
  std::string cells(9, 'a');
  for (int code = 0; code < 6561; ++code) {
    for (int i = 1, rest = code; i < 9; ++i, rest /= 3) cells[i] = static_cast<char>('a' + rest % 3);
    auto at = [&](int i) { return i == 0 ? std::string("ab") : std::string(1, cells[i]); };
    bool ok = true;
    for (int k = 0; k < 3 && ok; ++k) {
      ok = words.contains(at(3 * k) + at(3 * k + 1) + at(3 * k + 2)) &&
           words.contains(at(k) + at(k + 3) + at(k + 6));
    }
    if (!ok) continue;
    std::vector<std::string> rows;
    for (int r = 0; r < 3; ++r) {
      std::string row = r == 0 ? "[AB]" : std::string(1, static_cast<char>(cells[3 * r] - 32));
      for (int c = 1; c < 3; ++c) row += static_cast<char>(cells[3 * r + c] - 32);
      rows.push_back(row);
    }
    fills.insert(rows);
  }
  return fills;
}

TEST_CASE("a rebus cell: fills, candidates and the check against brute force") {
  std::mt19937 random(7);
  int filled = 0;
  for (int round = 0; round < 30; ++round) {
    CAPTURE(round);
    std::vector<std::string> entries;
    for (int length : {3, 4}) {
      const int count = length == 3 ? 27 : 81;
      for (int code = 0; code < count; ++code) {
        std::string word;
        for (int k = 0, rest = code; k < length; ++k, rest /= 3)
          word += static_cast<char>('a' + rest % 3);
        if (random() % 100 < (length == 3 ? 45 : 30)) entries.push_back(word);
      }
    }
    const Dictionary words = Dictionary::FromWords(entries);
    const Grid grid = Grid::FromRows({"[ab]..", "...", "..."});
    REQUIRE(grid.letter(0) == "AB");
    const std::set<std::vector<std::string>> expected = RebusFills(words);
    FillOptions options;
    options.all = true;
    options.allow_repeats = true;
    const FillResult result = FillGrid(words, grid, options);
    std::set<std::vector<std::string>> found;
    for (const Fill& fill : result.fills) {
      CHECK(fill.letters[0] == "AB");
      found.insert(fill.rows);
    }
    CHECK(found == expected);
    filled += !expected.empty();
    // Each fill checks as valid; a fill with one letter changed does not.
    for (const std::vector<std::string>& rows : expected) {
      const GridCheck check = CheckGrid(words, Grid::FromRows(rows), true);
      CHECK(check.valid);
    }
    // The candidates of 1 Across (4 letters, AB then two): fillable exactly when some fill has it.
    CandidateOptions candidate_options;
    candidate_options.max_checked = 100;
    candidate_options.allow_repeats = true;
    candidate_options.seconds_per_word = 10;
    for (const Candidate& candidate : Candidates(words, grid, 0, candidate_options)) {
      REQUIRE(candidate.word.substr(0, 2) == "AB");
      bool fillable = false;
      for (const std::vector<std::string>& rows : expected)
        fillable |= rows[0] == "[AB]" + candidate.word.substr(2);
      CHECK(candidate.viability == (fillable ? Viability::kFillable : Viability::kImpossible));
    }
  }
  CHECK(filled >= 5);  // the rounds are not all trivially empty
}

TEST_CASE("Candidates against brute force") {
  const Dictionary words = SmallWords();
  for (const std::string fixed :
       {"....\n#..#\n....\n", "....\n#..#\n..E.\n", "S...\n#..#\n....\n"}) {
    CAPTURE(fixed);
    const Grid grid = Grid::Parse(fixed);
    REQUIRE(grid.slots().size() == 5);
    const std::vector<std::set<std::string>> fillable = SmallFills(words, fixed);
    CandidateOptions options;
    options.max_checked = 100;
    options.seconds_per_word = 10;
    int fillable_seen = 0, impossible_seen = 0, fills_reported = 0;
    std::vector<std::string> last_fill;
    for (int s = 0; s < 5; ++s) {
      CAPTURE(s);
      const std::vector<Candidate> candidates = Candidates(words, grid, s, options);
      // The words that fit the slot's letters, in the list's order (its scores are all alike).
      std::vector<std::string> fitting;
      const int length = grid.slots()[s].length;
      for (const std::string& w : words.Words(length)) {
        bool fits = true;
        for (int k = 0; k < length; ++k) {
          const std::string& fixed = grid.letter(grid.slots()[s].cells[k]);
          fits = fits &&
                 (fixed.empty() || std::tolower(static_cast<unsigned char>(fixed[0])) == w[k]);
        }
        if (fits) fitting.push_back(w);
      }
      REQUIRE(candidates.size() == fitting.size());
      // The words the proof allows first, then those it rules out (their reason names the
      // letter), each group in the list's order.
      auto by_proof = [](const Candidate& c) {
        return c.reason.find("as letter") != std::string::npos ||
               c.reason.find("cannot be letter") != std::string::npos;
      };
      std::vector<std::string> in_order;
      for (int group = 0; group < 2; ++group) {
        for (const std::string& w : fitting) {
          for (const Candidate& c : candidates) {
            std::string word = c.word;
            for (char& ch : word)
              ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
            if (word == w && by_proof(c) == (group == 1)) in_order.push_back(w);
          }
        }
      }
      REQUIRE(in_order.size() == fitting.size());
      for (size_t k = 0; k < candidates.size(); ++k) {
        std::string word = candidates[k].word;
        for (char& ch : word) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        CHECK(word == in_order[k]);
        CHECK(candidates[k].viability ==
              (fillable[s].count(word) ? Viability::kFillable : Viability::kImpossible));
        fillable_seen += candidates[k].viability == Viability::kFillable;
        impossible_seen += candidates[k].viability == Viability::kImpossible;
      }
      // Started from a fill found before (or from letters that fit nothing), the verdicts
      // are the same; each fill reported is one of the grid's, with a candidate in place.
      for (const std::vector<std::string>& start :
           {last_fill, std::vector<std::string>(grid.rows() * grid.cols(), "Q")}) {
        CandidateOptions from = options;
        from.start = start;
        from.on_fill = [&](const std::vector<std::string>& letters) {
          REQUIRE(letters.size() == static_cast<size_t>(grid.rows() * grid.cols()));
          std::string word;
          for (int cell : grid.slots()[s].cells) word += letters[cell];
          for (char& ch : word) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
          CHECK(fillable[s].count(word) == 1);
          last_fill = letters;
          ++fills_reported;
        };
        const std::vector<Candidate> again = Candidates(words, grid, s, from);
        REQUIRE(again.size() == candidates.size());
        for (size_t k = 0; k < again.size(); ++k) CHECK(again[k].viability == candidates[k].viability);
      }
    }
    CHECK(fillable_seen > 0);
    CHECK(impossible_seen > 0);
    CHECK(fills_reported >= fillable_seen);
  }
  const Grid grid = Grid::Load(kSmallGrid);
  CandidateOptions options;
  // max_words and max_checked: past max_checked only the proof decides (never fillable, and
  // an impossible word says why); a stop before the searches
  // leaves no word fillable.
  options.max_words = 3;
  options.max_checked = 1;
  std::vector<Candidate> few = Candidates(words, grid, 0, options);
  REQUIRE(few.size() == 3);
  CHECK(few[0].viability != Viability::kUnknown);
  CHECK(!few[0].reason.empty());
  for (size_t k = 1; k < few.size(); ++k) {
    CHECK(few[k].viability != Viability::kFillable);
    if (few[k].viability == Viability::kImpossible) CHECK(!few[k].reason.empty());
  }
  StopFlag stop{true};
  options.stop = &stop;
  few = Candidates(words, grid, 0, options);
  for (const Candidate& candidate : few) CHECK(candidate.viability != Viability::kFillable);
  // Ranked by score, best first (a word list's: higher is better).
  const Dictionary scored = Dictionary::FromWords({"ab;1", "ba;7", "aa;3", "bb;5"});
  std::vector<std::string> ranked;
  for (const Candidate& c : Candidates(scored, Grid::Parse("..\n..\n", "two.txt"), 0)) {
    ranked.push_back(c.word + ";" + std::to_string(c.score));
  }
  CHECK(ranked == std::vector<std::string>{"BA;7", "BB;5", "AA;3", "AB;1"});
  CHECK_THROWS_AS(Candidates(scored, Grid::Parse("..\n..\n", "two.txt"), 4), Error);
}

TEST_CASE("CheckGrid: a fill is valid; a wrong or repeated word is named") {
  const Dictionary words = SmallWords();
  const Grid grid = Grid::Load(kSmallGrid);
  const FillResult result = FillGrid(words, grid);
  REQUIRE(result.status == FillStatus::kFilled);
  std::vector<std::string> rows = result.fills[0].rows;
  GridCheck check = CheckGrid(words, Grid::FromRows(rows));
  CHECK(check.filled);
  CHECK(check.valid);
  CHECK(check.problems.empty());
  CHECK(!check.quality.has_value());  // the list has no scores
  CHECK(!CheckGrid(words, grid).filled);
  CHECK(!CheckGrid(words, grid).valid);
  rows[0][1] = 'Q';
  check = CheckGrid(words, Grid::FromRows(rows));
  CHECK(check.filled);
  CHECK(!check.valid);
  REQUIRE(check.problems.size() == 2);  // 1 Across and 2 Down
  CHECK(check.problems[0] == "1 Across: " + rows[0] + " is not in the dictionary");
  CHECK(check.problems[1].rfind("2 Down: Q", 0) == 0);
  // A repeated word.
  const Grid twice = Grid::FromRows({"AT", "AT"});
  const Dictionary at = Dictionary::FromWords({"at", "aa", "tt"});
  check = CheckGrid(at, twice);
  CHECK(!check.valid);
  CHECK(check.problems == std::vector<std::string>{"3 Across: AT is also 1 Across"});
  CHECK(CheckGrid(at, twice, true).valid);
  // With a scored list, the quality of a valid fill.
  const Dictionary scored = Dictionary::FromWords({"at;5", "aa;2", "tt;9"});
  check = CheckGrid(scored, twice, true);
  REQUIRE(check.quality.has_value());
  CHECK(check.quality->worst_word == "AA");
  CHECK(check.quality->worst_score == 2);
  CHECK(check.quality->mean_score == doctest::Approx((5 + 5 + 2 + 9) / 4.0));
}

TEST_CASE("Grid: the parser's errors name the source, line and column; the accessors") {
  try {
    Grid::Parse("..\n.*\n", "g.txt");
    FAIL("no error");
  } catch (const Error& error) {
    CHECK(error.kind() == ErrorKind::kData);
    CHECK(std::string(error.what()) ==
          "g.txt:2:2: bad character '*' (expected '.' empty, '#' black, a letter, [letters] or '_' void)");
    CHECK(error.source() == "g.txt");
    CHECK(error.line() == 2);
    CHECK(error.column() == 2);
  }
  try {
    Grid::Parse("...\n..\n");
    FAIL("no error");
  } catch (const Error& error) {
    CHECK(error.source() == "<grid>");
    CHECK(error.line() == 2);
    CHECK(error.column() == 0);
  }
  CHECK_THROWS_AS(Grid::Load("/nonexistent/grid.txt"), Error);
  const Grid grid = Grid::Parse("3\n4\n-a--\n#--#\n----\n", "c.crg");
  CHECK(grid.rows() == 3);
  CHECK(grid.cols() == 4);
  CHECK(grid.source() == "c.crg");
  CHECK(grid.letter(1) == "A");
  CHECK(grid.black(4));
  CHECK(grid.number(0) == 1);
  CHECK(grid.number(1) == 2);
  CHECK(grid.number(3) == 0);
  CHECK(grid.text_rows() == std::vector<std::string>{".A..", "#..#", "...."});
  REQUIRE(grid.slots().size() == 5);
  CHECK(grid.slots()[0].name() == "1 Across");
  CHECK(grid.slots()[3].name() == "2 Down");
  CHECK(grid.slots()[3].cells == std::vector<int>{1, 5, 9});
  CHECK(grid.slots()[3].length == 3);
  CHECK(grid.slots()[1].row == 1);
  CHECK(grid.slots()[1].col == 1);
  // A letter the dictionary lacks: a data error naming its place.
  try {
    FillGrid(SmallWords(), Grid::Parse("Q.\n..\n", "q.txt"));
    FAIL("no error");
  } catch (const Error& error) {
    CHECK(std::string(error.what()) == "q.txt:1:1: letter 'Q' is not in the dictionary's alphabet");
    CHECK(error.line() == 1);
    CHECK(error.column() == 1);
  }
  // Options out of range: usage errors.
  FillOptions bad;
  bad.limit = 3;
  CHECK_THROWS_AS(FillGrid(SmallWords(), grid, bad), Error);
  DocumentOptions puz;
  puz.format = DocumentFormat::kPuz;
  try {
    FormatFill(grid, Fill{}, puz);
    FAIL("no error");
  } catch (const Error& error) {
    CHECK(error.usage());
  }
}

// The digits of each solution the command printed for a file of boards (one per board).
std::vector<std::vector<int>> PrintedDigits(const std::string& out) {
  std::vector<std::vector<int>> boards;
  bool fresh = true;
  for (const std::string& line : Lines(out)) {
    if (line.empty()) {
      fresh = true;
      continue;
    }
    if (line.find(' ') == std::string::npos ||
        !(std::isdigit(static_cast<unsigned char>(line[0])) || line[0] == '#')) {
      continue;  // a board's name
    }
    if (fresh) boards.emplace_back();
    fresh = false;
    for (size_t k = 0; k < line.size(); k += 2)
      boards.back().push_back(line[k] == '#' ? 0 : line[k] - '0');
  }
  return boards;
}

TEST_CASE("SolveKakuro: the command's solutions, digit by digit, and verdicts") {
  for (const std::string name : {"gecode-nikoli.kgrid", "small.kgrid", "csprules-atk.kgrid"}) {
    const std::string path = kData + "/kakuro/" + name;
    CAPTURE(path);
    const std::string text = ReadText(path);
    KakuroOptions first;
    first.limit = 1;
    const std::vector<KakuroResult> results = SolveKakuro(text, first, path);
    std::vector<std::vector<int>> digits;
    for (const KakuroResult& r : results) {
      if (!r.solutions.empty()) digits.push_back(r.solutions[0]);
      for (const std::vector<int>& s : r.solutions)
        CHECK(s.size() == static_cast<size_t>(r.rows * r.cols));
    }
    CHECK(digits == PrintedDigits(Cli("kakuro '" + path + "'").out));
    // The verdicts of --count and of --all --count.
    for (const bool all : {false, true}) {
      KakuroOptions options;
      options.all = all;
      std::string verdicts;
      for (const KakuroResult& r : SolveKakuro(text, options, path)) {
        verdicts += (r.name.empty() ? "" : r.name + ": ") + r.verdict_text() + "\n";
        CHECK(r.count == static_cast<int64_t>(r.solutions.size()));
        CHECK((r.verdict == KakuroVerdict::kUnique) == (r.count == 1));
      }
      CHECK(verdicts ==
            Cli(std::string("kakuro --count ") + (all ? "--all '" : "'") + path + "'").out);
    }
  }
  // --check.
  const std::string path = kData + "/kakuro/check.kgrid";
  KakuroOptions check;
  check.check = true;
  std::string said;
  for (const KakuroResult& r : SolveKakuro(ReadText(path), check, path)) {
    said += r.name + ": " + r.check + "\n";
    CHECK(r.check_ok == (r.check.rfind("ok", 0) == 0));
  }
  CHECK(said == Cli("kakuro --check '" + path + "'").out);
  // Errors name the source and line.
  try {
    SolveKakuro("# 3\\ 4\\\n\\3 . .\n\\4 .\n", {}, "b.txt");
    FAIL("no error");
  } catch (const Error& error) {
    CHECK(std::string(error.what()) == "b.txt:3: row has 2 cells, expected 3");
    CHECK(error.line() == 3);
  }
}

// The region of each cell as a drawing shows it: a border between two cells exactly where
// their regions differ.
void CheckDrawing(const RegionsSolution& solution, int rows, int cols) {
  const std::vector<std::string> lines = Lines(solution.drawing);
  REQUIRE(lines.size() == static_cast<size_t>(2 * rows + 1));
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const int cell = r * cols + c;
      if (c + 1 < cols) {
        CHECK((lines[2 * r + 1][4 * c + 4] == '|') ==
              (solution.region_of[cell] != solution.region_of[cell + 1]));
      }
      if (r + 1 < rows) {
        CHECK((lines[2 * r + 2][4 * c + 2] == '-') ==
              (solution.region_of[cell] != solution.region_of[cell + cols]));
      }
    }
  }
}

TEST_CASE("SolveRegions and MakeRegions: the command's drawings, words and verdicts") {
  const std::string words_path = kData + "/regions/words.txt";
  const Dictionary words = Dictionary::FromFiles({words_path});
  for (const std::string name : {"unique.txt", "swap.txt", "none.txt"}) {
    const std::string path = kData + "/regions/" + name;
    CAPTURE(path);
    for (const bool all : {false, true}) {
      RegionsOptions options;
      options.all = all;
      const RegionsResult result = SolveRegions(words, ReadText(path), options, path);
      std::string printed;
      for (const RegionsSolution& s : result.solutions) {
        CheckDrawing(s, result.rows, result.cols);
        if (all || result.count == 1)
          printed += s.drawing + "words: " + Join(s.words, " ") + "\n" + (all ? "\n" : "");
      }
      const std::string out =
          Cli("regions --dict '" + words_path + "' " + (all ? "--all '" : "'") + path + "'").out;
      if (all || result.count < 2) {
        CHECK(printed + result.verdict_text() + "\n" == out);
      } else {
        CHECK(out.find("solution 1: " + Join(result.solutions[0].words, " ") + "\n") !=
              std::string::npos);
        CHECK(out.find("solution 2: " + Join(result.solutions[1].words, " ") + "\n") !=
              std::string::npos);
      }
    }
  }
  RegionsOptions options;
  options.min = 4, options.max = 6;
  const MadeRegions made = MakeRegions(words, 6, 6, options, 3);
  const std::string out =
      Cli("regions --dict '" + words_path + "' --make 6x6 --min 4 --max 6 --seed 3 --solution").out;
  CHECK(Join(made.rows, "\n") + "\n\n" + made.solution.drawing +
            "words: " + Join(made.solution.words, " ") + "\n" ==
        out);
  CheckDrawing(made.solution, 6, 6);
  const RegionsResult solved = SolveRegions(words, Join(made.rows, "\n"), options);
  CHECK(solved.verdict == RegionsVerdict::kUnique);
  CHECK(solved.solutions.at(0).region_of == made.solution.region_of);
  options.min = 7, options.max = 6;
  CHECK_THROWS_AS(SolveRegions(words, "ab\n", options), Error);
}

// Runs `search` on a thread, sets its stop flag after `delay`, and returns the CPU seconds
// the search spent after that before it returned (ProcessCpuSeconds); fails if the search
// ended before the stop.
template <class Search>
double StopLatency(StopFlag& stop, std::chrono::milliseconds delay, const Search& search) {
  std::promise<double> done;
  std::thread thread([&] {
    search();
    done.set_value(ProcessCpuSeconds());
  });
  std::future<double> end = done.get_future();
  const bool finished_early = end.wait_for(delay) == std::future_status::ready;
  const double stopped = ProcessCpuSeconds();
  stop = true;
  const double returned = end.get();
  thread.join();
  CHECK_MESSAGE(!finished_early, "the search ended before the stop");
  return returned - stopped;
}

// 50 ms, with room under the sanitizers (about 10x slower).
constexpr double kStopSeconds = kSanitized ? 0.5 : 0.05;
constexpr auto kRunFor = std::chrono::milliseconds(kSanitized ? 1000 : 300);

TEST_CASE("the stop flag ends every fill within 50 ms") {
  const Dictionary english = Dictionary::Default();
  const Grid square = Grid::Load(kData + "/grids/square-7x7.crg");
  const Grid open6 = Grid::FromRows(std::vector<std::string>(6, "......"));
  struct Case {
    std::string what;
    const Grid& grid;
    FillOptions options;
  };
  std::vector<Case> cases;
  FillOptions first;
  first.any = true;
  first.threads = 1;
  cases.push_back({"first fill", square, first});
  first.threads = 2;
  cases.push_back({"first fill, two searches", square, first});
  FillOptions all;
  all.all = true;
  cases.push_back({"all (counted)", square, all});
  FillOptions best;
  best.threads = 1;
  best.quality_time = 1000;
  cases.push_back({"best fill", open6, best});
  best.threads = 2;
  cases.push_back({"best fill, two searches", open6, best});
  for (Case& c : cases) {
    CAPTURE(c.what);
    StopFlag stop{false};
    c.options.stop = &stop;
    int64_t fills = 0;
    std::optional<FillQuality> quality;
    FillResult result;
    const double latency = StopLatency(stop, kRunFor, [&] {
      result = FillGrid(english, c.grid, c.options, [&](const Fill& fill) {
        quality = fill.quality;
        return ++fills > 0;
      });
    });
    CHECK(latency < kStopSeconds);
    if (result.status == FillStatus::kFilled) {
      // A best fill stopped after its first fill keeps the best so far, its proof cut short.
      REQUIRE(fills == 1);
      REQUIRE(quality.has_value());
      CHECK(c.options.quality_time == 1000);
      CHECK(!(quality->proven && quality->mean_proven));
    } else {
      CHECK(result.status == FillStatus::kTimedOut);
      CHECK(result.message.find("stopped") != std::string::npos);
    }
    MESSAGE(c.what << ": returned " << latency * 1000 << " ms after the stop");
  }
}

TEST_CASE("the stop flag ends a Kakuro search, a regions search and MakeRegions within 50 ms") {
  {
    const std::string board = squares::core::GenerateKakuro("big", 30, 46, 990, 1);
    StopFlag stop{false};
    KakuroOptions options;
    options.all = true;
    options.stop = &stop;
    std::vector<KakuroResult> results;
    int64_t found = 0;
    const double latency = StopLatency(stop, kRunFor, [&] {
      results = SolveKakuro(board, options, "<board>",
                            [&](const KakuroResult&, const std::vector<int>* digits) {
                              found += digits != nullptr;
                              return true;
                            });
    });
    CHECK(latency < kStopSeconds);
    REQUIRE(results.size() == 1);
    CHECK(results[0].verdict == KakuroVerdict::kTimedOut);
    CHECK(results[0].count == found);
    MESSAGE("kakuro: returned " << latency * 1000 << " ms after the stop, " << found
                                << " solutions");
  }
  {
    // A grid of one letter and words of it: partitions without end.
    const Dictionary a = Dictionary::FromWords({"aaaa", "aaaaa", "aaaaaa"});
    const std::string puzzle = Join(std::vector<std::string>(40, std::string(40, 'a')), "\n");
    StopFlag stop{false};
    RegionsOptions options;
    options.all = true;
    options.stop = &stop;
    RegionsResult result;
    size_t found = 0;
    const double latency = StopLatency(stop, kRunFor, [&] {
      result = SolveRegions(a, puzzle, options, "<puzzle>",
                            [&](const RegionsSolution&) { return ++found > 0; });
    });
    CHECK(latency < kStopSeconds);
    CHECK(result.verdict == RegionsVerdict::kStopped);
    CHECK(result.verdict_text() == "stopped");
    CHECK(result.count == found);
    MESSAGE("regions: returned " << latency * 1000 << " ms after the stop, " << found
                                 << " solutions");
  }
  {
    // A 50x50 puzzle takes the generator many solver runs (over 10 s).
    const Dictionary english = Dictionary::Default();
    StopFlag stop{false};
    RegionsOptions options;
    options.stop = &stop;
    MadeRegions made;
    const double latency =
        StopLatency(stop, kRunFor, [&] { made = MakeRegions(english, 50, 50, options); });
    CHECK(latency < kStopSeconds);
    CHECK(made.rows.empty());
    MESSAGE("regions --make: returned " << latency * 1000 << " ms after the stop");
  }
}

}  // namespace
