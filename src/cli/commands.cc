#include "cli/commands.h"

namespace squares::core {

std::span<const Command* const> Commands() {
  static const Command* const kCommands[] = {
      &SquaresCommand(), &ShapeCommand(),   &StatsCommand(),  &IndexCommand(),
      &FillCommand(),    &RegionsCommand(), &KakuroCommand(),
  };
  return kCommands;
}

}  // namespace squares::core
