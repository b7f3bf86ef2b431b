// A random Kakuro board generator for tests and benchmarks: a random layout, a random digit
// assignment with no digit twice in a run, and the clues computed from it. The board has the
// stored solution it was made from; it need not be unique.
#pragma once

#include <cstdint>
#include <string>

namespace squares::core {

// A board in the `KAKURO name rows cols` format with a SOLUTION block, `whites` white cells
// exactly when that is reachable from the random layout (else as close below as it got).
// Same arguments, same board.
std::string GenerateKakuro(const std::string& name, int rows, int cols, int whites, uint64_t seed);

}  // namespace squares::core
