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

Grid GridOf(const py::object& grid) {
  if (py::isinstance<Grid>(grid)) return grid.cast<Grid>();
  if (py::isinstance<py::str>(grid)) return Grid::Parse(grid.cast<std::string>());
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
  return options;
}

// fill(all=False): the FillResult; fill(all=True): a FillIterator of the fills.
py::object FillDictionaryGrid(const Dictionary& dictionary, const Grid& grid, FillOptions options) {
  if (!options.all) {
    return py::cast(RunInterruptibly([&](const StopFlag* stop) {
      options.stop = stop;
      return FillGrid(dictionary, grid, options);
    }));
  }
  auto stream = std::make_unique<FillStream>(FillBatch());
  options.stop = stream->stop_flag();
  stream->set_producer([dictionary, grid, options](FillStream& to) {
    return FillGrid(dictionary, grid, options, [&](const Fill& fill) { return to.Push(fill); });
  });
  return py::cast(std::move(stream));
}

void DefGrid(py::module_& m) {
  py::enum_<Direction>(m, "Direction")
      .value("ACROSS", Direction::kAcross)
      .value("DOWN", Direction::kDown);
  py::class_<Slot>(m, "Slot", "A maximal run of two or more white cells in one direction.")
      .def_readonly("direction", &Slot::direction)
      .def_readonly("number", &Slot::number, "printed clue number")
      .def_readonly("row", &Slot::row)
      .def_readonly("col", &Slot::col)
      .def_readonly("length", &Slot::length)
      .def_readonly("cells", &Slot::cells, "cell indices (row * cols + col), in reading order")
      .def_property_readonly("name", &Slot::name, "'3 Across', '12 Down'")
      .def("__repr__", [](const Slot& s) {
        return "Slot(" + s.name() + ", length=" + std::to_string(s.length) + ")";
      });
  py::class_<Grid>(m, "Grid",
                   "A crossword grid: crucio (.crg), cwc or plain rows ('.' empty, '#' black, "
                   "letters fixed), detected. Picklable (as its plain rows).")
      .def(py::init([](const std::string& text, const std::string& source) {
             return Grid::Parse(text, source);
           }),
           py::arg("text"), py::arg("source") = "<grid>",
           "Reads a grid from its text; errors name `source`.")
      .def_static(
          "load",
          [](const py::object& path) {
            const std::optional<std::string> file = PathOf(path);
            if (!file) throw py::type_error("Grid.load(path): a str or os.PathLike");
            return Grid::Load(*file);
          },
          py::arg("path"), "Reads a grid file.")
      .def_static("from_rows", &Grid::FromRows, py::arg("rows"),
                  "Plain rows: '.' empty, '#' black, a letter fixed.")
      .def_property_readonly("rows", &Grid::rows)
      .def_property_readonly("cols", &Grid::cols)
      .def_property_readonly("slots", &Grid::slots)
      .def_property_readonly("text_rows", &Grid::text_rows)
      .def_property_readonly("source", &Grid::source, "the name its errors give")
      .def("__eq__", [](const Grid& a, const Grid& b) { return a.text_rows() == b.text_rows(); })
      .def("__hash__", [](const Grid& g) { return py::hash(py::tuple(py::cast(g.text_rows()))); })
      .def("__repr__", [](const Grid& g) { return "Grid(" + Repr(py::cast(g.text_rows())) + ")"; })
      .def(py::pickle([](const Grid& g) { return py::make_tuple(g.text_rows(), g.source()); },
                      [](const py::tuple& state) {
                        if (state.size() != 2) throw py::value_error("Grid: a bad pickle");
                        std::string text;
                        for (const std::string& row : state[0].cast<std::vector<std::string>>())
                          text += row + "\n";
                        return Grid::Parse(text, state[1].cast<std::string>());
                      }));
}

