// The API's Dictionary, and its error translation.
#include <cstdio>
#include <cstring>
#include <memory>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "api/api_internal.h"
#include "lexicon/index_file.h"
#include "lexicon/load.h"
#include "lexicon/unicode.h"
#include "text/strings.h"
#include "squares/squares.h"

namespace squares {
namespace api {

Error ToError(const absl::Status& status) {
  const std::string message(status.message());
  const ErrorKind kind = status.code() == absl::StatusCode::kInvalidArgument ? ErrorKind::kUsage
                                                                             : ErrorKind::kData;
  // "SOURCE:LINE[:COLUMN]: text", the source free of ": " (file names and "<grid>").
  const size_t end = message.find(": ");
  if (end != std::string::npos) {
    const std::string head = message.substr(0, end);
    int numbers[2] = {0, 0}, count = 0;
    size_t cut = head.size();
    while (count < 2) {
      const size_t colon = head.rfind(':', cut - 1);
      if (colon == std::string::npos || colon + 1 >= cut) break;
      int value = 0;
      if (!core::ParseInt(std::string_view(head).substr(colon + 1, cut - colon - 1), value) || value < 0) {
        break;
      }
      numbers[count++] = value;
      cut = colon;
    }
    if (count > 0 && cut > 0) {
      const int line = count == 2 ? numbers[1] : numbers[0], column = count == 2 ? numbers[0] : 0;
      return Error(kind, message, head.substr(0, cut), line, column);
    }
  }
  return Error(kind, message);
}

void ThrowUsage(const std::string& message) { throw Error(ErrorKind::kUsage, message); }

namespace {

core::LoadOptions LoadOptionsOf(const std::vector<std::string>& paths, const DictionaryOptions& options) {
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
  return load;
}

core::LexiconOptions LexiconOptionsOf(const DictionaryOptions& options) {
  return LoadOptionsOf({}, options).lexicon();
}

core::Dictionary Load(const std::vector<std::string>& paths, const DictionaryOptions& options) {
  return Value(core::LoadDictionary(LoadOptionsOf(paths, options)));
}

}  // namespace
}  // namespace api

Dictionary Dictionary::Default(const DictionaryOptions& options) {
  auto impl = std::make_shared<Impl>(api::Load({}, options), api::LexiconOptionsOf(options), true);
  return Dictionary(std::move(impl));
}

Dictionary Dictionary::FromFiles(const std::vector<std::string>& paths, const DictionaryOptions& options) {
  if (paths.empty()) api::ThrowUsage("no word list given (Dictionary::Default is the embedded one)");
  return Dictionary(std::make_shared<Impl>(api::Load(paths, options), api::LexiconOptionsOf(options), false));
}

Dictionary Dictionary::FromWords(const std::vector<std::string>& entries, const DictionaryOptions& options) {
  const core::LexiconOptions lexicon_options = api::LexiconOptionsOf(options);
  const std::string text = absl::StrJoin(entries, "\n");
  const core::LexiconSource source{"<words>", text};
  auto lexicon = api::Value(core::Lexicon::Read({&source, 1}, lexicon_options));
  return Dictionary(std::make_shared<Impl>(core::Dictionary(std::move(lexicon)), lexicon_options, false));
}

Dictionary Dictionary::FromIndexBytes(std::string bytes) {
  auto owned = std::make_shared<const std::string>(std::move(bytes));
  core::LoadedIndex index = api::Value(core::ParseIndex(*owned, "<index>", owned));
  return Dictionary(std::make_shared<Impl>(std::move(index.dictionary), index.options, false));
}

size_t Dictionary::size() const { return impl_->dictionary.lexicon().word_count(); }

bool Dictionary::contains(std::string_view word) const {
  auto encoded = impl_->dictionary.alphabet().encode(word, impl_->options.fold_accents);
  return encoded.ok() && impl_->dictionary.lexicon().find(*encoded);
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

Better Dictionary::better() const { return impl_->is_default ? Better::kLower : Better::kHigher; }
bool Dictionary::is_default() const { return impl_->is_default; }

std::string Dictionary::letters() const {
  std::string out;
  const core::Alphabet& alphabet = impl_->dictionary.alphabet();
  for (int c = 0; c < alphabet.size(); ++c) core::AppendUtf8(alphabet.code_point(static_cast<core::Letter>(c)), out);
  return out;
}

std::string Dictionary::language() const {
  return std::string(core::InfoOf(impl_->dictionary.alphabet().language()).code);
}

std::string Dictionary::IndexBytes() const {
  std::lock_guard lock(impl_->mutex);  // serializing builds every automaton
  return core::SerializeIndex(impl_->dictionary, impl_->options, impl_->dictionary.lexicon().source_hash());
}

void Dictionary::SaveIndex(const std::string& path) const {
  const std::string bytes = IndexBytes();
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) {
    throw Error(ErrorKind::kData, absl::StrFormat("%s: cannot create: %s", path, std::strerror(errno)), path);
  }
  const bool ok = std::fwrite(bytes.data(), 1, bytes.size(), file) == bytes.size();
  if (std::fclose(file) != 0 || !ok) {
    throw Error(ErrorKind::kData, absl::StrFormat("%s: write error: %s", path, std::strerror(errno)), path);
  }
}

std::string Version() { return SQUARES_VERSION; }

}  // namespace squares
