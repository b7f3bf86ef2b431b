// Square search: the sibling memo's table (see sibling_memo.h).
#include "search/sibling_memo.h"

#include <cstring>

namespace squares::core {

SiblingMemo::Record SiblingMemo::Enter(const MemoKey& key, uint32_t later, bool& record) {
  std::lock_guard lock(mutex_);
  const auto it = entries_.find(key);
  if (it == entries_.end()) {
    record = later > 0;
    if (record) entries_[key].uses = later;
    return {};
  }
  record = false;
  Entry& entry = it->second;
  if (entry.uses > 0) --entry.uses;
  if (!entry.bytes) return {};  // still being recorded
  ++entry.readers;
  return {entry.bytes.get(), entry.results};
}

void SiblingMemo::Release(const MemoKey& key) {
  std::lock_guard lock(mutex_);
  const auto it = entries_.find(key);
  Entry& entry = it->second;
  if (--entry.readers == 0 && entry.uses == 0) {
    held_ -= entry.size;
    entries_.erase(it);
  }
}

void SiblingMemo::Keep(const MemoKey& key, const char* from, size_t bytes, uint32_t results) {
  std::lock_guard lock(mutex_);
  const auto it = entries_.find(key);
  Entry& entry = it->second;
  const size_t size = bytes + kReadPast;
  if (!from || entry.uses == 0 || held_ + size > kMaxBytes) {
    entries_.erase(it);
    return;
  }
  entry.bytes.reset(new char[size]);
  std::memcpy(entry.bytes.get(), from, bytes);
  std::memset(entry.bytes.get() + bytes, 0, kReadPast);
  entry.size = size;
  entry.results = results;
  held_ += size;
}

char* SiblingMemo::Scratch() {
  thread_local std::unique_ptr<char[]> scratch(new char[kMaxRecord]);  // malloc maps it untouched
  return scratch.get();
}

}  // namespace squares::core
