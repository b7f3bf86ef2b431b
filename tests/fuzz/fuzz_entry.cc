// The libFuzzer entry point of one fuzz target: the body SQUARES_FUZZ_BODY names (set per
// target by meson.build).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  squares::core::fuzz::SQUARES_FUZZ_BODY(
      std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
