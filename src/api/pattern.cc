// The API's block patterns, on fill/block_pattern.h.
#include <cmath>

#include "absl/strings/str_format.h"
#include "api/api_internal.h"
#include "api/grid_internal.h"
#include "fill/block_pattern.h"
#include "squares/pattern.h"

namespace squares {

static_assert(kMaxPatternSide == core::kMaxPatternSide);

std::vector<std::string> MakePattern(const PatternOptions& options) {
  if (options.rows < core::kMinPatternEntry || options.cols < core::kMinPatternEntry ||
      options.rows > kMaxPatternSide || options.cols > kMaxPatternSide) {
    api::ThrowUsage(absl::StrFormat("a pattern has %d to %d rows and columns, not %dx%d",
                                    core::kMinPatternEntry, kMaxPatternSide, options.rows,
                                    options.cols));
  }
  if (!(options.density >= 0 && options.density <= 0.4)) {
    api::ThrowUsage(absl::StrFormat("the block density is 0 to 0.4, not %g", options.density));
  }
  const int blocks = static_cast<int>(std::lround(options.density * options.rows * options.cols));
  return api::Value(core::RandomPattern(options.rows, options.cols, blocks, options.seed))
      .text_rows();
}

PatternCheck CheckPattern(const Grid& grid) {
  const core::Grid& cells = api::ImplOf(grid).grid;
  core::BlockPattern pattern{cells.rows, cells.cols,
                             std::vector<uint8_t>(cells.black.begin(), cells.black.end())};
  PatternCheck check;
  check.problems = core::PatternProblems(pattern);
  check.legal = check.problems.empty();
  return check;
}

}  // namespace squares
