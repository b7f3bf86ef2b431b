// Any text as LaTeX source for LuaLaTeX, and the characters no document prints (internal to
// src/fill).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace squares::core {

// `text` as LaTeX that prints it: the characters LaTeX gives a meaning (\ { } $ & # ^ _ ~ %)
// escaped, so that no text runs a command; straight quotes as typographic ones (opening at the
// start, after a space or an opening bracket, else closing); Hebrew and Arabic runs set right
// to left (\textdir TRT); line breaks and tabs as spaces; other control
// characters left out, each adding "FIELD: ..." to `warnings` (when given); invisible
// format characters (zero-width joiners, variation selectors, tags) left out silently, as
// the fonts have nothing to draw for them.
std::string LatexText(std::string_view text, std::string_view field,
                      std::vector<std::string>* warnings);

// The code point at text[pos], advancing pos; an invalid byte is U+FFFD and one byte
// (DecodeUtf8 leaves pos where it was), so that a loop over any text ends.
int32_t NextCodePoint(std::string_view text, size_t& pos);

// Whether `cp` is an invisible format character: zero-width spaces and joiners, word joiners,
// variation selectors, the byte order mark, tag characters.
bool IsInvisibleFormat(int32_t cp);

}  // namespace squares::core
