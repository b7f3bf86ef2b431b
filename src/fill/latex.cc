// The LaTeX page of a fill (the crossword package's cwpuzzle) and its PDF by pdflatex.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/str_format.h"
#include "fill/fill_document.h"

extern char** environ;

namespace squares::core {
namespace {

// Text with LaTeX's special characters made literal.
std::string LatexText(std::string_view text) {
  std::string out;
  for (char ch : text) {
    switch (ch) {
      case '\\': out += "\\textbackslash{}"; break;
      case '^': out += "\\textasciicircum{}"; break;
      case '~': out += "\\textasciitilde{}"; break;
      case '#': case '$': case '%': case '&': case '_': case '{': case '}':
        out += '\\';
        out += ch;
        break;
      default: out += ch;
    }
  }
  return out;
}

// The `Puzzle` environment. cwpuzzle reads a cell's content as one token, and a UTF-8 letter
// beyond ASCII is several: it goes in braces, after \relax, so that the package's tests of
// the content (is it '.' or '*') compare \relax and not half of the letter.
void AppendLatexGrid(const Grid& grid, const std::vector<std::string>& letters,
                     std::string& out) {
  absl::StrAppendFormat(&out, "\\begin{Puzzle}{%d}{%d}\n", grid.cols, grid.rows);
  for (int r = 0; r < grid.rows; ++r) {
    for (int c = 0; c < grid.cols; ++c) {
      const int i = grid.cell(r, c);
      if (grid.black[i]) {
        out += "|*";
        continue;
      }
      out += '|';
      if (grid.numbers[i] > 0) absl::StrAppendFormat(&out, "[%d]", grid.numbers[i]);
      if (letters[i].size() == 1) {
        out += letters[i];
      } else {
        absl::StrAppendFormat(&out, "{\\relax %s}", letters[i]);
      }
    }
    out += "|.\n";
  }
  out += "\\end{Puzzle}\n";
}

void AppendClueLists(const Grid& grid, const std::vector<std::string>& letters,
                     const FillOutputOptions& options, std::string& out) {
  const std::vector<std::string> clues = ShownClues(grid, letters, options);
  out += "\\begin{multicols}{2}\\small\n";
  for (size_t s = 0; s < grid.slots.size(); ++s) {
    const GridSlot& slot = grid.slots[s];
    if (s == 0 || grid.slots[s - 1].direction != slot.direction) {
      absl::StrAppendFormat(&out, "\\subsection*{%s}\n",
                            slot.direction == Direction::kAcross ? "Across" : "Down");
    }
    absl::StrAppendFormat(&out, "\\SqEntry{%d}{%s}\n", slot.number, LatexText(clues[s]));
  }
  out += "\\end{multicols}\n";
}

}  // namespace

// The page: the grid at most as wide as the text (20 pt cells, smaller when the columns need
// it, less 4 pt in all: cwpuzzle's picture comes out 2.2 pt wider than its cells; the numbers
// and letters scale with the cell), the clue lists in two columns (or the
// words by length), and the solution on a page of its own under a heading.
void AppendLatex(const Grid& grid, const std::vector<std::string>& letters,
                 const FillOutputOptions& options, std::string& out) {
  out += "\\documentclass{article}\n"
         "\\usepackage[a4paper,margin=2cm]{geometry}\n"
         "\\usepackage[utf8]{inputenc}\n\\usepackage[T1]{fontenc}\n\\usepackage{lmodern}\n"
         "\\usepackage{multicol}\n\\usepackage{cwpuzzle}\n"
         "\\newlength\\SqCell\n\\setlength\\SqCell{20pt}\n";
  absl::StrAppendFormat(&out,
                        "\\ifdim %d\\SqCell>\\textwidth "
                        "\\setlength\\SqCell{\\dimexpr(\\textwidth-4pt)/%d\\relax}\\fi\n",
                        grid.cols, grid.cols);
  out += "\\setlength\\PuzzleUnitlength{\\SqCell}\n"
         "\\renewcommand\\PuzzleNumberFont{\\sffamily\\fontsize{0.3\\SqCell}{0.3\\SqCell}"
         "\\selectfont}\n"
         "\\newcommand\\SqEntry[2]{\\par\\noindent\\hangindent=2.4em\\makebox[2.4em][l]"
         "{\\textbf{#1}}#2}\n"
         "\\setlength\\parindent{0pt}\n\\pagestyle{empty}\n\\begin{document}\n";
  if (!options.title.empty()) {
    absl::StrAppendFormat(&out, "\\section*{%s}\n", LatexText(options.title));
  }
  if (!options.author.empty()) absl::StrAppendFormat(&out, "%s\\par\n", LatexText(options.author));
  if (!options.copyright.empty()) {
    absl::StrAppendFormat(&out, "{\\small %s}\\par\n", LatexText(options.copyright));
  }
  out += "\\medskip\n";
  AppendLatexGrid(grid, letters, out);
  out += "\\medskip\n";
  if (options.fill_in) {
    for (const auto& [length, words] : WordsByLength(grid, letters)) {
      absl::StrAppendFormat(&out, "\\begin{PuzzleWords}{%d}\n", length);
      for (const std::string& word : words) {
        absl::StrAppendFormat(&out, "  \\Word{%s}\n", LatexText(word));
      }
      out += "\\end{PuzzleWords}\n";
    }
  } else {
    AppendClueLists(grid, letters, options, out);
  }
  out += "\n\\newpage\n\\section*{Solution}\n\\PuzzleSolution\n"
         "{\\fontsize{0.6\\SqCell}{0.6\\SqCell}\\selectfont\n";
  AppendLatexGrid(grid, letters, out);
  out += "}\n\\end{document}\n";
}

absl::Status CheckPdflatex() {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    if (!dir.empty() && access((dir + "/pdflatex").c_str(), X_OK) == 0) {
      return absl::OkStatus();
    }
  }
  return absl::FailedPreconditionError(
      "--format pdf runs pdflatex, which is not installed (Debian: texlive-latex-base "
      "texlive-games lmodern); --format latex writes the LaTeX source");
}

