#include "fill/fill_output.h"

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "fill/fill_document.h"
#include "fill/latex_text.h"
#include "fill/puzzle_readers.h"
#include "text/strings.h"

namespace squares::core {

std::string SlotWord(const GridSlot& slot, const std::vector<std::string>& letters) {
  std::string word;
  for (int c : slot.cells) word += letters[c].empty() ? "." : letters[c];
  return word;
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

std::vector<std::string> ShownClues(const Puzzle& puzzle) {
  std::vector<std::string> shown(puzzle.grid.slots.size());
  if (puzzle.clues.empty()) return shown;
  const std::vector<std::optional<std::string>> clues =
      SlotClues(puzzle.grid, puzzle.solution, puzzle.clues);
  for (size_t s = 0; s < clues.size(); ++s) {
    if (clues[s]) shown[s] = *clues[s];
  }
  return shown;
}

std::vector<std::string> ClueTexts(const Puzzle& puzzle, const FillOutputOptions& options,
                                   std::string_view format) {
  const Grid& grid = puzzle.grid;
  std::vector<std::string> clues = ShownClues(puzzle);
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

std::vector<std::string> Enumerations(const Puzzle& puzzle) {
  const Grid& grid = puzzle.grid;
  const std::vector<const Clue*> clues = MatchClues(grid, puzzle.solution, puzzle.clues);
  std::vector<std::string> out(grid.slots.size());
  for (size_t s = 0; s < out.size(); ++s) {
    out[s] = clues[s] != nullptr && !clues[s]->enumeration.empty()
                 ? clues[s]->enumeration
                 : absl::StrCat(grid.slots[s].length);
  }
  return out;
}

std::string WithEnumeration(std::string_view clue, std::string_view enumeration) {
  return absl::StrFormat("%s%s(%s)", clue, clue.empty() ? "" : " ", enumeration);
}

namespace {

// ipuz's inline markup: the tag at text[pos] ('<' there) and its length, or 0 when there is
// none there.
size_t MarkupTag(std::string_view text, size_t pos) {
  static constexpr std::string_view kTags[] = {"i",   "b",   "u",     "s",  "em",  "strong", "sub",
                                               "sup", "big", "small", "br", "br/", "br /"};
  const size_t end = text.find('>', pos);
  if (end == std::string_view::npos) return 0;
  std::string_view name = text.substr(pos + 1, end - pos - 1);
  if (!name.empty() && name[0] == '/') name.remove_prefix(1);
  for (std::string_view tag : kTags) {
    if (absl::EqualsIgnoreCase(absl::string_view(name.data(), name.size()),
                               absl::string_view(tag.data(), tag.size()))) {
      return end - pos + 1;
    }
  }
  return 0;
}

}  // namespace

std::string PlainText(std::string_view text) {
  std::string out;
  for (size_t pos = 0; pos < text.size();) {
    if (text[pos] == '<') {
      if (const size_t tag = MarkupTag(text, pos); tag > 0) {
        pos += tag;
        continue;
      }
    }
    out += text[pos++];
  }
  return out;
}

std::optional<std::vector<MarkupPiece>> SplitMarkup(std::string_view text) {
  std::vector<MarkupPiece> pieces;
  std::vector<std::string> open;
  size_t done = 0;
  for (size_t pos = text.find('<'); pos != std::string_view::npos; pos = text.find('<', pos + 1)) {
    const size_t length = MarkupTag(text, pos);
    if (length == 0) continue;
    std::string tag = absl::AsciiStrToLower(std::string(text.substr(pos + 1, length - 2)));
    if (tag.rfind("br", 0) == 0) {
      tag = "br";
    } else if (tag[0] == '/') {
      if (open.empty() || open.back() != tag.substr(1)) return std::nullopt;
      open.pop_back();
    } else {
      open.push_back(tag);
    }
    if (pos > done) pieces.push_back({text.substr(done, pos - done), ""});
    pieces.push_back({"", std::move(tag)});
    done = pos + length;
    pos += length - 1;
  }
  if (!open.empty()) return std::nullopt;
  if (done < text.size()) pieces.push_back({text.substr(done), ""});
  return pieces;
}

std::string MarkupXml(std::string_view text) {
  const std::optional<std::vector<MarkupPiece>> pieces = SplitMarkup(text);
  if (!pieces) return XmlText(text);  // a tag left open would run on in the document
  std::string out;
  for (const MarkupPiece& piece : *pieces) {
    out += piece.tag.empty() ? XmlText(piece.text)
           : piece.tag == "br" ? "<br/>"
                               : "<" + piece.tag + ">";
  }
  return out;
}

bool IsRebus(std::string_view letters) {
  size_t pos = 0;
  NextCodePoint(letters, pos);
  return pos < letters.size();
}

KeyedGrid KeyCells(const Puzzle& puzzle, uint8_t marked, bool ascii_only, std::string_view format,
                   std::vector<std::string>* warnings) {
  const Grid& grid = puzzle.grid;
  const std::vector<std::string>& letters = puzzle.solution;
  const auto capital = [](std::string_view text) {
    return text.size() == 1 && text[0] >= 'A' && text[0] <= 'Z';
  };
  std::string free_keys[2] = {"1234567890@$%&*+=!?", ""};  // plain, marked
  for (char ch = 'a'; ch <= 'z'; ++ch) {
    bool used = false;
    for (int i = 0; i < grid.size() && !used; ++i) {
      used = (grid.mark(i) & marked) != 0 && letters[i] == std::string(1, ch - 'a' + 'A');
    }
    if (!used) free_keys[1] += ch;
  }
  KeyedGrid out;
  out.cells.resize(grid.size());
  std::map<std::string, char> keys[2];
  std::string beyond;
  for (int i = 0; i < grid.size(); ++i) {
    const std::string& letter = letters[i];
    const int mark = (grid.mark(i) & marked) != 0 ? 1 : 0;
    if (grid.black[i] || letter.empty()) continue;
    if (capital(letter) || (!ascii_only && !IsRebus(letter) && mark == 0)) {
      out.cells[i] = mark == 1 ? std::string(1, letter[0] - 'A' + 'a') : letter;
      continue;
    }
    if (auto key = keys[mark].find(letter); key != keys[mark].end()) {
      out.cells[i] = std::string(1, key->second);
      continue;
    }
    if (free_keys[mark].empty()) {
      if (beyond.find(letter) == std::string::npos) beyond += (beyond.empty() ? "" : " ") + letter;
      out.cells[i] = letter;
      continue;
    }
    const char key = free_keys[mark][0];
    free_keys[mark].erase(0, 1);
    keys[mark].emplace(letter, key);
    out.keys.emplace_back(key, letter);
    out.cells[i] = std::string(1, key);
  }
  if (warnings != nullptr && !beyond.empty()) {
    warnings->push_back(absl::StrFormat(
        "%s: more cells to spell out than the format has keys: %s written as themselves", format,
        beyond));
  }
  return out;
}

void WarnUnheld(const Puzzle& puzzle, const FillOutputOptions& options, std::string_view format,
                uint32_t holds) {
  if (options.warnings == nullptr) return;
  const Grid& grid = puzzle.grid;
  int circles = 0, shaded = 0, bars = 0, voids = 0, rebus = 0;
  for (int i = 0; i < grid.size(); ++i) {
    circles += grid.circled(i);
    shaded += grid.shaded(i);
    bars += ((grid.bar(i) & kBarRight) != 0) + ((grid.bar(i) & kBarBelow) != 0);
    voids += grid.is_void(i);
    rebus += !grid.black[i] && IsRebus(puzzle.solution[i]);
  }
  const auto count = [&](uint32_t what, int n, std::string_view one, std::string_view many,
                         std::string_view done) {
    if ((holds & what) != 0 || n == 0) return;
    options.warnings->push_back(
        absl::StrFormat("%s: %d %s: %s", format, n, n == 1 ? one : many, done));
  };
  count(kHoldsCircles, circles, "circled cell", "circled cells", "the format has no circles");
  count(kHoldsShading, shaded, "shaded cell", "shaded cells", "the format has no shading");
  count(kHoldsBars, bars, "bar", "bars", "the format has none");
  count(kHoldsVoids, voids, "void cell", "void cells", "written as blocks, as the format has none");
  count(kHoldsRebus, rebus, "cell of several letters", "cells of several letters",
        "the format has none");
  const PuzzleInfo& info = puzzle.info;
  for (const auto& [what, field, name] : {std::tuple{kHoldsNotes, &info.notes, "notes"},
                                          {kHoldsEditor, &info.editor, "editor"},
                                          {kHoldsPublisher, &info.publisher, "publisher"},
                                          {kHoldsDate, &info.date, "date"}}) {
    if ((holds & what) == 0 && !field->empty()) {
      options.warnings->push_back(
          absl::StrFormat("%s: the %s: the format has no place for it", format, name));
    }
  }
}

std::string SectionNotesText(std::string_view notes, std::string_view format,
                             bool (*markup)(std::string_view line),
                             std::vector<std::string>* warnings) {
  std::string text;
  bool first = true;
  for (std::string_view line : SplitString(notes, '\n')) {
    if (!markup(line)) {
      text += first ? "" : "\n";
      text += line;
      first = false;
    } else if (warnings != nullptr) {
      warnings->push_back(absl::StrFormat(
          "%s: the notes' line '%s': the format reads it as its own markup: left out", format,
          Trim(line, " \t\r")));
    }
  }
  if (warnings != nullptr && SectionNotes(text) != text) {
    warnings->push_back(absl::StrFormat(
        "%s: the notes' line breaks at their start or end, or the indentation all their lines "
        "share: left out, as the format reads them as layout",
        format));
  }
  return text;
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

std::string BlanksAsReferences(std::string_view xml) {
  constexpr std::string_view kBlanks = " \t\r\n";
  const size_t begin = xml.find_first_not_of(kBlanks);
  const size_t end = begin == std::string_view::npos ? 0 : xml.find_last_not_of(kBlanks) + 1;
  std::string out;
  for (size_t pos = 0; pos < xml.size(); ++pos) {
    const char ch = xml[pos];
    if (ch == '\r' || ((pos < begin || pos >= end) && kBlanks.find(ch) != std::string_view::npos)) {
      absl::StrAppendFormat(&out, "&#%d;", ch);
    } else {
      out += ch;
    }
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

std::string FieldLine(std::string_view value, std::string_view format, std::string_view field,
                      std::vector<std::string>* warnings) {
  std::string line = OneLine(value);
  if (warnings != nullptr && Trim(line) != value) {
    warnings->push_back(absl::StrFormat(
        "%s: the %s's line breaks, tabs or blanks around it: written on one line, as the "
        "format's readers read it trimmed",
        format, field));
  }
  return line;
}

std::string ClueField(const GridSlot& slot) { return "the clue of " + SlotName(slot); }

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

std::string QualityJson(const FillQuality& q) {
  std::string out = absl::StrFormat("{\"worst\": %s, \"worst_score\": %d, \"mean_score\": %.2f",
                                    JsonString(q.worst_word), q.worst_score, q.mean_score);
  if (q.searched) {
    absl::StrAppendFormat(&out, ", \"bound\": %d, \"proven\": %s, \"mean_proven\": %s", q.bound,
                          q.proven ? "true" : "false", q.mean_proven ? "true" : "false");
  }
  return out + "}";
}

namespace {

void AppendText(const Puzzle& puzzle, const FillOutputOptions& options, std::string& out) {
  const Grid& grid = puzzle.grid;
  const std::vector<std::string>& letters = puzzle.solution;
  const bool fill_in = options.fill_in;
  std::vector<std::string> rows;
  TextRows(grid, letters, rows);
  for (const std::string& row : rows) absl::StrAppend(&out, row, "\n");
  if (fill_in) {
    for (const auto& [length, words] : WordsByLength(grid, letters)) {
      absl::StrAppendFormat(&out, "\n%d letters\n", length);
      for (const std::string& word : words) absl::StrAppendFormat(&out, "%s\n", word);
    }
    return;
  }
  // With clues, each entry is followed by its clue (empty when it has none) after a tab.
  const std::vector<std::string> clues = puzzle.clues.empty() ? std::vector<std::string>()
                                                              : ShownClues(puzzle);
  Direction last = Direction::kDown;
  for (size_t s = 0; s < grid.slots.size(); ++s) {
    const GridSlot& slot = grid.slots[s];
    if (s == 0 || slot.direction != last) {
      out += slot.direction == Direction::kAcross ? "\nAcross\n" : "\nDown\n";
      last = slot.direction;
    }
    absl::StrAppendFormat(&out, "%d. %s%s%s\n", slot.number, SlotWord(slot, letters),
                          clues.empty() ? "" : "\t", clues.empty() ? "" : PlainText(clues[s]));
  }
}

void AppendLines(const Grid& grid, const std::vector<std::string>& letters, std::string& out) {
  std::vector<std::string> rows;
  TextRows(grid, letters, rows);
  absl::StrAppend(&out, absl::StrJoin(rows, " "), "\n");
}

// One JSON object: {"rows": [...], "across": [...], "down": [...][, "quality": {...}]}, each
// entry {"number", "row", "col", "length", "word", "clue"} (README: the JSONL schema).
void AppendJsonl(const Puzzle& puzzle, const FillOutputOptions& options, std::string& out) {
  const Grid& grid = puzzle.grid;
  const std::vector<std::string>& letters = puzzle.solution;
  out += "{\"rows\": [";
  std::vector<std::string> rows;
  TextRows(grid, letters, rows);
  for (size_t r = 0; r < rows.size(); ++r)
    absl::StrAppendFormat(&out, "%s%s", r > 0 ? ", " : "", JsonString(rows[r]));
  const std::vector<std::optional<std::string>> clues =
      puzzle.clues.empty() ? std::vector<std::optional<std::string>>(grid.slots.size())
                           : SlotClues(grid, letters, puzzle.clues);
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
absl::Status CheckFilled(const Puzzle& puzzle, const FillOutputOptions& options) {
  const int empty = EmptyCells(puzzle.grid, puzzle.solution);
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

namespace {

// The puzzle as a format without bars holds it: its entries numbered without the bars, as that
// format's readers number them, each numbered clue moved to the entry that starts where its
// entry started (a clue whose entry begins after a bar has none, and is left out). One warning
// names the bars and the clues left out.
Puzzle WithoutBars(const Puzzle& puzzle, const FillOutputOptions& options,
                   std::string_view format) {
  Puzzle out = puzzle;
  out.grid.bars.clear();
  if (!NumberGrid("", out.grid).ok()) return puzzle;  // no bar-free grid loses its entries
  const auto slot_at = [](const Grid& grid, Direction direction, int cell) -> const GridSlot* {
    for (const GridSlot& slot : grid.slots) {
      if (slot.direction == direction && slot.cells[0] == cell) return &slot;
    }
    return nullptr;
  };
  std::string left_out;
  int left = 0;
  out.clues.clear();
  for (const Clue& clue : puzzle.clues) {
    if (clue.number == 0) {
      out.clues.push_back(clue);
      continue;
    }
    const GridSlot* before = nullptr;
    for (const GridSlot& slot : puzzle.grid.slots) {
      if (slot.number == clue.number && slot.direction == clue.direction) before = &slot;
    }
    const GridSlot* after = before ? slot_at(out.grid, clue.direction, before->cells[0]) : nullptr;
    if (after == nullptr) {
      if (++left <= 4) absl::StrAppend(&left_out, left > 1 ? ", " : "", SlotName(*before));
      continue;
    }
    Clue moved = clue;
    moved.number = after->number;
    out.clues.push_back(std::move(moved));
  }
  if (options.warnings != nullptr) {
    int bars = 0;
    for (uint8_t bar : puzzle.grid.bars) bars += ((bar & kBarRight) != 0) + ((bar & kBarBelow) != 0);
    options.warnings->push_back(absl::StrFormat(
        "%s: %d bar%s: the format has none, so its entries are numbered without them%s%s%s",
        format, bars, bars == 1 ? "" : "s", left > 0 ? " (the clues of " : "",
        left > 4 ? left_out + ", ..." : left_out, left > 0 ? " left out)" : ""));
  }
  return out;
}

}  // namespace

absl::Status AppendFill(const Puzzle& given, const FillOutputOptions& options, std::string& out) {
  // Formats whose readers number the grid themselves, and have no bars.
  const bool unbarred = options.format == FillFormat::kPuz || options.format == FillFormat::kXd ||
                        options.format == FillFormat::kAcrossText;
  std::optional<Puzzle> without_bars;
  if (unbarred && given.grid.any_bar()) {
    without_bars = WithoutBars(given, options, options.format == FillFormat::kPuz  ? "puz"
                                               : options.format == FillFormat::kXd ? "xd"
                                                                                   : "across-text");
  }
  const Puzzle& puzzle = without_bars ? *without_bars : given;
  if (puzzle.solution.size() != static_cast<size_t>(puzzle.grid.size())) {
    return absl::InvalidArgumentError(absl::StrFormat("a solution of %d cells for a grid of %d",
                                                      puzzle.solution.size(), puzzle.grid.size()));
  }
  if (absl::Status status = CheckFilled(puzzle, options); !status.ok()) return status;
  switch (options.format) {
    case FillFormat::kText: AppendText(puzzle, options, out); break;
    case FillFormat::kLines: AppendLines(puzzle.grid, puzzle.solution, out); break;
    case FillFormat::kJsonl: AppendJsonl(puzzle, options, out); break;
    case FillFormat::kIpuz: AppendIpuz(puzzle, options, out); break;
    case FillFormat::kLatex: AppendLatex(puzzle, options, out); break;
    case FillFormat::kSvg: AppendSvg(puzzle, options, out); break;
    case FillFormat::kPuz: return AppendPuz(puzzle, options, out);
    case FillFormat::kJpz: AppendJpz(puzzle, options, out); break;
    case FillFormat::kXd: AppendXd(puzzle, options, out); break;
    case FillFormat::kExolve: AppendExolve(puzzle, options, out); break;
    case FillFormat::kAcrossText: AppendAcrossText(puzzle, options, out); break;
    case FillFormat::kSubmissionLatex: AppendSubmissionLatex(puzzle, options, out); break;
    case FillFormat::kPdf:
    case FillFormat::kSubmission: {
      std::string latex;
      if (options.format == FillFormat::kPdf) {
        AppendLatex(puzzle, options, latex);
      } else {
        AppendSubmissionLatex(puzzle, options, latex);
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
