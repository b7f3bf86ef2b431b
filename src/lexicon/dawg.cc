#include "lexicon/dawg.h"

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "absl/strings/str_format.h"
#include "lexicon/hasher.h"
// The register hashes short edge lists by the thousand: XXH3 inlined, not called.
#define XXH_INLINE_ALL
#include "xxhash.h"

namespace squares::core {
namespace {

// Builder state: registered states as edge lists; an edge is (child << 8 | letter).
struct Registry {
  std::vector<uint64_t> edges;        // all registered states' edges, state s at
  std::vector<uint32_t> edge_begin;   // [edge_begin[s], edge_begin[s + 1])
  std::vector<uint64_t> words_below;  // number of words accepted from state s

  std::span<const uint64_t> state_edges(uint32_t s) const {
    return std::span(edges).subspan(edge_begin[s], edge_begin[s + 1] - edge_begin[s]);
  }
};

constexpr uint32_t kFinal = 0;  // the state at depth L

// The register of Daciuk's algorithm: the registered states keyed by their edge lists, in an
// open-addressing table of state ids (kEmpty where none) probed linearly from the edge list's
// XXH3 hash. Each state's hash is kept beside it, so that a probe compares edge lists only on
// equal hashes and growing the table hashes nothing again.
class StateTable {
 public:
  // The registered state with these edges, or kEmpty with `hash` set for Insert.
  uint32_t Find(const Registry& registry, std::span<const uint64_t> edges, uint64_t& hash) const {
    hash = XXH3_64bits(edges.data(), edges.size_bytes());
    for (size_t at = hash & mask_;; at = (at + 1) & mask_) {
      const uint32_t s = slots_[at];
      if (s == kEmpty) return kEmpty;
      if (hashes_[s] == hash) {
        auto found = registry.state_edges(s);
        if (std::equal(edges.begin(), edges.end(), found.begin(), found.end())) return s;
      }
    }
  }
  // Adds state s (the next id) with its hash from Find.
  void Insert(uint32_t s, uint64_t hash) {
    assert(s == hashes_.size());
    hashes_.push_back(hash);
    if (2 * (hashes_.size() + 1) > slots_.size()) Grow();
    else Place(s);
  }

  static constexpr uint32_t kEmpty = UINT32_MAX;

 private:
  void Place(uint32_t s) {
    size_t at = hashes_[s] & mask_;
    while (slots_[at] != kEmpty) at = (at + 1) & mask_;
    slots_[at] = s;
  }
  void Grow() {
    slots_.assign(std::max<size_t>(64, 2 * slots_.size()), kEmpty);
    mask_ = slots_.size() - 1;
    for (uint32_t s = kFinal + 1; s < hashes_.size(); ++s) Place(s);
  }

  std::vector<uint32_t> slots_ = std::vector<uint32_t>(64, kEmpty);
  size_t mask_ = 63;
  std::vector<uint64_t> hashes_ = {0};  // per state; kFinal's, never looked up, is not in slots_
};

class Builder {
 public:
  explicit Builder(int length) : open_(length) {
    registry_.edge_begin = {0, 0};
    registry_.words_below = {1};
  }

  void Add(WordView word, WordView previous) {
    const int length = static_cast<int>(open_.size());
    int common = 0;
    while (common < static_cast<int>(previous.size()) && previous[common] == word[common]) {
      ++common;
    }
    CloseDownTo(common + 1);
    for (int d = common; d < length; ++d) {
      // The child: kFinal below the last letter, else filled in when state d + 1 closes.
      open_[d].push_back(word[d] | uint64_t{kFinal} << 8);
    }
  }

  // Finishes the automaton; returns the root state.
  uint32_t Finish() {
    CloseDownTo(1);
    return Register(open_[0]);
  }

  const Registry& registry() const { return registry_; }

 private:
  // Registers the open states at depths >= `depth` (deepest first) and links their parents.
  void CloseDownTo(int depth) {
    for (int d = static_cast<int>(open_.size()) - 1; d >= depth; --d) {
      if (open_[d].empty()) continue;
      uint32_t id = Register(open_[d]);
      open_[d].clear();
      open_[d - 1].back() |= uint64_t{id} << 8;
    }
  }

  uint32_t Register(const std::vector<uint64_t>& edges) {
    uint64_t hash;
    if (uint32_t s = table_.Find(registry_, edges, hash); s != StateTable::kEmpty) return s;
    size_t id = registry_.edge_begin.size() - 1;
    if (id >= UINT32_MAX / 2) throw std::length_error("word list too large for 32-bit indices");
    uint64_t words = 0;
    for (uint64_t e : edges) words += registry_.words_below[e >> 8];
    registry_.edges.insert(registry_.edges.end(), edges.begin(), edges.end());
    registry_.edge_begin.push_back(static_cast<uint32_t>(registry_.edges.size()));
    registry_.words_below.push_back(words);
    table_.Insert(static_cast<uint32_t>(id), hash);
    return static_cast<uint32_t>(id);
  }

