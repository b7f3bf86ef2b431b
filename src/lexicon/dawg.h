// Dawg: the minimal acyclic automaton of all words of one length, in one flat array, built
// with Daciuk's incremental algorithm from the sorted words.
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "absl/status/statusor.h"
#include "lexicon/lexicon.h"

namespace squares::core {

// One entry of the flat automaton. An entry stands for the state an edge leads to:
//   mask  - bit c set <=> the state has an out-edge on letter c (Mask is uint32_t when the
//           alphabet has <= 32 letters, so an entry is 8 bytes; uint64_t otherwise);
//   first - index of the entry for the state's first child. The children of a state are
//           contiguous and in letter order, so the child on letter c is at
//           first + popcount(mask & ((1 << c) - 1)): one dependent load per step.
// Entry 0 is the root. All words have the same length L, so every state at depth L is the
// single final state (mask 0) and every other state has mask != 0: a walk never dead-ends
// before depth L. Indices are 32-bit: half the size of pointers, and a list would need
// billions of edges to overflow them (the builder checks).
template <class Mask>
struct DawgEntry {
  Mask mask;
  uint32_t first;
};

class Dawg {
 public:
  // Builds the automaton of `words` (all of one length, sorted, unique: checked).
  static Dawg Build(const WordsOfLength& words, int alphabet_size);
  // An automaton from its flat arrays, as Build makes them (read from an index file). Checks,
  // before anything else reads them, that every mask uses only the alphabet's letters, every
  // child group lies inside the array, every entry is reached at one depth, exactly the
  // entries at depth `length` are final, and the rank offsets are the counts of words below
  // earlier siblings, totalling `word_count`. A DataLossError says what is wrong. `trusted`
  // (the index this program was built with) skips the checks that read the arrays.
  template <class Mask>
  static absl::StatusOr<Dawg> FromParts(int length, size_t word_count, size_t state_count,
                                        int alphabet_size, FlatArray<DawgEntry<Mask>> entries,
                                        FlatArray<uint32_t> rank_offset, bool trusted = false);

  int length() const { return length_; }
  size_t word_count() const { return word_count_; }
  size_t entry_count() const { return rank_offset_.size(); }
  size_t state_count() const { return state_count_; }  // distinct states incl. the final one
  size_t bytes() const;
  bool wide() const { return !wide_.empty(); }  // alphabet of more than 32 letters
  // A hash of the automaton (its length, number of words and entries): equal automata have
  // equal ones, and the keys of shards (a square search's, a fill's) take it in.
  uint64_t Fingerprint() const;

  static constexpr uint32_t kRoot = 0;

  // Typed access for hot loops; T must match wide() (uint64_t iff wide).
  template <class Mask>
  const DawgEntry<Mask>* entries() const {
    if constexpr (sizeof(Mask) == 8) {
      assert(wide());
      return wide_.data();
    } else {
      assert(!wide());
      return narrow_.data();
    }
  }

  // Generic access (any alphabet size).
  LetterSet mask(uint32_t e) const { return wide() ? wide_[e].mask : narrow_[e].mask; }
  uint32_t first(uint32_t e) const { return wide() ? wide_[e].first : narrow_[e].first; }
  // The child entry of e on letter c; c must be in mask(e).
  uint32_t child(uint32_t e, Letter c) const {
    LetterSet m = mask(e);
    assert(m >> c & 1);
    return first(e) + std::popcount(m & ((LetterSet{1} << c) - 1));
  }
  // Number of words that pass through earlier siblings of e: the sum of rank_offset over a
  // word's path is its rank among the sorted words.
  uint32_t rank_offset(uint32_t e) const { return rank_offset_[e]; }

  // Walks `prefix` from the root; nullopt when it leaves the automaton.
  std::optional<uint32_t> walk(WordView prefix, uint32_t from = kRoot) const;
  bool contains(WordView word) const;
  // Rank of the word in sorted order (0..word_count()-1), nullopt when absent.
  std::optional<uint32_t> rank(WordView word) const;
  // Calls `found` with the rank of each word whose letter k is in allowed[k], in sorted order;
  // allowed.size() must be length().
  void ForEachMatch(std::span<const LetterSet> allowed,
                    const std::function<void(uint32_t rank)>& found) const;

 private:
  int length_ = 0;
  size_t word_count_ = 0, state_count_ = 0;
  FlatArray<DawgEntry<uint32_t>> narrow_;
  FlatArray<DawgEntry<uint64_t>> wide_;
  FlatArray<uint32_t> rank_offset_;
};

// A lexicon with its automata, built per length on first use (not thread-safe: build what a
// search needs with `dawg()` before starting threads).
class Dictionary {
 public:
  explicit Dictionary(Lexicon lexicon) : lexicon_(std::move(lexicon)) {}
  // With automata already built (an index file); each must hold the lexicon's words of its
  // length. `storage` keeps alive the memory the lexicon and automata view (a mapped file).
  Dictionary(Lexicon lexicon, std::vector<Dawg> dawgs, std::shared_ptr<const void> storage = {});

  const Lexicon& lexicon() const { return lexicon_; }
  const Alphabet& alphabet() const { return lexicon_.alphabet(); }
  const Dawg& dawg(int length) const;
  // The automaton of the words of `length` read with their letter `moved` last (the others
  // in order): a search may then place that letter last.
  const Dawg& moved_dawg(int length, int moved) const;
  // The automaton of the words of `length` read from their last letter to their first.
  const Dawg& reversed_dawg(int length) const;

 private:
  std::shared_ptr<const void> storage_;
  Lexicon lexicon_;
  mutable std::array<std::unique_ptr<Dawg>, kMaxWordLength + 1> dawgs_;
  // Keyed by length and moved letter, kReversed: every letter (see reversed_dawg).
  static constexpr int kReversed = -1;
  const Dawg& ReorderedDawg(int length, int moved) const;
  mutable std::vector<std::pair<std::array<int, 2>, std::unique_ptr<Dawg>>> moved_dawgs_;
};

}  // namespace squares::core
