#include "python/square_batch.h"

#include <structmember.h>

#include <algorithm>
#include <cstddef>
#include <cstring>

namespace squares::python {
namespace {

struct SquareObject {
  PyObject_HEAD PyObject* rows;  // tuple of str
  PyObject* words;               // tuple of str
  PyObject* worst_score;         // int
  PyObject* mean_score;          // float
};

// A new Square of its fields (references stolen); null if one is null.
PyObject* NewSquare(PyTypeObject* type, PyObject* rows, PyObject* words, PyObject* worst_score,
                    PyObject* mean_score) {
  if (!rows || !words || !worst_score || !mean_score) {
    Py_XDECREF(rows);
    Py_XDECREF(words);
    Py_XDECREF(worst_score);
    Py_XDECREF(mean_score);
    return nullptr;
  }
  auto* square = reinterpret_cast<SquareObject*>(type->tp_alloc(type, 0));
  if (!square) return nullptr;
  square->rows = rows;
  square->words = words;
  square->worst_score = worst_score;
  square->mean_score = mean_score;
  return reinterpret_cast<PyObject*>(square);
}

// Square(rows, words=(), worst_score=0, mean_score=0.0): what unpickling calls.
PyObject* SquareNew(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
  static const char* names[] = {"rows", "words", "worst_score", "mean_score", nullptr};
  PyObject *rows, *words = nullptr;
  long long worst_score = 0;
  double mean_score = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|OLd:Square", const_cast<char**>(names), &rows,
                                   &words, &worst_score, &mean_score)) {
    return nullptr;
  }
  return NewSquare(type, PySequence_Tuple(rows), words ? PySequence_Tuple(words) : PyTuple_New(0),
                   PyLong_FromLongLong(worst_score), PyFloat_FromDouble(mean_score));
}

void SquareDealloc(PyObject* self) {
  auto* square = reinterpret_cast<SquareObject*>(self);
  Py_XDECREF(square->rows);
  Py_XDECREF(square->words);
  Py_XDECREF(square->worst_score);
  Py_XDECREF(square->mean_score);
  PyTypeObject* type = Py_TYPE(self);
  type->tp_free(self);
  Py_DECREF(type);
}

// The fields as a tuple: what equality, hash and pickle go by.
PyObject* Fields(PyObject* self) {
  auto* square = reinterpret_cast<SquareObject*>(self);
  return PyTuple_Pack(4, square->rows, square->words, square->worst_score, square->mean_score);
}

PyObject* SquareCompare(PyObject* self, PyObject* other, int op) {
  if ((op != Py_EQ && op != Py_NE) || Py_TYPE(other) != Py_TYPE(self)) Py_RETURN_NOTIMPLEMENTED;
  PyObject* mine = Fields(self);
  PyObject* theirs = mine ? Fields(other) : nullptr;
  PyObject* result = theirs ? PyObject_RichCompare(mine, theirs, op) : nullptr;
  Py_XDECREF(mine);
  Py_XDECREF(theirs);
  return result;
}

Py_hash_t SquareHash(PyObject* self) {
  PyObject* fields = Fields(self);
  if (!fields) return -1;
  const Py_hash_t hash = PyObject_Hash(fields);
  Py_DECREF(fields);
  return hash;
}

PyObject* SquareRepr(PyObject* self) {
  return PyUnicode_FromFormat("Square(rows=%R)", reinterpret_cast<SquareObject*>(self)->rows);
}

PyObject* SquareReduce(PyObject* self, PyObject*) {
  PyObject* fields = Fields(self);
  if (!fields) return nullptr;
  PyObject* reduced = PyTuple_Pack(2, reinterpret_cast<PyObject*>(Py_TYPE(self)), fields);
  Py_DECREF(fields);
  return reduced;
}

PyMemberDef square_members[] = {
    {"rows", T_OBJECT, offsetof(SquareObject, rows), READONLY,
     "the rows, a tuple of str (a cube: the layers side by side; a shape: its layout's rows, "
     "else its words)"},
    {"words", T_OBJECT, offsetof(SquareObject, words), READONLY,
     "every word it holds, a tuple of str (a square: rows, then columns, then diagonals)"},
    {"worst_score", T_OBJECT, offsetof(SquareObject, worst_score), READONLY,
     "with best: its worst word's score (else 0)"},
    {"mean_score", T_OBJECT, offsetof(SquareObject, mean_score), READONLY,
     "with best: its words' mean score (else 0.0)"},
    {nullptr, 0, 0, 0, nullptr}};

PyMethodDef square_methods[] = {
    {"__reduce__", SquareReduce, METH_NOARGS, "Pickles a Square as its fields."},
    {nullptr, nullptr, 0, nullptr}};

PyType_Slot square_slots[] = {
    {Py_tp_doc, const_cast<char*>(
                    "Square(rows, words=(), worst_score=0, mean_score=0.0)\n--\n\n"
                    "One result of a square search. Immutable: equal and hashed by its fields.")},
    {Py_tp_new, reinterpret_cast<void*>(SquareNew)},
    {Py_tp_dealloc, reinterpret_cast<void*>(SquareDealloc)},
    {Py_tp_richcompare, reinterpret_cast<void*>(SquareCompare)},
    {Py_tp_hash, reinterpret_cast<void*>(SquareHash)},
    {Py_tp_repr, reinterpret_cast<void*>(SquareRepr)},
    {Py_tp_members, square_members},
    {Py_tp_methods, square_methods},
    {0, nullptr}};

