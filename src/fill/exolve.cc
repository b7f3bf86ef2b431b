// A web page that plays the fill: the puzzle in Exolve's text format (exolve-begin ...
// exolve-end) handed to Exolve's createExolve(). Exolve (MIT licence, by Viresh Ratnakar) is
// not on npm and not bundled: the page loads exolve-m.js and exolve-m.css from beside itself,
// where a copy makes it play offline, else from Exolve's site (docs/documents.md).
#include "absl/strings/str_format.h"
#include "fill/fill_document.h"
#include "lexicon/unicode.h"

namespace squares::core {
namespace {

// Text inside the page's JavaScript template literal: as HTML (Exolve shows clues and titles
// as HTML), then with the literal's own specials escaped; on one line for the one-line fields.
std::string ExolveText(std::string_view text) {
  std::string out;
  for (char ch : OneLine(XmlText(text))) {
    if (ch == '\\' || ch == '`' || ch == '$') out += '\\';
    out += ch;
  }
  return out;
}

// Exolve takes A-Z unless told the script of the letters: the script of the first letter
// beyond ASCII ("" when there is none).
std::string_view LetterScript(const std::vector<std::string>& letters) {
  for (const std::string& letter : letters) {
    size_t pos = 0;
    const int32_t cp = letter.empty() ? 0 : DecodeUtf8(letter, pos);
    if (cp < 0x80) continue;
    if (cp >= 0x370 && cp <= 0x3ff) return "el Greek";
    if (cp >= 0x400 && cp <= 0x52f) return "ru Cyrillic";
    return "xx Latin";
  }
  return "";
}

}  // namespace

void AppendExolve(const Grid& grid, const std::vector<std::string>& letters,
                  const FillOutputOptions& options, std::string& out) {
  absl::StrAppendFormat(&out,
                        "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n"
                        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                        "<title>%s</title>\n"
                        "<link rel=\"stylesheet\" href=\"exolve-m.css\">\n"
                        "<script src=\"exolve-m.js\"></script>\n"
                        "<script>\n"
                        "if (typeof createExolve === 'undefined') {\n"
                        "  document.write('<link rel=\"stylesheet\" "
                        "href=\"https://viresh-ratnakar.github.io/exolve-m.css\">');\n"
                        "  document.write('<script "
                        "src=\"https://viresh-ratnakar.github.io/exolve-m.js\"><\\/script>');\n"
                        "}\n</script>\n</head>\n<body>\n<script>\ncreateExolve(`\n"
                        "exolve-begin\n  exolve-id: squares-puzzle\n",
                        XmlText(options.title));
  const std::pair<std::string_view, const std::string*> fields[] = {
      {"title", &options.title},
      {"setter", &options.author},
      {"copyright", &options.copyright},
      {"email", &options.email}};
  for (const auto& [key, value] : fields) {
    if (!value->empty()) absl::StrAppendFormat(&out, "  exolve-%s: %s\n", key, ExolveText(*value));
  }
  if (!options.notes.empty() || !options.date.empty()) {
    out += "  exolve-preamble:\n";
    if (!options.date.empty()) absl::StrAppendFormat(&out, "    %s\n", ExolveText(options.date));
    if (!options.notes.empty()) absl::StrAppendFormat(&out, "    %s\n", ExolveText(options.notes));
  }
  if (const std::string_view script = LetterScript(letters); !script.empty()) {
    absl::StrAppendFormat(&out, "  exolve-language: %s\n", script);
  }
  absl::StrAppendFormat(&out, "  exolve-width: %d\n  exolve-height: %d\n  exolve-grid:\n",
                        grid.cols, grid.rows);
  // A cell without a letter: Exolve's '0' when no cell has one (a puzzle without its
  // solution), else '?' (a cell whose answer is not given).
  const bool solution = AnyLetter(letters);
  for (int r = 0; r < grid.rows; ++r) {
    out += "   ";
    for (int c = 0; c < grid.cols; ++c) {
      const int i = grid.cell(r, c);
      absl::StrAppendFormat(&out, " %s",
                            grid.black[i]        ? "."
                            : letters[i].empty() ? (solution ? "?" : "0")
                                                 : ExolveText(letters[i]));
    }
    out += '\n';
  }
  const std::vector<std::string> clues = ShownClues(grid, letters, options);
  for (Direction direction : {Direction::kAcross, Direction::kDown}) {
    out += direction == Direction::kAcross ? "  exolve-across:\n" : "  exolve-down:\n";
    for (size_t s = 0; s < grid.slots.size(); ++s) {
      const GridSlot& slot = grid.slots[s];
      if (slot.direction != direction) continue;
      absl::StrAppendFormat(&out, "    %d %s\n", slot.number,
                            WithEnumeration(ExolveText(clues[s]), slot.length));
    }
  }
  out += "exolve-end\n`);\n</script>\n</body>\n</html>\n";
}

}  // namespace squares::core
