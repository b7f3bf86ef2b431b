// Word lists: any bytes either load or are refused with a message; a loaded lexicon is
// sorted and its automata accept exactly its words, ranked in order.
#include <cstdint>

#include "fuzz_targets.h"
#include "lexicon/dawg.h"

namespace squares::core::fuzz {

void FuzzLexicon(std::string_view data) {
  for (bool fold : {false, true}) {
    LexiconOptions options;
    options.fold_accents = fold;
    auto lexicon = Lexicon::FromText(data, options);
    if (!lexicon.ok()) {
      FUZZ_CHECK(!lexicon.status().message().empty());
      continue;
    }
    Dictionary dictionary(*std::move(lexicon));
    for (int length = 1; length <= kMaxWordLength; ++length) {
      const WordsOfLength& words = dictionary.lexicon().words(length);
      if (words.count() == 0) continue;
      const Dawg& dawg = dictionary.dawg(length);
      FUZZ_CHECK(dawg.word_count() == words.count());
      for (size_t k = 0; k < words.count(); ++k) {
        FUZZ_CHECK(k == 0 || words.word(k - 1) < words.word(k));
        FUZZ_CHECK(dawg.rank(words.word(k)) == k);
        // Round trip through UTF-8: the text of a word encodes back to the word.
        std::string text = dictionary.alphabet().to_utf8(words.word(k));
        auto again = dictionary.alphabet().encode(text, fold);
        FUZZ_CHECK(again.ok() && *again == Word(words.word(k)));
      }
    }
  }
}

}  // namespace squares::core::fuzz
