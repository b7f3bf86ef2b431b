// The lexicon layer, each part against simple independent code: word lists (normalization,
// scores, errors), automata (sets of words and prefixes), and index files.
//
// Index files: round trip (same words, scores, automata), and refusal of every truncation,
// every single-bit flip, a foreign version or byte order, and structurally hostile payloads
// whose checksums were recomputed.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "absl/strings/str_format.h"
#include "lexicon/dawg.h"
#include "lexicon/index_file.h"
#include "lexicon/lexicon.h"
#include "test_words.h"

using namespace squares::core;
using namespace squares::core::test;

namespace {

Dictionary MustDictionary(std::string_view text, LexiconOptions options = {}) {
  auto lexicon = Lexicon::FromText(text, options);
  REQUIRE_MESSAGE(lexicon.ok(), lexicon.status().message());
  return Dictionary(*std::move(lexicon));
}

// Random words of lengths 1..7 over `letters` (UTF-8 strings), with scores.
std::string RandomList(std::mt19937& rng, int count, const std::vector<std::string>& letters) {
  std::string text;
  for (int k = 0; k < count; ++k) {
    int length = 1 + rng() % 7;
    for (int i = 0; i < length; ++i) text += letters[rng() % letters.size()];
    text += ";" + std::to_string(rng() % 100) + "\n";
  }
  return text;
}

template <class Mask>
void CheckSameAutomaton(const Dawg& a, const Dawg& b) {
  REQUIRE(a.entry_count() == b.entry_count());
  CHECK(a.state_count() == b.state_count());
  for (uint32_t e = 0; e < a.entry_count(); ++e) {
    CHECK(a.entries<Mask>()[e].mask == b.entries<Mask>()[e].mask);
    CHECK(a.entries<Mask>()[e].first == b.entries<Mask>()[e].first);
    CHECK(a.rank_offset(e) == b.rank_offset(e));
  }
}

void CheckSameDictionary(const Dictionary& original, const Dictionary& copy) {
  REQUIRE(copy.alphabet().size() == original.alphabet().size());
  for (int c = 0; c < original.alphabet().size(); ++c) {
    CHECK(copy.alphabet().code_point(c) == original.alphabet().code_point(c));
  }
  CHECK(copy.lexicon().word_count() == original.lexicon().word_count());
  for (int length = 1; length <= kMaxWordLength; ++length) {
    const WordsOfLength& words = original.lexicon().words(length);
    CHECK(copy.lexicon().words(length).letters == words.letters);
    CHECK(copy.lexicon().words(length).scores == words.scores);
    for (size_t k = 0; k < words.count(); ++k) {
      int64_t score = -1;
      CHECK(copy.lexicon().find(words.word(k), &score));
      CHECK(score == words.scores[k]);
      CHECK(copy.dawg(length).rank(words.word(k)) == k);
    }
    if (original.alphabet().size() > 32) {
      CheckSameAutomaton<uint64_t>(original.dawg(length), copy.dawg(length));
    } else {
      CheckSameAutomaton<uint32_t>(original.dawg(length), copy.dawg(length));
    }
  }
}

void CheckRoundTrip(const Dictionary& original, const LexiconOptions& options) {
  std::string bytes = SerializeIndex(original, options, 1234);
  auto loaded = ParseIndex(bytes, "t.idx");
  REQUIRE_MESSAGE(loaded.ok(), loaded.status().message());
  CHECK(loaded->source_hash == 1234);
  CHECK(loaded->options.fold_accents == options.fold_accents);
  CHECK(loaded->options.min_score == options.min_score);
  CheckSameDictionary(original, loaded->dictionary);
}

// A small index (a few hundred bytes) for the exhaustive corruption tests.
std::string SmallIndex() {
  return SerializeIndex(MustDictionary("cat;3\ndog\nact\ntac\nat\nto\na\n"), {}, 7);
}

IndexHeader HeaderOf(const std::string& bytes) {
  IndexHeader header;
  std::memcpy(&header, bytes.data(), sizeof(header));
  return header;
}
void SetHeader(std::string& bytes, const IndexHeader& header) {
  std::memcpy(bytes.data(), &header, sizeof(header));
  SealIndex(bytes);
}

std::string Message(const absl::StatusOr<LoadedIndex>& loaded) {
  return std::string(loaded.status().message());
}

}  // namespace

