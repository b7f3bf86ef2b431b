// The module's exceptions: squares.Error (a ValueError) with UsageError and DataError under it,
// and for a file that could not be read or written, FileError (a DataError and an OSError),
// with FileNotFound (also a FileNotFoundError) and FileAccessError (also a PermissionError)
// under it. Every one carries source, line and column (None when the message names none).
#pragma once

#include <pybind11/pybind11.h>

#include <exception>

#include "squares/error.h"

namespace squares::python {

namespace py = pybind11;

// Creates the exception classes in `m` and translates squares::Error to them.
void DefErrors(py::module_& m);

// Sets the Python error for `error`.
void RaiseError(const Error& error);

// call() (which returns a new reference or null with an error set) for a C slot: a C++
// exception becomes the Python error pybind11 would raise for it.
template <class Call>
PyObject* Translated(Call call) {
  try {
    return call();
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (const Error& e) {
    RaiseError(e);
  } catch (py::builtin_exception& e) {
    e.set_error();
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
  return nullptr;
}

}  // namespace squares::python
