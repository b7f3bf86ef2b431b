// squares: crossword grids, their fill (first, best, all), the candidates of a slot, and the
// documents a fill is published in.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "squares/dictionary.h"
#include "squares/error.h"

namespace squares {

enum class Direction { kAcross, kDown };

// A slot: a maximal run of two or more white cells in one direction.
struct Slot {
  Direction direction = Direction::kAcross;
  int number = 0;              // printed clue number
  int row = 0, col = 0;        // first cell (0-based)
  int length = 0;
  std::vector<int> cells;      // cell indices (row * cols + col), in reading order
  std::string name() const;    // "3 Across", "12 Down"
};

// A crossword grid: black cells, empty cells, fixed letters. Slots are numbered as printed
// crosswords number them: all Across slots in reading order, then all Down slots.
class Grid {
 public:
  // Reads a grid in any of the three formats, detected: crucio (.crg: rows, columns, then rows
  // of '-' empty, '#' black, letters), cwc ('W H', then rows of '+' empty, ' ' black), or plain
  // rows of '.' empty, '#' black, letters. Errors (kData) name `source`, the line and column.
  static Grid Parse(std::string_view text, const std::string& source = "<grid>");
  // Plain rows: '.' empty, '#' black, a letter fixed.
  static Grid FromRows(const std::vector<std::string>& rows);
  static Grid Load(const std::string& path);  // Parse of a file ('-': stdin)

  int rows() const;
  int cols() const;
  bool black(int cell) const;
  const std::string& letter(int cell) const;  // a fixed letter (upper case UTF-8), or ""
  int number(int cell) const;                 // printed number, 0 when none
  const std::vector<Slot>& slots() const;
  std::vector<std::string> text_rows() const; // plain rows: '.', '#', letters
  const std::string& source() const;

  struct Impl;  // the library's own
  const Impl& impl() const { return *impl_; }

