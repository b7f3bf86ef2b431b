#include "python/square_batch.h"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstring>

namespace squares::python {
namespace {

// A Square from a search holds its strings in `data`, each followed by '\n': its words, then
// its rows unless they are its first words; of a symmetric square's words, whose columns are
// its rows again, only the rows. `rows` and `words` are made from them on first use. A Square
// made by Square(...) has its tuples from the start and no strings. Scores other than zero
// (best) follow the strings, as an int64_t and a double: most Squares have none, and without
// them a symmetric 5x5 square takes 80 bytes from the allocator rather than 112.
struct SquareObject {
  PyObject_VAR_HEAD PyObject* rows;  // tuple of str, or null until first used
  PyObject* words;                   // tuple of str, or null until first used
  uint32_t words_count, rows_count;
  // In one byte, so that a symmetric 5x5 square's 30 bytes of strings end at 79 bytes, within
  // the allocator's class of 80.
  bool rows_are_words : 1;    // the rows are the first words, not strings of their own
  bool columns_are_rows : 1;  // the words after the rows are the rows again (a symmetric square's)
  bool scored : 1;            // the scores follow the strings
  char data[1];               // Py_SIZE(self) bytes
};
constexpr Py_ssize_t kSquareBasicSize = offsetof(SquareObject, data);
static_assert(kSquareBasicSize + 30 <= 80, "a symmetric 5x5 square fits the class of 80 bytes");
constexpr Py_ssize_t kScoresSize = sizeof(int64_t) + sizeof(double);

SquareObject* Of(PyObject* self) { return reinterpret_cast<SquareObject*>(self); }

// Tuples of str cannot be part of a reference cycle: untracked, the garbage collector's passes
// during a long list() skip them (CPython itself untracks such tuples on its first pass).
PyObject* Untracked(PyObject* tuple) {
  if (tuple) PyObject_GC_UnTrack(tuple);
  return tuple;
}

// A new tuple of `count` strings from string `first` on; a string equal to item k % n of
// `reuse` (a tuple, or null) is that str (a symmetric square's columns are its rows).
PyObject* StringTuple(const SquareObject* square, uint32_t first, uint32_t count, PyObject* reuse) {
  std::string_view data(square->data, Py_SIZE(square) - (square->scored ? kScoresSize : 0));
  for (uint32_t k = 0; k < first; ++k) data.remove_prefix(data.find('\n') + 1);
  PyObject* tuple = PyTuple_New(count);
  const Py_ssize_t reused = reuse ? PyTuple_GET_SIZE(reuse) : 0;
  for (uint32_t k = 0; tuple && k < count; ++k) {
    const std::string_view text = data.substr(0, data.find('\n'));
    data.remove_prefix(text.size() + 1);
    PyObject* same = reused ? PyTuple_GET_ITEM(reuse, k % reused) : nullptr;
    PyObject* item;
    if (same && PyUnicode_IS_COMPACT_ASCII(same) &&
        PyUnicode_GET_LENGTH(same) == static_cast<Py_ssize_t>(text.size()) &&
        std::memcmp(PyUnicode_DATA(same), text.data(), text.size()) == 0) {
      Py_INCREF(same);
      item = same;
    } else {
      item = PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), nullptr);
    }
    if (!item) Py_CLEAR(tuple);
    else PyTuple_SET_ITEM(tuple, k, item);
  }
  return Untracked(tuple);
}

// The rows and words, made on first use: borrowed, or null with an error set.
PyObject* Rows(PyObject* self) {
  SquareObject* square = Of(self);
  if (!square->rows) {
    const uint32_t first = square->rows_are_words ? 0 : square->words_count;
    square->rows = StringTuple(square, first, square->rows_count, nullptr);
  }
  return square->rows;
}

PyObject* Words(PyObject* self) {
  SquareObject* square = Of(self);
  if (!square->words) {
    PyObject* rows = Rows(self);
    if (!rows) return nullptr;
    if (!square->columns_are_rows) {
      square->words = StringTuple(square, 0, square->words_count, rows);
      return square->words;
    }
    PyObject* words = PyTuple_New(square->words_count);
    for (uint32_t k = 0; words && k < square->words_count; ++k) {
      PyObject* row = PyTuple_GET_ITEM(rows, k % square->rows_count);
      Py_INCREF(row);
      PyTuple_SET_ITEM(words, k, row);
    }
    square->words = Untracked(words);
  }
  return square->words;
}

int64_t WorstScore(PyObject* self) {
  int64_t worst = 0;
  if (Of(self)->scored) std::memcpy(&worst, Of(self)->data + Py_SIZE(self) - kScoresSize, 8);
  return worst;
}

