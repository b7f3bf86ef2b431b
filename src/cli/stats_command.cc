// `squares stats`: the dictionary per word length (words, automaton size, build time).
#include <chrono>
#include <iostream>

#include "absl/strings/str_format.h"
#include "cli/cli.h"
#include "cli/commands.h"

namespace squares::core {
namespace {

constexpr std::string_view kUsage =
    "Usage: squares stats [OPTIONS]\nDictionary statistics per word length.\n";
constexpr OptionSpec kHelp[] = {{"help", 'h', nullptr, "show this help and exit"}};

}  // namespace

const Command& StatsCommand() {
  static const Command command{"stats", "dictionary statistics per word length", kUsage,
                               {kHelp, DictionaryOptions()}, false, RunStatsCommand};
  return command;
}

int RunStatsCommand(std::span<char* const> argv) {
  const auto& tables = StatsCommand().tables;
  auto args = ParseArgs(tables, argv);
  if (!args.ok() || !args->positional().empty()) {
    std::cerr << "squares: " << (args.ok() ? "stats takes no arguments" : args.status().message())
              << "\n";
    return kExitUsage;
  }
  Output& out = Output::Stdout();
  if (ShowHelp(*args, kUsage, tables)) {
    return kExitOk;
  }
  auto dictionary = LoadDictionary(*args);
  if (!dictionary.ok()) {
    std::cerr << "squares: " << dictionary.status().message() << "\n";
    return ExitCodeFor(dictionary.status());
  }
  const Alphabet& alphabet = dictionary->alphabet();
  out.write(absl::StrFormat("words\t%d\nletters\t%d\t%s\n", dictionary->lexicon().word_count(),
                            alphabet.size(), [&] {
                              std::string all;
                              for (int c = 0; c < alphabet.size(); ++c) {
                                alphabet.append_utf8(static_cast<Letter>(c), false, all);
                              }
                              return all;
                            }()));
  out.write("length\twords\tstates\tentries\tbytes\tbytes/word\tbuild_ms\n");
  size_t total_bytes = 0;
  double total_ms = 0;
  for (int length = 1; length <= kMaxWordLength; ++length) {
    size_t words = dictionary->lexicon().words(length).count();
    if (words == 0) continue;
    auto start = std::chrono::steady_clock::now();
    const Dawg& dawg = dictionary->dawg(length);
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    total_bytes += dawg.bytes();
    total_ms += ms;
    out.write(absl::StrFormat("%d\t%d\t%d\t%d\t%d\t%.1f\t%.2f\n", length, words, dawg.state_count(),
                              dawg.entry_count(), dawg.bytes(),
                              static_cast<double>(dawg.bytes()) / words, ms));
  }
  out.write(absl::StrFormat("total\t%d\t\t\t%d\t%.1f\t%.1f\n", dictionary->lexicon().word_count(),
                            total_bytes,
                            static_cast<double>(total_bytes) / std::max<size_t>(1, dictionary->lexicon().word_count()),
                            total_ms));
  out.flush();
  return kExitOk;
}

}  // namespace squares::core
