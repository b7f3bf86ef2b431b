// The old option-string API, kept only for the Python module until it moves to the typed API
// (include/squares/); internal, not installed.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace squares::api {

// An error, with the message the `squares` command prints for it (without "squares: ").
class Error : public std::runtime_error {
 public:
  Error(const std::string& message, bool usage) : std::runtime_error(message), usage_(usage) {}
  // A usage error (a bad option or value; the command exits 2) rather than a data error
  // (a bad word list, grid or board; the command exits 1).
  bool usage() const { return usage_; }

 private:
  bool usage_;
};

using Options = std::vector<std::pair<std::string, std::string>>;

// A prepared square search (Dictionary::Squares). Its results are listed in lexicographic
// order of their rows, as `squares` lists them.
class SquareQuery {
 public:
  int rows() const;
  int cols() const;
  // Calls `on_square` with each result's rows until it returns false, the "limit" option is
  // reached or the search ends. `stop`, when given, is polled during the search: setting it
  // (from another thread) ends the search soon.
  void ForEach(const std::function<bool(const std::vector<std::string>& rows)>& on_square,
               const std::atomic<bool>* stop = nullptr) const;
  // The number of results (up to "limit"), by the counting search, which formats nothing.
  uint64_t Count(const std::atomic<bool>* stop = nullptr) const;

 private:
  friend class Dictionary;
  struct Impl;
  std::shared_ptr<const Impl> impl_;
};

// A filled grid (Dictionary::Fill).
struct FilledGrid {
  std::vector<std::string> rows;  // the letters, upper case; '#' for a black cell
  std::string text;               // as `squares fill` prints it in its "format" (text)
};

struct FillResult {
  // "filled", "impossible", "over-constrained", "no deterministic fill" or "timed out".
  std::string status;
  std::string message;  // what the command prints for a status other than "filled"
  std::vector<FilledGrid> fills;
};

struct RegionsSolution {
  std::vector<std::string> words;  // the word of each region, in region order
  std::vector<int> region_of;      // per cell (row-major), its region: 0, 1, ... in reading order
  std::string drawing;             // the partition drawn with +---+ borders
};

struct RegionsResult {
  std::string verdict;  // "unique", "2+ solutions", "no solution"; with "all": "N solutions"
  std::vector<RegionsSolution> solutions;  // up to two (with "all": every one)
};

// A word list with its automata.
class Dictionary {
 public:
  // The embedded default list (English, SCOWL size <= 70, scored by SCOWL size). Options:
  // those of the lexicon ("fold-accents", "min-score", "max-level").
  static Dictionary Default(const Options& options = {});
  // Word lists (one entry per line, optional ";score"), or one index file of `squares index`.
  static Dictionary FromFiles(const std::vector<std::string>& paths, const Options& options = {});
  // Words in memory, read as the lines of a word list (messages name the source "<words>").
  static Dictionary FromWords(const std::vector<std::string>& words, const Options& options = {});

  size_t size() const;  // the number of words
  bool contains(std::string_view word) const;

  // Squares, double squares and rectangles, with the options of `squares` ("size", "double",
  // "rect", "first", "pattern", "contains", "distinct", "no-transpose", "upper", "limit").
  SquareQuery Squares(const Options& options) const;
  // Fills a crossword grid given as text (crucio, cwc or plain rows, as `squares fill` reads
  // them; messages name it "<grid>") with the options of `squares fill`.
  FillResult Fill(std::string_view grid, const Options& options = {}) const;
  // Solves a word-region puzzle given as text (rows of letters; messages name it "<puzzle>")
  // with the options of `squares regions` ("min", "max", "all", "upper").
  RegionsResult Regions(std::string_view puzzle, const Options& options = {}) const;

 private:
  struct Impl;
  explicit Dictionary(std::shared_ptr<Impl> impl) : impl_(std::move(impl)) {}
  std::shared_ptr<Impl> impl_;
};

struct KakuroResult {
  std::string name;  // from the board's KAKURO header; "" for a bare board
  // "unique", "not unique", "no solution" or "timed out"; with "all": "N solutions".
  std::string verdict;
  std::vector<std::string> solutions;  // each solved grid as `squares kakuro` prints it
};

// Solves every board of a Kakuro file given as text (messages name it "<board>"), with the
// options of `squares kakuro` ("all", "limit", "timeout"); stops at the second solution of a
// board unless "all".
std::vector<KakuroResult> SolveKakuro(std::string_view boards, const Options& options = {});

}  // namespace squares::api
