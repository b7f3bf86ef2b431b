#include "cli/cli.h"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <optional>

#include "absl/strings/numbers.h"
#include "absl/strings/str_format.h"

namespace squares::cli {

std::span<const OptionSpec> DictionaryOptionTable() {
  static constexpr OptionSpec kOptions[] = {
      {"dict", 'd', "FILE",
       "word list, index file or language (nl: Debian's list); repeatable; "
       "- = stdin; default: embedded"},
      {"language", 0, "LANG",
       "a word's cells: en (default), nl (IJ one cell), de (Ä as AE, ß as SS), "
       "it, fr, es (Ñ kept), pt",
       "en nl de it fr es pt"},
      {"fold-accents", 0, nullptr, "map accented letters to their base letter (é -> e)"},
      {"min-score", 0, "S", "use only words scored at least S"},
      {"max-level", 0, "L", "use only words scored at most L (SCOWL size for the default list)"},
      {"verbose", 'v', nullptr, "report skipped entries and other details on stderr"},
  };
  return kOptions;
}

std::span<const OptionSpec> CommonOptions() {
  static constexpr OptionSpec kOptions[] = {
      {"format", 'f', "FMT", "output format: text, lines or jsonl (default text)",
       "text lines jsonl"},
      {"upper", 'u', nullptr, "print letters in upper case"},
      {"count", 'c', nullptr, "print only the number of results"},
      {"limit", 'l', "N", "stop after N results"},
      {"best", 0, "K", "the K results with the best worst word, then mean score (proven)"},
      {"threads", 'j', "N", "worker threads (default or 0: the CPUs it may run on)"},
      {"shard", 0, "I/N", "run only part I of N of the search (parts concatenate in order)"},
      kShardKeyOption,
      kCheckShardKeyOption,
      {"stats", 0, nullptr, "print search nodes, results, time and rate on stderr"},
      {"progress", 0, nullptr, "show progress on stderr (default when stderr is a terminal)"},
      {"quiet", 'q', nullptr, "print no notes on stderr"},
      {"help", 'h', nullptr, "show this help and exit"},
      {"version", 'V', nullptr, "show the version and exit"},
  };
  return kOptions;
}

std::string ParsedArgs::get(std::string_view name, std::string_view fallback) const {
  auto it = values_.find(name);
  return it == values_.end() ? std::string(fallback) : it->second.back();
}

const std::vector<std::string>& ParsedArgs::all(std::string_view name) const {
  static const std::vector<std::string> kNone;
  auto it = values_.find(name);
  return it == values_.end() ? kNone : it->second;
}

absl::StatusOr<int64_t> ParsedArgs::get_int(std::string_view name, int64_t fallback, int64_t lo,
                                            int64_t hi) const {
  if (!has(name)) return fallback;
  std::string text = get(name);
  int64_t value;
  if (!ParseInt(text, value) || value < lo || value > hi) {
    return UsageError(
        absl::StrFormat("--%s: '%s' is not an integer in %d..%d", name, text, lo, hi));
  }
  return value;
}

absl::StatusOr<std::pair<int, int>> ParsedArgs::get_shard() const {
  if (!has("shard")) return std::pair{1, 1};
  const std::string shard = get("shard");  // parts point into it
  std::vector<std::string_view> parts = SplitString(shard, '/');
  int index, count;
  if (parts.size() != 2 || !ParseInt(parts[0], index) || !ParseInt(parts[1], count) || count < 1 ||
      count > 1000000 || index < 1 || index > count) {
    return UsageError(
        absl::StrFormat("--shard: '%s' is not of the form I/N with 1 <= I <= N", shard));
  }
  return std::pair{index, count};
}

absl::StatusOr<std::optional<uint64_t>> ParsedArgs::get_shard_key() const {
  if (!has("check-shard-key")) return std::nullopt;
  const std::string key = get("check-shard-key");
  uint64_t value = 0;
  const bool hex = key.size() == 16 && std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
  });
  if (!hex || !absl::SimpleHexAtoi(key, &value)) {
    return UsageError(absl::StrFormat(
        "--check-shard-key: '%s' is not a key of 16 hex digits (as --shard-key prints it)", key));
  }
  return value;
}

absl::StatusOr<int> ParsedArgs::get_threads() const {
  // 0 is the default, as in the library's options and Python.
  auto threads = get_int("threads", 0, 0, 1024);
  if (!threads.ok()) return threads.status();
  return *threads == 0 ? squares::DefaultThreads() : static_cast<int>(*threads);
}

absl::StatusOr<double> ParsedArgs::get_seconds(std::string_view name, double fallback) const {
  if (!has(name)) return fallback;
  const std::string text = get(name);
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !(value > 0)) {
    return UsageError(absl::StrFormat("--%s: '%s' is not a positive number", name, text));
  }
  return value;
}

