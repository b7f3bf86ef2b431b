// `squares serve`: its entry in the command table (--help, the man page, the completions),
// and the hand-over to the program that serves, squares-serve (serve_main.cc).

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include "cli/cli.h"
#include "cli/commands.h"

namespace squares::core {
namespace {

constexpr std::string_view kUsage =
    "Usage: squares serve [OPTIONS]\n"
    "Serves the workbench until Ctrl-C: a crossword editor (candidates, autofill, clues,\n"
    "export) and a word squares page in the browser, with their JSON API (docs/serve.md).\n"
    "It prints the address to open on stdout. Only its own page may drive it: requests\n"
    "must name it in their Host, come from no other site, and send JSON; on an address\n"
    "other than loopback, they must also carry the token in the address it prints.\n"
    "\n"
    "Exit status: 0 when stopped, 1 when it cannot listen or read the dictionary, 2 usage.\n";

constexpr OptionSpec kServeOptions[] = {
    {"port", 'p', "N", "port to listen on (default 8080; 0: any free port)"},
    {"host", 0, "HOST", "address to listen on (default 127.0.0.1; another warns, needs a token)"},
    {"allow-host", 0, "NAME", "another name the Host header may give (repeatable)"},
    {"token", 0, "TOKEN", "the token requests must carry (default: random, off loopback)"},
    {"threads", 'j', "N", "requests searched at once (default: all cores)"},
    {"queue", 0, "N", "requests waiting for a search beyond those, then 'busy' (default 64)"},
    {"queue-wait", 0, "SECONDS", "the longest a request waits for a search, then 'busy' (default 5)"},
    {"connections", 0, "N", "requests served at once; as many more wait, then 'busy' (default 256)"},
    {"read-timeout", 0, "SECONDS", "for a request's head, then for its body (default 10)"},
    {"help", 'h', nullptr, "show this help and exit"},
};

}  // namespace

const Command& ServeCommand() {
  static const Command command{"serve", "the workbench in the browser, and its JSON API", kUsage,
                               {kServeOptions, DictionaryOptions()}, false, RunServeCommand};
  return command;
}

// The server links cpp-httplib, and with it OpenSSL, whose start reads its configuration file in
// every process: so it is a program of its own, which the other commands do not load. The
// running program's directory holds it, in the build tree as where it is installed. exec keeps
// the process: its exit status, its signals (Ctrl-C) and its output are the server's.
int RunServeCommand(std::span<char* const> args) {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) {
    return Fail(absl::InternalError("serve: cannot find this program's directory (/proc/self/exe): " +
                                    error.message()));
  }
  const std::string server = (self.parent_path() / "squares-serve").string();
  std::vector<char*> argv{const_cast<char*>(server.c_str())};
  argv.insert(argv.end(), args.begin() + 1, args.end());
  argv.push_back(nullptr);
  execv(server.c_str(), argv.data());
  return Fail(absl::InternalError("serve: cannot run " + server + ": " + std::strerror(errno)));
}

}  // namespace squares::core
