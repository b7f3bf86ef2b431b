// squares: word squares, double word squares, rectangles, diagonal squares, word cubes and any
// shape of words, searched on the dictionary's automata.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "squares/dictionary.h"
#include "squares/error.h"

namespace squares {

// The library's own: what a handle holds, and how the library reaches it.
namespace detail {
struct SquareSearchImpl;
struct Access;
}  // namespace detail

// The largest side of a square and of either side of a rectangle.
inline constexpr int kMaxSquareSide = 32;

enum class SquareKind {
  kSymmetric,  // n x n, row i = column i
  kDouble,     // n x n, every row and every column a word
  kRectangle,  // rows x cols: rows of `cols` letters, columns of `rows` letters
  kCube,       // size^3 cells, every line along each of the three axes a word
  kShape,      // any words over shared cells: `shape` or `shape_file`
};

// A shape's word: the cells it reads, in order (cell ids from 0; a cell may repeat).
struct ShapeWord {
  std::vector<int> cells;
  std::string list;  // this word's own list file; "" = the search's dictionary
};

// The cell order of a shape's search: the library's default (given for the built-in shapes,
// greedy for shapes), the one it chooses (greedy), or the cells' numbering (given).
enum class CellOrder { kDefault, kGreedy, kGiven };

// What to search. Every field is checked when the search is created (Error, kUsage).
struct SquareOptions {
  SquareKind kind = SquareKind::kSymmetric;
  int size = 0;                  // symmetric, double, cube: the side (0: the first word's length,
                                 // or the pattern's rows)
  int rows = 0, cols = 0;        // rectangle
  bool diagonals = false;        // symmetric, double: both main diagonals are words too
  std::vector<ShapeWord> shape;  // kShape: the words (or shape_file)
  std::string shape_file;        // kShape: a fieldfinder topology or Qxw deck file
  std::string first;          // the first row (a shape: its first word); must be in the dictionary
  std::string pattern;        // fixed letters, rows separated by '/', '.' or '?' free
  std::string contains;       // some row (a shape: some word) is this word
  bool distinct = false;      // no word twice among rows and columns
  bool no_transpose = false;  // double: a square or its transpose, not both
  // Double squares and rectangles, Count() only: the search reads every word from its last
  // letter (true: it counts the squares turned by half a turn) or from its first (false).
  // The same count, found faster one way for some lists and the other way for others; unset,
  // a whole count (unsharded, no limit) runs the way a pilot of both finds faster, anything
  // else reads from the first letter. Listings read the words as they are.
  std::optional<bool> reversed;
  CellOrder order = CellOrder::kDefault;
  bool upper = false;            // results in upper case
  std::optional<int64_t> limit;  // stop after this many results (0: none; not negative)
  // > 0: only the `best` results with the best worst word, then the best mean score, best
  // first, on the dictionary's scores (better() says which are better); the first is proven
  // best. Needs every word on the dictionary (no shape word with a list of its own).
  int best = 0;
  int threads = 0;  // worker threads; 0: DefaultThreads() (as FillOptions and the command
                    // line). Results come in the same order on any number.
  int shard_index = 1, shard_count = 1;  // only part I of N (the parts concatenate in order)
  // When set, runs go only under this key of the cut (SquareSearch::ShardKey, of the run's
  // kind: Count() or the listing): a search cut otherwise here (another build of the
  // library, other words) makes Count, ForEach and Write throw a kData Error naming both keys,
  // before any result. Checked on the cut the run makes anyway (no search twice). Not with
  // `best`.
  std::optional<uint64_t> shard_key;
  const StopFlag* stop = nullptr;  // stops the runs (SquareSearch::set_stop: a copy's own)
};

// One result. For squares, rectangles and diagonal squares `rows` are the grid's rows; for
// a cube, the layers side by side; for a shape, the rows of its layout when some consecutive
// words of one length cover every cell once, else the words. `words` are every word of the
// result, in the shape's order (a square: rows, then columns, then diagonals).
struct SquareResult {
  std::vector<std::string> rows;
  std::vector<std::string> words;
  // With SquareOptions::best: the score of its worst word, and its words' mean score.
  int64_t worst_score = 0;
  double mean_score = 0;
};

// One result of SquareSearch::ForEachView, read in place: its strings are views into the
// search's own buffer, valid only during the call that receives it (ToResult() copies it).
// rows(), words() and the scores are SquareResult's.
class SquareView {
 public:
  // A result's rows or words: a random-access range of std::string_view.
  class Strings {
   public:
    class iterator {
     public:
      using iterator_category = std::random_access_iterator_tag;
      using value_type = std::string_view;
      using difference_type = std::ptrdiff_t;
      using reference = std::string_view;
      using pointer = void;
      iterator() = default;
      std::string_view operator*() const { return At(text_, bounds_, index_); }
      std::string_view operator[](difference_type n) const {
        return At(text_, bounds_, index_ + n);
      }
      iterator& operator++() { return *this += 1; }
      iterator operator++(int) { return std::exchange(*this, *this + 1); }
      iterator& operator--() { return *this -= 1; }
      iterator operator--(int) { return std::exchange(*this, *this - 1); }
      iterator& operator+=(difference_type n) {
        index_ += n;
        return *this;
      }
      iterator& operator-=(difference_type n) { return *this += -n; }
      friend iterator operator+(iterator i, difference_type n) { return i += n; }
      friend iterator operator+(difference_type n, iterator i) { return i += n; }
      friend iterator operator-(iterator i, difference_type n) { return i -= n; }
      friend difference_type operator-(const iterator& a, const iterator& b) {
        return a.index_ - b.index_;
      }
      friend bool operator==(const iterator& a, const iterator& b) { return a.index_ == b.index_; }
      friend bool operator!=(const iterator& a, const iterator& b) { return a.index_ != b.index_; }
      friend bool operator<(const iterator& a, const iterator& b) { return a.index_ < b.index_; }
      friend bool operator>(const iterator& a, const iterator& b) { return a.index_ > b.index_; }
      friend bool operator<=(const iterator& a, const iterator& b) { return a.index_ <= b.index_; }
      friend bool operator>=(const iterator& a, const iterator& b) { return a.index_ >= b.index_; }

