// squares-serve: what `squares serve` runs (serve_command.cc), the workbench (src/serve) on the
// dictionary the options name. Its own program, so that only it links the HTTP server.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <csignal>
#include <span>

#include "cli/cli.h"
#include "cli/commands.h"
#include "serve/server.h"

namespace squares::core {
namespace {

// A token that a URL, a cookie and a header carry as it is.
bool ValidToken(std::string_view token) {
  return token.size() >= 8 && token.size() <= 256 &&
         std::all_of(token.begin(), token.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.'; });
}

int RunServer(std::span<char* const> argv) {
  const Command& command = ServeCommand();
  auto args = ParseArgs(command.tables, argv);
  if (!args.ok()) return Fail(args.status());
  if (!args->positional().empty()) return Fail(UsageError("serve takes no arguments"));
  if (ShowHelp(*args, command.usage, command.tables)) return kExitOk;

  serve::ServerSettings settings;
  settings.host = args->get("host", settings.host);
  auto port = args->get_int("port", settings.port, 0, 65535);
  auto threads = args->get_threads();
  auto queue = args->get_int("queue", settings.queue, 0, 10000);
  auto connections = args->get_int("connections", settings.connections, 1, 4096);
  auto queue_wait = args->get_seconds("queue-wait", 5);
  auto read_timeout = args->get_seconds("read-timeout", 10);
  for (const absl::Status& status : {port.status(), threads.status(), queue.status(), connections.status(),
                                     queue_wait.status(), read_timeout.status()}) {
    if (!status.ok()) return Fail(status);
  }
  settings.port = static_cast<int>(*port);
  settings.threads = *threads;
  settings.queue = static_cast<int>(*queue);
  settings.connections = static_cast<int>(*connections);
  settings.queue_wait = std::chrono::milliseconds(static_cast<int64_t>(std::min(*queue_wait, 3600.0) * 1000));
  settings.read_timeout = std::chrono::milliseconds(static_cast<int64_t>(std::min(*read_timeout, 3600.0) * 1000));
  settings.allow_hosts = args->all("allow-host");
  settings.token = args->get("token");
  if (args->has("token") && !ValidToken(settings.token)) {
    return Fail(UsageError("--token: give 8 to 256 letters, digits, '-', '_' or '.'"));
  }
  try {
    return serve::Serve(LoadApiDictionary(*args), settings);
  } catch (const squares::Error& error) {
    return Fail(error);
  }
}

}  // namespace
}  // namespace squares::core

int main(int argc, char** argv) {
  // As in squares (main.cc), when run by itself: a closed pipe is an error return, not SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  return squares::core::RunServer(std::span<char* const>(argv, argc));
}
