#include "lexicon/lexicon.h"

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <memory>
#include <new>
#include <numeric>
#include <optional>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_format.h"
#include "lexicon/hasher.h"
#include "lexicon/unicode.h"
#include "text/read_file.h"
#include "text/strings.h"

namespace squares::core {

Alphabet::Alphabet(std::vector<char32_t> code_points, Language language)
    : letters_(std::move(code_points)), language_(language) {
  assert(letters_.size() <= kMaxLetters);
  for (char32_t cp : letters_) {
    // Dutch writes its one-cell IJ as two letters (which read back as one); elsewhere the
    // ligature is a letter like any other, written as itself.
    if (cp == kDutchIj && language_ == Language::kDutch) {
      utf8_lower_.emplace_back("ij");
      utf8_upper_.emplace_back("IJ");
      continue;
    }
    AppendUtf8(cp, utf8_lower_.emplace_back());
    AppendUtf8(UpperCase(cp), utf8_upper_.emplace_back());
  }
}

int Alphabet::find(char32_t cp) const {
  auto it = std::lower_bound(letters_.begin(), letters_.end(), cp);
  return it != letters_.end() && *it == cp ? static_cast<int>(it - letters_.begin()) : -1;
}

void Alphabet::append_utf8(Letter c, bool upper, std::string& out) const {
  out += upper ? utf8_upper_[c] : utf8_lower_[c];
}

std::string Alphabet::to_utf8(WordView word, bool upper) const {
  std::string out;
  for (Letter c : word) append_utf8(c, upper, out);
  return out;
}

absl::StatusOr<Word> Alphabet::encode(std::string_view text, bool fold_accents) const {
  Word word;
  std::u32string cells;
  for (size_t pos = 0; pos < text.size();) {
    size_t start = pos;
    int32_t cp = DecodeUtf8(text, pos);
    if (cp < 0) return absl::InvalidArgumentError("invalid UTF-8");
    size_t after_next = pos;
    const int32_t next = pos < text.size() ? DecodeUtf8(text, after_next) : 0;
    cells.clear();
    if (AppendCells(language_, fold_accents, FoldCase(cp), next < 0 ? 0 : FoldCase(next), cells)) {
      pos = after_next;
    }
    for (char32_t cell : cells) {
      int code = find(cell);
      if (code < 0) {
        return absl::InvalidArgumentError(absl::StrFormat(
            "'%s' is not a letter of the dictionary's alphabet", text.substr(start, pos - start)));
      }
      word.push_back(static_cast<Letter>(code));
    }
  }
  return word;
}

namespace {

// A place in the input, formatted only when a message needs it.
struct Where {
  std::string_view name;
  size_t line;
  std::string str() const { return absl::StrFormat("%s:%d", name, line); }
};

// The allocator of the reader's two large arrays, written once in order and freed when
// the list is read: blocks of 2 MiB or more are mapped on huge pages where the kernel
// grants them, where 4 KiB pages took a page fault each (a fair part of reading a list).
template <class T>
struct ReadAllocator {
  using value_type = T;
  static constexpr size_t kHugeBytes = size_t{2} << 20;
  ReadAllocator() = default;
  template <class U>
  ReadAllocator(const ReadAllocator<U>&) {}
  static size_t Mapped(size_t n) { return (n * sizeof(T) + kHugeBytes - 1) & ~(kHugeBytes - 1); }
  T* allocate(size_t n) {
    if (n * sizeof(T) < kHugeBytes) return std::allocator<T>().allocate(n);
    void* block =
        mmap(nullptr, Mapped(n), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (block == MAP_FAILED) throw std::bad_alloc();
    madvise(block, Mapped(n), MADV_HUGEPAGE);
    return static_cast<T*>(block);
  }
  void deallocate(T* block, size_t n) {
    if (n * sizeof(T) < kHugeBytes) std::allocator<T>().deallocate(block, n);
    else munmap(block, Mapped(n));
  }
  friend bool operator==(const ReadAllocator&, const ReadAllocator&) { return true; }
};

// An entry as read, before the alphabet is known: provisional letter ids in a shared buffer.
struct RawEntry {
  uint32_t begin, length;  // into the id buffer
  int64_t score;
};

// Where a source's reading stands: lines done, and the bytes of an unfinished line.
struct SourceCursor {
  std::string_view name;
  size_t line = 0;
  std::string carry;
};

// Letters get provisional ids in the order they are first seen (one byte each in the
// buffer); the alphabet's codes, in code-point order, replace them once every letter is known.
struct Reader {
  // Entries kept before duplicates are first merged; later, twice the entries left then.
  static constexpr size_t kFirstMerge = size_t{1} << 20;
  static constexpr size_t kChunkBytes = size_t{1} << 16;
  static constexpr size_t kMaxReserveBytes = size_t{8} << 20;

