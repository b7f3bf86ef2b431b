// `squares kakuro BOARD`: solve Kakuro boards on the grid-fill engine (DESIGN §7).
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "absl/strings/str_format.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "fill/grid_fill.h"
#include "puzzles/kakuro.h"

namespace squares::core {
namespace {

constexpr std::string_view kUsage =
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
    {"limit", 'l', "N", "with --all: stop after N solutions"},
    {"check", 0, nullptr, "check that the stored solution is the only one"},
    {"timeout", 't', "SECONDS", "give up on a puzzle after this many seconds (default: none)"},
    {"stats", 0, nullptr, "print search statistics per puzzle on stderr"},
    {"help", 'h', nullptr, "show this help and exit"},
};

int Fail(const absl::Status& status) {
  Output::Stdout().flush();
  std::fprintf(stderr, "squares: %s\n", std::string(status.message()).c_str());
  return ExitCodeFor(status);
}

double Milliseconds(std::chrono::steady_clock::duration d) {
  return std::chrono::duration<double, std::milli>(d).count();
}

// "name: " for a named puzzle, "" for a bare grid.
std::string Prefix(const KakuroBoard& board) { return board.name.empty() ? "" : board.name + ": "; }

// The --check verdict for a puzzle whose search found `solutions` (at most two kept).
std::string CheckVerdict(const KakuroBoard& board, const std::vector<std::vector<uint8_t>>& solutions,
                         bool* ok) {
  *ok = false;
  if (board.solution.empty()) return "FAILED: no stored solution to check";
  if (absl::Status s = CheckKakuroDigits(board, board.solution); !s.ok()) {
    return absl::StrFormat("FAILED: the stored solution is wrong: %s", s.message());
  }
  if (solutions.empty()) return "FAILED: no solution";  // cannot happen: the stored one is one
  if (solutions.size() > 1) return "FAILED: the stored solution is valid but not unique";
  for (int w = 0; w < board.white_count(); ++w) {
    if (solutions[0][w] != board.solution[w]) {  // cannot happen either: a unique solution
      const int cell = board.white_cells[w];
      return absl::StrFormat("FAILED: the stored solution differs at row %d, column %d",
                             cell / board.cols + 1, cell % board.cols + 1);
    }
  }
  *ok = true;
  return "ok: unique, matches the stored solution";
}

}  // namespace

const Command& KakuroCommand() {
  static const Command command{"kakuro", "solve Kakuro boards", kUsage, {kKakuroOptions}, true,
                               RunKakuroCommand};
  return command;
}

std::string KakuroVerdict(int64_t found, bool all, bool timed_out) {
  return timed_out    ? "timed out"
         : found == 0 ? "no solution"
         : found == 1 ? "unique"
         : all        ? absl::StrFormat("%d solutions", found)
                      : "not unique";
}

int RunKakuroCommand(std::span<char* const> args) {
  const auto& tables = KakuroCommand().tables;
  auto parsed = ParseArgs(tables, args);
  if (!parsed.ok()) return Fail(parsed.status());
  const ParsedArgs& a = *parsed;
  if (ShowHelp(a, kUsage, tables)) return kExitOk;
  if (a.positional().size() != 1) {
    return Fail(UsageError("give exactly one BOARD file (try 'squares kakuro --help')"));
  }
  auto limit = a.get_int("limit", 0, 1, INT64_MAX);
  if (!limit.ok()) return Fail(limit.status());
  const bool all = a.has("all"), count = a.has("count"), check = a.has("check");
  if (a.has("limit") && !all) return Fail(UsageError("--limit needs --all"));
  if (check && (all || count)) return Fail(UsageError("--check excludes --all and --count"));
  auto timeout_option = a.get_seconds("timeout", 0);
  if (!timeout_option.ok()) return Fail(timeout_option.status());
  const double timeout = *timeout_option;
  FillOptions options;
  options.all = all;
  options.limit = all ? *limit : count || check ? 2 : 1;
  options.timeout_seconds = timeout;

  const std::string path = a.positional()[0];
  // Several boards of up to 256x256 cells each.
  auto text = ReadFile(path, size_t{8} << 20, "a file of Kakuro boards");
  if (!text.ok()) return Fail(text.status());
  auto boards = ParseKakuro(path, *text);
  if (!boards.ok()) return Fail(boards.status());

  Output& out = Output::Stdout();
  DigitAutomata automata;
  int failed = 0;
  for (size_t i = 0; i < boards->size(); ++i) {
    const KakuroBoard& board = (*boards)[i];
    const bool list = !count && !check;
    if (list && i > 0) out.put('\n');
    if (list && !board.name.empty()) out.write(board.name + "\n");
    const auto start = std::chrono::steady_clock::now();
    const FillProblem problem = KakuroProblem(board, automata);
    const auto built = std::chrono::steady_clock::now();
    std::vector<std::vector<uint8_t>> solutions;  // kept for --check
    std::vector<uint8_t> digits(board.white_count());
    int64_t found = 0;
    FillResult result = Fill(problem, options, [&](std::span<const Letter> letters) {
      for (int w = 0; w < board.white_count(); ++w) digits[w] = static_cast<uint8_t>(letters[w] + 1);
      if (check) solutions.push_back(digits);
      if (list) {
        if (found > 0) out.put('\n');
        out.write(FormatKakuroSolution(board, digits));
      }
      ++found;
      return true;
    });
    const auto solved = std::chrono::steady_clock::now();
    const bool timed_out = result.status == FillStatus::kTimedOut;
    if (list && found == 0 && !timed_out) out.write("no solution\n");
    if (count || check) {
      std::string verdict = KakuroVerdict(found, all, timed_out);
      if (check && !timed_out) {
        bool ok = false;
        verdict = CheckVerdict(board, solutions, &ok);
        failed += !ok;
      }
      out.write(Prefix(board) + verdict + "\n");
    }
    if (timed_out) {
      ++failed;
      out.flush();
      std::fprintf(stderr, "squares: %s: %stimed out after %g s\n", path.c_str(),
                   Prefix(board).c_str(), timeout);
    }
    if (a.has("stats")) {
      out.flush();
      const FillStats& st = result.stats;
      std::fprintf(stderr, "%s",
                   absl::StrFormat("squares: %s%d white cells, %d runs, found %d, %d nodes, "
                                   "%d failures, %d backjumps, %d restarts; automata %.3f ms, "
                                   "search %.3f ms\n",
                                   Prefix(board), board.white_count(), board.runs.size(), found,
                                   st.nodes, st.failures, st.backjumps, st.restarts,
                                   Milliseconds(built - start), Milliseconds(solved - built))
                       .c_str());
    }
  }
  out.flush();
  if (failed > 0 && check) {
    std::fprintf(stderr, "squares: %s: %d of %zu puzzles failed the check\n", path.c_str(), failed,
                 boards->size());
  }
  return failed ? kExitData : kExitOk;
}

}  // namespace squares::core
