// What the document writers of a fill share (internal to src/fill).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "fill/fill_output.h"

namespace squares::core {

std::string SlotWord(const GridSlot& slot, const std::vector<std::string>& letters);

// Words grouped by length (in letters), each group sorted, as printed fill-ins show them.
std::map<int, std::vector<std::string>> WordsByLength(const Grid& grid,
                                                      const std::vector<std::string>& letters);

// Each slot's clue as a document shows it: the clue, or the placeholder.
std::vector<std::string> ShownClues(const Grid& grid, const std::vector<std::string>& letters,
                                    const FillOutputOptions& options);

// A LaTeX (cwpuzzle) page: title, grid, clue lists; the solution on a page of its own.
void AppendLatex(const Grid& grid, const std::vector<std::string>& letters,
                 const FillOutputOptions& options, std::string& out);
// The PDF of a LaTeX document, made by pdflatex in a temporary folder.
absl::StatusOr<std::string> LatexToPdf(std::string_view latex);

// An Across Lite .puz file (version 1.3, checksummed).
absl::Status AppendPuz(const Grid& grid, const std::vector<std::string>& letters,
                       const FillOutputOptions& options, std::string& out);

}  // namespace squares::core
