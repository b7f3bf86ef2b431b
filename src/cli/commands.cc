#include "cli/commands.h"

#include <cstdio>

#include "absl/strings/str_format.h"

namespace squares::cli {

std::span<const Command* const> Commands() {
  static const Command* const kCommands[] = {
      &SquaresCommand(), &ShapeCommand(),   &StatsCommand(),  &IndexCommand(),
      &FillCommand(),    &RegionsCommand(), &KakuroCommand(), &ServeCommand(),
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
  static constexpr std::pair<std::string_view, DocumentFormat> kFormats[] = {
      {"text", DocumentFormat::kText}, {"lines", DocumentFormat::kLines}, {"jsonl", DocumentFormat::kJsonl},
      {"ipuz", DocumentFormat::kIpuz}, {"latex", DocumentFormat::kLatex}, {"svg", DocumentFormat::kSvg},
      {"puz", DocumentFormat::kPuz},   {"pdf", DocumentFormat::kPdf},
  };
  for (const auto& [format_name, format] : kFormats) {
    if (name == format_name) return format;
  }
  return UsageError(absl::StrFormat(
      "unknown format '%s' (expected text, lines, jsonl, ipuz, latex, svg, puz or pdf)", name));
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

}  // namespace squares::cli
