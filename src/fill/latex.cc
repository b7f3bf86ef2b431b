// The LaTeX page of a fill (the crossword package's cwpuzzle), typeset by LuaLaTeX in Debian's
// DejaVu fonts so that any letter and any clue text prints (docs/documents.md says why).
#include <cstdint>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "fill/fill_document.h"
#include "fill/latex_text.h"
#include "lexicon/unicode.h"

namespace squares::core {
namespace {

// The fonts (italic slanted from the upright: fonts-dejavu-core has no italic), and what the
// document does with a character none of them has. DejaVu (Debian's
// fonts-dejavu-core) holds Latin, Greek, Cyrillic and most symbols, and DejaVu Sans beside the
// serif Hebrew, Arabic and some emoji; the CJK fonts that are installed (any of those listed)
// fill in for what they lack. A character no font has is
// drawn as a white square (U+25A1) and named in the log ("squares-missing: CODE"), which
// LatexToPdf turns into warnings; luaotfload's own .notdef box after it is dropped.
// The Lua goes through TeX first: it holds no '%', '#', '~', '\' or Lua comment, and its
// lines end with complete statements (TeX joins them with spaces).
constexpr std::string_view kFonts = R"(\usepackage{fontspec}
\directlua{
  local fallback, count = {}, 0
  for _, file in ipairs({"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                         "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
                         "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
                         "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
                         "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
                         "/usr/share/fonts/opentype/freefont/FreeSerif.otf"}) do
    local handle = io.open(file, "rb")
    if handle then
      handle:close()
      count = count + 1
      fallback[count] = "[" .. file .. "]:mode=node;"
    end
  end
  luaotfload.add_fallback("squares", fallback)
  local glyph, mark = node.id("glyph"), 9633
  local function replace_missing(head)
    local boxes, found = {}, 0
    for n in node.traverse_id(glyph, head) do
      local chars = fonts.hashes.characters[n.font]
      local char = chars and chars[n.char]
      if chars and not char then
        texio.write_nl("log", "squares-missing: " .. n.char)
        n.char = mark
      elseif char and char.index == 0 and n.char > 983039 then
        found = found + 1
        boxes[found] = n
      end
    end
    for k = 1, found do
      head = node.remove(head, boxes[k])
      node.free(boxes[k])
    end
    return head
  end
  luatexbase.add_to_callback("pre_linebreak_filter", replace_missing, "squares.missing")
  luatexbase.add_to_callback("hpack_filter", replace_missing, "squares.missing")
}
\setmainfont{DejaVuSerif.ttf}[Path=/usr/share/fonts/truetype/dejavu/,
  BoldFont=DejaVuSerif-Bold.ttf, ItalicFont=DejaVuSerif.ttf, BoldItalicFont=DejaVuSerif-Bold.ttf,
  ItalicFeatures={FakeSlant=0.2}, BoldItalicFeatures={FakeSlant=0.2},
  RawFeature={fallback=squares}]
\setsansfont{DejaVuSans.ttf}[Path=/usr/share/fonts/truetype/dejavu/,
  BoldFont=DejaVuSans-Bold.ttf, ItalicFont=DejaVuSans.ttf, BoldItalicFont=DejaVuSans-Bold.ttf,
  ItalicFeatures={FakeSlant=0.2}, BoldItalicFeatures={FakeSlant=0.2},
  RawFeature={fallback=squares}]
)";

// A PDF text string: UTF-16BE in hex with its byte order mark, which any text can be; on one
// line, as a document's title and author show, and at most 500 characters (a viewer shows no
// more). The hex digits go on lines of 64 characters (TeX reads lines of limited length; a
// PDF ignores white space in a hex string).
std::string PdfString(std::string_view text) {
  std::string out = "<FEFF";
  int characters = 0;
  for (size_t pos = 0; pos < text.size() && characters < 500; ++characters) {
    if (characters % 16 == 15) out += '\n';
    int32_t cp = NextCodePoint(text, pos);
    if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) cp = ' ';
    if (cp >= 0x10000) {
      cp -= 0x10000;
      absl::StrAppendFormat(&out, "%04X%04X", 0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
    } else {
      absl::StrAppendFormat(&out, "%04X", cp);
    }
  }
  return out + ">";
}

// A cell's letter in the `Puzzle` environment. cwpuzzle reads a cell's content as one token
// and compares it with '.' and '*': a letter of several code points, or one LaTeX must
// escape, goes in braces after \relax; several letters (a rebus) shrink to fit the cell.
std::string CellLetter(const std::string& letter, std::vector<std::string>* warnings) {
  const std::string text = LatexText(letter, "the grid", warnings);
  if (text.size() == 1 && text == letter) return text;
  // "{\relax{}...": cwpuzzle's \if compares \relax with '{', not with what \SqFit expands to.
  return IsRebus(letter) ? "{\\relax{}\\SqFit{" + text + "}}" : "{\\relax " + text + "}";
}

// A white cell's cwpuzzle types: 'g' shaded (the shade under the frame), 'f' the frame, 'O' a
// circle, 'R' and 'B' a thick line right and below (a bar); "" for a plain frame, the default.
std::string CellTypes(const Grid& grid, int i) {
  const uint8_t bar = grid.bar(i);
  if (grid.mark(i) == 0 && bar == 0) return "";
  return absl::StrCat(grid.shaded(i) ? "g" : "", "f", grid.circled(i) ? "O" : "",
                      (bar & kBarRight) != 0 ? "R" : "", (bar & kBarBelow) != 0 ? "B" : "");
}

// A clue as LaTeX: ipuz's inline markup as LaTeX's (\\textit, \\textbf, \\underline,
// \\textsubscript, ...) when its tags nest, else as plain text.
std::string LatexClue(std::string_view clue, std::string_view field,
                      std::vector<std::string>* warnings) {
  const std::optional<std::vector<MarkupPiece>> pieces = SplitMarkup(clue);
  if (!pieces) return LatexText(PlainText(clue), field, warnings);
  static constexpr std::pair<std::string_view, std::string_view> kCommands[] = {
      {"i", "\\textit{"},         {"em", "\\emph{"},       {"b", "\\textbf{"},
      {"strong", "\\textbf{"},    {"u", "\\underline{"},   {"s", "{"},
      {"sub", "\\textsubscript{"}, {"sup", "\\textsuperscript{"}, {"big", "{\\large "},
      {"small", "{\\small "}};
  std::string out;
  for (const MarkupPiece& piece : *pieces) {
    if (piece.tag.empty()) {
      out += LatexText(piece.text, field, warnings);
    } else if (piece.tag == "br") {
      out += ' ';
    } else if (piece.tag[0] == '/') {
      out += '}';
    } else {
      for (const auto& [tag, command] : kCommands) {
        if (tag == piece.tag) out += command;
      }
    }
  }
  return out;
}

}  // namespace