TEST_CASE("index: round trip keeps words, scores, alphabet and automata") {
  std::mt19937 rng(42);
  CheckRoundTrip(MustDictionary(RandomList(rng, 3000, {"a", "b", "c", "d", "e", "f"})), {});
  // Over 32 letters: 64-bit masks.
  std::vector<std::string> wide;
  for (char c = 'a'; c <= 'z'; ++c) wide.push_back(std::string(1, c));
  for (std::string g : {"α", "β", "γ", "δ", "ε", "ζ", "η", "θ", "ι", "κ"}) wide.push_back(g);
  CheckRoundTrip(MustDictionary(RandomList(rng, 3000, wide)), {});
  LexiconOptions options;
  options.fold_accents = true;
  options.min_score = 10;
  CheckRoundTrip(MustDictionary("café;20\nnaïve;5\nélan;30\n", options), options);
  CheckRoundTrip(MustDictionary(""), {});
}

TEST_CASE("index: the embedded default index passes every check and holds the embedded list") {
  // The binary trusts it (IndexChecks::kHeaderOnly): the build must have made it right.
  auto full = ParseIndex(DefaultDictionaryIndex(), "<default>");
  REQUIRE_MESSAGE(full.ok(), full.status().message());
  auto trusted =
      ParseIndex(DefaultDictionaryIndex(), "<default>", nullptr, IndexChecks::kHeaderOnly);
  REQUIRE(trusted.ok());
  const Dictionary from_text = MustDictionary(DefaultDictionaryText());
  CHECK(from_text.lexicon().word_count() > 100000);
  CheckSameDictionary(from_text, trusted->dictionary);
}

TEST_CASE("index: bytes at an unaligned address are parsed from an aligned copy") {
  const std::string bytes = SmallIndex();
  const std::string shifted = "x" + bytes;
  auto loaded = ParseIndex(std::string_view(shifted).substr(1), "u.idx");
  REQUIRE_MESSAGE(loaded.ok(), loaded.status().message());
  CHECK(loaded->dictionary.dawg(3).word_count() == 4);
  int64_t score = 0;
  CHECK(loaded->dictionary.lexicon().find(Word{1, 0, 5}, &score));  // "cat" over a c d g o t
  CHECK(score == 3);
}

TEST_CASE("index: the same bytes for the same input") { CHECK(SmallIndex() == SmallIndex()); }

TEST_CASE("index: every truncation is refused") {
  const std::string bytes = SmallIndex();
  for (size_t size = 0; size < bytes.size(); ++size) {
    auto loaded = ParseIndex(bytes.substr(0, size), "t.idx");
    REQUIRE_FALSE(loaded.ok());
    CHECK(Message(loaded).rfind("t.idx: ", 0) == 0);
  }
  auto longer = ParseIndex(bytes + "x", "t.idx");
  CHECK(Message(longer) == "t.idx: trailing bytes after the index");
}

TEST_CASE("index: every single-bit flip is refused") {
  const std::string bytes = SmallIndex();
  for (size_t bit = 0; bit < bytes.size() * 8; ++bit) {
    std::string flipped = bytes;
    flipped[bit / 8] ^= static_cast<char>(1 << bit % 8);
    auto loaded = ParseIndex(flipped, "t.idx");
    REQUIRE_MESSAGE(!loaded.ok(), "bit ", bit);
    if (bit / 8 >= sizeof(IndexHeader)) {
      CHECK(Message(loaded) == "t.idx: checksum mismatch: the file is corrupt");
    }
  }
}