double MeanScore(PyObject* self) {
  double mean = 0;
  if (Of(self)->scored) std::memcpy(&mean, Of(self)->data + Py_SIZE(self) - 8, 8);
  return mean;
}

// A new Square of `size` bytes of data, its fields unset but the tuples (null); null with an
// error set when out of memory. Its fields are all set by the caller: the allocation is not
// zeroed, as tp_alloc's would be.
PyObject* NewSquare(PyTypeObject* type, Py_ssize_t size) {
  void* memory = PyObject_Malloc(kSquareBasicSize + size);
  if (!memory) return PyErr_NoMemory();
  PyObject* self =
      reinterpret_cast<PyObject*>(PyObject_InitVar(static_cast<PyVarObject*>(memory), type, size));
  Of(self)->rows = Of(self)->words = nullptr;
  return self;
}

// Whether a Square keeps these scores (else they are zero): it then has room for them.
bool Scored(int64_t worst, double mean) { return worst != 0 || std::bit_cast<uint64_t>(mean) != 0; }

// Sets the scores of a Square made with room for them when they are not zero.
void SetScores(PyObject* self, int64_t worst, double mean) {
  SquareObject* square = Of(self);
  square->scored = Scored(worst, mean);
  if (!square->scored) return;
  std::memcpy(square->data + Py_SIZE(self) - kScoresSize, &worst, 8);
  std::memcpy(square->data + Py_SIZE(self) - 8, &mean, 8);
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
  PyObject* row_tuple = PySequence_Tuple(rows);
  PyObject* word_tuple = !row_tuple ? nullptr : words ? PySequence_Tuple(words) : PyTuple_New(0);
  PyObject* self = word_tuple ? NewSquare(type, Scored(worst_score, mean_score) ? kScoresSize : 0)
                              : nullptr;
  if (!self) {
    Py_XDECREF(row_tuple);
    Py_XDECREF(word_tuple);
    return nullptr;
  }
  SquareObject* square = Of(self);
  square->rows = row_tuple;
  square->words = word_tuple;
  square->words_count = square->rows_count = 0;
  square->rows_are_words = false;
  square->columns_are_rows = false;
  SetScores(self, worst_score, mean_score);
  return self;
}

void SquareDealloc(PyObject* self) {
  Py_XDECREF(Of(self)->rows);
  Py_XDECREF(Of(self)->words);
  PyTypeObject* type = Py_TYPE(self);
  type->tp_free(self);
  Py_DECREF(type);
}

// The fields as a tuple: what equality, hash and pickle go by.
PyObject* Fields(PyObject* self) {
  PyObject* rows = Rows(self);
  PyObject* words = rows ? Words(self) : nullptr;
  if (!words) return nullptr;
  return Py_BuildValue("(OOLd)", rows, words, static_cast<long long>(WorstScore(self)),
                       MeanScore(self));
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
  PyObject* rows = Rows(self);
  return rows ? PyUnicode_FromFormat("Square(rows=%R)", rows) : nullptr;
}

PyObject* SquareReduce(PyObject* self, PyObject*) {
  PyObject* fields = Fields(self);
  if (!fields) return nullptr;
  PyObject* reduced = PyTuple_Pack(2, reinterpret_cast<PyObject*>(Py_TYPE(self)), fields);
  Py_DECREF(fields);
  return reduced;
}

PyObject* GetRows(PyObject* self, void*) {
  PyObject* rows = Rows(self);
  Py_XINCREF(rows);
  return rows;
}

PyObject* GetWords(PyObject* self, void*) {
  PyObject* words = Words(self);
  Py_XINCREF(words);
  return words;
}

PyObject* GetWorstScore(PyObject* self, void*) { return PyLong_FromLongLong(WorstScore(self)); }

PyObject* GetMeanScore(PyObject* self, void*) { return PyFloat_FromDouble(MeanScore(self)); }

PyGetSetDef square_getset[] = {
    {"rows", GetRows, nullptr,
     "the rows, a tuple of str (a cube: the layers side by side; a shape: its layout's rows, "
     "else its words)",
     nullptr},
    {"words", GetWords, nullptr,
     "every word it holds, a tuple of str (a square: rows, then columns, then diagonals)", nullptr},
    {"worst_score", GetWorstScore, nullptr, "with best: its worst word's score (else 0)", nullptr},
    {"mean_score", GetMeanScore, nullptr, "with best: its words' mean score (else 0.0)", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

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
    {Py_tp_getset, square_getset},
    {Py_tp_methods, square_methods},
    {0, nullptr}};

PyType_Spec square_spec = {"squares.Square", static_cast<int>(kSquareBasicSize), 1,
                           Py_TPFLAGS_DEFAULT, square_slots};

}  // namespace

