#include "fill/latex_text.h"

#include <cstdint>

#include "absl/strings/str_format.h"
#include "lexicon/unicode.h"

namespace squares::core {
namespace {

bool Control(int32_t cp) { return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f); }

// Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms: written right to left.
bool RightToLeft(int32_t cp) {
  return (cp >= 0x0590 && cp <= 0x08ff) || (cp >= 0xfb1d && cp <= 0xfdff) ||
         (cp >= 0xfe70 && cp <= 0xfeff);
}

// A letter (or digit) that is written left to right: it ends a right-to-left run.
bool LeftToRight(int32_t cp) {
  return (cp >= '0' && cp <= '9') || (cp >= 'A' && cp <= 'Z') || (cp >= 'a' && cp <= 'z') ||
         (cp >= 0xc0 && !RightToLeft(cp) && cp != 0x2018 && cp != 0x2019 && cp != 0x201c &&
          cp != 0x201d && cp != 0x2013 && cp != 0x2014 && cp != 0x2026);
}

// LaTeX source with each run of right-to-left text in a group of LuaTeX's right-to-left
// direction, as TeX sets all text left to right: the spaces and punctuation between two
// right-to-left letters belong to their run, those after its last letter do not.
std::string RightToLeftRuns(const std::string& latex) {
  std::string out, neutral;
  bool run = false;
  for (size_t pos = 0; pos < latex.size();) {
    const size_t start = pos;
    const int32_t cp = NextCodePoint(latex, pos);
    const std::string_view bytes(latex.data() + start, pos - start);
    if (RightToLeft(cp)) {
      out += run ? neutral : neutral + "{\\textdir TRT ";
      neutral.clear();
      run = true;
      out += bytes;
    } else if (run && LeftToRight(cp)) {
      out += "}" + neutral;
      neutral.clear();
      run = false;
      out += bytes;
    } else if (run) {
      neutral += bytes;
    } else {
      out += bytes;
    }
  }
  if (run) out += "}";
  return out + neutral;
}

}  // namespace

int32_t NextCodePoint(std::string_view text, size_t& pos) {
  const int32_t cp = DecodeUtf8(text, pos);
  if (cp >= 0) return cp;
  ++pos;
  return 0xfffd;
}

bool IsInvisibleFormat(int32_t cp) {
  return (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x2060 && cp <= 0x2064) || cp == 0x180e ||
         (cp >= 0xfe00 && cp <= 0xfe0f) || cp == 0xfeff || (cp >= 0xe0000 && cp <= 0xe007f);
}

std::string LatexText(std::string_view text, std::string_view field,
                      std::vector<std::string>* warnings) {
  // TeX reads at most 200,000 bytes a line: a long text is broken into lines, at a space (a
  // line break is one) once a line has kSoftLine bytes, or, past kLine, with '%' before the
  // break (TeX then sees no space there).
  constexpr size_t kSoftLine = 900, kLine = 1000;
  std::string out;
  size_t line_start = 0;
  int32_t before = ' ';  // the character before cp
  for (size_t pos = 0; pos < text.size();) {
    const int32_t cp = NextCodePoint(text, pos);
    // The fonts' TeX ligatures make a straight quote a closing one: a quote that opens (at the
    // start, after a space or an opening bracket) is written as the opening quote.
    const bool opens = before == ' ' || before == '\n' || before == '\t' || before == '(' ||
                       before == '[' || before == 0x2018 || before == 0x201c;
    before = cp;
    const bool space = cp == ' ' || cp == '\n' || cp == '\r' || cp == '\t';
    if (out.size() - line_start >= (space ? kSoftLine : kLine)) {
      out += space ? "\n" : "%\n";
      line_start = out.size();
      if (space) continue;
    }
    switch (cp) {
      case '\\': out += "\\textbackslash{}"; continue;
      case '^': out += "\\textasciicircum{}"; continue;
      case '~': out += "\\textasciitilde{}"; continue;
      case '#':
      case '$':
      case '%':
      case '&':
      case '_':
      case '{':
      case '}':
        out += '\\';
        out += static_cast<char>(cp);
        continue;
      case '"': out += opens ? "\u201c" : "\u201d"; continue;
      case '\'': out += opens ? "\u2018" : "\u2019"; continue;
      case '\n':
      case '\r':
      case '\t':
      case 0x2028:
      case 0x2029: out += ' '; continue;
      default: break;
    }
    if (Control(cp)) {
      if (warnings != nullptr) {
        warnings->push_back(
            absl::StrFormat("%s: the control character U+%04X is left out", field, cp));
      }
      continue;
    }
    if (!IsInvisibleFormat(cp)) AppendUtf8(static_cast<char32_t>(cp), out);
  }
  return RightToLeftRuns(out);
}

}  // namespace squares::core
