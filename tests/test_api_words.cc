// A dictionary's words as the workbench's word lists use them: a list read from its text,
// the words that fit a pattern, a constructor's re-scored and excluded words.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "squares/squares.h"

namespace {

using squares::Better;
using squares::Dictionary;
using squares::DictionaryOptions;
using squares::Error;
using squares::PatternMatches;
using squares::ScoredWord;

// "word score" for each listed match, and the total.
std::string Listed(const PatternMatches& matches) {
  std::string out = std::to_string(matches.total) + ":";
  for (const ScoredWord& word : matches.words)
    out += " " + word.word + "=" + std::to_string(word.score);
  return out;
}

// The message of the Error `call` throws ("" when it throws none).
template <class Call>
std::string ErrorOf(Call call) {
  try {
    call();
  } catch (const Error& error) {
    return error.what();
  }
  return "";
}

const std::vector<std::string> kWords = {"cat;5", "cot;3", "cut;9", "coat;1", "chat;2", "crab;4"};

}  // namespace

TEST_CASE("FromText: a list's whole text, as a file of it is read; errors name the line") {
  const Dictionary words =
      Dictionary::FromText("\xEF\xBB\xBF# a comment\r\nCat;5\r\n\r\ndog\t7\nemu\n", "mine.txt");
  CHECK(words.size() == 3);
  CHECK(words.scored());
  CHECK(words.better() == Better::kHigher);
  CHECK(Listed(words.Match("???", 10)) == "3: dog=7 cat=5 emu=0");

  Error error(squares::ErrorKind::kUsage, "");
  try {
    Dictionary::FromText("cat;5\ndog;x\n", "mine.txt");
  } catch (const Error& thrown) {
    error = thrown;
  }
  CHECK(error.kind() == squares::ErrorKind::kData);
  CHECK(error.source() == "mine.txt");
  CHECK(error.line() == 2);
  CHECK(std::string(error.what()).starts_with("mine.txt:2:"));
  CHECK(ErrorOf([] {
          Dictionary::FromText(std::string("cat\nd\0g\n", 8), "bin");
        }).starts_with("bin:2:"));
  CHECK(ErrorOf([] { Dictionary::FromText("ok\n\xff\xfe\n", "bin"); }).starts_with("bin:2:"));
  const std::string index = Dictionary::FromWords({"cat"}).IndexBytes();
  CHECK(ErrorOf([&] { Dictionary::FromText(index, "words.idx"); }) ==
        "words.idx: an index file, not a word list");
  CHECK(Dictionary::FromText("", "empty.txt").size() == 0);
}

TEST_CASE("Match: the words of a pattern, best first, the total and a bound") {
  const Dictionary words = Dictionary::FromWords(kWords);
  CHECK(Listed(words.Match("c?t", 10)) == "3: cut=9 cat=5 cot=3");
  CHECK(Listed(words.Match("C.T", 2)) == "3: cut=9 cat=5");
  CHECK(Listed(words.Match("c??t", 10)) == "2: chat=2 coat=1");
  CHECK(Listed(words.Match("????", 0)) == "3:");
  CHECK(Listed(words.Match("c?ta", 10)) == "0:");
  CHECK(Listed(words.Match("??????????", 10)) == "0:");
  // Lower is better: the order turns round.
  DictionaryOptions lower;
  lower.better = Better::kLower;
  CHECK(Listed(Dictionary::FromWords(kWords, lower).Match("c?t", 10)) == "3: cot=3 cat=5 cut=9");
  CHECK(ErrorOf([&] { words.Match("", 10); }) == "the pattern is empty");
  CHECK(ErrorOf([&] { words.Match("c1t", 10); }) ==
        "the pattern c1t: '1' is not a letter of the dictionary's alphabet");
  CHECK(ErrorOf([&] { words.Match("?x", 10); }) ==
        "the pattern ?x: 'x' is not a letter of the dictionary's alphabet");
}

TEST_CASE("Match: letters beyond ASCII in the list's language") {
  DictionaryOptions dutch;
  dutch.language = "nl";
  const Dictionary nl = Dictionary::FromWords({"ijs;2", "ijzer;1", "tijd;3"}, dutch);
  CHECK(Listed(nl.Match("IJ?", 10)) == "1: ijs=2");  // IJ is one cell
  CHECK(Listed(nl.Match("?ij?", 10)) == "1: tijd=3");
  DictionaryOptions german;
  german.language = "de";
  const Dictionary de = Dictionary::FromWords({"bär;1", "baer;1", "bier;2"}, german);
  CHECK(Listed(de.Match("BÄ?", 10)) == "1: baer=1");  // Ä is AE: two cells
  CHECK(Listed(de.Match("b??r", 10)) == "2: bier=2 baer=1");
  DictionaryOptions french;
  french.language = "fr";
  CHECK(Listed(Dictionary::FromWords({"été;4"}, french).Match("?T?", 10)) == "1: ete=4");
}

TEST_CASE("Changed: words re-scored, added and left out, the rest as it was") {
  DictionaryOptions lower;
  lower.better = Better::kLower;
  const Dictionary words = Dictionary::FromWords(kWords, lower);
  const Dictionary changed =
      words.Changed({.scores = {{"CAT", 1}, {"cit", 7}}, .excluded = {"cut", "zzz", "c-t"}});
  CHECK(changed.size() == words.size());  // one out, one in
  CHECK(changed.better() == Better::kLower);
  CHECK(Listed(changed.Match("c?t", 10)) == "3: cat=1 cot=3 cit=7");
  CHECK_FALSE(changed.contains("cut"));
  CHECK(Listed(words.Match("c?t", 10)) == "3: cot=3 cat=5 cut=9");  // the base is unchanged
  // A new score wins over leaving out; nothing changed is the same list.
  CHECK(Listed(words.Changed({.scores = {{"cut", 2}}, .excluded = {"cut"}}).Match("cu?", 10)) ==
        "1: cut=2");
  CHECK(words.Changed({}).size() == words.size());
  // Only words: nothing that would make another line, a comment or a score.
  CHECK(ErrorOf([&] {
          words.Changed({.scores = {{"a\nb", 1}}});
        }) == "'a\nb' cannot be a word of the list");
  CHECK(ErrorOf([&] {
          words.Changed({.scores = {{"cat;9", 1}}});
        }) == "'cat;9' cannot be a word of the list");
  CHECK(ErrorOf([&] {
          words.Changed({.scores = {{"two words", 1}}});
        }) ==
        "'two words' cannot be a word of the list: a character that is not a letter, or more "
        "than 64 letters");
  // The language's cells are kept.
  DictionaryOptions dutch;
  dutch.language = "nl";
  const Dictionary nl = Dictionary::FromWords({"ijs;2", "tijd;3"}, dutch);
  CHECK(Listed(nl.Changed({.scores = {{"IJS", 5}}}).Match("ij?", 10)) == "1: ijs=5");
}

TEST_CASE("LanguageCodes: those DictionaryOptions::language takes") {
  CHECK(squares::LanguageCodes() ==
        std::vector<std::string>{"en", "nl", "de", "it", "fr", "es", "pt"});
}
