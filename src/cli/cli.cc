#include "cli/cli.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <thread>

#include "absl/strings/str_format.h"
#include "lexicon/index_file.h"
#include <charconv>

namespace squares::core {

absl::Status UsageError(std::string_view message) {
  return absl::InvalidArgumentError(std::string(message));
}

std::vector<std::string_view> SplitString(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  for (size_t start = 0;;) {
    size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

template <class Int>
static bool ParseInteger(std::string_view text, Int& value) {
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size() && !text.empty();
}
bool ParseInt(std::string_view text, int64_t& value) { return ParseInteger(text, value); }
bool ParseInt(std::string_view text, int& value) { return ParseInteger(text, value); }

int ExitCodeFor(const absl::Status& status) {
  if (status.ok()) return kExitOk;
  return status.code() == absl::StatusCode::kInvalidArgument ? kExitUsage : kExitData;
}

std::span<const OptionSpec> DictionaryOptions() {
  static constexpr OptionSpec kOptions[] = {
      {"dict", 'd', "FILE", "word list or index file (repeatable; - = stdin; default: embedded)"},
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
      {"threads", 'j', "N", "worker threads (default: all cores)"},
      {"shard", 0, "I/N", "run only part I of N of the search (parts concatenate in order)"},
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
    return UsageError(absl::StrFormat("--%s: '%s' is not an integer in %d..%d", name, text, lo, hi));
  }
  return value;
}

absl::StatusOr<std::pair<int, int>> ParsedArgs::get_shard() const {
  if (!has("shard")) return std::pair{1, 1};
  const std::string shard = get("shard");  // parts point into it
  std::vector<std::string_view> parts = SplitString(shard, '/');
  int index, count;
  if (parts.size() != 2 || !ParseInt(parts[0], index) || !ParseInt(parts[1], count) ||
      count < 1 || count > 1000000 || index < 1 || index > count) {
    return UsageError(
        absl::StrFormat("--shard: '%s' is not of the form I/N with 1 <= I <= N", shard));
  }
  return std::pair{index, count};
}

absl::StatusOr<int> ParsedArgs::get_threads() const {
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  auto threads = get_int("threads", cores, 1, 1024);
  if (!threads.ok()) return threads.status();
  return static_cast<int>(*threads);
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

std::string HelpText(std::string_view usage,
                     std::span<const std::span<const OptionSpec>> tables) {
  std::string out(usage);
  out += "\nOptions:\n";
  for (auto table : tables) {
    for (const OptionSpec& spec : table) {
      std::string left = spec.short_name ? absl::StrFormat("  -%c, --%s", spec.short_name, spec.name)
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

namespace {

// An input file opened for reading in chunks (`-` = stdin); closes what it opened.
class InputFile {
 public:
  static absl::StatusOr<InputFile> Open(const std::string& path) {
    if (path == "-") return InputFile(path, STDIN_FILENO, false);
    const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return absl::NotFoundError(absl::StrFormat("%s: %s", path, std::strerror(errno)));
    InputFile file(path, fd, true);
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
      return absl::FailedPreconditionError(absl::StrFormat("%s: is a directory", path));
    }
    file.regular_ = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    return file;
  }
  InputFile(InputFile&& other) noexcept
      : path_(std::move(other.path_)), fd_(other.fd_), owned_(std::exchange(other.owned_, false)),
        regular_(other.regular_) {}
  InputFile& operator=(InputFile&&) = delete;
  ~InputFile() {
    if (owned_) close(fd_);
  }

  int fd() const { return fd_; }
  bool regular() const { return regular_; }
  // Appends up to `n` more bytes to `out`; 0 at the end of the file.
  absl::StatusOr<size_t> Read(std::string& out, size_t n) {
    const size_t size = out.size();
    out.resize(size + n);
    ssize_t got;
    do got = read(fd_, out.data() + size, n);
    while (got < 0 && errno == EINTR);
    out.resize(size + std::max<ssize_t>(got, 0));
    if (got < 0) {
      return absl::DataLossError(absl::StrFormat("%s: read error: %s", path_, std::strerror(errno)));
    }
    return static_cast<size_t>(got);
  }
  // Reads until `out` holds `size` bytes or the file ends.
  absl::Status ReadUpTo(std::string& out, size_t size) {
    while (out.size() < size) {
      auto got = Read(out, std::min<size_t>(size - out.size(), size_t{1} << 16));
      if (!got.ok()) return got.status();
      if (*got == 0) break;
    }
    return absl::OkStatus();
  }

 private:
  InputFile(std::string path, int fd, bool owned) : path_(std::move(path)), fd_(fd), owned_(owned) {}
  std::string path_;
  int fd_;
  bool owned_;
  bool regular_ = false;
};

std::string FormatBytes(size_t bytes) {
  return bytes % (1 << 20) == 0 ? absl::StrFormat("%d MiB", bytes >> 20)
                                : absl::StrFormat("%d bytes", bytes);
}

}  // namespace

absl::StatusOr<std::string> ReadFile(const std::string& path, size_t max_bytes,
                                     std::string_view what) {
  auto file = InputFile::Open(path);
  if (!file.ok()) return file.status();
  std::string text;
  size_t line = 1, line_start = 0;
  for (;;) {
    const size_t before = text.size();
    auto got = file->Read(text, size_t{1} << 16);
    if (!got.ok()) return got.status();
    if (*got == 0) return text;
    if (text.size() > max_bytes) {
      return absl::DataLossError(
          absl::StrFormat("%s: larger than %s, the limit for %s", path, FormatBytes(max_bytes), what));
    }
    const size_t nul = text.find('\0', before);
    for (size_t k = before; k < std::min(nul, text.size()); ++k) {
      if (text[k] == '\n') ++line, line_start = k + 1;
    }
    if (nul != std::string::npos) {
      return absl::DataLossError(absl::StrFormat("%s:%d:%d: NUL byte: this is a binary file, not %s",
                                                 path, line, nul - line_start + 1, what));
    }
  }
}

absl::StatusOr<LexiconOptions> LexiconOptionsFrom(const ParsedArgs& args) {
  LexiconOptions options;
  options.fold_accents = args.has("fold-accents");
  constexpr int64_t kScoreLimit = int64_t{1} << 62;
  auto min_score = args.get_int("min-score", options.min_score, -kScoreLimit, kScoreLimit);
  if (!min_score.ok()) return min_score.status();
  options.min_score = *min_score;
  auto max_level = args.get_int("max-level", options.max_score, -kScoreLimit, kScoreLimit);
  if (!max_level.ok()) return max_level.status();
  options.max_score = *max_level;
  return options;
}

namespace {

// The index in `file` (mapped when it is a regular file; else read, as far as its header
// says), whose first bytes `head` have been read; checked against the lexicon options given
// on the command line.
absl::StatusOr<Dictionary> LoadIndex(const ParsedArgs& args, const LexiconOptions& options,
                                     const std::string& path, InputFile& file, std::string& head) {
  if (args.all("dict").size() > 1) {
    return UsageError(absl::StrFormat("%s: an index file must be the only --dict", path));
  }
  absl::StatusOr<LoadedIndex> index;
  if (file.regular()) {
    index = LoadIndexFile(path);
  } else {
    if (absl::Status status = file.ReadUpTo(head, sizeof(IndexHeader)); !status.ok()) return status;
    // One byte past the declared size, for ParseIndex to tell trailing bytes.
    if (absl::Status status = file.ReadUpTo(head, IndexFileSize(head) + 1); !status.ok()) {
      return status;
    }
    auto owned = std::make_shared<const std::string>(std::move(head));
    index = ParseIndex(*owned, path, owned);
  }
  if (!index.ok()) return index.status();
  const LexiconOptions& built = index->options;
  if ((args.has("fold-accents") && !built.fold_accents) ||
      (args.has("min-score") && options.min_score != built.min_score) ||
      (args.has("max-level") && options.max_score != built.max_score)) {
    return UsageError(absl::StrFormat(
        "%s: the index was built with other --fold-accents/--min-score/--max-level options; "
        "rebuild it with 'squares index' and the options you want",
        path));
  }
  if (args.has("verbose")) {
    std::cerr << absl::StrFormat("squares: %s: index of %d words, %d letters\n", path,
                                 index->dictionary.lexicon().word_count(),
                                 index->dictionary.alphabet().size());
  }
  return std::move(index->dictionary);
}

}  // namespace

absl::StatusOr<Lexicon> ReadLexicon(std::span<const std::string> paths,
                                    const LexiconOptions& options) {
  std::vector<InputFile> files;
  std::vector<LexiconSource> sources;
  for (const std::string& path : paths) {
    auto file = InputFile::Open(path);
    if (!file.ok()) return file.status();
    files.push_back(*std::move(file));
    sources.push_back({path == "-" ? "<stdin>" : path, {}, files.back().fd()});
  }
  return Lexicon::Read(sources, options);
}

absl::StatusOr<Dictionary> LoadDictionary(const ParsedArgs& args) {
  auto lexicon_options = LexiconOptionsFrom(args);
  if (!lexicon_options.ok()) return lexicon_options.status();
  const LexiconOptions& options = *lexicon_options;

  // Each source is opened once (a pipe can be read only once): its first bytes tell an index
  // from a word list, which then reads on from them.
  std::vector<InputFile> files;
  std::vector<std::string> heads;
  for (const std::string& path : args.all("dict")) {
    auto file = InputFile::Open(path);
    if (!file.ok()) return file.status();
    std::string head;
    if (absl::Status status = file->ReadUpTo(head, kIndexMagic.size()); !status.ok()) return status;
    if (IsIndex(head)) return LoadIndex(args, options, path, *file, head);
    files.push_back(*std::move(file));
    heads.push_back(std::move(head));
  }
  std::vector<LexiconSource> sources;
  for (size_t k = 0; k < files.size(); ++k) {
    const std::string& path = args.all("dict")[k];
    sources.push_back({path == "-" ? "<stdin>" : path, heads[k], files[k].fd()});
  }
  if (sources.empty()) {
    // The index built with the binary serves the default options; other options (and
    // --verbose, which reports what reading skipped) read the text.
    if (!args.has("fold-accents") && !args.has("min-score") && !args.has("max-level") &&
        !args.has("verbose")) {
      auto index = ParseIndex(DefaultDictionaryIndex(), "<default dictionary>", nullptr,
                              IndexChecks::kHeaderOnly);
      if (!index.ok()) return index.status();
      return std::move(index->dictionary);
    }
    sources.push_back({"<default dictionary>", DefaultDictionaryText()});
  }
  auto lexicon = Lexicon::Read(sources, options);
  if (!lexicon.ok()) return lexicon.status();
  if (args.has("verbose")) {
    const LexiconCounts& counts = lexicon->counts();
    std::cerr << absl::StrFormat(
        "squares: %d words, %d letters; skipped %d entries with non-letters, %d longer than %d "
        "letters; merged %d duplicates; %d outside the score range\n",
        counts.words, lexicon->alphabet().size(), counts.not_letters, counts.too_long,
        kMaxWordLength, counts.duplicates, counts.filtered_by_score);
    for (const std::string& example : counts.not_letter_examples) {
      std::cerr << "squares:   skipped '" << example << "'\n";
    }
  }
  return Dictionary(std::move(*lexicon));
}

}  // namespace squares::core
