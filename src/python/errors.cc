#include "python/errors.h"

#include <cstring>
#include <string>
#include <utility>

namespace squares::python {
namespace {

// Created once, alive as long as the process.
py::handle usage_error, data_error, file_error, file_not_found, file_access_error;

py::handle NewException(const char* name, const char* doc, const py::object& bases,
                        const py::dict& members = py::dict()) {
  PyObject* type = PyErr_NewExceptionWithDoc(name, doc, bases.ptr(), members.ptr());
  if (!type) throw py::error_already_set();
  return type;
}

py::object OrNone(int value) {
  return value ? py::object(py::int_(value)) : py::object(py::none());
}

}  // namespace

void RaiseError(const Error& error) {
  py::handle type = error.usage() ? usage_error : data_error;
  py::object exception;
  if (const int number = error.error_number()) {
    const std::string& path = error.source();
    type = error.file_error() == FileError::kNotFound     ? file_not_found
           : error.file_error() == FileError::kPermission ? file_access_error
                                                          : file_error;
    exception = type(number, std::strerror(number), path);
    exception.attr("errno") = number;  // ValueError's constructor, first in the MRO, sets none
    exception.attr("strerror") = std::strerror(number);
    exception.attr("filename") = path;
    exception.attr("source") = path;
  } else {
    exception = type(error.what());
    exception.attr("source") = error.source().empty() ? py::object(py::none())
                                                      : py::str(error.source());
  }
  exception.attr("line") = OrNone(error.line());
  exception.attr("column") = OrNone(error.column());
  PyErr_SetObject(type.ptr(), exception.ptr());
}

void DefErrors(py::module_& m) {
  const py::handle error = NewException(
      "squares.Error",
      "An error of the squares library: source, line and column name where, when known.",
      py::reinterpret_borrow<py::object>(PyExc_ValueError));
  for (const char* name : {"source", "line", "column"}) error.attr(name) = py::none();
  const auto borrow = [](PyObject* type) { return py::reinterpret_borrow<py::object>(type); };
  usage_error = NewException("squares.UsageError", "A bad option or value.", borrow(error.ptr()));
  data_error = NewException(
      "squares.DataError",
      "A bad word list, grid, board, puzzle or shape, or a word not in the dictionary.",
      borrow(error.ptr()));
  file_error = NewException(
      "squares.FileError",
      "A file that could not be read or written: an OSError (errno, strerror, filename) too; "
      "source is its path.",
      py::make_tuple(data_error, borrow(PyExc_OSError)),
      py::dict(py::arg("__str__") = borrow(PyExc_OSError).attr("__str__")));  // not ValueError's
  file_not_found = NewException("squares.FileNotFound",
                                "A file that does not exist (a FileNotFoundError too).",
                                py::make_tuple(file_error, borrow(PyExc_FileNotFoundError)));
  file_access_error = NewException("squares.FileAccessError",
                                   "A file not allowed (a PermissionError too).",
                                   py::make_tuple(file_error, borrow(PyExc_PermissionError)));
  m.attr("Error") = error;
  m.attr("UsageError") = usage_error;
  m.attr("DataError") = data_error;
  m.attr("FileError") = file_error;
  m.attr("FileNotFound") = file_not_found;
  m.attr("FileAccessError") = file_access_error;
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const Error& e) {
      RaiseError(e);
    }
  });
}

}  // namespace squares::python