void AppendLatexGrid(const Grid& grid, const std::vector<std::string>& letters,
                     std::vector<std::string>* warnings, std::string& out) {
  absl::StrAppendFormat(&out, "\\begin{Puzzle}{%d}{%d}\n", grid.cols, grid.rows);
  for (int r = 0; r < grid.rows; ++r) {
    for (int c = 0; c < grid.cols; ++c) {
      const int i = grid.cell(r, c);
      if (grid.is_void(i)) {  // an empty cell: cwpuzzle draws nothing
        out += "|{}";
        continue;
      }
      if (grid.black[i]) {
        out += "|*";
        continue;
      }
      out += '|';
      // [number][cell types]
      const std::string types = CellTypes(grid, i);
      if (grid.numbers[i] > 0 || !types.empty()) {
        absl::StrAppendFormat(&out, "[%s]",
                              grid.numbers[i] > 0 ? absl::StrCat(grid.numbers[i]) : "");
      }
      if (!types.empty()) absl::StrAppendFormat(&out, "[%s]", types);
      out += CellLetter(letters[i], warnings);
    }
    out += "|.\n";
  }
  out += "\\end{Puzzle}\n";
}

void AppendClueLists(const Puzzle& puzzle, const FillOutputOptions& options, bool answers,
                     std::string& out) {
  const Grid& grid = puzzle.grid;
  const std::vector<std::string>& letters = puzzle.solution;
  const std::vector<std::string> clues = ShownClues(puzzle);
  const std::vector<std::string> enumerations = Enumerations(puzzle);
  out += "\\begin{multicols}{2}\\small\n";
  for (size_t s = 0; s < grid.slots.size(); ++s) {
    const GridSlot& slot = grid.slots[s];
    if (s == 0 || grid.slots[s - 1].direction != slot.direction) {
      absl::StrAppendFormat(&out, "\\subsection*{%s}\n",
                            slot.direction == Direction::kAcross ? "Across" : "Down");
    }
    absl::StrAppendFormat(
        &out, "\\SqEntry{%d}{%s", slot.number,
        WithEnumeration(LatexClue(clues[s], ClueField(slot), options.warnings),
                        LatexText(enumerations[s], ClueField(slot), nullptr)));
    if (answers) {
      absl::StrAppendFormat(&out, "\\hfill\\mbox{\\textsf{%s}}",
                            LatexText(SlotWord(slot, letters), "an answer", nullptr));
    }
    out += "}\n";
  }
  out += "\\end{multicols}\n";
}

