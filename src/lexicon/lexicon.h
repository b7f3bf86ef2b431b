// Lexicon: a word list read, normalized and grouped by length.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "lexicon/language.h"

namespace squares::core {

inline constexpr int kMaxLetters = 64;     // alphabet size limit (one bit per letter)
inline constexpr int kMaxWordLength = 64;  // longer entries are skipped and counted

// A letter is its index in the alphabet (0..63); a word is a string of such codes.
using Letter = uint8_t;
using LetterSet = uint64_t;  // bit c set = letter c allowed
using Word = std::basic_string<Letter>;
using WordView = std::basic_string_view<Letter>;

// The letters a list uses, in code-point order. Letter c is letters()[c].
class Alphabet {
 public:
  Alphabet() = default;
  // `code_points` sorted, unique, at most 64; `language` maps a word to its cells (encode).
  explicit Alphabet(std::vector<char32_t> code_points, Language language = Language::kEnglish);

  int size() const { return static_cast<int>(letters_.size()); }
  Language language() const { return language_; }
  char32_t code_point(Letter c) const { return letters_[c]; }
  // The code of a (normalized) code point, or -1 when it is not in the alphabet.
  int find(char32_t cp) const;
  // Appends the UTF-8 form of letter c (uppercased when `upper`): a cell's text, so the
  // Dutch ĳ is written "ij" / "IJ".
  void append_utf8(Letter c, bool upper, std::string& out) const;
  std::string to_utf8(WordView word, bool upper = false) const;
  // Normalizes `text` (case fold, the language's cells, optional accent fold) and encodes it;
  // fails when a character is not a letter of this alphabet (the message names it).
  absl::StatusOr<Word> encode(std::string_view text, bool fold_accents = false) const;

 private:
  std::vector<char32_t> letters_;
  std::vector<std::string> utf8_lower_, utf8_upper_;
  Language language_ = Language::kEnglish;
};

struct LexiconOptions {
  bool fold_accents = false;                                // é -> e, ñ -> n, ...
  Language language = Language::kEnglish;                   // the cells of a word (language.h)
  int64_t min_score = std::numeric_limits<int64_t>::min();  // drop words scored lower
  int64_t max_score =
      std::numeric_limits<int64_t>::max();  // drop words scored higher (--max-level)
};

// One source of words: a name for messages ("words.txt", "<stdin>", "<default dictionary>")
// and its bytes: `text`, then, when `fd` >= 0, the rest of the file read from `fd` in chunks
// until its end. The reader holds a chunk and a line at a time, never the whole input: memory
// is bounded by the lexicon built (duplicates are merged as they pile up), not by the input.
struct LexiconSource {
  std::string name;
  std::string_view text;
  int fd = -1;
};
inline constexpr size_t kMaxLineBytes = 1 << 16;  // a longer line is refused

// A read-only array that owns its elements or views memory that outlives it (an index file
// mapped by --dict, or the index embedded in the binary): loading an index copies nothing.
// Move-only; a move keeps the view valid (a moved vector keeps its buffer).
template <class T>
class FlatArray {
 public:
  FlatArray() = default;
  FlatArray(std::vector<T> owned) : owned_(std::move(owned)), view_(owned_) {}
  static FlatArray View(std::span<const T> memory) {
    FlatArray array;
    array.view_ = memory;
    return array;
  }
  FlatArray(FlatArray&&) noexcept = default;
  FlatArray& operator=(FlatArray&&) noexcept = default;

  size_t size() const { return view_.size(); }
  bool empty() const { return view_.empty(); }
  const T* data() const { return view_.data(); }
  const T& operator[](size_t k) const { return view_[k]; }
  auto begin() const { return view_.begin(); }
  auto end() const { return view_.end(); }
  operator std::span<const T>() const { return view_; }
  friend bool operator==(const FlatArray& a, const FlatArray& b) {
    return std::ranges::equal(a.view_, b.view_);
  }

 private:
  std::vector<T> owned_;
  std::span<const T> view_;
};

// All words of one length, sorted by code, unique; scores parallel to words.
struct WordsOfLength {
  FlatArray<Letter> letters;  // count() * length codes, word k at [k*length, (k+1)*length)
  FlatArray<int64_t> scores;
  int length = 0;

  size_t count() const { return scores.size(); }
  WordView word(size_t k) const { return WordView(letters.data() + k * length, length); }
};

struct LexiconCounts {
  size_t lines = 0, words = 0, duplicates = 0, filtered_by_score = 0;
  size_t not_letters = 0, too_long = 0;
  std::vector<std::string> not_letter_examples;  // a few skipped entries, for --verbose
};

class Lexicon {
 public:
  // Reads the sources: one entry a line (UTF-8, an optional BOM, LF or CRLF), an optional
  // score after ';' or a tab, '#' comment lines and empty lines ignored. Entries are case
  // folded and NFC-normalized; one with a character that is not a letter, or longer than
  // kMaxWordLength letters, is skipped and counted; duplicates are merged, the highest score
  // kept. The alphabet is the letters used, in code-point order. Errors (invalid UTF-8, a NUL
  // byte, a bad score, more than 64 letters, a line over kMaxLineBytes, a read error) name the
  // source and line, and the column where there is one: "words.txt:12:5: invalid UTF-8 (byte
  // 0xff)". Only the words of the lengths in `lengths` are kept (bit L - 1 for length L): the
  // others are read as any (checked, their letters in the alphabet) and dropped.
  static absl::StatusOr<Lexicon> Read(std::span<const LexiconSource> sources,
                                      const LexiconOptions& options = {},
                                      uint64_t lengths = ~uint64_t{0});
  // A lexicon from normalized parts (an index file): by_length[L] holds the words of length
  // L. Checks that every code is a letter of the alphabet and that each length's words are
  // sorted and unique (a DataLossError otherwise), unless the parts are `trusted` (the index
  // this program was built with).
  static absl::StatusOr<Lexicon> FromParts(Alphabet alphabet, std::vector<WordsOfLength> by_length,
                                           bool trusted = false);
  // Convenience for tests: one source from a string.
  static absl::StatusOr<Lexicon> FromText(std::string_view text,
                                          const LexiconOptions& options = {});

  const Alphabet& alphabet() const { return alphabet_; }
  // Words of one length (empty when there are none); 1 <= length <= kMaxWordLength.
  const WordsOfLength& words(int length) const { return by_length_[length]; }
  size_t word_count() const { return counts_.words; }
  const LexiconCounts& counts() const { return counts_; }
  // XXH3-64 of the bytes of the sources read, in order (0 for a lexicon from parts).
  uint64_t source_hash() const { return source_hash_; }
  // The score of a word, or nullopt-like: returns false when absent.
  bool find(WordView word, int64_t* score = nullptr) const;

 private:
  Alphabet alphabet_;
  std::vector<WordsOfLength> by_length_ = std::vector<WordsOfLength>(kMaxWordLength + 1);
  LexiconCounts counts_;
  uint64_t source_hash_ = 0;
};

// The embedded default dictionary (data/words.txt, SCOWL size <= 70, score = SCOWL size):
// its text, and its index (index_file.h) built from that text with default options when the
// program was built.
std::string_view DefaultDictionaryText();
std::string_view DefaultDictionaryIndex();

}  // namespace squares::core
