// `squares serve`: its entry in the command table (--help, the man page, the completions),
// and the hand-over to the program that serves, squares-serve (serve/serve_main.cc).

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include "cli/cli.h"
#include "cli/commands.h"

namespace squares::cli {
namespace {

constexpr std::string_view kServeUsage =
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
    {"threads", 'j', "N", "requests searched at once (default or 0: the CPUs it may run on)"},
    {"queue", 0, "N", "requests waiting for a search beyond those, then 'busy' (default 64)"},
    {"queue-wait", 0, "SECONDS",
     "the longest a request waits for a search, then 'busy' (default 5)"},
    {"connections", 0, "N",
     "requests served at once; as many more wait, then 'busy' (default 256)"},
    {"read-timeout", 0, "SECONDS", "for a request's head, then for its body (default 10)"},
    {"help", 'h', nullptr, "show this help and exit"},
};

// A token that a URL, a cookie and a header carry as it is.
bool ValidToken(std::string_view token) {
  return token.size() >= 8 && token.size() <= 256 &&
         std::all_of(token.begin(), token.end(), [](char c) {
           return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
         });
}

}  // namespace

const Command& ServeCommand() {
  static const Command command{"serve",     "the workbench in the browser, and its JSON API",
                               kServeUsage, {kServeOptions, DictionaryOptionTable()},
                               false,       RunServeCommand};
  return command;
}

// The server links cpp-httplib, and with it OpenSSL, whose start reads its configuration file in
// every process: so it is a program of its own, squares-serve (serve/serve_main.cc), which the
// other commands do not load. This command checks the options and answers --help; the server
// gets their values spelled out one way (serve_main.cc), so that the options are defined here
// only.
// exec keeps the process: its exit status, its signals (Ctrl-C) and its output are the server's.
int RunServeCommand(std::span<char* const> argv) {
  const Command& command = ServeCommand();
  auto args = ParseArgs(command.tables, argv);
  if (!args.ok()) return Fail(args.status());
  if (!args->positional().empty()) return Fail(UsageError("serve takes no arguments"));
  if (ShowHelp(*args, command.usage, command.tables)) return kExitOk;
  auto port = args->get_int("port", 8080, 0, 65535);
  auto threads = args->get_threads();
  auto queue = args->get_int("queue", 64, 0, 10000);
  auto connections = args->get_int("connections", 256, 1, 4096);
  auto queue_wait = args->get_seconds("queue-wait", 5);
  auto read_timeout = args->get_seconds("read-timeout", 10);
  auto dictionary = DictionaryOptionsFrom(*args);
  for (const absl::Status& status :
       {port.status(), threads.status(), queue.status(), connections.status(), queue_wait.status(),
        read_timeout.status(), dictionary.status()}) {
    if (!status.ok()) return Fail(status);
  }
  if (args->has("token") && !ValidToken(args->get("token"))) {
    return Fail(UsageError("--token: give 8 to 256 letters, digits, '-', '_' or '.'"));
  }
  // Seconds as whole milliseconds, at most an hour.
  auto milliseconds = [](double seconds) {
    return std::to_string(static_cast<int64_t>(std::min(seconds, 3600.0) * 1000));
  };
  std::vector<std::string> server_args = {"--host=" + args->get("host", "127.0.0.1"),
                                          "--port=" + std::to_string(*port),
                                          "--threads=" + std::to_string(*threads),
                                          "--queue=" + std::to_string(*queue),
                                          "--connections=" + std::to_string(*connections),
                                          "--queue-wait-ms=" + milliseconds(*queue_wait),
                                          "--read-timeout-ms=" + milliseconds(*read_timeout)};
  for (const std::string& host : args->all("allow-host"))
    server_args.push_back("--allow-host=" + host);
  if (args->has("token")) server_args.push_back("--token=" + args->get("token"));
  for (const std::string& path : args->all("dict")) server_args.push_back("--dict=" + path);
  for (const char* name : {"language", "min-score", "max-level"}) {
    if (args->has(name)) server_args.push_back(std::string("--") + name + "=" + args->get(name));
  }
  for (const char* flag : {"fold-accents", "verbose"}) {
    if (args->has(flag)) server_args.push_back(std::string("--") + flag);
  }

  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) {
    return Fail(absl::InternalError(
        "serve: cannot find this program's directory (/proc/self/exe): " + error.message()));
  }
  // Installed, it is beside this program; in the build tree, in serve/ beside it.
  std::string server = (self.parent_path() / "squares-serve").string();
  if (access(server.c_str(), X_OK) != 0)
    server = (self.parent_path() / "serve" / "squares-serve").string();
  std::vector<char*> server_argv{const_cast<char*>(server.c_str())};
  for (std::string& arg : server_args) server_argv.push_back(arg.data());
  server_argv.push_back(nullptr);
  execv(server.c_str(), server_argv.data());
  const int exec_error = errno;
  // scripts/setup.sh builds squares alone; the rest of the build tree has the server.
  const std::string hint = exec_error == ENOENT ? " (in a build tree, 'ninja -C build' builds it)" : "";
  return Fail(absl::InternalError("serve: cannot run " + server + ": " + std::strerror(exec_error) + hint));
}

}  // namespace squares::cli