PyType_Spec square_spec = {"squares.Square", sizeof(SquareObject), 0, Py_TPFLAGS_DEFAULT,
                           square_slots};

}  // namespace

py::object MakeSquareType() {
  PyObject* type = PyType_FromSpec(&square_spec);
  if (!type) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(type);
}

void SquareBatch::Add(const SquareResult& result) {
  records_.push_back({static_cast<uint32_t>(ends_.size()),
                      static_cast<uint32_t>(result.rows.size()),
                      rows_only_ ? 0 : static_cast<uint32_t>(result.words.size()),
                      result.worst_score, result.mean_score});
  for (const std::string& row : result.rows) {
    text_ += row;
    ends_.push_back(static_cast<uint32_t>(text_.size()));
  }
  if (rows_only_) return;
  for (const std::string& word : result.words) {
    text_ += word;
    ends_.push_back(static_cast<uint32_t>(text_.size()));
  }
}

void SquareBatch::Add(std::string_view lines) {
  for (size_t start = 0; start < lines.size();) {
    const size_t end = lines.find('\n', start);
    text_ += lines.substr(start, end - start);
    ends_.push_back(static_cast<uint32_t>(text_.size()));
    start = end == std::string_view::npos ? lines.size() : end + 1;
  }
}

void SquareBatch::clear() {
  text_.clear();
  ends_.clear();
  records_.clear();
}

std::string_view SquareBatch::String(uint32_t index) const {
  const uint32_t begin = index ? ends_[index - 1] : 0;
  return std::string_view(text_).substr(begin, ends_[index] - begin);
}

WordCache::~WordCache() {
  for (const auto& [word, text] : strings_) Py_DECREF(text);
  Py_XDECREF(last_rows_);
}

PyObject* WordCache::Get(std::string_view word, PyObject* same) {
  if (same && PyUnicode_IS_COMPACT_ASCII(same) &&
      PyUnicode_GET_LENGTH(same) == static_cast<Py_ssize_t>(word.size()) &&
      std::memcmp(PyUnicode_DATA(same), word.data(), word.size()) == 0) {
    Py_INCREF(same);
    return same;
  }
  const absl::string_view key(word.data(), word.size());
  auto found = strings_.find(key);
  if (found == strings_.end()) {
    PyObject* text =
        PyUnicode_DecodeUTF8(word.data(), static_cast<Py_ssize_t>(word.size()), nullptr);
    if (!text) return nullptr;
    found = strings_.emplace(key, text).first;
  }
  Py_INCREF(found->second);
  return found->second;
}

void WordCache::set_last_rows(PyObject* rows) {
  Py_XDECREF(last_rows_);
  last_rows_ = rows;
}

namespace {

// Tuples of str cannot be part of a reference cycle: untracked, the garbage collector's passes
// during a long list() skip them (CPython itself untracks such tuples on its first pass).
PyObject* Untracked(PyObject* tuple) {
  if (tuple) PyObject_GC_UnTrack(tuple);
  return tuple;
}

}  // namespace

PyObject* SquareBatch::LastRow(Py_ssize_t index) const {
  PyObject* last = words_->last_rows();
  return last && index < PyTuple_GET_SIZE(last) ? PyTuple_GET_ITEM(last, index) : nullptr;
}

PyObject* SquareBatch::Remembered(PyObject* rows) const {
  Py_XINCREF(rows);
  words_->set_last_rows(rows);
  return rows;
}

PyObject* SquareBatch::TakeRows(std::string_view line) {
  Py_ssize_t count = 1;
  for (const char c : line) count += c == ' ';
  PyObject* rows = PyTuple_New(count);
  for (Py_ssize_t i = 0; rows && i < count; ++i) {
    const size_t space = std::min(line.find(' '), line.size());
    PyObject* row = words_->Get(line.substr(0, space), LastRow(i));
    if (!row) Py_CLEAR(rows);
    else PyTuple_SET_ITEM(rows, i, row);
    line.remove_prefix(std::min(space + 1, line.size()));
  }
  return Remembered(Untracked(rows));
}

PyObject* SquareBatch::Take(size_t index) {
  if (records_.empty()) return TakeRows(String(static_cast<uint32_t>(index)));
  const Record& record = records_[index];
  PyObject* rows = PyTuple_New(record.rows);
  if (!rows) return nullptr;
  for (uint32_t i = 0; i < record.rows; ++i) {
    PyObject* text = words_->Get(String(record.first_string + i), LastRow(i));
    if (!text) {
      Py_DECREF(rows);
      return nullptr;
    }
    PyTuple_SET_ITEM(rows, i, text);
  }
  Remembered(Untracked(rows));
  if (rows_only_) return rows;
  // A square's columns are mostly new, but a symmetric square's repeat its rows.
  PyObject* words = PyTuple_New(record.words);
  for (uint32_t i = 0; words && i < record.words; ++i) {
    PyObject* text = words_->Get(String(record.first_string + record.rows + i),
                                 record.rows ? PyTuple_GET_ITEM(rows, i % record.rows) : nullptr);
    if (!text) Py_CLEAR(words);
    else PyTuple_SET_ITEM(words, i, text);
  }
  return NewSquare(reinterpret_cast<PyTypeObject*>(square_type_), rows, Untracked(words),
                   PyLong_FromLongLong(record.worst_score), PyFloat_FromDouble(record.mean_score));
}

}  // namespace squares::python
