// The subcommands of the `squares` binary. Each takes its arguments after the subcommand
// name (args[0] is the subcommand or program name) and returns the exit code.
#pragma once

#include <span>

namespace squares {

int RunSquaresCommand(std::span<char* const> args);  // squares [WORD] [-n N] [--double] ...
int RunStatsCommand(std::span<char* const> args);    // squares stats
int RunIndexCommand(std::span<char* const> args);    // squares index LIST... -o FILE
int RunRegionsCommand(std::span<char* const> args);  // squares regions PUZZLE | --make RxC
int RunFillCommand(std::span<char* const> args);     // squares fill GRID
int RunKakuroCommand(std::span<char* const> args);   // squares kakuro BOARD
int RunShapeCommand(std::span<char* const> args);    // squares shape FILE

}  // namespace squares
