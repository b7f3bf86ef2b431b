#include "fill/fill_output.h"

#include <algorithm>
#include <map>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "fill/fill_document.h"
#include "fill/latex_text.h"

namespace squares::core {

std::string SlotWord(const GridSlot& slot, const std::vector<std::string>& letters) {
  std::string word;
  for (int c : slot.cells) word += letters[c].empty() ? "." : letters[c];
  return word;
}

std::string_view CellText(const Grid& grid, const std::vector<std::string>& letters, int i) {
  if (grid.black[i]) return "#";
  return letters[i].empty() ? "." : std::string_view(letters[i]);
}

int EmptyCells(const Grid& grid, const std::vector<std::string>& letters) {
  int empty = 0;
  for (int i = 0; i < grid.size(); ++i) empty += !grid.black[i] && letters[i].empty();
  return empty;
}

bool AnyLetter(const std::vector<std::string>& letters) {
  return std::any_of(letters.begin(), letters.end(),
                     [](const std::string& letter) { return !letter.empty(); });
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
  std::vector<std::string> shown(grid.slots.size());
  if (options.clues == nullptr) return shown;
  const std::vector<std::optional<std::string>> clues = SlotClues(grid, letters, *options.clues);
  for (size_t s = 0; s < clues.size(); ++s) {
    if (clues[s]) shown[s] = *clues[s];
  }
  return shown;
}

std::vector<std::string> ClueTexts(const Grid& grid, const std::vector<std::string>& letters,
                                   const FillOutputOptions& options, std::string_view format) {
  std::vector<std::string> clues = ShownClues(grid, letters, options);
  constexpr int kNamed = 4;  // entries named in the warning; the rest are counted
  std::string named;
  int empty = 0;
  for (size_t s = 0; s < clues.size(); ++s) {
    if (!clues[s].empty()) continue;
    clues[s] = kCluePlaceholder;
    if (++empty <= kNamed) absl::StrAppend(&named, empty > 1 ? ", " : "", SlotName(grid.slots[s]));
  }
  if (empty > kNamed) absl::StrAppend(&named, ", ...");
  if (empty > 0 && options.warnings != nullptr) {
    options.warnings->push_back(absl::StrFormat(
        "%s: %d entr%s no clue (%s): written as %s, as the format's readers need text", format,
        empty, empty == 1 ? "y has" : "ies have", named, kCluePlaceholder));
  }
  return clues;
}

std::string WithEnumeration(std::string_view clue, int length) {
  return absl::StrFormat("%s%s(%d)", clue, clue.empty() ? "" : " ", length);
}

std::string XmlText(std::string_view text) {
  std::string out;
  for (size_t pos = 0; pos < text.size();) {
    const size_t start = pos;
    const int32_t cp = NextCodePoint(text, pos);
    if (cp == '<') out += "&lt;";
    else if (cp == '>') out += "&gt;";
    else if (cp == '&') out += "&amp;";
    else if (cp == '"') out += "&quot;";
    // XML 1.0 has no form for the other control characters: left out.
    else if ((cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r') || cp == 0xfffe || cp == 0xffff)
      continue;
    else out.append(text.substr(start, pos - start));
  }
  return out;
}

std::string OneLine(std::string_view text) {
  std::string out(text);
  for (char& ch : out) {
    if (ch == '\n' || ch == '\r' || ch == '\t') ch = ' ';
  }
  return out;
}

std::string ClueField(const GridSlot& slot) { return "the clue of " + SlotName(slot); }

namespace {

void AppendText(const Grid& grid, const std::vector<std::string>& letters,
                const FillOutputOptions& options, std::string& out) {
  const bool fill_in = options.fill_in;
  for (int r = 0; r < grid.rows; ++r) {
    for (int c = 0; c < grid.cols; ++c) {
      out += CellText(grid, letters, grid.cell(r, c));
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
  // With clues, each entry is followed by its clue (empty when it has none) after a tab.
  const std::vector<std::string> clues = options.clues ? ShownClues(grid, letters, options)
                                                       : std::vector<std::string>();
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
    for (int c = 0; c < grid.cols; ++c) out += CellText(grid, letters, grid.cell(r, c));
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
    for (int c = 0; c < grid.cols; ++c) row += CellText(grid, letters, grid.cell(r, c));
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
          &out,
          "%s{\"number\": %d, \"row\": %d, \"col\": %d, \"length\": %d, \"word\": %s, "
          "\"clue\": %s}",
          first ? "" : ", ", slot.number, slot.row, slot.col, slot.length,
          JsonString(SlotWord(slot, letters)), clues[s] ? JsonString(*clues[s]) : "null");
      first = false;
    }
  }
  out += "]";
  if (options.quality)
    absl::StrAppendFormat(&out, ", \"quality\": %s", QualityJson(*options.quality));
  out += "}\n";
}

// ipuz v2 crossword (the ipuz.org specification). Clues as [number, "clue"] (the spec's examples)
// or as objects that also carry the enumeration and the answer (of an entry with every letter).
// A cell without a letter is the "empty" value, 0, in the solution, as the spec's readers
// (Exolve, xword-parser) take it; a grid with no letter at all has no solution.
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
  if (!options.notes.empty()) {
    absl::StrAppendFormat(&out, "  \"notes\": %s,\n", JsonString(options.notes));
  }
  if (!options.date.empty())
    absl::StrAppendFormat(&out, "  \"date\": %s,\n", JsonString(options.date));
  out += "  \"origin\": \"squares fill\",\n";
  if (options.quality) {
    absl::StrAppendFormat(&out, "  \"squares:quality\": %s,\n", QualityJson(*options.quality));
  }
  absl::StrAppendFormat(&out, "  \"dimensions\": {\"width\": %d, \"height\": %d},\n", grid.cols,
                        grid.rows);
  out += "  \"block\": \"#\",\n  \"empty\": 0,\n";
  const bool solution = AnyLetter(letters);
  for (int pass = 0; pass < (solution ? 2 : 1); ++pass) {
    out += pass == 0 ? "  \"puzzle\": [\n" : "  \"solution\": [\n";
    for (int r = 0; r < grid.rows; ++r) {
      out += "    [";
      for (int c = 0; c < grid.cols; ++c) {
        int i = grid.cell(r, c);
        if (c > 0) out += ", ";
        if (grid.black[i]) {
          out += "\"#\"";
        } else if (pass == 0 && grid.mark(i) != 0) {
          absl::StrAppendFormat(&out, "{\"cell\": %d, \"style\": {%s%s%s}}", grid.numbers[i],
                                grid.circled(i) ? "\"shapebg\": \"circle\"" : "",
                                grid.mark(i) == (kCircled | kShaded) ? ", " : "",
                                grid.shaded(i) ? "\"color\": \"D1D1D1\"" : "");
        } else if (pass == 0) {
          absl::StrAppendFormat(&out, "%d", grid.numbers[i]);
        } else {
          out += letters[i].empty() ? "0" : JsonString(letters[i]);
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
        const std::string answer = SlotWord(slot, letters);
        absl::StrAppendFormat(&out,
                              "%s\n      {\"number\": %d, \"clue\": %s, \"enumeration\": \"%d\"",
                              first ? "" : ",", slot.number, JsonString(clues[s]), slot.length);
        if (answer.find('.') == std::string::npos) {
          absl::StrAppendFormat(&out, ", \"answer\": %s", JsonString(answer));
        }
        out += "}";
      }
      first = false;
    }
    out += "\n    ]";
  }
  out += "\n  }\n}\n";
}

}  // namespace

namespace {

struct FormatName {
  FillFormat format;
  std::string_view name, extension;
};
// The formats a command names, in the order --help lists them (kSubmissionLatex is the API's
// alone: the command's submission is its PDF).
constexpr FormatName kFormatNames[] = {
    {FillFormat::kText, "text", "txt"},
    {FillFormat::kLines, "lines", "txt"},
    {FillFormat::kJsonl, "jsonl", "jsonl"},
    {FillFormat::kIpuz, "ipuz", "ipuz"},
    {FillFormat::kLatex, "latex", "tex"},
    {FillFormat::kSvg, "svg", "svg"},
    {FillFormat::kPuz, "puz", "puz"},
    {FillFormat::kPdf, "pdf", "pdf"},
    {FillFormat::kJpz, "jpz", "jpz"},
    {FillFormat::kXd, "xd", "xd"},
    {FillFormat::kExolve, "exolve", "html"},
    {FillFormat::kAcrossText, "across-text", "txt"},
    {FillFormat::kSubmission, "submission", "pdf"},
    {FillFormat::kSubmissionLatex, "submission-latex", "tex"},
};

}  // namespace

absl::StatusOr<FillFormat> ParseFillFormat(std::string_view name) {
  for (const FormatName& entry : kFormatNames) {
    if (entry.name == name && entry.format != FillFormat::kSubmissionLatex) return entry.format;
  }
  return absl::InvalidArgumentError(
      absl::StrFormat("unknown format '%s' (expected %s)", name, FillFormatNames(", ")));
}

std::string FillFormatNames(std::string_view separator) {
  std::string out;
  for (const FormatName& entry : kFormatNames) {
    if (entry.format == FillFormat::kSubmissionLatex) continue;
    if (!out.empty()) out += separator;
    out += entry.name;
  }
  return out;
}

FillFormat LatexSource(FillFormat format) {
  if (format == FillFormat::kPdf) return FillFormat::kLatex;
  if (format == FillFormat::kSubmission) return FillFormat::kSubmissionLatex;
  return format;
}

bool IsDocumentFormat(FillFormat format) {
  return format != FillFormat::kText && format != FillFormat::kLines &&
         format != FillFormat::kJsonl;
}

std::string_view FileExtension(FillFormat format) {
  for (const FormatName& entry : kFormatNames) {
    if (entry.format == format) return entry.extension;
  }
  return "";
}

namespace {

// A grid with empty cells, in a document that holds only a filled one: the error naming the
// format, or OK.
absl::Status CheckFilled(const Grid& grid, const std::vector<std::string>& letters,
                         const FillOutputOptions& options) {
  const int empty = EmptyCells(grid, letters);
  if (empty == 0) return absl::OkStatus();
  std::string_view name, why;
  for (const FormatName& entry : kFormatNames) {
    if (entry.format == options.format) name = entry.name;
  }
  if (options.fill_in &&
      (options.format == FillFormat::kText || LatexSource(options.format) == FillFormat::kLatex)) {
    why = "a fill-in lists the fill's words";
  } else if (options.format == FillFormat::kXd) {
    why = "the format's grid is the answer, with no empty cell";
  } else if (options.format == FillFormat::kAcrossText) {
    why = "the format's grid is the answer, which Across Lite needs whole";
  } else if (options.format == FillFormat::kSubmission ||
             options.format == FillFormat::kSubmissionLatex) {
    why = "the sheet shows the answers";
  } else {
    return absl::OkStatus();
  }
  return absl::FailedPreconditionError(absl::StrFormat(
      "%s: the grid has %d empty cell%s, and %s (ipuz, puz, jpz, exolve, pdf, latex, svg "
      "and text hold an unfilled grid)",
      name, empty, empty == 1 ? "" : "s", why));
}

}  // namespace

absl::Status AppendFill(const Grid& grid, const std::vector<std::string>& letters,
                        const FillOutputOptions& options, std::string& out) {
  if (absl::Status status = CheckFilled(grid, letters, options); !status.ok()) return status;
  switch (options.format) {
    case FillFormat::kText: AppendText(grid, letters, options, out); break;
    case FillFormat::kLines: AppendLines(grid, letters, out); break;
    case FillFormat::kJsonl: AppendJsonl(grid, letters, options, out); break;
    case FillFormat::kIpuz: AppendIpuz(grid, letters, options, out); break;
    case FillFormat::kLatex: AppendLatex(grid, letters, options, out); break;
    case FillFormat::kSvg: AppendSvg(grid, letters, options, out); break;
    case FillFormat::kPuz: return AppendPuz(grid, letters, options, out);
    case FillFormat::kJpz: AppendJpz(grid, letters, options, out); break;
    case FillFormat::kXd: AppendXd(grid, letters, options, out); break;
    case FillFormat::kExolve: AppendExolve(grid, letters, options, out); break;
    case FillFormat::kAcrossText: AppendAcrossText(grid, letters, options, out); break;
    case FillFormat::kSubmissionLatex: AppendSubmissionLatex(grid, letters, options, out); break;
    case FillFormat::kPdf:
    case FillFormat::kSubmission: {
      std::string latex;
      if (options.format == FillFormat::kPdf) {
        AppendLatex(grid, letters, options, latex);
      } else {
        AppendSubmissionLatex(grid, letters, options, latex);
      }
      absl::StatusOr<std::string> pdf = LatexToPdf(latex, options.warnings);
      if (!pdf.ok()) return pdf.status();
      out += *pdf;
      break;
    }
  }
  return absl::OkStatus();
}

}  // namespace squares::core
