// The breakfast test: the tiers of data/offensive a fill leaves out, and what a fill with the
// next tier finds when the words left out are what make a grid unfillable.
#include <algorithm>

#include "absl/strings/str_format.h"
#include "api/api_internal.h"
#include "api/fill_internal.h"
#include "api/grid_internal.h"
#include "lexicon/language.h"
#include "text/strings.h"

namespace squares {

namespace {

constexpr std::string_view kTierNames[] = {"none", "vulgar", "slurs"};

// The words of data/offensive in `tier` (kVulgar or kSlurs), encoded in the dictionary's
// alphabet, sorted; words it cannot spell are left out (no slot holds them).
std::vector<core::Word> TierWords(const Dictionary& dictionary, AllowOffensive tier) {
  const detail::DictionaryImpl& d = api::ImplOf(dictionary);
  const core::Alphabet& alphabet = d.dictionary.alphabet();
  const std::string_view name = tier == AllowOffensive::kSlurs ? "slur" : "vulgar";
  std::vector<core::Word> words;
  for (std::string_view line : core::SplitLines(core::OffensiveWordsText(alphabet.language()))) {
    const size_t tab = line.find('\t');
    if (tab == std::string_view::npos || line.substr(0, tab) != name) continue;
    auto encoded = alphabet.encode(line.substr(tab + 1), d.options.fold_accents);
    if (encoded.ok()) words.push_back(*std::move(encoded));
  }
  std::sort(words.begin(), words.end());
  return words;
}

}  // namespace

AllowOffensive AllowOffensiveNamed(std::string_view name) {
  for (size_t k = 0; k < std::size(kTierNames); ++k) {
    if (name == kTierNames[k]) return static_cast<AllowOffensive>(k);
  }
  api::ThrowUsage(
      absl::StrFormat("allow_offensive: '%s' is not a tier (none, vulgar, slurs)", name));
}

std::string_view AllowOffensiveName(AllowOffensive allow) {
  return kTierNames[static_cast<int>(allow)];
}

namespace api {

core::WordFilter FilterOf(const Dictionary& dictionary, const std::vector<std::string>& exclude,
                          core::ScoreOrder scores, std::optional<int64_t> max_level,
                          AllowOffensive allow) {
  const detail::DictionaryImpl& d = api::ImplOf(dictionary);
  const core::Alphabet& alphabet = d.dictionary.alphabet();
  core::WordFilter filter;
  for (const std::string& word : exclude) {
    auto encoded = alphabet.encode(word, d.options.fold_accents);
    if (encoded.ok()) filter.exclude.push_back(*std::move(encoded));
  }
  for (AllowOffensive tier : {AllowOffensive::kVulgar, AllowOffensive::kSlurs}) {
    if (tier <= allow) continue;
    for (core::Word& word : TierWords(dictionary, tier)) filter.exclude.push_back(std::move(word));
  }
  std::sort(filter.exclude.begin(), filter.exclude.end());
  filter.exclude.erase(std::unique(filter.exclude.begin(), filter.exclude.end()),
                       filter.exclude.end());
  if (max_level) {
    filter.scores = scores;
    filter.max_cost = scores == core::ScoreOrder::kLowerFirst ? *max_level : -*max_level;
  }
  return filter;
}

core::GridFill Problem(const Dictionary& dictionary, const Grid& grid,
                       const core::WordFilter& filter) {
  const auto& impl = api::ImplOf(dictionary);
  std::lock_guard lock(impl.mutex);  // the slots' automata are built on first use
  return api::Value(core::GridFillProblem(api::ImplOf(grid).grid, impl.dictionary, grid.source(),
                                          filter, &impl.filters));
}

std::optional<FillResult::LeftOut> FillWithLeftOut(const Dictionary& dictionary, const Grid& grid,
                                                   const std::vector<std::string>& exclude,
                                                   bool allow_repeats, AllowOffensive allow,
                                                   AllowOffensive last, double seconds,
                                                   const StopFlag* stop) {
  if (allow >= last) return std::nullopt;
  const core::Alphabet& alphabet = api::ImplOf(dictionary).dictionary.alphabet();
  bool undecided = false;
  for (AllowOffensive tier : {AllowOffensive::kVulgar, AllowOffensive::kSlurs}) {
    if (tier <= allow || tier > last) continue;
    const core::GridFill problem =
        Problem(dictionary, grid, FilterOf(dictionary, exclude, core::ScoreOrder::kNone, {}, tier));
    if (problem.too_long >= 0) continue;
    core::FillOptions options;
    options.distinct = !allow_repeats;
    options.block_words = 50;
    options.timeout_seconds = seconds;
    options.stop = stop;
    std::vector<core::Letter> letters;
    const core::FillResult result =
        core::Fill(problem.problem, options, [&](std::span<const core::Letter> fill) {
          letters.assign(fill.begin(), fill.end());
          return false;
        });
    undecided = undecided || result.status == core::FillStatus::kTimedOut;
    if (result.status != core::FillStatus::kFilled) continue;
    FillResult::LeftOut left_out{tier, ""};
    if (tier == AllowOffensive::kVulgar) {
      const std::vector<core::Word> vulgar = TierWords(dictionary, tier);
      for (const core::FillSlot& slot : problem.problem.slots) {
        core::Word word;
        for (int cell : slot.cells) word.push_back(letters[cell]);
        if (std::binary_search(vulgar.begin(), vulgar.end(), word)) {
          left_out.word = alphabet.to_utf8(word, true);
          break;
        }
      }
    }
    return left_out;
  }
  if (undecided) return FillResult::LeftOut{};
  return std::nullopt;  // no fill with them either: leaving them out changes nothing
}

std::string LeftOutMessage(const FillResult::LeftOut& left_out) {
  switch (left_out.tier) {
    case AllowOffensive::kVulgar:
      return absl::StrFormat(
          "no fill without the left-out words; --allow-offensive=vulgar finds one using %s",
          left_out.word);
    case AllowOffensive::kSlurs:
      return "no fill without the left-out words; only a word of the slur tier fills it "
             "(--allow-offensive=slurs)";
    case AllowOffensive::kNone: break;
  }
  return "no fill without the left-out words was found; whether one with them exists was not "
         "decided in the time given (--allow-offensive=vulgar)";
}

}  // namespace api
}  // namespace squares
