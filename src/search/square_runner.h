// Running a square search as its options say: split into tasks (for shards, for threads),
// the tasks run on threads and their results handed over in the search's order, up to a
// limit, until stopped; counted or formatted.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>

#include "absl/status/statusor.h"
#include "search/square_output.h"
#include "search/square_search.h"

namespace squares::core {

struct RunOptions {
  uint64_t limit = UINT64_MAX;
  int threads = 1;
  int shard_index = 1, shard_count = 1;  // run only part I of N
  // When set, the key the cut must have (see ShardKey): a run whose cut has another is a
  // FailedPreconditionError naming both, before any result.
  std::optional<uint64_t> shard_key;
  const std::atomic<bool>* stop = nullptr;
  // Called on the calling thread as tasks end (tasks done, tasks, results so far), or null:
  // at most once per progress_every seconds, once the run is past progress_after seconds.
  // Progress splits the search into more tasks, so that it moves.
  std::function<void(size_t, size_t, uint64_t)> progress;
  double progress_every = 0.25, progress_after = 1;
  // A count given a turned one (see CountSquares) pilots both only where the first round of
  // its pilot says it walks at least this many nodes (a smaller count is not worth it).
  uint64_t pilot_nodes = uint64_t{1} << 28;
};

// The number of results, up to the limit (the search made with count_only, unless a limit is
// given: the limit counts results in the listing's order). `turned`, when given, makes the
// same count with SquareProblem::reversed (called only where a pilot needs it): a whole
// count (unsharded, unlimited) runs the one a pilot finds walking less. `counted_by`, when given,
// is set to the search that counted and whose symmetry the count is up to (`search`, its
// one_exchange() or `turned`), or null where it counts every result (sharded, or limited).
absl::StatusOr<SquareStats> CountSquares(const SquareSearch& search, const RunOptions& options,
                                         const SquareSearch** counted_by = nullptr,
                                         const std::function<const SquareSearch&()>& turned = {});
// The results as `formatter` writes them, handed to `out` in pieces of whole results, in
// order, until it returns false.
absl::StatusOr<SquareStats> WriteSquares(const SquareSearch& search,
                                         const SquareFormatter& formatter,
                                         const RunOptions& options,
                                         const std::function<bool(std::string_view)>& out);

// The key of the cut of `search` into `shard_count` parts (RunOptions::shard_count): a hash of
// the parts' tasks and of the search's automata. Runs whose keys are equal cut the same
// parts of the same words, so that parts made by different runs (a run resumed, or parts
// made on other machines) tile the search exactly; another build may weigh the tasks
// differently, and another list has other words.
uint64_t ShardKey(const SquareSearch& search, int shard_count);

}  // namespace squares::core
