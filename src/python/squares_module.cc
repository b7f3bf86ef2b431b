// The Python module `squares` on the typed API (squares/squares.h): keyword parameters with
// defaults, results as objects, errors as squares.UsageError / squares.DataError. Every search
// runs with the GIL released and stops on Ctrl-C (interruptible.h); squares() and
// fill(all=True) are lazy iterators whose search stops when they are closed or dropped.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "python/interruptible.h"
#include "python/text_signatures.h"
#include "squares/squares.h"

namespace squares::python {
namespace {

using Shard = std::optional<std::pair<int, int>>;

// squares.Error and its subclasses: created once, alive as long as the process.
py::handle usage_error, data_error;

void RaiseError(const Error& error) {
  const py::handle type = error.usage() ? usage_error : data_error;
  py::object exception = type(error.what());
  exception.attr("source") = error.source().empty() ? py::object(py::none()) : py::str(error.source());
  exception.attr("line") = error.line() ? py::object(py::int_(error.line())) : py::none();
  exception.attr("column") = error.column() ? py::object(py::int_(error.column())) : py::none();
  PyErr_SetObject(type.ptr(), exception.ptr());
}

// A path (str or os.PathLike) as a string; None when `value` is neither.
std::optional<std::string> PathOf(const py::handle& value) {
  if (!py::isinstance<py::str>(value) && !py::hasattr(value, "__fspath__")) return std::nullopt;
  return py::str(py::module_::import("os").attr("fspath")(value)).cast<std::string>();
}

void SetShard(const Shard& shard, int* index, int* count) {
  if (shard) std::tie(*index, *count) = *shard;
}

// Python's repr of a value (a list's, a string's), for __repr__.
std::string Repr(const py::object& value) { return py::repr(value).cast<std::string>(); }
std::string Str(const py::object& value) { return py::str(value).cast<std::string>(); }  // an enum's

// ---- Dictionary ----

Dictionary MakeDictionary(const py::object& source, bool fold_accents,
                          std::optional<int64_t> min_score, std::optional<int64_t> max_level) {
  const DictionaryOptions options{fold_accents, min_score, max_level};
  if (source.is_none()) {
    py::gil_scoped_release release;
    return Dictionary::Default(options);
  }
  if (const std::optional<std::string> path = PathOf(source)) {
    py::gil_scoped_release release;
    return Dictionary::FromFiles({*path}, options);
  }
  if (!py::isinstance<py::iterable>(source) || py::isinstance<py::bytes>(source)) {
    throw py::type_error("Dictionary(source): None, a path (str or os.PathLike) or an iterable "
                         "of str, not " + py::type::of(source).attr("__name__").cast<std::string>());
  }
  std::vector<std::string> words;
  for (const py::handle word : source) {
    if (!py::isinstance<py::str>(word)) throw py::type_error("Dictionary(words): every word must be a str");
    words.push_back(word.cast<std::string>());
  }
  py::gil_scoped_release release;
  return Dictionary::FromWords(words, options);
}

// ---- square searches ----

// The search a count() or squares() call describes. The kind follows from which of double,
// rect, cube and shape is given (at most one).
SquareOptions SquareOptionsOf(std::optional<int> size, bool double_square,
                              std::optional<std::pair<int, int>> rect, std::optional<int> cube,
                              const py::object& shape, bool diagonals, std::optional<std::string> first,
                              std::optional<std::string> pattern, std::optional<std::string> contains,
                              bool distinct, bool no_transpose, std::optional<std::string> order,
                              bool upper, std::optional<uint64_t> limit, std::optional<int> best,
                              std::optional<int> threads, const Shard& shard) {
  SquareOptions options;
  const int kinds = double_square + rect.has_value() + cube.has_value() + !shape.is_none();
  if (kinds > 1) throw Error(ErrorKind::kUsage, "double, rect, cube and shape exclude each other");
  if (double_square) options.kind = SquareKind::kDouble;
  if (rect) {
    options.kind = SquareKind::kRectangle;
    std::tie(options.rows, options.cols) = *rect;
  }
  if (cube) {
    options.kind = SquareKind::kCube;
    options.size = *cube;
  }
  if (!shape.is_none()) {
    options.kind = SquareKind::kShape;
    if (const std::optional<std::string> path = PathOf(shape)) {
      options.shape_file = *path;
    } else {
      try {
        for (std::vector<int>& cells : shape.cast<std::vector<std::vector<int>>>()) {
          options.shape.push_back({std::move(cells), ""});
        }
      } catch (const py::cast_error&) {
        throw py::type_error("shape: a path (a shape file) or a list of words, each a list of cell numbers");
      }
    }
  }
  if (size) {
    if (cube || rect) throw Error(ErrorKind::kUsage, "size: not with rect or cube");
    options.size = *size;
  }
  options.diagonals = diagonals;
  options.first = first.value_or("");
  options.pattern = pattern.value_or("");
  options.contains = contains.value_or("");
  options.distinct = distinct;
  options.no_transpose = no_transpose;
  if (order) {
    if (*order == "greedy") {
      options.order = CellOrder::kGreedy;
    } else if (*order == "given") {
      options.order = CellOrder::kGiven;
    } else {
      throw Error(ErrorKind::kUsage, "order: '" + *order + "' is not 'greedy' or 'given'");
    }
  }
  options.upper = upper;
  options.limit = limit;
  options.best = best.value_or(0);
  options.threads = threads.value_or(1);
  SetShard(shard, &options.shard_index, &options.shard_count);
  return options;
}

using SquareStream = Stream<SquareResult, SearchStats>;

// Defines Dictionary.NAME(size=None, *, double=False, ...) -> finish(dictionary, options).
template <class Finish>
void DefSquareMethod(py::class_<Dictionary>& cls, const char* name, Finish finish, const char* doc) {
  cls.def(
      name,
      [finish](const Dictionary& dictionary, std::optional<int> size, bool double_square,
               std::optional<std::pair<int, int>> rect, std::optional<int> cube, const py::object& shape,
               bool diagonals, std::optional<std::string> first, std::optional<std::string> pattern,
               std::optional<std::string> contains, bool distinct, bool no_transpose,
               std::optional<std::string> order, bool upper, std::optional<uint64_t> limit,
               std::optional<int> best, std::optional<int> threads, const Shard& shard) {
        return finish(dictionary,
                      SquareOptionsOf(size, double_square, rect, cube, shape, diagonals, std::move(first),
                                      std::move(pattern), std::move(contains), distinct, no_transpose,
                                      std::move(order), upper, limit, best, threads, shard));
      },
      py::arg("size") = py::none(), py::kw_only(), py::arg("double") = false, py::arg("rect") = py::none(),
      py::arg("cube") = py::none(), py::arg("shape") = py::none(), py::arg("diagonals") = false,
      py::arg("first") = py::none(), py::arg("pattern") = py::none(), py::arg("contains") = py::none(),
      py::arg("distinct") = false, py::arg("no_transpose") = false, py::arg("order") = py::none(),
      py::arg("upper") = false, py::arg("limit") = py::none(), py::arg("best") = py::none(),
      py::arg("threads") = py::none(), py::arg("shard") = py::none(), doc);
}

uint64_t CountSquares(const Dictionary& dictionary, SquareOptions options) {
  return RunInterruptibly([&](const StopFlag* stop) {
    options.stop = stop;
    return SquareSearch(dictionary, options).Count();
  });
}

std::unique_ptr<SquareStream> StreamSquares(const Dictionary& dictionary, SquareOptions options) {
  auto stream = std::make_unique<SquareStream>();
  options.stop = stream->stop_flag();
  std::shared_ptr<const SquareSearch> search;
  {
    py::gil_scoped_release release;  // the search's automata are built here
    search = std::make_shared<const SquareSearch>(dictionary, options);
  }
  stream->set_producer([search](const SquareStream::Emit& emit) { return search->ForEach(emit); });
  return stream;
}

// ---- fill ----

using FillStream = Stream<Fill, FillResult>;

Grid GridOf(const py::object& grid) {
  if (py::isinstance<Grid>(grid)) return grid.cast<Grid>();
  if (py::isinstance<py::str>(grid)) return Grid::Parse(grid.cast<std::string>());
  throw py::type_error("grid: a Grid or the text of a grid (str)");
}

FillOptions FillOptionsOf(bool any, bool all, std::optional<int64_t> limit, const Shard& shard,
                          bool allow_repeats, bool deterministic, uint64_t seed, std::optional<int> threads,
                          std::optional<double> timeout, double quality_time, std::optional<int64_t> polish,
                          const std::string& branch, bool prefer_scores, std::optional<std::string> better,
                          std::optional<int64_t> max_level, std::vector<std::string> exclude) {
  FillOptions options;
  options.any = any;
  options.all = all;
  options.limit = limit;
  SetShard(shard, &options.shard_index, &options.shard_count);
  options.allow_repeats = allow_repeats;
  options.deterministic = deterministic;
  options.seed = seed;
  options.threads = threads.value_or(0);
  options.timeout = timeout.value_or(0);
  options.quality_time = quality_time;
  options.polish = polish;
  if (branch == "word") {
    options.branch = Branching::kWord;
  } else if (branch != "letter") {
    throw Error(ErrorKind::kUsage, "branch: '" + branch + "' is not 'letter' or 'word'");
  }
  options.prefer_scores = prefer_scores;
  if (better) {
    if (*better != "lower" && *better != "higher") {
      throw Error(ErrorKind::kUsage, "better: '" + *better + "' is not 'lower' or 'higher'");
    }
    options.better = *better == "lower" ? Better::kLower : Better::kHigher;
  }
  options.max_level = max_level;
  options.exclude = std::move(exclude);
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
  auto stream = std::make_unique<FillStream>();
  options.stop = stream->stop_flag();
  stream->set_producer([dictionary, grid, options](const FillStream::Emit& emit) {
    return FillGrid(dictionary, grid, options, emit);
  });
  return py::cast(std::move(stream));
}

// ---- Kakuro and regions ----

// Per-cell values (row-major) as a list of rows.
py::list Rows(const std::vector<int>& cells, int cols) {
  py::list rows;
  for (size_t start = 0; cols > 0 && start < cells.size(); start += cols) {
    rows.append(py::cast(std::vector<int>(cells.begin() + start, cells.begin() + start + cols)));
  }
  return rows;
}

template <class Iterator>
void DefIterator(py::class_<Iterator>& cls) {
  cls.def("__iter__", [](Iterator& it) -> Iterator& { return it; })
      .def("__enter__", [](Iterator& it) -> Iterator& { return it; })
      .def("__exit__", [](Iterator& it, const py::args&) { it.Close(); })
      .def("close", &Iterator::Close, "Stops the search; the iteration ends.");
}

template <class Item>
Item NextOf(std::optional<Item> item) {
  if (!item) throw py::stop_iteration();
  return std::move(*item);
}

void DefResults(py::module_& m) {
  py::class_<SquareResult>(m, "Square",
                           "One result of a square search: its rows (a cube: the layers side by "
                           "side; a shape: its layout's rows, else its words) and every word it "
                           "holds (a square: rows, then columns, then diagonals).")
      .def_readonly("rows", &SquareResult::rows)
      .def_readonly("words", &SquareResult::words)
      .def_readonly("worst_score", &SquareResult::worst_score, "with best: its worst word's score")
      .def_readonly("mean_score", &SquareResult::mean_score, "with best: its words' mean score")
      .def("__eq__", [](const SquareResult& a, const SquareResult& b) { return a.rows == b.rows && a.words == b.words; })
      .def("__repr__", [](const SquareResult& r) { return "Square(rows=" + Repr(py::cast(r.rows)) + ")"; });
  py::class_<SearchStats>(m, "SearchStats", "What a square search did.")
      .def_readonly("nodes", &SearchStats::nodes, "letters placed")
      .def_readonly("results", &SearchStats::results)
      .def_readonly("seconds", &SearchStats::seconds)
      .def_readonly("stopped", &SearchStats::stopped, "the search was stopped early")
      .def("__repr__", [](const SearchStats& s) {
        return "SearchStats(nodes=" + std::to_string(s.nodes) + ", results=" + std::to_string(s.results) + ")";
      });
  py::class_<SquareStream> squares_iterator(m, "SquareIterator",
      "The results of Dictionary.squares(), found as they are asked for. Leaving the loop (or "
      "close()) stops the search.");
  DefIterator(squares_iterator);
  squares_iterator.def("__next__", [](SquareStream& s) { return NextOf(s.Next()); })
      .def_property_readonly("stats", [](const SquareStream& s) { return s.summary(); },
                             "The search's SearchStats once it has ended (else None).");

  py::enum_<FillStatus>(m, "FillStatus", "How a fill ended.")
      .value("FILLED", FillStatus::kFilled)
      .value("IMPOSSIBLE", FillStatus::kImpossible)
      .value("OVER_CONSTRAINED", FillStatus::kOverConstrained)
      .value("NO_DETERMINISTIC", FillStatus::kNoDeterministic)
      .value("TIMED_OUT", FillStatus::kTimedOut);
  py::class_<FillQuality>(m, "FillQuality",
                          "A fill's quality with a scored list, and what the best-fill search proved.")
      .def_readonly("worst_word", &FillQuality::worst_word)
      .def_readonly("worst_score", &FillQuality::worst_score)
      .def_readonly("mean_score", &FillQuality::mean_score)
      .def_readonly("searched", &FillQuality::searched, "the best-fill search ran")
      .def_readonly("bound", &FillQuality::bound, "no fill has a worst word scored better than this")
      .def_readonly("bound_searched", &FillQuality::bound_searched,
                    "a search ruled the better scores out (else bound is the best score of any word)")
      .def_readonly("proven", &FillQuality::proven, "the worst word is the best possible")
      .def_readonly("mean_proven", &FillQuality::mean_proven,
                    "no fill with as good a worst word has a better mean")
      .def("__repr__", [](const FillQuality& q) {
        std::ostringstream out;
        out << "FillQuality(worst_word=" << Repr(py::str(q.worst_word)) << ", worst_score=" << q.worst_score
            << ", mean_score=" << q.mean_score << ", proven=" << (q.proven ? "True" : "False") << ")";
        return out.str();
      });
  py::class_<Fill>(m, "Fill", "A filled grid: its rows ('#' for black cells), the letter of every cell.")
      .def_readonly("rows", &Fill::rows)
      .def_readonly("letters", &Fill::letters, "per cell, row-major; '' for black cells")
      .def_readonly("quality", &Fill::quality, "a FillQuality with a scored list, else None")
      .def("__repr__", [](const Fill& f) { return "Fill(rows=" + Repr(py::cast(f.rows)) + ")"; });
  py::class_<FillStats>(m, "FillStats", "What a fill's search did.")
      .def_readonly("fills", &FillStats::fills, "fills found (a best fill: those of its search)")
      .def_readonly("rejected", &FillStats::rejected, "deterministic: fills found that are not")
      .def_readonly("nodes", &FillStats::nodes)
      .def_readonly("failures", &FillStats::failures)
      .def_readonly("backjumps", &FillStats::backjumps)
      .def_readonly("restarts", &FillStats::restarts)
      .def_readonly("learned", &FillStats::learned)
      .def_readonly("mirrored", &FillStats::mirrored)
      .def_readonly("seconds", &FillStats::seconds)
      .def("__repr__", [](const FillStats& s) {
        return "FillStats(nodes=" + std::to_string(s.nodes) + ", failures=" + std::to_string(s.failures) + ")";
      });
  py::class_<FillResult>(m, "FillResult", "The outcome of Dictionary.fill().")
      .def_readonly("status", &FillResult::status)
      .def_readonly("message", &FillResult::message, "what the command prints for a status other than FILLED")
      .def_readonly("bad_slot", &FillResult::bad_slot, "OVER_CONSTRAINED: the slot, e.g. '12 Across'")
      .def_readonly("fills", &FillResult::fills)
      .def_readonly("notes", &FillResult::notes, "entries kept as given, not in the list")
      .def_readonly("stats", &FillResult::stats)
      .def("__repr__", [](const FillResult& r) {
        return "FillResult(status=" + Str(py::cast(r.status)) + ", fills=" + std::to_string(r.fills.size()) + ")";
      });
  py::class_<FillStream> fill_iterator(m, "FillIterator",
      "The fills of Dictionary.fill(all=True), found as they are asked for. Leaving the loop (or "
      "close()) stops the search.");
  DefIterator(fill_iterator);
  fill_iterator.def("__next__", [](FillStream& s) { return NextOf(s.Next()); })
      .def_property_readonly("result", [](const FillStream& s) { return s.summary(); },
                             "The search's FillResult (no fills: they were iterated) once it has "
                             "ended (else None).");

  py::enum_<KakuroVerdict>(m, "KakuroVerdict")
      .value("UNIQUE", KakuroVerdict::kUnique)
      .value("NOT_UNIQUE", KakuroVerdict::kNotUnique)
      .value("NO_SOLUTION", KakuroVerdict::kNoSolution)
      .value("TIMED_OUT", KakuroVerdict::kTimedOut);
  py::class_<KakuroResult>(m, "KakuroResult", "One board's verdict and solutions.")
      .def_readonly("name", &KakuroResult::name, "from the board's KAKURO header; '' for a bare board")
      .def_readonly("rows", &KakuroResult::rows)
      .def_readonly("cols", &KakuroResult::cols)
      .def_readonly("verdict", &KakuroResult::verdict)
      .def_readonly("count", &KakuroResult::count, "solutions found")
      .def_property_readonly(
          "solutions",
          [](const KakuroResult& r) {
            py::list solutions;
            for (const std::vector<int>& digits : r.solutions) solutions.append(Rows(digits, r.cols));
            return solutions;
          },
          "Each solution as rows of digits (ints 1..9; 0 for black and clue cells).")
      .def_property_readonly("verdict_text", &KakuroResult::verdict_text)
      .def("__repr__", [](const KakuroResult& r) {
        return "KakuroResult(name=" + Repr(py::str(r.name)) + ", verdict=" + Str(py::cast(r.verdict)) + ")";
      });

  py::enum_<RegionsVerdict>(m, "RegionsVerdict")
      .value("UNIQUE", RegionsVerdict::kUnique)
      .value("NOT_UNIQUE", RegionsVerdict::kNotUnique)
      .value("NO_SOLUTION", RegionsVerdict::kNoSolution)
      .value("STOPPED", RegionsVerdict::kStopped);
  py::class_<RegionsSolution>(m, "RegionsSolution", "A partition of the puzzle into word regions.")
      .def_readonly("words", &RegionsSolution::words, "the word of each region, in region order")
      .def_readonly("region_of", &RegionsSolution::region_of,
                    "per cell (row-major): its region, 0, 1, ... in reading order")
      .def_readonly("drawing", &RegionsSolution::drawing, "the partition drawn with +---+ borders")
      .def("__repr__", [](const RegionsSolution& s) { return "RegionsSolution(words=" + Repr(py::cast(s.words)) + ")"; });
  py::class_<RegionsResult>(m, "RegionsResult", "A region puzzle's verdict and solutions.")
      .def_readonly("verdict", &RegionsResult::verdict)
      .def_readonly("rows", &RegionsResult::rows)
      .def_readonly("cols", &RegionsResult::cols)
      .def_readonly("count", &RegionsResult::count, "solutions found")
      .def_readonly("solutions", &RegionsResult::solutions, "up to two (with all: every one)")
      .def_property_readonly("verdict_text", &RegionsResult::verdict_text)
      .def("__repr__", [](const RegionsResult& r) {
        return "RegionsResult(verdict=" + Str(py::cast(r.verdict)) + ", count=" + std::to_string(r.count) + ")";
      });
}

void DefGrid(py::module_& m) {
  py::enum_<Direction>(m, "Direction").value("ACROSS", Direction::kAcross).value("DOWN", Direction::kDown);
  py::class_<Slot>(m, "Slot", "A maximal run of two or more white cells in one direction.")
      .def_readonly("direction", &Slot::direction)
      .def_readonly("number", &Slot::number, "printed clue number")
      .def_readonly("row", &Slot::row)
      .def_readonly("col", &Slot::col)
      .def_readonly("length", &Slot::length)
      .def_readonly("cells", &Slot::cells, "cell indices (row * cols + col), in reading order")
      .def_property_readonly("name", &Slot::name, "'3 Across', '12 Down'")
      .def("__repr__", [](const Slot& s) { return "Slot(" + s.name() + ", length=" + std::to_string(s.length) + ")"; });
  py::class_<Grid>(m, "Grid",
                   "A crossword grid: crucio (.crg), cwc or plain rows ('.' empty, '#' black, "
                   "letters fixed), detected.")
      .def(py::init([](const std::string& text, const std::string& source) { return Grid::Parse(text, source); }),
           py::arg("text"), py::arg("source") = "<grid>", "Reads a grid from its text; errors name `source`.")
      .def_static("load", &Grid::Load, py::arg("path"), "Reads a grid file.")
      .def_static("from_rows", &Grid::FromRows, py::arg("rows"),
                  "Plain rows: '.' empty, '#' black, a letter fixed.")
      .def_property_readonly("rows", &Grid::rows)
      .def_property_readonly("cols", &Grid::cols)
      .def_property_readonly("slots", &Grid::slots)
      .def_property_readonly("text_rows", &Grid::text_rows)
      .def("__repr__", [](const Grid& g) { return "Grid(" + Repr(py::cast(g.text_rows())) + ")"; });
}

void DefDictionary(py::module_& m) {
  py::enum_<Better>(m, "Better", "Which scores are better.")
      .value("LOWER", Better::kLower)
      .value("HIGHER", Better::kHigher);
  py::class_<Dictionary> cls(m, "Dictionary",
      "A word list and its automata: the embedded English list (source None), a word list or an "
      "index file of `squares index` (a path), or words (an iterable of str, each 'word' or "
      "'word;score'). Picklable (as its index).");
  cls.def(py::init(&MakeDictionary), py::arg("source") = py::none(), py::kw_only(),
          py::arg("fold_accents") = false, py::arg("min_score") = py::none(), py::arg("max_level") = py::none())
      .def("__len__", &Dictionary::size)
      .def("__contains__", [](const Dictionary& d, const std::string& word) { return d.contains(word); })
      .def("__repr__", [](const Dictionary& d) {
        return "<squares.Dictionary: " + std::to_string(d.size()) + " words" + (d.is_default() ? ", the default list" : "") + ">";
      })
      .def_property_readonly("max_length", &Dictionary::max_length, "the longest word's letters")
      .def_property_readonly("letters", &Dictionary::letters, "the alphabet, in code-point order")
      .def_property_readonly("scored", &Dictionary::scored, "not every word has the same score")
      .def_property_readonly("better", &Dictionary::better)
      .def_property_readonly("is_default", &Dictionary::is_default, "the embedded list")
      .def("words", &Dictionary::Words, py::arg("length"), "The words of a length, in the list's order.")
      .def("scored_words", [](const Dictionary& d, int length) {
             std::vector<std::pair<std::string, int64_t>> words;
             for (ScoredWord& w : d.ScoredWords(length)) words.emplace_back(std::move(w.word), w.score);
             return words;
           }, py::arg("length"), "The (word, score) pairs of a length, in the list's order.")
      .def("save_index", &Dictionary::SaveIndex, py::arg("path"),
           py::call_guard<py::gil_scoped_release>(), "Saves the list and its automata as an index file.")
      .def("index_bytes", [](const Dictionary& d) { return py::bytes(d.IndexBytes()); },
           "The index file's bytes (Dictionary.from_index_bytes reads them).")
      .def_static("from_index_bytes", [](const py::bytes& bytes) { return Dictionary::FromIndexBytes(bytes); },
                  py::arg("data"))
      .def(py::pickle([](const Dictionary& d) { return py::make_tuple(py::bytes(d.IndexBytes())); },
                      [](const py::tuple& state) {
                        if (state.size() != 1) throw py::value_error("Dictionary: a bad pickle");
                        return Dictionary::FromIndexBytes(state[0].cast<std::string>());
                      }));
  DefSquareMethod(cls, "count", CountSquares,
      "The number of results (up to `limit`), counted without forming them.\n\n"
      "size: the side of a square (None: the first word's length or the pattern's rows); double: "
      "rows and columns differ; rect: (rows, cols); cube: a word cube's side; shape: a shape file "
      "(path) or its words, each a list of cell numbers; diagonals: both diagonals are words too; "
      "first: the first row; pattern: fixed letters, rows separated by '/', '.' free; contains: "
      "some row is this word; distinct: no word twice; no_transpose: a double square or its "
      "transpose, not both; order: the cell order of a shape ('greedy', 'given'); upper: upper "
      "case; limit: at most this many; best: only the best this many (best worst word, then "
      "mean score; the first proven best); threads: worker threads (0: all cores; None: 1); shard: "
      "(i, n), only part i of n.");
  DefSquareMethod(cls, "squares", StreamSquares,
      "The results (Square objects), lazily, in order; the parameters as for count().");
  cls.def(
      "fill",
      [](const Dictionary& dictionary, const py::object& grid, bool any, bool all, std::optional<int64_t> limit,
         const Shard& shard, bool allow_repeats, bool deterministic, uint64_t seed, std::optional<int> threads,
         std::optional<double> timeout, double quality_time, std::optional<int64_t> polish,
         const std::string& branch, bool prefer_scores, std::optional<std::string> better,
         std::optional<int64_t> max_level, std::vector<std::string> exclude) {
        return FillDictionaryGrid(dictionary, GridOf(grid),
                                  FillOptionsOf(any, all, limit, shard, allow_repeats, deterministic, seed,
                                                threads, timeout, quality_time, polish, branch, prefer_scores,
                                                std::move(better), max_level, std::move(exclude)));
      },
      py::arg("grid"), py::kw_only(), py::arg("any") = false, py::arg("all") = false,
      py::arg("limit") = py::none(), py::arg("shard") = py::none(), py::arg("allow_repeats") = false,
      py::arg("deterministic") = false, py::arg("seed") = 1, py::arg("threads") = py::none(),
      py::arg("timeout") = py::none(), py::arg("quality_time") = 10.0, py::arg("polish") = py::none(),
      py::arg("branch") = "letter", py::arg("prefer_scores") = false, py::arg("better") = py::none(),
      py::arg("max_level") = py::none(), py::arg("exclude") = std::vector<std::string>(),
      "Fills a crossword grid (a Grid, or its text) as `squares fill` does: the best fill with a "
      "scored list, any=True the first found. Returns a FillResult; all=True a FillIterator of "
      "every fill instead (limit, shard (i, n)).\n\n"
      "allow_repeats: a word may fill several slots; deterministic: a fill-in puzzle solvable "
      "without guessing; seed: tie-breaks and restarts; threads: None or 0 all cores; timeout: "
      "seconds (None: none); quality_time: seconds for the best fill after the first; polish: "
      "nodes of search for a better mean; branch: 'letter' or 'word'; prefer_scores: try the "
      "best-scored words first; better: 'lower' or 'higher' (default: the list's); max_level: "
      "words scored worse are not used; exclude: words never used.");
  cls.def(
      "regions",
      [](const Dictionary& dictionary, const std::string& puzzle, int min, int max, bool all, bool upper,
         const std::string& source) {
        return RunInterruptibly([&](const StopFlag* stop) {
          RegionsOptions options;
          options.min = min;
          options.max = max;
          options.all = all;
          options.upper = upper;
          options.stop = stop;
          return SolveRegions(dictionary, puzzle, options, source);
        });
      },
      py::arg("puzzle"), py::kw_only(), py::arg("min") = 4, py::arg("max") = 8, py::arg("all") = false,
      py::arg("upper") = false, py::arg("source") = "<puzzle>",
      "Splits a letter grid (rows of letters, one a line) into connected regions of min..max "
      "cells whose letters, read in row-major order, spell words; stops at the second solution "
      "unless all=True.");
}

}  // namespace
}  // namespace squares::python

