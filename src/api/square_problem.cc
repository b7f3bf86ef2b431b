#include "api/square_problem.h"

#include <algorithm>
#include <filesystem>
#include <map>

#include "absl/strings/str_format.h"
#include "lexicon/load.h"
#include "text/read_file.h"
#include "text/strings.h"

namespace squares::core {
namespace {

using squares::SquareKind;
using squares::SquareOptions;

// The letters of a UTF-8 word (its lead bytes).
int Letters(std::string_view word) {
  return static_cast<int>(
      std::count_if(word.begin(), word.end(), [](char ch) { return (ch & 0xC0) != 0x80; }));
}

absl::StatusOr<SquareProblem> MakeSquareProblem(const SquareOptions& options,
                                                const Dictionary& dictionary) {
  SquareProblem problem;
  const Alphabet& alphabet = dictionary.alphabet();
  const bool rectangle = options.kind == SquareKind::kRectangle;
  problem.mode = rectangle                             ? SquareMode::kRectangle
                 : options.kind == SquareKind::kDouble ? SquareMode::kDouble
                                                       : SquareMode::kSymmetric;
  // The pattern, if any, fixes the size too.
  std::vector<std::string_view> pattern_rows;
  if (!options.pattern.empty()) pattern_rows = SplitString(options.pattern, '/');

  const std::string& first = options.first;
  Word first_word;
  if (!first.empty()) {
    auto encoded = alphabet.encode(first);
    if (!encoded.ok() || !dictionary.lexicon().find(*encoded)) {
      return absl::NotFoundError(absl::StrFormat("'%s' is not in the dictionary", first));
    }
    first_word = *encoded;
  }

  int rows = 0, cols = 0;
  const bool sized_by_pattern = !rectangle && options.size == 0 && first_word.empty();
  if (rectangle) {
    rows = options.rows;
    cols = options.cols;
  } else if (options.size != 0) {
    if (options.size < 1 || options.size > kMaxSquareSide) {
      return UsageError(
          absl::StrFormat("size: %d is not in 1..%d", options.size, kMaxSquareSide));
    }
    rows = cols = options.size;
  } else if (!first_word.empty()) {
    rows = cols = static_cast<int>(first_word.size());
  } else if (!pattern_rows.empty()) {
    rows = cols = static_cast<int>(pattern_rows.size());  // a square: a rectangle gives its size
  } else {
    return UsageError(
        "nothing to search: give a size, a first word, a pattern, or a rectangle's rows and cols");
  }
  if (rows < 1 || cols < 1 || rows > kMaxSquareSide || cols > kMaxSquareSide) {
    return UsageError(
        absl::StrFormat("size %dx%d is out of range (1..%d)", rows, cols, kMaxSquareSide));
  }
  problem.rows = rows;
  problem.cols = cols;
  problem.allowed.assign(static_cast<size_t>(rows) * cols, ~LetterSet{0});

  if (!first_word.empty()) {
    if (static_cast<int>(first_word.size()) != cols) {
      return UsageError(absl::StrFormat("first word '%s' has %d letters, rows have %d", first,
                                        first_word.size(), cols));
    }
    for (int j = 0; j < cols; ++j) problem.allowed[j] = LetterSet{1} << first_word[j];
  }
  if (!pattern_rows.empty()) {
    if (static_cast<int>(pattern_rows.size()) != rows) {
      return UsageError(
          absl::StrFormat("the pattern has %d row%s, expected %d", pattern_rows.size(),
                          pattern_rows.size() == 1 ? "" : "s", rows));
    }
    for (int i = 0; i < rows; ++i) {
      // Cells: '.' or '?' any letter; a run of letters, each letter of the alphabet a cell (a
      // digraph such as the Dutch IJ is one); "[IJ]" one cell of the letters inside.
      std::string_view row = pattern_rows[i];
      int j = 0;
      for (size_t pos = 0; pos < row.size();) {
        if (row[pos] == '.' || row[pos] == '?') {
          ++pos, ++j;
          continue;
        }
        const bool bracketed = row[pos] == '[';
        const size_t start = pos + bracketed;
        size_t end = bracketed ? row.find(']', start) : row.find_first_of(".?[", start);
        if (end == std::string_view::npos) {
          if (bracketed) return UsageError(absl::StrFormat("pattern row %d: '[' without ']'", i + 1));
          end = row.size();
        }
        auto letters = alphabet.encode(row.substr(start, end - start));
        if (!letters.ok()) {
          return UsageError(
              absl::StrFormat("pattern row %d: %s", i + 1, letters.status().message()));
        }
        if (bracketed && letters->size() != 1) {
          return UsageError(absl::StrFormat(
              "pattern row %d: [%s] is %d letters of the alphabet: a square's cell holds one "
              "(a grid's cells may hold several: fill a grid)",
              i + 1, row.substr(start, end - start), letters->size()));
        }
        for (core::Letter letter : *letters) {
          if (j < cols) problem.allowed[i * cols + j] &= LetterSet{1} << letter;
          ++j;
        }
        pos = end + bracketed;
      }
      if (j != cols) {
        return UsageError(
            absl::StrFormat("pattern row %d has %d cells, expected %d%s", i + 1, j, cols,
                            sized_by_pattern ? ", as many as the pattern has rows" : ""));
      }
    }
  }
  if (!options.contains.empty()) {
    auto word = alphabet.encode(options.contains);
    if (!word.ok() || static_cast<int>(word->size()) != cols) {
      return UsageError(absl::StrFormat("contains: '%s' is not a %d-letter word of the alphabet",
                                        options.contains, cols));
    }
    problem.contains = *word;
  }
  problem.distinct = options.distinct;
  problem.no_transpose = options.no_transpose;
  if (problem.no_transpose && problem.mode != SquareMode::kDouble) {
    return UsageError("no_transpose applies to double squares only");
  }
  problem.reversed = options.reversed.value_or(false);
  if (problem.reversed && problem.mode == SquareMode::kSymmetric) {
    return UsageError("reversed applies to double squares and rectangles only");
  }
  return problem;
}

// The shape of a cube, or of a square with its diagonals.
absl::StatusOr<Shape> MakeBuiltInShape(const SquareOptions& options) {
  if (!options.pattern.empty())
    return UsageError("a pattern does not apply to diagonal squares or cubes");
  if (options.no_transpose)
    return UsageError("no_transpose does not apply to diagonal squares or cubes");
  if (options.reversed.value_or(false))
    return UsageError("reversed does not apply to diagonal squares or cubes");
  if (options.kind == SquareKind::kRectangle) return UsageError("a rectangle has no diagonals");
  if (options.kind == SquareKind::kCube) {
    if (options.diagonals) return UsageError("a cube has no diagonals");
    if (options.size < 2 || options.size > 10) {  // 10^3 cells: kMaxShapeCells
      return UsageError(
          absl::StrFormat("cube size: %d is not in 2..10", options.size));
    }
    return MakeCubeShape(options.size);
  }
  int n = options.size;
  if (n == 0) {
    if (options.first.empty())
      return UsageError("diagonals: give a size or a first word");
    n = Letters(options.first);  // the word itself is checked with the problem
  }
  if (n < 2 || n > kMaxSquareSide) {
    return UsageError(
        absl::StrFormat("a diagonal square's size: %d is not in 2..%d", n, kMaxSquareSide));
  }
  Shape shape = MakeSquareShape(options.kind == SquareKind::kDouble ? SquareShapeKind::kDouble
                                                                    : SquareShapeKind::kSymmetric,
                                n, n, true);
  if (absl::Status status = FinishShape(shape); !status.ok()) return status;
  return shape;
}

// A shape given as cell lists (cells numbered from 0).
absl::StatusOr<Shape> ShapeOfCells(const std::vector<squares::ShapeWord>& words) {
  Shape shape;
  shape.name = "<shape>";
  if (words.empty()) return UsageError("the shape has no words");
  for (const squares::ShapeWord& given : words) {
    ShapeWord& word = shape.words.emplace_back();
    for (int c : given.cells) {
      if (c < 0 || c >= kMaxShapeCells) {
        return UsageError(
            absl::StrFormat("cell %d is not a cell number (0..%d)", c, kMaxShapeCells - 1));
      }
      shape.cell_count = std::max(shape.cell_count, c + 1);
      word.cells.push_back(c);
    }
    word.list = given.list;
  }
  if (absl::Status status = FinishShape(shape); !status.ok()) return status;
  return shape;
}

// A lexicon's words re-encoded in a larger alphabet (codes keep their order, so the words
// stay sorted).
absl::StatusOr<Lexicon> Reencode(const Lexicon& lexicon, const Alphabet& alphabet) {
  std::vector<Letter> code(lexicon.alphabet().size());
  for (int c = 0; c < lexicon.alphabet().size(); ++c) {
    code[c] =
        static_cast<Letter>(alphabet.find(lexicon.alphabet().code_point(static_cast<Letter>(c))));
  }
  std::vector<WordsOfLength> by_length(kMaxWordLength + 1);
  for (int length = 1; length <= kMaxWordLength; ++length) {
    const WordsOfLength& words = lexicon.words(length);
    std::vector<Letter> letters(words.letters.begin(), words.letters.end());
    for (Letter& c : letters) c = code[c];
    by_length[length].letters = FlatArray<Letter>(std::move(letters));
    by_length[length].scores =
        FlatArray<int64_t>(std::vector<int64_t>(words.scores.begin(), words.scores.end()));
    by_length[length].length = length;
  }
  return Lexicon::FromParts(alphabet, std::move(by_length), true);
}

// The dictionaries of a shape's search: the main one when some word names no list, and one
// per word list a word names, all on one alphabet (the union of theirs) so that one search
// walks them together: then `owned` holds them all, the main one re-encoded first. An unused
// main dictionary is not read: its letters would widen the alphabet (the default list's 40
// letters need 64-bit masks, a slower search than 32-bit ones). Returns the dictionary of
// each word.
absl::StatusOr<std::vector<const Dictionary*>> ShapeDictionaries(
    SquareSetup& setup, const Shape& shape, const std::string& shape_path,
    const MainDictionary& main, const LexiconOptions& list_options, bool note_unused) {
  std::vector<const Dictionary*> all;  // [0]: the main one, when used
  std::map<std::string, size_t> by_list;
  if (std::any_of(shape.words.begin(), shape.words.end(),
                  [](const ShapeWord& w) { return w.list.empty(); })) {
    setup.dictionary = &main();
    all.push_back(setup.dictionary);
  } else if (note_unused) {
    setup.notes.push_back(absl::StrFormat(
        "%s: every word names its list; the main dictionary is not read", shape.name));
  }
  std::vector<std::unique_ptr<Dictionary>> lists;
  for (const ShapeWord& word : shape.words) {
    if (word.list.empty() || by_list.count(word.list)) continue;
    // A list is found as given, or next to the shape file.
    std::string path = word.list;
    const std::string dir = shape_path.substr(0, shape_path.rfind('/') + 1);
    if (!std::filesystem::exists(path) && path[0] != '/' && !dir.empty() &&
        std::filesystem::exists(dir + path)) {
      path = dir + path;
    }
    // Only the lengths of the words that name it: reading the others costs more than
    // searching a small shape.
    uint64_t lengths = 0;
    for (const ShapeWord& other : shape.words) {
      if (other.list == word.list) lengths |= uint64_t{1} << (other.cells.size() - 1);
    }
    auto lexicon = ReadLexicon({&path, 1}, list_options, lengths);
    if (IoFailureOf(lexicon.status())) {
      return absl::NotFoundError(absl::StrFormat("%s:%d: word list '%s': %s", shape.name, word.line,
                                                 word.list, lexicon.status().message()));
    }
    if (!lexicon.ok()) return lexicon.status();
    by_list[word.list] = all.size();
    lists.push_back(std::make_unique<Dictionary>(std::move(*lexicon)));
    all.push_back(lists.back().get());
  }
  if (all.size() > 1) {
    std::vector<char32_t> letters;
    for (const Dictionary* dictionary : all) {
      for (int c = 0; c < dictionary->alphabet().size(); ++c) {
        letters.push_back(dictionary->alphabet().code_point(static_cast<Letter>(c)));
      }
    }
    std::sort(letters.begin(), letters.end());
    letters.erase(std::unique(letters.begin(), letters.end()), letters.end());
    if (letters.size() > kMaxLetters) {
      return absl::DataLossError(absl::StrFormat(
          "the word lists together use %d letters; at most %d", letters.size(), kMaxLetters));
    }
    Alphabet alphabet(letters);
    for (const Dictionary*& dictionary : all) {
      auto lexicon = Reencode(dictionary->lexicon(), alphabet);
      if (!lexicon.ok()) return lexicon.status();
      setup.owned.push_back(std::make_unique<Dictionary>(std::move(*lexicon)));
      dictionary = setup.owned.back().get();
    }
  } else {
    setup.owned = std::move(lists);
  }
  setup.alphabet = &all[0]->alphabet();  // the lists' common one
  std::vector<const Dictionary*> of_word;
  for (const ShapeWord& word : shape.words)
    of_word.push_back(all[word.list.empty() ? 0 : by_list.at(word.list)]);
  return of_word;
}

// A shape's problem: automata per word, fixed letters (deck patterns, the first word), the
// word it contains, distinct words, the cell order.
absl::StatusOr<ShapeProblem> MakeShapeProblem(const SquareOptions& options, Shape shape,
                                              const std::vector<const Dictionary*>& dictionaries,
                                              const Alphabet& alphabet) {
  ShapeProblem problem;
  problem.allowed.assign(shape.cell_count, ~LetterSet{0});
  if (!options.first.empty()) {
    auto word = alphabet.encode(options.first);
    if (!word.ok() || word->size() != shape.words[0].cells.size()) {
      return UsageError(absl::StrFormat("first word: '%s' is not a %d-letter word of the alphabet",
                                        options.first, shape.words[0].cells.size()));
    }
    for (size_t k = 0; k < word->size(); ++k)
      problem.allowed[shape.words[0].cells[k]] &= LetterSet{1} << (*word)[k];
  }
  for (size_t w = 0; w < shape.words.size(); ++w) {
    const ShapeWord& word = shape.words[w];
    problem.dawgs.push_back(&dictionaries[w]->dawg(static_cast<int>(word.cells.size())));
    for (size_t k = 0; k < word.pattern.size(); ++k) {
      const CellPattern& cell = word.pattern[k];
      if (cell.any()) continue;
      LetterSet set = 0;
      for (const std::string& letter : cell.letters) {
        auto code = alphabet.encode(letter);
        if (code.ok() && code->size() == 1) set |= LetterSet{1} << (*code)[0];
      }
      problem.allowed[word.cells[k]] &= cell.negate ? ~set : set;
    }
  }
  if (!options.contains.empty()) {
    auto word = alphabet.encode(options.contains);
    if (!word.ok()) {
      return UsageError(
          absl::StrFormat("contains: '%s' is not a word of the alphabet", options.contains));
    }
    problem.contains = *word;
  }
  problem.distinct = options.distinct;
  problem.greedy = options.order == squares::CellOrder::kGreedy ||
                   (options.order == squares::CellOrder::kDefault && shape.order.empty());
  problem.shape = std::move(shape);
  return problem;
}

}  // namespace

absl::StatusOr<SquareSearch> SquareSetup::Search(bool count_only, SearchTables* tables,
                                                 bool turned) const {
  // A shape's own lists are not the main dictionary's: their tables are not kept with it.
  if (shape) return SquareSearch::Create(*shape, owned.empty() ? tables : nullptr);
  SquareProblem problem = *square;
  problem.count_only = count_only;
  problem.reversed = (problem.reversed || turned) && count_only;
  // The listing's search counts only to a limit, through a sink: it reads no counting table.
  problem.list_only = !count_only;
  return SquareSearch::Create(*dictionary, std::move(problem), tables);
}

absl::StatusOr<SquareSetup> MakeSquareSetup(const SquareOptions& options,
                                            const MainDictionary& main,
                                            const LexiconOptions& list_options, bool note_unused) {
  SquareSetup setup;
  const bool square_mode = (options.kind == SquareKind::kSymmetric ||
                            options.kind == SquareKind::kDouble ||
                            options.kind == SquareKind::kRectangle) &&
                           !options.diagonals;
  if (options.order != squares::CellOrder::kDefault && square_mode) {
    return UsageError("order applies to diagonal squares, cubes and shapes");
  }
  if (square_mode) {
    setup.dictionary = &main();
    auto problem = MakeSquareProblem(options, *setup.dictionary);
    if (!problem.ok()) return problem.status();
    setup.square = std::move(*problem);
    setup.alphabet = &setup.dictionary->alphabet();
    const int rows = setup.square->rows, cols = setup.square->cols;
    const uint64_t row_words = setup.dictionary->dawg(cols).word_count();
    const uint64_t col_words = setup.dictionary->dawg(rows).word_count();
    if (row_words == 0 || col_words == 0) {
      setup.notes.push_back(absl::StrFormat("the dictionary has no words of length %d",
                                            row_words == 0 ? cols : rows));
    } else if (setup.square->mode == SquareMode::kSymmetric && row_words == 1) {
      setup.notes.push_back(absl::StrFormat("the dictionary has only one word of length %d", cols));
    }
    return setup;
  }
  absl::StatusOr<Shape> shape;
  if (options.kind != SquareKind::kShape) {
    shape = MakeBuiltInShape(options);
  } else if (!options.shape_file.empty()) {
    if (!options.shape.empty()) return UsageError("give the shape's words or its file, not both");
    auto text = ReadFile(options.shape_file, kMaxShapeFileBytes, "a shape file");
    if (!text.ok()) return text.status();
    shape = ParseShape(*text, options.shape_file == "-" ? "<stdin>" : options.shape_file);
  } else {
    shape = ShapeOfCells(options.shape);
  }
  if (!shape.ok()) return shape.status();
  auto dictionaries =
      ShapeDictionaries(setup, *shape, options.shape_file, main, list_options, note_unused);
  if (!dictionaries.ok()) return dictionaries.status();
  auto problem = MakeShapeProblem(options, std::move(*shape), *dictionaries, *setup.alphabet);
  if (!problem.ok()) return problem.status();
  setup.shape = std::move(*problem);
  return setup;
}

}  // namespace squares::core
