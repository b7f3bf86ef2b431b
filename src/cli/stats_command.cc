// `squares stats`: the dictionary per word length (words, automaton size, build time).
#include <algorithm>
#include <iostream>
#include <optional>

#include "absl/strings/str_format.h"
#include "cli/cli.h"
#include "cli/commands.h"

namespace squares::cli {
namespace {

constexpr std::string_view kStatsUsage =
    "Usage: squares stats [OPTIONS]\nDictionary statistics per word length.\n";
constexpr OptionSpec kHelp[] = {{"help", 'h', nullptr, "show this help and exit"}};

}  // namespace

const Command& StatsCommand() {
  static const Command command{"stats",     "dictionary statistics per word length",
                               kStatsUsage, {kHelp, DictionaryOptionTable()},
                               false,       RunStatsCommand};
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
  if (ShowHelp(*args, kStatsUsage, tables)) {
    return kExitOk;
  }
  std::optional<Dictionary> loaded;
  try {
    loaded = LoadDictionary(*args);
  } catch (const Error& error) {
    return Fail(error);
  }
  const Dictionary& dictionary = *loaded;
  const std::string letters = dictionary.letters();
  out.write(absl::StrFormat("words\t%d\nletters\t%d\t%s\n", dictionary.size(), CodePoints(letters),
                            letters));
  out.write("length\twords\tstates\tentries\tbytes\tbytes/word\tbuild_ms\n");
  size_t total_bytes = 0;
  double total_ms = 0;
  for (int length = 1; length <= dictionary.max_length(); ++length) {
    const AutomatonStats automaton = dictionary.automaton_stats(length);
    if (automaton.words == 0) continue;
    const double ms = 1000 * automaton.build_seconds;
    total_bytes += automaton.bytes;
    total_ms += ms;
    out.write(absl::StrFormat("%d\t%d\t%d\t%d\t%d\t%.1f\t%.2f\n", length, automaton.words,
                              automaton.states, automaton.entries, automaton.bytes,
                              static_cast<double>(automaton.bytes) / automaton.words, ms));
  }
  out.write(absl::StrFormat(
      "total\t%d\t\t\t%d\t%.1f\t%.1f\n", dictionary.size(), total_bytes,
      static_cast<double>(total_bytes) / std::max<size_t>(1, dictionary.size()), total_ms));
  out.flush();
  return kExitOk;
}

}  // namespace squares::cli
