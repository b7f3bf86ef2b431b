// UTF-8 decoding and the letter normalization (case folding, NFC, --fold-accents), internal to
// the library.
#pragma once

#include <string>
#include <string_view>

namespace squares::core {

// Decodes the code point at text[pos], advancing pos; returns -1 on invalid UTF-8
// (overlong forms, surrogates, truncated sequences, values above U+10FFFF).
int32_t DecodeUtf8(std::string_view text, size_t& pos);
void AppendUtf8(char32_t cp, std::string& out);
// The code points of valid UTF-8 text (an invalid byte counts as one).
size_t CountCodePoints(std::string_view text);

// Whether cp is a letter: Latin (Basic, Latin-1, Extended-A/B, Extended Additional), Greek,
// Cyrillic. Other scripts are not letters for this tool.
bool IsLetter(char32_t cp);
char32_t FoldCase(char32_t cp);    // to lower case
char32_t UpperCase(char32_t cp);   // to upper case (the inverse of FoldCase where one exists)
char32_t FoldAccent(char32_t cp);  // é -> e, Ñ -> N; other code points unchanged

}  // namespace squares::core
