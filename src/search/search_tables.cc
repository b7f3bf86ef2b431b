// The tables searches share (search_tables.h).
#include "search/search_tables.h"

#include <algorithm>

namespace squares::core {

std::shared_ptr<const void> SearchTables::Find(std::type_index type, const Key& key) {
  std::lock_guard lock(mutex_);
  const auto found = std::find_if(entries_.begin(), entries_.end(), [&](const Entry& entry) {
    return entry.type == type && entry.key == key;
  });
  if (found == entries_.end()) return nullptr;
  std::rotate(found, found + 1, entries_.end());  // now the most recently used
  return entries_.back().table;
}

std::shared_ptr<const void> SearchTables::Keep(std::type_index type, const Key& key,
                                               std::shared_ptr<const void> table, size_t bytes) {
  std::lock_guard lock(mutex_);
  const auto found = std::find_if(entries_.begin(), entries_.end(), [&](const Entry& entry) {
    return entry.type == type && entry.key == key;
  });
  if (found != entries_.end()) return found->table;
  entries_.push_back({type, key, std::move(table), bytes});
  bytes_ += bytes;
  // The oldest go first; the table just kept stays, however large.
  size_t dropped = 0;
  while (entries_.size() - dropped > 1 &&
         (entries_.size() - dropped > kMaxTables || bytes_ > kMaxBytes)) {
    bytes_ -= entries_[dropped++].bytes;
  }
  entries_.erase(entries_.begin(), entries_.begin() + static_cast<std::ptrdiff_t>(dropped));
  return entries_.back().table;
}

size_t SearchTables::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

size_t SearchTables::bytes() const {
  std::lock_guard lock(mutex_);
  return bytes_;
}

}  // namespace squares::core
