// Every fuzz seed and every input that once crashed a fuzz target (tests/data/fuzz-seeds/T,
// tests/data/fuzz-regressions/T) run through that target's body; under the sanitizer build
// (scripts/sanitize.sh) this is the fuzzers' regression suite. Usage: test_fuzz_regressions DATA
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "fuzz/fuzz_targets.h"
#include "lexicon/index_file.h"

namespace fs = std::filesystem;
using namespace squares::core;

namespace {

fs::path data_dir;

// Runs `body` on every file of the target's seed and regression directories; returns how many.
int RunFiles(const std::string& target, void (*body)(std::string_view)) {
  int count = 0;
  for (const char* kind : {"fuzz-seeds", "fuzz-regressions"}) {
    fs::path dir = data_dir / kind / target;
    if (!fs::is_directory(dir)) continue;
    for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
      std::ifstream in(entry.path(), std::ios::binary);
      std::ostringstream bytes;
      bytes << in.rdbuf();
      INFO("input: ", entry.path().string());
      body(bytes.str());
      ++count;
    }
  }
  return count;
}

}  // namespace

TEST_CASE("fuzz inputs: word lists") { CHECK(RunFiles("lexicon", fuzz::FuzzLexicon) > 0); }

TEST_CASE("fuzz inputs: index files") {
  RunFiles("index", fuzz::FuzzIndex);
  auto lexicon = Lexicon::FromText("cat;3\ndog\nact\nçà\n");
  REQUIRE(lexicon.ok());
  fuzz::FuzzIndex(SerializeIndex(Dictionary(*std::move(lexicon)), {}, 0));
}

TEST_CASE("fuzz inputs: command lines") { CHECK(RunFiles("cli", fuzz::FuzzCli) > 0); }

TEST_CASE("fuzz inputs: region puzzles") { CHECK(RunFiles("regions", fuzz::FuzzRegions) > 0); }
TEST_CASE("fuzz inputs: crossword grids") { CHECK(RunFiles("grid", fuzz::FuzzGrid) > 0); }
TEST_CASE("fuzz inputs: Kakuro boards") { CHECK(RunFiles("kakuro", fuzz::FuzzKakuro) > 0); }
TEST_CASE("fuzz inputs: clue files") { CHECK(RunFiles("clues", fuzz::FuzzClues) > 0); }
TEST_CASE("fuzz inputs: workbench requests") { CHECK(RunFiles("serve", fuzz::FuzzServe) > 0); }
TEST_CASE("fuzz inputs: .puz files") { CHECK(RunFiles("puz", fuzz::FuzzPuz) > 0); }
TEST_CASE("fuzz inputs: puzzle files") { CHECK(RunFiles("puzzle", fuzz::FuzzPuzzle) > 0); }
TEST_CASE("fuzz inputs: ZIP archives") { CHECK(RunFiles("zip", fuzz::FuzzZip) > 0); }

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: test_fuzz_regressions DATA_DIR [doctest options]\n");
    return 2;
  }
  data_dir = argv[1];
  doctest::Context context(argc - 1, argv + 1);
  return context.run();
}
