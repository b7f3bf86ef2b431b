#include "puzzles/kakuro.h"

#include <bit>
#include <cassert>
#include <chrono>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_format.h"
#include "fill/grid.h"
#include "text/strings.h"

namespace squares::core {
namespace {

// One line of the file split into whitespace-separated tokens.
struct Line {
  int number;
  std::vector<std::string_view> tokens;
};

std::vector<Line> TokenLines(std::string_view text) {
  std::vector<Line> lines;
  int number = 0;
  for (std::string_view line : SplitString(text, '\n')) {
    Line l{++number, SplitTokens(line)};
    if (!l.tokens.empty()) lines.push_back(std::move(l));  // blank lines separate nothing
  }
  return lines;
}

bool IsKeyword(const Line& line) {
  std::string_view t = line.tokens[0];
  return t == "KAKURO" || t == "SOLUTION" || t == "END";
}

// A sum field of a clue: empty (-1) or up to three decimal digits.
bool ParseSum(std::string_view text, int& sum) {
  sum = -1;
  if (text.empty()) return true;
  if (text.size() > 3) return false;
  sum = 0;
  for (char ch : text) {
    if (ch < '0' || ch > '9') return false;
    sum = sum * 10 + (ch - '0');
  }
  return true;
}

// Reads the token rows and the runs of one board. `rows` are the board's lines.
class BoardReader {
 public:
  BoardReader(std::string_view file, KakuroBoard& board) : file_(file), b_(board) {}

  absl::Status ReadRows(std::span<const Line> rows) {
    if (rows.size() > kMaxGridSide || rows[0].tokens.size() > kMaxGridSide) {
      return absl::DataLossError(absl::StrFormat(
          "%s:%d: board of %dx%d cells; the largest is %dx%d", file_, rows[0].number, rows.size(),
          rows[0].tokens.size(), kMaxGridSide, kMaxGridSide));
    }
    b_.rows = static_cast<int>(rows.size());
    b_.cols = static_cast<int>(rows[0].tokens.size());
    for (const Line& row : rows) {
      row_line_.push_back(row.number);
      if (static_cast<int>(row.tokens.size()) != b_.cols) {
        return absl::DataLossError(absl::StrFormat("%s:%d: row has %d cells, expected %d", file_,
                                                   row.number, row.tokens.size(), b_.cols));
      }
      for (std::string_view t : row.tokens) b_.tokens.emplace_back(t);
    }
    const int n = b_.rows * b_.cols;
    down_.assign(n, -1);
    right_.assign(n, -1);
    b_.white.assign(n, -1);
    for (int cell = 0; cell < n; ++cell) {
      const std::string& t = b_.tokens[cell];
      if (t == ".") {
        b_.white[cell] = b_.white_count();
        b_.white_cells.push_back(cell);
        continue;
      }
      if (t == "#") continue;
      size_t slash = t.find('\\');
      if (slash == std::string::npos ||
          !ParseSum(std::string_view(t).substr(0, slash), down_[cell]) ||
          !ParseSum(std::string_view(t).substr(slash + 1), right_[cell])) {
        return CellError(
            cell, absl::StrFormat("malformed token '%s' (expected '.', '#' or a clue 'D\\R')", t));
      }
    }
    return Runs();
  }

  absl::Status ReadSolution(std::span<const Line> rows) {
    b_.solution.assign(b_.white_count(), 0);
    for (int r = 0; r < b_.rows; ++r) {
      const Line& row = rows[r];
      if (static_cast<int>(row.tokens.size()) != b_.cols) {
        return absl::DataLossError(absl::StrFormat("%s:%d: solution row has %d cells, expected %d",
                                                   file_, row.number, row.tokens.size(), b_.cols));
      }
      for (int c = 0; c < b_.cols; ++c) {
        std::string_view t = row.tokens[c];
        const int w = b_.white[r * b_.cols + c];
        bool ok = w < 0 ? t == "#" : t.size() == 1 && t[0] >= '1' && t[0] <= '9';
        if (!ok) {
          return absl::DataLossError(absl::StrFormat(
              "%s:%d: solution row %d, column %d: expected %s, found '%s'", file_, row.number,
              r + 1, c + 1, w < 0 ? "'#' (not a white cell)" : "a digit 1-9 (white cell)", t));
        }
        if (w >= 0) b_.solution[w] = static_cast<uint8_t>(t[0] - '0');
      }
    }
    return absl::OkStatus();
  }