  const LexiconOptions& options;
  const uint64_t lengths;                                   // the lengths kept (see Lexicon::Read)
  const bool dutch = options.language == Language::kDutch;  // 'i' may start the cell ĳ
  std::u32string cells;                                     // the cells of one letter (AppendCells)
  LexiconCounts& counts;
  std::vector<Letter, ReadAllocator<Letter>> buffer;
  std::vector<RawEntry, ReadAllocator<RawEntry>> entries;
  size_t merge_at = kFirstMerge;
  std::vector<char32_t> letter_of_id;
  std::array<int8_t, 128> ascii_id;  // -1 = not seen yet
  // The id of a byte that is a cell by itself as it stands: a lowercase ASCII letter seen
  // before (but Dutch 'i', which may start ĳ); -1 for any other byte.
  std::array<int8_t, 256> plain_id;
  absl::flat_hash_map<char32_t, Letter> other_id;
  Hasher hash;

  Reader(const LexiconOptions& options, uint64_t lengths, LexiconCounts& counts)
      : options(options), lengths(lengths), counts(counts) {
    ascii_id.fill(-1);
    plain_id.fill(-1);
  }
  absl::Status Read(const LexiconSource& source);
  // Reads the lines that `bytes`, the source's next bytes, complete; keeps the rest in carry.
  absl::Status Feed(SourceCursor& at, std::string_view bytes);
  absl::Status Line(SourceCursor& at, std::string_view raw);
  absl::Status ReadLine(std::string_view raw, const Where& where);
  // How many bytes `text` starts with that are plain letters (see plain_id), their ids
  // written to `ids`.
  size_t PlainLetters(std::string_view text, Letter* ids) const {
    size_t k = 0;
    for (; k < text.size(); ++k) {
      const int8_t id = plain_id[static_cast<unsigned char>(text[k])];
      if (id < 0) break;
      ids[k] = static_cast<Letter>(id);
    }
    return k;
  }
  // Sorts the entries read so far and keeps one of each word (the highest score), so an input
  // that repeats itself (`yes | squares --dict -`) takes no more memory than its words.
  void MergeDuplicates();
  // The id of letter `cp`, new if unseen; nullopt when it would be the 65th letter.
  std::optional<Letter> IdOf(char32_t cp);
  // Forgets the letters first seen since there were `count` (those of a skipped entry).
  void ForgetLettersAfter(size_t count);
  bool Kept(size_t length) const { return lengths >> (length - 1) & 1; }
};

std::optional<Letter> Reader::IdOf(char32_t cp) {
  if (cp < 0x80 && ascii_id[cp] >= 0) return static_cast<Letter>(ascii_id[cp]);
  if (cp >= 0x80) {
    if (auto it = other_id.find(cp); it != other_id.end()) return it->second;
  }
  if (letter_of_id.size() == kMaxLetters) return std::nullopt;
  const Letter id = static_cast<Letter>(letter_of_id.size());
  letter_of_id.push_back(cp);
  if (cp < 0x80) ascii_id[cp] = static_cast<int8_t>(id);
  if (cp >= 'a' && cp <= 'z' && !(dutch && cp == 'i')) plain_id[cp] = static_cast<int8_t>(id);
  else other_id[cp] = id;
  return id;
}

void Reader::ForgetLettersAfter(size_t count) {
  for (size_t id = count; id < letter_of_id.size(); ++id) {
    const char32_t cp = letter_of_id[id];
    if (cp < 0x80) ascii_id[cp] = -1, plain_id[cp] = -1;
    else other_id.erase(cp);
  }
  letter_of_id.resize(count);
}

// `raw` is the line as in the file (without its line end).
absl::Status Reader::ReadLine(std::string_view raw, const Where& where) {
  // The common line, a word of lowercase letters already seen, goes in at one pass.
  if (!raw.empty() && raw.size() <= kMaxWordLength) {
    const uint32_t begin = static_cast<uint32_t>(buffer.size());
    buffer.resize(begin + raw.size());
    if (PlainLetters(raw, &buffer[begin]) == raw.size()) {
      ++counts.lines;
      if (Kept(raw.size())) entries.push_back({begin, static_cast<uint32_t>(raw.size()), 0});
      else buffer.resize(begin);
      return absl::OkStatus();
    }
    buffer.resize(begin);
  }
  std::string_view line = Trim(raw);
  if (line.empty() || line.front() == '#') return absl::OkStatus();
  ++counts.lines;
  int64_t score = 0;
  size_t split = 0;
  while (split < line.size() && line[split] != ';' && line[split] != '\t') ++split;
  if (split < line.size()) {
    std::string_view score_text = Trim(line.substr(split + 1));
    auto [end, error] =
        std::from_chars(score_text.data(), score_text.data() + score_text.size(), score);
    if (error != std::errc() || end != score_text.data() + score_text.size()) {
      return absl::DataLossError(
          absl::StrFormat("%s: bad score '%s' (expected an integer)", where.str(), score_text));
    }
    line = Trim(line.substr(0, split));
  }
  const uint32_t begin = static_cast<uint32_t>(buffer.size());
  const size_t letters_before = letter_of_id.size();
  std::optional<char32_t> overflow;  // a 65th letter, an error if the entry is kept
  bool letters_only = true;
  for (size_t pos = 0; pos < line.size();) {
    if (const int8_t id = plain_id[static_cast<unsigned char>(line[pos])]; id >= 0) {
      buffer.push_back(static_cast<Letter>(id));  // the common case
      ++pos;
      continue;
    }
    int32_t cp = DecodeUtf8(line, pos);
    if (cp < 0) {
      return absl::DataLossError(absl::StrFormat("%s:%d: invalid UTF-8 (byte 0x%02x)", where.str(),
                                                 line.data() + pos - raw.data() + 1,
                                                 static_cast<uint8_t>(line[pos])));
    }
    if (!IsLetter(cp)) {
      letters_only = false;
      continue;  // keep validating the UTF-8 of the rest of the line
    }
    const char32_t letter = FoldCase(cp);
    char32_t next = 0;
    size_t after_next = pos;
    if (dutch && letter == 'i' && pos < line.size()) {  // only the Dutch ij joins two letters
      const int32_t next_cp = DecodeUtf8(line, after_next);
      if (next_cp >= 0) next = FoldCase(next_cp);
    }
    cells.clear();
    if (AppendCells(options.language, options.fold_accents, letter, next, cells)) pos = after_next;
    for (char32_t cell : cells) {
      std::optional<Letter> id = IdOf(cell);
      if (!id && !overflow) overflow = cell;
      buffer.push_back(id.value_or(0));
    }
  }
  uint32_t length = static_cast<uint32_t>(buffer.size()) - begin;
  if (!letters_only || length > kMaxWordLength) {
    buffer.resize(begin);
    ForgetLettersAfter(letters_before);
    (letters_only ? counts.too_long : counts.not_letters)++;
    if (!letters_only && counts.not_letter_examples.size() < 5) {
      counts.not_letter_examples.emplace_back(line);
    }
    return absl::OkStatus();
  }
  if (overflow) {
    std::string letter;
    AppendUtf8(*overflow, letter);
    return absl::DataLossError(absl::StrFormat(
        "%s: the word list uses more than %d letters; the 65th is '%s' (try folding accents)",
        where.str(), kMaxLetters, letter));
  }
  if (length > 0 && !Kept(length)) {
    buffer.resize(begin);
    return absl::OkStatus();
  }
  entries.push_back({begin, length, score});
  return absl::OkStatus();
}

absl::Status Reader::Line(SourceCursor& at, std::string_view raw) {
  ++at.line;
  if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
  if (at.line == 1 && raw.substr(0, 3) == "\xEF\xBB\xBF") raw.remove_prefix(3);
  if (absl::Status status = ReadLine(raw, Where{at.name, at.line}); !status.ok()) return status;
  if (entries.size() >= merge_at) MergeDuplicates();
  return absl::OkStatus();
}

absl::Status Reader::Feed(SourceCursor& at, std::string_view bytes) {
  hash.AddBytes(bytes.data(), bytes.size());
  const size_t nul = bytes.find('\0');
  std::string_view rest = bytes.substr(0, nul);
  while (!rest.empty()) {
    // The common line, a word of plain letters ended by LF, goes in without a search for
    // its end or a second pass over it; any other line takes the way below from its start.
    if (at.carry.empty()) {
      std::array<Letter, kMaxWordLength> word;
      const size_t k = PlainLetters(rest.substr(0, kMaxWordLength), word.data());
      if (k > 0 && k < rest.size() && rest[k] == '\n') {
        ++at.line;
        ++counts.lines;
        if (Kept(k)) {
          entries.push_back({static_cast<uint32_t>(buffer.size()), static_cast<uint32_t>(k), 0});
          buffer.insert(buffer.end(), word.begin(), word.begin() + k);
          if (entries.size() >= merge_at) MergeDuplicates();
        }
        rest.remove_prefix(k + 1);
        continue;
      }
    }
    const size_t end = rest.find('\n');
    if (end == std::string_view::npos) {
      if (at.carry.size() + rest.size() > kMaxLineBytes) {
        return absl::DataLossError(
            absl::StrFormat("%s:%d: line longer than %d bytes: not a word list", at.name,
                            at.line + 1, kMaxLineBytes));
      }
      at.carry.append(rest);
      break;
    }
    absl::Status status;
    if (at.carry.empty()) {
      status = Line(at, rest.substr(0, end));
    } else {
      at.carry.append(rest.substr(0, end));
      status = Line(at, at.carry);
      at.carry.clear();
    }
    if (!status.ok()) return status;
    rest.remove_prefix(end + 1);
  }
  if (nul == std::string_view::npos) return absl::OkStatus();
  return absl::DataLossError(
      absl::StrFormat("%s:%d:%d: NUL byte: this looks like a binary file, not a word list", at.name,
                      at.line + 1, at.carry.size() + 1));
}

absl::Status Reader::Read(const LexiconSource& source) {
  SourceCursor at{source.name, 0, {}};
  // A regular file's size bounds its letters and lines: reserving for them spares the copies
  // (and the fresh pages) of growing vectors, a fair part of reading a list. Capped, so a
  // huge or sparse file costs only what it holds.
  size_t bytes = source.text.size();
  if (struct stat st; source.fd >= 0 && fstat(source.fd, &st) == 0 && S_ISREG(st.st_mode)) {
    bytes += static_cast<size_t>(st.st_size);
  }
  bytes = std::min(bytes, kMaxReserveBytes);
  buffer.reserve(buffer.size() + bytes);
  entries.reserve(entries.size() + bytes / 8);
  if (absl::Status status = Feed(at, source.text); !status.ok()) return status;
  if (source.fd >= 0) {
    std::string chunk(kChunkBytes, '\0');
    for (;;) {
      const ssize_t got = read(source.fd, chunk.data(), chunk.size());
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) {
        const int error = errno;
        return IoError(source.name, error,
                       absl::StrFormat("%s: read error: %s", source.name, std::strerror(error)));
      }
      if (got == 0) break;
      absl::Status status = Feed(at, std::string_view(chunk.data(), static_cast<size_t>(got)));
      if (!status.ok()) return status;
    }
  }
  return at.carry.empty() ? absl::OkStatus() : Line(at, at.carry);
}

void Reader::MergeDuplicates() {
  auto word = [&](const RawEntry& e) { return WordView(buffer.data() + e.begin, e.length); };
  std::sort(entries.begin(), entries.end(), [&](const RawEntry& a, const RawEntry& b) {
    if (a.length != b.length) return a.length < b.length;
    const int cmp = word(a).compare(word(b));
    return cmp < 0 || (cmp == 0 && a.score > b.score);
  });
  decltype(buffer) kept_letters;
  decltype(entries) kept;
  for (const RawEntry& e : entries) {
    if (!kept.empty() && kept.back().length == e.length && word(kept.back()) == word(e)) {
      ++counts.duplicates;
      continue;
    }
    kept.push_back({static_cast<uint32_t>(kept_letters.size()), e.length, e.score});
    kept_letters.insert(kept_letters.end(), buffer.begin() + e.begin,
                        buffer.begin() + e.begin + e.length);
  }
  buffer = std::move(kept_letters);
  entries = std::move(kept);
  merge_at = std::max(kFirstMerge, 2 * entries.size());
}

}  // namespace

absl::StatusOr<Lexicon> Lexicon::Read(std::span<const LexiconSource> sources,
                                      const LexiconOptions& options, uint64_t lengths) {
  Lexicon lexicon;
  Reader reader(options, lengths, lexicon.counts_);
  for (const LexiconSource& source : sources) {
    if (absl::Status status = reader.Read(source); !status.ok()) return status;
  }
  lexicon.source_hash_ = reader.hash.Digest();

  // The alphabet: every letter used, in code-point order; code_of maps provisional ids.
  std::vector<char32_t> used = reader.letter_of_id;
  std::sort(used.begin(), used.end());
  lexicon.alphabet_ = Alphabet(used, options.language);
  std::array<Letter, kMaxLetters> code_of{};
  for (size_t id = 0; id < used.size(); ++id) {
    code_of[id] = static_cast<Letter>(lexicon.alphabet_.find(reader.letter_of_id[id]));
  }

  // Group by length (a counting sort: each entry's codes and score go straight to their
  // length's arrays, in the order read), sort, merge duplicates (highest score wins), filter
  // by score. Fresh pages are a large part of reading a list: no array here is larger than
  // it must be, and the sorting's index arrays are made only for a list that needs them.
  std::array<size_t, kMaxWordLength + 1> words_of{};
  for (const RawEntry& e : reader.entries) ++words_of[e.length];
  std::array<std::vector<Letter>, kMaxWordLength + 1> codes_of;
  std::array<std::vector<int64_t>, kMaxWordLength + 1> scores_of;
  // From length 0: a line of a score alone (";5") is an empty entry, placed and dropped.
  for (int length = 0; length <= kMaxWordLength; ++length) {
    codes_of[length].resize(words_of[length] * length);
    scores_of[length].resize(words_of[length]);
    words_of[length] = 0;  // now the words placed
  }
  for (const RawEntry& e : reader.entries) {
    const size_t k = words_of[e.length]++;
    Letter* to = codes_of[e.length].data() + k * e.length;
    const Letter* from = reader.buffer.data() + e.begin;
    for (uint32_t i = 0; i < e.length; ++i) to[i] = code_of[from[i]];
    scores_of[e.length][k] = e.score;
  }
  reader.buffer = {};
  reader.entries = {};
  for (int length = 1; length <= kMaxWordLength; ++length) {
    std::vector<Letter>& codes = codes_of[length];
    std::vector<int64_t>& scores = scores_of[length];
    const size_t count = scores.size();
    if (count == 0) continue;
    WordsOfLength& out = lexicon.by_length_[length];
    out.length = length;
    auto word = [&](size_t k) { return WordView(codes.data() + k * length, length); };
    auto compare = [&](size_t a, size_t b) {  // words of one length: memcmp orders them
      return std::memcmp(codes.data() + a * length, codes.data() + b * length, length);
    };
    auto kept = [&](int64_t score) {
      return score >= options.min_score && score <= options.max_score;
    };
    // Sorted already, no duplicates and no word filtered out (the common list): the codes as
    // read are the words, with no copy.
    bool strictly_sorted = true;
    for (size_t k = 1; k < count && strictly_sorted; ++k) strictly_sorted = compare(k, k - 1) > 0;
    if (strictly_sorted && std::all_of(scores.begin(), scores.end(), kept)) {
      out.letters = std::move(codes);
      out.scores = std::move(scores);
      lexicon.counts_.words += out.count();
      continue;
    }
    // Word lists usually come sorted, or nearly (a few words out of place, and after case
    // folding): a natural merge sort merges the sorted runs the list already has, in
    // n log(runs) steps, where a full sort would cost more than the rest of reading it.
    std::vector<uint32_t> order(count);
    std::iota(order.begin(), order.end(), 0);
    auto before_by = [&](int cmp, uint32_t a, uint32_t b) {
      return cmp < 0 || (cmp == 0 && scores[a] > scores[b]);
    };
    auto before = [&](uint32_t a, uint32_t b) { return before_by(compare(a, b), a, b); };
    std::vector<size_t> runs = {0};
    for (size_t k = 1; k < count; ++k) {
      if (before_by(compare(order[k], order[k - 1]), order[k], order[k - 1])) runs.push_back(k);
    }
    runs.push_back(count);
    while (runs.size() > 2) {
      std::vector<size_t> merged;
      for (size_t r = 0; r + 2 < runs.size(); r += 2) {
        std::inplace_merge(order.begin() + runs[r], order.begin() + runs[r + 1],
                           order.begin() + runs[r + 2], before);
        merged.push_back(runs[r]);
      }
      if (runs.size() % 2 == 0) merged.push_back(runs[runs.size() - 2]);
      merged.push_back(count);
      runs = std::move(merged);
    }
    std::vector<Letter> letters;
    std::vector<int64_t> kept_scores;
    letters.reserve(codes.size());
    kept_scores.reserve(count);
    for (size_t k = 0; k < count; ++k) {
      if (k > 0 && compare(order[k], order[k - 1]) == 0) {
        ++lexicon.counts_.duplicates;
        continue;
      }
      const int64_t score = scores[order[k]];
      if (!kept(score)) {
        ++lexicon.counts_.filtered_by_score;
        continue;
      }
      WordView w = word(order[k]);
      letters.insert(letters.end(), w.begin(), w.end());
      kept_scores.push_back(score);
    }
    out.letters = std::move(letters);
    out.scores = std::move(kept_scores);
    lexicon.counts_.words += out.count();
  }
  return lexicon;
}

absl::StatusOr<Lexicon> Lexicon::FromParts(Alphabet alphabet, std::vector<WordsOfLength> by_length,
                                           bool trusted) {
  if (by_length.size() != kMaxWordLength + 1) {
    return absl::DataLossError("wrong number of word lengths");
  }
  Lexicon lexicon;
  lexicon.alphabet_ = std::move(alphabet);
  for (int length = 0; length <= kMaxWordLength; ++length) {
    const WordsOfLength& list = by_length[length];
    if (list.count() == 0 && list.letters.empty()) continue;
    if (length == 0 || list.length != length || list.letters.size() != list.count() * length) {
      return absl::DataLossError(absl::StrFormat("words of length %d: inconsistent sizes", length));
    }
    lexicon.counts_.words += list.count();
    if (trusted) continue;
    for (Letter c : list.letters) {
      if (c >= lexicon.alphabet_.size()) {
        return absl::DataLossError(
            absl::StrFormat("words of length %d: letter code %d outside the alphabet", length, c));
      }
    }
    for (size_t k = 1; k < list.count(); ++k) {
      if (!(list.word(k - 1) < list.word(k))) {
        return absl::DataLossError(
            absl::StrFormat("words of length %d: not sorted and unique at word %d", length, k));
      }
    }
  }
  lexicon.by_length_ = std::move(by_length);
  return lexicon;
}

absl::StatusOr<Lexicon> Lexicon::FromText(std::string_view text, const LexiconOptions& options) {
  LexiconSource source{"<text>", text};
  return Read(std::span(&source, 1), options);
}

bool Lexicon::find(WordView word, int64_t* score) const {
  if (word.empty() || word.size() > kMaxWordLength) return false;
  const WordsOfLength& list = words(static_cast<int>(word.size()));
  size_t lo = 0, hi = list.count();
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (list.word(mid) < word) lo = mid + 1;
    else hi = mid;
  }
  if (lo == list.count() || list.word(lo) != word) return false;
  if (score) *score = list.scores[lo];
  return true;
}

}  // namespace squares::core
