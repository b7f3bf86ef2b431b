// The fuzz targets' bodies (one per parser), shared by the libFuzzer binaries (built with
// -Dfuzz=true and clang, see scripts/fuzz.sh; fuzz_entry.cc is their entry point) and by
// test_fuzz_regressions, which runs every seed and every saved crash input through them in
// the normal test suite.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace squares::core::fuzz {

// Each takes one input and returns normally; a violated invariant aborts (FUZZ_CHECK).
void FuzzLexicon(std::string_view data);  // Lexicon::Read, then the automata
void FuzzIndex(std::string_view data);    // ParseIndex, as is and with resealed hashes
void FuzzCli(std::string_view data);      // ParseArgs + the square command (one arg a line)
void FuzzRegions(std::string_view data);  // ParseRegionPuzzle, then a bounded solve
void FuzzGrid(std::string_view data);     // ParseGrid: slots and numbering
void FuzzKakuro(std::string_view data);   // ParseKakuro: runs and sums
void FuzzClues(std::string_view data);    // ParseClues, then every document of a fill
void FuzzServe(std::string_view data);    // the workbench's JSON requests (serve/requests.h)
void FuzzPuz(std::string_view data);      // ReadPuz: an Across Lite .puz file
void FuzzPuzzle(std::string_view data);   // ReadPuzzle: every puzzle format
void FuzzZip(std::string_view data);      // ListZip, ExtractZip and Inflate (zipped .jpz)

#define FUZZ_CHECK(cond)                                                                 \
  do {                                                                                   \
    if (!(cond)) {                                                                       \
      std::fprintf(stderr, "%s:%d: FUZZ_CHECK(%s) failed\n", __FILE__, __LINE__, #cond); \
      std::abort();                                                                      \
    }                                                                                    \
  } while (0)

}  // namespace squares::core::fuzz
