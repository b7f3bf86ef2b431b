// Index files: round trip (same words, scores, automata), and refusal of every truncation,
// every single-bit flip, a foreign version or byte order, and structurally hostile payloads
// whose checksums were recomputed.
#include <doctest/doctest.h>

#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "squares/index_file.h"

using namespace squares;

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
  auto trusted = ParseIndex(DefaultDictionaryIndex(), "<default>", nullptr, IndexChecks::kHeaderOnly);
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

TEST_CASE("index: the same bytes for the same input") {
  CHECK(SmallIndex() == SmallIndex());
}

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

TEST_CASE("index: foreign version and byte order") {
  std::string bytes = SmallIndex();
  IndexHeader header = HeaderOf(bytes);
  header.version = 2;
  SetHeader(bytes, header);
  CHECK(Message(ParseIndex(bytes, "v.idx")) ==
        "v.idx: index format version 2; this squares reads version 1: rebuild it with "
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
