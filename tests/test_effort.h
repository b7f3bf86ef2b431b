// Random trials of the heaviest test cases: all of them in the release suite, a fifth under
// AddressSanitizer (scripts/sanitize.sh, about 10x slower), which looks for memory errors
// rather than for more inputs: the same code paths, fewer of the same loops.
#pragma once

#ifdef SQUARES_SANITIZED  // tests/meson.build, in sanitizer builds
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

// The number of trials to run of `trials`.
inline constexpr int Trials(int trials) { return kSanitized ? (trials + 4) / 5 : trials; }