void DefFillResults(py::module_& m) {
  py::enum_<FillStatus>(m, "FillStatus", "How a fill ended.")
      .value("FILLED", FillStatus::kFilled)
      .value("IMPOSSIBLE", FillStatus::kImpossible)
      .value("OVER_CONSTRAINED", FillStatus::kOverConstrained)
      .value("NO_DETERMINISTIC", FillStatus::kNoDeterministic)
      .value("TIMED_OUT", FillStatus::kTimedOut);
  py::enum_<Branching>(m, "Branching", "What a fill's search chooses at each step.")
      .value("LETTER", Branching::kLetter)
      .value("WORD", Branching::kWord);
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
      .def_property_readonly(
          "left_out",
          [](const FillResult& r) -> py::object {
            if (!r.left_out) return py::none();
            return py::make_tuple(std::string(AllowOffensiveName(r.left_out->tier)),
                                  r.left_out->word);
          },
          "no fill while the breakfast test left words out: (tier, word), the tier that fills "
          "it ('none' when not found in time) and the vulgar word used; else None")
      .def("__repr__", [](const FillResult& r) {
        return "FillResult(status=" + Str(py::cast(r.status)) +
               ", fills=" + std::to_string(r.fills.size()) + ")";
      });
  DefPickle(result, &FillResult::status, &FillResult::message, &FillResult::bad_slot,
            &FillResult::fills, &FillResult::notes, &FillResult::stats);
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
  py::class_<GridCheck>(m, "GridCheck", "Whether a grid with every cell filled is a valid fill.")
      .def_readonly("filled", &GridCheck::filled, "every white cell holds a letter")
      .def_readonly("valid", &GridCheck::valid, "filled, and no problem")
      .def_readonly("problems", &GridCheck::problems, "'3 Across: XYZZY is not in the dictionary'")
      .def_readonly("quality", &GridCheck::quality, "a FillQuality with a scored list, else None")
      .def("__repr__", [](const GridCheck& c) {
        return std::string("GridCheck(valid=") + (c.valid ? "True" : "False") +
               ", problems=" + Repr(py::cast(c.problems)) + ")";
      });
  py::enum_<Viability>(m, "Viability",
                       "Whether the rest of a grid can be filled with a candidate in place.")
      .value("FILLABLE", Viability::kFillable)
      .value("IMPOSSIBLE", Viability::kImpossible)
      .value("UNKNOWN", Viability::kUnknown);
  py::class_<Candidate>(m, "Candidate", "A word that fits a slot.")
      .def_readonly("word", &Candidate::word)
      .def_readonly("score", &Candidate::score)
      .def_readonly("viability", &Candidate::viability)
      .def("__repr__", [](const Candidate& c) {
        return "Candidate(" + Repr(py::str(c.word)) + ", score=" + std::to_string(c.score) + ", " +
               Str(py::cast(c.viability)) + ")";
      });
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
         size_t max_checked, double seconds_per_word, bool allow_repeats,
         std::vector<std::string> exclude) {
        const Grid parsed = GridOf(grid);
        CandidateOptions options;
        options.max_words = max_words;
        options.max_checked = max_checked;
        options.seconds_per_word = seconds_per_word;
        options.allow_repeats = allow_repeats;
        options.exclude = std::move(exclude);
        return RunInterruptibly([&](const StopFlag* stop) {
          options.stop = stop;
          return Candidates(d, parsed, slot, options);
        });
      },
      py::arg("grid"), py::arg("slot"), py::kw_only(), py::arg("max_words") = 100,
      py::arg("max_checked") = 20, py::arg("seconds_per_word") = 0.05,
      py::arg("allow_repeats") = false, py::arg("exclude") = std::vector<std::string>(),
      "The words that fit slot `slot` (an index into grid.slots) of a grid, best first: the best "
      "max_words by score, of which the first max_checked get a search (up to seconds_per_word "
      "each) for whether the rest of the grid can still be filled.");
}

