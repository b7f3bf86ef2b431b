// squares.Square, and the batches that carry square results from the search's thread to
// Python. A long iteration makes one Square per result, so Square is a small C type rather
// than a pybind11 class wrapping a SquareResult: one object holding its strings' UTF-8, whose
// rows and words become tuples of str only when first asked for (most results of a long
// iteration are never looked at that closely). Being immutable, it is equal and hashed by
// value and pickles as its fields.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <memory>
#include <string>

#include <string_view>
#include <vector>
#include "absl/container/flat_hash_map.h"

#include "squares/square_search.h"

namespace squares::python {

namespace py = pybind11;

// Creates the type squares.Square (once, at import).
py::object MakeSquareType();

// The str of each word met so far (with the GIL): results repeat words, and a list() of a
// million squares then holds one str per word rather than one per row. Consecutive results
// mostly share their first rows, so a row is first compared with the last result's.
class WordCache {
 public:
  WordCache() = default;
  WordCache(const WordCache&) = delete;
  WordCache& operator=(const WordCache&) = delete;
  ~WordCache();
  // A new reference to the str of `word`: `same` when that holds these bytes (null: none to
  // compare), else the cache's; null with an error set.
  PyObject* Get(std::string_view word, PyObject* same = nullptr);
  // The last result's rows (a tuple; a new reference or null), and setting them (stolen).
  PyObject* last_rows() const { return last_rows_; }
  void set_last_rows(PyObject* rows);

 private:
  absl::flat_hash_map<std::string, PyObject*> strings_;
  PyObject* last_rows_ = nullptr;
};

// Results as the search hands them over (SquareSearch::ForEachView), kept as their strings.
// Add() runs on the search's thread (under the stream's lock), Take() with the GIL, making a
// Square, or with rows_only a tuple of the rows' str (from the WordCache).
class SquareBatch {
 public:
  // rows_only: Take() makes the tuple of rows.
  SquareBatch(PyObject* square_type, bool rows_only)
      : square_type_(square_type), rows_only_(rows_only), words_(std::make_shared<WordCache>()) {}

  void Add(const SquareView& view);
  size_t size() const { return records_.size(); }
  bool empty() const { return size() == 0; }
  void clear();
  // A new reference to result `index` (a Square, or with rows_only a tuple of str); null with a
  // Python error set when out of memory.
  PyObject* Take(size_t index);

 private:
  // A result's strings in strings_, each followed by '\n': its words (the rows alone where the
  // columns are the rows again), then its rows unless they are its first words (with
  // rows_only, its rows alone).
  struct Record {
    uint32_t begin, end;  // in strings_
    uint32_t words, rows;
    bool rows_are_words, columns_are_rows;
    int64_t worst_score;
    double mean_score;
  };
  PyObject* TakeRows(const Record& record);
  PyObject* LastRow(Py_ssize_t index) const;   // borrowed; null when none
  PyObject* Remembered(PyObject* rows) const;  // keeps `rows` as the last result's; returns it

  PyObject* square_type_;
  bool rows_only_;
  std::shared_ptr<WordCache> words_;  // one for a stream's batches (copies of one batch)
  std::vector<char> strings_;         // up to strings_used_: see Record (grown, never shrunk: its
  size_t strings_used_ = 0;           // size is its room)
  std::vector<Record> records_;       // one per Add()
};

}  // namespace squares::python
