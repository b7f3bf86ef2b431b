// What the parts of the Python module share: argument conversions, and the Def functions of
// each part (squares_module.cc: the module, the dictionary and square searches; fill_bindings.cc:
// grids, fills and documents; puzzle_bindings.cc: Kakuro and word regions).
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "python/enums.h"
#include "squares/squares.h"

SQUARES_PY_ENUM(squares::Better, "Better");
SQUARES_PY_ENUM(squares::CellOrder, "CellOrder");
SQUARES_PY_ENUM(squares::Direction, "Direction");
SQUARES_PY_ENUM(squares::FillStatus, "FillStatus");
SQUARES_PY_ENUM(squares::Branching, "Branching");
SQUARES_PY_ENUM(squares::Viability, "Viability");
SQUARES_PY_ENUM(squares::DocumentFormat, "DocumentFormat");
SQUARES_PY_ENUM(squares::CellKind, "CellKind");
SQUARES_PY_ENUM(squares::KakuroVerdict, "KakuroVerdict");
SQUARES_PY_ENUM(squares::RegionsVerdict, "RegionsVerdict");

namespace squares::python {

namespace py = pybind11;

using Shard = std::optional<std::pair<int, int>>;

inline void SetShard(const Shard& shard, int* index, int* count) {
  if (shard) std::tie(*index, *count) = *shard;
}

// A path (str or os.PathLike) as a string; None when `value` is neither.
std::optional<std::string> PathOf(const py::handle& value);

// Python's repr of a value (a list's, a string's), for __repr__; str of an enum.
inline std::string Repr(const py::handle& value) { return py::repr(value).cast<std::string>(); }
inline std::string Str(const py::handle& value) { return py::str(value).cast<std::string>(); }

// An enum argument given as the enum or as a member's name in lower case ('lower', 'greedy').
template <class Enum>
Enum EnumArg(const py::handle& value, const char* name) {
  const py::handle type = EnumClass<Enum>();
  if (py::isinstance(value, type)) return value.cast<Enum>();
  const std::string given = py::isinstance<py::str>(value) ? value.cast<std::string>() : "";
  std::string choices;
  for (const auto [member_name, member] : type.attr("__members__").cast<py::dict>()) {
    const std::string lower = Str(member_name.attr("lower")());
    if (given == lower) return py::cast<Enum>(member);
    choices += (choices.empty() ? "'" : "' or '") + lower;
  }
  if (!py::isinstance<py::str>(value)) {
    throw py::type_error(std::string(name) + ": a " + Str(type.attr("__name__")) +
                         " or its name (" + choices + "')");
  }
  throw Error(ErrorKind::kUsage, std::string(name) + ": '" + given + "' is not " + choices + "'");
}

// A limit: at most this many (not negative).
template <class Limit>
void SetLimit(const std::optional<int64_t>& limit, std::optional<Limit>* option) {
  if (!limit) return;
  if (*limit < 0)
    throw Error(ErrorKind::kUsage, "limit: " + std::to_string(*limit) + " is negative");
  *option = static_cast<Limit>(*limit);
}

// Pickling as the given fields (each a type pybind11 converts), restored into a T{}.
template <class T, class... Fields>
void DefPickle(py::class_<T>& cls, Fields T::*... fields) {
  cls.def(py::pickle([fields...](const T& value) { return py::make_tuple(value.*fields...); },
                     [fields...](const py::tuple& state) {
                       if (state.size() != sizeof...(Fields)) throw py::value_error("a bad pickle");
                       T value{};
                       size_t i = 0;
                       ((value.*fields = state[i++].template cast<Fields>()), ...);
                       return value;
                     }));
}

template <class Iterator>
void DefIterator(py::class_<Iterator>& cls) {
  cls.def("__enter__", [](Iterator& it) -> Iterator& { return it; })
      .def("__exit__", [](Iterator& it, const py::args&) { it.Close(); })
      .def("close", &Iterator::Close, "Stops the search; the iteration ends.");
}

// A document format: a DocumentFormat, or its name as the command line gives it; and whether
// its documents are bytes (puz, pdf, submission).
DocumentFormat FormatArg(const py::object& format);
bool Binary(DocumentFormat format);

void DefCrossword(py::module_& m);  // before DefFill: Puzzle, its cells and info
void DefFill(py::module_& m, py::class_<Dictionary>& dictionary);
void DefPuzzles(py::module_& m, py::class_<Dictionary>& dictionary);

}  // namespace squares::python
