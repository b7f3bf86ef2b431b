// The word lists a request may name: those the server was given, those the page uploaded, and
// those made from either by a constructor's changes (re-scored and excluded words). The
// uploaded and changed ones are kept least recently used first, a few of each: the page keeps
// what it sent and sends it again when the server answers that a list is unknown.
#pragma once

#include <cstddef>
#include <list>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "serve/requests.h"
#include "squares/dictionary.h"

namespace squares::serve {

// A request named a list the server does not have (never had, or no longer keeps): answered
// 404 with {"error", "unknown-list": id}.
class UnknownList : public BadRequest {
 public:
  explicit UnknownList(std::string id);
  const std::string& id() const { return id_; }

 private:
  std::string id_;
};

struct WordList {
  std::string id;    // what requests name it by
  std::string name;  // what the page shows ("words.txt", "default")
  std::string kind;  // "given", "uploaded" or "changed"
  std::string base;  // a changed list: the id of the list it was made from
  Dictionary dictionary;
};

class WordLists {
 public:
  // The uploaded lists kept, and the changed ones.
  static constexpr size_t kKeptUploads = 4;
  static constexpr size_t kKeptChanged = 4;

  // `given` not empty; the first is the one a request that names none uses. `upload_options`:
  // how an uploaded list is read (its language is the upload's own).
  WordLists(std::vector<WordList> given, DictionaryOptions upload_options);

  // The list `id` names ("": the first given), or UnknownList.
  WordList Find(std::string_view id) const;
  const std::vector<WordList>& given() const { return given_; }

  // An uploaded list read (Dictionary::FromText: a squares::Error names the line of what is
  // wrong, a BadRequest says it has no words), kept under an id its text and language make.
  WordList Upload(const ListUpload& upload);
  // The list `changes.list` names with the changes made, kept under an id they make.
  WordList Change(const ListChange& changes);

 private:
  // The kept list `id`, made the most recently used; null when none.
  const WordList* Kept(std::string_view id) const;
  void Keep(WordList list, size_t most);

  std::vector<WordList> given_;
  DictionaryOptions upload_options_;
  mutable std::mutex mutex_;
  mutable std::list<WordList> kept_;  // uploaded and changed lists, the most recently used first
};

}  // namespace squares::serve
