// The API's Grid, and what takes a grid and a fill without a search: CheckGrid, FormatFill.
#include <algorithm>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "api/api_internal.h"
#include "api/grid_internal.h"
#include "fill/clues.h"
#include "fill/fill_output.h"
#include "fill/puzzle.h"
#include "lexicon/unicode.h"

namespace squares {

std::shared_ptr<detail::GridImpl> detail::GridImpl::Make(const core::Puzzle& puzzle,
                                                          std::string source) {
  auto impl = std::make_shared<GridImpl>();
  impl->puzzle = api::PublicPuzzle(puzzle);
  core::Grid grid = puzzle.grid;
  impl->letters.resize(grid.size());
  for (int i = 0; i < grid.size(); ++i) {
    const std::string& given = grid.fixed[i].empty() && !puzzle.solution.empty()
                                   ? puzzle.solution[i]
                                   : grid.fixed[i];
    for (size_t pos = 0; pos < given.size();) {
      const int32_t cp = core::DecodeUtf8(given, pos);
      if (cp >= 0) core::AppendUtf8(core::UpperCase(static_cast<char32_t>(cp)), impl->letters[i]);
    }
    grid.fixed[i] = impl->letters[i];
  }
  for (const core::GridSlot& slot : grid.slots) {
    impl->slots.push_back(
        {slot.direction == core::Direction::kAcross ? Direction::kAcross : Direction::kDown,
         slot.number, slot.row, slot.col, slot.length, slot.cells});
  }
  impl->grid = std::move(grid);
  impl->source = std::move(source);
  return impl;
}

std::string Slot::name() const {
  return absl::StrFormat("%d %s", number, direction == Direction::kAcross ? "Across" : "Down");
}

Grid Grid::Parse(std::string_view text, const std::string& source) {
  return Grid(detail::GridImpl::Make(api::Value(core::ReadPuzzle(source, text)), source));
}

Grid Grid::FromRows(const std::vector<std::string>& rows) {
  return Grid(detail::GridImpl::Make(
      core::PuzzleOfGrid(api::Value(core::ParseGridRows("<rows>", rows)), "plain rows"),
      "<rows>"));
}

Grid Grid::FromPuzzle(const Puzzle& puzzle, const std::string& source) {
  return Grid(detail::GridImpl::Make(api::CorePuzzle(puzzle, source), source));
}

Grid Grid::Load(const std::string& path) {
  const std::string text = api::Value(core::ReadPuzzleFile(path));
  return Parse(text, path);
}

int Grid::rows() const { return impl_->grid.rows; }
int Grid::cols() const { return impl_->grid.cols; }
bool Grid::black(int cell) const { return impl_->grid.black.at(cell); }
const std::string& Grid::letter(int cell) const { return impl_->letters.at(cell); }
int Grid::number(int cell) const { return impl_->grid.numbers.at(cell); }
const std::vector<Slot>& Grid::slots() const { return impl_->slots; }
const std::string& Grid::source() const { return impl_->source; }
const Puzzle& Grid::puzzle() const { return impl_->puzzle; }
const std::vector<Clue>& Grid::clues() const { return impl_->puzzle.clues; }
const std::string& Grid::title() const { return impl_->puzzle.info.title; }
const std::string& Grid::author() const { return impl_->puzzle.info.author; }
const std::string& Grid::copyright() const { return impl_->puzzle.info.copyright; }

std::vector<std::string> Grid::text_rows() const {
  std::vector<std::string> rows;
  core::TextRows(impl_->grid, impl_->letters, rows);
  return rows;
}

GridCheck CheckGrid(const Dictionary& dictionary, const Grid& grid, bool allow_repeats) {
  const detail::GridImpl& g = api::ImplOf(grid);
  const core::Dictionary& d = api::ImplOf(dictionary).dictionary;
  GridCheck check;
  check.filled = true;
  for (int i = 0; i < g.grid.size(); ++i) check.filled &= g.grid.black[i] || !g.letters[i].empty();
  if (!check.filled) return check;
  const bool lower = dictionary.better() == Better::kLower;
  std::vector<std::string> words;
  int64_t sum = 0;
  FillQuality quality;
  for (const Slot& slot : g.slots) {
    std::string word;
    for (int c : slot.cells) word += g.letters[c];
    int64_t score = 0;
    auto encoded = d.alphabet().encode(word, api::ImplOf(dictionary).options.fold_accents);
    if (!encoded.ok() || !d.lexicon().find(*encoded, &score)) {
      check.problems.push_back(
          absl::StrFormat("%s: %s is not in the dictionary", slot.name(), word));
    } else if (auto seen = std::find(words.begin(), words.end(), word);
               !allow_repeats && seen != words.end()) {
      check.problems.push_back(absl::StrFormat("%s: %s is also %s", slot.name(), word,
                                               g.slots[seen - words.begin()].name()));
    }
    if (words.empty() || (lower ? score > quality.worst_score : score < quality.worst_score)) {
      quality.worst_score = score;
      quality.worst_word = word;
    }
    sum += score;
    words.push_back(std::move(word));
  }
  check.valid = check.problems.empty();
  if (check.valid && dictionary.scored() && !words.empty()) {
    quality.mean_score = static_cast<double>(sum) / static_cast<double>(words.size());
    check.quality = quality;
  }
  return check;
}

namespace {

// The engine's formats are the API's, in its order.
static_assert(static_cast<int>(core::FillFormat::kSubmission) ==
              static_cast<int>(DocumentFormat::kSubmission));

core::FillFormat FormatOf(DocumentFormat format) {
  if (format < DocumentFormat::kText || format > DocumentFormat::kSubmission) {
    api::ThrowUsage(absl::StrFormat("DocumentFormat %d is not a format", static_cast<int>(format)));
  }
  return static_cast<core::FillFormat>(format);
}

}  // namespace

namespace api {

std::vector<core::Clue> CluesOf(const std::vector<Clue>& clues) {
  std::vector<core::Clue> out;
  for (const Clue& clue : clues) {
    out.push_back(
        {clue.number,
         clue.direction == Direction::kAcross ? core::Direction::kAcross : core::Direction::kDown,
         clue.number > 0 ? "" : core::ClueWordKey(clue.word), clue.text, clue.line,
         clue.enumeration});
  }
  return out;
}

}  // namespace api

DocumentFormat DocumentFormatNamed(std::string_view name) {
  return static_cast<DocumentFormat>(api::Value(core::ParseFillFormat(name)));
}

std::string_view DocumentExtension(DocumentFormat format) {
  return core::FileExtension(FormatOf(format));
}

void CheckDocumentFormat(DocumentFormat format) {
  if (format == DocumentFormat::kPdf || format == DocumentFormat::kSubmission) {
    api::Check(core::CheckLualatex());
  }
}

Fill GivenFill(const Grid& grid) {
  Fill fill;
  fill.letters = api::ImplOf(grid).letters;  // "" for black and empty cells
  fill.rows = grid.text_rows();
  return fill;
}

std::string WritePuzzle(const Puzzle& puzzle, const DocumentOptions& options) {
  const Grid grid = Grid::FromPuzzle(puzzle);
  return FormatFill(grid, GivenFill(grid), options);
}

std::string FormatFill(const Grid& grid, const Fill& fill, const DocumentOptions& options) {
  const detail::GridImpl& impl = api::ImplOf(grid);
  if (fill.letters.size() != static_cast<size_t>(impl.grid.size())) {
    api::ThrowUsage(absl::StrFormat("a fill of %d cells for a grid of %d", fill.letters.size(),
                                    impl.grid.size()));
  }
  // The grid's puzzle with the fill's letters as its solution; what the options give wins
  // over what the puzzle says.
  core::Puzzle puzzle;
  puzzle.grid = impl.grid;
  for (int i = 0; i < impl.grid.size(); ++i) puzzle.grid.fixed[i] = impl.puzzle.cells[i].given;
  puzzle.solution = fill.letters;
  const PuzzleInfo& info = impl.puzzle.info;
  puzzle.info = {info.title,     info.author, info.editor,   info.copyright,
                 info.date,      info.notes,  info.publisher};
  core::PuzzleInfo& out_info = puzzle.info;
  for (auto [field, given] : {std::pair{&out_info.title, &options.title},
                              {&out_info.author, &options.author},
                              {&out_info.editor, &options.editor},
                              {&out_info.copyright, &options.copyright},
                              {&out_info.date, &options.date},
                              {&out_info.notes, &options.notes},
                              {&out_info.publisher, &options.publisher}}) {
    if (!given->empty()) *field = *given;
  }
  puzzle.clues = api::CluesOf(options.clues.empty() ? impl.puzzle.clues : options.clues);
  core::FillOutputOptions output;
  output.format = FormatOf(options.format);
  output.fill_in = options.fill_in;
  output.solution = options.solution;
  output.ipuz_clue_arrays = options.ipuz_clue_arrays;
  output.paper = options.paper;
  output.name = options.name;
  output.address = options.address;
  output.email = options.email;
  output.warnings = options.warnings;
  core::FillQuality quality;
  if (fill.quality) {
    const FillQuality& q = *fill.quality;
    quality = {q.worst_word, q.worst_score,    q.mean_score, q.searched,
               q.bound,      q.bound_searched, q.proven,     q.mean_proven};
    output.quality = &quality;
  }
  std::string out;
  api::Check(core::AppendFill(puzzle, output, out));
  return out;
}

}  // namespace squares
