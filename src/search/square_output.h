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

enum class SquareFormat { kText, kLines, kJsonl };
absl::StatusOr<SquareFormat> ParseSquareFormat(std::string_view name);

// Appends one result to a string with no allocation beyond the string's growth:
//   text  - rows one per line, then a blank line (so concatenated outputs stay well formed);
//   lines - rows separated by a space on one line;
//   jsonl - {"rows":[...]} plus "columns" for double squares and rectangles.
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
  // The fixed-width image of a result (see SquareImage), when every letter is one byte.
  std::optional<SquareImage> Image() const;

 private:
  void AppendWord(const Letter* grid, int start, int step, int length, std::string& out) const;
  // A shape's result; `where` (optional) receives each cell's offsets in `out`.
  void AppendShape(const Letter* grid, std::string& out,
                   std::vector<std::vector<uint32_t>>* where) const;
  void SetLetters(const Alphabet& alphabet, bool upper);
  const Shape* shape_ = nullptr;
  std::vector<std::string> letters_;  // UTF-8 of each letter code
  bool single_bytes_ = true;          // every letter is one byte (ASCII): byte_of_ holds them
  std::array<char, kMaxLetters> byte_of_{};
  int rows_ = 0, cols_ = 0;
  bool with_columns_ = false;
  SquareFormat format_;
};

}  // namespace squares::core
