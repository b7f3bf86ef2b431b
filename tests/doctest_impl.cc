// doctest's implementation, compiled once and linked into every test program: defined in each
// test file, it was compiled again for every one of them.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>
