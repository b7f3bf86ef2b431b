#include "squares/commands.h"

namespace squares {

std::span<const Command* const> Commands() {
  static const Command* const kCommands[] = {
      &SquaresCommand(), &ShapeCommand(),   &StatsCommand(),  &IndexCommand(),
      &FillCommand(),    &RegionsCommand(), &KakuroCommand(),
  };
  return kCommands;
}

}  // namespace squares
