// The double closing count (double_closing.h): where it stands for the last two rows.
#include "search/double_closing.h"

namespace squares::core {

// A double square or a rectangle, counted without filters: at the start of its second last
// row every column's state is 2 letters short of a word, and the results below are the pairs
// of row words (r, t) such that r[c] lies in column c's mask and t[c] in that of its child by
// r[c] (and in the cells' letters). They are counted by walking r and t together (see
// loop_double_closing.h), not by searching r and counting t's for each. A tie (see
// WalkPlan::BuildTie) with a pair in the last two rows applies it only once a pair above them
// differs; until then the search goes on. It pays where the columns have kMinRows letters or
// more: at least 3 of them placed leave each column few ways to end, and the pairs of row
// words that fit are few. With 2 placed, the pairs are many more than the words of the second
// last row the search walks, for each of which the last row's sieve (see Sieve) counts the
// words left by a popcount.
DoubleClosing DoubleClosing::Build(const WalkPlan& plan, int rows, int cols, bool off) {
  DoubleClosing closing;
  if (off || plan.empty || rows < kMinRows || plan.count() != rows * cols) return closing;
  const int word_count = plan.word_count;
  const int a = (rows - 2) * cols;
  std::vector<uint16_t> slots(cols);
  for (int k = 0; k < 2 * cols; ++k) {
    const Level& level = plan.levels[a + k];
    const int row = rows - 2 + k / cols, c = k % cols;
    if (level.cell != row * cols + c || level.echo_of >= 0 || level.walker_count != 2)
      return closing;
    for (int w = 0; w < 2; ++w) {
      const uint16_t slot = level.walkers[w].before;
      if (slot % word_count == row && slot / word_count != c)
        return closing;  // the row's own walker
      if (slot % word_count == rows + c) {
        if (slot / word_count != row) return closing;
        if (k < cols) slots[c] = slot;
      }
    }
  }
  closing.level = a;
  closing.slots = std::move(slots);
  closing.roots = {plan.word_root[rows - 2], plan.word_root[rows - 1]};
  closing.ties = plan.TiesBefore(a);
  return closing;
}

}  // namespace squares::core
