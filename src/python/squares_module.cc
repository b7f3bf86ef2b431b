// The Python module `squares._squares` (re-exported by the package `squares`) on the typed API
// (squares/squares.h): keyword parameters with defaults, results as objects, errors as
// squares.Error and its subclasses (errors.h). Every search runs with the GIL released and
// stops on Ctrl-C (interruptible.h); squares() and fill(all=True) are lazy iterators whose
// search stops when they are closed or dropped (stream.h). This file: the module, the
// dictionary and the square searches.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "python/bindings.h"
#include "python/errors.h"
#include "python/interruptible.h"
#include "python/square_batch.h"
#include "python/stream.h"
#include "python/text_signatures.h"
#include "squares/squares.h"

namespace squares::python {

std::optional<std::string> PathOf(const py::handle& value) {
  if (!py::isinstance<py::str>(value) && !py::hasattr(value, "__fspath__")) return std::nullopt;
  return py::str(py::module_::import("os").attr("fspath")(value)).cast<std::string>();
}

namespace {

// squares.Square (square_batch.h): made at import, alive as long as the process.
PyObject* square_type = nullptr;

// ---- Dictionary ----

Dictionary LoadDictionary(const py::object& source, const DictionaryOptions& options) {
  if (source.is_none()) {
    py::gil_scoped_release release;
    return Dictionary::Default(options);
  }
  if (const std::optional<std::string> path = PathOf(source)) {
    py::gil_scoped_release release;
    return Dictionary::FromFiles({*path}, options);
  }
  if (!py::isinstance<py::iterable>(source) || py::isinstance<py::bytes>(source)) {
    throw py::type_error(
        "Dictionary(source): None, a path (str or os.PathLike) or an iterable "
        "of str, not " +
        py::type::of(source).attr("__name__").cast<std::string>());
  }
  std::vector<std::string> words;
  for (const py::handle word : source) {
    if (!py::isinstance<py::str>(word))
      throw py::type_error("Dictionary(words): every word must be a str");
    words.push_back(word.cast<std::string>());
  }
  py::gil_scoped_release release;
  return Dictionary::FromWords(words, options);
}

// The list is read by load(options) with the GIL released; its notes go to on_note after, with
// the GIL.
template <class Load>
Dictionary ReadDictionary(Load load, bool fold_accents, std::optional<int64_t> min_score,
                          std::optional<int64_t> max_level, const py::object& better,
                          const std::string& language, const py::object& on_note) {
  DictionaryOptions options;
  options.fold_accents = fold_accents;
  options.min_score = min_score;
  options.max_level = max_level;
  options.language = language;
  if (!better.is_none()) options.better = EnumArg<Better>(better, "better");
  std::vector<std::string> notes;
  if (!on_note.is_none()) {
    options.on_note = [&notes](const std::string& note) { notes.push_back(note); };
  }
  Dictionary dictionary = load(options);
  for (const std::string& note : notes) on_note(note);
  return dictionary;
}

Dictionary MakeDictionary(const py::object& source, bool fold_accents,
                          std::optional<int64_t> min_score, std::optional<int64_t> max_level,
                          const py::object& better, const std::string& language,
                          const py::object& on_note) {
  return ReadDictionary(
      [&](const DictionaryOptions& options) { return LoadDictionary(source, options); },
      fold_accents, min_score, max_level, better, language, on_note);
}

Dictionary DictionaryFromFiles(const std::vector<py::object>& paths, bool word_lists,
                               bool fold_accents, std::optional<int64_t> min_score,
                               std::optional<int64_t> max_level, const py::object& better,
                               const std::string& language, const py::object& on_note) {
  std::vector<std::string> files;
  for (const py::object& path : paths) {
    const std::optional<std::string> file = PathOf(path);
    if (!file) throw py::type_error("Dictionary.from_files(paths): each a str or os.PathLike");
    files.push_back(*file);
  }
  return ReadDictionary(
      [&](const DictionaryOptions& options) {
        py::gil_scoped_release release;
        return word_lists ? Dictionary::FromWordLists(files, options)
                          : Dictionary::FromFiles(files, options);
      },
      fold_accents, min_score, max_level, better, language, on_note);
}

Dictionary DictionaryFromText(const std::string& text, const std::string& source, bool fold_accents,
                              std::optional<int64_t> min_score, std::optional<int64_t> max_level,
                              const py::object& better, const std::string& language,
                              const py::object& on_note) {
  return ReadDictionary(
      [&](const DictionaryOptions& options) {
        py::gil_scoped_release release;
        return Dictionary::FromText(text, source, options);
      },
      fold_accents, min_score, max_level, better, language, on_note);
}

// ---- square searches ----

// Every parameter of count() and squares(), as Python passes them.
struct SquareArgs {
  std::optional<int> size;
  bool double_square;
  std::optional<std::pair<int, int>> rect;
  std::optional<int> cube;
  py::object shape;
  bool diagonals;
  std::optional<std::string> first, pattern, contains;
  bool distinct, no_transpose;
  std::optional<bool> reversed;
  py::object order;
  bool upper;
  std::optional<int64_t> limit;
  std::optional<int> best, threads;
  Shard shard;
  py::object progress;
  ProgressTiming progress_timing;
  py::object on_note;
};

void SetShape(const py::object& shape, SquareOptions* options) {
  options->kind = SquareKind::kShape;
  if (const std::optional<std::string> path = PathOf(shape)) {
    options->shape_file = *path;
    return;
  }
  // Each word: its cells, or (cells, path) for a word read from a list of its own.
  const char* expected =
      "shape: a path (a shape file) or a list of words, each a list of cell numbers or a "
      "(cells, path) pair";
  if (!py::isinstance<py::iterable>(shape) || py::isinstance<py::str>(shape))
    throw py::type_error(expected);
  try {
    for (const py::handle word : shape) {
      ShapeWord& added = options->shape.emplace_back();
      if (py::isinstance<py::tuple>(word) && py::len(word) == 2) {
        const auto pair = py::reinterpret_borrow<py::tuple>(word);
        const std::optional<std::string> list = PathOf(pair[1]);
        if (!list) throw py::type_error(expected);
        added.cells = pair[0].cast<std::vector<int>>();
        added.list = *list;
      } else {
        added.cells = word.cast<std::vector<int>>();
      }
    }
  } catch (const py::cast_error&) {
    throw py::type_error(expected);
  }
}

// The search a count() or squares() call describes. The kind follows from which of double,
// rect, cube and shape is given (at most one).
SquareOptions SquareOptionsOf(const SquareArgs& args) {
  SquareOptions options;
  const int kinds =
      args.double_square + args.rect.has_value() + args.cube.has_value() + !args.shape.is_none();
  if (kinds > 1) throw Error(ErrorKind::kUsage, "double, rect, cube and shape exclude each other");
  if (args.double_square) options.kind = SquareKind::kDouble;
  if (args.rect) {
    options.kind = SquareKind::kRectangle;
    std::tie(options.rows, options.cols) = *args.rect;
  }
  if (args.cube) {
    options.kind = SquareKind::kCube;
    options.size = *args.cube;
  }
  if (!args.shape.is_none()) SetShape(args.shape, &options);
  if (args.size) {
    if (args.cube || args.rect) throw Error(ErrorKind::kUsage, "size: not with rect or cube");
    options.size = *args.size;
  }
  options.diagonals = args.diagonals;
  options.first = args.first.value_or("");
  options.pattern = args.pattern.value_or("");
  options.contains = args.contains.value_or("");
  options.distinct = args.distinct;
  options.no_transpose = args.no_transpose;
  options.reversed = args.reversed;
  if (!args.order.is_none()) {
    options.order = EnumArg<CellOrder>(args.order, "order");
  }
  options.upper = args.upper;
  SetLimit(args.limit, &options.limit);
  options.best = args.best.value_or(0);
  options.threads = args.threads.value_or(0);
  SetShard(args.shard, &options.shard_index, &options.shard_count);
  // SquareSearch::set_progress checks them too, by the names of ProgressTiming.
  for (const auto& [name, seconds] : {std::pair{"progress_every", args.progress_timing.every},
                                      std::pair{"progress_after", args.progress_timing.after}}) {
    if (!(seconds >= 0 && seconds < 1e9)) {
      throw Error(ErrorKind::kUsage,
                  std::string(name) + ": " + Repr(py::float_(seconds)) + " is not seconds >= 0");
    }
  }
  return options;
}

using SquareStream = Stream<SquareBatch, SearchStats>;

// Defines Dictionary.NAME(size=None, *, double=False, ...) -> finish(dictionary, args, ...).
// ExtraTypes: the C++ types of the parameters after those (`extra`, their py::arg).
template <class... ExtraTypes, class Finish, class... Extra>
void DefSquareMethod(py::class_<Dictionary>& cls, const char* name, Finish finish, const char* doc,
                     Extra... extra) {
  cls.def(
      name,
      [finish](const Dictionary& dictionary, std::optional<int> size, bool double_square,
               std::optional<std::pair<int, int>> rect, std::optional<int> cube,
               const py::object& shape, bool diagonals, std::optional<std::string> first,
               std::optional<std::string> pattern, std::optional<std::string> contains,
               bool distinct, bool no_transpose, std::optional<bool> reversed,
               const py::object& order, bool upper, std::optional<int64_t> limit,
               std::optional<int> best, std::optional<int> threads, const Shard& shard,
               const py::object& progress, double progress_every, double progress_after,
               const py::object& on_note, ExtraTypes... extra_values) {
        return finish(dictionary,
                      SquareArgs{size,
                                 double_square,
                                 rect,
                                 cube,
                                 shape,
                                 diagonals,
                                 std::move(first),
                                 std::move(pattern),
                                 std::move(contains),
                                 distinct,
                                 no_transpose,
                                 reversed,
                                 order,
                                 upper,
                                 limit,
                                 best,
                                 threads,
                                 shard,
                                 progress,
                                 {progress_every, progress_after},
                                 on_note},
                      extra_values...);
      },
      py::arg("size") = py::none(), py::kw_only(), py::arg("double") = false,
      py::arg("rect") = py::none(), py::arg("cube") = py::none(), py::arg("shape") = py::none(),
      py::arg("diagonals") = false, py::arg("first") = py::none(), py::arg("pattern") = py::none(),
      py::arg("contains") = py::none(), py::arg("distinct") = false,
      py::arg("no_transpose") = false, py::arg("reversed") = py::none(),
      py::arg("order") = py::none(), py::arg("upper") = false, py::arg("limit") = py::none(),
      py::arg("best") = py::none(), py::arg("threads") = py::none(), py::arg("shard") = py::none(),
      py::arg("progress") = py::none(), py::arg("progress_every") = ProgressTiming{}.every,
      py::arg("progress_after") = ProgressTiming{}.after, py::arg("on_note") = py::none(), extra...,
      doc);
}

uint64_t CountSquares(const Dictionary& dictionary, const SquareArgs& args) {
  SquareOptions options = SquareOptionsOf(args);
  PythonCalls calls;
  std::function<void(const SearchProgress&)> progress;
  if (!args.progress.is_none()) progress = calls.Latest<SearchProgress>(args.progress);
  std::function<bool(const std::string&)> note;
  if (!args.on_note.is_none()) {
    note = calls.Waiting<bool, const std::string&>(
        args.on_note,
        [](const py::object& f, const std::string& text) {
          f(text);
          return true;
        },
        false);
  }
  return RunInterruptibly(
      [&](const StopFlag* stop) {
        options.stop = stop;
        SquareSearch search(dictionary, options);
        for (const std::string& text : search.notes()) {
          if (note && !note(text)) return uint64_t{0};  // a note raised: the call raises it
        }
        search.set_progress(progress, args.progress_timing);
        return search.Count();
      },
      &calls);
}

// squares.SquareSearch: a prepared search (Dictionary.search()), with the Python progress
// callback each run binds to its own calls.
struct PreparedSearch {
  SquareSearch search;
  py::object progress;
  ProgressTiming progress_timing;
};

PreparedSearch PrepareSearch(const Dictionary& dictionary, const SquareArgs& args) {
  const SquareOptions options = SquareOptionsOf(args);
  std::optional<SquareSearch> search;
  {
    py::gil_scoped_release release;  // the search's automata are built here
    search.emplace(dictionary, options);
  }
  if (!args.on_note.is_none()) {
    for (const std::string& note : search->notes()) args.on_note(note);
  }
  return {*std::move(search), args.progress, args.progress_timing};
}

// A run of `prepared`: a copy of its search, stopped by `stop`, its progress served by `calls`.
SquareSearch RunOf(const PreparedSearch& prepared, const StopFlag* stop, PythonCalls& calls) {
  SquareSearch search = prepared.search;
  search.set_stop(stop);
  if (!prepared.progress.is_none()) {
    search.set_progress(calls.Latest<SearchProgress>(prepared.progress), prepared.progress_timing);
  }
  return search;
}

SearchStats CountPrepared(const PreparedSearch& prepared) {
  PythonCalls calls;
  SquareSearch search = RunOf(prepared, nullptr, calls);  // with the GIL: it takes `progress`
  return RunInterruptibly(
      [&](const StopFlag* stop) {
        search.set_stop(stop);
        SearchStats stats;
        search.Count(&stats);
        return stats;
      },
      &calls);
}

std::unique_ptr<SquareStream> StreamPrepared(const PreparedSearch& prepared, bool rows_only) {
  auto stream = std::make_unique<SquareStream>(SquareBatch(square_type, rows_only));
  auto search =
      std::make_shared<SquareSearch>(RunOf(prepared, stream->stop_flag(), stream->calls()));
  stream->set_producer([search](SquareStream& to) {
    return search->ForEachView([&](const SquareView& view) { return to.Push(view); });
  });
  return stream;
}

std::unique_ptr<SquareStream> StreamSquares(const Dictionary& dictionary, const SquareArgs& args,
                                            bool rows_only) {
  return StreamPrepared(PrepareSearch(dictionary, args), rows_only);
}

void DefSquareResults(py::module_& m) {
  py::class_<SearchStats> stats(m, "SearchStats", "What a square search did.");
  stats.def_readonly("nodes", &SearchStats::nodes, "letters placed")
      .def_readonly("results", &SearchStats::results)
      .def_readonly("seconds", &SearchStats::seconds)
      .def_readonly("stopped", &SearchStats::stopped, "the search was stopped early")
      .def_readonly("reversed", &SearchStats::reversed,
                    "a count read every word from its last letter")
      .def("__repr__", [](const SearchStats& s) {
        return "SearchStats(nodes=" + std::to_string(s.nodes) +
               ", results=" + std::to_string(s.results) + ")";
      });
  DefPickle(stats, &SearchStats::nodes, &SearchStats::results, &SearchStats::seconds,
            &SearchStats::stopped, &SearchStats::reversed);
  py::class_<SearchProgress> progress(m, "SearchProgress",
                                      "A running square search's progress (count(progress=...)).");
  progress
      .def_readonly("parts_done", &SearchProgress::parts_done,
                    "the search's parts (its tasks) done")
      .def_readonly("parts", &SearchProgress::parts, "its parts in all")
      .def_readonly("results", &SearchProgress::results)
      .def_readonly("seconds", &SearchProgress::seconds)
      .def("__repr__", [](const SearchProgress& p) {
        return "SearchProgress(parts_done=" + std::to_string(p.parts_done) +
               ", parts=" + std::to_string(p.parts) + ", results=" + std::to_string(p.results) +
               ")";
      });
  DefPickle(progress, &SearchProgress::parts_done, &SearchProgress::parts, &SearchProgress::results,
            &SearchProgress::seconds);
  py::class_<SquareStream> squares_iterator(
      m, "SquareIterator",
      "The results of Dictionary.squares() (Square objects; with rows_only, tuples of rows), "
      "found as they are asked for. Leaving the loop (or close()) stops the search.",
      py::custom_type_setup(&SquareStream::SetSlots));
  DefIterator(squares_iterator);
  squares_iterator.def_property_readonly(
      "stats", [](const SquareStream& s) { return s.summary(); },
      "The search's SearchStats once it has ended (else None).");
  py::class_<PreparedSearch>(
      m, "SquareSearch",
      "A prepared square search (Dictionary.search(...)): its options checked and its automata "
      "built once, then run any number of times, from any thread.")
      .def_property_readonly(
          "rows", [](const PreparedSearch& p) { return p.search.rows(); },
          "the grid's rows (a shape: its layout's; 0 when none)")
      .def_property_readonly(
          "cols", [](const PreparedSearch& p) { return p.search.cols(); }, "the grid's columns")
      .def_property_readonly(
          "notes", [](const PreparedSearch& p) { return p.search.notes(); },
          "notes on the problem ('the dictionary has no words of length 9')")
      .def_property_readonly(
          "cell_order", [](const PreparedSearch& p) { return p.search.cell_order(); },
          "a shape's cells in the order the search fills them, by name, separated by spaces "
          "('' for the square modes)")
      .def_property_readonly(
          "symmetry_cells",
          [](const PreparedSearch& p) {
            py::gil_scoped_release release;  // may build the counting search
            return p.search.symmetry_cells();
          },
          "how many cells the shape's symmetry exchanges (count() counts up to it and "
          "multiplies back, with no limit and no shard); 0 when it has none")
      .def(
          "count", [](const PreparedSearch& p) { return CountPrepared(p).results; },
          "The number of results (up to the limit), counted without forming them.")
      .def("count_stats", &CountPrepared,
           "The same count, as a SearchStats: its `results` are the count, its `nodes` the "
           "letters placed.")
      .def("squares", &StreamPrepared, py::arg("rows_only") = false,
           "The results, lazily, in order, as Dictionary.squares() gives them.")
      .def("__repr__", [](const PreparedSearch& p) {
        return "<squares.SquareSearch: " + std::to_string(p.search.rows()) + "x" +
               std::to_string(p.search.cols()) + ">";
      });
}

void DefDictionary(py::module_& m, py::class_<Dictionary>& cls) {
  DefEnum<Better>(m, "Better", "Which scores are better.",
                  {{"LOWER", Better::kLower}, {"HIGHER", Better::kHigher}});
  DefEnum<CellOrder>(m, "CellOrder", "The cell order of a shape's search.",
                     {{"DEFAULT", CellOrder::kDefault},
                      {"GREEDY", CellOrder::kGreedy},
                      {"GIVEN", CellOrder::kGiven}});
  py::class_<AutomatonStats> automaton(m, "AutomatonStats",
                                       "The automaton of the words of one length.");
  automaton.def_readonly("words", &AutomatonStats::words)
      .def_readonly("states", &AutomatonStats::states)
      .def_readonly("entries", &AutomatonStats::entries)
      .def_readonly("bytes", &AutomatonStats::bytes)
      .def_readonly("build_seconds", &AutomatonStats::build_seconds,
                    "the time the call took to build it (next to none when built before)")
      .def("__repr__", [](const AutomatonStats& a) {
        return "AutomatonStats(words=" + std::to_string(a.words) +
               ", states=" + std::to_string(a.states) + ")";
      });
  DefPickle(automaton, &AutomatonStats::words, &AutomatonStats::states, &AutomatonStats::entries,
            &AutomatonStats::bytes, &AutomatonStats::build_seconds);
  m.def("language_codes", &LanguageCodes,
        "The codes Dictionary(language=...) takes ('en', 'nl', ...).");
  cls.def(py::init(&MakeDictionary), py::arg("source") = py::none(), py::kw_only(),
          py::arg("fold_accents") = false, py::arg("min_score") = py::none(),
          py::arg("max_level") = py::none(), py::arg("better") = py::none(),
          py::arg("language") = "en", py::arg("on_note") = py::none())
      .def_static("from_text", &DictionaryFromText, py::arg("text"), py::arg("source") = "<words>",
                  py::kw_only(), py::arg("fold_accents") = false, py::arg("min_score") = py::none(),
                  py::arg("max_level") = py::none(), py::arg("better") = py::none(),
                  py::arg("language") = "en", py::arg("on_note") = py::none(),
                  "A word list's whole text, read as a list file is (entries, ';' or tab "
                  "scores, '#' comments); errors and notes name `source` and the line.")
      .def_static("from_files", &DictionaryFromFiles, py::arg("paths"), py::kw_only(),
                  py::arg("word_lists") = false, py::arg("fold_accents") = false,
                  py::arg("min_score") = py::none(), py::arg("max_level") = py::none(),
                  py::arg("better") = py::none(), py::arg("language") = "en",
                  py::arg("on_note") = py::none(),
                  "Several word lists read as one (or one index file of `squares index`); "
                  "word_lists=True refuses an index file among them, as `squares index` does.")
      .def("automaton_stats", &Dictionary::automaton_stats, py::arg("length"),
           "The automaton of the words of `length` letters (1 to max_length), built if it was "
           "not (`squares stats`).")
      .def("__len__", &Dictionary::size)
      .def("__contains__",
           [](const Dictionary& d, const std::string& word) { return d.contains(word); })
      .def("__repr__",
           [](const Dictionary& d) {
             return "<squares.Dictionary: " + std::to_string(d.size()) + " words" +
                    (d.is_default() ? ", the default list" : "") + ">";
           })
      .def_property_readonly("max_length", &Dictionary::max_length, "the longest word's letters")
      .def_property_readonly("letters", &Dictionary::letters, "the alphabet, in code-point order")
      .def_property_readonly("language", &Dictionary::language,
                             "the language code it was read in ('en', 'nl', ...)")
      .def_property_readonly("scored", &Dictionary::scored, "not every word has the same score")
      .def_property_readonly("better", &Dictionary::better)
      .def_property_readonly("is_default", &Dictionary::is_default, "the embedded list")
      .def("words", &Dictionary::Words, py::arg("length"),
           "The words of a length, in the list's order.")
      .def(
          "scored_words",
          [](const Dictionary& d, int length) {
            std::vector<std::pair<std::string, int64_t>> words;
            for (ScoredWord& w : d.ScoredWords(length))
              words.emplace_back(std::move(w.word), w.score);
            return words;
          },
          py::arg("length"), "The (word, score) pairs of a length, in the list's order.")
      .def(
          "match",
          [](const Dictionary& d, const std::string& pattern, size_t limit) {
            PatternMatches matches = d.Match(pattern, limit);
            std::vector<std::pair<std::string, int64_t>> words;
            for (ScoredWord& w : matches.words) words.emplace_back(std::move(w.word), w.score);
            return std::make_pair(matches.total, std::move(words));
          },
          py::arg("pattern"), py::arg("limit") = 200,
          "The words that fit a pattern ('?' or '.' any letter; 'C?A?\?'): how many fit, and the "
          "best `limit` of them as (word, score) pairs, best first.")
      .def(
          "changed",
          [](const Dictionary& d, const std::map<std::string, int64_t>& scores,
             const std::vector<std::string>& exclude) {
            WordChanges changes{{}, exclude};
            for (const auto& [word, score] : scores) changes.scores.push_back({word, score});
            return d.Changed(changes);
          },
          py::arg("scores") = std::map<std::string, int64_t>{},
          py::arg("exclude") = std::vector<std::string>{},
          "This list with words given new scores (added when missing) and words left out.")
      .def(
          "save_index",
          [](const Dictionary& d, const py::object& path) {
            const std::optional<std::string> file = PathOf(path);
            if (!file) throw py::type_error("save_index(path): a str or os.PathLike");
            py::gil_scoped_release release;
            d.SaveIndex(*file);
          },
          py::arg("path"), "Saves the list and its automata as an index file.")
      .def(
          "index_bytes", [](const Dictionary& d) { return py::bytes(d.IndexBytes()); },
          "The index file's bytes (Dictionary.from_index_bytes reads them).")
      .def_static(
          "from_index_bytes",
          [](const py::bytes& bytes) { return Dictionary::FromIndexBytes(bytes); }, py::arg("data"))
      .def(py::pickle([](const Dictionary& d) { return py::make_tuple(py::bytes(d.IndexBytes())); },
                      [](const py::tuple& state) {
                        if (state.size() != 1) throw py::value_error("Dictionary: a bad pickle");
                        return Dictionary::FromIndexBytes(state[0].cast<std::string>());
                      }));
  DefSquareMethod(
      cls, "count", CountSquares,
      "The number of results (up to `limit`), counted without forming them.\n\n"
      "size: the side of a square (None: the first word's length or the pattern's rows); double: "
      "rows and columns differ; rect: (rows, cols); cube: a word cube's side; shape: a shape file "
      "(path) or its words, each a list of cell numbers; diagonals: both diagonals are words too; "
      "first: the first row; pattern: fixed letters, rows separated by '/', '.' free; contains: "
      "some row is this word; distinct: no word twice; no_transpose: a double square or its "
      "transpose, not both; reversed: double squares and rectangles, counted with every word "
      "read from its last letter, or from its first (False; the same count, faster one way for "
      "some lists; None: a whole count runs the way a pilot finds faster); order: the cell order "
      "of a shape (a CellOrder or 'default', 'greedy', 'given'); upper: upper case; limit: at "
      "most this many; best: only the best this "
      "many (best worst word, then mean score; the first proven best); threads: worker threads "
      "(None or 0: the CPUs it may run on; the results come in the same order); shard: (i, n), "
      "only part i of "
      "n; progress: called with a SearchProgress as the search's parts end, at most once per "
      "progress_every seconds once it is past progress_after seconds, on the calling thread "
      "(an exception it raises stops the search and is raised by the call); on_note: called with "
      "each note on the search, before it starts ('the dictionary has no words of length 9').");
  DefSquareMethod(cls, "search", PrepareSearch,
                  "A prepared search (a SquareSearch), to run once or many times; its "
                  "parameters as for count(), on_note heard here.");
  DefSquareMethod<bool>(
      cls, "squares", StreamSquares,
      "The results, lazily, in order: Square objects, or with rows_only=True each result's rows "
      "as a tuple of str; the other parameters as for count().",
      py::arg("rows_only") = false);
}

}  // namespace
}  // namespace squares::python

