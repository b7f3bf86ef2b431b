#include "lexicon/unicode.h"

#include <cstdint>

namespace squares::core {

size_t CountCodePoints(std::string_view text) {
  size_t count = 0;
  for (size_t pos = 0; pos < text.size(); ++count) {
    if (DecodeUtf8(text, pos) < 0) ++pos;
  }
  return count;
}

int32_t DecodeUtf8(std::string_view text, size_t& pos) {
  auto byte = [&](size_t i) { return static_cast<uint8_t>(text[i]); };
  uint8_t b0 = byte(pos);
  if (b0 < 0x80) return text[pos++];
  int extra;
  int32_t cp, min;
  if ((b0 & 0xE0) == 0xC0) extra = 1, cp = b0 & 0x1F, min = 0x80;
  else if ((b0 & 0xF0) == 0xE0) extra = 2, cp = b0 & 0x0F, min = 0x800;
  else if ((b0 & 0xF8) == 0xF0) extra = 3, cp = b0 & 0x07, min = 0x10000;
  else return -1;
  if (pos + extra >= text.size()) return -1;
  for (int k = 1; k <= extra; ++k) {
    uint8_t b = byte(pos + k);
    if ((b & 0xC0) != 0x80) return -1;
    cp = cp << 6 | (b & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return -1;
  pos += extra + 1;
  return cp;
}

void AppendUtf8(char32_t cp, std::string& out) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | cp >> 6));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | cp >> 12));
    out.push_back(static_cast<char>(0x80 | (cp >> 6 & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | cp >> 18));
    out.push_back(static_cast<char>(0x80 | (cp >> 12 & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp >> 6 & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

bool IsLetter(char32_t cp) {
  if (cp < 0x80) return (cp | 0x20) >= 'a' && (cp | 0x20) <= 'z';
  if (cp >= 0xC0 && cp <= 0x24F) return cp != 0xD7 && cp != 0xF7;
  if (cp >= 0x1E00 && cp <= 0x1EFF) return true;  // Latin Extended Additional
  if (cp >= 0x386 && cp <= 0x3CE)
    return cp != 0x387 && cp != 0x3A2 && cp != 0x38B && cp != 0x38D;  // Greek
  if (cp >= 0x400 && cp <= 0x4FF) return cp < 0x482 || cp > 0x489;    // Cyrillic
  return false;
}

// Latin Extended-A and Extended Additional mostly pair upper/lower as even/odd code points;
// these ranges hold the exceptions where the upper case letter is odd.
static bool OddUpperInExtendedA(char32_t cp) {
  return (cp >= 0x139 && cp <= 0x148) || (cp >= 0x179 && cp <= 0x17E);
}

char32_t FoldCase(char32_t cp) {
  if (cp < 0x80) return (cp >= 'A' && cp <= 'Z') ? cp + 32 : cp;
  if (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) return cp + 32;
  if (cp >= 0x100 && cp <= 0x17F) {
    if (cp == 0x130) return 'i';
    if (cp == 0x178) return 0xFF;
    if (cp == 0x131 || cp == 0x138 || cp == 0x149 || cp == 0x17F) return cp;
    if (OddUpperInExtendedA(cp)) return (cp & 1) ? cp + 1 : cp;
    return (cp & 1) ? cp : cp + 1;
  }
  if (cp >= 0x1E00 && cp <= 0x1EFF && cp != 0x1E9E) return (cp & 1) ? cp : cp + 1;
  if (cp >= 0x391 && cp <= 0x3AB && cp != 0x3A2) return cp + 32;  // Greek capitals
  if (cp == 0x386) return 0x3AC;
  if (cp >= 0x388 && cp <= 0x38A) return cp + 37;
  if (cp == 0x38C) return 0x3CC;
  if (cp == 0x38E || cp == 0x38F) return cp + 63;
  if (cp >= 0x410 && cp <= 0x42F) return cp + 32;  // Cyrillic
  if (cp >= 0x400 && cp <= 0x40F) return cp + 80;
  if (cp >= 0x460 && cp <= 0x4FF && cp != 0x4C0) return (cp & 1) ? cp : cp + 1;
  return cp;
}

char32_t UpperCase(char32_t cp) {
  if (cp < 0x80) return (cp >= 'a' && cp <= 'z') ? cp - 32 : cp;
  if (cp >= 0xE0 && cp <= 0xFE && cp != 0xF7) return cp - 32;
  if (cp == 0xFF) return 0x178;
  if (cp >= 0x100 && cp <= 0x17F) {
    if (cp == 0x131 || cp == 0x138 || cp == 0x149 || cp == 0x17F) return cp;
    if (OddUpperInExtendedA(cp) || OddUpperInExtendedA(cp - 1)) return (cp & 1) ? cp : cp - 1;
    return (cp & 1) ? cp - 1 : cp;
  }
  if (cp >= 0x1E00 && cp <= 0x1EFF && cp != 0x1E9E && cp != 0x1E9F) return cp & ~char32_t{1};
  if (cp >= 0x3B1 && cp <= 0x3CB && cp != 0x3C2) return cp - 32;
  if (cp >= 0x430 && cp <= 0x44F) return cp - 32;
  if (cp >= 0x450 && cp <= 0x45F) return cp - 80;
  if (cp >= 0x460 && cp <= 0x4FF && cp != 0x4C0) return cp & ~char32_t{1};
  return cp;
}

char32_t FoldAccent(char32_t cp) {
  // Base letters of U+00C0..U+017F; '.' marks code points left unchanged.
  static constexpr char kBase[] =
      "AAAAAA.CEEEEIIII.NOOOOO.OUUUUY.."   // C0-DF
      "aaaaaa.ceeeeiiii.nooooo.ouuuuy.y"   // E0-FF
      "AaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGg"   // 100-11F
      "GgGgHhHhIiIiIiIiIi..JjKk.LlLlLlL"   // 120-13F
      "lLlNnNnNn...OoOoOo..RrRrRrSsSsSs"   // 140-15F
      "SsTtTtTtUuUuUuUuUuUuWwYyYZzZzZz.";  // 160-17F
  if (cp < 0xC0 || cp > 0x17F) return cp;
  char base = kBase[cp - 0xC0];
  return base == '.' ? cp : static_cast<char32_t>(base);
}

}  // namespace squares::core
