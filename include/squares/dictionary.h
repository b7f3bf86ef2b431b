// squares: a word list with its automata, the input of every search.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "squares/error.h"

namespace squares {

// The library's own: what a handle holds, and how the library reaches it.
namespace detail {
struct DictionaryImpl;
struct Access;
}  // namespace detail

// Which scores are better: the default list is scored by SCOWL size (lower = commoner), a
// `word;score` list by quality (higher = better).
enum class Better { kLower, kHigher };

// How a list is read (the command line's --language, --fold-accents, --min-score,
// --max-level), and what its scores mean.
struct DictionaryOptions {
  bool fold_accents = false;         // map accented letters to their base letter (é -> e)
  std::optional<int64_t> min_score;  // use only words scored at least this
  std::optional<int64_t> max_level;  // use only words scored at most this
  // Which scores are better. Default: kLower for the embedded list, the index's own for an
  // index file, kHigher for any other list.
  std::optional<Better> better;
  // The crossword conventions the words are read in: "en" (the default), "nl" (IJ one cell),
  // "de" (Ä Ö Ü as AE OE UE, ß as SS), "it", "fr" (Œ as OE, Æ as AE), "es" (Ñ kept), "pt";
  // all but "en" drop the other accents. A path given as one of these codes that is no file
  // names Debian's list for that language (/usr/share/dict/dutch, ...).
  std::string language = "en";
  // Called with each note of the reading, one line each (the command line's --verbose): an
  // index file's size, the entries a list skipped and why. The embedded list is then read
  // from its text, not its index. Null: no notes are made.
  std::function<void(const std::string& note)> on_note;
};

// The codes DictionaryOptions::language takes, in the order the library lists them ("en",
// "nl", ...).
std::vector<std::string> LanguageCodes();

// The automaton of the words of one length (`squares stats`).
struct AutomatonStats {
  size_t words = 0;
  size_t states = 0, entries = 0, bytes = 0;
  double build_seconds = 0;  // the time the call took to build it (next to none when built)
};

struct ScoredWord {
  std::string word;  // lower case UTF-8
  int64_t score = 0;
};

// A constructor's changes to a list (Dictionary::Changed).
struct WordChanges {
  std::vector<ScoredWord> scores{};     // these words with these scores (added when not listed)
  std::vector<std::string> excluded{};  // these words left out (a word not listed is ignored)
};

// The words that fit a pattern (Dictionary::Match).
struct PatternMatches {
  size_t total = 0;               // every word that fits
  std::vector<ScoredWord> words;  // the best of them, best score first (ties in list order)
};

// A word list (lower-cased, duplicates merged, grouped by length) and its minimal automata.
// Copies share the same data; a Dictionary may be used from several threads at once. It keeps
// the tables its searches build from its automata alone (a bounded number), for the later
// searches on it.
class Dictionary {
 public:
  // The embedded default list (English, SCOWL size <= 70, scored by SCOWL size).
  static Dictionary Default(const DictionaryOptions& options = {});
  // Word lists (one entry per line, optional ";score" or tab score, '#' comments), or one
  // index file of `squares index` or SaveIndex (then fold_accents, min_score and max_level,
  // when given, must be those it was built with). A file that cannot be read is an Error
  // with its path as source() and file_error() saying why.
  static Dictionary FromFiles(const std::vector<std::string>& paths,
                              const DictionaryOptions& options = {});
  // Word lists only, as `squares index` reads them: an index file among them is refused (a
  // data error: a binary file, not a word list).
  static Dictionary FromWordLists(const std::vector<std::string>& paths,
                                  const DictionaryOptions& options = {});
  // Entries in memory, read as the lines of a word list ("word" or "word;score"); messages
  // name the source "<words>".
  static Dictionary FromWords(const std::vector<std::string>& entries,
                              const DictionaryOptions& options = {});
  // A word list's whole text, read as FromFiles reads a list file (the same entries, scores,
  // comments); messages name `source` and the line ("words.txt:3: ..."). An index file's
  // bytes are refused (a data error): FromIndexBytes reads those.
  static Dictionary FromText(std::string_view text, const std::string& source,
                             const DictionaryOptions& options = {});
  // An index file's bytes (IndexBytes()), e.g. from a pickle: the dictionary that made them,
  // with its options and better().
  static Dictionary FromIndexBytes(std::string bytes);

  size_t size() const;                               // the number of words
  bool contains(std::string_view word) const;        // any case
  int max_length() const;                            // the longest word's letters (0 when empty)
  std::vector<std::string> Words(int length) const;  // in the list's sorted order
  std::vector<ScoredWord> ScoredWords(int length) const;
  bool scored() const;           // not every word has the same score
  Better better() const;         // DictionaryOptions::better, or its default
  bool is_default() const;       // the embedded list (or an index saved from it)
  std::string letters() const;   // the alphabet, UTF-8, in code-point order (one code point
                                 // a letter: the Dutch cell IJ is "ĳ")
  std::string language() const;  // the language code it was read in ("en", "nl", ...)
  // The words of the pattern's length that fit it, the best `limit` of them listed. '?' and
  // '.' stand for any letter; other characters are letters read as the list's words are (any
  // case; in its language's cells: Dutch "IJ" is one cell, German "Ä" two). A usage Error
  // names a character that is not a letter of the list, or an empty pattern.
  PatternMatches Match(std::string_view pattern, size_t limit) const;
  // This dictionary with `changes` made: the same language, options and better(). A data
  // Error names a scored word that cannot be one of a list's words (a space, a digit, ...).
  Dictionary Changed(const WordChanges& changes) const;
  // The automaton of the words of `length` letters (1 to max_length()), built if it was not.
  AutomatonStats automaton_stats(int length) const;

  // Saves the lexicon and its automata as an index file (as `squares index`), which
  // FromFiles maps, with everything that changes results: the options it was read with and
  // better(). A dictionary loaded from it searches exactly as this one.
  void SaveIndex(const std::string& path) const;
  std::string IndexBytes() const;

 private:
  friend struct detail::Access;
  explicit Dictionary(std::shared_ptr<const detail::DictionaryImpl> impl)
      : impl_(std::move(impl)) {}
  std::shared_ptr<const detail::DictionaryImpl> impl_;
};

}  // namespace squares
