// squares-serve: what `squares serve` runs (serve_command.cc), the workbench (src/serve) on the
// dictionary the options name. Its own program, so that only it links the HTTP server.
#include <csignal>
#include <span>

#include "cli/cli.h"
#include "cli/commands.h"
#include "serve/server.h"

namespace squares::core {
namespace {

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
  for (const absl::Status& status : {port.status(), threads.status(), queue.status()}) {
    if (!status.ok()) return Fail(status);
  }
  settings.port = static_cast<int>(*port);
  settings.threads = *threads;
  settings.queue = static_cast<int>(*queue);
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
