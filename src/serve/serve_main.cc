// squares-serve: the workbench (server.h) on a dictionary, as a program of its own so that
// only it links cpp-httplib and the OpenSSL it brings. `squares serve` (cli/serve_command.cc)
// owns the options: it checks them, answers --help, and runs this program with their values
// spelled out one way, `--NAME=VALUE` or `--FLAG`:
//   --host=H --port=N --threads=N --queue=N --connections=N --queue-wait-ms=N
//   --read-timeout-ms=N [--allow-host=NAME]... [--token=TOKEN] [--dict=FILE]...
//   [--fold-accents] [--min-score=S] [--max-level=L] [--verbose]
#include <chrono>
#include <csignal>
#include <cstdio>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "serve/server.h"
#include "squares/dictionary.h"
#include "squares/error.h"
#include "text/strings.h"

namespace squares::serve {
namespace {

struct Arguments {
  ServerSettings settings;
  std::vector<std::string> dict;
  DictionaryOptions dictionary;
};

int UsageFailure(std::string_view argument) {
  std::fprintf(stderr,
               "squares-serve: unexpected argument '%.*s': run the workbench with 'squares serve' "
               "(see 'squares serve --help')\n",
               static_cast<int>(argument.size()), argument.data());
  return core::kExitUsage;
}

// The arguments as `squares serve` passes them; nullopt for anything else.
std::optional<Arguments> ReadArguments(std::span<char* const> argv, std::string_view& bad) {
  Arguments out;
  for (size_t k = 1; k < argv.size(); ++k) {
    const std::string_view arg = argv[k];
    bad = arg;
    const size_t equals = arg.find('=');
    const std::string_view name = arg.substr(0, equals);
    const std::string_view value = equals == std::string_view::npos ? "" : arg.substr(equals + 1);
    const bool has_value = equals != std::string_view::npos;
    int64_t number = 0;
    const bool is_number = core::ParseInt(value, number);
    if (name == "--host" && has_value) {
      out.settings.host = std::string(value);
    } else if (name == "--port" && is_number && number >= 0 && number <= 65535) {
      out.settings.port = static_cast<int>(number);
    } else if (name == "--threads" && is_number && number >= 1 && number <= 1024) {
      out.settings.threads = static_cast<int>(number);
    } else if (name == "--queue" && is_number && number >= 0 && number <= 10000) {
      out.settings.queue = static_cast<int>(number);
    } else if (name == "--connections" && is_number && number >= 1 && number <= 4096) {
      out.settings.connections = static_cast<int>(number);
    } else if (name == "--queue-wait-ms" && is_number && number >= 0 && number <= 3600000) {
      out.settings.queue_wait = std::chrono::milliseconds(number);
    } else if (name == "--read-timeout-ms" && is_number && number >= 0 && number <= 3600000) {
      out.settings.read_timeout = std::chrono::milliseconds(number);
    } else if (name == "--allow-host" && has_value) {
      out.settings.allow_hosts.emplace_back(value);
    } else if (name == "--token" && has_value) {
      out.settings.token = std::string(value);
    } else if (name == "--dict" && has_value) {
      out.dict.emplace_back(value);
    } else if (name == "--min-score" && is_number) {
      out.dictionary.min_score = number;
    } else if (name == "--max-level" && is_number) {
      out.dictionary.max_level = number;
    } else if (arg == "--fold-accents") {
      out.dictionary.fold_accents = true;
    } else if (arg == "--verbose") {
      out.dictionary.on_note = [](const std::string& note) {
        std::fprintf(stderr, "squares: %s\n", note.c_str());
      };
    } else {
      return std::nullopt;
    }
  }
  return out;
}

int Run(std::span<char* const> argv) {
  std::string_view bad;
  const std::optional<Arguments> args = ReadArguments(argv, bad);
  if (!args) return UsageFailure(bad);
  try {
    const Dictionary dictionary = args->dict.empty()
                                      ? Dictionary::Default(args->dictionary)
                                      : Dictionary::FromFiles(args->dict, args->dictionary);
    return Serve(dictionary, args->settings);
  } catch (const Error& error) {
    std::fprintf(stderr, "squares: %s\n", error.what());
    return error.usage() ? core::kExitUsage : core::kExitData;
  }
}

}  // namespace
}  // namespace squares::serve

int main(int argc, char** argv) {
  // As in squares (cli/main.cc): a closed pipe is an error return, not SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  return squares::serve::Run(std::span<char* const>(argv, argc));
}
