// Word lists for the tests of the lexicon and of the square search.
#pragma once

#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <doctest/doctest.h>

#include "lexicon/lexicon.h"

namespace squares::core::test {

inline Lexicon MustRead(std::string_view text, LexiconOptions options = {}) {
  auto lexicon = Lexicon::FromText(text, options);
  REQUIRE_MESSAGE(lexicon.ok(), lexicon.status().message());
  return *std::move(lexicon);
}

inline std::vector<std::string> Words(const Lexicon& lexicon, int length) {
  std::vector<std::string> out;
  const WordsOfLength& list = lexicon.words(length);
  for (size_t k = 0; k < list.count(); ++k) out.push_back(lexicon.alphabet().to_utf8(list.word(k)));
  return out;
}

// Random words of one length over the first `letters` letters of a..z.
inline std::string RandomWords(std::mt19937& rng, int count, int length, int letters) {
  std::string text;
  for (int k = 0; k < count; ++k) {
    for (int i = 0; i < length; ++i) text += static_cast<char>('a' + rng() % letters);
    text += '\n';
  }
  return text;
}

// Every word of `length` letters over the first `letters` letters, each kept with
// probability keep_percent / 100.
inline std::string DenseList(std::mt19937& rng, int length, int letters, int keep_percent) {
  std::string text;
  int total = 1;
  for (int i = 0; i < length; ++i) total *= letters;
  for (int code = 0; code < total; ++code) {
    if (static_cast<int>(rng() % 100) >= keep_percent) continue;
    for (int i = 0, rest = code; i < length; ++i, rest /= letters)
      text += static_cast<char>('a' + rest % letters);
    text += '\n';
  }
  return text;
}

}  // namespace squares::core::test
