// The Python module `squares` on the public API (squares.h). Keyword arguments are the command
// line's options (an underscore stands for a hyphen: no_transpose=True is --no-transpose; True
// gives a flag, False and None leave an option out). Searches run with the GIL released; a
// square search streams: a worker thread runs it and hands the results over through a bounded
// queue, and dropping the iterator (or close()) stops the search.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>

#include "api/legacy_api.h"

namespace py = pybind11;
using squares::api::Dictionary;
using squares::api::Options;
using squares::api::SquareQuery;

namespace {

// Keyword arguments as options; `first`, when not None, is the "first" option (the first row).
Options ToOptions(const py::kwargs& kwargs, const py::object& first = py::none()) {
  Options options;
  if (!first.is_none()) options.push_back({"first", py::str(first)});
  for (auto [key, value] : kwargs) {
    std::string name = py::str(key);
    for (char& ch : name) ch = ch == '_' ? '-' : ch;
    if (value.is_none()) continue;
    if (py::isinstance<py::bool_>(value)) {
      if (value.cast<bool>()) options.push_back({name, ""});
      continue;
    }
    options.push_back({name, py::str(value)});
  }
  return options;
}

// A square search as a Python iterator of row tuples. The worker thread starts on the first
// next(); it waits while the queue is full and stops when the iterator is closed or dropped.
class SquareIterator {
 public:
  explicit SquareIterator(SquareQuery query) : query_(std::move(query)) {}
  ~SquareIterator() { Close(); }

  py::tuple Next() {
    if (!worker_.joinable() && !done_) worker_ = std::thread([this] { Work(); });
    std::vector<std::string> rows;
    bool have = false;
    {
      py::gil_scoped_release release;
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [&] { return !queue_.empty() || done_; });
      if (!queue_.empty()) {
        rows = std::move(queue_.front());
        queue_.pop_front();
        have = true;
        space_.notify_one();
      }
    }
    if (!have) {
      if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
      throw py::stop_iteration();
    }
    py::tuple out(rows.size());
    for (size_t i = 0; i < rows.size(); ++i) out[i] = py::str(rows[i]);
    return out;
  }

  // Stops the search (if running) and waits for the worker; later next() calls end at once.
  void Close() {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
      done_ = true;
    }
    space_.notify_all();
    if (worker_.joinable()) {
      py::gil_scoped_release release;
      worker_.join();
    }
    queue_.clear();
  }

 private:
  static constexpr size_t kCapacity = 256;  // results queued ahead of the consumer

  void Work() {
    try {
      query_.ForEach(
          [&](const std::vector<std::string>& rows) {
            std::unique_lock lock(mutex_);
            space_.wait(lock, [&] { return queue_.size() < kCapacity || stop_; });
            if (stop_) return false;
            queue_.push_back(rows);
            ready_.notify_one();
            return true;
          },
          &stop_);
    } catch (...) {
      std::lock_guard lock(mutex_);
      error_ = std::current_exception();
    }
    std::lock_guard lock(mutex_);
    done_ = true;
    ready_.notify_all();
  }

  SquareQuery query_;
  std::thread worker_;
  std::mutex mutex_;
  std::condition_variable ready_, space_;  // a result queued / room in the queue
  std::deque<std::vector<std::string>> queue_;
  std::atomic<bool> stop_ = false;  // set under mutex_ (the waits read it), polled by the search
  bool done_ = false;               // the worker has finished (or the iterator was closed)
  std::exception_ptr error_;
};

}  // namespace

