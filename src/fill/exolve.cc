// A web page that plays the fill: the puzzle in Exolve's text format (exolve-begin ...
// exolve-end) handed to Exolve's createExolve(). Exolve (MIT licence, by Viresh Ratnakar) is
// not on npm and not bundled: the page loads exolve-m.js and exolve-m.css from beside itself,
// where a copy makes it play offline, else from Exolve's site (docs/documents.md).
#include <cstdint>
#include <utility>

#include "absl/strings/str_format.h"
#include "fill/fill_document.h"
#include "lexicon/unicode.h"
#include "text/strings.h"

namespace squares::core {
namespace {

// Text inside the page's JavaScript template literal: as HTML (Exolve shows clues and titles
// as HTML; `markup` keeps ipuz's inline tags), with '#' as its entity, as Exolve reads "# " and
// a '#' at a line's end as a comment, and '~' too ("~{" begins its in-clue annotations); then
// with the literal's own specials escaped; on one line unless `one_line` is false.
std::string ExolveText(std::string_view text, bool markup = false, bool one_line = true) {
  std::string out;
  const std::string xml = markup ? MarkupXml(text) : XmlText(text);
  for (char ch : one_line ? OneLine(xml) : xml) {
    if (ch == '#') {
      out += "&#35;";
      continue;
    }
    if (ch == '~') {
      out += "&#126;";
      continue;
    }
    if (ch == '\\' || ch == '`' || ch == '$') out += '\\';
    out += ch;
  }
  return out;
}

// The notes as exolve-preamble lines that its reader gives back exactly: a line of the page
// for each line of the notes, but a line break beside an empty line (which the format skips)
// as the reference &#10; within one; blanks at a line's start or end (which it trims) and any
// \r as references too, and the 'e' of a line that begins "exolve-" (a section's name).
// Exolve shows the preamble as HTML, where these are the blanks they were.
std::string ExolveNotes(std::string_view notes) {
  const std::vector<std::string_view> lines = SplitString(notes, '\n');
  std::string out, line_out;
  for (size_t k = 0; k < lines.size(); ++k) {
    if (k > 0 && !lines[k].empty() && !lines[k - 1].empty()) {
      absl::StrAppendFormat(&out, "    %s\n", line_out);
      line_out.clear();
    } else if (k > 0) {
      line_out += "&#10;";
    }
    const std::string text = BlanksAsReferences(ExolveText(lines[k], false, false));
    line_out += text.starts_with("exolve-") ? "&#101;" + text.substr(1) : text;
  }
  absl::StrAppendFormat(&out, "    %s\n", line_out);
  return out;
}

// The page's exolve-id, which the player keys a solver's progress by: from the puzzle's title
// and grid (shape, letters, marks and bars; FNV-1a), so that two puzzles on one site differ
// and the same puzzle written again keeps it.
std::string ExolveId(const Puzzle& puzzle) {
  uint64_t hash = 0xcbf29ce484222325ULL;
  const auto add = [&hash](std::string_view bytes) {
    for (unsigned char b : bytes) {
      hash ^= b;
      hash *= 0x100000001b3ULL;
    }
    hash ^= 0xff;  // a separator no UTF-8 text holds
    hash *= 0x100000001b3ULL;
  };
  add(puzzle.info.title);
  add(absl::StrFormat("%dx%d", puzzle.grid.rows, puzzle.grid.cols));
  const Grid& grid = puzzle.grid;
  for (int i = 0; i < grid.size(); ++i) {
    add(grid.black[i] ? (grid.is_void(i) ? "_" : "#") : puzzle.solution[i]);
    add(std::string{static_cast<char>('0' + grid.mark(i)), static_cast<char>('0' + grid.bar(i))});
  }
  return absl::StrFormat("squares-%016x", hash);
}

// A cell as exolve-grid writes it: its letters ('.' a block), then its decorators: '@' a
// circle, '|' a bar after it, '_' a bar under it.
std::string ExolveCellText(const Puzzle& puzzle, int i, bool solution) {
  const Grid& grid = puzzle.grid;
  if (grid.black[i]) return ".";
  std::string cell = puzzle.solution[i].empty() ? (solution ? "?" : "0")
                                                : ExolveText(puzzle.solution[i]);
  if (grid.circled(i)) cell += '@';
  if ((grid.bar(i) & kBarRight) != 0) cell += '|';
  if ((grid.bar(i) & kBarBelow) != 0) cell += '_';
  return cell;
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

void AppendExolve(const Puzzle& puzzle, const FillOutputOptions& options, std::string& out) {
  const Grid& grid = puzzle.grid;
  const std::vector<std::string>& letters = puzzle.solution;
  const PuzzleInfo& info = puzzle.info;
  WarnUnheld(puzzle, options, "exolve",
             kHoldsCircles | kHoldsShading | kHoldsBars | kHoldsRebus | kHoldsNotes | kHoldsEditor |
                 kHoldsPublisher | kHoldsDate);
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
                        "exolve-begin\n  exolve-id: %s\n",
                        XmlText(info.title), ExolveId(puzzle));
  const std::pair<std::string_view, const std::string*> fields[] = {{"title", &info.title},
                                                                    {"setter", &info.author},
                                                                    {"copyright", &info.copyright},
                                                                    {"email", &options.email}};
  for (const auto& [key, value] : fields) {
    if (!value->empty()) {
      // Blanks around the value as references: the format trims those written as such.
      absl::StrAppendFormat(&out, "  exolve-%s: %s\n", key, BlanksAsReferences(ExolveText(*value)));
    }
  }
  for (const auto& [name, value] :
       {std::pair{"Editor", &info.editor}, {"Publisher", &info.publisher}}) {
    if (!value->empty()) {
      absl::StrAppendFormat(&out, "  exolve-credits: %s: %s\n", name, ExolveText(*value));
    }
  }
  if (!info.notes.empty() || !info.date.empty()) {
    out += "  exolve-preamble:\n";
    if (!info.date.empty()) absl::StrAppendFormat(&out, "    %s\n", ExolveText(info.date));
    out += ExolveNotes(info.notes);
  }
  if (const std::string_view script = LetterScript(letters); !script.empty()) {
    absl::StrAppendFormat(&out, "  exolve-language: %s\n", script);
  }
  bool rebus = false;
  std::string shaded;  // the shaded cells, as Exolve names cells: c3r1 (rows from the bottom)
  for (int i = 0; i < grid.size(); ++i) {
    rebus = rebus || (!grid.black[i] && IsRebus(letters[i]));
    if (grid.shaded(i)) {
      absl::StrAppendFormat(&shaded, " c%dr%d", i % grid.cols + 1, grid.rows - i / grid.cols);
    }
  }
  if (rebus) out += "  exolve-option: rebus-cells\n";
  if (!shaded.empty()) absl::StrAppendFormat(&out, "  exolve-colour: lightgray%s\n", shaded);
  absl::StrAppendFormat(&out, "  exolve-width: %d\n  exolve-height: %d\n  exolve-grid:\n",
                        grid.cols, grid.rows);
  // A cell without a letter: Exolve's '0' when no cell has one (a puzzle without its
  // solution), else '?' (a cell whose answer is not given).
  const bool solution = AnyLetter(letters);
  for (int r = 0; r < grid.rows; ++r) {
    out += "   ";
    for (int c = 0; c < grid.cols; ++c) {
      absl::StrAppendFormat(&out, " %s", ExolveCellText(puzzle, grid.cell(r, c), solution));
    }
    out += '\n';
  }
  const std::vector<std::string> clues = ShownClues(puzzle);
  const std::vector<std::string> enumerations = Enumerations(puzzle);
  for (Direction direction : {Direction::kAcross, Direction::kDown}) {
    out += direction == Direction::kAcross ? "  exolve-across:\n" : "  exolve-down:\n";
    for (size_t s = 0; s < grid.slots.size(); ++s) {
      const GridSlot& slot = grid.slots[s];
      if (slot.direction != direction) continue;
      absl::StrAppendFormat(&out, "    %d %s\n", slot.number,
                            WithEnumeration(ExolveText(clues[s], true), enumerations[s]));
    }
  }
  out += "exolve-end\n`);\n</script>\n</body>\n</html>\n";
}

}  // namespace squares::core