void DefDocuments(py::module_& m) {
  py::enum_<DocumentFormat>(m, "DocumentFormat", "The formats format_fill() writes.")
      .value("TEXT", DocumentFormat::kText)
      .value("LINES", DocumentFormat::kLines)
      .value("JSONL", DocumentFormat::kJsonl)
      .value("IPUZ", DocumentFormat::kIpuz)
      .value("LATEX", DocumentFormat::kLatex)
      .value("SVG", DocumentFormat::kSvg)
      .value("PUZ", DocumentFormat::kPuz);
  py::class_<Clue> clue(
      m, "Clue",
      "A clue: for the slot numbered `number` in `direction`, or (number 0) for the entry `word`.");
  clue.def(py::init([](int number, Direction direction, std::string word, std::string text) {
             return Clue{number, direction, std::move(word), std::move(text)};
           }),
           py::arg("number") = 0, py::arg("direction") = Direction::kAcross, py::arg("word") = "",
           py::arg("text") = "")
      .def_readonly("number", &Clue::number)
      .def_readonly("direction", &Clue::direction)
      .def_readonly("word", &Clue::word)
      .def_readonly("text", &Clue::text)
      .def("__repr__", [](const Clue& c) {
        return "Clue(number=" + std::to_string(c.number) +
               ", direction=" + Str(py::cast(c.direction)) + ", word=" + Repr(py::str(c.word)) +
               ", text=" + Repr(py::str(c.text)) + ")";
      });
  DefPickle(clue, &Clue::number, &Clue::direction, &Clue::word, &Clue::text);
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
  m.def(
      "format_fill",
      [](const py::object& grid, const Fill& fill, const py::object& format, bool fill_in,
         bool solution, const std::string& title, const std::string& author,
         const std::string& copyright, std::vector<Clue> clues,
         bool ipuz_clue_arrays) -> py::object {
        DocumentOptions options;
        options.format = EnumArg<DocumentFormat>(format, "format");
        options.fill_in = fill_in;
        options.solution = solution;
        options.title = title;
        options.author = author;
        options.copyright = copyright;
        options.clues = std::move(clues);
        options.ipuz_clue_arrays = ipuz_clue_arrays;
        std::string document = FormatFill(GridOf(grid), fill, options);
        if (options.format == DocumentFormat::kPuz) return py::bytes(document);
        return py::str(document);
      },
      py::arg("grid"), py::arg("fill"), py::arg("format") = "text", py::kw_only(),
      py::arg("fill_in") = false, py::arg("solution") = false, py::arg("title") = "",
      py::arg("author") = "", py::arg("copyright") = "", py::arg("clues") = std::vector<Clue>(),
      py::arg("ipuz_clue_arrays") = true,
      "One fill of a grid as a document, as `squares fill --format` writes it: a str, or bytes "
      "for puz (Across Lite). fill_in: the words grouped by length instead of numbered entries; "
      "solution: svg with the letters; clues: Clue objects (an entry without one has an empty "
      "clue); "
      "ipuz_clue_arrays: ipuz clues as [number, clue] (else objects).");
}

}  // namespace

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
         std::vector<std::string> exclude, const py::object& allow_offensive, int min_length) {
        return FillDictionaryGrid(
            d, GridOf(grid),
            FillOptionsOf({any, all, limit, shard, allow_repeats, deterministic, seed, threads,
                           timeout, quality_time, polish, branch, prefer_scores, better, max_level,
                           std::move(exclude), allow_offensive, min_length}));
      },
      py::arg("grid"), py::kw_only(), py::arg("any") = false, py::arg("all") = false,
      py::arg("limit") = py::none(), py::arg("shard") = py::none(),
      py::arg("allow_repeats") = false, py::arg("deterministic") = false, py::arg("seed") = 1,
      py::arg("threads") = py::none(), py::arg("timeout") = py::none(),
      py::arg("quality_time") = 10.0, py::arg("polish") = py::none(), py::arg("branch") = "letter",
      py::arg("prefer_scores") = false, py::arg("better") = py::none(),
      py::arg("max_level") = py::none(), py::arg("exclude") = std::vector<std::string>(),
      py::arg("allow_offensive") = false, py::arg("min_length") = 2,
      "Fills a crossword grid (a Grid, or its text) as `squares fill` does: the best fill with a "
      "scored list, any=True the first found. Returns a FillResult; all=True a FillIterator of "
      "every fill instead (limit, shard (i, n)).\n\n"
      "allow_repeats: a word may fill several slots; deterministic: a fill-in puzzle solvable "
      "without guessing; seed: tie-breaks and restarts; threads: None or 0 all cores; timeout: "
      "seconds (None: none); quality_time: seconds for the best fill after the first; polish: "
      "nodes of search for a better mean; branch: a Branching or 'letter', 'word'; prefer_scores: "
      "try the best-scored words first; better: a Better or 'lower', 'higher' (None: the list's); "
      "max_level: words scored worse are not used; exclude: words never used; allow_offensive: "
      "the breakfast test's tier a fill may use, 'vulgar' (or True) or 'slurs' (every listed "
      "word; left out by default); min_length: a shorter entry is an error.");
  DefCheckAndCandidates(m, dictionary);
  DefDocuments(m);
}

}  // namespace squares::python
