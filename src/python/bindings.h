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
#include <vector>

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
SQUARES_PY_ENUM(squares::Verdict, "Verdict");

// What a fill left out for the breakfast test (FillResult::left_out, GridProof::left_out) as
// Python has it: (tier, word), the tier by name ('none', 'vulgar', 'slurs').
template <>
struct pybind11::detail::type_caster<squares::FillResult::LeftOut> {
  PYBIND11_TYPE_CASTER(squares::FillResult::LeftOut, const_name("tuple[str, str]"));
  bool load(handle source, bool) {
    if (!isinstance<tuple>(source) || len(source) != 2) return false;
    const auto pair = reinterpret_borrow<tuple>(source);
    if (!isinstance<str>(pair[0]) || !isinstance<str>(pair[1])) return false;
    value.tier = squares::AllowOffensiveNamed(pair[0].cast<std::string>());
    value.word = pair[1].cast<std::string>();
    return true;
  }
  static handle cast(const squares::FillResult::LeftOut& left_out, return_value_policy, handle) {
    return pybind11::make_tuple(std::string(squares::AllowOffensiveName(left_out.tier)),
                                left_out.word)
        .release();
  }
};

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

// Defines the function NAME(leading..., format=FORMAT, *, fill_in=False, ..., warnings=None)
// that writes a document with write(leading..., options), the DocumentOptions its keywords
// give: a str, or bytes for the binary formats. Leading: the C++ types of the parameters
// before `format` (`leading`, their py::arg). The document is written with the GIL released
// (pdf runs lualatex), then `warnings` is called with each of its warnings.
template <class... Leading, class Write, class... LeadingArgs>
void DefDocumentFunction(py::module_& m, const char* name, Write write, const char* format,
                         const char* doc, LeadingArgs... leading) {
  m.def(
      name,
      [write](Leading... values, const py::object& format, bool fill_in, bool solution,
              std::string title, std::string author, std::string editor, std::string copyright,
              std::string publisher, std::vector<Clue> clues, bool ipuz_clue_arrays,
              std::string notes, std::string date, std::string paper, std::string name,
              std::string address, std::string email, const py::object& warnings) -> py::object {
        DocumentOptions options;
        options.format = FormatArg(format);
        options.fill_in = fill_in;
        options.solution = solution;
        options.title = std::move(title), options.author = std::move(author);
        options.editor = std::move(editor), options.copyright = std::move(copyright);
        options.publisher = std::move(publisher);
        options.clues = std::move(clues);
        options.ipuz_clue_arrays = ipuz_clue_arrays;
        options.notes = std::move(notes), options.date = std::move(date);
        options.paper = std::move(paper);
        options.name = std::move(name), options.address = std::move(address);
        options.email = std::move(email);
        std::vector<std::string> warned;
        if (!warnings.is_none()) options.warnings = &warned;
        const std::string document = write(values..., options);
        for (const std::string& warning : warned) warnings(warning);
        if (Binary(options.format)) return py::bytes(document);
        return py::str(document);
      },
      leading..., py::arg("format") = format, py::kw_only(), py::arg("fill_in") = false,
      py::arg("solution") = false, py::arg("title") = "", py::arg("author") = "",
      py::arg("editor") = "", py::arg("copyright") = "", py::arg("publisher") = "",
      py::arg("clues") = std::vector<Clue>(), py::arg("ipuz_clue_arrays") = true,
      py::arg("notes") = "", py::arg("date") = "", py::arg("paper") = "a4", py::arg("name") = "",
      py::arg("address") = "", py::arg("email") = "", py::arg("warnings") = py::none(), doc);
}

void DefCrossword(py::module_& m);  // before DefFill: Puzzle, its cells and info
void DefFill(py::module_& m, py::class_<Dictionary>& dictionary);
void DefPuzzles(py::module_& m, py::class_<Dictionary>& dictionary);

}  // namespace squares::python
