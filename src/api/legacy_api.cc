// The public API (squares.h) on the commands' own option tables and problem builders, so it
// takes the same options and reports the same errors as the command line.
#include "api/legacy_api.h"

#include <mutex>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "api/grid_internal.h"
#include "fill/fill_grid.h"
#include "fill/fill_output.h"
#include "puzzles/kakuro.h"
#include "search/square_problem.h"

namespace squares::api {
using namespace ::squares::core;

struct Dictionary::Impl {
  explicit Impl(core::Dictionary d) : dictionary(std::move(d)) {}
  core::Dictionary dictionary;
  // Held while a call builds automata (the dictionary builds them on first use); searches
  // only read them.
  std::mutex mutex;
};

struct SquareQuery::Impl {
  std::shared_ptr<const void> owner;  // keeps the dictionary and its automata alive
  const core::Dictionary& dictionary;
  core::SquareSearch search;
  bool upper;
  uint64_t limit;
};

namespace {

[[noreturn]] void Throw(const absl::Status& status) {
  throw Error(std::string(status.message()), status.code() == absl::StatusCode::kInvalidArgument);
}

template <class T>
T Value(absl::StatusOr<T> value) {
  if (!value.ok()) Throw(value.status());
  return *std::move(value);
}

// The options as a command line parsed by the tables: "--name" (or "-x" for a one-letter
// name), then the value unless the option is a flag given no value.
ParsedArgs Parse(std::span<const std::span<const OptionSpec>> tables, const Options& options) {
  std::vector<std::string> words = {"squares"};
  for (const auto& [name, value] : options) {
    const bool short_name = name.size() == 1;
    bool takes_value = !value.empty();
    for (auto table : tables) {
      for (const OptionSpec& spec : table) {
        const bool named = short_name ? spec.short_name == name[0] : spec.name == name;
        takes_value |= named && spec.value_name;
      }
    }
    words.push_back(absl::StrCat(short_name ? "-" : "--", name));
    if (takes_value) words.push_back(value);
  }
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  return Value(ParseArgs(tables, argv));
}

uint64_t Limit(const ParsedArgs& args) {
  if (!args.has("limit")) return UINT64_MAX;
  return static_cast<uint64_t>(Value(args.get_int("limit", 0, 0, INT64_MAX)));
}

}  // namespace

Dictionary Dictionary::Default(const Options& options) { return FromFiles({}, options); }

Dictionary Dictionary::FromFiles(const std::vector<std::string>& paths, const Options& options) {
  Options all = options;
  for (const std::string& path : paths) all.push_back({"dict", path});
  const std::span<const OptionSpec> tables[] = {core::DictionaryOptions()};
  return Dictionary(std::make_shared<Impl>(Value(LoadDictionary(Parse(tables, all)))));
}

Dictionary Dictionary::FromWords(const std::vector<std::string>& words, const Options& options) {
  const std::span<const OptionSpec> tables[] = {core::DictionaryOptions()};
  const LexiconOptions lexicon_options = Value(LexiconOptionsFrom(Parse(tables, options)));
  const std::string text = absl::StrJoin(words, "\n");
  const LexiconSource source{"<words>", text};
  auto lexicon = Value(Lexicon::Read({&source, 1}, lexicon_options));
  return Dictionary(std::make_shared<Impl>(core::Dictionary(std::move(lexicon))));
}

size_t Dictionary::size() const { return impl_->dictionary.lexicon().word_count(); }

bool Dictionary::contains(std::string_view word) const {
  auto encoded = impl_->dictionary.alphabet().encode(word);
  return encoded.ok() && impl_->dictionary.lexicon().find(*encoded);
}

SquareQuery Dictionary::Squares(const Options& options) const {
  const ParsedArgs args = Parse(SquaresCommand().tables, options);
  // The built-in shapes of `squares` are shape searches, which the API does not offer yet.
  for (const char* option : {"diagonals", "cube", "order"}) {
    if (args.has(option)) {
      Throw(UsageError(absl::StrFormat(
          "--%s: the library searches squares and rectangles, not shapes (use the squares command)",
          option)));
    }
  }
  std::lock_guard lock(impl_->mutex);
  squares::SquareOptions square_options;
  if (absl::Status status = SquareOptionsFrom(args, square_options); !status.ok()) Throw(status);
  const core::Dictionary& dictionary = impl_->dictionary;
  SquareProblem problem = *Value(MakeSquareSetup(square_options, [&]() -> const core::Dictionary& { return dictionary; },
                                                 {}, false)).square;
  SquareQuery query;
  query.impl_ = std::make_shared<const SquareQuery::Impl>(SquareQuery::Impl{
      impl_, impl_->dictionary, Value(core::SquareSearch::Create(impl_->dictionary, std::move(problem))),
      args.has("upper"), Limit(args)});
  return query;
}

int SquareQuery::rows() const { return impl_->search.problem().rows; }
int SquareQuery::cols() const { return impl_->search.problem().cols; }

namespace {

// Hands each result's rows to a callback, up to a limit.
class RowsSink : public SquareSink {
 public:
  RowsSink(const Alphabet& alphabet, const SquareProblem& problem, bool upper, uint64_t limit,
           const std::function<bool(const std::vector<std::string>&)>& on_square)
      : alphabet_(alphabet), rows_(problem.rows), cols_(problem.cols), upper_(upper),
        limit_(limit), on_square_(on_square) {}
  bool Accept(const Letter* grid) override {
    rows_text_.resize(rows_);
    for (int i = 0; i < rows_; ++i) {
      rows_text_[i] = alphabet_.to_utf8(WordView(grid + i * cols_, cols_), upper_);
    }
    return on_square_(rows_text_) && ++accepted_ < limit_;
  }

