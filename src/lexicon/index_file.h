// Index files: a lexicon and the automata of every length saved by `squares index`, loaded
// by --dict without parsing or building anything.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "lexicon/dawg.h"

namespace squares::core {

// Layout (native byte order, sections padded to 8 bytes):
//   header  (IndexHeader below)
//   payload u32 alphabet size, u32 0, u32 code points[size] (padded);
//           then for each length L = 1..64:
//             u64 words, u64 entries, u64 states,
//             u8 letters[words * L] (padded), i64 scores[words],
//             entries[entries] ({u32 mask, u32 first}, or {u64 mask, u32 first, u32 0} for
//             alphabets over 32 letters), u32 rank offsets[entries] (padded).
// A length without words has 0 entries. Loading checks the header, both hashes, then every
// count and index against the bytes that are there (Lexicon::FromParts, Dawg::FromParts),
// so a hostile file is refused with an error and never read out of bounds.
//
// Version 2 adds the flags for what the scores mean (ScoreMeaning); a version 1 file is read
// as a list whose higher scores are better, as it was then.
inline constexpr std::string_view kIndexMagic{"SQUARES\x1A", 8};
inline constexpr uint32_t kIndexVersion = 2;
inline constexpr uint32_t kOldestIndexVersion = 1;
inline constexpr uint32_t kByteOrderProbe = 0x01020304;

struct IndexHeader {
  char magic[8];        // kIndexMagic
  uint32_t version;     // kIndexVersion
  uint32_t byte_order;  // kByteOrderProbe in the writer's byte order
  uint32_t flags;       // bit 0: accents folded; bit 1: lower scores are better;
                        // bit 2: the embedded list; bits 8..15: the language
  uint32_t reserved;    // 0
  int64_t min_score;    // the score filters the list was built with
  int64_t max_score;
  uint64_t source_hash;   // XXH3_64 of the source lists' bytes, in order
  uint64_t payload_size;  // bytes after the header
  uint64_t payload_hash;  // XXH3_64 of those bytes
  uint64_t header_hash;   // XXH3_64 of the header bytes before this field
};
static_assert(sizeof(IndexHeader) == 72);

// Whether `head` (the first bytes of a file) starts with the index magic.
bool IsIndex(std::string_view head);

// What a list's scores mean, which the index keeps so that a saved list ranks its words as
// the list did: a word list's higher scores are better; the embedded list's are SCOWL sizes,
// whose lower ones are better (commoner words).
struct ScoreMeaning {
  bool lower_better = false;
  bool embedded = false;  // the embedded list (any options)
};

// The bytes of an index of `dictionary` (builds every automaton), built from sources whose
// bytes hash to `source_hash` with `options`.
std::string SerializeIndex(const Dictionary& dictionary, const LexiconOptions& options,
                           uint64_t source_hash, ScoreMeaning meaning = {});

struct LoadedIndex {
  Dictionary dictionary;
  LexiconOptions options;  // the options the index was built with
  uint64_t source_hash;
  ScoreMeaning meaning;
};

// The index of a lexicon read with `options`: SerializeIndex with the hash of the sources'
// bytes (Lexicon::source_hash).
struct BuiltIndex {
  std::string bytes;
  size_t words = 0;
  int letters = 0;
};
BuiltIndex BuildIndex(Lexicon lexicon, const LexiconOptions& options, ScoreMeaning meaning = {});

// The size of the whole index file whose header is `head`, or 0 when `head` is not an intact
// header of a version this program reads: how much a reader of a stream may take.
uint64_t IndexFileSize(std::string_view head);

// Recomputes the header's hashes of a serialized index (for SerializeIndex, and for tests and
// fuzzing that alter a file and need its checks to reach the payload).
void SealIndex(std::string& bytes);

enum class IndexChecks {
  kAll,         // any file: hashes, then every count, index and word (hostile input)
  kHeaderOnly,  // the index embedded at build time, checked by the build: a search then
                // touches only the pages of the lengths it uses
};

// Parses and validates index bytes; errors are DataLossErrors that start with `name`. The
// dictionary views the bytes (no copy): `storage` owns them, or they must outlive it.
absl::StatusOr<LoadedIndex> ParseIndex(std::string_view bytes, std::string_view name,
                                       std::shared_ptr<const void> storage = nullptr,
                                       IndexChecks checks = IndexChecks::kAll);
// Maps the file read-only and parses it; the dictionary keeps the mapping.
absl::StatusOr<LoadedIndex> LoadIndexFile(const std::string& path);

}  // namespace squares::core
