// The submission sheet: what newspaper editors ask a constructor to send with a puzzle.
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "fill/fill_document.h"
#include "fill/latex_text.h"

namespace squares::core {

void AppendSubmissionLatex(const Puzzle& puzzle, const FillOutputOptions& options,
                           std::string& out) {
  const Grid& grid = puzzle.grid;
  const std::vector<std::string>& letters = puzzle.solution;
  std::vector<std::string>* warnings = options.warnings;
  const std::string name =
      LatexText(options.name.empty() ? puzzle.info.author : options.name, "the name", warnings);
  const std::string email = LatexText(options.email, "the e-mail", warnings);
  AppendLatexPreamble(puzzle, options, out);
  absl::StrAppendFormat(&out,
                        "\\makeatletter\n\\def\\ps@submission{"
                        "\\def\\@oddhead{\\small %s\\hfil %s}"
                        "\\def\\@oddfoot{\\hfil\\small page \\thepage\\hfil}}\n\\makeatother\n"
                        "\\pagestyle{submission}\n\\begin{document}\n",
                        name, email);
  if (!name.empty() || !options.address.empty() || !email.empty()) {
    out += "\\begin{flushright}\\small\n";
    if (!name.empty()) absl::StrAppendFormat(&out, "%s\\\\\n", name);
    for (absl::string_view line : absl::StrSplit(options.address, absl::ByAnyChar("\n|"))) {
      const std::string text =
          LatexText(std::string_view(line.data(), line.size()), "the address", warnings);
      if (text.find_first_not_of(' ') != std::string::npos)
        absl::StrAppendFormat(&out, "%s\\\\\n", text);
    }
    if (!email.empty()) absl::StrAppendFormat(&out, "%s\\\\\n", email);
    out += "\\end{flushright}\n";
  }
  AppendLatexHeading(puzzle.info, warnings, out);
  out += "\\PuzzleSolution[true]\n{\\fontsize{0.5\\SqCell}{0.5\\SqCell}\\selectfont\n";
  AppendLatexGrid(grid, letters, warnings, out);
  out += "}\n\\medskip\n";
  AppendClueLists(puzzle, options, true, out);
  out += "\\end{document}\n";
}

}  // namespace squares::core
