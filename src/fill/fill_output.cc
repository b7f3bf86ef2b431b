#include "fill/fill_output.h"

#include <algorithm>
#include <map>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "fill/fill_document.h"

namespace squares::core {

std::string SlotWord(const GridSlot& slot, const std::vector<std::string>& letters) {
  std::string word;
  for (int c : slot.cells) word += letters[c];
  return word;
}

std::map<int, std::vector<std::string>> WordsByLength(const Grid& grid,
                                                      const std::vector<std::string>& letters) {
  std::map<int, std::vector<std::string>> groups;
  for (const GridSlot& slot : grid.slots) groups[slot.length].push_back(SlotWord(slot, letters));
  for (auto& [length, words] : groups) std::sort(words.begin(), words.end());
  return groups;
}

std::vector<std::string> ShownClues(const Grid& grid, const std::vector<std::string>& letters,
                                    const FillOutputOptions& options) {
  std::vector<std::string> shown(grid.slots.size(), std::string(kCluePlaceholder));
  if (options.clues == nullptr) return shown;
  const std::vector<std::optional<std::string>> clues = SlotClues(grid, letters, *options.clues);
  for (size_t s = 0; s < clues.size(); ++s) {
    if (clues[s]) shown[s] = *clues[s];
  }
  return shown;
}

namespace {

void AppendText(const Grid& grid, const std::vector<std::string>& letters,
                const FillOutputOptions& options, std::string& out) {
  const bool fill_in = options.fill_in;
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
  // With clues, each entry is followed by its clue (or the placeholder) after a tab.
  const std::vector<std::string> clues =
      options.clues ? ShownClues(grid, letters, options) : std::vector<std::string>();
  Direction last = Direction::kDown;
  for (size_t s = 0; s < grid.slots.size(); ++s) {
    const GridSlot& slot = grid.slots[s];
    if (s == 0 || slot.direction != last) {
      out += slot.direction == Direction::kAcross ? "\nAcross\n" : "\nDown\n";
      last = slot.direction;
    }
    absl::StrAppendFormat(&out, "%d. %s%s\n", slot.number, SlotWord(slot, letters),
                          clues.empty() ? "" : "\t" + clues[s]);
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

// One JSON object: {"rows": [...], "across": [...], "down": [...][, "quality": {...}]}, each
// entry {"number", "row", "col", "length", "word", "clue"} (README: the JSONL schema).
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
  const std::vector<std::optional<std::string>> clues =
      options.clues ? SlotClues(grid, letters, *options.clues)
                    : std::vector<std::optional<std::string>>(grid.slots.size());
  for (Direction dir : {Direction::kAcross, Direction::kDown}) {
    out += dir == Direction::kAcross ? "], \"across\": [" : "], \"down\": [";
    bool first = true;
    for (size_t s = 0; s < grid.slots.size(); ++s) {
      const GridSlot& slot = grid.slots[s];
      if (slot.direction != dir) continue;
      absl::StrAppendFormat(
          &out, "%s{\"number\": %d, \"row\": %d, \"col\": %d, \"length\": %d, \"word\": %s, "
                "\"clue\": %s}",
          first ? "" : ", ", slot.number, slot.row, slot.col, slot.length,
          JsonString(SlotWord(slot, letters)), clues[s] ? JsonString(*clues[s]) : "null");
      first = false;
    }
  }
  out += "]";
  if (options.quality) absl::StrAppendFormat(&out, ", \"quality\": %s", QualityJson(*options.quality));
  out += "}\n";
}

// ipuz v2 crossword (the ipuz.org specification). Clues as [number, "clue"] (the spec's examples) or as
// objects that also carry the enumeration and the answer.
void AppendIpuz(const Grid& grid, const std::vector<std::string>& letters,
                const FillOutputOptions& options, std::string& out) {
  out += "{\n  \"version\": \"http://ipuz.org/v2\",\n";
  out += "  \"kind\": [\"http://ipuz.org/crossword#1\"],\n";
  absl::StrAppendFormat(&out, "  \"title\": %s,\n", JsonString(options.title));
  if (!options.author.empty()) {
    absl::StrAppendFormat(&out, "  \"author\": %s,\n", JsonString(options.author));
  }
  if (!options.copyright.empty()) {
    absl::StrAppendFormat(&out, "  \"copyright\": %s,\n", JsonString(options.copyright));
  }
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
  const std::vector<std::string> clues = ShownClues(grid, letters, options);
  out += "  \"clues\": {";
  for (Direction dir : {Direction::kAcross, Direction::kDown}) {
    out += dir == Direction::kAcross ? "\n    \"Across\": [" : ",\n    \"Down\": [";
    bool first = true;
    for (size_t s = 0; s < grid.slots.size(); ++s) {
      const GridSlot& slot = grid.slots[s];
      if (slot.direction != dir) continue;
      if (options.ipuz_clue_arrays) {
        absl::StrAppendFormat(&out, "%s\n      [%d, %s]", first ? "" : ",", slot.number,
                              JsonString(clues[s]));
      } else {
        absl::StrAppendFormat(&out,
                              "%s\n      {\"number\": %d, \"clue\": %s, \"enumeration\": \"%d\", "
                              "\"answer\": %s}",
                              first ? "" : ",", slot.number, JsonString(clues[s]), slot.length,
                              JsonString(SlotWord(slot, letters)));
      }
      first = false;
    }
    out += "\n    ]";
  }
  out += "\n  }\n}\n";
}

std::string XmlText(std::string_view text) {
  std::string out;
  for (char ch : text) {
    if (ch == '<') out += "&lt;";
    else if (ch == '>') out += "&gt;";
    else if (ch == '&') out += "&amp;";
    else out += ch;
  }
  return out;
}

// A printable grid of 32-unit cells, and with clues or a title a clue list below it. A
// number sits in the top band of its cell (8-unit digits, baseline at 9), a letter in the
// bottom part (16-unit, baseline at 28): a letter's accents reach 0.95 of its size above the
// baseline (y 12.8), so the two never meet, however many digits the number has.
void AppendSvg(const Grid& grid, const std::vector<std::string>& letters,
               const FillOutputOptions& options, std::string& out) {
  constexpr int kCell = 32, kMargin = 4, kClueLine = 16, kClueFont = 12;
  const bool clue_list = options.clues != nullptr;
  const std::vector<std::string> clues =
      clue_list ? ShownClues(grid, letters, options) : std::vector<std::string>();
  int width = grid.cols * kCell + 2 * kMargin, height = grid.rows * kCell + 2 * kMargin;
  if (clue_list) {
    // One line per clue and two per heading; the width of the longest line at 0.6 of the font
    // size per character (wider than the mean letter of a sans-serif font).
    size_t longest = 0;
    for (const std::string& clue : clues) longest = std::max(longest, clue.size() + 5);
    width = std::max(width, 2 * kMargin + static_cast<int>(longest * kClueFont * 6 / 10));
    height += kClueLine * (static_cast<int>(clues.size()) + 5);
  }
  absl::StrAppendFormat(&out,
                        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                        "viewBox=\"0 0 %d %d\" font-family=\"Helvetica, Arial, sans-serif\">\n",
                        width, height, width, height);
  if (!options.title.empty()) {
    absl::StrAppendFormat(&out, "<title>%s</title>\n", XmlText(options.title));
  }
  if (!options.author.empty() || !options.copyright.empty()) {
    absl::StrAppendFormat(&out, "<desc>%s</desc>\n",
                          XmlText(options.author.empty() || options.copyright.empty()
                                      ? options.author + options.copyright
                                      : options.author + ", " + options.copyright));
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
        absl::StrAppendFormat(&out,
                              "<text class=\"number\" x=\"%d\" y=\"%d\" font-size=\"8\">%d</text>\n",
                              x + 2, y + 9, grid.numbers[i]);
      }
      if (options.solution) {
        absl::StrAppendFormat(&out,
                              "<text class=\"letter\" x=\"%d\" y=\"%d\" font-size=\"16\" "
                              "text-anchor=\"middle\">%s</text>\n",
                              x + kCell / 2, y + 28, XmlText(letters[i]));
      }
    }
  }
  absl::StrAppendFormat(&out,
                        "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                        "stroke=\"black\" stroke-width=\"2\"/>\n",
                        kMargin, kMargin, grid.cols * kCell, grid.rows * kCell);
  if (clue_list) {
    int y = kMargin + grid.rows * kCell + kClueLine / 2;
    for (size_t s = 0; s < grid.slots.size(); ++s) {
      const GridSlot& slot = grid.slots[s];
      if (s == 0 || grid.slots[s - 1].direction != slot.direction) {
        y += 2 * kClueLine;
        absl::StrAppendFormat(&out,
                              "<text class=\"heading\" x=\"%d\" y=\"%d\" font-size=\"%d\" "
                              "font-weight=\"bold\">%s</text>\n",
                              kMargin, y, kClueFont,
                              slot.direction == Direction::kAcross ? "Across" : "Down");
      }
      y += kClueLine;
      absl::StrAppendFormat(&out,
                            "<text class=\"clue\" x=\"%d\" y=\"%d\" font-size=\"%d\">"
                            "<tspan font-weight=\"bold\">%d</tspan> %s</text>\n",
                            kMargin, y, kClueFont, slot.number, XmlText(clues[s]));
    }
  }
  out += "</svg>\n";
}

}  // namespace

