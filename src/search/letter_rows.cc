// The letter rows (letter_rows.h).
#include "search/letter_rows.h"

#include <bit>

namespace squares::core {

std::shared_ptr<const LetterRows> LetterRows::Get(const WalkPlan& plan,
                                                  const SearchTables::Key& key,
                                                  SearchTables* tables) {
  const size_t entry_count = plan.entry_count();
  if (plan.wide || entry_count * sizeof(LetterRow) > kMaxBytes) return nullptr;
  return SearchTables::Get<LetterRows>(tables, key, [&] {
    const DawgEntry<uint32_t>* entries = plan.entries<uint32_t>();
    LetterRows table;
    table.rows.resize(entry_count);
    std::vector<bool> done(entry_count, false);
    std::vector<uint32_t> open(plan.word_root.begin(), plan.word_root.end());
    while (!open.empty()) {
      const DawgEntry<uint32_t> e = entries[open.back()];
      open.pop_back();
      if (e.mask == 0 || done[e.first]) continue;
      done[e.first] = true;
      uint32_t child = e.first;
      for (uint32_t m = e.mask; m; m &= m - 1, ++child) {
        table.rows[e.first].child[std::countr_zero(m)] = entries[child].mask;
        open.push_back(child);
      }
    }
    return table;
  });
}

}  // namespace squares::core
