// The Python module's grids, fills and documents: Grid, Dictionary.fill(), check() and
// candidates(), format_fill(), given_fill(), parse_clues(), make_pattern() and check_pattern().
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "python/bindings.h"
#include "python/calls.h"
#include "python/interruptible.h"
#include "python/stream.h"
#include "squares/squares.h"

namespace squares::python {
namespace {

// The fills of a FillIterator, handed over in batches (stream.h).
class FillBatch {
 public:
  void Add(const Fill& fill) { fills_.push_back(fill); }
  size_t size() const { return fills_.size(); }
  bool empty() const { return fills_.empty(); }
  void clear() { fills_.clear(); }
  PyObject* Take(size_t index) { return py::cast(std::move(fills_[index])).release().ptr(); }

 private:
  std::vector<Fill> fills_;
};

using FillStream = Stream<FillBatch, FillResult>;

// A grid's text given where a path may have been meant: a one-line text that names a file,
// or ends in a grid file's extension, is refused (as grid text it would be a one-row grid, and
// its fill OVER_CONSTRAINED), pointing to Grid.load.
std::string GridText(const std::string& text) {
  if (text.find('\n') != std::string::npos) return text;
  const py::module_ path = py::module_::import("os").attr("path");
  const std::string extension = py::str(path.attr("splitext")(text)[py::int_(1)]);
  bool path_like = path.attr("isfile")(text).cast<bool>();
  for (const char* named : {".txt", ".crg", ".cwc", ".ipuz", ".json", ".grid"})
    path_like |= extension == named;
  if (path_like) {
    throw Error(ErrorKind::kUsage, "grid: '" + text +
                                       "' looks like a file's path, not a grid's text: read the "
                                       "file with squares.Grid.load(path)");
  }
  return text;
}

Grid GridOf(const py::object& grid) {
  if (py::isinstance<Grid>(grid)) return grid.cast<Grid>();
  if (py::isinstance<py::str>(grid)) return Grid::Parse(GridText(grid.cast<std::string>()));
  throw py::type_error("grid: a Grid or the text of a grid (str)");
}

// Every parameter of fill(), as Python passes them.
struct FillArgs {
  bool any, all;
  std::optional<int64_t> limit;
  Shard shard;
  bool allow_repeats, deterministic;
  uint64_t seed;
  std::optional<int> threads;
  std::optional<double> timeout;
  double quality_time;
  std::optional<int64_t> polish;
  py::object branch;
  bool prefer_scores;
  py::object better;
  std::optional<int64_t> max_level;
  std::vector<std::string> exclude;
  py::object allow_offensive;
  int min_length;
  double progress_every;
  bool count_only;
};

// allow_offensive=: False or None "none", True "vulgar" (slurs only by name), or a tier's name.
AllowOffensive AllowOffensiveOf(const py::object& value) {
  if (value.is_none()) return AllowOffensive::kNone;
  if (py::isinstance<py::bool_>(value))
    return value.cast<bool>() ? AllowOffensive::kVulgar : AllowOffensive::kNone;
  if (py::isinstance<py::str>(value)) return AllowOffensiveNamed(value.cast<std::string>());
  throw Error(ErrorKind::kUsage, "allow_offensive: a bool or 'none', 'vulgar', 'slurs'");
}

FillOptions FillOptionsOf(FillArgs args) {
  FillOptions options;
  options.any = args.any;
  options.all = args.all;
  SetLimit(args.limit, &options.limit);
  SetShard(args.shard, &options.shard_index, &options.shard_count);
  options.allow_repeats = args.allow_repeats;
  options.deterministic = args.deterministic;
  options.seed = args.seed;
  options.threads = args.threads.value_or(0);
  options.timeout = args.timeout.value_or(0);
  options.quality_time = args.quality_time;
  options.polish = args.polish;
  options.branch = EnumArg<Branching>(args.branch, "branch");
  options.prefer_scores = args.prefer_scores;
  if (!args.better.is_none()) {
    options.better = EnumArg<Better>(args.better, "better");
  }
  options.max_level = args.max_level;
  options.exclude = std::move(args.exclude);
  options.allow_offensive = AllowOffensiveOf(args.allow_offensive);
  options.min_length = args.min_length;
  options.progress_every = args.progress_every;
  options.count_only = args.count_only;
  return options;
}

// A library callback of one string (a note) that calls `function` with it (calls.h).
std::function<void(const std::string&)> NoteCallback(PythonCalls& calls,
                                                     const py::object& function) {
  if (function.is_none()) return {};
  auto note = calls.Waiting<bool, const std::string&>(
      function,
      [](const py::object& f, const std::string& text) {
        f(text);
        return true;
      },
      false);
  return [note](const std::string& text) { note(text); };
}

// fill(all=False) or count_only: the FillResult; fill(all=True): a FillIterator of the fills.
// `progress` and `on_note` (None: none) run on the calling thread (calls.h).
py::object FillDictionaryGrid(const Dictionary& dictionary, const Grid& grid, FillOptions options,
                              const py::object& progress, const py::object& on_note) {
  if (!options.all || options.count_only) {
    PythonCalls calls;
    if (!progress.is_none()) options.progress = calls.Latest<FillProgress>(progress);
    options.on_note = NoteCallback(calls, on_note);
    return py::cast(RunInterruptibly(
        [&](const StopFlag* stop) {
          options.stop = stop;
          return FillGrid(dictionary, grid, options);
        },
        &calls));
  }
  CheckFillOptions(options);  // its errors at the call, not at the first next()
  auto stream = std::make_unique<FillStream>(FillBatch());
  options.stop = stream->stop_flag();
  if (!progress.is_none()) options.progress = stream->calls().Latest<FillProgress>(progress);
  options.on_note = NoteCallback(stream->calls(), on_note);
  stream->set_producer([dictionary, grid, options](FillStream& to) {
    return FillGrid(dictionary, grid, options, [&](const Fill& fill) { return to.Push(fill); });
  });
  return py::cast(std::move(stream));
}

void DefGrid(py::module_& m) {
  DefEnum<Direction>(m, "Direction", "A slot's direction.",
                     {{"ACROSS", Direction::kAcross}, {"DOWN", Direction::kDown}});
  py::class_<Slot> slot(m, "Slot", "A maximal run of two or more white cells in one direction.");
  slot.def_readonly("direction", &Slot::direction)
      .def_readonly("number", &Slot::number, "printed clue number")
      .def_readonly("row", &Slot::row)
      .def_readonly("col", &Slot::col)
      .def_readonly("length", &Slot::length)
      .def_readonly("cells", &Slot::cells, "cell indices (row * cols + col), in reading order")
      .def_property_readonly("name", &Slot::name, "'3 Across', '12 Down'")
      .def("__repr__", [](const Slot& s) {
        return "Slot(" + s.name() + ", length=" + std::to_string(s.length) + ")";
      });
  DefPickle(slot, &Slot::direction, &Slot::number, &Slot::row, &Slot::col, &Slot::length,
            &Slot::cells);
  py::class_<Grid>(m, "Grid",
                   "A crossword grid: any puzzle format the library reads (ipuz, .puz, jpz, xd, "
                   "Across Lite text, Exolve, crucio, cwc, plain rows), detected. Picklable (as "
                   "its puzzle).")
      .def(py::init([](const std::string& text, const std::string& source) {
             return Grid::Parse(GridText(text), source);
           }),
           py::arg("text"), py::arg("source") = "<grid>",
           "Reads a grid from its text (as Grid.parse); errors name `source`.")
      .def_static(
          "parse",
          [](const std::string& text, const std::string& source) {
            return Grid::Parse(GridText(text), source);
          },
          py::arg("text"), py::arg("source") = "<grid>",
          "Reads a grid from its text (Grid.load reads a file); errors name `source`. A one-line "
          "text that looks like a file's path is a UsageError.")
      .def_static(
          "load",
          [](const py::object& path) {
            const std::optional<std::string> file = PathOf(path);
            if (!file) throw py::type_error("Grid.load(path): a str or os.PathLike");
            return Grid::Load(*file);
          },
          py::arg("path"), "Reads a grid file.")
      .def_static("from_rows", &Grid::FromRows, py::arg("rows"),
                  "Plain rows: '.' empty, '#' black, a letter fixed, '[STAR]' several letters, "
                  "'_' a void.")
      .def_static("from_puzzle", &Grid::FromPuzzle, py::arg("puzzle"),
                  py::arg("source") = "<puzzle>",
                  "The grid of a Puzzle: its shape checked and numbered (errors name `source`).")
      .def_property_readonly("puzzle", &Grid::puzzle,
                             "the Puzzle it was read or made from: marks, bars, clues, info")
      .def_property_readonly("rows", &Grid::rows)
      .def_property_readonly("cols", &Grid::cols)
      .def_property_readonly("slots", &Grid::slots)
      .def_property_readonly("text_rows", &Grid::text_rows)
      .def_property_readonly("source", &Grid::source, "the name its errors give")
      .def("black", &Grid::black, py::arg("cell"),
           "Whether cell `cell` (row * cols + col) is a block or a void.")
      .def("letter", &Grid::letter, py::arg("cell"),
           "The fixed letters of cell `cell` (upper case), or ''.")
      .def("number", &Grid::number, py::arg("cell"), "The printed number of a cell, 0 when none.")
      .def_property_readonly("clues", &Grid::clues,
                             "the puzzle's clues (empty for the grid formats)")
      .def_property_readonly("title", &Grid::title)
      .def_property_readonly("author", &Grid::author)
      .def_property_readonly("copyright", &Grid::copyright)
      .def("__eq__", [](const Grid& a, const Grid& b) { return a.text_rows() == b.text_rows(); })
      .def("__hash__", [](const Grid& g) { return py::hash(py::tuple(py::cast(g.text_rows()))); })
      .def("__repr__", [](const Grid& g) { return "Grid(" + Repr(py::cast(g.text_rows())) + ")"; })
      .def(py::pickle([](const Grid& g) { return py::make_tuple(g.puzzle(), g.source()); },
                      [](const py::tuple& state) {
                        if (state.size() != 2) throw py::value_error("Grid: a bad pickle");
                        return Grid::FromPuzzle(state[0].cast<Puzzle>(),
                                                state[1].cast<std::string>());
                      }));
}

void DefFillResults(py::module_& m) {
  DefEnum<FillStatus>(m, "FillStatus", "How a fill ended.",
                      {{"FILLED", FillStatus::kFilled},
                       {"IMPOSSIBLE", FillStatus::kImpossible},
                       {"OVER_CONSTRAINED", FillStatus::kOverConstrained},
                       {"NO_DETERMINISTIC", FillStatus::kNoDeterministic},
                       {"TIMED_OUT", FillStatus::kTimedOut}});
  DefEnum<Branching>(m, "Branching", "What a fill's search chooses at each step.",
                     {{"LETTER", Branching::kLetter}, {"WORD", Branching::kWord}});
  py::class_<FillQuality> quality(
      m, "FillQuality",
      "A fill's quality with a scored list, and what the best-fill search proved.");
  quality.def_readonly("worst_word", &FillQuality::worst_word)
      .def_readonly("worst_score", &FillQuality::worst_score)
      .def_readonly("mean_score", &FillQuality::mean_score)
      .def_readonly("searched", &FillQuality::searched, "the best-fill search ran")
      .def_readonly("bound", &FillQuality::bound,
                    "no fill has a worst word scored better than this")
      .def_readonly(
          "bound_searched", &FillQuality::bound_searched,
          "a search ruled the better scores out (else bound is the best score of any word)")
      .def_readonly("proven", &FillQuality::proven, "the worst word is the best possible")
      .def_readonly("mean_proven", &FillQuality::mean_proven,
                    "no fill with as good a worst word has a better mean")
      .def("__repr__", [](const FillQuality& q) {
        std::ostringstream out;
        out << "FillQuality(worst_word=" << Repr(py::str(q.worst_word))
            << ", worst_score=" << q.worst_score << ", mean_score=" << q.mean_score
            << ", proven=" << (q.proven ? "True" : "False") << ")";
        return out.str();
      });
  DefPickle(quality, &FillQuality::worst_word, &FillQuality::worst_score, &FillQuality::mean_score,
            &FillQuality::searched, &FillQuality::bound, &FillQuality::bound_searched,
            &FillQuality::proven, &FillQuality::mean_proven);
  py::class_<Fill> fill(m, "Fill",
                        "A filled grid: its rows ('#' for black cells), the letter of every cell.");
  fill.def_readonly("rows", &Fill::rows)
      .def_readonly("letters", &Fill::letters, "per cell, row-major; '' for black cells")
      .def_readonly("quality", &Fill::quality, "a FillQuality with a scored list, else None")
      .def("__repr__", [](const Fill& f) { return "Fill(rows=" + Repr(py::cast(f.rows)) + ")"; });
  DefPickle(fill, &Fill::rows, &Fill::letters, &Fill::quality);
  py::class_<FillProgress> progress(m, "FillProgress",
                                    "How far a running fill has come (fill(progress=...)).");
  progress.def_readonly("seconds", &FillProgress::seconds)
      .def_readonly("nodes", &FillProgress::nodes, "searched so far, by every thread")
      .def_readonly("best_worst", &FillProgress::best_worst,
                    "a best fill: the worst word's score of the best fill so far, else None")
      .def_readonly("asked", &FillProgress::asked,
                    "a best fill: the score its search now asks of every word, else None")
      .def_readonly("polishing", &FillProgress::polishing,
                    "a best fill: the worst word is settled, the mean improves")
      .def("__repr__", [](const FillProgress& p) {
        return "FillProgress(seconds=" + Repr(py::float_(p.seconds)) +
               ", nodes=" + std::to_string(p.nodes) + ")";
      });
  DefPickle(progress, &FillProgress::seconds, &FillProgress::nodes, &FillProgress::best_worst,
            &FillProgress::asked, &FillProgress::polishing);
  py::class_<FillStats> stats(m, "FillStats", "What a fill's search did.");
  stats.def_readonly("fills", &FillStats::fills, "fills found (a best fill: those of its search)")
      .def_readonly("rejected", &FillStats::rejected, "deterministic: fills found that are not")
      .def_readonly("nodes", &FillStats::nodes)
      .def_readonly("failures", &FillStats::failures)
      .def_readonly("backjumps", &FillStats::backjumps)
      .def_readonly("restarts", &FillStats::restarts)
      .def_readonly("learned", &FillStats::learned)
      .def_readonly("mirrored", &FillStats::mirrored)
      .def_readonly("seconds", &FillStats::seconds)
      .def("__repr__", [](const FillStats& s) {
        return "FillStats(nodes=" + std::to_string(s.nodes) +
               ", failures=" + std::to_string(s.failures) + ")";
      });
  DefPickle(stats, &FillStats::fills, &FillStats::rejected, &FillStats::nodes, &FillStats::failures,
            &FillStats::backjumps, &FillStats::restarts, &FillStats::learned, &FillStats::mirrored,
            &FillStats::seconds);
  py::class_<FillResult> result(m, "FillResult", "The outcome of Dictionary.fill().");
  result.def_readonly("status", &FillResult::status)
      .def_readonly("message", &FillResult::message,
                    "what the command prints for a status other than FILLED")
      .def_readonly("bad_slot", &FillResult::bad_slot,
                    "OVER_CONSTRAINED: the slot, e.g. '12 Across'")
      .def_readonly("fills", &FillResult::fills)
      .def_readonly("notes", &FillResult::notes, "entries kept as given, not in the list")
      .def_readonly("stats", &FillResult::stats)
      .def_readonly(
          "left_out", &FillResult::left_out,
          "no fill while the breakfast test left words out: (tier, word), the tier that fills "
          "it ('none' when not found in time) and the vulgar word used; else None")
      .def("__repr__", [](const FillResult& r) {
        return "FillResult(status=" + Str(py::cast(r.status)) +
               ", fills=" + std::to_string(r.fills.size()) + ")";
      });
  DefPickle(result, &FillResult::status, &FillResult::message, &FillResult::bad_slot,
            &FillResult::fills, &FillResult::notes, &FillResult::stats, &FillResult::left_out);
  py::class_<FillStream> fill_iterator(
      m, "FillIterator",
      "The fills of Dictionary.fill(all=True), found as they are asked for. Leaving the loop (or "
      "close()) stops the search.",
      py::custom_type_setup(&FillStream::SetSlots));
  DefIterator(fill_iterator);
  fill_iterator.def_property_readonly(
      "result", [](const FillStream& s) { return s.summary(); },
      "The search's FillResult (no fills: they were iterated) once it has "
      "ended (else None).");
}

void DefCheckAndCandidates(py::module_& m, py::class_<Dictionary>& dictionary) {
  py::class_<GridCheck> check(m, "GridCheck",
                              "Whether a grid with every cell filled is a valid fill.");
  check.def_readonly("filled", &GridCheck::filled, "every white cell holds a letter")
      .def_readonly("valid", &GridCheck::valid, "filled, and no problem")
      .def_readonly("problems", &GridCheck::problems, "'3 Across: XYZZY is not in the dictionary'")
      .def_readonly("quality", &GridCheck::quality, "a FillQuality with a scored list, else None")
      .def("__repr__", [](const GridCheck& c) {
        return std::string("GridCheck(valid=") + (c.valid ? "True" : "False") +
               ", problems=" + Repr(py::cast(c.problems)) + ")";
      });
  DefPickle(check, &GridCheck::filled, &GridCheck::valid, &GridCheck::problems,
            &GridCheck::quality);
  DefEnum<Viability>(m, "Viability",
                     "Whether the rest of a grid can be filled with a candidate in place.",
                     {{"FILLABLE", Viability::kFillable},
                      {"IMPOSSIBLE", Viability::kImpossible},
                      {"UNKNOWN", Viability::kUnknown}});
  py::class_<Candidate> candidate(m, "Candidate", "A word that fits a slot.");
  candidate.def_readonly("word", &Candidate::word)
      .def_readonly("score", &Candidate::score)
      .def_readonly("viability", &Candidate::viability)
      .def_readonly("reason", &Candidate::reason,
                    "why it is fillable, impossible or undecided, in the constructor's words")
      .def("__repr__", [](const Candidate& c) {
        return "Candidate(" + Repr(py::str(c.word)) + ", score=" + std::to_string(c.score) + ", " +
               Str(py::cast(c.viability)) + ")";
      });
  DefPickle(candidate, &Candidate::word, &Candidate::score, &Candidate::viability,
            &Candidate::reason);
  DefEnum<Verdict>(m, "Verdict", "Whether a grid can be filled (Dictionary.prove).",
                   {{"FILLABLE", Verdict::kFillable},
                    {"IMPOSSIBLE", Verdict::kImpossible},
                    {"UNKNOWN", Verdict::kUnknown}});
  py::class_<GridProof> proof(
      m, "GridProof",
      "The live proof of a grid (Dictionary.prove): what arc consistency over all its slots "
      "leaves, without a search; with search_seconds, the verdict of a search.");
  proof.def_readonly("verdict", &GridProof::verdict)
      .def_readonly("fill", &GridProof::fill,
                    "FILLABLE: the fill found, a cell's letters each ('' for a black cell)")
      .def_readonly("conflict", &GridProof::conflict,
                    "IMPOSSIBLE: the slots of the conflict (indices into grid.slots), at most four")
      .def_readonly("conflict_minimal", &GridProof::conflict_minimal,
                    "the conflict's entries are each needed (without any one, the rest have a "
                    "fill), found within search_seconds")
      .def_readonly("left_out", &GridProof::left_out,
                    "IMPOSSIBLE while the breakfast test left words out: (tier, word), as "
                    "FillResult.left_out; else None")
      .def_readonly("seconds", &GridProof::seconds, "the verdict's search")
      .def_readonly("consistent", &GridProof::consistent, "no entry or cell was left empty")
      .def_readonly("letters", &GridProof::letters,
                    "per cell (row-major): how many letters it can still take (0 for a black "
                    "cell or a cell with none)")
      .def_readonly("words", &GridProof::words,
                    "per slot: the words that still fit it (-1: an entry kept as given)")
      .def_readonly("dead_slots", &GridProof::dead_slots, "slots with no word left")
      .def_readonly("dead_cells", &GridProof::dead_cells,
                    "cells whose two slots, each alone, share no letter")
      .def_readonly("message", &GridProof::message,
                    "what is dead, or why the verdict is impossible or unknown; '' otherwise")
      .def("__repr__", [](const GridProof& p) {
        return "GridProof(verdict=" + Str(py::cast(p.verdict)) +
               ", consistent=" + (p.consistent ? "True" : "False") +
               ", message=" + Repr(py::str(p.message)) + ")";
      });
  DefPickle(proof, &GridProof::verdict, &GridProof::fill, &GridProof::conflict,
            &GridProof::conflict_minimal, &GridProof::left_out, &GridProof::seconds,
            &GridProof::consistent, &GridProof::letters, &GridProof::words, &GridProof::dead_slots,
            &GridProof::dead_cells, &GridProof::message);
  dictionary.def(
      "prove",
      [](const Dictionary& d, const py::object& grid, bool allow_repeats,
         std::vector<std::string> exclude, const py::object& allow_offensive, double search_seconds,
         std::vector<std::string> start) {
        ProofOptions options;
        options.allow_repeats = allow_repeats;
        options.exclude = std::move(exclude);
        options.allow_offensive = AllowOffensiveOf(allow_offensive);
        options.search_seconds = search_seconds;
        options.start = std::move(start);
        const Grid parsed = GridOf(grid);
        return RunInterruptibly([&](const StopFlag* stop) {
          options.stop = stop;
          return ProveGrid(d, parsed, options);
        });
      },
      py::arg("grid"), py::kw_only(), py::arg("allow_repeats") = false,
      py::arg("exclude") = std::vector<std::string>(), py::arg("allow_offensive") = false,
      py::arg("search_seconds") = 0.0, py::arg("start") = std::vector<std::string>(),
      "The live proof of a grid (a Grid, or its text), without a search: a letter leaves a cell "
      "when some slot through it has no word with that letter there; every letter taken out is "
      "in no fill. search_seconds: then a search for a fill of at most that long gives the "
      "verdict (FILLABLE with its fill, IMPOSSIBLE with the entries of the conflict, or "
      "UNKNOWN), starting from `start` (a fill's letters, as Fill.letters) where its letters "
      "fit; allow_repeats, exclude, allow_offensive as for fill().");
  dictionary.def(
      "check",
      [](const Dictionary& d, const py::object& grid, bool allow_repeats) {
        return CheckGrid(d, GridOf(grid), allow_repeats);
      },
      py::arg("grid"), py::kw_only(), py::arg("allow_repeats") = false,
      "Whether a grid (a Grid, or its text) with every cell filled is a valid fill: every slot's "
      "word in the dictionary and, unless allow_repeats, no word twice.");
  dictionary.def(
      "candidates",
      [](const Dictionary& d, const py::object& grid, int slot, size_t max_words,
         size_t max_checked, double seconds_per_word, double seconds, bool allow_repeats,
         std::vector<std::string> exclude, const py::object& allow_offensive,
         std::vector<std::string> start, const py::object& on_list, const py::object& on_decided,
         const py::object& on_fill) {
        const Grid parsed = GridOf(grid);
        CandidateOptions options;
        options.max_words = max_words;
        options.max_checked = max_checked;
        options.seconds_per_word = seconds_per_word;
        options.seconds = seconds;
        options.allow_repeats = allow_repeats;
        options.exclude = std::move(exclude);
        options.allow_offensive = AllowOffensiveOf(allow_offensive);
        options.start = std::move(start);
        // Each callback waits for its Python function, so they come in the library's order.
        PythonCalls calls;
        if (!on_list.is_none()) {
          options.on_list = calls.Waiting<bool, const std::vector<Candidate>&>(
              on_list,
              [](const py::object& f, const std::vector<Candidate>& list) { return GoOn(f(list)); },
              false);
        }
        if (!on_decided.is_none()) {
          options.on_decided = calls.Waiting<bool, size_t, const Candidate&>(
              on_decided,
              [](const py::object& f, size_t index, const Candidate& candidate) {
                return GoOn(f(index, candidate));
              },
              false);
        }
        if (!on_fill.is_none()) {
          auto fill = calls.Waiting<bool, const std::vector<std::string>&>(
              on_fill,
              [](const py::object& f, const std::vector<std::string>& letters) {
                f(letters);
                return true;
              },
              false);
          options.on_fill = [fill](const std::vector<std::string>& letters) { fill(letters); };
        }
        return RunInterruptibly(
            [&](const StopFlag* stop) {
              options.stop = stop;
              return Candidates(d, parsed, slot, options);
            },
            &calls);
      },
      py::arg("grid"), py::arg("slot"), py::kw_only(), py::arg("max_words") = 100,
      py::arg("max_checked") = 20, py::arg("seconds_per_word") = 0.05, py::arg("seconds") = 0.0,
      py::arg("allow_repeats") = false, py::arg("exclude") = std::vector<std::string>(),
      py::arg("allow_offensive") = false, py::arg("start") = std::vector<std::string>(),
      py::arg("on_list") = py::none(), py::arg("on_decided") = py::none(),
      py::arg("on_fill") = py::none(),
      "The words that fit slot `slot` (an index into grid.slots) of a grid, best first: the best "
      "max_words by score, of which the first max_checked get a search (up to seconds_per_word "
      "each, then rounds four times as long for those left until `seconds` in all) for whether "
      "the rest of the grid can still be filled. allow_repeats, exclude, allow_offensive as for "
      "fill(); start: a fill found before (as Fill.letters), where the searches start.\n\n"
      "on_list(candidates): called with the list before any search; on_decided(index, "
      "candidate): with each candidate a search decides; either returning False stops. "
      "on_fill(letters): with each fill the searches find (the next call's start). They run on "
      "the calling thread, in order; an exception one raises stops the search and is raised "
      "by the call.");
}

void DefDocuments(py::module_& m) {
  DefEnum<DocumentFormat>(m, "DocumentFormat", "The formats format_fill() writes.",
                          {{"TEXT", DocumentFormat::kText},
                           {"LINES", DocumentFormat::kLines},
                           {"JSONL", DocumentFormat::kJsonl},
                           {"IPUZ", DocumentFormat::kIpuz},
                           {"LATEX", DocumentFormat::kLatex},
                           {"SVG", DocumentFormat::kSvg},
                           {"PUZ", DocumentFormat::kPuz},
                           {"JPZ", DocumentFormat::kJpz},
                           {"XD", DocumentFormat::kXd},
                           {"EXOLVE", DocumentFormat::kExolve},
                           {"ACROSS_TEXT", DocumentFormat::kAcrossText},
                           {"SUBMISSION_LATEX", DocumentFormat::kSubmissionLatex},
                           {"PDF", DocumentFormat::kPdf},
                           {"SUBMISSION", DocumentFormat::kSubmission}});
  py::class_<Clue> clue(
      m, "Clue",
      "A clue: for the slot numbered `number` in `direction`, or (number 0) for the entry `word`.");
  clue.def(py::init([](int number, Direction direction, std::string word, std::string text,
                       std::string enumeration) {
             Clue c;
             c.number = number;
             c.direction = direction;
             c.word = std::move(word);
             c.text = std::move(text);
             c.enumeration = std::move(enumeration);
             return c;
           }),
           py::arg("number") = 0, py::arg("direction") = Direction::kAcross, py::arg("word") = "",
           py::arg("text") = "", py::arg("enumeration") = "")
      .def_readonly("number", &Clue::number)
      .def_readonly("direction", &Clue::direction)
      .def_readonly("word", &Clue::word)
      .def_readonly("text", &Clue::text)
      .def_readonly("enumeration", &Clue::enumeration)
      .def_readonly("line", &Clue::line,
                    "the line of the clues file it was read from (parse_clues), 0 when none")
      .def("__eq__",
           [](const Clue& a, const Clue& b) {
             return a.number == b.number && a.direction == b.direction && a.word == b.word &&
                    a.text == b.text && a.enumeration == b.enumeration;
           })
      .def("__repr__", [](const Clue& c) {
        return "Clue(number=" + std::to_string(c.number) +
               ", direction=" + Str(py::cast(c.direction)) + ", word=" + Repr(py::str(c.word)) +
               ", text=" + Repr(py::str(c.text)) +
               (c.enumeration.empty() ? "" : ", enumeration=" + Repr(py::str(c.enumeration))) + ")";
      });
  DefPickle(clue, &Clue::number, &Clue::direction, &Clue::word, &Clue::text, &Clue::enumeration,
            &Clue::line);
  m.def("parse_clues", &ParseClues, py::arg("text"), py::arg("source") = "<clues>",
        "Reads clues (a clue file's text): one 'WORD<TAB>clue' or 'NUMBER DIRECTION<TAB>clue' "
        "('12 Across', '3 D') a line; errors name `source` and the line.");
  m.def(
      "given_fill", [](const py::object& grid) { return GivenFill(GridOf(grid)); }, py::arg("grid"),
      "The grid's own letters as a Fill (empty cells ''), to write a grid as it is, unfilled or "
      "partly filled, with format_fill.");
  m.def(
      "make_pattern",
      [](int rows, std::optional<int> cols, double density, uint64_t seed) {
        PatternOptions options;
        options.rows = rows, options.cols = cols.value_or(rows);
        options.density = density, options.seed = seed;
        return MakePattern(options);
      },
      py::arg("rows") = 15, py::arg("cols") = py::none(), py::kw_only(),
      py::arg("density") = PatternOptions{}.density, py::arg("seed") = 1,
      "A random legal block pattern of an American crossword (symmetric under a half turn, "
      "entries of 3+ letters, every cell checked, the white cells connected): rows of '#' and "
      "'.', round(density * cells) blocks or one more; the same for the same seed.");
  m.def(
      "check_pattern", [](const py::object& grid) { return CheckPattern(GridOf(grid)).problems; },
      py::arg("grid"),
      "Why the grid's blocks are not a legal pattern (see make_pattern), one line a problem; "
      "empty when they are.");
  DefDocumentFunction<const py::object&, const Fill&>(
      m, "format_fill",
      [](const py::object& grid, const Fill& fill, const DocumentOptions& options) {
        const Grid parsed = GridOf(grid);
        py::gil_scoped_release release;
        return FormatFill(parsed, fill, options);
      },
      "text",
      "One fill of a grid as a document, as `squares fill --format` writes it: a str, or bytes "
      "for puz, pdf and submission. format: a DocumentFormat or its command-line name ('text', "
      "'lines', 'jsonl', 'ipuz', 'latex', 'svg', 'puz', 'jpz', 'xd', 'exolve', 'across-text', "
      "'pdf', 'submission'). fill_in: the words grouped by length instead of numbered entries; "
      "solution: svg with the letters; title, author, editor, copyright, publisher: what is said "
      "about the puzzle (those given win over the grid's own); clues: Clue objects (an entry "
      "without one has an empty clue; none: the grid's own); ipuz_clue_arrays: ipuz clues as "
      "[number, clue] (else objects); notes, date: for the solver; paper: latex 'a4' or "
      "'letter'; name, address (lines separated by newlines or '|'), email: the constructor, "
      "for a submission; warnings: called with each thing the document could not carry as "
      "given.",
      py::arg("grid"), py::arg("fill"));
  m.def(
      "document_extension",
      [](const py::object& format) { return std::string(DocumentExtension(FormatArg(format))); },
      py::arg("format"), "The extension of a format's files, without the dot ('ipuz', 'html').");
  m.def(
      "check_document_format",
      [](const py::object& format) { CheckDocumentFormat(FormatArg(format)); }, py::arg("format"),
      "Raises a DataError saying what to install when format_fill cannot make `format` on this "
      "machine (pdf and submission need lualatex), so that a caller can refuse before it "
      "searches.");
  m.def(
      "check_clues",
      [](const py::object& grid, const std::vector<Clue>& clues, const std::string& source) {
        CheckClues(GridOf(grid), clues, source);
      },
      py::arg("grid"), py::arg("clues"), py::arg("source") = "<clues>",
      "Raises a DataError (naming `source` and the clue's line) for a numbered clue of a slot "
      "the grid does not have.");
  m.def(
      "unused_clues",
      [](const py::object& grid, const Fill& fill, const std::vector<Clue>& clues,
         const std::string& source) { return UnusedClues(GridOf(grid), fill, clues, source); },
      py::arg("grid"), py::arg("fill"), py::arg("clues"), py::arg("source") = "<clues>",
      "What a fill leaves of the clues unused, a warning each naming `source` and the clue's "
      "line: a clue for a word no entry holds; a second clue for an entry.");
}

}  // namespace

DocumentFormat FormatArg(const py::object& format) {
  if (py::isinstance<py::str>(format)) return DocumentFormatNamed(format.cast<std::string>());
  return EnumArg<DocumentFormat>(format, "format");
}

bool Binary(DocumentFormat format) {
  return format == DocumentFormat::kPuz || format == DocumentFormat::kPdf ||
         format == DocumentFormat::kSubmission;
}

void DefFill(py::module_& m, py::class_<Dictionary>& dictionary) {
  DefGrid(m);
  DefFillResults(m);
  dictionary.def(
      "fill",
      [](const Dictionary& d, const py::object& grid, bool any, bool all,
         std::optional<int64_t> limit, const Shard& shard, bool allow_repeats, bool deterministic,
         uint64_t seed, std::optional<int> threads, std::optional<double> timeout,
         double quality_time, std::optional<int64_t> polish, const py::object& branch,
         bool prefer_scores, const py::object& better, std::optional<int64_t> max_level,
         std::vector<std::string> exclude, const py::object& allow_offensive, int min_length,
         const py::object& progress, double progress_every, bool count_only,
         const py::object& on_note) {
        return FillDictionaryGrid(d, GridOf(grid),
                                  FillOptionsOf({any,
                                                 all,
                                                 limit,
                                                 shard,
                                                 allow_repeats,
                                                 deterministic,
                                                 seed,
                                                 threads,
                                                 timeout,
                                                 quality_time,
                                                 polish,
                                                 branch,
                                                 prefer_scores,
                                                 better,
                                                 max_level,
                                                 std::move(exclude),
                                                 allow_offensive,
                                                 min_length,
                                                 progress_every,
                                                 count_only}),
                                  progress, on_note);
      },
      py::arg("grid"), py::kw_only(), py::arg("any") = false, py::arg("all") = false,
      py::arg("limit") = py::none(), py::arg("shard") = py::none(),
      py::arg("allow_repeats") = false, py::arg("deterministic") = false, py::arg("seed") = 1,
      py::arg("threads") = py::none(), py::arg("timeout") = py::none(),
      py::arg("quality_time") = 10.0, py::arg("polish") = py::none(), py::arg("branch") = "letter",
      py::arg("prefer_scores") = false, py::arg("better") = py::none(),
      py::arg("max_level") = py::none(), py::arg("exclude") = std::vector<std::string>(),
      py::arg("allow_offensive") = false, py::arg("min_length") = 2,
      py::arg("progress") = py::none(), py::arg("progress_every") = FillOptions{}.progress_every,
      py::arg("count_only") = false, py::arg("on_note") = py::none(),
      "Fills a crossword grid (a Grid, or its text) as `squares fill` does: the best fill with a "
      "scored list, any=True the first found. Returns a FillResult; all=True a FillIterator of "
      "every fill instead (limit, shard (i, n)).\n\n"
      "allow_repeats: a word may fill several slots; deterministic: a fill-in puzzle solvable "
      "without guessing; seed: tie-breaks and restarts; threads: None or 0 the CPUs it may run on; "
      "timeout: "
      "seconds (None: none); quality_time: seconds for the best fill after the first; polish: "
      "nodes of search for a better mean; branch: a Branching or 'letter', 'word'; prefer_scores: "
      "try the best-scored words first; better: a Better or 'lower', 'higher' (None: the list's); "
      "max_level: words scored worse are not used; exclude: words never used; allow_offensive: "
      "the breakfast test's tier a fill may use, 'vulgar' (or True) or 'slurs' (every listed "
      "word; left out by default); min_length: a shorter entry is an error; "
      "progress: called with a FillProgress every progress_every seconds, on the calling thread "
      "(an exception it raises stops the search and is raised by the call); count_only (with "
      "all=True): only count the fills, a FillResult (stats.fills) instead of the iterator; "
      "on_note: called with each note (FillResult.notes) before the search starts.");
  DefCheckAndCandidates(m, dictionary);
  DefDocuments(m);
}

}  // namespace squares::python
