// ZIP archives and raw DEFLATE streams (zip.h, inflate.h), below the puzzle readers so that
// the fuzzer's time goes to them: any bytes are listed, each entry extracted within a small
// limit (refused, or exactly the size and CRC-32 the directory says), and inflated as a raw
// stream (refused, or within the limit).
#include "fill/inflate.h"
#include "fill/zip.h"
#include "fuzz_targets.h"

namespace squares::core::fuzz {

void FuzzZip(std::string_view data) {
  constexpr size_t kLimit = size_t{1} << 20;
  if (absl::StatusOr<std::vector<ZipEntry>> entries = ListZip(data); entries.ok()) {
    for (const ZipEntry& entry : *entries) {
      absl::StatusOr<std::string> bytes = ExtractZip(data, entry, kLimit);
      if (!bytes.ok()) continue;
      FUZZ_CHECK(bytes->size() == entry.size && bytes->size() <= kLimit);
      FUZZ_CHECK(Crc32(*bytes) == entry.crc);
    }
  }
  absl::StatusOr<std::string> inflated = Inflate(data, kLimit);
  FUZZ_CHECK(!inflated.ok() || inflated->size() <= kLimit);
}

}  // namespace squares::core::fuzz
