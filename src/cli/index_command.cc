// `squares index LIST... -o FILE`: reads word lists and saves the lexicon and the automata of
// every length in an index file (index_file.h) that --dict loads without parsing.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

#include "absl/strings/str_format.h"
#include "cli/cli.h"
#include "cli/commands.h"

namespace squares::cli {
namespace {

constexpr std::string_view kIndexUsage =
    "Usage: squares index [OPTIONS] LIST... -o FILE\n"
    "Saves the word lists' lexicon and automata in an index file that\n"
    "--dict FILE loads quickly.\n";

constexpr OptionSpec kIndexOptions[] = {
    {"output", 'o', "FILE", "the index file to write"},
    {"help", 'h', nullptr, "show this help and exit"},
};

absl::Status WriteFile(const std::string& path, std::string_view bytes) {
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (!file) return absl::NotFoundError(absl::StrFormat("%s: %s", path, std::strerror(errno)));
  bool ok = std::fwrite(bytes.data(), 1, bytes.size(), file) == bytes.size();
  ok = (std::fclose(file) == 0) && ok;
  if (!ok)
    return absl::DataLossError(absl::StrFormat("%s: write error: %s", path, std::strerror(errno)));
  return absl::OkStatus();
}

absl::Status Run(const ParsedArgs& args) {
  if (args.positional().empty()) return UsageError("index: give at least one word list");
  if (!args.has("output")) return UsageError("index: give the output file with -o FILE");
  auto options = DictionaryOptionsFrom(args);
  if (!options.ok()) return options.status();
  std::string bytes;
  size_t words = 0, letters = 0;
  try {
    const Dictionary dictionary = Dictionary::FromWordLists(args.positional(), *options);
    bytes = dictionary.IndexBytes();
    words = dictionary.size();
    letters = CodePoints(dictionary.letters());
  } catch (const Error& error) {
    return error.usage() ? UsageError(error.what()) : absl::DataLossError(error.what());
  }
  if (absl::Status status = WriteFile(args.get("output"), bytes); !status.ok()) return status;
  if (args.has("verbose")) {
    std::cerr << absl::StrFormat("squares: %s: %d words, %d letters, %d bytes\n",
                                 args.get("output"), words, letters, bytes.size());
  }
  return absl::OkStatus();
}

}  // namespace

const Command& IndexCommand() {
  static const Command command{"index",     "save a word list's lexicon and automata",
                               kIndexUsage, {kIndexOptions, DictionaryOptionTable()},
                               true,        RunIndexCommand};
  return command;
}

int RunIndexCommand(std::span<char* const> argv) {
  const auto& tables = IndexCommand().tables;
  auto args = ParseArgs(tables, argv);
  absl::Status status = args.status();
  if (args.ok() && args->has("help")) {
    Output& out = Output::Stdout();
    out.write(HelpText(kIndexUsage, tables));
    out.flush();
    return kExitOk;
  }
  if (args.ok()) status = Run(*args);
  if (!status.ok()) std::cerr << "squares: " << status.message() << "\n";
  return ExitCodeFor(status);
}

}  // namespace squares::cli