     private:
      friend class Strings;
      iterator(const char* text, const uint32_t* bounds, difference_type index)
          : text_(text), bounds_(bounds), index_(index) {}
      const char* text_ = nullptr;
      const uint32_t* bounds_ = nullptr;
      difference_type index_ = 0;
    };
    using const_iterator = iterator;
    using value_type = std::string_view;
    using size_type = size_t;

    Strings() = default;
    iterator begin() const { return {text_, bounds_, 0}; }
    iterator end() const { return {text_, bounds_, static_cast<std::ptrdiff_t>(size_)}; }
    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    std::string_view operator[](size_t i) const { return At(text_, bounds_, i); }
    std::string_view front() const { return At(text_, bounds_, 0); }
    std::string_view back() const { return At(text_, bounds_, size_ - 1); }

   private:
    friend class SquareView;
    Strings(const char* text, const uint32_t* bounds, size_t size)
        : text_(text), bounds_(bounds), size_(size) {}
    // String i: from bounds[i] to the byte before bounds[i + 1] (a separator).
    static std::string_view At(const char* text, const uint32_t* bounds, std::ptrdiff_t i) {
      return {text + bounds[i], bounds[i + 1] - bounds[i] - 1};
    }
    const char* text_ = nullptr;
    const uint32_t* bounds_ = nullptr;
    size_t size_ = 0;
  };

  Strings rows() const { return {text_, bounds_ + rows_begin_, rows_}; }
  Strings words() const { return {text_, bounds_, words_}; }
  int64_t worst_score() const { return worst_score_; }
  double mean_score() const { return mean_score_; }
  // The result, copied.
  SquareResult ToResult() const;

 private:
  friend struct detail::Access;
  SquareView() = default;
  const char* text_ = nullptr;
  const uint32_t* bounds_ = nullptr;  // where each string begins, and one past the last's end
  uint32_t words_ = 0, rows_begin_ = 0, rows_ = 0;
  int64_t worst_score_ = 0;
  double mean_score_ = 0;
};

// The command line's output formats: text (the grid, a blank line after), lines (one result a
// line, rows separated by spaces), jsonl ({"rows":[...]} or {"words":[...]}, one a line).
enum class SquareFormat { kText, kLines, kJsonl };

struct SearchStats {
  uint64_t nodes = 0;    // letters placed
  uint64_t results = 0;  // results reported (up to the limit)
  double seconds = 0;
  bool stopped = false;  // the stop flag ended the search early
  // Count() only: the symmetry it counted up to (its order: 1 none, 2 or 6; and the cells
  // it moves). A shape whose symmetry is of order 6 may be counted up to one of its
  // exchanges instead, where that walks less (see symmetry_order()).
  int symmetry_order = 1, symmetry_cells = 0;
  bool reversed = false;  // Count() only: the count read every word from its last letter
};

// Progress of a running search, reported from the thread that called ForEach/Count/Write.
struct SearchProgress {
  size_t parts_done = 0, parts = 0;  // the search's parts (its tasks) done, and in all
  uint64_t results = 0;
  double seconds = 0;
};

// When a search reports its progress (SquareSearch::set_progress): at most once per `every`
// seconds, once it is past `after` seconds.
struct ProgressTiming {
  double every = 0.25;
  double after = 1;
};

// A prepared search. Creating it checks the options and builds the automata; it may then be
// run any number of times, from any thread at once. It is a value: a copy shares what was
// built (which no call changes) and has its own progress callback and stop flag, so
// set_progress or set_stop on one copy leaves the others as they were.
class SquareSearch {
 public:
  SquareSearch(const Dictionary& dictionary, const SquareOptions& options);
  // The same, with the dictionary read by `load` only when some word reads it: a shape whose
  // words all name lists of their own does not (the command line's `shape` does not read an
  // unused --dict), and then, with `note_unused`, a note says so. Those lists are read with
  // `list_options`.
  SquareSearch(const std::function<Dictionary()>& load, const DictionaryOptions& list_options,
               const SquareOptions& options, bool note_unused = true);

