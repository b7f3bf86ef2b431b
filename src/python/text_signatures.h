// pybind11 documents a function as "name(self: T, size: Optional[int] = None, ...) -> int\n\n
// doc", which help() shows but inspect.signature cannot read. Rewritten as CPython documents
// its own builtins, "name(self, size=None, ...)\n--\n\ndoc", both read it: the names and
// defaults are those of the py::arg declarations, written once. (Not "$self": pybind11's
// functions are bound to their record, so inspect would drop a "$self" even from a method
// accessed on its class, and then one more parameter from a bound method.)
#pragma once

#include <pybind11/pybind11.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace squares::python {

namespace py = pybind11;

// Splits `text` at the commas outside brackets and quotes.
inline std::vector<std::string> SplitTopLevel(const std::string& text) {
  std::vector<std::string> parts(1);
  int depth = 0;
  char quote = 0;
  for (const char c : text) {
    if (quote) {
      quote = c == quote ? 0 : quote;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '(' || c == '[' || c == '{') {
      ++depth;
    } else if (c == ')' || c == ']' || c == '}') {
      --depth;
    } else if (c == ',' && depth == 0) {
      parts.emplace_back();
      continue;
    }
    parts.back() += c;
  }
  return parts;
}

inline std::string Trim(const std::string& text) {
  const size_t begin = text.find_first_not_of(' ');
  return begin == std::string::npos ? ""
                                    : text.substr(begin, text.find_last_not_of(' ') - begin + 1);
}

// "name(a: T = d, ...) -> R\n\ndoc" as "name(a=d, ...)\n--\n\ndoc"; "" when `doc` is not one
// signature (an overloaded function's).
inline std::string TextSignatureDoc(const std::string& name, const std::string& doc) {
  if (doc.compare(0, name.size() + 1, name + "(") != 0) return "";
  int depth = 0;
  size_t close = name.size();
  for (; close < doc.size(); ++close) {
    if (doc[close] == '(' || doc[close] == '[') ++depth;
    if ((doc[close] == ')' || doc[close] == ']') && --depth == 0) break;
  }
  if (close == doc.size()) return "";
  std::string out = name + "(";
  const std::vector<std::string> params =
      SplitTopLevel(doc.substr(name.size() + 1, close - name.size() - 1));
  for (size_t i = 0; i < params.size(); ++i) {
    const std::string param = Trim(params[i]);
    const size_t colon = param.find(':');
    const size_t equals = param.find(" = ");
    std::string text = Trim(param.substr(0, std::min(colon, equals)));
    if (equals != std::string::npos) text += "=" + param.substr(equals + 3);
    out += (i ? ", " : "") + text;
  }
  out += ")\n--\n\n";
  const size_t body = doc.find_first_not_of('\n', std::min(doc.find('\n', close), doc.size()));
  if (body != std::string::npos) out += doc.substr(body);
  return out;
}

// Rewrites the documentation of `function` (a pybind11 function) in place, as pybind11 itself
// writes it (the PyMethodDef's ml_doc, allocated with strdup).
inline void AddTextSignature(const py::handle& function) {
  if (!PyCFunction_Check(function.ptr())) return;
  PyMethodDef* def = reinterpret_cast<PyCFunctionObject*>(function.ptr())->m_ml;
  if (!def->ml_doc) return;
  const std::string doc = TextSignatureDoc(def->ml_name, def->ml_doc);
  if (doc.empty()) return;
  std::free(const_cast<char*>(def->ml_doc));
  def->ml_doc = strdup(doc.c_str());
}

// Every function of module `m`, and every method and static method of its classes.
inline void AddTextSignatures(const py::module_& m) {
  const py::handle instance_method = reinterpret_cast<PyObject*>(&PyInstanceMethod_Type);
  for (const auto item : m.attr("__dict__").cast<py::dict>()) {
    const py::handle value = item.second;
    if (!py::isinstance<py::type>(value)) {
      AddTextSignature(value);
      continue;
    }
    for (const auto member : value.attr("__dict__").cast<py::dict>()) {
      const py::handle attribute = member.second;
      if (py::isinstance(attribute, instance_method) ||
          py::isinstance<py::staticmethod>(attribute)) {
        AddTextSignature(attribute.attr("__func__"));
      }
    }
  }
}

}  // namespace squares::python