absl::StatusOr<std::string> LatexToPdf(std::string_view latex) {
  if (absl::Status status = CheckPdflatex(); !status.ok()) return status;
  std::string dir_template =
      (std::filesystem::temp_directory_path() / "squares-pdf.XXXXXX").string();
  if (mkdtemp(dir_template.data()) == nullptr) {
    return absl::InternalError(absl::StrFormat("cannot make a temporary folder: %s",
                                               std::strerror(errno)));
  }
  const std::filesystem::path dir = dir_template;
  struct Remove {
    std::filesystem::path dir;
    ~Remove() {
      std::error_code ignored;
      std::filesystem::remove_all(dir, ignored);
    }
  } remove{dir};
  std::ofstream(dir / "puzzle.tex", std::ios::binary) << latex;
  // pdflatex's own output goes to its log (puzzle.log); its terminal output is not wanted.
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  const std::string out_dir = "-output-directory=" + dir.string();
  const std::string tex = (dir / "puzzle.tex").string();
  const char* argv[] = {"pdflatex", "-interaction=nonstopmode", "-halt-on-error",
                        "-no-shell-escape", out_dir.c_str(), tex.c_str(), nullptr};
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, "pdflatex", &actions, nullptr,
                                   const_cast<char* const*>(argv), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    return absl::FailedPreconditionError(
        absl::StrFormat("cannot run pdflatex: %s", std::strerror(spawned)));
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  std::ifstream pdf(dir / "puzzle.pdf", std::ios::binary);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || !pdf) {
    // The first error line of the log says what went wrong.
    std::ifstream log(dir / "puzzle.log");
    std::string line, error = "no log";
    while (std::getline(log, line)) {
      if (!line.empty() && line[0] == '!') {
        error = line;
        break;
      }
    }
    return absl::FailedPreconditionError(absl::StrFormat("pdflatex failed: %s", error));
  }
  std::stringstream bytes;
  bytes << pdf.rdbuf();
  return bytes.str();
}

}  // namespace squares::core