// The grid as wide as the text, with cells of at most 1.5 cm (less 4 pt in all: cwpuzzle's
// picture comes out 2.2 pt wider than its cells; the numbers and letters scale with the
// cell); the PDF's title and author in its metadata.
void AppendLatexPreamble(const Puzzle& puzzle, const FillOutputOptions& options, std::string& out) {
  const Grid& grid = puzzle.grid;
  absl::StrAppendFormat(&out, "\\documentclass{article}\n\\usepackage[%s,margin=2cm]{geometry}\n",
                        options.paper == "letter" ? "letterpaper" : "a4paper");
  out += kFonts;
  out +=
      "\\usepackage{multicol}\n\\usepackage{xcolor}\n\\usepackage{graphicx}\n"
      "\\usepackage{cwpuzzle}\n\\PuzzleDefineColorCell{g}{black!18}\n";
  absl::StrAppendFormat(&out, "\\pdfextension info {/Title %s", PdfString(puzzle.info.title));
  if (!puzzle.info.author.empty())
    absl::StrAppendFormat(&out, " /Author %s", PdfString(puzzle.info.author));
  out += " /Creator (squares)}\n";
  absl::StrAppendFormat(&out,
                        "\\newlength\\SqCell\n"
                        "\\setlength\\SqCell{\\dimexpr(\\textwidth-4pt)/%d\\relax}\n"
                        "\\ifdim\\SqCell>1.5cm \\setlength\\SqCell{1.5cm}\\fi\n",
                        grid.cols);
  out +=
      "\\setlength\\PuzzleUnitlength{\\SqCell}\n"
      "\\renewcommand\\PuzzleNumberFont{\\sffamily\\fontsize{0.3\\SqCell}{0.3\\SqCell}"
      "\\selectfont}\n"
      "\\newcommand\\SqEntry[2]{\\par\\noindent\\hangindent=2.4em\\makebox[2.4em][l]"
      "{\\textbf{#1}}#2}\n"
      "\\setlength\\parindent{0pt}\n"
      // A rebus: its letters, narrowed to 0.9 of the cell when wider.
      "\\newsavebox\\SqBox\n"
      "\\newcommand\\SqFit[1]{\\sbox\\SqBox{#1}\\ifdim\\wd\\SqBox>0.9\\SqCell"
      "\\resizebox{0.9\\SqCell}{!}{\\usebox\\SqBox}\\else\\usebox\\SqBox\\fi}\n";
}

void AppendLatexHeading(const PuzzleInfo& info, std::vector<std::string>* warnings,
                        std::string& out) {
  if (!info.title.empty()) {
    // Not \section*, whose lines TeX keeps on one page: a title too long for a page would
    // push the grid and the clues off it.
    absl::StrAppendFormat(&out, "{\\Large\\bfseries\\raggedright %s\\par}\n\\medskip\n",
                          LatexText(info.title, "the title", warnings));
  }
  if (!info.author.empty()) {
    absl::StrAppendFormat(&out, "%s\\par\n", LatexText(info.author, "the author", warnings));
  }
  for (const auto& [name, value] :
       {std::pair{"Edited by", &info.editor}, {"Published by", &info.publisher}}) {
    if (!value->empty()) {
      absl::StrAppendFormat(
          &out, "{\\small %s %s}\\par\n", name,
          LatexText(*value, name[0] == 'E' ? "the editor" : "the publisher", warnings));
    }
  }
  if (!info.copyright.empty()) {
    absl::StrAppendFormat(&out, "{\\small %s}\\par\n",
                          LatexText(info.copyright, "the copyright", warnings));
  }
  if (!info.date.empty()) {
    absl::StrAppendFormat(&out, "%s\\par\n", LatexText(info.date, "the date", warnings));
  }
  if (!info.notes.empty()) {
    absl::StrAppendFormat(&out, "\\smallskip{\\small %s}\\par\n",
                          LatexText(info.notes, "the notes", warnings));
  }
  out += "\\medskip\n";
}

// The page: the heading, the grid, the clue lists in two columns (or the words by length),
// and the solution on a page of its own under a heading.
void AppendLatex(const Puzzle& puzzle, const FillOutputOptions& options, std::string& out) {
  const Grid& grid = puzzle.grid;
  const std::vector<std::string>& letters = puzzle.solution;
  AppendLatexPreamble(puzzle, options, out);
  out += "\\pagestyle{empty}\n\\begin{document}\n";
  AppendLatexHeading(puzzle.info, options.warnings, out);
  AppendLatexGrid(grid, letters, options.warnings, out);
  out += "\\medskip\n";
  if (options.fill_in) {
    for (const auto& [length, words] : WordsByLength(grid, letters)) {
      absl::StrAppendFormat(&out, "\\begin{PuzzleWords}{%d}\n", length);
      for (const std::string& word : words) {
        absl::StrAppendFormat(&out, "  \\Word{%s}\n", LatexText(word, "a word", nullptr));
      }
      out += "\\end{PuzzleWords}\n";
    }
  } else {
    AppendClueLists(puzzle, options, false, out);
  }
  // A grid not filled has no solution to print: the page is a blank puzzle. The letters of
  // a partly filled one are left out, with a warning.
  if (const int empty = EmptyCells(grid, letters); empty > 0) {
    if (AnyLetter(letters) && options.warnings != nullptr) {
      options.warnings->push_back(absl::StrFormat(
          "%s: the grid has %d empty cell%s: no solution page, so its letters are not printed",
          options.format == FillFormat::kPdf ? "pdf" : "latex", empty, empty == 1 ? "" : "s"));
    }
    out += "\\end{document}\n";
    return;
  }
  out +=
      "\n\\newpage\n\\section*{Solution}\n\\PuzzleSolution\n"
      "{\\fontsize{0.6\\SqCell}{0.6\\SqCell}\\selectfont\n";
  AppendLatexGrid(grid, letters, nullptr, out);  // its warnings were given once
  out += "}\n\\end{document}\n";
}

}  // namespace squares::core
