// ipuz v2 crossword (the ipuz.org specification), which holds all of the puzzle: void cells
// as null, circles ("shapebg") and shading ("color") as a cell's style, bars as its "barred"
// sides, cells of any letters, the clues with their markup and enumerations, and what the
// puzzle says about itself. Clues as [number, "clue"] (the spec's examples), or as objects that
// also carry the enumeration and the answer (of an entry with every letter); a clue whose
// enumeration the puzzle gives is an object either way. A cell without a letter is the
// "empty" value, 0, in the solution, as the spec's readers (Exolve, xword-parser) take it; a
// grid with no letter at all has no solution.
#include "absl/strings/str_format.h"
#include "fill/fill_document.h"

namespace squares::core {
namespace {

// A white cell's style ("" when it has none): {"shapebg": "circle", "color": "D1D1D1",
// "barred": "RB"}.
std::string CellStyle(const Grid& grid, int i) {
  std::string style;
  const auto add = [&style](std::string_view key, std::string_view value) {
    absl::StrAppendFormat(&style, "%s\"%s\": \"%s\"", style.empty() ? "" : ", ", key, value);
  };
  if (grid.circled(i)) add("shapebg", "circle");
  if (grid.shaded(i)) add("color", "D1D1D1");
  const uint8_t bar = grid.bar(i);
  if (bar != 0) {
    add("barred", (bar & kBarRight) != 0 ? ((bar & kBarBelow) != 0 ? "RB" : "R") : "B");
  }
  return style.empty() ? "" : "{" + style + "}";
}

void AppendGrids(const Puzzle& puzzle, std::string& out) {
  const Grid& grid = puzzle.grid;
  const std::vector<std::string>& letters = puzzle.solution;
  const bool solution = AnyLetter(letters);
  for (int pass = 0; pass < (solution ? 2 : 1); ++pass) {
    out += pass == 0 ? "  \"puzzle\": [\n" : "  \"solution\": [\n";
    for (int r = 0; r < grid.rows; ++r) {
      out += "    [";
      for (int c = 0; c < grid.cols; ++c) {
        const int i = grid.cell(r, c);
        if (c > 0) out += ", ";
        if (grid.is_void(i)) {
          out += "null";
        } else if (grid.black[i]) {
          out += "\"#\"";
        } else if (pass == 1) {
          out += letters[i].empty() ? "0" : JsonString(letters[i]);
        } else if (const std::string style = CellStyle(grid, i); !style.empty()) {
          absl::StrAppendFormat(&out, "{\"cell\": %d, \"style\": %s}", grid.numbers[i], style);
        } else {
          absl::StrAppendFormat(&out, "%d", grid.numbers[i]);
        }
      }
      out += r + 1 < grid.rows ? "],\n" : "]\n";
    }
    out += "  ],\n";
  }
}

void AppendClues(const Puzzle& puzzle, const FillOutputOptions& options, std::string& out) {
  const Grid& grid = puzzle.grid;
  const std::vector<std::string> clues = ShownClues(puzzle);
  const std::vector<std::string> enumerations = Enumerations(puzzle);
  const std::vector<const Clue*> given = MatchClues(grid, puzzle.solution, puzzle.clues);
  out += "  \"clues\": {";
  for (Direction dir : {Direction::kAcross, Direction::kDown}) {
    out += dir == Direction::kAcross ? "\n    \"Across\": [" : ",\n    \"Down\": [";
    bool first = true;
    for (size_t s = 0; s < grid.slots.size(); ++s) {
      const GridSlot& slot = grid.slots[s];
      if (slot.direction != dir) continue;
      if (options.ipuz_clue_arrays && (given[s] == nullptr || given[s]->enumeration.empty())) {
        absl::StrAppendFormat(&out, "%s\n      [%d, %s]", first ? "" : ",", slot.number,
                              JsonString(clues[s]));
      } else {
        const std::string answer = SlotWord(slot, puzzle.solution);
        absl::StrAppendFormat(&out, "%s\n      {\"number\": %d, \"clue\": %s, \"enumeration\": %s",
                              first ? "" : ",", slot.number, JsonString(clues[s]),
                              JsonString(enumerations[s]));
        if (answer.find('.') == std::string::npos) {
          absl::StrAppendFormat(&out, ", \"answer\": %s", JsonString(answer));
        }
        out += "}";
      }
      first = false;
    }
    out += "\n    ]";
  }
  out += "\n  }\n";
}

}  // namespace

void AppendIpuz(const Puzzle& puzzle, const FillOutputOptions& options, std::string& out) {
  const Grid& grid = puzzle.grid;
  const PuzzleInfo& info = puzzle.info;
  out += "{\n  \"version\": \"http://ipuz.org/v2\",\n";
  out += "  \"kind\": [\"http://ipuz.org/crossword#1\"],\n";
  absl::StrAppendFormat(&out, "  \"title\": %s,\n", JsonString(info.title));
  for (const auto& [key, value] : {std::pair{"author", &info.author},
                                   {"editor", &info.editor},
                                   {"copyright", &info.copyright},
                                   {"publisher", &info.publisher},
                                   {"notes", &info.notes},
                                   {"date", &info.date}}) {
    if (!value->empty()) absl::StrAppendFormat(&out, "  \"%s\": %s,\n", key, JsonString(*value));
  }
  out += "  \"origin\": \"squares fill\",\n";
  if (options.quality) {
    absl::StrAppendFormat(&out, "  \"squares:quality\": %s,\n", QualityJson(*options.quality));
  }
  absl::StrAppendFormat(&out, "  \"dimensions\": {\"width\": %d, \"height\": %d},\n", grid.cols,
                        grid.rows);
  out += "  \"block\": \"#\",\n  \"empty\": 0,\n";
  AppendGrids(puzzle, out);
  AppendClues(puzzle, options, out);
  out += "}\n";
}

}  // namespace squares::core