PYBIND11_MODULE(_squares, m) {
  namespace py = pybind11;
  using namespace squares::python;
  m.doc() = "Word squares, crossword fill, Kakuro and word-region puzzles (the squares library).";
  m.attr("__version__") = squares::Version();
  m.def("default_threads", &squares::DefaultThreads,
        "The threads a search runs on when told none (threads=None or 0): the CPUs this process "
        "may run on (os.sched_getaffinity), at least 1.");
  m.attr("MAX_SQUARE_SIDE") = squares::kMaxSquareSide;
  m.attr("MAX_PATTERN_SIDE") = squares::kMaxPatternSide;
  m.attr("MAX_REGION_SIZE") = squares::kMaxRegionSize;
  DefErrors(m);
  py::object square = MakeSquareType();
  square_type = square.ptr();
  m.attr("Square") = square.release();
  DefSquareResults(m);
  py::class_<squares::Dictionary> dictionary(
      m, "Dictionary",
      "A word list and its automata: the embedded English list (source None), a word list or an "
      "index file of `squares index` (a path), or words (an iterable of str, each 'word' or "
      "'word;score'). on_note: called with each note of the reading (the entries skipped and "
      "why; an index file's size), once it is read. Picklable (as its index).");
  DefDictionary(m, dictionary);
  DefCrossword(m);
  DefFill(m, dictionary);
  DefPuzzles(m, dictionary);
  AddTextSignatures(m);
}
