// PDF downloads: a LaTeX document (FormatFill's) run through lualatex, when the machine has it.
#pragma once

#include <stdexcept>
#include <string>

#include "squares/error.h"

namespace squares::serve {

// The lualatex on PATH (the documents' engine, which typesets any letter and any text), or ""
// when there is none (the server then offers no PDF).
std::string FindPdflatex();

// What LatexToPdf throws when `stop` ended it: the client left, or the server stops.
class Stopped : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The PDF of `latex`, made by `lualatex` in a temporary folder (no shell escape, no file read
// or written outside it and TeX's own trees, stopping at the first error); it is killed after
// `seconds` or when `stop` is set (Stopped). Throws std::runtime_error when it fails, with a message
// that holds nothing of TeX's log (which names the server's paths): the log's first error
// line goes to the server's stderr.
std::string LatexToPdf(const std::string& lualatex, const std::string& latex, const StopFlag& stop,
                       double seconds = 60);

}  // namespace squares::serve