 private:
  absl::Status CellError(int cell, const std::string& message) const {
    return absl::DataLossError(absl::StrFormat("%s:%d: row %d, column %d: %s", file_,
                                               row_line_[cell / b_.cols], cell / b_.cols + 1,
                                               cell % b_.cols + 1, message));
  }

  // The number of white cells from `cell` on, across or down.
  int RunLength(int cell, bool down) const {
    int r = cell / b_.cols, c = cell % b_.cols, length = 0;
    while (r < b_.rows && c < b_.cols && b_.white[r * b_.cols + c] >= 0) {
      ++length;
      (down ? r : c) += 1;
    }
    return length;
  }

  absl::Status Runs() {
    const int n = b_.rows * b_.cols;
    std::vector<int> runs_of(b_.white_count(), 0);
    for (int cell = 0; cell < n; ++cell) {
      for (bool down : {false, true}) {
        const int sum = down ? down_[cell] : right_[cell];
        if (sum < 0) continue;
        const int r = cell / b_.cols, c = cell % b_.cols;
        const bool at_edge = down ? r + 1 == b_.rows : c + 1 == b_.cols;
        const int next = cell + (down ? b_.cols : 1);
        const int length = at_edge ? 0 : RunLength(next, down);
        const char* dir = down ? "down" : "right";
        if (length == 0) {
          return CellError(cell,
                           absl::StrFormat("clue '%s' has a %s sum but no run %s", b_.tokens[cell],
                                           dir, down ? "below it" : "to its right"));
        }
        if (length > kKakuroDigits) {
          return CellError(cell, absl::StrFormat("the run %s this clue has %d cells, more than 9",
                                                 down ? "below" : "right of", length));
        }
        if (sum < MinRunSum(length) || sum > MaxRunSum(length)) {
          return CellError(cell,
                           absl::StrFormat("%s sum %d is impossible for %d cells (distinct "
                                           "digits make %d..%d)",
                                           dir, sum, length, MinRunSum(length), MaxRunSum(length)));
        }
        KakuroRun run{down, r, c, sum, {}};
        for (int k = 0; k < length; ++k) {
          const int w = b_.white[next + k * (down ? b_.cols : 1)];
          run.cells.push_back(w);
          ++runs_of[w];
        }
        b_.runs.push_back(std::move(run));
      }
    }
    // A line of 2+ white cells must follow a clue with a sum in its direction.
    for (int w = 0; w < b_.white_count(); ++w) {
      const int cell = b_.white_cells[w], r = cell / b_.cols, c = cell % b_.cols;
      for (bool down : {false, true}) {
        const bool starts = down ? r == 0 || b_.white[cell - b_.cols] < 0
                                 : c == 0 || b_.white[cell - 1] < 0;
        const int before = down ? cell - b_.cols : cell - 1;
        const bool clued = (down ? r : c) > 0 && (down ? down_ : right_)[before] >= 0;
        if (starts && !clued && RunLength(cell, down) >= 2) {
          return CellError(cell, absl::StrFormat("a run of %d white cells %s starts here with no "
                                                 "clue before it",
                                                 RunLength(cell, down), down ? "down" : "across"));
        }
      }
      if (runs_of[w] == 0) return CellError(cell, "white cell in no run");
    }
    return absl::OkStatus();
  }

