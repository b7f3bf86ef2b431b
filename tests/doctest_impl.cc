// doctest's implementation, compiled once and linked into every test program (defined in each
// test file, it cost 6 s of compiling per file, 13 s under the sanitizers).
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>
