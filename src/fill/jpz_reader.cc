// Reading Crossword Compiler's .jpz XML: <rectangular-puzzle> (alone or inside
// <crossword-compiler-applet> or <crossword-compiler>) with its <metadata> and <crossword>:
// the grid's cells, the words (cell ranges "1-5", or <cells> one by one) and the clue lists
// naming their words.
#include <map>
#include <optional>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_format.h"
#include "fill/puzzle.h"
#include "fill/puzzle_readers.h"
#include "fill/xml.h"
#include "fill/zip.h"
#include "text/strings.h"

namespace squares::core {
namespace {

constexpr std::string_view kJpz = "jpz";

// Inline markup kept in clue text and metadata: the tags the model holds.
bool KeptTag(std::string_view tag) {
  return tag == "i" || tag == "b" || tag == "sub" || tag == "sup";
}

// An element's content as the model's text: characters as they are, <i> <b> <sub> <sup> kept
// as tags, any other element (<span>, <font>) by its content alone; a <br> as a line break.
std::string MarkupText(const XmlNode& node) {
  std::string out;
  for (const XmlNode& child : node.children) {
    if (child.name.empty()) {
      out += child.text;
    } else if (child.name == "br") {
      out += '\n';
    } else if (KeptTag(child.name)) {
      absl::StrAppendFormat(&out, "<%s>%s</%s>", child.name, MarkupText(child), child.name);
    } else {
      out += MarkupText(child);
    }
  }
  return out;
}

// An element's text (MarkupText) less the blanks written as such around it, the file's
// layout; blanks written as references (&#10;) are the text's own.
std::string Field(const XmlNode* node) {
  if (node == nullptr || node->children.empty()) return "";
  const std::string text = MarkupText(*node);
  const XmlNode &first = node->children.front(), &last = node->children.back();
  const size_t front = first.name.empty() ? first.blanks_front : 0;
  const size_t back = last.name.empty() ? last.blanks_back : 0;
  return front + back >= text.size() ? "" : text.substr(front, text.size() - front - back);
}

bool IsTrue(std::string_view value) { return value == "true" || value == "1"; }

// A coordinate range "3" or "3-7", from 1; false when malformed or outside 1..limit.
bool ParseRange(std::string_view text, int limit, int& first, int& last) {
  const size_t dash = text.find('-');
  if (!ParseInt(Trim(text.substr(0, dash)), first)) return false;
  last = first;
  if (dash != std::string_view::npos && !ParseInt(Trim(text.substr(dash + 1)), last)) return false;
  return first >= 1 && last >= 1 && first <= limit && last <= limit;
}

// The cell of x, y (from 1) as an index; -1 when outside the grid or malformed.
int CellIndex(const Grid& g, std::string_view x, std::string_view y) {
  int col = 0, row = 0;
  if (!ParseInt(x, col) || !ParseInt(y, row) || col < 1 || row < 1 || col > g.cols ||
      row > g.rows) {
    return -1;
  }
  return g.cell(row - 1, col - 1);
}

absl::Status ReadCells(std::string_view name, const XmlNode& grid_node, Puzzle& puzzle,
                       int& unread_types) {
  Grid& g = puzzle.grid;
  std::vector<bool> seen(g.size(), false);
  for (const XmlNode& cell : grid_node.children) {
    if (cell.name != "cell") continue;
    const int i = CellIndex(g, cell.Attribute("x"), cell.Attribute("y"));
    if (i < 0) {
      return ReadError(name, kJpz, cell.line,
                       absl::StrFormat("a cell at x=\"%s\" y=\"%s\", outside the %dx%d grid",
                                       cell.Attribute("x"), cell.Attribute("y"), g.cols, g.rows));
    }
    seen[i] = true;
    const std::string_view type = cell.Attribute("type");
    // A "clue" cell is an arrowword's clue square, or, holding a letter, a cell whose letter
    // is given (as kotwords writes a prefilled cell).
    const bool given = IsTrue(cell.Attribute("hint")) ||
                       (type == "clue" && !(cell.Attribute("solution").empty() &&
                                            cell.Attribute("solve-state").empty()));
    if (type == "block" || type == "void" || (type == "clue" && !given)) {
      g.black[i] = true;
      g.voids[i] = type == "void";
      unread_types += type == "clue";
      continue;
    }
    std::string_view solution = cell.Attribute("solution");
    if (solution.empty() && given) solution = cell.Attribute("solve-state");
    puzzle.solution[i] = UpperCaseText(Trim(solution));
    if (given) g.fixed[i] = puzzle.solution[i];
    if (cell.Attribute("background-shape") == "circle") g.marks[i] |= kCircled;
    const std::string color =
        absl::AsciiStrToLower(std::string(cell.Attribute("background-color")));
    if (!color.empty() && color != "#ffffff" && color != "#fff" && color != "white") {
      g.marks[i] |= kShaded;
    }
    // Bars on any side, as the model's right and below bars of this cell or its neighbour.
    const int r = i / g.cols, c = i % g.cols;
    if (IsTrue(cell.Attribute("right-bar")) && c + 1 < g.cols) g.bars[i] |= kBarRight;
    if (IsTrue(cell.Attribute("bottom-bar")) && r + 1 < g.rows) g.bars[i] |= kBarBelow;
    if (IsTrue(cell.Attribute("left-bar")) && c > 0) g.bars[i - 1] |= kBarRight;
    if (IsTrue(cell.Attribute("top-bar")) && r > 0) g.bars[i - g.cols] |= kBarBelow;
  }
  // A cell the grid does not list is outside the puzzle's shape.
  for (int i = 0; i < g.size(); ++i) {
    if (!seen[i]) g.black[i] = g.voids[i] = true;
  }
  return absl::OkStatus();
}

// Each word's cells, by id.
absl::StatusOr<std::map<std::string, std::vector<int>>> ReadWords(std::string_view name,
                                                                  const XmlNode& crossword,
                                                                  const Grid& g) {
  std::map<std::string, std::vector<int>> words;
  for (const XmlNode& word : crossword.children) {
    if (word.name != "word") continue;
    std::vector<int>& cells = words[std::string(word.Attribute("id"))];
    auto add_range = [&](const XmlNode& node) -> absl::Status {
      int x0, x1, y0, y1;
      if (!ParseRange(node.Attribute("x"), g.cols, x0, x1) ||
          !ParseRange(node.Attribute("y"), g.rows, y0, y1)) {
        return ReadError(name, kJpz, node.line,
                         absl::StrFormat("cells x=\"%s\" y=\"%s\" are not a range of the %dx%d "
                                         "grid",
                                         node.Attribute("x"), node.Attribute("y"), g.cols, g.rows));
      }
      // The range in its order (a word may run backwards).
      const int dx = x1 >= x0 ? 1 : -1, dy = y1 >= y0 ? 1 : -1;
      for (int y = y0;; y += dy) {
        for (int x = x0;; x += dx) {
          cells.push_back(g.cell(y - 1, x - 1));
          if (x == x1) break;
        }
        if (y == y1) break;
      }
      return absl::OkStatus();
    };
    if (!word.Attribute("x").empty()) {
      if (absl::Status status = add_range(word); !status.ok()) return status;
    }
    for (const XmlNode& cells_node : word.children) {
      if (cells_node.name != "cells") continue;
      if (absl::Status status = add_range(cells_node); !status.ok()) return status;
    }
  }
  return words;
}

using SlotStarts = std::map<std::pair<int, Direction>, int>;  // first cell, direction -> number

// The slot a clue's word is: the number of the grid's entry that starts at the word's first
// cell in `direction`, 0 when none.
int SlotOf(const XmlNode& clue, Direction direction,
           const std::map<std::string, std::vector<int>>& words, const SlotStarts& starts) {
  auto word = words.find(std::string(clue.Attribute("word")));
  if (word == words.end() || word->second.empty()) return 0;
  auto slot = starts.find({word->second[0], direction});
  return slot == starts.end() ? 0 : slot->second;
}

// A clue list's direction: its title's ("Across", "<b>Down</b>"), else the one in which every
// clue's word is an entry of the grid; none for a list of other words (a variety puzzle's).
std::optional<Direction> ListDirection(const XmlNode& clues,
                                       const std::map<std::string, std::vector<int>>& words,
                                       const SlotStarts& starts) {
  const std::string title = absl::AsciiStrToLower(Field(clues.Child("title")));
  if (title.find("across") != std::string::npos) return Direction::kAcross;
  if (title.find("down") != std::string::npos) return Direction::kDown;
  for (Direction direction : {Direction::kAcross, Direction::kDown}) {
    bool all = true, any = false;
    for (const XmlNode& clue : clues.children) {
      if (clue.name != "clue") continue;
      any = true;
      all = all && SlotOf(clue, direction, words, starts) > 0;
    }
    if (any && all) return direction;
  }
  return std::nullopt;
}

void ReadClues(std::string_view name, const XmlNode& crossword,
               const std::map<std::string, std::vector<int>>& words, Puzzle& puzzle) {
  SlotStarts starts;
  for (const GridSlot& slot : puzzle.grid.slots)
    starts[{slot.cells[0], slot.direction}] = slot.number;
  int other_lists = 0, unplaced = 0;
  for (const XmlNode& list : crossword.children) {
    if (list.name != "clues") continue;
    const std::optional<Direction> direction = ListDirection(list, words, starts);
    if (!direction) {
      ++other_lists;
      continue;
    }
    for (const XmlNode& node : list.children) {
      if (node.name != "clue") continue;
      Clue clue;
      clue.direction = *direction;
      clue.text = Field(&node);
      clue.enumeration = std::string(Trim(node.Attribute("format")));
      clue.number = SlotOf(node, *direction, words, starts);
      if (clue.number == 0 &&
          (!ParseInt(Trim(node.Attribute("number")), clue.number) || clue.number < 1)) {
        ++unplaced;
        continue;
      }
      puzzle.clues.push_back(std::move(clue));
    }
  }
  if (other_lists > 0 || unplaced > 0) {
    puzzle.warnings.push_back(ReadMessage(
        name, kJpz, 0,
        absl::StrFormat("%d clue lists neither Across nor Down and %d clues of no entry and no "
                        "number not kept",
                        other_lists, unplaced)));
  }
}

void ReadMetadata(const XmlNode& rectangular, const XmlNode& root, PuzzleInfo& info) {
  const XmlNode* metadata = rectangular.Child("metadata");
  auto field = [&](std::string_view key) {
    return metadata == nullptr ? std::string() : Field(metadata->Child(key));
  };
  info.title = field("title");
  info.author = field("creator");
  info.editor = field("editor");
  info.copyright = field("copyright");
  info.publisher = field("publisher");
  for (std::string_view key : {"description", "instructions"}) {
    if (std::string text = field(key); !text.empty()) {
      info.notes += info.notes.empty() ? text : "\n" + text;
    }
  }
  if (std::string text = Field(rectangular.Child("instructions")); !text.empty()) {
    info.notes += info.notes.empty() ? text : "\n" + text;
  }
  // The applet's own title and copyright, when the metadata has none.
  if (const XmlNode* settings = root.Child("applet-settings"); settings != nullptr) {
    if (info.title.empty()) info.title = Field(settings->Child("title"));
    if (info.copyright.empty()) info.copyright = Field(settings->Child("copyright"));
  }
}

// Which of a zipped .jpz's entries is the puzzle: its one file, or of several its one XML
// file (.xml or .jpz); -1 with `error` set when there is none or more than one. Folders and
// the resource forks macOS adds (__MACOSX/) are no files.
int PuzzleEntry(const std::vector<ZipEntry>& entries, std::string& error) {
  std::vector<int> files, xml;
  for (size_t k = 0; k < entries.size(); ++k) {
    const std::string& entry = entries[k].name;
    if (entries[k].directory() || entry.rfind("__MACOSX/", 0) == 0) continue;
    files.push_back(static_cast<int>(k));
    const std::string lower = absl::AsciiStrToLower(entry);
    if (lower.ends_with(".xml") || lower.ends_with(".jpz")) xml.push_back(static_cast<int>(k));
  }
  if (files.size() == 1) return files[0];
  if (xml.size() == 1) return xml[0];
  if (files.empty()) {
    error = "an archive holding no file";
  } else if (xml.empty()) {
    error = absl::StrFormat("an archive of %d files, none of them .xml or .jpz", files.size());
  } else {
    error = absl::StrFormat("an archive of %d XML files (%s, %s%s); a .jpz holds one", xml.size(),
                            entries[xml[0]].name, entries[xml[1]].name,
                            xml.size() > 2 ? ", ..." : "");
  }
  return -1;
}

// A .jpz as Crossword Compiler saves it: a ZIP archive of one XML file, read as if unzipped,
// its errors naming the file inside ("x.jpz(puzzle.xml):12: jpz: ..."). The XML may be as
// large as an unzipped .jpz may be (kMaxPuzzleFileBytes), and inflating stops there.
absl::StatusOr<Puzzle> ReadZippedJpz(std::string_view name, std::string_view bytes) {
  const auto refuse = [name](std::string_view problem) {
    return ReadError(name, kJpz, 0, absl::StrFormat("a zipped .jpz: %s", problem));
  };
  absl::StatusOr<std::vector<ZipEntry>> entries = ListZip(bytes);
  if (!entries.ok()) return refuse(std::string(entries.status().message()));
  std::string error;
  const int entry = PuzzleEntry(*entries, error);
  if (entry < 0) return refuse(error);
  absl::StatusOr<std::string> xml = ExtractZip(bytes, (*entries)[entry], kMaxPuzzleFileBytes);
  if (!xml.ok()) return refuse(std::string(xml.status().message()));
  const std::string& inside = (*entries)[entry].name;
  if (IsZip(*xml)) return refuse(absl::StrFormat("%s is a ZIP archive itself", inside));
  return ReadJpz(absl::StrFormat("%s(%s)", name, inside), *xml);
}

}  // namespace

bool IsJpz(std::string_view bytes) {
  if (IsZip(bytes)) return true;
  const std::string_view head = Trim(bytes.substr(0, 4096), " \t\r\n\xEF\xBB\xBF");
  return !head.empty() && head[0] == '<' &&
         (head.find("<crossword-compiler") != std::string_view::npos ||
          head.find("<rectangular-puzzle") != std::string_view::npos);
}

absl::StatusOr<Puzzle> ReadJpz(std::string_view name, std::string_view bytes) {
  if (IsZip(bytes)) return ReadZippedJpz(name, bytes);
  absl::StatusOr<XmlNode> root = ParseXml(bytes, name, kJpz);
  if (!root.ok()) return root.status();
  const XmlNode* rectangular =
      root->name == "rectangular-puzzle" ? &*root : root->Child("rectangular-puzzle");
  if (rectangular == nullptr) {
    return ReadError(name, kJpz, root->line,
                     absl::StrFormat("<%s> holds no <rectangular-puzzle>", root->name));
  }
  const XmlNode* crossword = rectangular->Child("crossword");
  if (crossword == nullptr) {
    for (const XmlNode& child : rectangular->children) {
      if (!child.name.empty() && child.name != "metadata" && child.name != "instructions") {
        return ReadError(name, kJpz, child.line,
                         absl::StrFormat("<%s> holds no <crossword> but <%s>: not read",
                                         "rectangular-puzzle", child.name));
      }
    }
    return ReadError(name, kJpz, rectangular->line, "no <crossword> in <rectangular-puzzle>");
  }
  const XmlNode* grid = crossword->Child("grid");
  int width = 0, height = 0;
  if (grid == nullptr || !ParseInt(grid->Attribute("width"), width) ||
      !ParseInt(grid->Attribute("height"), height)) {
    return ReadError(name, kJpz, grid == nullptr ? crossword->line : grid->line,
                     "no <grid width=\"...\" height=\"...\">");
  }
  if (width < 1 || height < 1 || width > kMaxGridSide || height > kMaxGridSide) {
    return ReadError(name, kJpz, grid->line,
                     absl::StrFormat("a grid of %dx%d cells; the largest is %dx%d", width, height,
                                     kMaxGridSide, kMaxGridSide));
  }
  Puzzle puzzle = BlankPuzzle(height, width, std::string(kJpz));
  int clue_cells = 0;
  if (absl::Status status = ReadCells(name, *grid, puzzle, clue_cells); !status.ok()) {
    return status;
  }
  if (clue_cells > 0) {
    puzzle.warnings.push_back(
        ReadMessage(name, kJpz, 0,
                    absl::StrFormat("%d clue cells (an arrowword's) read as blocks", clue_cells)));
  }
  if (absl::Status status = NumberPuzzle(name, puzzle, false); !status.ok()) return status;
  absl::StatusOr<std::map<std::string, std::vector<int>>> words =
      ReadWords(name, *crossword, puzzle.grid);
  if (!words.ok()) return words.status();
  ReadClues(name, *crossword, *words, puzzle);
  ReadMetadata(*rectangular, *root, puzzle.info);
  WarnUnmatchedClues(name, puzzle);
  return puzzle;
}

}  // namespace squares::core
