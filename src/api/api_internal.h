// What the API's implementation files share: the Impl structs behind the public handles, and
// the translation of the engine's absl::Status errors into squares::Error.
#pragma once

#include <memory>
#include <mutex>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "lexicon/dawg.h"
#include "lexicon/lexicon.h"
#include "squares/dictionary.h"
#include "squares/error.h"

namespace squares {

// The engine's dictionary builds an automaton on first use, which is not thread-safe: a call
// holds `mutex` while it builds what its search needs; searches then only read them.
struct Dictionary::Impl {
  Impl(core::Dictionary d, core::LexiconOptions o, bool is_default)
      : dictionary(std::move(d)), options(o), is_default(is_default) {}
  core::Dictionary dictionary;
  core::LexiconOptions options;  // those it was read with (an index file's own)
  bool is_default = false;
  mutable std::mutex mutex;

  // The handle on an engine dictionary (the command line's, loaded from its options).
  static Dictionary Wrap(core::Dictionary d, core::LexiconOptions o, bool is_default) {
    return Dictionary(std::make_shared<const Impl>(std::move(d), o, is_default));
  }
};

namespace api {

// The Error for a failed status: kInvalidArgument is a usage error, every other a data error;
// a message that starts "SOURCE:LINE:COLUMN: " or "SOURCE:LINE: " gives the position.
Error ToError(const absl::Status& status);
[[noreturn]] inline void Throw(const absl::Status& status) { throw ToError(status); }
inline void Check(const absl::Status& status) {
  if (!status.ok()) Throw(status);
}
template <class T>
T Value(absl::StatusOr<T> value) {
  if (!value.ok()) Throw(value.status());
  return *std::move(value);
}
[[noreturn]] void ThrowUsage(const std::string& message);

}  // namespace api
}  // namespace squares
