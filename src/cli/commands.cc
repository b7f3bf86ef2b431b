#include "cli/commands.h"

#include <cstdio>

#include "api/api_internal.h"

namespace squares::core {

std::span<const Command* const> Commands() {
  static const Command* const kCommands[] = {
      &SquaresCommand(), &ShapeCommand(),   &StatsCommand(),  &IndexCommand(),
      &FillCommand(),    &RegionsCommand(), &KakuroCommand(), &ServeCommand(),
  };
  return kCommands;
}

::squares::Dictionary LoadApiDictionary(const ParsedArgs& args) {
  core::Dictionary dictionary = api::Value(LoadDictionary(args));
  // The built-in list is the default one, whichever lexicon options read it.
  return ::squares::Dictionary::Impl::Wrap(std::move(dictionary), api::Value(LexiconOptionsFrom(args)),
                                           !args.has("dict"));
}

int Fail(const absl::Status& status) {
  Output::Stdout().flush();
  std::fprintf(stderr, "squares: %s\n", std::string(status.message()).c_str());
  return ExitCodeFor(status);
}

int Fail(const ::squares::Error& error) {
  Output::Stdout().flush();
  std::fprintf(stderr, "squares: %s\n", error.what());
  return error.usage() ? kExitUsage : kExitData;
}

}  // namespace squares::core