absl::StatusOr<ParsedArgs> ParseArgs(std::span<const std::span<const OptionSpec>> tables,
                                     std::span<char* const> args) {
  ParsedArgs parsed;
  auto find = [&](auto match) -> const OptionSpec* {
    for (auto table : tables) {
      for (const OptionSpec& spec : table) {
        if (match(spec)) return &spec;
      }
    }
    return nullptr;
  };
  bool options_done = false;
  for (size_t k = 1; k < args.size(); ++k) {
    std::string_view arg = args[k];
    if (options_done || arg == "-" || arg.size() < 2 || arg[0] != '-') {
      parsed.positional_.emplace_back(arg);
      continue;
    }
    if (arg == "--") {
      options_done = true;
      continue;
    }
    const OptionSpec* spec;
    std::optional<std::string> inline_value;
    std::string shown;
    if (arg.substr(0, 2) == "--") {
      std::string_view body = arg.substr(2);
      size_t eq = body.find('=');
      std::string_view name = body.substr(0, eq);
      if (eq != std::string_view::npos) inline_value = std::string(body.substr(eq + 1));
      spec = find([&](const OptionSpec& s) { return name == s.name; });
      shown = absl::StrFormat("--%s", name);
      if (!spec) return UsageError(absl::StrFormat("unknown option '%s' (try --help)", shown));
    } else {
      spec = find([&](const OptionSpec& s) { return s.short_name == arg[1]; });
      shown = std::string(arg.substr(0, 2));
      if (!spec) return UsageError(absl::StrFormat("unknown option '%s' (try --help)", shown));
      if (arg.size() > 2) {
        if (spec->value_name) {
          inline_value = std::string(arg.substr(2));
        } else {
          return UsageError(absl::StrFormat("option '%s' takes no value (in '%s')", shown, arg));
        }
      }
    }
    std::string value;
    if (spec->value_name) {
      if (inline_value) {
        value = *inline_value;
      } else if (k + 1 < args.size()) {
        value = args[++k];
      } else {
        return UsageError(
            absl::StrFormat("option '%s' needs a value: %s %s", shown, shown, spec->value_name));
      }
    } else if (inline_value) {
      return UsageError(absl::StrFormat("option '%s' takes no value", shown));
    }
    parsed.values_[spec->name].push_back(std::move(value));
  }
  return parsed;
}

std::string HelpText(std::string_view usage, std::span<const std::span<const OptionSpec>> tables) {
  std::string out(usage);
  out += "\nOptions:\n";
  for (auto table : tables) {
    for (const OptionSpec& spec : table) {
      std::string left = spec.short_name
                             ? absl::StrFormat("  -%c, --%s", spec.short_name, spec.name)
                             : absl::StrFormat("      --%s", spec.name);
      if (spec.value_name) absl::StrAppend(&left, " ", spec.value_name);
      absl::StrAppendFormat(&out, "%-28s %s\n", left, spec.help);
    }
  }
  return out;
}

bool ShowHelp(const ParsedArgs& args, std::string_view usage,
              std::span<const std::span<const OptionSpec>> tables) {
  if (!args.has("help")) return false;
  Output::Stdout().write(HelpText(usage, tables));
  Output::Stdout().flush();
  return true;
}

size_t CodePoints(std::string_view utf8) {
  return static_cast<size_t>(std::count_if(utf8.begin(), utf8.end(), [](char byte) {
    return (static_cast<unsigned char>(byte) & 0xC0) != 0x80;
  }));
}

absl::StatusOr<DictionaryOptions> DictionaryOptionsFrom(const ParsedArgs& args) {
  DictionaryOptions options;
  options.fold_accents = args.has("fold-accents");
  if (args.has("language")) options.language = args.get("language");  // checked on loading
  constexpr int64_t kScoreLimit = int64_t{1} << 62;
  for (auto [name, field] :
       {std::pair{"min-score", &options.min_score}, std::pair{"max-level", &options.max_level}}) {
    if (!args.has(name)) continue;
    auto value = args.get_int(name, 0, -kScoreLimit, kScoreLimit);
    if (!value.ok()) return value.status();
    *field = *value;
  }
  if (args.has("verbose")) {
    options.on_note = [](const std::string& note) { std::cerr << "squares: " << note << "\n"; };
  }
  return options;
}

Dictionary LoadDictionary(const ParsedArgs& args) {
  absl::StatusOr<DictionaryOptions> options = DictionaryOptionsFrom(args);
  if (!options.ok()) throw Error(ErrorKind::kUsage, std::string(options.status().message()));
  return args.has("dict") ? Dictionary::FromFiles(args.all("dict"), *options)
                          : Dictionary::Default(*options);
}

}  // namespace squares::cli
