// The library's enums as Python enum.Enum classes, not pybind11's enum type: a result's field
// is the very member (`status is FillStatus.FILLED`), members pickle by name, and they are
// what `enum` tools and type checkers expect. Each enum's caster converts between its C++
// values and the members (SQUARES_PY_ENUM below, for every enum the module uses).
#pragma once

#include <pybind11/pybind11.h>

#include <initializer_list>
#include <string>
#include <utility>

namespace squares::python {

namespace py = pybind11;

// The Python class of `Enum`, made by DefEnum at import (null before), alive as long as the
// process.
template <class Enum>
inline PyObject* enum_class = nullptr;

// Makes the enum.Enum class `name` of module `m` with these members (their values the C++
// ones).
template <class Enum>
void DefEnum(py::module_& m, const char* name, const char* doc,
             std::initializer_list<std::pair<const char*, Enum>> members) {
  py::list items;
  for (const auto& [member, value] : members) items.append(py::make_tuple(member, int(value)));
  py::object cls =
      py::module_::import("enum").attr("Enum")(name, items, py::arg("module") = m.attr("__name__"));
  cls.attr("__doc__") = doc;
  m.attr(name) = cls;
  enum_class<Enum> = cls.release().ptr();
}

// The class of `Enum`, as a handle.
template <class Enum>
py::handle EnumClass() {
  if (!enum_class<Enum>) throw py::type_error("an enum of the squares module used before import");
  return enum_class<Enum>;
}

}  // namespace squares::python

namespace pybind11::detail {

// The caster of an enum made by DefEnum.
template <class Enum>
struct squares_enum_caster {
  bool load(handle source, bool) {
    PyObject* cls = squares::python::enum_class<Enum>;
    if (!cls || !isinstance(source, reinterpret_borrow<object>(cls))) return false;
    value = static_cast<Enum>(source.attr("value").cast<int>());
    return true;
  }
  static handle cast(Enum member, return_value_policy, handle) {
    return squares::python::EnumClass<Enum>()(static_cast<int>(member)).release();
  }
  Enum value{};
};

}  // namespace pybind11::detail

// Declares the caster of `Enum`, named NAME in signatures (a string literal).
#define SQUARES_PY_ENUM(Enum, NAME)                                        \
  template <>                                                              \
  struct pybind11::detail::type_caster<Enum> : squares_enum_caster<Enum> { \
    static constexpr auto name = const_name(NAME);                         \
    template <typename T_>                                                 \
    using cast_op_type = pybind11::detail::movable_cast_op_type<T_>;       \
    operator Enum*() { return &value; }                                    \
    operator Enum&() { return value; }                                     \
    operator Enum&&() && { return std::move(value); }                      \
  }
