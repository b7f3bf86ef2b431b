// squares-serve: the workbench (server.h) on a dictionary, as a program of its own so that
// only it links cpp-httplib and the OpenSSL it brings. `squares serve` (cli/serve_command.cc)
// owns the options: it checks them, answers --help, and runs this program with their values
// spelled out one way, `--NAME=VALUE` or `--FLAG`:
//   --host=H --port=N --threads=N --queue=N --connections=N --queue-wait-ms=N
//   --read-timeout-ms=N [--allow-host=NAME]... [--token=TOKEN] [--dict=FILE]...
//   [--language=L] [--fold-accents] [--min-score=S] [--max-level=L] [--verbose]
// Each --dict is a list of its own that the page may choose (the first is chosen at first),
// and the embedded list follows them.
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
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
  bool language_given = false;
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
    } else if (name == "--language" && has_value) {
      out.dictionary.language = std::string(value);
      out.language_given = true;
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

// The lists the page may choose: each --dict (a language code that names no file, "nl", is
// read in that language unless --language says), then the embedded list, in English.
std::vector<WordList> GivenLists(const Arguments& args) {
  std::vector<WordList> lists;
  const std::vector<std::string> languages = LanguageCodes();
  for (const std::string& path : args.dict) {
    DictionaryOptions options = args.dictionary;
    if (!args.language_given && !std::filesystem::exists(path) &&
        std::find(languages.begin(), languages.end(), path) != languages.end()) {
      options.language = path;
    }
    std::string name = std::filesystem::path(path).filename().string();
    if (name.empty() || path == "-") name = path;
    // Two lists of one name ("words.txt" in two folders) are told apart by their place.
    const auto same = [&](const WordList& list) { return list.name == name; };
    if (std::any_of(lists.begin(), lists.end(), same))
      name += " (" + std::to_string(lists.size() + 1) + ")";
    lists.push_back({name, name, "given", "", Dictionary::FromFiles({path}, options)});
  }
  DictionaryOptions english = args.dictionary;
  english.language = "en";
  lists.push_back({"default", "default", "given", "", Dictionary::Default(english)});
  return lists;
}

int Run(std::span<char* const> argv) {
  std::string_view bad;
  const std::optional<Arguments> args = ReadArguments(argv, bad);
  if (!args) return UsageFailure(bad);
  try {
    return Serve(GivenLists(*args), args->dictionary, args->settings);
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