py::object MakeSquareType() {
  PyObject* type = PyType_FromSpec(&square_spec);
  if (!type) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(type);
}

void SquareBatch::Add(const SquareView& view) {
  const SquareView::Strings rows = view.rows(), words = view.words();
  // Consecutive strings of a view lie one separator byte apart (SquareView::Strings): the
  // bytes from the first's to the end of string count - 1.
  auto run = [](const SquareView::Strings& strings, size_t count) {
    const std::string_view last = strings[count - 1];
    return std::string_view(strings[0].data(), last.data() + last.size() - strings[0].data());
  };
  // Rows that are the first words (a square's: the same bytes, as the view gives them) are
  // kept once, and so are columns that are the rows again (a symmetric square's: of the same
  // lengths, the same run of bytes).
  bool rows_are_words = !rows_only_ && rows.size() <= words.size();
  for (size_t i = 0; rows_are_words && i < rows.size(); ++i) {
    rows_are_words = rows[i].size() == words[i].size() &&
                     (rows[i].data() == words[i].data() || rows[i] == words[i]);
  }
  const size_t n = rows.size();
  bool columns_are_rows = rows_are_words && n > 0 && words.size() == 2 * n;
  for (size_t i = 0; columns_are_rows && i < n; ++i)
    columns_are_rows = words[n + i].size() == rows[i].size();
  if (columns_are_rows) {
    const std::string_view row_bytes = run(rows, n);
    columns_are_rows = std::memcmp(words[n].data(), row_bytes.data(), row_bytes.size()) == 0;
  }
  const size_t begin = strings_used_;
  // Appends the first `count` strings, each followed by '\n': their run copied at once, then
  // the separators set.
  auto add = [&](const SquareView::Strings& strings, size_t count) {
    if (count == 0) return;
    const std::string_view bytes = run(strings, count);
    const size_t size = bytes.size() + 1;
    if (strings_used_ + size > strings_.size())
      strings_.resize(std::max(2 * strings_.size(), strings_used_ + size));
    char* to = strings_.data() + strings_used_;
    std::memcpy(to, bytes.data(), bytes.size());
    for (size_t i = 0; i < count; ++i)
      to[strings[i].data() + strings[i].size() - bytes.data()] = '\n';
    strings_used_ += size;
  };
  if (!rows_only_) add(words, columns_are_rows ? n : words.size());
  if (!rows_are_words) add(rows, n);
  records_.push_back({static_cast<uint32_t>(begin), static_cast<uint32_t>(strings_used_),
                      rows_only_ ? 0 : static_cast<uint32_t>(words.size()),
                      static_cast<uint32_t>(n), rows_are_words, columns_are_rows,
                      view.worst_score(), view.mean_score()});
}

void SquareBatch::clear() {
  strings_used_ = 0;
  records_.clear();
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

PyObject* SquareBatch::LastRow(Py_ssize_t index) const {
  PyObject* last = words_->last_rows();
  return last && index < PyTuple_GET_SIZE(last) ? PyTuple_GET_ITEM(last, index) : nullptr;
}

PyObject* SquareBatch::Remembered(PyObject* rows) const {
  Py_XINCREF(rows);
  words_->set_last_rows(rows);
  return rows;
}

PyObject* SquareBatch::TakeRows(const Record& record) {
  std::string_view strings(strings_.data() + record.begin, record.end - record.begin);
  PyObject* rows = PyTuple_New(record.rows);
  for (uint32_t i = 0; rows && i < record.rows; ++i) {
    const size_t end = strings.find('\n');
    PyObject* row = words_->Get(strings.substr(0, end), LastRow(i));
    if (!row) Py_CLEAR(rows);
    else PyTuple_SET_ITEM(rows, i, row);
    strings.remove_prefix(end + 1);
  }
  return Remembered(Untracked(rows));
}

PyObject* SquareBatch::Take(size_t index) {
  const Record& record = records_[index];
  if (rows_only_) return TakeRows(record);
  const Py_ssize_t size = record.end - record.begin;
  PyObject* self =
      NewSquare(reinterpret_cast<PyTypeObject*>(square_type_),
                size + (Scored(record.worst_score, record.mean_score) ? kScoresSize : 0));
  if (!self) return nullptr;
  SquareObject* square = Of(self);
  square->words_count = record.words;
  square->rows_count = record.rows;
  square->rows_are_words = record.rows_are_words;
  square->columns_are_rows = record.columns_are_rows;
  SetScores(self, record.worst_score, record.mean_score);
  std::memcpy(square->data, strings_.data() + record.begin, size);
  return self;
}

}  // namespace squares::python
