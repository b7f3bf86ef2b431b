// The level loop (square_loop.h) for counting and listing, letters in 32-bit masks, built for
// AVX-512 (x86-64-v4): the letter rows tested sixteen letters to an instruction (see
// Allowing). The search runs it on a CPU that has it (see SquareSearch::loop_isa). Only the
// loop's own headers are compiled for that target, under the pragma: the library's other
// headers and the standard library's are included first, so that no function the rest of
// the library shares (an inline function, a template's instance) is built for it.
#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "search/counting.h"
#include "search/double_closing.h"
#include "search/letter_rows.h"
#include "search/listing.h"
#include "search/look_ahead.h"
#include "search/row_from_end.h"
#include "search/row_sieve.h"
#include "search/sibling_memo.h"
#include "search/sieve.h"
#include "search/square_memo.h"
#include "search/square_search.h"
#include "search/tail.h"
#include "search/walk.h"

#if SQUARES_LOOP_AVX512
#define SQUARES_LOOP_AVX512_BUILD
#pragma GCC push_options
#pragma GCC target("arch=x86-64-v4")
#include "search/square_loop.h"

namespace squares::core {

extern template SquareStats SquareSearch::RunWalkers<uint32_t, true, LoopIsa::kBase>(
    const SquareTask&, int, SquareSink*, std::vector<SquareTask>*, const std::atomic<bool>*,
    Tie) const;
extern template SquareStats SquareSearch::RunWalkers<uint32_t, false, LoopIsa::kBase>(
    const SquareTask&, int, SquareSink*, std::vector<SquareTask>*, const std::atomic<bool>*,
    Tie) const;
template SquareStats SquareSearch::RunWalkers<uint32_t, true, LoopIsa::kAvx512>(
    const SquareTask&, int, SquareSink*, std::vector<SquareTask>*, const std::atomic<bool>*,
    Tie) const;
template SquareStats SquareSearch::RunWalkers<uint32_t, false, LoopIsa::kAvx512>(
    const SquareTask&, int, SquareSink*, std::vector<SquareTask>*, const std::atomic<bool>*,
    Tie) const;

}  // namespace squares::core

#pragma GCC pop_options
#endif
