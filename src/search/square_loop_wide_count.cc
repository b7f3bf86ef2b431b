// The level loop (square_loop.h) for counting, alphabets of more than 32 letters (64-bit masks).
#include "search/square_loop.h"

namespace squares::core {

template SquareStats SquareSearch::RunWalkers<uint64_t, true>(const SquareTask&, int, SquareSink*,
                                                              std::vector<SquareTask>*,
                                                              const std::atomic<bool>*, Tie) const;

}  // namespace squares::core
