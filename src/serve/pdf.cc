#include "serve/pdf.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

extern char** environ;

namespace squares::serve {
namespace {

namespace fs = std::filesystem;

std::string ReadAll(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// A temporary folder, removed with everything in it when this goes out of scope.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "squares-pdf-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr)
      throw std::runtime_error("cannot make a temporary folder");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

}  // namespace

std::string FindPdflatex() {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const fs::path candidate = fs::path(dir.empty() ? "." : dir) / "lualatex";
    if (access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return "";
}

std::string LatexToPdf(const std::string& lualatex, const std::string& latex, const StopFlag& stop,
                       double seconds) {
  TempDir dir;
  std::ofstream(dir.path() / "grid.tex", std::ios::binary) << latex;
  const std::string log = (dir.path() / "lualatex.out").string();
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&files, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&files, 1, 2);
  // Run in the folder, on a relative name: TeX's paranoid mode refuses absolute paths.
  posix_spawn_file_actions_addchdir_np(&files, dir.path().c_str());
  std::vector<std::string> words = {lualatex, "-no-shell-escape", "-interaction=nonstopmode",
                                    "-halt-on-error", "grid.tex"};
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  // TeX may read only files below its working folder and its own trees, and write only there:
  // a title or clue that \input{}s a file elsewhere gets nothing.
  std::vector<std::string> variables = {"openin_any=p", "openout_any=p"};
  for (char** variable = environ; *variable != nullptr; ++variable) {
    const std::string_view entry(*variable);
    if (entry.rfind("openin_any=", 0) != 0 && entry.rfind("openout_any=", 0) != 0) {
      variables.emplace_back(entry);
    }
  }
  std::vector<char*> envp;
  for (std::string& variable : variables) envp.push_back(variable.data());
  envp.push_back(nullptr);
  pid_t pid = 0;
  const int spawned =
      posix_spawn(&pid, lualatex.c_str(), &files, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&files);
  if (spawned != 0) throw std::runtime_error("cannot run lualatex");

  // Waited for by polling, so that a client gone or the time up kills it.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  int status = 0;
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (stop.load() || std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      if (stop.load()) throw Stopped("the PDF was stopped");
      throw std::runtime_error("lualatex took too long");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  const fs::path pdf = dir.path() / "grid.pdf";
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || !fs::exists(pdf)) {
    std::istringstream text(ReadAll(log));
    std::string line, error = "no error line";
    while (std::getline(text, line)) {
      if (line.rfind("!", 0) == 0) {
        error = line;
        break;
      }
    }
    std::fprintf(stderr, "squares serve: lualatex failed: %s\n", error.c_str());
    throw std::runtime_error("the PDF could not be made (lualatex failed)");
  }
  return ReadAll(pdf);
}

}  // namespace squares::serve