 private:
  const Alphabet& alphabet_;
  int rows_, cols_;
  bool upper_;
  uint64_t limit_, accepted_ = 0;
  const std::function<bool(const std::vector<std::string>&)>& on_square_;
  std::vector<std::string> rows_text_;
};

}  // namespace

void SquareQuery::ForEach(const std::function<bool(const std::vector<std::string>&)>& on_square,
                          const std::atomic<bool>* stop) const {
  if (impl_->limit == 0) return;
  RowsSink sink(impl_->dictionary.alphabet(), impl_->search.problem(), impl_->upper,
                impl_->limit, on_square);
  impl_->search.Run({}, &sink, stop);
}

uint64_t SquareQuery::Count(const std::atomic<bool>* stop) const {
  if (impl_->limit == 0) return 0;
  if (impl_->limit == UINT64_MAX) return impl_->search.Run({}, nullptr, stop, true).squares;
  CountSink sink(impl_->limit);
  return impl_->search.Run({}, &sink, stop).squares;
}

FillResult Dictionary::Fill(std::string_view text, const Options& options) const {
  const ParsedArgs args = Parse(FillCommand().tables, options);
  FillOutputOptions output;
  output.format = Value(ParseFillFormat(args.get("format", "text")));
  output.fill_in = args.has("fill-in") || args.has("deterministic");
  output.solution = args.has("solution");
  output.title = "grid";
  // The fill command's options without --dict: lower scores are better.
  const FillSettings settings =
      ::squares::api::SettingsOf(::squares::Better::kLower, Value(FillOptionsFrom(args)));
  const std::string path = "<grid>";
  const core::Grid grid = Value(ParseGrid(path, text));
  absl::StatusOr<GridFill> grid_fill;
  {
    std::lock_guard lock(impl_->mutex);
    grid_fill = GridFillProblem(grid, impl_->dictionary, path);
  }
  if (!grid_fill.ok()) Throw(grid_fill.status());
  if (grid_fill->too_long >= 0) {
    return {"over-constrained", FillStatusMessage(path, grid, *grid_fill, {}, settings.engine), {}};
  }

  FillResult result;
  const Alphabet& alphabet = impl_->dictionary.alphabet();
  std::vector<std::string> letters(grid.size());
  // As the command prints it: with its quality (jsonl, ipuz) when the list is scored.
  const bool scored = IsScored(grid_fill->problem);
  core::FillQuality quality;
  if (scored) output.quality = &quality;
  const core::FillResult outcome = SearchFill(
      grid_fill->problem, settings, &quality, [&](std::span<const Letter> fill) {
        ReadFill(grid, *grid_fill, alphabet, settings.engine.scores, fill, letters,
                 scored ? &quality : nullptr);
        FilledGrid filled;
        for (int i = 0; i < grid.size(); ++i) {
          if (i % grid.cols == 0) filled.rows.emplace_back();
          filled.rows.back() += grid.black[i] ? "#" : letters[i];
        }
        AppendFill(grid, letters, output, filled.text);
        result.fills.push_back(std::move(filled));
        return true;
      });
  constexpr const char* kStatus[] = {"filled", "impossible", "over-constrained",
                                     "no deterministic fill", "timed out"};
  result.status = kStatus[static_cast<int>(outcome.status)];
  result.message = FillStatusMessage(path, grid, *grid_fill, outcome, settings.engine);
  return result;
}

RegionsResult Dictionary::Regions(std::string_view text, const Options& options) const {
  const ParsedArgs args = Parse(RegionsCommand().tables, options);
  const RegionSizes sizes{static_cast<int>(Value(args.get_int("min", 4, 1, kMaxRegionSize))),
                          static_cast<int>(Value(args.get_int("max", 8, 1, kMaxRegionSize)))};
  if (sizes.min > sizes.max) {
    Throw(UsageError(absl::StrCat("--min ", sizes.min, " is larger than --max ", sizes.max)));
  }
  const bool all = args.has("all"), upper = args.has("upper");
  const Alphabet& alphabet = impl_->dictionary.alphabet();
  const RegionPuzzle puzzle =
      Value(ParseRegionPuzzle(text, "<puzzle>", alphabet, args.has("fold-accents")));
  std::optional<RegionSolver> solver;
  {
    std::lock_guard lock(impl_->mutex);
    solver.emplace(impl_->dictionary, sizes);
  }
  RegionsResult result;
  const size_t found = solver->Solve(puzzle, [&](const RegionPartition& partition) {
    RegionsSolution solution;
    for (const Word& word : RegionWords(puzzle, partition)) {
      solution.words.push_back(alphabet.to_utf8(word, upper));
    }
    solution.region_of = partition.region_of;
    for (const std::string& line : DrawRegions(puzzle, partition, alphabet, upper)) {
      absl::StrAppend(&solution.drawing, line, "\n");
    }
    result.solutions.push_back(std::move(solution));
    return all || result.solutions.size() < 2;
  });
  result.verdict = found == 0   ? "no solution"
                   : found == 1 ? "unique"
                   : all        ? absl::StrCat(found, " solutions")
                                : "2+ solutions";
  return result;
}

std::vector<KakuroResult> SolveKakuro(std::string_view text, const Options& options) {
  const ParsedArgs args = Parse(KakuroCommand().tables, options);
  const bool all = args.has("all");
  core::FillOptions fill_options;
  fill_options.all = all;
  fill_options.limit = !all ? 2 : args.has("limit") ? static_cast<int64_t>(Limit(args)) : 0;
  fill_options.timeout_seconds = Value(args.get_seconds("timeout", 0));
  const std::vector<KakuroBoard> boards = Value(ParseKakuro("<board>", text));
  DigitAutomata automata;
  std::vector<KakuroResult> results;
  for (const KakuroBoard& board : boards) {
    KakuroResult result;
    result.name = board.name;
    std::vector<uint8_t> digits(board.white_count());
    const core::FillResult outcome = core::Fill(
        KakuroProblem(board, automata), fill_options, [&](std::span<const Letter> letters) {
          for (int w = 0; w < board.white_count(); ++w) digits[w] = letters[w] + 1;
          result.solutions.push_back(FormatKakuroSolution(board, digits));
          return true;
        });
    result.verdict = KakuroVerdictText(static_cast<int64_t>(result.solutions.size()), all,
                                   outcome.status == core::FillStatus::kTimedOut);
    results.push_back(std::move(result));
  }
  return results;
}

}  // namespace squares::api
