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
#include "squares/puzzle.h"

namespace squares {

// The library's own: what a handle holds, and how the library reaches it.
namespace detail {
struct GridImpl;
struct Access;
}  // namespace detail

// A slot: a maximal run of two or more white cells in one direction.
struct Slot {
  Direction direction = Direction::kAcross;
  int number = 0;        // printed clue number
  int row = 0, col = 0;  // first cell (0-based)
  int length = 0;
  std::vector<int> cells;    // cell indices (row * cols + col), in reading order
  std::string name() const;  // "3 Across", "12 Down"
};

// A crossword grid: the puzzle it was made from, checked, with its slots: blocks, voids and
// bars end entries; a white cell holds no letter or fixed letters (its given or solution
// letters: one letter, a digraph or a rebus, which takes as many letters of a word as the
// dictionary's alphabet counts in it). Slots are numbered as printed crosswords number them:
// all Across slots in reading order, then all Down slots.
class Grid {
 public:
  // Reads a puzzle in any format Puzzle::Parse reads (ipuz, .puz, jpz, xd, Across Lite text,
  // Exolve, crucio, cwc, plain rows of '.' empty, '#' black, letters, "[STAR]" a cell of
  // several letters, '_' a void). Errors (kData) name `source`, the line and column (of an
  // ipuz cell: its row and column).
  static Grid Parse(std::string_view text, const std::string& source = "<grid>");
  // Plain rows, as given (no other format is detected): '.' empty, '#' black, a letter fixed,
  // "[STAR]" several letters, '_' a void. Errors name the source "<rows>", the row (as its
  // line) and the column.
  static Grid FromRows(const std::vector<std::string>& rows);
  static Grid Load(const std::string& path);  // Parse of a file ('-': stdin)
  // The grid of a puzzle: its shape checked (rows * cols cells, no isolated white cell, some
  // entry), numbered; errors (kData) name `source`.
  static Grid FromPuzzle(const Puzzle& puzzle, const std::string& source = "<puzzle>");

  int rows() const;
  int cols() const;
  bool black(int cell) const;                 // a block or a void
  const std::string& letter(int cell) const;  // its fixed letters (upper case UTF-8), or ""
  int number(int cell) const;                 // printed number, 0 when none
  const std::vector<Slot>& slots() const;
  // Plain rows: '.', '#', letters, "[STAR]" for a cell of several letters, '_' a void.
  std::vector<std::string> text_rows() const;
  const std::string& source() const;
  // The puzzle the grid was read or made from: marks, bars, clues, info, solution.
  const Puzzle& puzzle() const;
  // The puzzle's clues, title, author and copyright (empty for the grid formats).
  const std::vector<Clue>& clues() const;
  const std::string& title() const;
  const std::string& author() const;
  const std::string& copyright() const;

