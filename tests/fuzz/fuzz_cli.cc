// The command line: each input line is one argument of `squares` (after a fixed tiny --dict
// and -j1), run through ParseArgs, the problem building and the search with stdout sent to
// /dev/null. Options that name files or threads are dropped: the fuzzer must not read
// arbitrary files (or block on stdin) or start hundreds of threads.
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/commands.h"
#include "fuzz_targets.h"

namespace squares::core::fuzz {

namespace {

// A word list of 2- to 4-letter words, in a memory file that no run leaves behind (a file in
// /tmp was left by each fuzz run).
const std::string& TinyDictionary() {
  static const std::string path = [] {
    int fd = memfd_create("squares-fuzz-dict", 0);
    FUZZ_CHECK(fd >= 0);
    const std::string_view words =
        "at\nto\nta\nat\nas\nso\nos\nbe\nab\nba\n"
        "art\nrat\ntar\nare\near\nera\ntea\neat\nate\nsat\nset\ntoe\n"
        "area\nrate\ntear\nseat\neast\nteas\nrest\nstar\nstet\narts\ntoes\n";
    FUZZ_CHECK(write(fd, words.data(), words.size()) == static_cast<ssize_t>(words.size()));
    return "/proc/self/fd/" + std::to_string(fd);
  }();
  return path;
}

bool Dropped(std::string_view arg) {
  for (std::string_view name : {"--dict", "--threads", "--progress"}) {
    if (arg.substr(0, name.size()) == name) return true;
  }
  return arg.size() >= 2 && arg[0] == '-' && (arg[1] == 'd' || arg[1] == 'j');
}

}  // namespace

void FuzzCli(std::string_view data) {
  std::vector<std::string> args = {"squares", "--dict", TinyDictionary(), "-j1"};
  for (size_t start = 0; start <= data.size() && args.size() < 24;) {
    size_t end = std::min(data.find('\n', start), data.size());
    std::string_view arg = data.substr(start, end - start);
    if (!Dropped(arg)) args.emplace_back(arg);
    start = end + 1;
  }
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  // Results go to /dev/null, messages to stderr as usual.
  std::fflush(stdout);
  int saved = dup(1), null = open("/dev/null", O_WRONLY);
  dup2(null, 1);
  close(null);
  int status = cli::RunSquaresCommand(std::span<char* const>(argv.data(), argv.size() - 1));
  cli::Output::Stdout().flush();
  dup2(saved, 1);
  close(saved);
  FUZZ_CHECK(status == kExitOk || status == kExitData || status == kExitUsage);
}

}  // namespace squares::core::fuzz
