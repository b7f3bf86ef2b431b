// The cut of an `all` search into shards: the split (ChooseSplit) and the key of the cut.
#include <cassert>
#include <chrono>
#include <tuple>
#include <vector>

#include <xxhash.h>

#include "fill/filler.h"
#include "fill/grid_fill.h"
#include "lexicon/hasher.h"

namespace squares::core {
namespace fill_internal {

// Picks the split for sharding: the least depth with 32 units per shard (or the depth past
// which no unit has a choice left), counted by searching no unit. Sets this shard's range,
// and, when a key is wanted, hashes the units of the depth chosen (for CutKey). False on
// timeout.
bool Filler::ChooseSplit(uint64_t* conflict) {
  assert(opt_.all);
  const size_t root = trail_.size();
  const int64_t want = int64_t{32} * opt_.shard_count;
  hash_units_ = keying_ || opt_.shard_key.has_value();  // only a key reads the hash
  for (split_depth_ = 0;; ++split_depth_) {
    units_ = unit_begin_ = unit_end_ = 0;
    units_hash_ = 0;
    expandable_ = false;
    Outcome out = Search(0, conflict);
    Undo(root);
    if (out == Outcome::kTimeout) return false;
    if (units_ >= want || !expandable_) break;
  }
  hash_units_ = false;
  cut_units_ = units_;
  unit_begin_ = units_ * (opt_.shard_index - 1) / opt_.shard_count;
  unit_end_ = units_ * opt_.shard_index / opt_.shard_count;
  units_ = 0;
  return true;
}

// Adds the unit at `level` to units_hash_: the decisions above it, in order (with `all` one
// literal, cell * 64 + letter, per level), chained by the hash's seed.
void Filler::HashUnit(int level) {
  unit_literals_.clear();
  for (int l = 0; l < level; ++l)
    unit_literals_.insert(unit_literals_.end(), decision_[l].begin(), decision_[l].end());
  unit_literals_.push_back(static_cast<uint32_t>(level));
  units_hash_ = XXH3_64bits_withSeed(unit_literals_.data(),
                                     unit_literals_.size() * sizeof(uint32_t), units_hash_);
}

// The key of the cut (see FillShardKey): the shard count, the problem, and the units.
uint64_t Filler::CutKey() const {
  Hasher hash;
  hash.Add(uint32_t{1});  // the key's own version
  hash.Add(static_cast<uint64_t>(opt_.shard_count));
  hash.Add(static_cast<uint64_t>(p_.domains.size()));
  hash.AddAll(std::span<const LetterSet>(p_.domains));
  // Each slot's cells, and its words: the automaton and scores, each distinct pair hashed once
  // (slots of one length share them).
  std::vector<std::tuple<const Dawg*, const int64_t*, size_t>> words;
  for (const FillSlot& slot : p_.slots) {
    hash.Add(static_cast<uint64_t>(slot.cells.size()));
    hash.AddAll(std::span<const int>(slot.cells));
    const std::tuple<const Dawg*, const int64_t*, size_t> these{slot.dawg, slot.scores.data(),
                                                                slot.scores.size()};
    size_t w = 0;
    while (w < words.size() && words[w] != these) ++w;
    hash.Add(static_cast<uint64_t>(w));
    if (w < words.size()) continue;
    words.push_back(these);
    hash.Add(slot.dawg->Fingerprint());
    hash.Add(static_cast<uint64_t>(slot.scores.size()));
    hash.AddAll(slot.scores);
  }
  hash.Add(opt_.max_cost);
  hash.Add(static_cast<int32_t>(split_depth_));
  hash.Add(cut_units_);
  hash.Add(units_hash_);
  return hash.Digest();
}

std::optional<uint64_t> Filler::Key() {
  keying_ = true;
  start_ = std::chrono::steady_clock::now();
  std::vector<uint64_t> conflict(w_);
  int bad_slot = -1;
  if (Start(conflict.data(), &bad_slot) == FillStatus::kTimedOut) return std::nullopt;
  return CutKey();
}

}  // namespace fill_internal

std::optional<uint64_t> FillShardKey(const FillProblem& problem, const FillOptions& options) {
  const FillCallback none = [](std::span<const Letter>) { return true; };
  return fill_internal::Filler(problem, options, none).Key();
}

}  // namespace squares::core
