// `squares kakuro BOARD`: solve Kakuro boards (the library solves each as a fill of digits).
#include <cstdio>
#include <cstdlib>

#include "absl/strings/str_format.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "squares/puzzles.h"

namespace squares::cli {
namespace {

constexpr std::string_view kKakuroUsage =
    "Usage: squares kakuro [OPTIONS] BOARD\n"
    "Solve Kakuro boards: every white cell gets a digit 1-9, every run sums to its clue with no\n"
    "digit repeated.\n"
    "\n"
    "BOARD holds puzzles 'KAKURO name rows cols', token rows ('.' white, '#' black, 'D\\R' clue\n"
    "with down sum D and right sum R, either may be empty), an optional SOLUTION block and END;\n"
    "or one bare block of token rows. '-' reads stdin.\n"
    "\n"
    "Output: per puzzle its name (when the file gives one), then the solved grid: a digit per\n"
    "white cell, '#' elsewhere. Puzzles are separated by a blank line.\n"
    "Exit status: 0 done (also when a puzzle has no solution), 1 data error, a puzzle timed out\n"
    "or failed --check, 2 usage error.\n";

constexpr OptionSpec kKakuroOptions[] = {
    {"count", 'c', nullptr, "say unique, not unique or no solution (stops at the second solution)"},
    {"all", 'a', nullptr, "list every solution (with --count: count them all)"},
    {"limit", 'l', "N", "with --all: stop after N solutions (0: none, no puzzle searched)"},
    {"check", 0, nullptr, "check that the stored solution is the only one"},
    {"timeout", 't', "SECONDS", "give up on a puzzle after this many seconds (default: none)"},
    {"stats", 0, nullptr, "print search statistics per puzzle on stderr"},
    {"help", 'h', nullptr, "show this help and exit"},
};

// "name: " for a named puzzle, "" for a bare grid.
std::string Prefix(const ::squares::KakuroResult& board) {
  return board.name.empty() ? "" : board.name + ": ";
}

}  // namespace

const Command& KakuroCommand() {
  static const Command command{"kakuro", "solve Kakuro boards", kKakuroUsage, {kKakuroOptions},
                               true,     RunKakuroCommand};
  return command;
}

int RunKakuroCommand(std::span<char* const> args) {
  const auto& tables = KakuroCommand().tables;
  auto parsed = ParseArgs(tables, args);
  if (!parsed.ok()) return Fail(parsed.status());
  const ParsedArgs& a = *parsed;
  if (ShowHelp(a, kKakuroUsage, tables)) return kExitOk;
  if (a.positional().size() != 1) {
    return Fail(UsageError("give exactly one BOARD file (try 'squares kakuro --help')"));
  }
  auto limit = a.get_int("limit", 0, 0, INT64_MAX);
  if (!limit.ok()) return Fail(limit.status());
  const bool all = a.has("all"), count = a.has("count"), check = a.has("check");
  if (a.has("limit") && !all) return Fail(UsageError("--limit needs --all"));
  if (check && (all || count)) return Fail(UsageError("--check excludes --all and --count"));
  auto timeout_option = a.get_seconds("timeout", 0);
  if (!timeout_option.ok()) return Fail(timeout_option.status());
  const double timeout = *timeout_option;
  ::squares::KakuroOptions options;
  options.all = all;
  if (a.has("limit")) options.limit = *limit;
  if (!all) options.limit = count || check ? 2 : 1;
  options.check = check;
  options.timeout = timeout;

  const std::string path = a.positional()[0];
  // Several boards of up to 256x256 cells each.
  auto text = ReadFile(path, size_t{8} << 20, "a file of Kakuro boards");
  if (!text.ok()) return Fail(text.status());
  Output& out = Output::Stdout();
  const bool list = !count && !check;
  int failed = 0;
  size_t boards = 0;
  bool started = false;  // the current board's name is out
  // Each board as it is solved: its name, its solutions, then what it came to.
  auto follow = [&](const ::squares::KakuroResult& board, const std::vector<int>* solution) {
    if (list && !started) {
      if (boards > 0) out.put('\n');
      if (!board.name.empty()) out.write(board.name + "\n");
    }
    started = true;
    if (solution != nullptr) {
      if (list) {
        if (board.count > 0) out.put('\n');
        out.write(KakuroSolutionText(board.rows, board.cols, *solution));
      }
      return true;
    }
    started = false;
    ++boards;
    // At --limit 0 no board is searched (the library's verdict is kTimedOut), as `squares
    // --limit 0` searches no square: not a failure.
    const bool unsearched = options.limit == 0;
    const bool timed_out = board.verdict == ::squares::KakuroVerdict::kTimedOut && !unsearched;
    if (list && board.count == 0 && !timed_out && !unsearched) out.write("no solution\n");
    if (!list) {
      const bool checked = check && !timed_out;
      failed += checked && !board.check_ok;
      out.write(Prefix(board) +
                (unsearched ? "not searched (--limit 0)"
                 : checked  ? board.check
                            : board.verdict_text()) +
                "\n");
    }
    if (timed_out) {
      ++failed;
      out.flush();
      std::fprintf(stderr, "squares: %s: %stimed out after %g s\n", path.c_str(),
                   Prefix(board).c_str(), timeout);
    }
    if (a.has("stats")) {
      out.flush();
      const ::squares::KakuroStats& st = board.stats;
      std::fprintf(stderr, "%s",
                   absl::StrFormat("squares: %s%d white cells, %d runs, found %d, %d nodes, "
                                   "%d failures, %d backjumps, %d restarts; automata %.3f ms, "
                                   "search %.3f ms\n",
                                   Prefix(board), st.white_cells, st.runs, board.count, st.nodes,
                                   st.failures, st.backjumps, st.restarts,
                                   1000 * st.automata_seconds, 1000 * st.search_seconds)
                       .c_str());
    }
    return true;
  };
  try {
    ::squares::SolveKakuro(*text, options, path, follow);
  } catch (const ::squares::Error& error) {
    return Fail(error);
  }
  out.flush();
  if (failed > 0 && check) {
    std::fprintf(stderr, "squares: %s: %d of %zu puzzles failed the check\n", path.c_str(), failed,
                 boards);
  }
  return failed ? kExitData : kExitOk;
}

}  // namespace squares::cli
