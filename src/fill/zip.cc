#include "fill/zip.h"

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "fill/inflate.h"
#include "fill/little_endian.h"

namespace squares::core {
namespace {

constexpr std::string_view kLocalHeader("PK\x03\x04", 4), kCentralHeader("PK\x01\x02", 4),
    kEndOfDirectory("PK\x05\x06", 4);
constexpr size_t kLocalHeaderBytes = 30, kCentralHeaderBytes = 46, kEndOfDirectoryBytes = 22;
constexpr size_t kMaxCommentBytes = 0xffff;  // the end record's comment, which may follow it

absl::Status Damaged(std::string_view what) {
  return absl::DataLossError(absl::StrFormat("a truncated or damaged ZIP archive: %s", what));
}

// The name of a compression method ZIP files use, for the message that refuses it.
std::string_view MethodName(uint16_t method) {
  switch (method) {
    case 1: return "shrink";
    case 6: return "implode";
    case 9: return "deflate64";
    case 12: return "bzip2";
    case 14: return "LZMA";
    case 93: return "Zstandard";
    case 95: return "xz";
    case 98: return "PPMd";
    case 99: return "AES encryption";
    default: return "unknown";
  }
}

}  // namespace

bool IsZip(std::string_view bytes) { return bytes.substr(0, 4) == kLocalHeader; }

absl::StatusOr<std::vector<ZipEntry>> ListZip(std::string_view archive) {
  if (archive.size() < kEndOfDirectoryBytes) {
    return Damaged(absl::StrFormat("%d bytes, fewer than any archive has", archive.size()));
  }
  // The end record is the last thing in the archive but its comment.
  size_t end = archive.size() - kEndOfDirectoryBytes;
  const size_t lowest = end > kMaxCommentBytes ? end - kMaxCommentBytes : 0;
  while (archive.substr(end, 4) != kEndOfDirectory ||
         end + kEndOfDirectoryBytes + LittleU16(archive, end + 20) > archive.size()) {
    if (end == lowest) return Damaged("no end of central directory record");
    --end;
  }
  const uint16_t disk = LittleU16(archive, end + 4), directory_disk = LittleU16(archive, end + 6);
  const uint16_t disk_entries = LittleU16(archive, end + 8), entries = LittleU16(archive, end + 10);
  const uint32_t directory_size = LittleU32(archive, end + 12),
                 directory = LittleU32(archive, end + 16);
  if (entries == 0xffff || directory_size == 0xffffffff || directory == 0xffffffff) {
    return absl::DataLossError("a ZIP64 archive: not read (no puzzle needs one)");
  }
  if (disk != 0 || directory_disk != 0 || disk_entries != entries) {
    return absl::DataLossError("a ZIP archive split over several disks: not read");
  }
  if (directory > end || directory_size > end - directory) {
    return Damaged("its central directory lies outside it");
  }
  std::vector<ZipEntry> list;
  size_t pos = directory;
  const size_t directory_end = directory + directory_size;
  for (int k = 0; k < entries; ++k) {
    if (directory_end - pos < kCentralHeaderBytes || archive.substr(pos, 4) != kCentralHeader) {
      return Damaged(
          absl::StrFormat("its central directory ends at entry %d of %d", k + 1, entries));
    }
    ZipEntry entry;
    entry.flags = LittleU16(archive, pos + 8);
    entry.method = LittleU16(archive, pos + 10);
    entry.crc = LittleU32(archive, pos + 16);
    entry.compressed_size = LittleU32(archive, pos + 20);
    entry.size = LittleU32(archive, pos + 24);
    const size_t name_bytes = LittleU16(archive, pos + 28);
    const size_t rest = name_bytes + LittleU16(archive, pos + 30) + LittleU16(archive, pos + 32);
    entry.header_offset = LittleU32(archive, pos + 42);
    if (directory_end - pos - kCentralHeaderBytes < rest) {
      return Damaged(
          absl::StrFormat("its central directory ends in entry %d of %d", k + 1, entries));
    }
    entry.name = std::string(archive.substr(pos + kCentralHeaderBytes, name_bytes));
    pos += kCentralHeaderBytes + rest;
    list.push_back(std::move(entry));
  }
  return list;
}

absl::StatusOr<std::string> ExtractZip(std::string_view archive, const ZipEntry& entry,
                                       size_t max_bytes) {
  if ((entry.flags & 1) != 0 || entry.method == 99) {
    return absl::DataLossError(absl::StrFormat("%s is encrypted: not read", entry.name));
  }
  if (entry.method != 0 && entry.method != 8) {
    return absl::DataLossError(absl::StrFormat(
        "%s is compressed by method %d (%s): not read; stored (0) and deflate (8) are", entry.name,
        entry.method, MethodName(entry.method)));
  }
  const size_t header = entry.header_offset;
  if (header > archive.size() || archive.size() - header < kLocalHeaderBytes ||
      archive.substr(header, 4) != kLocalHeader) {
    return Damaged(absl::StrFormat("no local header of %s where its directory says", entry.name));
  }
  const size_t data = header + kLocalHeaderBytes + LittleU16(archive, header + 26) +
                      LittleU16(archive, header + 28);
  if (data > archive.size() || archive.size() - data < entry.compressed_size) {
    return Damaged(absl::StrFormat("the data of %s runs past its end", entry.name));
  }
  if (entry.size > max_bytes) {
    return absl::DataLossError(absl::StrFormat("%s says it holds %d bytes, more than the %d read",
                                               entry.name, entry.size, max_bytes));
  }
  const std::string_view compressed = archive.substr(data, entry.compressed_size);
  std::string bytes;
  if (entry.method == 0) {
    bytes = std::string(compressed);
  } else {
    absl::StatusOr<std::string> inflated = Inflate(compressed, max_bytes);
    if (absl::IsResourceExhausted(inflated.status())) {
      return absl::DataLossError(absl::StrFormat(
          "%s decompresses to more than %d bytes, though it says %d (a decompression bomb?)",
          entry.name, max_bytes, entry.size));
    }
    if (!inflated.ok()) {
      return Damaged(
          absl::StrFormat("%s: %s", entry.name, std::string(inflated.status().message())));
    }
    bytes = *std::move(inflated);
  }
  if (bytes.size() != entry.size) {
    return Damaged(absl::StrFormat("%s holds %d bytes, though it says %d", entry.name, bytes.size(),
                                   entry.size));
  }
  if (const uint32_t crc = Crc32(bytes); crc != entry.crc) {
    return Damaged(absl::StrFormat("%s fails its CRC-32 check (%08x, though it says %08x)",
                                   entry.name, crc, entry.crc));
  }
  return bytes;
}

}  // namespace squares::core
