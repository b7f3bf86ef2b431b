// Index files: any bytes are refused or load into a consistent dictionary. The input is tried
// as is (checksums almost always refuse it) and with its hashes recomputed, so that the
// structural checks of the payload are what the fuzzer exercises.
#include <cstdint>
#include <string>

#include "fuzz_targets.h"
#include "lexicon/index_file.h"

namespace squares::core::fuzz {

namespace {

void CheckLoaded(const LoadedIndex& index) {
  const Dictionary& dictionary = index.dictionary;
  for (int length = 1; length <= kMaxWordLength; ++length) {
    const WordsOfLength& words = dictionary.lexicon().words(length);
    const Dawg& dawg = dictionary.dawg(length);
    FUZZ_CHECK(dawg.word_count() == words.count());
    for (size_t k = 0; k < words.count(); ++k) {
      FUZZ_CHECK(dawg.rank(words.word(k)) == k);
      FUZZ_CHECK(dictionary.lexicon().find(words.word(k)));
    }
  }
}

}  // namespace

void FuzzIndex(std::string_view data) {
  if (auto loaded = ParseIndex(data, "fuzz.idx"); loaded.ok()) CheckLoaded(*loaded);
  std::string sealed(data);
  SealIndex(sealed);
  auto loaded = ParseIndex(sealed, "fuzz.idx");
  if (!loaded.ok()) {
    FUZZ_CHECK(loaded.status().message().substr(0, 10) == "fuzz.idx: ");
    return;
  }
  CheckLoaded(*loaded);
  // A loaded index saves back to a file that loads to the same words and meaning.
  std::string again =
      SerializeIndex(loaded->dictionary, loaded->options, loaded->source_hash, loaded->meaning);
  auto reloaded = ParseIndex(again, "again.idx");
  FUZZ_CHECK(reloaded.ok());
  FUZZ_CHECK(reloaded->meaning.lower_better == loaded->meaning.lower_better);
  FUZZ_CHECK(reloaded->meaning.embedded == loaded->meaning.embedded);
  FUZZ_CHECK(reloaded->dictionary.lexicon().word_count() ==
             loaded->dictionary.lexicon().word_count());
}

}  // namespace squares::core::fuzz
