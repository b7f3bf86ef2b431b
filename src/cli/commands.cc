#include "cli/commands.h"

#include <cstdio>

#include "absl/strings/str_format.h"

namespace squares::cli {

std::span<const Command* const> Commands() {
  static const Command* const kCommands[] = {
      &SquaresCommand(), &ShapeCommand(),  &StatsCommand(),   &IndexCommand(), &FillCommand(),
      &RegionsCommand(), &KakuroCommand(), &PatternCommand(), &ServeCommand(),
  };
  return kCommands;
}

absl::StatusOr<SquareFormat> SquareFormatNamed(std::string_view name) {
  if (name == "text") return SquareFormat::kText;
  if (name == "lines") return SquareFormat::kLines;
  if (name == "jsonl") return SquareFormat::kJsonl;
  return UsageError(absl::StrFormat("unknown format '%s' (expected text, lines or jsonl)", name));
}

absl::StatusOr<DocumentFormat> DocumentFormatNamed(std::string_view name) {
  try {
    return ::squares::DocumentFormatNamed(name);
  } catch (const Error& error) {
    return UsageError(error.what());
  }
}

int Fail(const absl::Status& status) {
  Output::Stdout().flush();
  std::fprintf(stderr, "squares: %s\n", std::string(status.message()).c_str());
  return ExitCodeFor(status);
}

int Fail(const Error& error) {
  Output::Stdout().flush();
  std::fprintf(stderr, "squares: %s\n", error.what());
  return error.usage() ? kExitUsage : kExitData;
}

int ExitCodeOf(const std::function<absl::Status()>& run) {
  try {
    if (const absl::Status status = run(); !status.ok()) return Fail(status);
  } catch (const Error& error) {
    return Fail(error);
  }
  Output::Stdout().flush();
  return kExitOk;
}

}  // namespace squares::cli
