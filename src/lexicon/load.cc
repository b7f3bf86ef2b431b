#include "lexicon/load.h"

#include <unistd.h>

#include <memory>
#include <utility>

#include "absl/strings/str_format.h"
#include "lexicon/index_file.h"
#include "text/read_file.h"
#include "text/strings.h"

namespace squares::core {

LexiconOptions LoadOptions::lexicon() const {
  LexiconOptions options;
  options.fold_accents = fold_accents;
  options.language = language;
  if (min_score) options.min_score = *min_score;
  if (max_level) options.max_score = *max_level;
  return options;
}

namespace {

// The index in `file` (mapped when it is a regular file; else read, as far as its header
// says), whose first bytes `head` have been read; checked against the lexicon options given.
absl::StatusOr<Dictionary> LoadIndex(const LoadOptions& options, const std::string& path,
                                     InputFile& file, std::string& head,
                                     std::vector<std::string>* notes, LoadedTraits* traits) {
  if (options.paths.size() > 1) {
    return UsageError(absl::StrFormat("%s: an index file must be the only list", path));
  }
  absl::StatusOr<LoadedIndex> index;
  if (file.regular()) {
    index = LoadIndexFile(path);
  } else {
    if (absl::Status status = file.ReadUpTo(head, sizeof(IndexHeader)); !status.ok()) return status;
    // One byte past the declared size, for ParseIndex to tell trailing bytes.
    if (absl::Status status = file.ReadUpTo(head, IndexFileSize(head) + 1); !status.ok()) {
      return status;
    }
    auto owned = std::make_shared<const std::string>(std::move(head));
    index = ParseIndex(*owned, path, owned);
  }
  if (!index.ok()) return index.status();
  const LexiconOptions& built = index->options;
  if (options.language != built.language) {
    return UsageError(absl::StrFormat(
        "%s: the index was built for the language %s, not %s; rebuild it for %s", path,
        InfoOf(built.language).code, InfoOf(options.language).code, InfoOf(options.language).code));
  }
  if ((options.fold_accents && !built.fold_accents) ||
      (options.min_score && *options.min_score != built.min_score) ||
      (options.max_level && *options.max_level != built.max_score)) {
    return UsageError(absl::StrFormat(
        "%s: the index was built with other options (accent folding, minimum score, maximum "
        "level); rebuild it with the options you want",
        path));
  }
  if (options.verbose && notes) {
    notes->push_back(absl::StrFormat("%s: index of %d words, %d letters", path,
                                     index->dictionary.lexicon().word_count(),
                                     index->dictionary.alphabet().size()));
  }
  if (traits) *traits = {built, index->meaning, index->source_hash};
  return std::move(index->dictionary);
}

}  // namespace

absl::StatusOr<std::string> ResolveListPath(const std::string& path) {
  const std::optional<Language> language = FindLanguage(path);
  if (!language || access(path.c_str(), F_OK) == 0) return path;
  const LanguageInfo& info = InfoOf(*language);
  if (access(std::string(info.debian_list).c_str(), R_OK) != 0) {
    return UsageError(absl::StrFormat(
        "%s: %s is not installed: the %s word list comes with Debian's package %s "
        "(apt install %s)",
        path, info.debian_list, info.name, info.debian_package, info.debian_package));
  }
  return std::string(info.debian_list);
}

absl::StatusOr<Lexicon> ReadLexicon(std::span<const std::string> paths,
                                    const LexiconOptions& options, uint64_t lengths) {
  std::vector<InputFile> files;
  std::vector<LexiconSource> sources;
  for (const std::string& path : paths) {
    auto file = InputFile::Open(path);
    if (!file.ok()) return file.status();
    files.push_back(*std::move(file));
    sources.push_back({path == "-" ? "<stdin>" : path, {}, files.back().fd()});
  }
  return Lexicon::Read(sources, options, lengths);
}

absl::StatusOr<Dictionary> LoadDictionary(const LoadOptions& options,
                                          std::vector<std::string>* notes, LoadedTraits* traits) {
  if (traits)
    *traits = {options.lexicon(),
               options.paths.empty() ? ScoreMeaning{true, true} : ScoreMeaning{}};
  // Each source is opened once (a pipe can be read only once): its first bytes tell an index
  // from a word list, which then reads on from them.
  std::vector<InputFile> files;
  std::vector<std::string> heads;
  std::vector<std::string> paths;
  for (const std::string& named : options.paths) {
    auto path = ResolveListPath(named);
    if (!path.ok()) return path.status();
    paths.push_back(*std::move(path));
  }
  for (const std::string& path : paths) {
    auto file = InputFile::Open(path);
    if (!file.ok()) return file.status();
    std::string head;
    if (absl::Status status = file->ReadUpTo(head, kIndexMagic.size()); !status.ok()) return status;
    if (IsIndex(head)) return LoadIndex(options, path, *file, head, notes, traits);
    files.push_back(*std::move(file));
    heads.push_back(std::move(head));
  }
  std::vector<LexiconSource> sources;
  for (size_t k = 0; k < files.size(); ++k) {
    const std::string& path = paths[k];
    sources.push_back({path == "-" ? "<stdin>" : path, heads[k], files[k].fd()});
  }
  if (sources.empty()) {
    // The index built with the binary serves the default options; other options (and
    // verbose, which reports what reading skipped) read the text.
    if (!options.fold_accents && options.language == Language::kEnglish && !options.min_score &&
        !options.max_level && !options.verbose) {
      auto index = ParseIndex(DefaultDictionaryIndex(), "<default dictionary>", nullptr,
                              IndexChecks::kHeaderOnly);
      if (!index.ok()) return index.status();
      if (traits) traits->source_hash = index->source_hash;
      return std::move(index->dictionary);
    }
    sources.push_back({"<default dictionary>", DefaultDictionaryText()});
  }
  auto lexicon = Lexicon::Read(sources, options.lexicon());
  if (!lexicon.ok()) return lexicon.status();
  if (traits) traits->source_hash = lexicon->source_hash();
  if (options.verbose && notes) {
    for (std::string& note : ReadingNotes(*lexicon)) notes->push_back(std::move(note));
  }
  return Dictionary(std::move(*lexicon));
}

std::vector<std::string> ReadingNotes(const Lexicon& lexicon) {
  const LexiconCounts& counts = lexicon.counts();
  std::vector<std::string> notes = {absl::StrFormat(
      "%d words, %d letters; skipped %d entries with non-letters, %d longer than %d "
      "letters; merged %d duplicates; %d outside the score range",
      counts.words, lexicon.alphabet().size(), counts.not_letters, counts.too_long, kMaxWordLength,
      counts.duplicates, counts.filtered_by_score)};
  for (const std::string& example : counts.not_letter_examples) {
    notes.push_back("  skipped '" + example + "'");
  }
  return notes;
}

}  // namespace squares::core
