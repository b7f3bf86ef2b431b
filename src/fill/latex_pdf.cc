// A LaTeX document made a PDF by lualatex (the documents' engine: docs/documents.md).
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_format.h"
#include "fill/fill_document.h"
#include "lexicon/unicode.h"

extern char** environ;

namespace squares::core {
namespace {

// The environment of lualatex: this one, with TeX allowed to read and write only below its
// working folder and its own trees (a document that \input{}s a file elsewhere gets nothing).
std::vector<std::string> TexEnvironment() {
  std::vector<std::string> variables = {"openin_any=p", "openout_any=p"};
  for (char** variable = environ; *variable != nullptr; ++variable) {
    const std::string_view entry(*variable);
    if (entry.rfind("openin_any=", 0) != 0 && entry.rfind("openout_any=", 0) != 0) {
      variables.emplace_back(entry);
    }
  }
  return variables;
}

// The characters the document's fonts lacked, from the lines "squares-missing: CODE" of its
// log (latex.cc), once each, as warnings.
void MissingCharacters(const std::filesystem::path& log_path, std::vector<std::string>& warnings) {
  std::ifstream log(log_path);
  std::set<uint32_t> seen;
  constexpr std::string_view kTag = "squares-missing: ";
  for (std::string line; std::getline(log, line);) {
    // TeX may go on writing on the line ("squares-missing: 128512 [1").
    if (line.rfind(kTag, 0) != 0) continue;
    const std::string digits = line.substr(kTag.size(), line.find(' ', kTag.size()) - kTag.size());
    uint32_t cp = 0;
    if (!absl::SimpleAtoi(digits, &cp) || cp > 0x10ffff || !seen.insert(cp).second) continue;
    std::string shown;
    AppendUtf8(cp, shown);
    warnings.push_back(absl::StrFormat(
        "pdf: no font has U+%04X (%s): the PDF shows a white square in its place", cp, shown));
  }
}

}  // namespace

absl::Status CheckLualatex() {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    if (!dir.empty() && access((dir + "/lualatex").c_str(), X_OK) == 0) {
      return absl::OkStatus();
    }
  }
  return absl::FailedPreconditionError(
      "a PDF runs lualatex, which is not installed (Debian: texlive-luatex "
      "texlive-latex-recommended texlive-games fonts-dejavu-core); the LaTeX format needs no "
      "lualatex");
}

absl::StatusOr<std::string> LatexToPdf(std::string_view latex, std::vector<std::string>* warnings) {
  if (absl::Status status = CheckLualatex(); !status.ok()) return status;
  std::string dir_template =
      (std::filesystem::temp_directory_path() / "squares-pdf.XXXXXX").string();
  if (mkdtemp(dir_template.data()) == nullptr) {
    return absl::InternalError(
        absl::StrFormat("cannot make a temporary folder: %s", std::strerror(errno)));
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
  // lualatex's own output goes to its log (puzzle.log); its terminal output is not wanted.
  // It runs in the folder, on a relative name: TeX's paranoid mode refuses absolute paths.
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addchdir_np(&actions, dir.c_str());
  const char* argv[] = {"lualatex",       "-interaction=nonstopmode",
                        "-halt-on-error", "-no-shell-escape",
                        "puzzle.tex",     nullptr};
  std::vector<std::string> variables = TexEnvironment();
  std::vector<char*> envp;
  for (std::string& variable : variables) envp.push_back(variable.data());
  envp.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, "lualatex", &actions, nullptr,
                                   const_cast<char* const*>(argv), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    return absl::FailedPreconditionError(
        absl::StrFormat("cannot run lualatex: %s", std::strerror(spawned)));
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
    return absl::FailedPreconditionError(absl::StrFormat("lualatex failed: %s", error));
  }
  if (warnings != nullptr) MissingCharacters(dir / "puzzle.log", *warnings);
  std::stringstream bytes;
  bytes << pdf.rdbuf();
  return bytes.str();
}

}  // namespace squares::core
