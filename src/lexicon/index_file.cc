#include "lexicon/index_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "absl/strings/str_format.h"
#include "lexicon/unicode.h"
#include "text/read_file.h"
#include "xxhash.h"

namespace squares::core {
namespace {

constexpr uint32_t kFoldAccents = 1, kLowerBetter = 2, kEmbedded = 4;
// Bits 8..15 of the flags: the language (language.h) the list was read in.
constexpr int kLanguageShift = 8;
constexpr uint32_t kLanguageMask = 0xFF << kLanguageShift;
constexpr uint32_t kKnownFlags = kFoldAccents | kLowerBetter | kEmbedded | kLanguageMask;

class PayloadWriter {
 public:
  template <class T>
  void put(T value) {
    out_.append(reinterpret_cast<const char*>(&value), sizeof(T));
  }
  template <class T>
  void put_array(std::span<const T> values) {
    out_.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
    pad();
  }
  void pad() { out_.resize((out_.size() + 7) / 8 * 8, '\0'); }
  std::string& bytes() { return out_; }

 private:
  std::string out_;
};

// Reads the payload front to back; every read is checked against the bytes left first.
class PayloadReader {
 public:
  explicit PayloadReader(std::string_view bytes) : bytes_(bytes) {}

  template <class T>
  bool get(T& value) {
    if (sizeof(T) > bytes_.size() - pos_) return false;
    std::memcpy(&value, bytes_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return true;
  }
  // A view of `count` values of T, then padding. The payload starts 8-aligned (ParseIndex)
  // and every section is padded to 8 bytes, so the view is aligned.
  template <class T>
  bool get_array(uint64_t count, FlatArray<T>& out) {
    if (count > (bytes_.size() - pos_) / sizeof(T)) return false;
    out = FlatArray<T>::View({reinterpret_cast<const T*>(bytes_.data() + pos_), count});
    pos_ = std::min(bytes_.size(), (pos_ + count * sizeof(T) + 7) / 8 * 8);
    return true;
  }
  bool at_end() const { return pos_ == bytes_.size(); }

 private:
  std::string_view bytes_;
  size_t pos_ = 0;
};

// An entry of the file is {Mask mask, u32 first} padded to 8 bytes: DawgEntry's layout.
static_assert(sizeof(DawgEntry<uint32_t>) == 8 && sizeof(DawgEntry<uint64_t>) == 16);

template <class Mask>
void PutEntries(const Dawg& dawg, PayloadWriter& out) {
  const DawgEntry<Mask>* entries = dawg.entries<Mask>();
  for (size_t e = 0; e < dawg.entry_count(); ++e) {
    out.put(entries[e].mask);
    out.put(entries[e].first);
    if constexpr (sizeof(Mask) == 8) out.put(uint32_t{0});
  }
}

// The automaton of one length from the reader: entries of Mask, then rank offsets.
template <class Mask>
absl::StatusOr<Dawg> GetDawg(PayloadReader& in, int length, uint64_t words, uint64_t entry_count,
                             uint64_t states, int alphabet_size, bool trusted) {
  FlatArray<DawgEntry<Mask>> entries;
  FlatArray<uint32_t> rank_offset;
  if (!in.get_array(entry_count, entries) || !in.get_array(entry_count, rank_offset)) {
    return absl::DataLossError(absl::StrFormat("automaton of length %d: truncated", length));
  }
  return Dawg::FromParts(length, words, states, alphabet_size, std::move(entries),
                         std::move(rank_offset), trusted);
}

// The automata must hold exactly the lexicon's words: word k has rank k (the ranks of the
// accepted words are distinct and there are as many as words, so this is an equality).
absl::Status CheckRanks(const Lexicon& lexicon, const std::vector<Dawg>& dawgs) {
  for (const Dawg& dawg : dawgs) {
    const WordsOfLength& list = lexicon.words(dawg.length());
    for (size_t k = 0; k < list.count(); ++k) {
      if (dawg.rank(list.word(k)) != k) {
        return absl::DataLossError(
            absl::StrFormat("automaton of length %d does not match the word list", dawg.length()));
      }
    }
  }
  return absl::OkStatus();
}

// The payload after the header checks: alphabet, words and automata of every length.
absl::StatusOr<Dictionary> ParsePayload(std::string_view payload, const LexiconOptions& options,
                                        bool trusted, std::shared_ptr<const void> storage) {
  PayloadReader in(payload);
  uint32_t letters = 0, zero = 0;
  FlatArray<uint32_t> code_points;
  if (!in.get(letters) || !in.get(zero) || letters > kMaxLetters ||
      !in.get_array(letters, code_points)) {
    return absl::DataLossError("bad alphabet");
  }
  for (size_t c = 0; c < code_points.size(); ++c) {
    char32_t cp = code_points[c];
    if (cp > 0x10FFFF || !IsLetter(cp) || FoldCase(cp) != cp ||
        (options.fold_accents && FoldAccent(cp) != cp) || (c > 0 && code_points[c - 1] >= cp)) {
      return absl::DataLossError(absl::StrFormat("bad alphabet letter U+%04X", code_points[c]));
    }
  }
  const int alphabet_size = static_cast<int>(letters);
  std::vector<WordsOfLength> by_length(kMaxWordLength + 1);
  std::vector<Dawg> dawgs;
  for (int length = 1; length <= kMaxWordLength; ++length) {
    uint64_t words = 0, entries = 0, states = 0;
    WordsOfLength& list = by_length[length];
    if (!in.get(words) || !in.get(entries) || !in.get(states) || words > UINT32_MAX ||
        !in.get_array(words * length, list.letters) || !in.get_array(words, list.scores)) {
      return absl::DataLossError(absl::StrFormat("words of length %d: truncated", length));
    }
    if (words == 0) {
      if (entries != 0) return absl::DataLossError("automaton without words");
      continue;
    }
    list.length = length;
    auto dawg = alphabet_size > 32
                    ? GetDawg<uint64_t>(in, length, words, entries, states, alphabet_size, trusted)
                    : GetDawg<uint32_t>(in, length, words, entries, states, alphabet_size, trusted);
    if (!dawg.ok()) return dawg.status();
    dawgs.push_back(*std::move(dawg));
  }
  if (!in.at_end()) return absl::DataLossError("trailing bytes after the last automaton");
  std::vector<char32_t> alphabet(code_points.begin(), code_points.end());
  auto lexicon = Lexicon::FromParts(Alphabet(std::move(alphabet), options.language),
                                    std::move(by_length), trusted);
  if (!lexicon.ok()) return lexicon.status();
  if (!trusted) {
    if (absl::Status status = CheckRanks(*lexicon, dawgs); !status.ok()) return status;
  }
  return Dictionary(*std::move(lexicon), std::move(dawgs), std::move(storage));
}

}  // namespace

bool IsIndex(std::string_view head) { return head.substr(0, kIndexMagic.size()) == kIndexMagic; }

std::string SerializeIndex(const Dictionary& dictionary, const LexiconOptions& options,
                           uint64_t source_hash, ScoreMeaning meaning) {
  PayloadWriter out;
  const Alphabet& alphabet = dictionary.alphabet();
  out.put(static_cast<uint32_t>(alphabet.size()));
  out.put(uint32_t{0});
  std::vector<uint32_t> code_points;
  for (int c = 0; c < alphabet.size(); ++c) code_points.push_back(alphabet.code_point(c));
  out.put_array(std::span<const uint32_t>(code_points));
  for (int length = 1; length <= kMaxWordLength; ++length) {
    const WordsOfLength& list = dictionary.lexicon().words(length);
    const Dawg* dawg = list.count() ? &dictionary.dawg(length) : nullptr;
    out.put(uint64_t{list.count()});
    out.put(uint64_t{dawg ? dawg->entry_count() : 0});
    out.put(uint64_t{dawg ? dawg->state_count() : 0});
    out.put_array<Letter>(list.letters);
    out.put_array<int64_t>(list.scores);
    if (!dawg) continue;
    if (dawg->wide()) PutEntries<uint64_t>(*dawg, out);
    else PutEntries<uint32_t>(*dawg, out);
    std::vector<uint32_t> ranks(dawg->entry_count());
    for (size_t e = 0; e < ranks.size(); ++e) ranks[e] = dawg->rank_offset(e);
    out.put_array(std::span<const uint32_t>(ranks));
  }
  const std::string& payload = out.bytes();
  IndexHeader header{};
  std::memcpy(header.magic, kIndexMagic.data(), sizeof(header.magic));
  header.version = kIndexVersion;
  header.byte_order = kByteOrderProbe;
  header.flags = (options.fold_accents ? kFoldAccents : 0) |
                 (meaning.lower_better ? kLowerBetter : 0) | (meaning.embedded ? kEmbedded : 0) |
                 static_cast<uint32_t>(options.language) << kLanguageShift;
  header.min_score = options.min_score;
  header.max_score = options.max_score;
  header.source_hash = source_hash;
  header.payload_size = payload.size();
  std::string file = std::string(reinterpret_cast<const char*>(&header), sizeof(header)) + payload;
  SealIndex(file);
  return file;
}

BuiltIndex BuildIndex(Lexicon lexicon, const LexiconOptions& options, ScoreMeaning meaning) {
  const uint64_t source_hash = lexicon.source_hash();
  const Dictionary dictionary(std::move(lexicon));
  return BuiltIndex{SerializeIndex(dictionary, options, source_hash, meaning),
                    dictionary.lexicon().word_count(), dictionary.alphabet().size()};
}

uint64_t IndexFileSize(std::string_view head) {
  IndexHeader header;
  if (!IsIndex(head) || head.size() < sizeof(header)) return 0;
  std::memcpy(&header, head.data(), sizeof(header));
  if (header.byte_order != kByteOrderProbe || header.version < kOldestIndexVersion ||
      header.version > kIndexVersion ||
      header.header_hash != XXH3_64bits(head.data(), offsetof(IndexHeader, header_hash)) ||
      header.payload_size > UINT64_MAX - sizeof(header) - 1) {
    return 0;
  }
  return sizeof(header) + header.payload_size;
}

void SealIndex(std::string& bytes) {
  if (bytes.size() < sizeof(IndexHeader)) return;
  IndexHeader header;
  std::memcpy(&header, bytes.data(), sizeof(header));
  header.payload_hash = XXH3_64bits(bytes.data() + sizeof(header), bytes.size() - sizeof(header));
  header.header_hash = XXH3_64bits(&header, offsetof(IndexHeader, header_hash));
  std::memcpy(bytes.data(), &header, sizeof(header));
}

absl::StatusOr<LoadedIndex> ParseIndex(std::string_view bytes, std::string_view name,
                                       std::shared_ptr<const void> storage, IndexChecks checks) {
  if (reinterpret_cast<uintptr_t>(bytes.data()) % 8 != 0) {  // the views need 8-byte alignment
    auto aligned = std::make_shared<std::vector<uint64_t>>((bytes.size() + 7) / 8);
    std::memcpy(aligned->data(), bytes.data(), bytes.size());
    return ParseIndex(
        std::string_view(reinterpret_cast<const char*>(aligned->data()), bytes.size()), name,
        aligned, checks);
  }
  const bool all_checks = checks == IndexChecks::kAll;
  auto refuse = [&](std::string_view why) {
    return absl::DataLossError(absl::StrFormat("%s: %s", name, why));
  };
  IndexHeader header;
  if (!IsIndex(bytes)) return refuse("not an index file (run 'squares index' to make one)");
  if (bytes.size() < sizeof(header)) return refuse("truncated index file");
  std::memcpy(&header, bytes.data(), sizeof(header));
  if (header.byte_order == __builtin_bswap32(kByteOrderProbe)) {
    return refuse("index written on a machine of the other byte order; rebuild it here");
  }
  if (header.byte_order != kByteOrderProbe) return refuse("checksum mismatch: the file is corrupt");
  if (header.version < kOldestIndexVersion || header.version > kIndexVersion) {
    return refuse(
        absl::StrFormat("index format version %d; this squares reads versions %d to %d: "
                        "rebuild it with 'squares index'",
                        header.version, kOldestIndexVersion, kIndexVersion));
  }
  if (header.header_hash != XXH3_64bits(bytes.data(), offsetof(IndexHeader, header_hash))) {
    return refuse("checksum mismatch: the file is corrupt");
  }
  std::string_view payload = bytes.substr(sizeof(header));
  if (payload.size() != header.payload_size) {
    return refuse(payload.size() < header.payload_size ? "truncated index file"
                                                       : "trailing bytes after the index");
  }
  if (all_checks && header.payload_hash != XXH3_64bits(payload.data(), payload.size())) {
    return refuse("checksum mismatch: the file is corrupt");
  }
  const uint32_t known = header.version == 1 ? kFoldAccents : kKnownFlags;
  const uint32_t language = (header.flags & kLanguageMask) >> kLanguageShift;
  if ((header.flags & ~known) != 0 || language >= kLanguageCount || header.reserved != 0 ||
      header.min_score > header.max_score) {
    return refuse("unknown build options");
  }
  LexiconOptions options;
  options.fold_accents = header.flags & kFoldAccents;
  options.language = static_cast<Language>(language);
  options.min_score = header.min_score;
  options.max_score = header.max_score;
  auto dictionary = ParsePayload(payload, options, !all_checks, std::move(storage));
  if (!dictionary.ok())
    return refuse(absl::StrFormat("corrupt index: %s", dictionary.status().message()));
  const ScoreMeaning meaning{(header.flags & kLowerBetter) != 0, (header.flags & kEmbedded) != 0};
  return LoadedIndex{*std::move(dictionary), options, header.source_hash, meaning};
}

absl::StatusOr<LoadedIndex> LoadIndexFile(const std::string& path) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    const int error = errno;
    return IoError(path, error, absl::StrFormat("%s: %s", path, std::strerror(error)));
  }
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return absl::DataLossError(absl::StrFormat("%s: not a regular file", path));
  }
  const size_t size = static_cast<size_t>(st.st_size);
  void* map = size == 0 ? nullptr : mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  if (map == MAP_FAILED) {
    const int error = errno;
    return IoError(path, error, absl::StrFormat("%s: cannot map: %s", path, std::strerror(error)));
  }
  // The dictionary views the mapping; the last copy of this pointer unmaps it.
  std::shared_ptr<const void> mapping(map, [size](const void* p) {
    if (p) munmap(const_cast<void*>(p), size);
  });
  return ParseIndex(std::string_view(static_cast<const char*>(map), size), path, mapping);
}

}  // namespace squares::core
