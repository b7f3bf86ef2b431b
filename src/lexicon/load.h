// Loading a dictionary from word lists, index files or the embedded list: what `--dict`,
// `--fold-accents`, `--min-score` and `--max-level` do, for the command line and the API.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "lexicon/dawg.h"
#include "lexicon/index_file.h"

namespace squares::core {

struct LoadOptions {
  std::vector<std::string> paths;  // word lists or one index file (`-` = stdin), or a language
                                   // code ("nl": Debian's list for it); none: the embedded list
  bool fold_accents = false;
  Language language = Language::kEnglish;
  std::optional<int64_t> min_score, max_level;
  // Report what reading skipped (the embedded list is then read from its text, not its index).
  bool verbose = false;

  LexiconOptions lexicon() const;
};

// Loads the sources with the lexicon options. A source that starts with the index magic is an
// index file (index_file.h): it must be the only one, and lexicon options, when given, must be
// those it was built with. With `verbose`, the lines to report (without "squares: ": an
// index's size, the entries skipped) are appended to `notes`. `traits` (when given) are set
// to what the load read besides the words.
struct LoadedTraits {
  LexiconOptions options;    // those the words were read with (an index file's own)
  ScoreMeaning meaning;      // the index's, the embedded list's, or a word list's
  uint64_t source_hash = 0;  // of the lists read (an index file's own)
};
absl::StatusOr<Dictionary> LoadDictionary(const LoadOptions& options,
                                          std::vector<std::string>* notes = nullptr,
                                          LoadedTraits* traits = nullptr);
// What reading `lexicon` skipped, as LoadDictionary's verbose notes say it: the counts, then
// the first few entries skipped for a character that is not a letter.
std::vector<std::string> ReadingNotes(const Lexicon& lexicon);
// The file a --dict path names: the path itself, or for a language code that is no file
// ("nl"), Debian's list for that language; a usage error names the package to install when
// that list is missing.
absl::StatusOr<std::string> ResolveListPath(const std::string& path);
// Reads word lists (`-` = stdin) in chunks: memory is bounded by the lexicon, not the input.
// Keeps the words of `lengths` only (see Lexicon::Read).
absl::StatusOr<Lexicon> ReadLexicon(std::span<const std::string> paths,
                                    const LexiconOptions& options, uint64_t lengths = ~uint64_t{0});

}  // namespace squares::core