  std::string_view file_;
  KakuroBoard& b_;
  std::vector<int> row_line_;
  std::vector<int> down_, right_;  // clue sums per cell, -1 = none
};

absl::Status LineError(std::string_view file, const Line& line, const std::string& message) {
  return core::LineError(file, line.number, message);
}

// The rows of a block: lines up to the next keyword (or `count` lines when count >= 0).
std::span<const Line> Block(std::span<const Line> lines, size_t& i, int count) {
  size_t begin = i;
  while (i < lines.size() && (count < 0 || static_cast<int>(i - begin) < count) &&
         !IsKeyword(lines[i])) {
    ++i;
  }
  return lines.subspan(begin, i - begin);
}

// The digit sets (bit d = digit d + 1) grouped by (size, sum): sets[size][sum] in increasing
// order, and index[v] = the position of set v in its group. A group has at most 12 sets.
struct DigitSets {
  std::array<std::array<std::vector<uint16_t>, 46>, 10> sets;
  std::array<uint8_t, 512> index;
  DigitSets() {
    for (unsigned v = 0; v < 512; ++v) {
      int sum = 0;
      for (int d = 0; d < kKakuroDigits; ++d) sum += (v >> d & 1) * (d + 1);
      std::vector<uint16_t>& group = sets[std::popcount(v)][sum];
      index[v] = static_cast<uint8_t>(group.size());
      assert(group.size() < 12);  // a family is a 12-bit map (see DigitAutomata::Get)
      group.push_back(static_cast<uint16_t>(v));
    }
  }
};

const DigitSets& Sets() {
  static const DigitSets sets;
  return sets;
}

}  // namespace

int MinRunSum(int length) { return length * (length + 1) / 2; }
int MaxRunSum(int length) { return length * (19 - length) / 2; }

absl::StatusOr<std::vector<KakuroBoard>> ParseKakuro(std::string_view name, std::string_view text) {
  const std::vector<Line> lines = TokenLines(text);
  std::vector<KakuroBoard> boards;
  if (lines.empty()) return absl::DataLossError(absl::StrFormat("%s: no board", name));
  const bool bare = lines[0].tokens[0] != "KAKURO";
  size_t i = 0;
  while (i < lines.size()) {
    KakuroBoard& b = boards.emplace_back();
    BoardReader reader(name, b);
    int rows = -1;
    if (!bare) {
      const Line& header = lines[i++];
      int cols = 0;
      if (header.tokens[0] != "KAKURO") {
        return LineError(
            name, header,
            absl::StrFormat("expected 'KAKURO name rows cols', found '%s'", header.tokens[0]));
      }
      if (header.tokens.size() != 4 || !ParseInt(header.tokens[2], rows) ||
          !ParseInt(header.tokens[3], cols) || rows < 1 || cols < 1) {
        return LineError(name, header, "a header is 'KAKURO name rows cols' (rows, cols >= 1)");
      }
      b.name = std::string(header.tokens[1]);
      b.line = header.number;
      std::span<const Line> block = Block(lines, i, rows);
      if (static_cast<int>(block.size()) != rows) {
        return LineError(name, header,
                         absl::StrFormat("board '%s' has %d rows, the header says %d", b.name,
                                         block.size(), rows));
      }
      if (auto s = reader.ReadRows(block); !s.ok()) return s;
      if (b.cols != cols) {
        return LineError(name, block[0],
                         absl::StrFormat("row has %d cells, the header says %d", b.cols, cols));
      }
    } else {
      std::span<const Line> block = Block(lines, i, -1);
      if (block.empty()) {
        return LineError(name, lines[i],
                         absl::StrFormat("'%s' before any board row", lines[i].tokens[0]));
      }
      b.line = block[0].number;
      if (auto s = reader.ReadRows(block); !s.ok()) return s;
    }
    if (i < lines.size() && lines[i].tokens[0] == "SOLUTION" && lines[i].tokens.size() == 1) {
      const Line& keyword = lines[i++];
      std::span<const Line> block = Block(lines, i, b.rows);
      if (static_cast<int>(block.size()) != b.rows) {
        return LineError(
            name, keyword,
            absl::StrFormat("the solution has %d rows, the board %d", block.size(), b.rows));
      }
      if (auto s = reader.ReadSolution(block); !s.ok()) return s;
    }
    const bool end = i < lines.size() && lines[i].tokens[0] == "END" && lines[i].tokens.size() == 1;
    if (end) ++i;
    if (!end && (!bare || i < lines.size())) {
      if (i == lines.size()) {
        return absl::DataLossError(absl::StrFormat("%s: board '%s' has no END line", name, b.name));
      }
      return LineError(name, lines[i],
                       absl::StrFormat("expected %sEND, found '%s'",
                                       b.solution.empty() ? "SOLUTION or " : "",
                                       lines[i].tokens[0]));
    }
    if (bare && i < lines.size()) {
      return LineError(name, lines[i], "text after the end of a board without a KAKURO header");
    }
  }
  return boards;
}

// The minimal automaton of the strings of `length` distinct digits with sum `sum`, built
// state by state. After a prefix, what may follow is any ordering of any set V of unused digits
// with |V| = length - k and the remaining sum: the state IS that family of sets, and two
// prefixes have the same future exactly when their families are equal, so keying states by
// family gives the minimal automaton. A family lies in one (size, sum) group of DigitSets, so
// it is named by (remaining sum, bitmap of positions in the group): 32 bits. Reading digit d
// maps the family F to { V - d : V in F, d in V }. The layout is Dawg::Build's: breadth first,
// each state's children contiguous in digit order, the final state {∅} with mask 0.
const Dawg& DigitAutomata::Get(int length, int sum) {
  assert(length >= 1 && length <= kKakuroDigits && sum >= 0 && sum <= 45);
  std::unique_ptr<Dawg>& slot = cache_[length * 46 + sum];
  if (slot) return *slot;
  const DigitSets& ds = Sets();
  // A state: remaining length and sum, and the family's positions in ds.sets[size][sum].
  struct State {
    int size, sum;
    uint32_t family;
  };
  auto key = [](int size, int sum, uint32_t family) {
    return (static_cast<uint32_t>(size * 46 + sum) << 12) | family;
  };
  const uint32_t root_family = (uint32_t{1} << ds.sets[length][sum].size()) - 1;
  // Breadth first: states[s] is state s; its children are the entries
  // group[s] .. group[s] + popcount(masks[s]) - 1, and target[e] is the state entry e stands for.
  std::vector<State> states{{length, sum, root_family}};
  std::vector<uint32_t> masks, group, target{0};
  absl::flat_hash_map<uint32_t, uint32_t> id{{key(length, sum, root_family), 0}};
  for (size_t s = 0; s < states.size(); ++s) {  // states grows as we go
    const State st = states[s];
    const std::vector<uint16_t>& members = ds.sets[st.size][st.sum];
    uint32_t mask = 0;
    for (uint32_t f = st.family; f; f &= f - 1) mask |= members[std::countr_zero(f)];
    if (st.size == 0) mask = 0;  // the final state {∅}
    masks.push_back(mask);
    group.push_back(mask ? static_cast<uint32_t>(target.size()) : 0);
    for (uint32_t m = mask; m; m &= m - 1) {
      const int d = std::countr_zero(m);
      uint32_t child = 0;
      for (uint32_t f = st.family; f; f &= f - 1) {
        const unsigned v = members[std::countr_zero(f)];
        if (v >> d & 1) child |= uint32_t{1} << ds.index[v & ~(1u << d)];
      }
      const State next{st.size - 1, st.sum - (d + 1), child};
      auto [it, inserted] = id.try_emplace(key(next.size, next.sum, child), states.size());
      if (inserted) states.push_back(next);
      target.push_back(it->second);
    }
  }
  // Words below each state (children come after their parent), and the flat entries.
  std::vector<uint64_t> below(states.size(), 0);
  for (size_t s = states.size(); s-- > 0;) {
    below[s] = masks[s] ? 0 : 1;
    for (int k = 0; k < std::popcount(masks[s]); ++k) below[s] += below[target[group[s] + k]];
  }
  std::vector<DawgEntry<uint32_t>> entries(target.size());
  std::vector<uint32_t> rank_offset(target.size(), 0);
  for (size_t e = 0; e < target.size(); ++e) entries[e] = {masks[target[e]], group[target[e]]};
  for (size_t s = 0; s < states.size(); ++s) {
    uint64_t before = 0;
    for (int k = 0; k < std::popcount(masks[s]); ++k) {
      rank_offset[group[s] + k] = static_cast<uint32_t>(before);
      before += below[target[group[s] + k]];
    }
  }
  const size_t words = masks[0] ? below[0] : 0;  // an impossible sum: the empty automaton
  auto dawg = Dawg::FromParts<uint32_t>(length, words, words ? states.size() : 1, kKakuroDigits,
                                        std::move(entries), std::move(rank_offset));
  assert(dawg.ok());
  slot = std::make_unique<Dawg>(*std::move(dawg));
  return *slot;
}

FillProblem KakuroProblem(const KakuroBoard& board, DigitAutomata& automata) {
  FillProblem problem;
  problem.domains.assign(board.white_count(), (LetterSet{1} << kKakuroDigits) - 1);
  for (const KakuroRun& run : board.runs) {
    problem.slots.push_back(
        {run.cells, &automata.Get(static_cast<int>(run.cells.size()), run.sum), {}});
  }
  return problem;
}

absl::Status CheckKakuroDigits(const KakuroBoard& board, std::span<const uint8_t> digits) {
  for (const KakuroRun& run : board.runs) {
    int sum = 0;
    unsigned seen = 0;
    for (int w : run.cells) {
      const int d = digits[w];
      if (seen >> d & 1) {
        return absl::DataLossError(absl::StrFormat(
            "the run %s the clue at row %d, column %d repeats the digit %d",
            run.down ? "below" : "right of", run.clue_row + 1, run.clue_col + 1, d));
      }
      seen |= 1u << d;
      sum += d;
    }
    if (sum != run.sum) {
      return absl::DataLossError(absl::StrFormat(
          "the run %s the clue at row %d, column %d sums to %d, the clue says %d",
          run.down ? "below" : "right of", run.clue_row + 1, run.clue_col + 1, sum, run.sum));
    }
  }
  return absl::OkStatus();
}

std::string FormatKakuroSolution(const KakuroBoard& board, std::span<const uint8_t> digits) {
  std::vector<int> cells(board.white.size(), 0);
  for (int w = 0; w < board.white_count(); ++w) cells[board.white_cells[w]] = digits[w];
  return FormatKakuroCells(board.rows, board.cols, cells);
}

std::string FormatKakuroCells(int rows, int cols, std::span<const int> digits) {
  std::string out;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const int d = digits[r * cols + c];
      if (c > 0) out += ' ';
      out += d == 0 ? '#' : static_cast<char>('0' + d);
    }
    out += '\n';
  }
  return out;
}

KakuroSearch SearchKakuro(const KakuroBoard& board, DigitAutomata& automata,
                          const FillOptions& options,
                          const std::function<bool(std::span<const uint8_t>)>& found) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const FillProblem problem = KakuroProblem(board, automata);
  const auto built = Clock::now();
  std::vector<uint8_t> digits(board.white_count());
  KakuroSearch search;
  search.result = Fill(problem, options, [&](std::span<const Letter> letters) {
    for (int w = 0; w < board.white_count(); ++w) digits[w] = static_cast<uint8_t>(letters[w] + 1);
    return found(digits);
  });
  search.automata_seconds = std::chrono::duration<double>(built - start).count();
  search.search_seconds = std::chrono::duration<double>(Clock::now() - built).count();
  return search;
}

std::string KakuroVerdictText(int64_t found, bool all, bool timed_out) {
  return timed_out    ? "timed out"
         : found == 0 ? "no solution"
         : found == 1 ? "unique"
         : all        ? absl::StrFormat("%d solutions", found)
                      : "not unique";
}

std::string KakuroCheckVerdict(const KakuroBoard& board,
                               const std::vector<std::vector<uint8_t>>& solutions, bool* ok) {
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

}  // namespace squares::core
