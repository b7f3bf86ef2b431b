// Hasher: a 64-bit XXH3 hash fed piece by piece, for the fingerprints and keys that tell
// whether two runs read the same data (a list's automaton, a cut of a search, a source's
// bytes). Values are hashed as their bytes: only trivially copyable ones without padding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <type_traits>

#include "xxhash.h"

namespace squares::core {

class Hasher {
 public:
  Hasher() : state_(XXH3_createState()) { XXH3_64bits_reset(state_.get()); }

  void AddBytes(const void* data, size_t size) { XXH3_64bits_update(state_.get(), data, size); }
  template <class T>
    requires std::has_unique_object_representations_v<T>
  void Add(const T& value) {
    AddBytes(&value, sizeof value);
  }
  template <class T>
    requires std::has_unique_object_representations_v<T>
  void AddAll(std::span<const T> values) {
    AddBytes(values.data(), values.size_bytes());
  }
  uint64_t Digest() const { return XXH3_64bits_digest(state_.get()); }

 private:
  struct Free {
    void operator()(XXH3_state_t* state) const { XXH3_freeState(state); }
  };
  std::unique_ptr<XXH3_state_t, Free> state_;
};

}  // namespace squares::core