 private:
  explicit Grid(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}
  std::shared_ptr<const Impl> impl_;
};

enum class FillStatus {
  kFilled,           // at least one fill
  kImpossible,       // the search is exhausted: no fill
  kOverConstrained,  // a slot has no candidate before any search (FillResult::bad_slot)
  kNoDeterministic,  // deterministic: the grid cannot have a deterministic fill
  kTimedOut,         // timeout, node budget or the stop flag (fills may have been reported)
};

enum class Branching { kLetter, kWord };

// Every option of `squares fill`.
struct FillOptions {
  bool any = false;            // the first fill found, no search for the best
  bool all = false;            // every fill, in lexicographic order of the rows
  std::optional<int64_t> limit;          // with all: at most this many fills
  int shard_index = 1, shard_count = 1;  // with all: only part I of N
  bool allow_repeats = false;  // a word may fill several slots
  bool deterministic = false;  // a fill-in puzzle that can be solved without guessing
  uint64_t seed = 1;           // tie-breaks and restarts
  int threads = 0;             // 0: all cores (as SquareOptions and the command line)
  double timeout = 0;          // seconds; 0: none
  double quality_time = 10;    // seconds for the best fill after the first fill (0: no limit)
  std::optional<int64_t> polish;  // nodes of search for a better mean (default: until the
                                  // timeout, or 10000 without one; 0: none)
  Branching branch = Branching::kLetter;
  bool prefer_scores = false;  // try the best-scored words first
  std::optional<Better> better;    // default: the dictionary's better()
  std::optional<int64_t> max_level;  // words scored worse than this are not used
  std::vector<std::string> exclude;  // words never used in this grid (rejected words)
  // Offensive and slur words (data/offensive: LDNOOBW's lists and @2toad/profanity's, for the
  // dictionary's language) are left out of fills unless this is set; a grid's fixed entries
  // and square searches keep every word.
  bool allow_offensive = false;
  // A grid with an entry shorter than this is refused (kData, naming the entry). 2 accepts
  // every grid: two-letter entries, as Italian crosswords have; 3 holds a grid to the
  // English custom.
  int min_length = 2;
  const StopFlag* stop = nullptr;
};

// The quality of a fill with a scored list (entries kept as given do not count), and what
// the best-fill search proved.
struct FillQuality {
  std::string worst_word;
  int64_t worst_score = 0;
  double mean_score = 0;
  bool searched = false;        // the best-fill search ran; then:
  int64_t bound = 0;            //   no fill has a worst word scored better than this
  bool bound_searched = false;  //   a search ruled the better scores out (else `bound` is
                                //   just the best score of any word)
  bool proven = false;          //   worst_score == bound: the worst word is the best possible
  bool mean_proven = false;     //   no fill with as good a worst word has a better mean
};

struct Fill {
  std::vector<std::string> rows;     // upper-case letters, '#' for black cells
  std::vector<std::string> letters;  // per cell, row-major; "" for black cells
  std::optional<FillQuality> quality;  // with a scored list
};

struct FillStats {
  int64_t fills = 0;     // fills found (a best fill: those of its search, of which the
                         // last is the one reported; deterministic: those that are)
  int64_t rejected = 0;  // deterministic: fills found that are not
  int64_t nodes = 0, failures = 0, backjumps = 0, restarts = 0;
  int64_t learned = 0, mirrored = 0;  // nogoods learned at restarts, and of those, images
  double seconds = 0;
};

struct FillResult {
  FillStatus status = FillStatus::kImpossible;
  std::string message;   // what the command prints for a status other than kFilled
  std::string bad_slot;  // kOverConstrained: the slot ("12 Across")
  std::vector<Fill> fills;         // when no callback was given
  std::vector<std::string> notes;  // entries kept as given, not in the list
  FillStats stats;
};

// Fills `grid`. With `on_fill`, each fill is handed to it (return false to stop) instead of
// kept in FillResult::fills. A best fill (the default with a scored list) is one fill.
// on_fill runs on the calling thread; if it throws, the fill stops, its threads are joined
// and the exception reaches the caller unchanged.
FillResult FillGrid(const Dictionary& dictionary, const Grid& grid,
                    const FillOptions& options = {},
                    const std::function<bool(const Fill&)>& on_fill = {});

// Whether a grid with every cell filled is a valid fill: every slot's word in the
// dictionary and, unless allow_repeats, no word twice. `problems` names each slot that is not.
struct GridCheck {
  bool filled = false;  // every white cell holds a letter
  bool valid = false;   // filled, and no problem
  std::vector<std::string> problems;  // "3 Across: XYZZY is not in the dictionary"
  std::optional<FillQuality> quality;
};
GridCheck CheckGrid(const Dictionary& dictionary, const Grid& grid, bool allow_repeats = false);

// The words that fit a slot, best first, each with whether the rest of the grid can still be
// filled with it in place.
enum class Viability { kFillable, kImpossible, kUnknown };
struct Candidate {
  std::string word;
  int64_t score = 0;
  Viability viability = Viability::kUnknown;
};
struct CandidateOptions {
  size_t max_words = 100;        // the best this many, by score
  size_t max_checked = 20;       // of those, the first this many get a viability search
  double seconds_per_word = 0.05;
  bool allow_repeats = false;
  std::vector<std::string> exclude;
  const StopFlag* stop = nullptr;
};
std::vector<Candidate> Candidates(const Dictionary& dictionary, const Grid& grid, int slot,
                                  const CandidateOptions& options = {});

// Documents.
// kSubmission: the LaTeX of the sheet editors ask for (answer grid, clues with answers,
// the constructor's name, address and e-mail); latex and submission make PDFs by lualatex.
enum class DocumentFormat {
  kText, kLines, kJsonl, kIpuz, kLatex, kSvg, kPuz, kJpz, kXd, kExolve, kAcrossText, kSubmission
};

// A clue: for the slot numbered `number` in `direction`, or (number 0) for the entry `word`.
struct Clue {
  int number = 0;
  Direction direction = Direction::kAcross;
  std::string word;
  std::string text;
};

struct DocumentOptions {
  DocumentFormat format = DocumentFormat::kText;
  bool fill_in = false;     // the words grouped by length instead of numbered entries
  bool solution = false;    // svg: the letters in the grid
  std::string title, author, copyright;
  std::vector<Clue> clues;  // missing clues show as placeholders
  bool ipuz_clue_arrays = true;  // ipuz clues as [number, "clue"] (else objects)
  std::string notes, date;       // a note to the solver; the puzzle's date, as given
  std::string paper = "a4";      // latex: "a4" or "letter"
  std::string name, address, email;  // submission: the constructor (name default: author);
                                     // the address's lines separated by newlines or '|'
  // When given, receives a line for each thing the document could not carry as given (puz:
  // a character outside Latin-1 and what replaced it; latex: a control character left out),
  // naming the field and the character.
  std::vector<std::string>* warnings = nullptr;
};

// One fill as a document (puz is binary, in a std::string).
std::string FormatFill(const Grid& grid, const Fill& fill, const DocumentOptions& options);
// Reads clues: one `WORD<TAB>clue` or `NUMBER DIRECTION<TAB>clue` ("12 Across", "3 D") a line.
std::vector<Clue> ParseClues(std::string_view text, const std::string& source = "<clues>");

}  // namespace squares
