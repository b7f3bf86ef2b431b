// DEFLATE (RFC 1951) decoding and CRC-32, for the ZIP archives of zipped puzzle files
// (zip.h). Our own, as the library depends on nothing that has them; plain and bounded rather
// than fast: a puzzle is a few megabytes at most.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace squares::core {

// The bytes of a raw DEFLATE stream (no zlib or gzip header), which ends with its last
// block; bytes after it are ignored. An output past `max_bytes` is refused as soon as it
// passes the limit, so that a small hostile stream (a decompression bomb) costs neither time
// nor memory. Errors are data errors whose message says what is wrong ("a distance of 40000
// bytes reaches before the start of the output"), naming no file: the caller names it.
absl::StatusOr<std::string> Inflate(std::string_view deflated, size_t max_bytes);

// The CRC-32 (ISO 3309, as ZIP and gzip use it) of `bytes`.
uint32_t Crc32(std::string_view bytes);

}  // namespace squares::core
