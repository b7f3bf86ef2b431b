// Little-endian integers in a byte string, as .puz files and ZIP archives store them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace squares::core {

// The integer at `pos`, which the caller has checked lies inside `bytes`.
inline uint16_t LittleU16(std::string_view bytes, size_t pos) {
  return static_cast<uint16_t>(static_cast<uint8_t>(bytes[pos]) |
                               static_cast<uint8_t>(bytes[pos + 1]) << 8);
}
inline uint32_t LittleU32(std::string_view bytes, size_t pos) {
  return LittleU16(bytes, pos) | static_cast<uint32_t>(LittleU16(bytes, pos + 2)) << 16;
}

}  // namespace squares::core