  int rows() const;  // the grid's rows and columns (a shape: its layout's; 0 when none)
  int cols() const;
  // Notes on the problem, as the command prints them on stderr ("the dictionary has no words
  // of length 9").
  const std::vector<std::string>& notes() const;
  // A shape's cells in the order the search fills them, by name (the cell numbers, or a Qxw
  // deck's cell names), separated by spaces; "" for the square modes.
  const std::string& cell_order() const;
  // How many cells the shape's symmetry exchanges: Count() counts the results up to it (and
  // multiplies back) when it has no limit and no shard; 0 when it has none.
  int symmetry_cells() const;
  // The order of that symmetry: 1 (none), 2 (one exchange of cells, such as a double
  // square's transposition) or 6 (the permutations of three things, such as a cube's axes).
  // With 6, Count() first counts a sample of the search both up to it and up to one of its
  // exchanges, and the rest up to the one that walked less: SearchStats says which.
  int symmetry_order() const;

  // Calls `on_result` with each result, in the search's order, until it returns false, the
  // limit is reached or the search ends.
  SearchStats ForEach(const std::function<bool(const SquareResult&)>& on_result) const;
  // The same, each result seen in place rather than copied into strings: no allocation per
  // result. The view, and every string_view it gives, is valid only during the call.
  SearchStats ForEachView(const std::function<bool(const SquareView&)>& on_result) const;
  // The number of results (up to the limit), counted without forming them.
  uint64_t Count(SearchStats* stats = nullptr) const;
  // The key of the cut of the search into the options' shard_count parts, as Count()
  // (`counting`) or ForEach and Write cut it: a hash of the parts and of the words. Parts
  // made under one key tile the search exactly; a build that weighs the search's tasks
  // differently, or other words, give another key (see `squares --shard-key`).
  uint64_t ShardKey(bool counting) const;
  // The results formatted as `squares --format ...` prints them, handed to `out` in pieces of
  // whole results, in order, until it returns false.
  SearchStats Write(SquareFormat format,
                    const std::function<bool(std::string_view text)>& out) const;

  // Called with the search's progress as its parts end, by default at most four times a
  // second once the search is past a second (null: never). A count reports the parts done in
  // any order (and the results they found); ForEach and Write, the parts whose results were
  // handed over. Negative or non-finite timings are a usage Error.
  void set_progress(std::function<void(const SearchProgress&)> progress,
                    const ProgressTiming& timing = {});
  // The flag that stops this handle's runs: SquareOptions::stop until set here (null: none).
  // As the progress callback, each copy has its own: copies of one prepared search may run at
  // once, each stopped by its caller.
  void set_stop(const StopFlag* stop) { stop_ = stop; }

  // Every callback (on_result, out, progress) runs on the calling thread, one call at a time,
  // whatever the number of threads. One that throws stops the search: its threads are joined
  // and the exception reaches the caller of ForEach, Count or Write unchanged.

 private:
  friend struct detail::Access;
  explicit SquareSearch(std::shared_ptr<const detail::SquareSearchImpl> impl, const StopFlag* stop)
      : impl_(std::move(impl)), stop_(stop) {}
  std::shared_ptr<const detail::SquareSearchImpl> impl_;
  std::function<void(const SearchProgress&)> progress_;
  ProgressTiming progress_timing_;
  const StopFlag* stop_;
};

}  // namespace squares
