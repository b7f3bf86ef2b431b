// Word-region puzzles: any bytes are refused with a message naming the source or parse into a
// rectangular grid of the dictionary's letters; small grids are then solved (at most two
// solutions), and each solution's regions spell words.
#include <cstdint>

#include "fuzz_targets.h"
#include "puzzles/regions.h"

namespace squares::core::fuzz {

void FuzzRegions(std::string_view data) {
  static const Dictionary dictionary = [] {
    auto lexicon = Lexicon::FromText(
        "able\nbale\nbear\nbare\nread\ndare\ndear\nearl\nreal\nlead\ndeal\nlade\n"
        "bead\nbred\nbald\nblade\nbread\nbeard\nlabel\nrebel\n");
    FUZZ_CHECK(lexicon.ok());
    return Dictionary(*std::move(lexicon));
  }();
  static const RegionSolver solver(dictionary, RegionSizes{});
  auto puzzle = ParseRegionPuzzle(data, "fuzz.txt", dictionary.alphabet(), data.size() % 2);
  if (!puzzle.ok()) {
    FUZZ_CHECK(puzzle.status().message().substr(0, 8) == "fuzz.txt");
    return;
  }
  FUZZ_CHECK(puzzle->rows > 0 && puzzle->cols > 0);
  FUZZ_CHECK(puzzle->letters.size() == static_cast<size_t>(puzzle->rows) * puzzle->cols);
  if (puzzle->letters.size() > 40) return;  // keep each run short
  int found = 0;
  solver.Solve(*puzzle, [&](const RegionPartition& partition) {
    for (const Word& word : RegionWords(*puzzle, partition)) {
      FUZZ_CHECK(dictionary.lexicon().find(word));
    }
    return ++found < 2;
  });
}

}  // namespace squares::core::fuzz
