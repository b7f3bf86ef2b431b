// Random trials of the heaviest test cases: all of them in the release suite, a fifth under
// AddressSanitizer (scripts/sanitize.sh, about 10x slower), which looks for memory errors
// rather than for more inputs: the same code paths, fewer of the same loops.
#pragma once

#include <time.h>

#ifdef SQUARES_SANITIZED  // tests/meson.build, in sanitizer builds
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

// The number of trials to run of `trials`.
inline constexpr int Trials(int trials) { return kSanitized ? (trials + 4) / 5 : trials; }

// The CPU seconds this process has used, all threads: what a stop's latency is measured in, so
// that a machine busy with other work (the search waiting for a core) does not count.
inline double ProcessCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}
