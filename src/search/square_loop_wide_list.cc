// The level loop (square_loop.h) for listing (and splitting into tasks), alphabets of more
// than 32 letters (64-bit masks).
#include "search/square_loop.h"

namespace squares::core {

template SquareStats SquareSearch::RunWalkers<uint64_t, false>(const SquareTask&, int, SquareSink*,
                                                               std::vector<SquareTask>*,
                                                               const std::atomic<bool>*, Tie) const;

}  // namespace squares::core
