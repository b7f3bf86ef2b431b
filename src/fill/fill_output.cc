#include "fill/fill_output.h"

#include <algorithm>
#include <map>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"

namespace squares::core {
namespace {

std::string SlotWord(const GridSlot& slot, const std::vector<std::string>& letters) {
  std::string word;
  for (int c : slot.cells) word += letters[c];
  return word;
}

// Words grouped by length (in letters), each group sorted, as printed fill-ins show them.
std::map<int, std::vector<std::string>> WordsByLength(const Grid& grid,
                                                      const std::vector<std::string>& letters) {
  std::map<int, std::vector<std::string>> groups;
  for (const GridSlot& slot : grid.slots) groups[slot.length].push_back(SlotWord(slot, letters));
  for (auto& [length, words] : groups) std::sort(words.begin(), words.end());
  return groups;
}

void AppendText(const Grid& grid, const std::vector<std::string>& letters, bool fill_in,
                std::string& out) {
  for (int r = 0; r < grid.rows; ++r) {
    for (int c = 0; c < grid.cols; ++c) {
      int i = grid.cell(r, c);
      out += grid.black[i] ? "#" : letters[i];
    }
    out += '\n';
  }
  if (fill_in) {
    for (const auto& [length, words] : WordsByLength(grid, letters)) {
      absl::StrAppendFormat(&out, "\n%d letters\n", length);
      for (const std::string& word : words) absl::StrAppendFormat(&out, "%s\n", word);
    }
    return;
  }
  Direction last = Direction::kDown;
  for (size_t s = 0; s < grid.slots.size(); ++s) {
    const GridSlot& slot = grid.slots[s];
    if (s == 0 || slot.direction != last) {
      out += slot.direction == Direction::kAcross ? "\nAcross\n" : "\nDown\n";
      last = slot.direction;
    }
    absl::StrAppendFormat(&out, "%d. %s\n", slot.number, SlotWord(slot, letters));
  }
}

void AppendLines(const Grid& grid, const std::vector<std::string>& letters, std::string& out) {
  for (int r = 0; r < grid.rows; ++r) {
    if (r > 0) out += ' ';
    for (int c = 0; c < grid.cols; ++c) {
      int i = grid.cell(r, c);
      out += grid.black[i] ? "#" : letters[i];
    }
  }
  out += '\n';
}

std::string JsonString(std::string_view text) {
  std::string out = "\"";
  for (char ch : text) {
    if (ch == '"' || ch == '\\') out += '\\';
    if (static_cast<unsigned char>(ch) < 0x20) {
      absl::StrAppendFormat(&out, "\\u%04x", ch);
      continue;
    }
    out += ch;
  }
  return out + "\"";
}

// {"worst": ..., "worst_score": ..., "mean_score": ...[, "bound": ..., "proven": ...,
// "mean_proven": ...]}
std::string QualityJson(const FillQuality& q) {
  std::string out = absl::StrFormat("{\"worst\": %s, \"worst_score\": %d, \"mean_score\": %.2f",
                                    JsonString(q.worst_word), q.worst_score, q.mean_score);
  if (q.searched) {
    absl::StrAppendFormat(&out, ", \"bound\": %d, \"proven\": %s, \"mean_proven\": %s", q.bound,
                          q.proven ? "true" : "false", q.mean_proven ? "true" : "false");
  }
  return out + "}";
}

// One JSON object: {"rows": [...], "across": [...], "down": [...][, "quality": {...}]}.
void AppendJsonl(const Grid& grid, const std::vector<std::string>& letters,
                 const FillOutputOptions& options, std::string& out) {
  out += "{\"rows\": [";
  for (int r = 0; r < grid.rows; ++r) {
    std::string row;
    for (int c = 0; c < grid.cols; ++c) {
      const int i = grid.cell(r, c);
      row += grid.black[i] ? "#" : letters[i];
    }
    absl::StrAppendFormat(&out, "%s%s", r > 0 ? ", " : "", JsonString(row));
  }
  for (Direction dir : {Direction::kAcross, Direction::kDown}) {
    out += dir == Direction::kAcross ? "], \"across\": [" : "], \"down\": [";
    bool first = true;
    for (const GridSlot& slot : grid.slots) {
      if (slot.direction != dir) continue;
      absl::StrAppendFormat(&out, "%s%s", first ? "" : ", ", JsonString(SlotWord(slot, letters)));
      first = false;
    }
  }
  out += "]";
  if (options.quality) absl::StrAppendFormat(&out, ", \"quality\": %s", QualityJson(*options.quality));
  out += "}\n";
}

// ipuz v2 crossword (FORMATS.md §7). Clue texts are empty; each clue carries its answer.
void AppendIpuz(const Grid& grid, const std::vector<std::string>& letters,
                const FillOutputOptions& options, std::string& out) {
  out += "{\n  \"version\": \"http://ipuz.org/v2\",\n";
  out += "  \"kind\": [\"http://ipuz.org/crossword#1\"],\n";
  absl::StrAppendFormat(&out, "  \"title\": %s,\n", JsonString(options.title));
  out += "  \"origin\": \"squares fill\",\n";
  if (options.quality) {
    absl::StrAppendFormat(&out, "  \"squares:quality\": %s,\n", QualityJson(*options.quality));
  }
  absl::StrAppendFormat(&out, "  \"dimensions\": {\"width\": %d, \"height\": %d},\n", grid.cols,
                        grid.rows);
  out += "  \"block\": \"#\",\n  \"empty\": 0,\n";
  for (int pass = 0; pass < 2; ++pass) {
    out += pass == 0 ? "  \"puzzle\": [\n" : "  \"solution\": [\n";
    for (int r = 0; r < grid.rows; ++r) {
      out += "    [";
      for (int c = 0; c < grid.cols; ++c) {
        int i = grid.cell(r, c);
        if (c > 0) out += ", ";
        if (grid.black[i]) {
          out += "\"#\"";
        } else if (pass == 0) {
          absl::StrAppendFormat(&out, "%d", grid.numbers[i]);
        } else {
          out += JsonString(letters[i]);
        }
      }
      out += r + 1 < grid.rows ? "],\n" : "]\n";
    }
    out += "  ],\n";
  }
  out += "  \"clues\": {";
  for (Direction dir : {Direction::kAcross, Direction::kDown}) {
    out += dir == Direction::kAcross ? "\n    \"Across\": [" : ",\n    \"Down\": [";
    bool first = true;
    for (const GridSlot& slot : grid.slots) {
      if (slot.direction != dir) continue;
      absl::StrAppendFormat(&out,
                            "%s\n      {\"number\": %d, \"clue\": \"\", \"enumeration\": \"%d\", "
                            "\"answer\": %s}",
                            first ? "" : ",", slot.number, slot.length,
                            JsonString(SlotWord(slot, letters)));
      first = false;
    }
    out += "\n    ]";
  }
  out += "\n  }\n}\n";
}

// The `Puzzle` environment of the LaTeX crossword package (cwpuzzle.sty).
void AppendLatexGrid(const Grid& grid, const std::vector<std::string>& letters,
                     std::string& out) {
  absl::StrAppendFormat(&out, "\\begin{Puzzle}{%d}{%d}\n", grid.cols, grid.rows);
  for (int r = 0; r < grid.rows; ++r) {
    for (int c = 0; c < grid.cols; ++c) {
      int i = grid.cell(r, c);
      if (grid.black[i]) {
        out += "|*";
      } else if (grid.numbers[i] > 0) {
        absl::StrAppendFormat(&out, "|[%d]%s", grid.numbers[i], letters[i]);
      } else {
        absl::StrAppendFormat(&out, "|%s", letters[i]);
      }
    }
    out += "|.\n";
  }
  out += "\\end{Puzzle}\n";
}

void AppendLatex(const Grid& grid, const std::vector<std::string>& letters,
                 const FillOutputOptions& options, std::string& out) {
  out += "\\documentclass{article}\n\\usepackage[utf8]{inputenc}\n\\usepackage[T1]{fontenc}\n";
  out += "\\usepackage{cwpuzzle}\n\\begin{document}\n";
  if (!options.title.empty()) {
    std::string title;
    for (char ch : options.title) {
      if (std::string_view("#$%&_{}").find(ch) != std::string_view::npos) title += '\\';
      title += ch;
    }
    absl::StrAppendFormat(&out, "\\section*{%s}\n", title);
  }
  AppendLatexGrid(grid, letters, out);
  out += "\n";
  if (options.fill_in) {
    for (const auto& [length, words] : WordsByLength(grid, letters)) {
      absl::StrAppendFormat(&out, "\\begin{PuzzleWords}{%d}\n", length);
      for (const std::string& word : words) absl::StrAppendFormat(&out, "  \\Word{%s}\n", word);
      out += "\\end{PuzzleWords}\n";
    }
  } else {
    for (Direction dir : {Direction::kAcross, Direction::kDown}) {
      absl::StrAppendFormat(&out, "\\begin{PuzzleClues}{\\textbf{%s}}\n",
                            dir == Direction::kAcross ? "Across" : "Down");
      for (const GridSlot& slot : grid.slots) {
        if (slot.direction != dir) continue;
        absl::StrAppendFormat(&out, "  \\Clue{%d}{%s}{}\n", slot.number,
                              SlotWord(slot, letters));
      }
      out += "\\end{PuzzleClues}\n";
    }
  }
  out += "\n\\PuzzleSolution\n";
  AppendLatexGrid(grid, letters, out);
  out += "\\end{document}\n";
}

// A printable grid: 32-unit cells, numbers in the corner, letters with `solution`.
void AppendSvg(const Grid& grid, const std::vector<std::string>& letters,
               const FillOutputOptions& options, std::string& out) {
  constexpr int kCell = 32, kMargin = 4;
  int width = grid.cols * kCell + 2 * kMargin, height = grid.rows * kCell + 2 * kMargin;
  absl::StrAppendFormat(&out,
                        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                        "viewBox=\"0 0 %d %d\" font-family=\"Helvetica, Arial, sans-serif\">\n",
                        width, height, width, height);
  if (!options.title.empty()) {
    std::string title;
    for (char ch : options.title) {
      if (ch == '<') title += "&lt;";
      else if (ch == '&') title += "&amp;";
      else title += ch;
    }
    absl::StrAppendFormat(&out, "<title>%s</title>\n", title);
  }
  absl::StrAppendFormat(&out, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", width,
                        height);
  for (int r = 0; r < grid.rows; ++r) {
    for (int c = 0; c < grid.cols; ++c) {
      int i = grid.cell(r, c), x = kMargin + c * kCell, y = kMargin + r * kCell;
      absl::StrAppendFormat(&out,
                            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" "
                            "stroke=\"black\" stroke-width=\"1\"/>\n",
                            x, y, kCell, kCell, grid.black[i] ? "black" : "white");
      if (grid.black[i]) continue;
      if (grid.numbers[i] > 0) {
        absl::StrAppendFormat(&out, "<text x=\"%d\" y=\"%d\" font-size=\"9\">%d</text>\n", x + 2,
                              y + 10, grid.numbers[i]);
      }
      if (options.solution) {
        absl::StrAppendFormat(&out,
                              "<text x=\"%d\" y=\"%d\" font-size=\"18\" "
                              "text-anchor=\"middle\">%s</text>\n",
                              x + kCell / 2, y + kCell - 8, letters[i]);
      }
    }
  }
  absl::StrAppendFormat(&out,
                        "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                        "stroke=\"black\" stroke-width=\"2\"/>\n</svg>\n",
                        kMargin, kMargin, grid.cols * kCell, grid.rows * kCell);
}

}  // namespace

absl::StatusOr<FillFormat> ParseFillFormat(std::string_view name) {
  if (name == "text") return FillFormat::kText;
  if (name == "lines") return FillFormat::kLines;
  if (name == "jsonl") return FillFormat::kJsonl;
  if (name == "ipuz") return FillFormat::kIpuz;
  if (name == "latex") return FillFormat::kLatex;
  if (name == "svg") return FillFormat::kSvg;
  return absl::InvalidArgumentError(absl::StrFormat(
      "unknown format '%s' (expected text, lines, jsonl, ipuz, latex or svg)", name));
}

void AppendFill(const Grid& grid, const std::vector<std::string>& letters,
                const FillOutputOptions& options, std::string& out) {
  switch (options.format) {
    case FillFormat::kText:
      return AppendText(grid, letters, options.fill_in, out);
    case FillFormat::kLines:
      return AppendLines(grid, letters, out);
    case FillFormat::kJsonl:
      return AppendJsonl(grid, letters, options, out);
    case FillFormat::kIpuz:
      return AppendIpuz(grid, letters, options, out);
    case FillFormat::kLatex:
      return AppendLatex(grid, letters, options, out);
    case FillFormat::kSvg:
      return AppendSvg(grid, letters, options, out);
  }
}

}  // namespace squares::core