TEST_CASE("index: the scores' meaning is kept; version 1 files read as higher-is-better") {
  const Dictionary dictionary = MustDictionary("cat;3\ndog\nact\n");
  for (ScoreMeaning meaning :
       {ScoreMeaning{}, ScoreMeaning{true, false}, ScoreMeaning{true, true}}) {
    auto loaded = ParseIndex(SerializeIndex(dictionary, {}, 7, meaning), "m.idx");
    REQUIRE_MESSAGE(loaded.ok(), loaded.status().message());
    CHECK(loaded->meaning.lower_better == meaning.lower_better);
    CHECK(loaded->meaning.embedded == meaning.embedded);
  }
  auto embedded = ParseIndex(DefaultDictionaryIndex(), "<default>");
  REQUIRE(embedded.ok());
  CHECK(embedded->meaning.lower_better);
  CHECK(embedded->meaning.embedded);
  // Version 1 had no meaning flags: its lists' higher scores were better; a meaning flag in
  // a version 1 header is a corruption.
  std::string bytes = SmallIndex();
  IndexHeader header = HeaderOf(bytes);
  header.version = 1;
  SetHeader(bytes, header);
  auto old = ParseIndex(bytes, "old.idx");
  REQUIRE_MESSAGE(old.ok(), old.status().message());
  CHECK(!old->meaning.lower_better);
  CHECK(!old->meaning.embedded);
  header.flags = 2;
  SetHeader(bytes, header);
  CHECK(Message(ParseIndex(bytes, "old.idx")) == "old.idx: unknown build options");
}

TEST_CASE("index: foreign version and byte order") {
  std::string bytes = SmallIndex();
  IndexHeader header = HeaderOf(bytes);
  header.version = 3;
  SetHeader(bytes, header);
  CHECK(Message(ParseIndex(bytes, "v.idx")) ==
        "v.idx: index format version 3; this squares reads versions 1 to 2: rebuild it with "
        "'squares index'");
  header.version = 0;
  SetHeader(bytes, header);
  CHECK(Message(ParseIndex(bytes, "v.idx")) ==
        "v.idx: index format version 0; this squares reads versions 1 to 2: rebuild it with "
        "'squares index'");
  header.version = kIndexVersion;
  header.byte_order = __builtin_bswap32(kByteOrderProbe);
  SetHeader(bytes, header);
  CHECK(Message(ParseIndex(bytes, "e.idx")) ==
        "e.idx: index written on a machine of the other byte order; rebuild it here");
}

TEST_CASE("index: hostile payloads with valid checksums are refused, never read out of bounds") {
  const std::string good = SmallIndex();
  // Every byte of the payload set to a few hostile values, then resealed: the structural
  // checks alone must refuse or accept a consistent index (which must then still be safe).
  size_t refused = 0;
  for (size_t pos = sizeof(IndexHeader); pos < good.size(); ++pos) {
    for (unsigned char value : {0x00, 0x01, 0x7F, 0x80, 0xFF}) {
      std::string bytes = good;
      if (static_cast<unsigned char>(bytes[pos]) == value) continue;
      bytes[pos] = static_cast<char>(value);
      SealIndex(bytes);
      auto loaded = ParseIndex(bytes, "h.idx");
      if (!loaded.ok()) {
        ++refused;
        CHECK(Message(loaded).rfind("h.idx: corrupt index: ", 0) == 0);
        continue;
      }
      // Accepted: the automata must hold exactly the (possibly changed) words.
      const Dictionary& d = loaded->dictionary;
      for (int length = 1; length <= 8; ++length) {
        const WordsOfLength& words = d.lexicon().words(length);
        for (size_t k = 0; k < words.count(); ++k) CHECK(d.dawg(length).rank(words.word(k)) == k);
      }
    }
  }
  CHECK(refused > 0);
}

