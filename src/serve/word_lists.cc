// The word lists requests name: given, uploaded, changed; the kept ones bounded in number.
#include "serve/word_lists.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>

namespace squares::serve {
namespace {

// FNV-1a, 64 bits, over `parts` each followed by a NUL: an id that the same content gives
// again after a restart.
std::string HashId(std::string_view prefix, std::initializer_list<std::string_view> parts) {
  uint64_t hash = 0xcbf29ce484222325u;
  for (std::string_view part : parts) {
    for (unsigned char byte : part) hash = (hash ^ byte) * 0x100000001b3u;
    hash *= 0x100000001b3u;
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
  return std::string(prefix) + hex;
}

}  // namespace

UnknownList::UnknownList(std::string id)
    : BadRequest("the word list " + id +
                 " is not on the server: it keeps the last few uploaded lists only"),
      id_(std::move(id)) {}

WordLists::WordLists(std::vector<WordList> given, DictionaryOptions upload_options)
    : given_(std::move(given)), upload_options_(std::move(upload_options)) {
  upload_options_.on_note = nullptr;
}

WordList WordLists::Find(std::string_view id) const {
  if (id.empty()) return given_.front();
  for (const WordList& list : given_) {
    if (list.id == id) return list;
  }
  std::lock_guard lock(mutex_);
  if (const WordList* list = Kept(id)) return *list;
  throw UnknownList(std::string(id));
}

const WordList* WordLists::Kept(std::string_view id) const {
  for (auto it = kept_.begin(); it != kept_.end(); ++it) {
    if (it->id == id) {
      kept_.splice(kept_.begin(), kept_, it);
      return &kept_.front();
    }
  }
  return nullptr;
}

void WordLists::Keep(WordList list, size_t most) {
  std::lock_guard lock(mutex_);
  if (Kept(list.id)) return;  // made meanwhile by another request
  const std::string kind = list.kind;
  kept_.push_front(std::move(list));
  size_t count = 0;
  for (auto it = kept_.begin(); it != kept_.end();) {
    if (it->kind == kind && ++count > most) {
      it = kept_.erase(it);
    } else {
      ++it;
    }
  }
}

WordList WordLists::Upload(const ListUpload& upload) {
  DictionaryOptions options = upload_options_;
  options.language = upload.language;
  const std::string name = upload.name.empty() ? "<upload>" : upload.name;
  WordList list{HashId("u-", {upload.language, upload.text}), name, "uploaded", "",
                Dictionary::FromText(upload.text, name, options)};
  if (list.dictionary.size() == 0) {
    throw BadRequest(name + " has no words: a word list has one word a line");
  }
  Keep(list, kKeptUploads);
  return list;
}

WordList WordLists::Change(const ListChange& changes) {
  const WordList base = Find(changes.list);
  // The id: the base's and the changes', in an order of their own.
  std::vector<std::string> parts;
  for (const ScoredWord& word : changes.changes.scores)
    parts.push_back(word.word + ";" + std::to_string(word.score));
  std::sort(parts.begin(), parts.end());
  std::vector<std::string> excluded = changes.changes.excluded;
  std::sort(excluded.begin(), excluded.end());
  std::string key;
  for (const std::string& part : parts) key += part + "\n";
  key += "\n";
  for (const std::string& word : excluded) key += word + "\n";
  WordList list{HashId("c-", {base.id, key}), base.name + " (changed)", "changed", base.id,
                base.dictionary.Changed(changes.changes)};
  Keep(list, kKeptChanged);
  return list;
}

}  // namespace squares::serve