PYBIND11_MODULE(squares, m) {
  m.doc() = "Word squares, crossword fill, Kakuro and word-region puzzles (the squares library).";
  py::register_exception<squares::api::Error>(m, "Error", PyExc_ValueError);

  py::class_<squares::api::FilledGrid>(m, "FilledGrid")
      .def_readonly("rows", &squares::api::FilledGrid::rows)
      .def_readonly("text", &squares::api::FilledGrid::text);
  py::class_<squares::api::FillResult>(m, "FillResult")
      .def_readonly("status", &squares::api::FillResult::status)
      .def_readonly("message", &squares::api::FillResult::message)
      .def_readonly("fills", &squares::api::FillResult::fills);
  py::class_<squares::api::RegionsSolution>(m, "RegionsSolution")
      .def_readonly("words", &squares::api::RegionsSolution::words)
      .def_readonly("region_of", &squares::api::RegionsSolution::region_of)
      .def_readonly("drawing", &squares::api::RegionsSolution::drawing);
  py::class_<squares::api::RegionsResult>(m, "RegionsResult")
      .def_readonly("verdict", &squares::api::RegionsResult::verdict)
      .def_readonly("solutions", &squares::api::RegionsResult::solutions);
  py::class_<squares::api::KakuroResult>(m, "KakuroResult")
      .def_readonly("name", &squares::api::KakuroResult::name)
      .def_readonly("verdict", &squares::api::KakuroResult::verdict)
      .def_readonly("solutions", &squares::api::KakuroResult::solutions);

  py::class_<SquareIterator>(m, "SquareIterator")
      .def("__iter__", [](SquareIterator& it) -> SquareIterator& { return it; })
      .def("__next__", &SquareIterator::Next)
      .def("close", &SquareIterator::Close, "stop the search");

  py::class_<Dictionary>(m, "Dictionary",
                         "Dictionary(source=None, **options): the embedded list (None), a word "
                         "list or index file (a path), or words (a list of str); options: "
                         "fold_accents, min_score, max_level")
      .def(py::init([](const py::object& source, const py::kwargs& kwargs) {
             const Options options = ToOptions(kwargs);
             if (source.is_none()) return Dictionary::Default(options);
             if (py::isinstance<py::str>(source) || py::hasattr(source, "__fspath__")) {
               const std::string path = py::str(py::module_::import("os").attr("fspath")(source));
               return Dictionary::FromFiles({path}, options);
             }
             return Dictionary::FromWords(source.cast<std::vector<std::string>>(), options);
           }),
           py::arg("source") = py::none())
      .def("__len__", &Dictionary::size)
      .def("__contains__", &Dictionary::contains)
      .def(
          "squares",
          [](const Dictionary& d, const py::object& first, const py::kwargs& kwargs) {
            const Options options = ToOptions(kwargs, first);
            py::gil_scoped_release release;
            return new SquareIterator(d.Squares(options));
          },
          py::arg("first") = py::none(),
          "an iterator of the squares (tuples of rows) with the options of `squares`")
      .def(
          "count",
          [](const Dictionary& d, const py::object& first, const py::kwargs& kwargs) {
            const Options options = ToOptions(kwargs, first);
            py::gil_scoped_release release;
            return d.Squares(options).Count();
          },
          py::arg("first") = py::none(), "the number of squares, by the counting search")
      .def(
          "fill",
          [](const Dictionary& d, const std::string& grid, const py::kwargs& kwargs) {
            const Options options = ToOptions(kwargs);
            py::gil_scoped_release release;
            return d.Fill(grid, options);
          },
          py::arg("grid"), "fill a crossword grid given as text, with the options of `squares fill`")
      .def(
          "regions",
          [](const Dictionary& d, const std::string& puzzle, const py::kwargs& kwargs) {
            const Options options = ToOptions(kwargs);
            py::gil_scoped_release release;
            return d.Regions(puzzle, options);
          },
          py::arg("puzzle"), "solve a word-region puzzle given as text (`squares regions`)");

  m.def(
      "kakuro",
      [](const std::string& boards, const py::kwargs& kwargs) {
        const Options options = ToOptions(kwargs);
        py::gil_scoped_release release;
        return squares::api::SolveKakuro(boards, options);
      },
      py::arg("boards"), "solve the Kakuro boards given as text (`squares kakuro`)");
}