TEST_CASE("index: a structurally wrong automaton names the problem") {
  // Words "ab", "b": entry 0 root, entries 1-2 (a, b), ...; point the root past the end.
  std::string bytes = SerializeIndex(MustDictionary("ab\nb\n"), {}, 0);
  // After the header: the alphabet (8 + 4*2 bytes), the length-1 section (24 bytes of
  // counts, "b" padded to 8, one score, 2 entries, 2 rank offsets), then length 2's counts,
  // "ab" padded to 8 and one score.
  const size_t section = sizeof(IndexHeader) + 16 + 24 + 8 + 8 + 16 + 8;
  const size_t root = section + 24 + 8 + 8;
  uint32_t first;
  std::memcpy(&first, bytes.data() + root + 4, 4);
  REQUIRE(first == 1);
  first = 1000;
  std::memcpy(bytes.data() + root + 4, &first, 4);
  SealIndex(bytes);
  CHECK(Message(ParseIndex(bytes, "s.idx")) ==
        "s.idx: corrupt index: automaton of length 2: entry 0: children outside the automaton");
}

TEST_CASE("lexicon: normalization, scores, comments, duplicates, skipped entries") {
  Lexicon lex = MustRead(
      "\xEF\xBB\xBF# a comment\r\nCat;5\r\ncat;9\nDOG\t3\n\n1st\no'clock\nice cream\nÄrger\n"
      "tree ; 7\n");
  CHECK(Words(lex, 3) == std::vector<std::string>{"cat", "dog"});
  CHECK(Words(lex, 4) == std::vector<std::string>{"tree"});
  CHECK(Words(lex, 5) == std::vector<std::string>{"ärger"});
  CHECK(lex.words(3).scores == std::vector<int64_t>{9, 3});  // highest score wins
  CHECK(lex.counts().duplicates == 1);
  CHECK(lex.counts().not_letters == 3);
  CHECK(lex.alphabet().size() == 9);  // a c d e g o r t ä
  CHECK(lex.alphabet().code_point(lex.alphabet().size() - 1) == U'ä');
  int64_t score = 0;
  CHECK(lex.find(*lex.alphabet().encode("CAT"), &score));
  CHECK(score == 9);
  CHECK_FALSE(lex.find(*lex.alphabet().encode("act")));
}

// A line of a score alone is an empty entry: dropped, the words around it kept.
TEST_CASE("lexicon: a score without a word") {
  Lexicon lex = MustRead("abc\n;5\nabd;2\n");
  CHECK(Words(lex, 3) == std::vector<std::string>{"abc", "abd"});
  CHECK(lex.words(3).scores == std::vector<int64_t>{0, 2});
  CHECK(lex.counts().words == 2);
}

TEST_CASE("lexicon: accent folding and score filters") {
  LexiconOptions fold;
  fold.fold_accents = true;
  Lexicon lex = MustRead("café\ncafe;2\nÉLAN;4\nnaïve\n", fold);
  CHECK(Words(lex, 4) == std::vector<std::string>{"cafe", "elan"});
  CHECK(Words(lex, 5) == std::vector<std::string>{"naive"});
  LexiconOptions scored;
  scored.min_score = 3;
  scored.max_score = 8;
  Lexicon filtered = MustRead("aa;1\nbb;3\ncc;8\ndd;9\n", scored);
  CHECK(Words(filtered, 2) == std::vector<std::string>{"bb", "cc"});
  CHECK(filtered.counts().filtered_by_score == 2);
}

