// The API's Dictionary, and its error translation.
#include <sched.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <thread>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "api/api_internal.h"
#include "lexicon/index_file.h"
#include "lexicon/load.h"
#include "lexicon/unicode.h"
#include "squares/squares.h"
#include "text/read_file.h"
#include "text/strings.h"

namespace squares {
namespace api {

namespace {

// The numbers of "N:M" or "N" at the end of `head` (the last one first, at most two), and
// where they start.
int TrailingNumbers(std::string_view head, int (&numbers)[2], size_t& cut) {
  int count = 0;
  cut = head.size();
  while (count < 2) {
    const size_t colon = head.rfind(':', cut - 1);
    if (colon == std::string_view::npos || colon + 1 >= cut) break;
    int value = 0;
    if (!core::ParseInt(head.substr(colon + 1, cut - colon - 1), value) || value < 0) break;
    numbers[count++] = value;
    cut = colon;
  }
  return count;
}

// The cell column a message names after its position ("row 2, column 3: " or "solution row
// 2, column 3: ", as Kakuro boards' errors do), or 0.
int CellColumn(std::string_view text) {
  if (text.substr(0, 9) == "solution ") text.remove_prefix(9);
  if (text.substr(0, 4) != "row ") return 0;
  const size_t comma = text.find(", column ");
  const size_t end = text.find(": ");
  if (comma == std::string_view::npos || end == std::string_view::npos || comma > end) return 0;
  int row = 0, column = 0;
  if (!core::ParseInt(text.substr(4, comma - 4), row) ||
      !core::ParseInt(text.substr(comma + 9, end - comma - 9), column)) {
    return 0;
  }
  return column;
}

// Whether the text before a data error's first ": " names where the data came from ("g.txt",
// "/tmp/words", "<index>"), not what the error is about ("cannot run pdflatex").
bool LooksLikeSource(std::string_view head) {
  if (head.empty() || head.find(' ') != std::string_view::npos) return false;
  return head.find_first_of("./") != std::string_view::npos ||
         (head.front() == '<' && head.back() == '>');
}

}  // namespace

Error ToError(const absl::Status& status) {
  const std::string message(status.message());
  const ErrorKind kind = status.code() == absl::StatusCode::kInvalidArgument ? ErrorKind::kUsage
                                                                             : ErrorKind::kData;
  if (const std::optional<core::IoFailure> failure = core::IoFailureOf(status)) {
    return Error(kind, message, failure->path, 0, 0, failure->error_number);
  }
  // "SOURCE:LINE[:COLUMN]: text", the source free of ": " (file names and "<grid>").
  const size_t end = message.find(": ");
  if (end != std::string::npos) {
    const std::string_view head = std::string_view(message).substr(0, end);
    int numbers[2] = {0, 0};
    size_t cut = 0;
    const int count = TrailingNumbers(head, numbers, cut);
    if (count > 0 && cut > 0) {
      const int line = count == 2 ? numbers[1] : numbers[0];
      const int column = count == 2 ? numbers[0]
                                    : CellColumn(std::string_view(message).substr(end + 2));
      return Error(kind, message, std::string(head.substr(0, cut)), line, column);
    }
    if (kind == ErrorKind::kData && LooksLikeSource(head))
      return Error(kind, message, std::string(head));
  }
  return Error(kind, message);
}

void ThrowUsage(const std::string& message) { throw Error(ErrorKind::kUsage, message); }

namespace {

core::LoadOptions LoadOptionsOf(const std::vector<std::string>& paths,
                                const DictionaryOptions& options) {
  core::LoadOptions load;
  load.paths = paths;
  const std::optional<core::Language> language = core::FindLanguage(options.language);
  if (!language) {
    ThrowUsage(absl::StrFormat("unknown language '%s' (one of %s)", options.language,
                               core::LanguageCodes()));
  }
  load.language = *language;
  load.fold_accents = options.fold_accents;
  load.min_score = options.min_score;
  load.max_level = options.max_level;
  load.verbose = options.on_note != nullptr;
  return load;
}

Better BetterOf(const DictionaryOptions& options, core::ScoreMeaning meaning) {
  return options.better.value_or(meaning.lower_better ? Better::kLower : Better::kHigher);
}

// A Dictionary on an engine's dictionary (`source_hash`: that of its lexicon, unless given).
Dictionary Wrap(core::Dictionary dictionary, core::LexiconOptions options, Better better,
                bool is_default, std::optional<uint64_t> source_hash = std::nullopt) {
  const uint64_t hash = source_hash.value_or(dictionary.lexicon().source_hash());
  return detail::Access::Make(std::make_shared<const detail::DictionaryImpl>(
      std::move(dictionary), options, better, is_default, hash));
}

// The embedded list (no paths) or files, with the lexicon options they were read with (an
// index file's own) and what their scores mean (an index's, unless the options say); its
// notes to on_note.
Dictionary Load(const std::vector<std::string>& paths, const DictionaryOptions& options) {
  std::vector<std::string> notes;
  core::LoadedTraits traits;
  absl::StatusOr<core::Dictionary> dictionary =
      core::LoadDictionary(LoadOptionsOf(paths, options), &notes, &traits);
  for (const std::string& note : notes) options.on_note(note);
  return Wrap(Value(std::move(dictionary)), traits.options, BetterOf(options, traits.meaning),
              traits.meaning.embedded, traits.source_hash);
}

// What reading a list skipped, to on_note (the notes LoadDictionary makes for Load).
void Note(const core::Lexicon& lexicon, const DictionaryOptions& options) {
  if (!options.on_note) return;
  for (const std::string& note : core::ReadingNotes(lexicon)) options.on_note(note);
}

}  // namespace

core::LexiconOptions LexiconOptionsOf(const DictionaryOptions& options) {
  return LoadOptionsOf({}, options).lexicon();
}

}  // namespace api

Dictionary Dictionary::Default(const DictionaryOptions& options) { return api::Load({}, options); }

Dictionary Dictionary::FromFiles(const std::vector<std::string>& paths,
                                 const DictionaryOptions& options) {
  if (paths.empty())
    api::ThrowUsage("no word list given (the embedded list is the default)");
  return api::Load(paths, options);
}

Dictionary Dictionary::FromWordLists(const std::vector<std::string>& paths,
                                     const DictionaryOptions& options) {
  if (paths.empty())
    api::ThrowUsage("no word list given (the embedded list is the default)");
  const core::LexiconOptions lexicon_options = api::LexiconOptionsOf(options);
  core::Lexicon lexicon = api::Value(core::ReadLexicon(paths, lexicon_options));
  api::Note(lexicon, options);
  return api::Wrap(core::Dictionary(std::move(lexicon)), lexicon_options,
                   api::BetterOf(options, {}), false);
}

Dictionary Dictionary::FromWords(const std::vector<std::string>& entries,
                                 const DictionaryOptions& options) {
  return FromText(absl::StrJoin(entries, "\n"), "<words>", options);
}

Dictionary Dictionary::FromText(std::string_view text, const std::string& source,
                                const DictionaryOptions& options) {
  if (core::IsIndex(text)) {
    throw Error(ErrorKind::kData, source + ": an index file, not a word list", source);
  }
  const core::LexiconOptions lexicon_options = api::LexiconOptionsOf(options);
  const core::LexiconSource lexicon_source{source, text};
  auto lexicon = api::Value(core::Lexicon::Read({&lexicon_source, 1}, lexicon_options));
  api::Note(lexicon, options);
  return api::Wrap(core::Dictionary(std::move(lexicon)), lexicon_options,
                   api::BetterOf(options, {}), false);
}

Dictionary Dictionary::FromIndexBytes(std::string bytes) {
  auto owned = std::make_shared<const std::string>(std::move(bytes));
  core::LoadedIndex index = api::Value(core::ParseIndex(*owned, "<index>", owned));
  return api::Wrap(std::move(index.dictionary), index.options, api::BetterOf({}, index.meaning),
                   index.meaning.embedded, index.source_hash);
}

size_t Dictionary::size() const { return impl_->dictionary.lexicon().word_count(); }

bool Dictionary::contains(std::string_view word) const {
  auto encoded = impl_->dictionary.alphabet().encode(word, impl_->options.fold_accents);
  return encoded.ok() && impl_->dictionary.lexicon().find(*encoded);
}

namespace {

// The letters each cell of `pattern` may take: every letter for a wildcard ('?', '.'), one
// for each cell a run of letters encodes to.
std::vector<core::LetterSet> PatternCells(const core::Alphabet& alphabet, bool fold_accents,
                                          std::string_view pattern) {
  const core::LetterSet any = alphabet.size() == 64 ? ~core::LetterSet{0}
                                                    : (core::LetterSet{1} << alphabet.size()) - 1;
  std::vector<core::LetterSet> cells;
  size_t start = 0;
  for (size_t pos = 0; pos <= pattern.size(); ++pos) {
    const bool wildcard = pos < pattern.size() && (pattern[pos] == '?' || pattern[pos] == '.');
    if (pos < pattern.size() && !wildcard) continue;
    const absl::StatusOr<core::Word> run =
        alphabet.encode(pattern.substr(start, pos - start), fold_accents);
    if (!run.ok())
      api::ThrowUsage(absl::StrFormat("the pattern %s: %s", pattern, run.status().message()));
    for (core::Letter c : *run) cells.push_back(core::LetterSet{1} << c);
    if (wildcard) cells.push_back(any);
    start = pos + 1;
  }
  return cells;
}

// A changed word's text, as the list writes it when it is one of its words; else as given.
std::string ListForm(const core::Alphabet& alphabet, bool fold_accents, const std::string& word) {
  const absl::StatusOr<core::Word> encoded = alphabet.encode(word, fold_accents);
  return encoded.ok() ? alphabet.to_utf8(*encoded) : word;
}

}  // namespace

PatternMatches Dictionary::Match(std::string_view pattern, size_t limit) const {
  if (pattern.empty()) api::ThrowUsage("the pattern is empty");
  const core::Dictionary& dictionary = impl_->dictionary;
  const std::vector<core::LetterSet> cells =
      PatternCells(dictionary.alphabet(), impl_->options.fold_accents, pattern);
  const int length = static_cast<int>(cells.size());
  PatternMatches matches;
  if (length > core::kMaxWordLength || dictionary.lexicon().words(length).count() == 0)
    return matches;
  const core::Dawg* dawg = nullptr;
  {
    std::lock_guard lock(impl_->mutex);  // the automaton is built on first use
    dawg = &dictionary.dawg(length);
  }
  std::vector<uint32_t> ranks;
  dawg->ForEachMatch(cells, [&](uint32_t rank) { ranks.push_back(rank); });
  matches.total = ranks.size();
  const core::WordsOfLength& words = dictionary.lexicon().words(length);
  const bool lower = impl_->better == Better::kLower;
  const auto better = [&](uint32_t a, uint32_t b) {
    const int64_t x = words.scores[a], y = words.scores[b];
    return x != y ? (lower ? x < y : x > y) : a < b;
  };
  const size_t listed = std::min(limit, ranks.size());
  std::partial_sort(ranks.begin(), ranks.begin() + static_cast<std::ptrdiff_t>(listed), ranks.end(),
                    better);
  for (size_t k = 0; k < listed; ++k) {
    matches.words.push_back(
        {dictionary.alphabet().to_utf8(words.word(ranks[k])), words.scores[ranks[k]]});
  }
  return matches;
}

Dictionary Dictionary::Changed(const WordChanges& changes) const {
  const core::Alphabet& alphabet = impl_->dictionary.alphabet();
  const bool fold = impl_->options.fold_accents;
  // Each changed word in its list form: its new score, or nullopt when it is left out (a new
  // score wins over leaving out).
  absl::flat_hash_map<std::string, std::optional<int64_t>> changed;
  for (const std::string& word : changes.excluded) changed[ListForm(alphabet, fold, word)];
  for (const ScoredWord& scored : changes.scores) {
    // A line of the list's text holds one word: nothing that would end it or make it a
    // comment or a score.
    if (scored.word.empty() || scored.word.front() == '#' ||
        scored.word.find_first_of(";\t\r\n") != std::string::npos) {
      throw Error(ErrorKind::kData,
                  absl::StrFormat("'%s' cannot be a word of the list", scored.word));
    }
    changed[ListForm(alphabet, fold, scored.word)] = scored.score;
  }
  // The list's text with the changes made, read again as the list was (its words are
  // already within the score range it was read with: a new score keeps its word).
  std::string text;
  const core::Lexicon& lexicon = impl_->dictionary.lexicon();
  for (int length = 1; length <= core::kMaxWordLength; ++length) {
    const core::WordsOfLength& words = lexicon.words(length);
    for (size_t k = 0; k < words.count(); ++k) {
      std::string word = alphabet.to_utf8(words.word(k));
      int64_t score = words.scores[k];
      if (const auto found = changed.find(word); found != changed.end()) {
        if (!found->second) continue;
        score = *found->second;
        changed.erase(found);
      }
      absl::StrAppend(&text, word, ";", score, "\n");
    }
  }
  for (const auto& [word, score] : changed) {
    if (score) absl::StrAppend(&text, word, ";", *score, "\n");
  }
  core::LexiconOptions options = impl_->options;
  options.min_score = core::LexiconOptions{}.min_score;
  options.max_score = core::LexiconOptions{}.max_score;
  const core::LexiconSource source{"<changed words>", text};
  Dictionary result =
      api::Wrap(core::Dictionary(api::Value(core::Lexicon::Read({&source, 1}, options))),
                impl_->options, impl_->better, false);
  for (const ScoredWord& scored : changes.scores) {
    if (!result.contains(scored.word)) {
      throw Error(ErrorKind::kData,
                  absl::StrFormat("'%s' cannot be a word of the list: a character that is "
                                  "not a letter, or more than %d letters",
                                  scored.word, core::kMaxWordLength));
    }
  }
  return result;
}

int Dictionary::max_length() const {
  for (int length = core::kMaxWordLength; length > 0; --length) {
    if (impl_->dictionary.lexicon().words(length).count() > 0) return length;
  }
  return 0;
}

std::vector<ScoredWord> Dictionary::ScoredWords(int length) const {
  std::vector<ScoredWord> out;
  if (length < 1 || length > core::kMaxWordLength) return out;
  const core::WordsOfLength& words = impl_->dictionary.lexicon().words(length);
  out.reserve(words.count());
  for (size_t k = 0; k < words.count(); ++k) {
    out.push_back({impl_->dictionary.alphabet().to_utf8(words.word(k)), words.scores[k]});
  }
  return out;
}

std::vector<std::string> Dictionary::Words(int length) const {
  std::vector<std::string> out;
  for (ScoredWord& word : ScoredWords(length)) out.push_back(std::move(word.word));
  return out;
}

bool Dictionary::scored() const {
  bool seen = false;
  int64_t first = 0;
  for (int length = 1; length <= core::kMaxWordLength; ++length) {
    for (int64_t score : impl_->dictionary.lexicon().words(length).scores) {
      if (seen && score != first) return true;
      first = score;
      seen = true;
    }
  }
  return false;
}

Better Dictionary::better() const { return impl_->better; }
bool Dictionary::is_default() const { return impl_->is_default; }

std::string Dictionary::letters() const {
  std::string out;
  const core::Alphabet& alphabet = impl_->dictionary.alphabet();
  for (int c = 0; c < alphabet.size(); ++c)
    core::AppendUtf8(alphabet.code_point(static_cast<core::Letter>(c)), out);
  return out;
}

std::string Dictionary::language() const {
  return std::string(core::InfoOf(impl_->dictionary.alphabet().language()).code);
}

AutomatonStats Dictionary::automaton_stats(int length) const {
  AutomatonStats stats;
  if (length < 1 || length > core::kMaxWordLength) return stats;
  std::lock_guard lock(impl_->mutex);  // the automaton is built on first use
  stats.words = impl_->dictionary.lexicon().words(length).count();
  const auto start = std::chrono::steady_clock::now();
  const core::Dawg& dawg = impl_->dictionary.dawg(length);
  stats.build_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  stats.states = dawg.state_count();
  stats.entries = dawg.entry_count();
  stats.bytes = dawg.bytes();
  return stats;
}

std::string Dictionary::IndexBytes() const {
  std::lock_guard lock(impl_->mutex);  // serializing builds every automaton
  return core::SerializeIndex(impl_->dictionary, impl_->options, impl_->source_hash,
                              {impl_->better == Better::kLower, impl_->is_default});
}

void Dictionary::SaveIndex(const std::string& path) const {
  const std::string bytes = IndexBytes();
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) {
    const int error = errno;
    throw Error(ErrorKind::kData,
                absl::StrFormat("%s: cannot create: %s", path, std::strerror(error)), path, 0, 0,
                error);
  }
  const bool ok = std::fwrite(bytes.data(), 1, bytes.size(), file) == bytes.size();
  if (std::fclose(file) != 0 || !ok) {
    const int error = errno;
    throw Error(ErrorKind::kData,
                absl::StrFormat("%s: write error: %s", path, std::strerror(error)), path, 0, 0,
                error);
  }
}

std::vector<std::string> LanguageCodes() {
  std::vector<std::string> codes;
  for (const core::LanguageInfo& info : core::Languages()) codes.emplace_back(info.code);
  return codes;
}

std::string Version() { return SQUARES_VERSION; }

int DefaultThreads() {
  cpu_set_t cpus;
  if (sched_getaffinity(0, sizeof(cpus), &cpus) == 0) return std::max(1, CPU_COUNT(&cpus));
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

}  // namespace squares
