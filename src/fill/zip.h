// Reading ZIP archives (PKWARE's APPNOTE): the central directory's entries, and an entry's
// bytes, stored or deflated (inflate.h), checked against its CRC-32 and bounded in size.
// Enough for a zipped puzzle file (Crossword Compiler's .jpz); no ZIP64, no archives split
// over disks, no encryption, no other compression: each refused by name. Errors are data
// errors whose message says what is wrong with the archive or the entry, naming no file:
// the caller names it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace squares::core {

// Whether the bytes begin as a ZIP archive does (a local file header, "PK\3\4").
bool IsZip(std::string_view bytes);

// An entry of the central directory.
struct ZipEntry {
  std::string name;
  uint16_t flags = 0;   // bit 0: encrypted
  uint16_t method = 0;  // 0 stored, 8 deflate; others not read
  uint32_t crc = 0, compressed_size = 0, size = 0;
  uint32_t header_offset = 0;  // of its local file header

  bool directory() const { return !name.empty() && name.back() == '/'; }
};

// The archive's entries, as its central directory lists them. An archive without an end of
// central directory record, or whose directory lies outside it, is refused as truncated or
// damaged.
absl::StatusOr<std::vector<ZipEntry>> ListZip(std::string_view archive);

// The bytes of `entry` (one of ListZip(archive)'s). Refused: an encrypted entry, a method
// other than stored and deflate, data past the archive's end, broken DEFLATE data, a size or
// CRC-32 other than the directory says, and more than `max_bytes` (said or found while
// inflating: a decompression bomb costs no more than the limit).
absl::StatusOr<std::string> ExtractZip(std::string_view archive, const ZipEntry& entry,
                                       size_t max_bytes);

}  // namespace squares::core
