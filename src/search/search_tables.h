// The tables a search builds from its automata alone (the closing and corner counts' vectors,
// the look-ahead's reach), not from its own letters, kept per dictionary: every search on the
// same automata then shares one read-only copy instead of building its own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <typeindex>
#include <utility>
#include <vector>

#include "lexicon/dawg.h"

namespace squares::core {

// A cache of tables keyed by what they are built from: the automata a search walks (which
// name its entries, see WalkPlan::automata) and the part's own numbers (roots, depths).
// Thread-safe. A table is built outside the lock, so two searches that want the same one at
// once may both build it; the first kept is the one both read. Bounded: the least recently
// used tables are dropped past kMaxTables or kMaxBytes (a search holds the tables it uses, so
// dropping one frees it only when no search reads it). The automata named in a key must
// outlive the cache (a dictionary's own, kept as long as the dictionary): a key compares them
// by address.
class SearchTables {
 public:
  static constexpr size_t kMaxTables = 32;
  static constexpr size_t kMaxBytes = size_t{512} << 20;

  struct Key {
    std::vector<const Dawg*> automata;
    std::vector<uint32_t> numbers;
    bool operator==(const Key&) const = default;
  };

  // The table of type T (which has `size_t bytes() const`) for `key`, made by `build` when the
  // cache has none. `tables` null: built, not kept.
  template <class T>
  static std::shared_ptr<const T> Get(SearchTables* tables, const Key& key,
                                      const std::function<T()>& build) {
    if (tables == nullptr) return std::make_shared<const T>(build());
    if (std::shared_ptr<const void> found = tables->Find(typeid(T), key))
      return std::static_pointer_cast<const T>(found);
    auto table = std::make_shared<const T>(build());
    return std::static_pointer_cast<const T>(tables->Keep(typeid(T), key, table, table->bytes()));
  }

  size_t size() const;   // tables kept
  size_t bytes() const;  // their bytes

 private:
  struct Entry {
    std::type_index type;
    Key key;
    std::shared_ptr<const void> table;
    size_t bytes;
  };
  std::shared_ptr<const void> Find(std::type_index type, const Key& key);
  // Keeps `table` unless another thread kept one for the key first: the one kept.
  std::shared_ptr<const void> Keep(std::type_index type, const Key& key,
                                   std::shared_ptr<const void> table, size_t bytes);

  mutable std::mutex mutex_;
  std::vector<Entry> entries_;  // the least recently used first
  size_t bytes_ = 0;
};

}  // namespace squares::core
