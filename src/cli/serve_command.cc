// `squares serve`: the workbench (src/serve) on the dictionary the options name.

#include "cli/cli.h"
#include "cli/commands.h"
#include "serve/server.h"

namespace squares::core {
namespace {

constexpr std::string_view kUsage =
    "Usage: squares serve [OPTIONS]\n"
    "Serves the workbench until Ctrl-C: a crossword editor (candidates, autofill, clues,\n"
    "export) and a word squares page in the browser, with their JSON API (docs/serve.md).\n"
    "It prints the address to open on stdout.\n"
    "\n"
    "Exit status: 0 when stopped, 1 when it cannot listen or read the dictionary, 2 usage.\n";

constexpr OptionSpec kServeOptions[] = {
    {"port", 'p', "N", "port to listen on (default 8080; 0: any free port)"},
    {"host", 0, "HOST", "address to listen on (default 127.0.0.1; another warns)"},
    {"threads", 'j', "N", "requests searched at once (default: all cores)"},
    {"queue", 0, "N", "requests waiting for a search beyond those, then 'busy' (default 64)"},
    {"help", 'h', nullptr, "show this help and exit"},
};

}  // namespace

const Command& ServeCommand() {
  static const Command command{"serve", "the workbench in the browser, and its JSON API", kUsage,
                               {kServeOptions, DictionaryOptions()}, false, RunServeCommand};
  return command;
}

int RunServeCommand(std::span<char* const> argv) {
  const auto& tables = ServeCommand().tables;
  auto args = ParseArgs(tables, argv);
  if (!args.ok()) return Fail(args.status());
  if (!args->positional().empty()) return Fail(UsageError("serve takes no arguments"));
  if (ShowHelp(*args, kUsage, tables)) return kExitOk;

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

}  // namespace squares::core