TEST_CASE("lexicon: only some lengths kept, the others read as any") {
  // Lengths 2 and 4 of a list of 2 to 5 letters; the words dropped still give the alphabet
  // their letters (a shape reads a list so: its letters are the list's, whatever it keeps).
  const std::string text = "ab\nzebra\nxyz\ncafé\nqi;3\nsee\nωmega\nbb\n";
  const LexiconSource source{"<text>", text};
  auto some = Lexicon::Read({&source, 1}, {}, uint64_t{1} << 1 | uint64_t{1} << 3);
  REQUIRE(some.ok());
  const Lexicon all = MustRead(text);
  CHECK(Words(*some, 2) == std::vector<std::string>{"ab", "bb", "qi"});
  CHECK(Words(*some, 4) == std::vector<std::string>{"café"});
  CHECK(Words(*some, 3).empty());
  CHECK(Words(*some, 5).empty());
  CHECK(some->words(2).scores == all.words(2).scores);
  CHECK(some->alphabet().size() == all.alphabet().size());
  CHECK(some->alphabet().encode("ωz").ok());
  CHECK(some->word_count() == 4);
  // A word dropped for its length is still checked.
  const LexiconSource bad_source{"<text>", "ab\nfo\xC3\x28o\n"};
  auto bad = Lexicon::Read({&bad_source, 1}, {}, uint64_t{1} << 1);
  REQUIRE_FALSE(bad.ok());
  CHECK(std::string(bad.status().message()) == "<text>:2:3: invalid UTF-8 (byte 0xc3)");
}

TEST_CASE("lexicon: errors name the line") {
  auto bad_utf8 = Lexicon::FromText("ok\nfo\xC3\x28o\n");
  REQUIRE_FALSE(bad_utf8.ok());
  CHECK(std::string(bad_utf8.status().message()) == "<text>:2:3: invalid UTF-8 (byte 0xc3)");
  auto binary = Lexicon::FromText(std::string_view("ab\0cd\n", 6));
  REQUIRE_FALSE(binary.ok());
  CHECK(std::string(binary.status().message()).find("<text>:1:3: NUL byte") == 0);
  auto score = Lexicon::FromText("word;x1\n");
  REQUIRE_FALSE(score.ok());
  CHECK(std::string(score.status().message()) == "<text>:1: bad score 'x1' (expected an integer)");
  // 26 + 33 + 6 Cyrillic letters = 65 > 64.
  std::string many = "abcdefghijklmnopqrstuvwxyz\nàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿāăą\nабвгде\n";
  auto overflow = Lexicon::FromText(many);
  REQUIRE_FALSE(overflow.ok());
  CHECK(
      std::string(overflow.status().message()).find("<text>:3: the word list uses more than 64") ==
      0);
  std::string long_word(65, 'a');
  Lexicon lex = MustRead(long_word + "\nab\n");
  CHECK(lex.counts().too_long == 1);
  CHECK(lex.word_count() == 1);
}

// A source read partly from memory and the rest from a file descriptor, split at every byte:
// lines, CRLF pairs, the BOM and UTF-8 sequences cut across the two parts read the same.
TEST_CASE("lexicon: a source streamed from a file reads as the same text in memory") {
  const std::string text =
      "\xEF\xBB\xBF"
      "cat;5\r\nÄrger\r\ndog\ncat;9\nno end";
  const Lexicon whole = MustRead(text);
  char path[] = "/tmp/squares-test-XXXXXX";
  const int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  for (size_t split = 0; split <= text.size(); ++split) {
    REQUIRE(ftruncate(fd, 0) == 0);
    REQUIRE(pwrite(fd, text.data() + split, text.size() - split, 0) ==
            static_cast<ssize_t>(text.size() - split));
    REQUIRE(lseek(fd, 0, SEEK_SET) == 0);
    const LexiconSource source{"<split>", std::string_view(text).substr(0, split), fd};
    auto streamed = Lexicon::Read(std::span(&source, 1));
    REQUIRE_MESSAGE(streamed.ok(), streamed.status().message());
    for (int length : {3, 5, 6}) CHECK(Words(*streamed, length) == Words(whole, length));
    CHECK(streamed->words(3).scores == whole.words(3).scores);
    CHECK(streamed->source_hash() == whole.source_hash());
  }
  close(fd);
  unlink(path);
}

