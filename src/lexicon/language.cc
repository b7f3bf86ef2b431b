#include "lexicon/language.h"

#include <array>

#include "absl/strings/str_join.h"
#include "lexicon/unicode.h"

namespace squares::core {
namespace {

constexpr std::array<LanguageInfo, kLanguageCount> kLanguages = {{
    {Language::kEnglish, "en", "English", "/usr/share/dict/words", "wamerican"},
    {Language::kDutch, "nl", "Dutch", "/usr/share/dict/dutch", "wdutch"},
    {Language::kGerman, "de", "German", "/usr/share/dict/ngerman", "wngerman"},
    {Language::kItalian, "it", "Italian", "/usr/share/dict/italian", "witalian"},
    {Language::kFrench, "fr", "French", "/usr/share/dict/french", "wfrench"},
    {Language::kSpanish, "es", "Spanish", "/usr/share/dict/spanish", "wspanish"},
    {Language::kPortuguese, "pt", "Portuguese", "/usr/share/dict/portuguese", "wportuguese"},
}};

}  // namespace

std::span<const LanguageInfo> Languages() { return kLanguages; }

const LanguageInfo& InfoOf(Language language) { return kLanguages[static_cast<int>(language)]; }

std::optional<Language> FindLanguage(std::string_view code) {
  for (const LanguageInfo& info : kLanguages) {
    if (info.code == code) return info.language;
  }
  return std::nullopt;
}

std::string LanguageCodes() {
  return absl::StrJoin(kLanguages, ", ",
                       [](std::string* out, const LanguageInfo& info) { out->append(info.code); });
}

bool AppendCells(Language language, bool fold_accents, char32_t letter, char32_t next,
                 std::u32string& cells) {
  auto two = [&](char32_t first, char32_t second) {
    cells += first;
    cells += second;
    return false;
  };
  switch (language) {
    case Language::kEnglish: cells += fold_accents ? FoldAccent(letter) : letter; return false;
    case Language::kDutch:
      if (letter == kDutchIj) break;
      if (letter == 'i' && next == 'j') {
        cells += kDutchIj;
        return true;
      }
      break;
    case Language::kGerman:
      if (letter == 0xE4) return two('a', 'e');                      // ä
      if (letter == 0xF6) return two('o', 'e');                      // ö
      if (letter == 0xFC) return two('u', 'e');                      // ü
      if (letter == 0xDF || letter == 0x1E9E) return two('s', 's');  // ß, ẞ
      break;
    case Language::kFrench:
      if (letter == 0x153) return two('o', 'e');  // œ
      if (letter == 0xE6) return two('a', 'e');   // æ
      break;
    case Language::kItalian:
    case Language::kSpanish:
    case Language::kPortuguese: break;
  }
  // Ñ is a letter of its own in Spanish; every other accent is dropped.
  const bool kept = letter == kDutchIj || (language == Language::kSpanish && letter == 0xF1);
  cells += kept ? letter : FoldAccent(letter);
  return false;
}

}  // namespace squares::core
