// Command-line plumbing shared by the subcommands: one option table per command (which also
// produces --help and the range checks), dictionary loading, buffered stdout.
#pragma once

#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <map>
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "squares/dictionary.h"
#include "text/read_file.h"
#include "text/strings.h"

namespace squares::cli {

// The text helpers (text/) the commands read their arguments and files with.
using core::ExitCodeFor;
using core::kExitData;
using core::kExitOk;
using core::kExitUsage;
using core::ParseInt;
using core::ReadFile;
using core::SplitString;
using core::UsageError;

struct OptionSpec {
  const char* name;        // long name without "--"
  char short_name;         // 0 when none
  const char* value_name;  // nullptr for a flag; otherwise the placeholder shown in --help
  const char* help;
  const char* choices = nullptr;  // the values it takes, space-separated, when they are few
                                  // (the shell completions offer them)
};

// The key of the cut into --shard's parts, as every command with --shard takes it.
inline constexpr OptionSpec kShardKeyOption{
    "shard-key", 0, nullptr, "print the key of the cut into --shard's N parts and exit"};
inline constexpr OptionSpec kCheckShardKeyOption{
    "check-shard-key", 0, "KEY",
    "run only when the cut into --shard's N parts has key KEY (else exit 1)"};

// The options every search command accepts (--dict, --format, --count, ...).
std::span<const OptionSpec> CommonOptions();
// The dictionary options (--dict, --fold-accents, --min-score, --max-level, --verbose).
std::span<const OptionSpec> DictionaryOptionTable();

class ParsedArgs {
 public:
  bool has(std::string_view name) const { return values_.find(name) != values_.end(); }
  // The last value given for an option (options may repeat), or `fallback`.
  std::string get(std::string_view name, std::string_view fallback = "") const;
  const std::vector<std::string>& all(std::string_view name) const;
  // Integer option within [lo, hi]; a usage error names the option and the range.
  absl::StatusOr<int64_t> get_int(std::string_view name, int64_t fallback, int64_t lo,
                                  int64_t hi) const;
  // A positive number of seconds (--timeout), or `fallback` when absent.
  absl::StatusOr<double> get_seconds(std::string_view name, double fallback) const;
  // --shard I/N as (I, N) with 1 <= I <= N; (1, 1) when absent.
  absl::StatusOr<std::pair<int, int>> get_shard() const;
  // --check-shard-key KEY (16 hex digits, as --shard-key prints it); none when absent.
  absl::StatusOr<std::optional<uint64_t>> get_shard_key() const;
  // --threads N in 1..1024; squares::DefaultThreads() when absent or 0.
  absl::StatusOr<int> get_threads() const;
  const std::vector<std::string>& positional() const { return positional_; }

 private:
  friend absl::StatusOr<ParsedArgs> ParseArgs(std::span<const std::span<const OptionSpec>>,
                                              std::span<char* const>);
  std::map<std::string, std::vector<std::string>, std::less<>> values_;
  std::vector<std::string> positional_;
};

// GNU-style parsing: --name, --name=value, --name value, -x, -x value, -xVALUE, `--` ends
// options, `-` is a positional argument (stdin). Unknown options and missing or unexpected
// values are usage errors. `tables` are searched in order.
absl::StatusOr<ParsedArgs> ParseArgs(std::span<const std::span<const OptionSpec>> tables,
                                     std::span<char* const> args);
std::string HelpText(std::string_view usage, std::span<const std::span<const OptionSpec>> tables);
// With --help: prints the help text on stdout and returns true (the command is done).
bool ShowHelp(const ParsedArgs& args, std::string_view usage,
              std::span<const std::span<const OptionSpec>> tables);

// How --fold-accents, --min-score and --max-level read a list; with --verbose, each note of
// the reading goes to stderr.
absl::StatusOr<DictionaryOptions> DictionaryOptionsFrom(const ParsedArgs& args);
// The dictionary those options and --dict name: the lists or index file of --dict, else the
// embedded list. Errors as squares::Error.
Dictionary LoadDictionary(const ParsedArgs& args);

// The code points of UTF-8 text (its bytes other than continuation bytes).
size_t CodePoints(std::string_view utf8);

// Buffered stdout. A closed pipe (EPIPE) ends the program quietly with status 0; any other
// write error is reported on stderr and ends it with status 1.
class Output {
 public:
  static Output& Stdout();
  void write(std::string_view text) {
    if (buffer_.size() + text.size() > kFlushAt) flush_buffer();
    if (text.size() > kFlushAt) write_out(text);  // large: written as it is, not copied
    else buffer_.append(text);
  }
  void put(char ch) {
    buffer_.push_back(ch);
    if (buffer_.size() > kFlushAt) flush_buffer();
  }
  std::string& buffer() { return buffer_; }  // append directly, then call maybe_flush()
  void maybe_flush() {
    if (buffer_.size() > kFlushAt) flush_buffer();
  }
  void flush();  // writes out the buffer

 private:
  static constexpr size_t kFlushAt = 1 << 16;
  void flush_buffer();
  void write_out(std::string_view bytes);  // to stdout; a write error ends the program
  std::string buffer_;
};

}  // namespace squares::cli
