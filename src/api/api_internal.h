// What the API's implementation files share: what the public handles hold (detail::*Impl),
// detail::Access to it, and the translation of the engine's absl::Status errors into
// squares::Error.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "api/square_problem.h"
#include "fill/fill_grid.h"
#include "lexicon/dawg.h"
#include "lexicon/lexicon.h"
#include "search/search_tables.h"
#include "search/square_output.h"
#include "search/square_search.h"
#include "squares/dictionary.h"
#include "squares/error.h"
#include "squares/fill.h"
#include "squares/square_search.h"

namespace squares {
namespace detail {

// The engine's dictionary builds an automaton on first use, which is not thread-safe: a call
// holds `mutex` while it builds what its search needs; searches then only read them.
struct DictionaryImpl {
  DictionaryImpl(core::Dictionary d, core::LexiconOptions o, Better b, bool embedded, uint64_t hash)
      : dictionary(std::move(d)), options(o), better(b), is_default(embedded), source_hash(hash) {}
  core::Dictionary dictionary;
  core::LexiconOptions options;  // those it was read with (an index file's own)
  Better better;
  bool is_default = false;
  uint64_t source_hash;  // of the lists read (an index file's own), which its index keeps
  mutable std::mutex mutex;
  mutable core::FilterCache filters;         // under `mutex`: the problems' filtered words
  mutable core::SearchTables search_tables;  // what its searches share (thread-safe)
};

struct SquareSearchImpl {
  SquareOptions options;
  std::optional<Dictionary> dictionary;  // the main one, when the search reads it
  core::SquareSetup setup;
  std::vector<std::string> notes;
  std::string cell_order;  // the shape's cells in search order, by name
  int rows = 0, cols = 0;

  // The engine's search, listing's or counting's (which may order a square's cells
  // otherwise), made on first use; `turned`: counting's with every word reversed.
  const core::SquareSearch& Search(bool count_only, bool turned = false) const;
  // Whether Count() may choose to count turned, Search(true, true), over Search(true) (see
  // SquareOptions::reversed; the runner pilots only a whole count).
  bool MayTurn() const;
  // Cells the count's symmetry exchanges (counting up to it; 0: none).
  int SymmetryCells() const;
  // Cells the symmetry of `search`'s count exchanges (0: none).
  static int MovedCells(const core::SquareSearch& search);
  int SymmetryOrder() const { return Search(true).symmetry_order(); }

 private:
  mutable std::mutex mutex_;
  mutable std::optional<core::SquareSearch> list_, count_, turned_;
};

struct GridImpl;  // grid_internal.h

// The library's way to what a handle holds, and to a handle on it.
struct Access {
  static const DictionaryImpl& Of(const Dictionary& dictionary) { return *dictionary.impl_; }
  static const GridImpl& Of(const Grid& grid) { return *grid.impl_; }
  static const SquareSearchImpl& Of(const SquareSearch& search) { return *search.impl_; }
  static Dictionary Make(std::shared_ptr<const DictionaryImpl> impl) {
    return Dictionary(std::move(impl));
  }
  static Grid Make(std::shared_ptr<const GridImpl> impl) { return Grid(std::move(impl)); }
  static SquareSearch Make(std::shared_ptr<const SquareSearchImpl> impl, const StopFlag* stop) {
    return SquareSearch(std::move(impl), stop);
  }
  // A view of the result at `text` whose strings begin at `bounds` (see SquareView).
  static SquareView MakeView(const char* text, const uint32_t* bounds,
                             const core::ViewStrings& strings, int64_t worst_score,
                             double mean_score) {
    SquareView view;
    view.text_ = text;
    view.bounds_ = bounds;
    view.words_ = static_cast<uint32_t>(strings.words);
    view.rows_begin_ = static_cast<uint32_t>(strings.rows_begin);
    view.rows_ = static_cast<uint32_t>(strings.rows);
    view.worst_score_ = worst_score;
    view.mean_score_ = mean_score;
    return view;
  }
};

}  // namespace detail

namespace api {

template <class Handle>
const auto& ImplOf(const Handle& handle) {
  return detail::Access::Of(handle);
}

// A search whose main dictionary is loaded by `load` only when some word needs it (the
// command line's `shape` does not read an unused --dict); lists a shape names are read with
// `list_options`; `note_unused`: a note says when the main dictionary goes unused.
SquareSearch MakeSquareSearch(const std::function<Dictionary()>& load,
                              const core::LexiconOptions& list_options, bool note_unused,
                              const SquareOptions& options);

// The lexicon options of the public ones.
core::LexiconOptions LexiconOptionsOf(const DictionaryOptions& options);

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