absl::StatusOr<FillFormat> ParseFillFormat(std::string_view name) {
  if (name == "text") return FillFormat::kText;
  if (name == "lines") return FillFormat::kLines;
  if (name == "jsonl") return FillFormat::kJsonl;
  if (name == "ipuz") return FillFormat::kIpuz;
  if (name == "latex") return FillFormat::kLatex;
  if (name == "svg") return FillFormat::kSvg;
  if (name == "puz") return FillFormat::kPuz;
  if (name == "pdf") return FillFormat::kPdf;
  return absl::InvalidArgumentError(absl::StrFormat(
      "unknown format '%s' (expected text, lines, jsonl, ipuz, latex, svg, puz or pdf)", name));
}

bool IsDocumentFormat(FillFormat format) {
  return format != FillFormat::kText && format != FillFormat::kLines &&
         format != FillFormat::kJsonl;
}

std::string_view FileExtension(FillFormat format) {
  switch (format) {
    case FillFormat::kText: return "txt";
    case FillFormat::kLines: return "txt";
    case FillFormat::kJsonl: return "jsonl";
    case FillFormat::kIpuz: return "ipuz";
    case FillFormat::kLatex: return "tex";
    case FillFormat::kSvg: return "svg";
    case FillFormat::kPuz: return "puz";
    case FillFormat::kPdf: return "pdf";
  }
  return "";
}

absl::Status AppendFill(const Grid& grid, const std::vector<std::string>& letters,
                        const FillOutputOptions& options, std::string& out) {
  switch (options.format) {
    case FillFormat::kText:
      AppendText(grid, letters, options, out);
      break;
    case FillFormat::kLines:
      AppendLines(grid, letters, out);
      break;
    case FillFormat::kJsonl:
      AppendJsonl(grid, letters, options, out);
      break;
    case FillFormat::kIpuz:
      AppendIpuz(grid, letters, options, out);
      break;
    case FillFormat::kLatex:
      AppendLatex(grid, letters, options, out);
      break;
    case FillFormat::kSvg:
      AppendSvg(grid, letters, options, out);
      break;
    case FillFormat::kPuz:
      return AppendPuz(grid, letters, options, out);
    case FillFormat::kPdf: {
      std::string latex;
      AppendLatex(grid, letters, options, latex);
      absl::StatusOr<std::string> pdf = LatexToPdf(latex);
      if (!pdf.ok()) return pdf.status();
      out += *pdf;
      break;
    }
  }
  return absl::OkStatus();
}

}  // namespace squares::core