// More entries than the reader keeps before merging duplicates: the merges keep the highest
// score of each word and count the rest, as one merge at the end would.
TEST_CASE("lexicon: duplicates merged while reading") {
  std::string text;
  const int words = 1000, entries = (1 << 20) + (1 << 19);
  for (int k = 0; k < entries; ++k) {
    const int w = k % words;
    text += absl::StrFormat("w%c%c%c;%d\n", 'a' + w / 100, 'a' + w / 10 % 10, 'a' + w % 10, k);
  }
  Lexicon lex = MustRead(text);
  REQUIRE(lex.word_count() == words);
  CHECK(lex.counts().duplicates == entries - words);
  CHECK(Words(lex, 4).front() == "waaa");
  CHECK(Words(lex, 4).back() == "wjjj");
  // The score of word w is the number of its last entry.
  for (int w : {0, 1, 999}) CHECK(lex.words(4).scores[w] == (entries - 1 - w) / words * words + w);
}

// The number of states of the minimal automaton, computed the naive way: one state per
// distinct right language (set of suffixes) over all prefixes of the words.
size_t NaiveMinimalStates(const std::vector<std::string>& words) {
  std::map<std::string, std::set<std::string>> right;
  for (const std::string& w : words) {
    for (size_t p = 0; p <= w.size(); ++p) right[w.substr(0, p)].insert(w.substr(p));
  }
  std::set<std::set<std::string>> distinct;
  for (auto& [prefix, suffixes] : right) distinct.insert(suffixes);
  return distinct.size();
}

TEST_CASE("dawg: accepts exactly the words, is minimal, ranks are a bijection") {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 30; ++trial) {
    int length = 1 + trial % 6, letters = 2 + trial % 5;
    Lexicon lex = MustRead(RandomWords(rng, 5 + trial * 7, length, letters));
    const WordsOfLength& list = lex.words(length);
    Dawg dawg = Dawg::Build(list, lex.alphabet().size());
    std::vector<std::string> words = Words(lex, length);
    std::set<std::string> word_set(words.begin(), words.end());
    CHECK(dawg.word_count() == words.size());
    CHECK(dawg.state_count() == NaiveMinimalStates(words));
    std::vector<bool> seen(words.size(), false);
    for (size_t k = 0; k < list.count(); ++k) {
      auto rank = dawg.rank(list.word(k));
      REQUIRE(rank.has_value());
      CHECK(*rank == k);  // sorted order
      seen[*rank] = true;
    }
    CHECK(std::all_of(seen.begin(), seen.end(), [](bool b) { return b; }));
    // Every string over the alphabet of this length: accepted iff a word.
    Word probe(length, 0);
    const int a = lex.alphabet().size();
    for (;;) {
      std::string text = lex.alphabet().to_utf8(probe);
      CHECK(dawg.contains(probe) == word_set.contains(text));
      int i = length - 1;
      while (i >= 0 && ++probe[i] == a) probe[i--] = 0;
      if (i < 0) break;
    }
    CHECK_FALSE(dawg.contains(Word(length + 1, 0)));
  }
}

TEST_CASE("dawg: wide alphabets (more than 32 letters) use 64-bit masks") {
  std::string text = "abcdefghijklmnopqrstuvwxyz\nàáâãäåæç\n";
  for (const char* w : {"aé", "éa", "çç", "ab"}) text += std::string(w) + "\n";
  Lexicon lex = MustRead(text);
  REQUIRE(lex.alphabet().size() > 32);
  Dawg dawg = Dawg::Build(lex.words(2), lex.alphabet().size());
  CHECK(dawg.wide());
  for (const char* w : {"aé", "éa", "çç", "ab"}) CHECK(dawg.contains(*lex.alphabet().encode(w)));
  CHECK_FALSE(dawg.contains(*lex.alphabet().encode("ée")));
}