  std::vector<std::vector<uint64_t>> open_;  // per depth: edges of the state on the last path
  Registry registry_;
  StateTable table_;
};

template <class Mask>
void Flatten(const Registry& reg, uint32_t root, std::vector<DawgEntry<Mask>>& entries,
             std::vector<uint32_t>& rank_offset) {
  const size_t states = reg.edge_begin.size() - 1;
  std::vector<Mask> mask(states, 0);
  for (uint32_t s = 0; s < states; ++s) {
    for (uint64_t e : reg.state_edges(s)) mask[s] |= Mask{1} << (e & 0xFF);
  }
  // Place each state's child group once, breadth first from the root: `order` is the queue.
  constexpr uint32_t kUnplaced = UINT32_MAX;
  std::vector<uint32_t> group(states, kUnplaced);
  std::vector<uint32_t> order{root};
  order.reserve(states);
  group[root] = 0;
  uint32_t next = 1;
  for (size_t k = 0; k < order.size(); ++k) {
    const uint32_t s = order[k];
    auto edges = reg.state_edges(s);
    group[s] = edges.empty() ? 0 : next;
    next += static_cast<uint32_t>(edges.size());
    for (uint64_t e : edges) {
      const uint32_t child = static_cast<uint32_t>(e >> 8);
      if (group[child] == kUnplaced) group[child] = 0, order.push_back(child);
    }
  }
  entries.assign(next, DawgEntry<Mask>{0, 0});
  rank_offset.assign(next, 0);
  entries[0] = {mask[root], group[root]};
  for (uint32_t s : order) {
    uint64_t before = 0;
    uint32_t slot = group[s];
    for (uint64_t e : reg.state_edges(s)) {
      const uint32_t child = static_cast<uint32_t>(e >> 8);
      entries[slot] = {mask[child], group[child]};
      rank_offset[slot] = static_cast<uint32_t>(before);
      before += reg.words_below[child];
      ++slot;
    }
  }
}

}  // namespace

Dawg Dawg::Build(const WordsOfLength& words, int alphabet_size) {
  Dawg dawg;
  dawg.length_ = words.length;
  dawg.word_count_ = words.count();
  if (words.count() == 0) {
    if (alphabet_size > 32) dawg.wide_ = std::vector<DawgEntry<uint64_t>>{{0, 0}};
    else dawg.narrow_ = std::vector<DawgEntry<uint32_t>>{{0, 0}};
    dawg.rank_offset_ = std::vector<uint32_t>{0};
    return dawg;
  }
  if (words.count() >= UINT32_MAX) throw std::length_error("too many words of one length");
  Builder builder(words.length);
  WordView previous;
  for (size_t k = 0; k < words.count(); ++k) {
    WordView word = words.word(k);
    if (k > 0 && !(previous < word))
      throw std::invalid_argument("Dawg::Build: words not sorted and unique");
    builder.Add(word, previous);
    previous = word;
  }
  uint32_t root = builder.Finish();
  dawg.state_count_ = builder.registry().edge_begin.size() - 1;
  std::vector<uint32_t> rank_offset;
  if (alphabet_size > 32) {
    std::vector<DawgEntry<uint64_t>> entries;
    Flatten(builder.registry(), root, entries, rank_offset);
    dawg.wide_ = std::move(entries);
  } else {
    std::vector<DawgEntry<uint32_t>> entries;
    Flatten(builder.registry(), root, entries, rank_offset);
    dawg.narrow_ = std::move(entries);
  }
  dawg.rank_offset_ = std::move(rank_offset);
  return dawg;
}

namespace {

absl::Status Corrupt(int length, std::string_view what) {
  return absl::DataLossError(absl::StrFormat("automaton of length %d: %s", length, what));
}

// The checks of Dawg::FromParts that read the arrays (sizes are checked already).
template <class Mask>
absl::Status CheckAutomaton(int length, size_t word_count, int alphabet_size,
                            std::span<const DawgEntry<Mask>> entries,
                            std::span<const uint32_t> rank_offset) {
  auto corrupt = [&](std::string_view what) { return Corrupt(length, what); };
  const size_t n = entries.size();
  const Mask letters = alphabet_size >= int{8 * sizeof(Mask)} ? ~Mask{0}
                                                              : (Mask{1} << alphabet_size) - 1;
  // Depths breadth first from the root: every child group inside the array, every entry
  // reached, and always at the same depth (so walks are bounded and ranks well defined).
  constexpr uint8_t kUnseen = 0xFF;
  std::vector<uint8_t> depth(n, kUnseen);
  std::vector<uint32_t> order{0};
  depth[0] = 0;
  for (size_t k = 0; k < order.size() && word_count > 0; ++k) {
    const uint32_t e = order[k];
    const DawgEntry<Mask> entry = entries[e];
    if (entry.mask & ~letters)
      return corrupt(absl::StrFormat("entry %d: letters outside the alphabet", e));
    if ((depth[e] == length) != (entry.mask == 0)) {
      return corrupt(absl::StrFormat("entry %d: final state at the wrong depth", e));
    }
    const uint64_t end = uint64_t{entry.first} + std::popcount(entry.mask);
    if (entry.mask != 0 && (entry.first == 0 || end > n)) {
      return corrupt(absl::StrFormat("entry %d: children outside the automaton", e));
    }
    for (uint32_t c = entry.first; entry.mask != 0 && c < end; ++c) {
      if (depth[c] == kUnseen) {
        depth[c] = static_cast<uint8_t>(depth[e] + 1);
        order.push_back(c);
      } else if (depth[c] != depth[e] + 1) {
        return corrupt(absl::StrFormat("entry %d: reached at two depths", c));
      }
    }
  }
  if (order.size() != n) return corrupt("unreachable entries");
  // Words below each entry, deepest first; rank offsets must be the running sums.
  std::vector<uint64_t> below(n, 0);
  for (size_t k = n; word_count > 0 && k-- > 0;) {
    const uint32_t e = order[k];
    const DawgEntry<Mask> entry = entries[e];
    uint64_t sum = entry.mask == 0 ? 1 : 0;
    for (uint32_t c = entry.first; entry.mask != 0 && c < entry.first + std::popcount(entry.mask);
         ++c) {
      if (rank_offset[c] != sum) return corrupt(absl::StrFormat("entry %d: wrong rank offset", c));
      sum += below[c];
    }
    if (sum > word_count) return corrupt("more words than the lexicon has");
    below[e] = sum;
  }
  if (rank_offset[0] != 0 || below[0] != word_count) return corrupt("wrong word count");

  return absl::OkStatus();
}

}  // namespace

template <class Mask>
absl::StatusOr<Dawg> Dawg::FromParts(int length, size_t word_count, size_t state_count,
                                     int alphabet_size, FlatArray<DawgEntry<Mask>> entries,
                                     FlatArray<uint32_t> rank_offset, bool trusted) {
  auto corrupt = [&](std::string_view what) { return Corrupt(length, what); };
  const size_t n = entries.size();
  if (length < 1 || length > kMaxWordLength || alphabet_size < 0 || alphabet_size > kMaxLetters ||
      (sizeof(Mask) == 8) != (alphabet_size > 32)) {
    return corrupt("bad length or alphabet size");
  }
  if (n == 0 || n != rank_offset.size() || n >= UINT32_MAX || word_count >= UINT32_MAX ||
      state_count > n + 1) {
    return corrupt("inconsistent sizes");
  }
  if (word_count == 0 && (n != 1 || entries[0].mask != 0 || entries[0].first != 0)) {
    return corrupt("an empty automaton must be a single empty root");
  }
  if (!trusted) {
    absl::Status status =
        CheckAutomaton<Mask>(length, word_count, alphabet_size, entries, rank_offset);
    if (!status.ok()) return status;
  }
  Dawg dawg;
  dawg.length_ = length;
  dawg.word_count_ = word_count;
  dawg.state_count_ = state_count;
  if constexpr (sizeof(Mask) == 8) dawg.wide_ = std::move(entries);
  else dawg.narrow_ = std::move(entries);
  dawg.rank_offset_ = std::move(rank_offset);
  return dawg;
}

template absl::StatusOr<Dawg> Dawg::FromParts(int, size_t, size_t, int,
                                              FlatArray<DawgEntry<uint32_t>>, FlatArray<uint32_t>,
                                              bool);
template absl::StatusOr<Dawg> Dawg::FromParts(int, size_t, size_t, int,
                                              FlatArray<DawgEntry<uint64_t>>, FlatArray<uint32_t>,
                                              bool);

uint64_t Dawg::Fingerprint() const {
  Hasher hash;
  hash.Add(static_cast<int32_t>(length_));
  hash.Add(static_cast<uint64_t>(word_count_));
  auto add_entries = [&]<class Mask>(const DawgEntry<Mask>* entries) {
    for (size_t e = 0; e < entry_count(); ++e) {  // field by field: wide ones have padding
      hash.Add(entries[e].mask);
      hash.Add(entries[e].first);
    }
  };
  if (wide()) {
    add_entries(entries<uint64_t>());
  } else {
    add_entries(entries<uint32_t>());
  }
  return hash.Digest();
}

size_t Dawg::bytes() const {
  return narrow_.size() * sizeof(narrow_[0]) + wide_.size() * sizeof(wide_[0]) +
         rank_offset_.size() * sizeof(uint32_t);
}

std::optional<uint32_t> Dawg::walk(WordView prefix, uint32_t from) const {
  uint32_t e = from;
  for (Letter c : prefix) {
    if (c >= kMaxLetters || !(mask(e) >> c & 1)) return std::nullopt;
    e = child(e, c);
  }
  return e;
}

bool Dawg::contains(WordView word) const {
  return static_cast<int>(word.size()) == length_ && word_count_ > 0 && walk(word).has_value();
}

std::optional<uint32_t> Dawg::rank(WordView word) const {
  if (!contains(word)) return std::nullopt;
  uint32_t e = kRoot, r = 0;
  for (Letter c : word) {
    e = child(e, c);
    r += rank_offset_[e];
  }
  return r;
}

void Dawg::ForEachMatch(std::span<const LetterSet> allowed,
                        const std::function<void(uint32_t rank)>& found) const {
  assert(static_cast<int>(allowed.size()) == length_);
  if (word_count_ == 0) return;
  // Depth-first, children in letter order: ranks come in sorted order. The depth is at most
  // kMaxWordLength, so recursion is safe.
  auto walk = [&](auto&& self, uint32_t e, int k, uint32_t rank) -> void {
    const LetterSet full = mask(e);
    for (LetterSet m = full & allowed[k]; m; m &= m - 1) {
      const Letter c = static_cast<Letter>(std::countr_zero(m));
      const uint32_t next = child(e, c);
      if (k + 1 == length_) {
        found(rank + rank_offset_[next]);
      } else {
        self(self, next, k + 1, rank + rank_offset_[next]);
      }
    }
  };
  walk(walk, kRoot, 0, 0);
}

Dictionary::Dictionary(Lexicon lexicon, std::vector<Dawg> dawgs,
                       std::shared_ptr<const void> storage)
    : storage_(std::move(storage)), lexicon_(std::move(lexicon)) {
  for (Dawg& dawg : dawgs) {
    assert(dawg.word_count() == lexicon_.words(dawg.length()).count());
    dawgs_[dawg.length()] = std::make_unique<Dawg>(std::move(dawg));
  }
}

const Dawg& Dictionary::dawg(int length) const {
  assert(length >= 1 && length <= kMaxWordLength);
  if (!dawgs_[length]) {
    dawgs_[length] =
        std::make_unique<Dawg>(Dawg::Build(lexicon_.words(length), lexicon_.alphabet().size()));
  }
  return *dawgs_[length];
}

const Dawg& Dictionary::moved_dawg(int length, int moved) const {
  assert(moved >= 0 && moved < length);
  return ReorderedDawg(length, moved);
}

const Dawg& Dictionary::reversed_dawg(int length) const { return ReorderedDawg(length, kReversed); }

const Dawg& Dictionary::ReorderedDawg(int length, int moved) const {
  const std::array<int, 2> key{length, moved};
  for (const auto& [at, dawg] : moved_dawgs_) {
    if (at == key) return *dawg;
  }
  // The reordered words sorted by a radix sort from their last letter to their first: a
  // counting pass per letter, with no comparisons and no string per word.
  const WordsOfLength& words = lexicon_.words(length);
  const size_t n = words.count();
  std::vector<Letter> moved_letters(n * length);
  for (size_t k = 0; k < n; ++k) {
    Letter* word = &moved_letters[k * length];
    std::copy(words.word(k).begin(), words.word(k).end(), word);
    if (moved == kReversed) std::reverse(word, word + length);
    else std::rotate(word + moved, word + moved + 1, word + length);
  }
  std::vector<uint32_t> order(n), sorted(n);
  for (size_t k = 0; k < n; ++k) order[k] = static_cast<uint32_t>(k);
  for (int at = length - 1; at >= 0; --at) {
    std::array<uint32_t, kMaxLetters + 1> start{};
    for (uint32_t k : order) ++start[moved_letters[size_t{k} * length + at] + 1];
    for (int c = 0; c < kMaxLetters; ++c) start[c + 1] += start[c];
    for (uint32_t k : order) sorted[start[moved_letters[size_t{k} * length + at]]++] = k;
    order.swap(sorted);
  }
  std::vector<Letter> letters(n * length);
  for (size_t k = 0; k < n; ++k) {
    std::copy_n(&moved_letters[size_t{order[k]} * length], length, &letters[k * length]);
  }
  WordsOfLength rotated{std::move(letters), std::vector<int64_t>(n, 0), length};
  moved_dawgs_.emplace_back(
      key, std::make_unique<Dawg>(Dawg::Build(rotated, lexicon_.alphabet().size())));
  return *moved_dawgs_.back().second;
}

}  // namespace squares::core
