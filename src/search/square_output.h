// Formats square search results: text (a grid, cubes as layers side by side, or one word a
// line), lines (a result on one line) and jsonl (one JSON object a result).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "search/square_search.h"

namespace squares::core {

// kView is the library's own (SquareSearch::ForEachView reads it, see ViewStrings): no
// command prints it.
enum class SquareFormat { kText, kLines, kJsonl, kView };
absl::StatusOr<SquareFormat> ParseSquareFormat(std::string_view name);

// The strings of a result in the kView format, each followed by '\n': its `words`, then, when
// its rows are not a run of them, its rows; the rows are strings rows_begin.. of those.
struct ViewStrings {
  int words = 0, rows_begin = 0, rows = 0;
  int count() const { return rows_begin + rows > words ? rows_begin + rows : words; }
};

// Appends one result to a string with no allocation beyond the string's growth:
//   text  - rows one per line, then a blank line (so concatenated outputs stay well formed);
//   lines - rows separated by a space on one line;
//   jsonl - {"rows":[...]} plus "columns" for double squares and rectangles;
//   view  - ViewStrings: the words (a square's rows, then its columns), then the rows that are
//           not words (a cube's layers side by side).
// A shape's results (one letter per cell): text shows its layout (shape.h) or, with none,
// one word per line; lines the same on one line, separated by spaces; jsonl
// {"words":[...]} in the shape's order.
class SquareFormatter {
 public:
  SquareFormatter(const Alphabet& alphabet, const SquareProblem& problem, SquareFormat format,
                  bool upper);
  // `shape` must outlive the formatter.
  SquareFormatter(const Alphabet& alphabet, const Shape& shape, SquareFormat format, bool upper);
  void Append(const Letter* grid, std::string& out) const;
  // The fixed-width image of a result (see SquareImage), when every letter is one byte, or for
  // kView with each letter of several bytes marked by the byte 0x80 | its code (with which no
  // UTF-8 begins); none when a shape shows a cell more than twice.
  std::optional<SquareImage> Image() const;
  bool single_bytes() const { return single_bytes_; }
  // kView: a result copied from the image, its marked letters (see Image) written out.
  void Unmark(std::string_view marked, std::string& out) const;
  const ViewStrings& view_strings() const { return view_; }

 private:
  void AppendWord(const Letter* grid, int start, int step, int length, std::string& out) const;
  // A shape's result; `where` (optional) receives each cell's offsets in `out`.
  void AppendShape(const Letter* grid, std::string& out,
                   std::vector<std::vector<uint32_t>>* where) const;
  void SetLetters(const Alphabet& alphabet, bool upper);
  void SetBytes();  // byte_of_ and single_bytes_, from letters_
  const Shape* shape_ = nullptr;
  std::vector<std::string> letters_;  // UTF-8 of each letter code
  bool single_bytes_ = true;          // every letter is one byte (ASCII): byte_of_ holds them
  std::array<char, kMaxLetters> byte_of_{};
  int rows_ = 0, cols_ = 0;
  bool with_columns_ = false;
  SquareFormat format_;
  ViewStrings view_;
};

}  // namespace squares::core
