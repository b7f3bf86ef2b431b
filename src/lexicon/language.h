// The crossword conventions of a language: which cells a word's letters take (Dutch IJ in one
// cell, German Ä as AE, accents dropped where that language's crosswords drop them), where
// Debian installs its word list, and the words a fill leaves out by default.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace squares::core {

enum class Language : uint8_t {
  kEnglish,
  kDutch,
  kGerman,
  kItalian,
  kFrench,
  kSpanish,
  kPortuguese
};
inline constexpr int kLanguageCount = 7;

// The Dutch IJ, one cell: the alphabet holds it as U+0133 (ĳ), written "ij" / "IJ" in text.
inline constexpr char32_t kDutchIj = 0x133;

struct LanguageInfo {
  Language language;
  std::string_view code;            // "nl", as --language and --dict take it
  std::string_view name;            // "Dutch"
  std::string_view debian_list;     // the list Debian installs, "/usr/share/dict/dutch"
  std::string_view debian_package;  // the package that installs it, "wdutch"
};

std::span<const LanguageInfo> Languages();
const LanguageInfo& InfoOf(Language language);
std::optional<Language> FindLanguage(std::string_view code);
std::string LanguageCodes();  // "en, nl, de, it, fr, es, pt", for messages

// The cells that `letter` (case folded) takes in `language`'s crosswords, appended to `cells`;
// `next` is the case-folded code point after it (0 at the end). Returns true when `next` is
// part of the same cell (Dutch "ij") and must be skipped. English folds accents only when
// asked (`fold_accents`); the other languages always fold those their crosswords drop.
bool AppendCells(Language language, bool fold_accents, char32_t letter, char32_t next,
                 std::u32string& cells);

// The words a fill leaves out unless asked not to (data/offensive/LANG.txt, embedded when
// the program was built): one "TIER<TAB>word" a line, TIER "slur" or "vulgar", the word in
// lower case.
std::string_view OffensiveWordsText(Language language);

}  // namespace squares::core