PYBIND11_MODULE(squares, m) {
  namespace py = pybind11;
  using namespace squares::python;
  m.doc() = "Word squares, crossword fill, Kakuro and word-region puzzles (the squares library).";
  m.attr("__version__") = squares::Version();

  py::object error = py::reinterpret_steal<py::object>(PyErr_NewExceptionWithDoc(
      "squares.Error", "An error of the squares library: source, line and column name where, when known.",
      PyExc_ValueError, nullptr));
  for (const char* name : {"source", "line", "column"}) error.attr(name) = py::none();
  usage_error = PyErr_NewExceptionWithDoc("squares.UsageError", "A bad option or value.", error.ptr(), nullptr);
  data_error = PyErr_NewExceptionWithDoc(
      "squares.DataError", "A bad word list, grid, board, puzzle or shape, or a word not in the dictionary.",
      error.ptr(), nullptr);
  m.attr("Error") = error;
  m.attr("UsageError") = usage_error;
  m.attr("DataError") = data_error;
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const squares::Error& e) {
      RaiseError(e);
    }
  });

  DefResults(m);
  DefGrid(m);
  DefDictionary(m);
  m.def(
      "kakuro",
      [](const std::string& boards, bool all, std::optional<int64_t> limit, std::optional<double> timeout,
         const std::string& source) {
        return RunInterruptibly([&](const squares::StopFlag* stop) {
          squares::KakuroOptions options;
          options.all = all;
          options.limit = limit;
          options.timeout = timeout.value_or(0);
          options.stop = stop;
          return squares::SolveKakuro(boards, options, source);
        });
      },
      py::arg("boards"), py::kw_only(), py::arg("all") = false, py::arg("limit") = py::none(),
      py::arg("timeout") = py::none(), py::arg("source") = "<board>",
      "Solves every board of a Kakuro file's text: a list of KakuroResult. Stops at a board's "
      "second solution unless all=True (limit: at most this many); timeout: seconds per board.");
  AddTextSignatures(m);
}
