// The public Puzzle: read by the engine's readers, and translated to and from the engine's
// model (fill/puzzle.h) field by field.
#include "squares/puzzle.h"

#include "absl/strings/str_format.h"
#include "api/api_internal.h"
#include "api/grid_internal.h"
#include "fill/puzzle.h"

namespace squares {
namespace api {

core::Puzzle CorePuzzle(const Puzzle& puzzle, const std::string& source) {
  if (puzzle.rows < 1 || puzzle.cols < 1 || puzzle.rows > core::kMaxGridSide ||
      puzzle.cols > core::kMaxGridSide) {
    Check(absl::DataLossError(absl::StrFormat("%s: a puzzle of %dx%d cells; the largest is %dx%d",
                                              source, puzzle.rows, puzzle.cols,
                                              core::kMaxGridSide, core::kMaxGridSide)));
  }
  if (puzzle.cells.size() != static_cast<size_t>(puzzle.rows * puzzle.cols)) {
    Check(absl::DataLossError(absl::StrFormat("%s: %d cells for a puzzle of %dx%d", source,
                                              puzzle.cells.size(), puzzle.rows, puzzle.cols)));
  }
  core::Puzzle out = core::BlankPuzzle(puzzle.rows, puzzle.cols, puzzle.format);
  core::Grid& g = out.grid;
  const int size = g.size();
  for (int i = 0; i < size; ++i) {
    const PuzzleCell& cell = puzzle.cells[i];
    g.black[i] = cell.kind != CellKind::kWhite;
    g.voids[i] = cell.kind == CellKind::kVoid;
    g.bars[i] = static_cast<uint8_t>((cell.bar_right ? core::kBarRight : 0) |
                                     (cell.bar_below ? core::kBarBelow : 0));
    if (g.black[i]) continue;
    g.fixed[i] = cell.given;
    out.solution[i] = cell.solution;
    g.marks[i] = static_cast<uint8_t>((cell.circled ? core::kCircled : 0) |
                                      (cell.shaded ? core::kShaded : 0));
  }
  Check(core::NumberGrid(source, g));
  const PuzzleInfo& info = puzzle.info;
  out.info = {info.title,     info.author, info.editor,   info.copyright,
              info.date,      info.notes,  info.publisher};
  out.clues = CluesOf(puzzle.clues);
  out.warnings = puzzle.warnings;
  out.locked = puzzle.locked;
  return out;
}

Puzzle PublicPuzzle(const core::Puzzle& puzzle) {
  const core::Grid& g = puzzle.grid;
  Puzzle out;
  out.rows = g.rows;
  out.cols = g.cols;
  out.cells.resize(g.size());
  for (int i = 0; i < g.size(); ++i) {
    PuzzleCell& cell = out.cells[i];
    cell.kind = g.is_void(i) ? CellKind::kVoid : g.black[i] ? CellKind::kBlock : CellKind::kWhite;
    cell.bar_right = (g.bar(i) & core::kBarRight) != 0;
    cell.bar_below = (g.bar(i) & core::kBarBelow) != 0;
    if (g.black[i]) continue;
    cell.given = g.fixed[i];
    if (!puzzle.solution.empty()) cell.solution = puzzle.solution[i];
    cell.circled = g.circled(i);
    cell.shaded = g.shaded(i);
  }
  const core::PuzzleInfo& info = puzzle.info;
  out.info = {info.title,     info.author, info.editor,   info.copyright,
              info.date,      info.notes,  info.publisher};
  for (const core::Clue& clue : puzzle.clues) {
    Clue c;
    c.number = clue.number;
    c.direction =
        clue.direction == core::Direction::kAcross ? Direction::kAcross : Direction::kDown;
    c.word = clue.word;
    c.text = clue.text;
    c.line = clue.line;
    c.enumeration = clue.enumeration;
    out.clues.push_back(std::move(c));
  }
  out.format = puzzle.format;
  out.warnings = puzzle.warnings;
  out.locked = puzzle.locked;
  return out;
}

}  // namespace api

Puzzle Puzzle::Parse(std::string_view bytes, const std::string& source) {
  return api::PublicPuzzle(api::Value(core::ReadPuzzle(source, bytes)));
}

Puzzle Puzzle::Load(const std::string& path) {
  return Parse(api::Value(core::ReadPuzzleFile(path)), path);
}

}  // namespace squares
