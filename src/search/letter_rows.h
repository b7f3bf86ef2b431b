// The letter rows (see LetterRows): per state of the walk's automata, the mask of its child
// by each letter, so that a level's letters are tested against their children at once.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

// The level loop's AVX-512 build (see LoopIsa): GCC on x86-64 only, as the loop's clones.
#if defined(__x86_64__) && !defined(__clang__)
#define SQUARES_LOOP_AVX512 1
#else
#define SQUARES_LOOP_AVX512 0
#endif

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if SQUARES_LOOP_AVX512
#include <immintrin.h>
#endif

#include "search/search_tables.h"
#include "search/walk.h"

namespace squares::core {

// A state's row: child[x] is the mask of its child by letter x (0: no such child).
struct alignas(64) LetterRow {
  std::array<uint32_t, 32> child;
};

// The rows of every state the walkers reach, each at the state's child group `first` (as
// the look-ahead's reach table), for masks of 32 letters. A loop over a level's letters that
// loads each one's child branches on every letter, unpredictably; a row answers for all of
// them with a few vector operations (see Allowing). The look-ahead's lift and the tail count
// read them.
struct LetterRows {
  // Past this size none: the loops take a letter at a time.
  static constexpr size_t kMaxBytes = size_t{128} << 20;
  std::vector<LetterRow> rows;

  size_t bytes() const { return rows.size() * sizeof(LetterRow); }
  // The rows of `plan`'s automata from its words' roots, kept in `tables` under `key` (null:
  // built for this search); null where the masks are wide or the rows would pass kMaxBytes.
  static std::shared_ptr<const LetterRows> Get(const WalkPlan& plan, const SearchTables::Key& key,
                                               SearchTables* tables);
};

// The instruction set a level loop is built for: kAvx512 only in the files built for it
// (square_loop_avx512.cc, GCC on x86-64), which the search runs where the CPU has it (see
// SquareSearch::loop_isa).
enum class LoopIsa { kBase, kAvx512 };

#if SQUARES_LOOP_AVX512
// Allowing (below) by AVX-512: sixteen lanes at a time, each lane's test a bit of a mask
// register. Inlined only into the loop's AVX-512 build (its functions carry the target too).
__attribute__((always_inline, target("avx512f"))) inline uint32_t AllowingAvx512(
    const LetterRow& row, uint32_t other) {
  const __m512i with = _mm512_set1_epi32(static_cast<int>(other));
  const __mmask16 low = _mm512_test_epi32_mask(_mm512_load_si512(row.child.data()), with);
  const __mmask16 high = _mm512_test_epi32_mask(_mm512_load_si512(row.child.data() + 16), with);
  return static_cast<uint32_t>(low) | static_cast<uint32_t>(high) << 16;
}
#endif

// The letters x whose child in `row` allows some letter of `other`: four lanes at a time,
// the lanes' results packed to bytes and read as one mask. Inlined by force, as the level
// loop's parts are (its clones inline nothing else, see loop_walk.h).
__attribute__((always_inline)) inline uint32_t Allowing(const LetterRow& row, uint32_t other) {
#if defined(__SSE2__)
  const __m128i* lanes = reinterpret_cast<const __m128i*>(row.child.data());
  const __m128i with = _mm_set1_epi32(static_cast<int>(other));
  const __m128i zero = _mm_setzero_si128();
  auto refused = [&](int k) __attribute__((always_inline)) {
    return _mm_cmpeq_epi32(_mm_and_si128(_mm_load_si128(lanes + k), with), zero);
  };
  const __m128i low = _mm_packs_epi16(_mm_packs_epi32(refused(0), refused(1)),
                                      _mm_packs_epi32(refused(2), refused(3)));
  const __m128i high = _mm_packs_epi16(_mm_packs_epi32(refused(4), refused(5)),
                                       _mm_packs_epi32(refused(6), refused(7)));
  return ~(static_cast<uint32_t>(_mm_movemask_epi8(low)) |
           static_cast<uint32_t>(_mm_movemask_epi8(high)) << 16);
#else
  uint32_t allowing = 0;
  for (int x = 0; x < 32; ++x) allowing |= uint32_t{(row.child[x] & other) != 0} << x;
  return allowing;
#endif
}

}  // namespace squares::core
