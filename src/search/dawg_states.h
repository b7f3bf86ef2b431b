// The states of an automaton a given number of letters below its roots, for the parts that
// make a table per state (the sieve, the closing and corner counts): sorted by the child
// group that names them, so that a table can map a state to its row directly.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

#include "lexicon/dawg.h"

namespace squares::core {

// Sorts `states` (indices into `entries`) by the state each entry leads to, named by its
// child group, and keeps one entry per state (the first).
template <class Mask>
void SortStates(const DawgEntry<Mask>* entries, std::vector<uint32_t>& states) {
  if (states.empty()) return;
  // Child groups that lie close together (an automaton laid out by depth) are sorted by a
  // table over their span, without comparisons: sorting them cost most of a search's build.
  uint32_t lo = UINT32_MAX, hi = 0;
  for (uint32_t e : states) {
    lo = std::min(lo, entries[e].first);
    hi = std::max(hi, entries[e].first);
  }
  if (hi - lo <= 4 * states.size() + 1024) {
    std::vector<uint32_t> entry_of(hi - lo + 1, UINT32_MAX);
    for (uint32_t e : states) {
      uint32_t& entry = entry_of[entries[e].first - lo];
      entry = std::min(entry, e);
    }
    states.clear();
    for (uint32_t e : entry_of) {
      if (e != UINT32_MAX) states.push_back(e);
    }
    return;
  }
  // Sorted as (child group, entry) pairs in one word each: no indirection in the comparisons.
  std::vector<uint64_t> keyed(states.size());
  for (size_t k = 0; k < states.size(); ++k)
    keyed[k] = uint64_t{entries[states[k]].first} << 32 | states[k];
  std::sort(keyed.begin(), keyed.end());
  states.clear();
  for (size_t k = 0; k < keyed.size(); ++k) {
    if (k == 0 || keyed[k] >> 32 != keyed[k - 1] >> 32)
      states.push_back(static_cast<uint32_t>(keyed[k]));
  }
}

// The states one letter below `states`, sorted as by SortStates.
template <class Mask>
std::vector<uint32_t> StatesBelow(const DawgEntry<Mask>* entries, const std::vector<uint32_t>& states) {
  std::vector<uint32_t> next;
  for (uint32_t e : states) {
    for (int c = 0; c < std::popcount(entries[e].mask); ++c) next.push_back(entries[e].first + c);
  }
  SortStates(entries, next);
  return next;
}

// The states at `depth` below `root`, breadth first, sorted as by SortStates.
template <class Mask>
std::vector<uint32_t> StatesAt(const DawgEntry<Mask>* entries, uint32_t root, int depth) {
  std::vector<uint32_t> states = {root};
  for (int d = 0; d < depth; ++d) states = StatesBelow(entries, states);
  return states;
}

// Appends the paths of `length` letters below `root` to `letters`, depth first, each in
// letter order (the words of an automaton in rank order, when `root` is its root), and, with
// `ends`, the entry each path leads to.
template <class Mask>
void AppendPaths(const DawgEntry<Mask>* entries, uint32_t root, int length,
                 std::vector<Letter>& letters, std::vector<uint32_t>* ends = nullptr) {
  std::vector<Letter> path(length);
  auto walk = [&](auto& self, uint32_t e, int depth) -> void {
    if (depth == length) {
      letters.insert(letters.end(), path.begin(), path.end());
      if (ends) ends->push_back(e);
      return;
    }
    int k = 0;
    for (Mask m = entries[e].mask; m; m &= m - 1, ++k) {
      path[depth] = static_cast<Letter>(std::countr_zero(m));
      self(self, entries[e].first + k, depth + 1);
    }
  };
  walk(walk, root, 0);
}

// The letters the words below `root` have at each of their first `length` places: the masks
// of the states at that depth, together.
template <class Mask>
std::vector<Mask> LettersAt(const DawgEntry<Mask>* entries, uint32_t root, int length) {
  std::vector<Mask> letters(length, 0);
  std::vector<uint32_t> states = {root};
  for (int depth = 0; depth < length; ++depth) {
    for (uint32_t e : states) letters[depth] |= entries[e].mask;
    if (depth + 1 < length) states = StatesBelow(entries, states);
  }
  return letters;
}

// The states `depth` letters below each of `roots`, together, sorted as by SortStates; empty
// when their child groups lie too far apart to map them directly (not laid out by depth).
template <class Mask>
std::vector<uint32_t> MappableStates(const DawgEntry<Mask>* entries,
                                     const std::vector<std::pair<uint32_t, int>>& roots) {
  std::vector<uint32_t> states;
  for (auto [root, depth] : roots) {
    const std::vector<uint32_t> more = StatesAt(entries, root, depth);
    states.insert(states.end(), more.begin(), more.end());
  }
  SortStates(entries, states);
  if (entries[states.back()].first - entries[states.front()].first > 8 * states.size() + 1024)
    return {};
  return states;
}

// The letters of `states` and of the states up to `depth` - 1 letters below them.
template <class Mask>
Mask LettersBelow(const DawgEntry<Mask>* entries, const std::vector<uint32_t>& states, int depth) {
  Mask letters = 0;
  std::vector<uint32_t> at = states;
  for (int d = 0; d < depth; ++d) {
    std::vector<uint32_t> next;
    for (uint32_t e : at) {
      letters |= entries[e].mask;
      for (int c = 0; c < std::popcount(entries[e].mask); ++c) next.push_back(entries[e].first + c);
    }
    if (d + 1 < depth) SortStates(entries, next);
    at = std::move(next);
  }
  return letters;
}

}  // namespace squares::core
