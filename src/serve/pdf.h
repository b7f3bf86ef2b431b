// PDF downloads: a LaTeX document (FormatFill's) run through pdflatex, when the machine has it.
#pragma once

#include <string>

#include "squares/error.h"

namespace squares::serve {

// The pdflatex on PATH, or "" when there is none (the server then offers no PDF).
std::string FindPdflatex();

// The PDF of `latex`, made by `pdflatex` in a temporary folder (no shell escape, no file read
// or written outside it and TeX's own trees, stopping at the first error); it is killed after
// `seconds` or when `stop` is set. Throws std::runtime_error
// with the end of pdflatex's log when it fails.
std::string LatexToPdf(const std::string& pdflatex, const std::string& latex,
                       const StopFlag& stop, double seconds = 60);

}  // namespace squares::serve
