// The level loop (square_loop.h) for counting, letters in 32-bit masks.
#include "search/square_loop.h"

namespace squares::core {

template SquareStats SquareSearch::RunWalkers<uint32_t, true>(const SquareTask&, int, SquareSink*,
                                                              std::vector<SquareTask>*,
                                                              const std::atomic<bool>*, Tie) const;

}  // namespace squares::core