 private:
  friend struct detail::Access;
  explicit Grid(std::shared_ptr<const detail::GridImpl> impl) : impl_(std::move(impl)) {}
  std::shared_ptr<const detail::GridImpl> impl_;
};

enum class FillStatus {
  kFilled,           // at least one fill
  kImpossible,       // the search is exhausted: no fill
  kOverConstrained,  // a slot has no candidate before any search (FillResult::bad_slot)
  kNoDeterministic,  // deterministic: the grid cannot have a deterministic fill
  kTimedOut,         // timeout, node budget or the stop flag (fills may have been reported)
};

enum class Branching { kLetter, kWord };

// The breakfast test's tiers (data/offensive/README): which of the words of data/offensive
// (for the dictionary's language) a fill may use. Listed words are slurs and hate terms, or
// vulgar and sexual terms; words whose common sense is clean (PAWN, BUTT, SCAT) are not
// listed. Each tier allows those before it: kSlurs allows every listed word.
enum class AllowOffensive { kNone, kVulgar, kSlurs };
// "none", "vulgar", "slurs"; anything else is a usage Error naming them.
AllowOffensive AllowOffensiveNamed(std::string_view name);
std::string_view AllowOffensiveName(AllowOffensive allow);

// How far a running fill has come (FillOptions::progress); scores as the dictionary gives them.
struct FillProgress {
  double seconds = 0;
  int64_t nodes = 0;                  // searched so far, by every thread
  std::optional<int64_t> best_worst;  // a best fill: the worst word's score of the best fill so far
  std::optional<int64_t> asked;       // a best fill: the score its search now asks of every word
  bool polishing = false;             // a best fill: the worst word is settled, the mean improves
};

// Every option of `squares fill`.
struct FillOptions {
  bool any = false;                      // the first fill found, no search for the best
  bool all = false;                      // every fill, in lexicographic order of the rows
  std::optional<int64_t> limit;          // with all: at most this many fills (0: none, no
                                         // search, kTimedOut; as SquareOptions::limit)
  int shard_index = 1, shard_count = 1;  // with all: only part I of N
  // With all, when set: fill only under this key of the cut (FillShardKey): a fill cut
  // otherwise here (another build of the library, other words) makes FillGrid throw a kData
  // Error naming both keys, before any fill. Checked on the cut the fill makes anyway.
  std::optional<uint64_t> shard_key;
  bool allow_repeats = false;            // a word may fill several slots
  bool deterministic = false;            // a fill-in puzzle that can be solved without guessing
  uint64_t seed = 1;                     // tie-breaks and restarts
  int threads = 0;                // 0: DefaultThreads() (as SquareOptions and the command line)
  double timeout = 0;             // seconds; 0: none
  double quality_time = 10;       // seconds for the best fill after the first fill (0: no limit)
  std::optional<int64_t> polish;  // nodes of search for a better mean (default: until the
                                  // timeout, or 10000 without one; 0: none)
  Branching branch = Branching::kLetter;
  bool prefer_scores = false;        // try the best-scored words first
  std::optional<Better> better;      // default: the dictionary's better()
  std::optional<int64_t> max_level;  // words scored worse than this are not used
  std::vector<std::string> exclude;  // words never used in this grid (rejected words)
  // The listed offensive words a fill may use (data/offensive, for the dictionary's
  // language): none by default; a grid's fixed entries and square searches keep every word.
  // When the words left out are what makes a grid unfillable, FillResult::message says so
  // and names a word of the vulgar tier that would fill it (see FillResult::left_out).
  AllowOffensive allow_offensive = AllowOffensive::kNone;
  // A grid with an entry shorter than this is refused (kData, naming the entry). 2 accepts
  // every grid: two-letter entries, as Italian crosswords have; 3 holds a grid to the
  // English custom.
  int min_length = 2;
  const StopFlag* stop = nullptr;
  bool count_only = false;  // with all: only count the fills (FillStats::fills); none is kept
                            // or handed to the callback
  // Called with each note (FillResult::notes) before the search starts.
  std::function<void(const std::string& note)> on_note;
  // Called with the fill's progress every progress_every seconds, from a thread of the
  // library's (one call at a time), while the search runs. An exception it throws stops the
  // search (within 50 ms) and is rethrown by FillGrid once its threads are joined; it is not
  // called again.
  std::function<void(const FillProgress& progress)> progress;
  double progress_every = 0.25;
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
  std::vector<std::string> rows;       // as Grid::text_rows: upper-case letters, "[STAR]" a cell
                                       // of several, '#' a block, '_' a void
  std::vector<std::string> letters;    // per cell, row-major; "" for black cells
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
  std::string message;             // what the command prints for a status other than kFilled
  std::string bad_slot;            // the slot with no word ("12 Across"): kOverConstrained, or
                                   // kImpossible when proven before any search (see ProveGrid)
  std::vector<Fill> fills;         // when no callback was given
  std::vector<std::string> notes;  // entries kept as given, not in the list
  FillStats stats;
  // No fill (kImpossible, kOverConstrained) while allow_offensive left words out: what a
  // fill with the next tier allowed found. `tier` is kNone when none was found in the time
  // (as long again as the search took, at least a second), `word` the entry of the vulgar
  // tier it used ("" for the slur tier, whose words are not named).
  struct LeftOut {
    AllowOffensive tier = AllowOffensive::kNone;
    std::string word;
  };
  std::optional<LeftOut> left_out;
};

// Fills `grid`. With `on_fill`, each fill is handed to it (return false to stop) instead of
// kept in FillResult::fills. A best fill (the default with a scored list) is one fill.
// on_fill runs on the calling thread; if it throws, the fill stops, its threads are joined
// and the exception reaches the caller unchanged.
FillResult FillGrid(const Dictionary& dictionary, const Grid& grid, const FillOptions& options = {},
                    const std::function<bool(const Fill&)>& on_fill = {});
// Checks `options` as FillGrid does before it reads the grid (a usage Error naming the
// option), for a caller that runs FillGrid later, elsewhere.
void CheckFillOptions(const FillOptions& options);

// The key of the cut of FillGrid(dictionary, grid, options) into options.shard_count parts
// (options.all): a hash of the grid, its words and the units the parts are made of. Parts
// made under one key tile the fills exactly; a build that searches in another order, or other
// words, give another key (see `squares fill --shard-key`). A usage Error without all; a kData
// Error when a slot is longer than any word, or the cut runs out of time (options.timeout).
uint64_t FillShardKey(const Dictionary& dictionary, const Grid& grid, const FillOptions& options);

// Whether a grid with every cell filled is a valid fill: every slot's word in the
// dictionary and, unless allow_repeats, no word twice. `problems` names each slot that is not.
struct GridCheck {
  bool filled = false;                // every white cell holds a letter
  bool valid = false;                 // filled, and no problem
  std::vector<std::string> problems;  // "3 Across: XYZZY is not in the dictionary"
  std::optional<FillQuality> quality;
};
GridCheck CheckGrid(const Dictionary& dictionary, const Grid& grid, bool allow_repeats = false);

// The live proof of a grid, without a search: arc consistency over all its slots at once, as
// the fill's search keeps it at each node. A letter leaves a cell when some slot through it
// has no word with that letter there that fits the letters its other cells can still take,
// until nothing changes. Every letter taken out is in no fill; what is left may still have
// none (only a search decides). Entries and cells left empty are named in `message`.
//
// Then, with search_seconds, the verdict: a search for a fill (one thread, restarts, from
// `start` where its letters fit) of at most that long decides whether the grid is fillable
// or impossible, or leaves it unknown.
struct ProofOptions {
  bool allow_repeats = false;        // as FillOptions
  std::vector<std::string> exclude;  // as FillOptions (words never used)
  AllowOffensive allow_offensive = AllowOffensive::kNone;  // as FillOptions
  double search_seconds = 0;       // the verdict's search (0: none, the verdict is the proof's)
  std::vector<std::string> start;  // as CandidateOptions::start
  const StopFlag* stop = nullptr;  // ends the search: the verdict is then unknown
};
enum class Verdict {
  kFillable,    // a fill exists (GridProof::fill)
  kImpossible,  // no fill: an entry or a cell has nothing left, or a search ruled out all
  kUnknown,     // neither proven (no search, or its time ran out)
};
std::string_view VerdictName(Verdict verdict);  // "fillable", "impossible", "unknown"
struct GridProof {
  Verdict verdict = Verdict::kUnknown;
  // kFillable: the fill found (Fill::letters); kImpossible: the entries of the conflict,
  // `message` names them: after a search, a set of entries with no fill by themselves (the
  // other entries left out) and each of them needed (without any one, the rest have a fill),
  // found from those the search failed on most within ProofOptions::search_seconds
  // (`conflict_minimal`); when the time ran out first, those entries, at most four. After
  // arc consistency, the dead slots, at most four.
  std::vector<std::string> fill;
  std::vector<int> conflict;
  bool conflict_minimal = false;
  // As in FillResult, for an impossible verdict: the next tier only, in about the time the
  // verdict took.
  std::optional<FillResult::LeftOut> left_out;
  double seconds = 0;           // the verdict's search
  bool consistent = true;       // no entry or cell was left empty
  std::vector<int> letters;     // per cell (row-major): the letters it can still take (0 for a
                                // black cell or a cell with none)
  std::vector<int64_t> words;   // per slot: the words that still fit it (-1: an entry kept as
                                // given, not in the list)
  std::vector<int> dead_slots;  // slots with no word left (their own letters, or propagation)
  std::vector<int> dead_cells;  // cells whose two slots, each alone, share no letter
  std::string message;          // "7 Down has no word: O.T.........E..", or why the verdict is
                                // impossible or unknown after a search; "" otherwise
};
GridProof ProveGrid(const Dictionary& dictionary, const Grid& grid,
                    const ProofOptions& options = {});

// The words that fit a slot, each with whether the rest of the grid can still be filled with
// it in place: first those the proof's letter sets (ProveGrid) allow, best first (a forced
// word, the only one they allow, is first), then those it rules out, best first.
enum class Viability { kFillable, kImpossible, kUnknown };
struct Candidate {
  std::string word;
  int64_t score = 0;
  Viability viability = Viability::kUnknown;
  std::string reason;  // why it is fillable, impossible or undecided, in the constructor's words
};
// A candidate whose letter a cell cannot take (ProveGrid) is impossible at once; a first fill
// of the whole grid (with restarts) makes its word fillable; then each candidate still
// undecided, best first, gets a first-fill search with it in place, starting from what the
// whole grid's search learned (its nogoods hold for every candidate): seconds_per_word each,
// then rounds of four times as long for those left, until `seconds` in all.
struct CandidateOptions {
  size_t max_words = 100;   // the first this many, in the order above
  size_t max_checked = 20;  // of those, the first this many are decided by a search
  double seconds_per_word = 0.05;
  double seconds = 0;  // the time for deciding in all (0: one round)
  bool allow_repeats = false;
  std::vector<std::string> exclude;
  AllowOffensive allow_offensive = AllowOffensive::kNone;  // as FillOptions
  const StopFlag* stop = nullptr;
  // When set: called with the list (none decided by a search yet, maybe empty) before any
  // search, then with each candidate's index as a search decides it; return false to stop.
  std::function<bool(const std::vector<Candidate>&)> on_list;
  std::function<bool(size_t index, const Candidate&)> on_decided;
  // A fill found before (Fill::letters: a cell's letters, "" for a black cell), e.g. for
  // another entry of this grid or before its last edit: the searches start from it where its
  // letters still fit, so a grid that differs from it a little is decided in a few steps.
  // Ignored unless it has a string per cell of the grid.
  std::vector<std::string> start;
  // Called with each fill the searches find (as Fill::letters): the next call's `start`.
  std::function<void(const std::vector<std::string>& letters)> on_fill;
};
std::vector<Candidate> Candidates(const Dictionary& dictionary, const Grid& grid, int slot,
                                  const CandidateOptions& options = {});

// Documents.
// kSubmissionLatex: the LaTeX of the sheet editors ask for (answer grid, clues with
// answers, the constructor's name, address and e-mail). kPdf and kSubmission are kLatex and
// kSubmissionLatex made PDFs by lualatex (a data error when it is missing or fails).
enum class DocumentFormat {
  kText,
  kLines,
  kJsonl,
  kIpuz,
  kLatex,
  kSvg,
  kPuz,
  kJpz,
  kXd,
  kExolve,
  kAcrossText,
  kSubmissionLatex,
  kPdf,
  kSubmission
};

struct DocumentOptions {
  DocumentFormat format = DocumentFormat::kText;
  bool fill_in = false;   // the words grouped by length instead of numbered entries
  bool solution = false;  // svg: the letters in the grid
  // What is said about the puzzle; those given win over the grid's own (Grid::puzzle()).
  std::string title, author, editor, copyright, publisher;
  std::vector<Clue> clues;  // an entry without one has an empty clue; none: the grid's own
  bool ipuz_clue_arrays = true;      // ipuz clues as [number, "clue"] (else objects)
  std::string notes, date;           // a note to the solver; the puzzle's date, as given (these
                                     // too win over the grid's own)
  std::string paper = "a4";          // latex: "a4" or "letter"
  std::string name, address, email;  // submission: the constructor (name default: author);
                                     // the address's lines separated by newlines or '|'
  // When given, receives a line for each thing the document could not carry as given (puz:
  // a character outside Latin-1; latex: a control character left out; xd: bars), naming the
  // format and the thing.
  std::vector<std::string>* warnings = nullptr;
};

// One fill as a document (puz is binary, in a std::string). A fill may leave cells empty
// (letters ""), as GivenFill does for a grid not filled: ipuz, puz, jpz, exolve, latex, pdf,
// svg and the text formats hold it (pdf and svg as a blank puzzle; puz with a warning, as the
// format has no empty answer); xd, across-text, submission and fill_in refuse it (kData,
// naming the format). An entry without a clue has an empty one, except in xd and across-text,
// whose readers need text: there it is "[clue]", with a warning.
std::string FormatFill(const Grid& grid, const Fill& fill, const DocumentOptions& options);
// The grid's own letters as a fill (empty cells ""; no quality), to write a grid as it is,
// unfilled or partly filled, with FormatFill.
Fill GivenFill(const Grid& grid);
// A puzzle as a document: FormatFill of its grid and its own letters, its info and clues
// (those of `options` that are not empty win).
std::string WritePuzzle(const Puzzle& puzzle, const DocumentOptions& options);
// The format a name says, as the command line and the workbench name them ("ipuz",
// "across-text", "submission"; not kSubmissionLatex): a usage Error naming those there are.
DocumentFormat DocumentFormatNamed(std::string_view name);
// The extension of a format's files, without the dot ("ipuz", "html", "pdf").
std::string_view DocumentExtension(DocumentFormat format);
// Whether FormatFill can make `format` on this machine: an Error (kData) saying what to
// install when it cannot (pdf and submission need lualatex), so that a caller can refuse before it
// searches.
void CheckDocumentFormat(DocumentFormat format);
// Reads clues: one `WORD<TAB>clue` or `NUMBER DIRECTION<TAB>clue` ("12 Across", "3 D") a line.
std::vector<Clue> ParseClues(std::string_view text, const std::string& source = "<clues>");
// A numbered clue for a slot the grid does not have is an Error (kData) naming `source` and
// the clue's line.
void CheckClues(const Grid& grid, const std::vector<Clue>& clues, const std::string& source);
// What a fill leaves of the clues unused, one warning each naming `source` and the clue's
// line: a clue for a word no entry holds; a second clue for an entry (a numbered clue wins).
std::vector<std::string> UnusedClues(const Grid& grid, const Fill& fill,
                                     const std::vector<Clue>& clues, const std::string& source);

}  // namespace squares
