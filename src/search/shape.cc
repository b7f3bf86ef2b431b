#include "search/shape.h"

#include <algorithm>
#include <map>

#include "absl/strings/str_format.h"
#include "lexicon/unicode.h"
#include "text/strings.h"

namespace squares::core {
namespace {

// A Qxw light pattern: per cell a letter, '?' '.' or '-' (any letter), '@' (a vowel), '#'
// (a consonant), or a set "[ABC]" / "[^ABC]".
absl::StatusOr<std::vector<CellPattern>> ParsePattern(std::string_view text) {
  std::vector<CellPattern> cells;
  const std::vector<std::string> vowels = {"a", "e", "i", "o", "u"};
  auto letter = [&](size_t& pos) -> absl::StatusOr<std::string> {
    size_t start = pos;
    int32_t cp = DecodeUtf8(text, pos);
    if (cp < 0) return absl::DataLossError("invalid UTF-8 in the pattern");
    if (!IsLetter(static_cast<char32_t>(cp))) {
      return absl::DataLossError(
          absl::StrFormat("'%s' is not a letter in the pattern", text.substr(start, pos - start)));
    }
    return std::string(text.substr(start, pos - start));
  };
  for (size_t pos = 0; pos < text.size();) {
    CellPattern cell;
    char ch = text[pos];
    if (ch == '?' || ch == '.' || ch == '-') {
      ++pos;
    } else if (ch == '@' || ch == '#') {
      cell.letters = vowels;
      cell.negate = ch == '#';
      ++pos;
    } else if (ch == '[') {
      ++pos;
      if (pos < text.size() && text[pos] == '^') {
        cell.negate = true;
        ++pos;
      }
      while (pos < text.size() && text[pos] != ']') {
        auto l = letter(pos);
        if (!l.ok()) return l.status();
        cell.letters.push_back(*l);
      }
      if (pos == text.size()) return absl::DataLossError("'[' without ']' in the pattern");
      ++pos;
      if (cell.letters.empty() && !cell.negate)
        return absl::DataLossError("empty set '[]' in the pattern");
    } else {
      auto l = letter(pos);
      if (!l.ok()) return l.status();
      cell.letters.push_back(*l);
    }
    cells.push_back(std::move(cell));
  }
  return cells;
}

// fieldfinder: "1,2,3,4" or "1,2,3,4:LIST" per line, cells numbered from 0 or 1.
absl::StatusOr<Shape> ParseTopology(const std::vector<std::pair<int, std::string_view>>& lines,
                                    const std::string& name) {
  Shape shape;
  shape.name = name;
  std::vector<std::vector<int64_t>> numbers;
  int64_t lowest = INT64_MAX, highest = -1;
  for (auto [line, text] : lines) {
    ShapeWord word;
    word.line = line;
    size_t colon = text.find(':');
    if (colon != std::string_view::npos) {
      word.list = std::string(Trim(text.substr(colon + 1), " \t\r"));
      if (word.list.empty()) return LineError(name, line, "':' names no word list");
      text = text.substr(0, colon);
    }
    std::vector<int64_t>& cells = numbers.emplace_back();
    for (std::string_view part : SplitString(text, ',')) {
      part = Trim(part, " \t\r");
      int64_t n;
      if (!ParseInt(part, n) || n < 0 || n >= kMaxShapeCells + 1) {
        return LineError(
            name, line, absl::StrFormat("'%s' is not a cell number (0..%d)", part, kMaxShapeCells));
      }
      cells.push_back(n);
      lowest = std::min(lowest, n);
      highest = std::max(highest, n);
    }
    shape.words.push_back(std::move(word));
  }
  if (shape.words.empty()) return absl::DataLossError(absl::StrFormat("%s: no words", name));
  // Numbered from 0 when 0 is used, else from 1.
  const int64_t base = lowest == 0 ? 0 : 1;
  if (highest - base + 1 > kMaxShapeCells) {
    return absl::DataLossError(
        absl::StrFormat("%s: cells up to %d; at most %d cells", name, highest, kMaxShapeCells));
  }
  shape.cell_count = static_cast<int>(highest - base + 1);
  for (int c = 0; c < shape.cell_count; ++c)
    shape.cell_names.push_back(absl::StrFormat("%d", c + base));
  for (size_t w = 0; w < numbers.size(); ++w) {
    for (int64_t n : numbers[w]) shape.words[w].cells.push_back(static_cast<int>(n - base));
  }
  return shape;
}

// Qxw deck: one light per line, cell names separated by spaces, optionally "=PATTERN" last.
absl::StatusOr<Shape> ParseDeck(const std::vector<std::pair<int, std::string_view>>& lines,
                                const std::string& name) {
  Shape shape;
  shape.name = name;
  std::map<std::string, int, std::less<>> ids;
  for (auto [line, text] : lines) {
    if (text[0] == '.') {
      std::string_view directive = SplitTokens(text)[0];
      // Random fill order means nothing to a search that lists every fill.
      if (directive == ".RANDOM") continue;
      return LineError(
          name, line,
          absl::StrFormat(
              "deck directive '%s' is not supported (squares accepts .RANDOM only; lists come from "
              "the dictionary)",
              directive));
    }
    ShapeWord word;
    word.line = line;
    std::vector<std::string_view> tokens = SplitTokens(text);
    if (tokens.back()[0] == '=') {
      auto pattern = ParsePattern(tokens.back().substr(1));
      if (!pattern.ok()) return LineError(name, line, std::string(pattern.status().message()));
      word.pattern = std::move(*pattern);
      tokens.pop_back();
    }
    for (std::string_view token : tokens) {
      if (token[0] == '=') return LineError(name, line, "the pattern '=...' must come last");
      auto [it, added] = ids.try_emplace(std::string(token), static_cast<int>(ids.size()));
      if (added) {
        if (static_cast<int>(ids.size()) > kMaxShapeCells) {
          return LineError(name, line, absl::StrFormat("more than %d cells", kMaxShapeCells));
        }
        shape.cell_names.emplace_back(token);
      }
      word.cells.push_back(it->second);
    }
    if (!word.pattern.empty() && word.pattern.size() != word.cells.size()) {
      return LineError(name, line,
                       absl::StrFormat("the pattern has %d cells, the light %d",
                                       word.pattern.size(), word.cells.size()));
    }
    shape.words.push_back(std::move(word));
  }
  if (shape.words.empty()) return absl::DataLossError(absl::StrFormat("%s: no lights", name));
  shape.cell_count = static_cast<int>(ids.size());
  return shape;
}

}  // namespace

absl::StatusOr<Shape> ParseShape(std::string_view text, const std::string& name) {
  if (text.size() > kMaxShapeFileBytes) {
    return absl::DataLossError(absl::StrFormat("%s: larger than %d bytes, too large for a shape",
                                               name, kMaxShapeFileBytes));
  }
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  std::vector<std::pair<int, std::string_view>> lines;  // (line number, text), no comments
  int number = 0;
  for (std::string_view line : SplitString(text, '\n')) {
    ++number;
    line = Trim(line, " \t\r");  // a "\r\n" line end too
    if (line.empty() || line[0] == '#') continue;
    if (line.find('\0') != std::string_view::npos) return LineError(name, number, "NUL byte");
    if (lines.size() >= kMaxShapeWords) {
      return LineError(name, number, absl::StrFormat("more than %d words", kMaxShapeWords));
    }
    lines.emplace_back(number, line);
  }
  if (lines.empty()) return absl::DataLossError(absl::StrFormat("%s: no words", name));
  const bool deck = (name.size() > 4 && name.substr(name.size() - 4) == ".qxd") ||
                    lines[0].second[0] == '.' ||
                    (lines[0].second.find_first_of(",:") == std::string_view::npos &&
                     lines[0].second.find_first_of(" \t") != std::string_view::npos);
  auto shape = deck ? ParseDeck(lines, name) : ParseTopology(lines, name);
  if (!shape.ok()) return shape.status();
  if (absl::Status status = FinishShape(*shape); !status.ok()) return status;
  return shape;
}

absl::Status FinishShape(Shape& shape) {
  auto error = [&](const ShapeWord& word, std::string_view message) {
    return word.line > 0 ? LineError(shape.name, word.line, message)
                         : absl::InvalidArgumentError(std::string(message));
  };
  if (shape.cell_count > kMaxShapeCells) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%d cells; at most %d", shape.cell_count, kMaxShapeCells));
  }
  if (shape.echo.empty()) {
    for (int c = 0; c < shape.cell_count; ++c) shape.echo.push_back(c);
  }
  std::vector<int> words_of(shape.cell_count, 0);
  size_t letters = 0;
  for (const ShapeWord& word : shape.words) {
    letters += word.cells.size();
    if (letters > kMaxShapeLetters) {
      return error(word, absl::StrFormat("more than %d letters in all words", kMaxShapeLetters));
    }
    if (word.cells.size() < 2) return error(word, "a word needs at least 2 cells");
    if (word.cells.size() > kMaxShapeWordLength) {
      return error(word, absl::StrFormat("a word of %d cells; at most %d", word.cells.size(),
                                         kMaxShapeWordLength));
    }
    std::vector<int> seen;
    for (int c : word.cells) {
      if (std::find(seen.begin(), seen.end(), c) != seen.end()) continue;
      seen.push_back(c);
      if (++words_of[c] > kMaxCellWords) {
        return error(word, absl::StrFormat("cell %s lies in more than %d words",
                                           shape.cell_names.empty() ? absl::StrFormat("%d", c)
                                                                    : shape.cell_names[c],
                                           kMaxCellWords));
      }
    }
  }
  for (int c = 0; c < shape.cell_count; ++c) {
    if (words_of[c] == 0 && shape.echo[c] != -1) {
      std::string cell = shape.cell_names.empty() ? absl::StrFormat("%d", c) : shape.cell_names[c];
      return absl::DataLossError(absl::StrFormat("%s: cell %s is in no word", shape.name, cell));
    }
  }
  if (shape.layout.empty()) {
    // The first run of consecutive words of one length that covers every cell once.
    for (size_t begin = 0; begin < shape.words.size(); ++begin) {
      std::vector<int> covered(shape.cell_count, 0);
      size_t end = begin;
      int total = 0;
      bool once = true;
      while (end < shape.words.size() && once && total < shape.cell_count &&
             shape.words[end].cells.size() == shape.words[begin].cells.size()) {
        for (int c : shape.words[end].cells) {
          once = once && covered[c]++ == 0;
          ++total;
        }
        ++end;
      }
      if (once && total == shape.cell_count) {
        for (size_t w = begin; w < end; ++w) shape.layout.push_back(shape.words[w].cells);
        break;
      }
    }
  }
  return absl::OkStatus();
}

Shape MakeSquareShape(SquareShapeKind kind, int rows, int cols, bool diagonals) {
  Shape shape;
  shape.cell_count = rows * cols;
  const bool symmetric = kind == SquareShapeKind::kSymmetric;
  // A symmetric square's cell (i, j) below the diagonal is cell (j, i).
  auto cell = [&](int i, int j) { return symmetric && i > j ? j * cols + i : i * cols + j; };
  auto add = [&](auto at, int length) {
    ShapeWord& word = shape.words.emplace_back();
    for (int k = 0; k < length; ++k) word.cells.push_back(at(k));
  };
  for (int i = 0; i < rows; ++i) add([&](int j) { return cell(i, j); }, cols);
  if (!symmetric) {
    for (int j = 0; j < cols; ++j) add([&](int i) { return cell(i, j); }, rows);
  }
  if (diagonals) {
    add([&](int k) { return cell(k, k); }, rows);
    add([&](int k) { return cell(k, cols - 1 - k); }, rows);
  }
  // The lower triangle of a symmetric square shows the upper one (echo -1: shown by another).
  for (int i = 0; i < rows; ++i) {
    shape.layout.emplace_back();
    for (int j = 0; j < cols; ++j) {
      shape.layout.back().push_back(i * cols + j);
      shape.echo.push_back(!symmetric || i == j ? i * cols + j : j > i ? j * cols + i : -1);
      if (!symmetric || j >= i) shape.order.push_back(i * cols + j);
    }
  }
  return shape;
}

Shape MakeCubeShape(int n) {
  Shape shape;
  shape.cell_count = n * n * n;
  auto id = [&](int x, int y, int z) { return (z * n + y) * n + x; };
  for (int axis = 0; axis < 3; ++axis) {
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) {
        ShapeWord& word = shape.words.emplace_back();
        for (int k = 0; k < n; ++k) {
          word.cells.push_back(axis == 0 ? id(k, b, a) : axis == 1 ? id(b, k, a) : id(b, a, k));
        }
      }
    }
  }
  for (int y = 0; y < n; ++y) {
    std::vector<int>& row = shape.layout.emplace_back();
    for (int z = 0; z < n; ++z) {
      if (z > 0) row.push_back(-1);
      for (int x = 0; x < n; ++x) row.push_back(id(x, y, z));
    }
  }
  return shape;
}

std::vector<std::vector<int>> ShapeInvolutions(const Shape& shape,
                                               const std::vector<int>& word_kind,
                                               const std::vector<int>& cell_kind,
                                               size_t max_results, size_t budget) {
  const int words = static_cast<int>(shape.words.size());
  std::vector<std::vector<std::pair<int, int>>> at(shape.cell_count);  // (word, position)
  for (int w = 0; w < words; ++w) {
    const std::vector<int>& cells = shape.words[w].cells;
    for (int p = 0; p < static_cast<int>(cells.size()); ++p) at[cells[p]].push_back({w, p});
  }
  std::vector<int> image(shape.cell_count, -1), word_image(words, -1), trail;
  std::vector<std::vector<int>> found;
  auto undo = [&](size_t mark) {
    for (; trail.size() > mark; trail.pop_back()) image[trail.back()] = -1;
  };
  // Maps word w onto word v (cells pairwise, both ways); false, with nothing changed, on a
  // conflict.
  auto map = [&](int w, int v) {
    const std::vector<int>& a = shape.words[w].cells;
    const std::vector<int>& b = shape.words[v].cells;
    const size_t mark = trail.size();
    bool ok = a.size() == b.size() && word_kind[w] == word_kind[v];
    for (size_t p = 0; ok && p < a.size(); ++p) {
      const int c = a[p], d = b[p];
      if (image[c] == d) continue;
      ok = image[c] == -1 && image[d] == -1 && cell_kind[c] == cell_kind[d];
      if (!ok) break;
      image[c] = d;
      image[d] = c;
      trail.push_back(c);
      trail.push_back(d);
    }
    if (!ok) {
      undo(mark);
      return false;
    }
    word_image[w] = v;
    word_image[v] = w;
    return true;
  };
  // Next the first unmapped word with a mapped cell (its candidates are the words through
  // that cell's image at the same position, so a wrong choice fails fast), else the first
  // unmapped word (any word is a candidate). The identity is tried last.
  auto mapped_cell = [&](int w) {
    const std::vector<int>& cells = shape.words[w].cells;
    return std::find_if(cells.begin(), cells.end(), [&](int c) { return image[c] >= 0; }) -
           cells.begin();
  };
  auto search = [&](auto& self) -> void {
    if (found.size() >= max_results || budget < static_cast<size_t>(words)) return;
    budget -= words;
    int w = -1;
    for (int u = 0; u < words; ++u) {
      if (word_image[u] >= 0) continue;
      if (w < 0) w = u;
      if (mapped_cell(u) < static_cast<int>(shape.words[u].cells.size())) {
        w = u;
        break;
      }
    }
    if (w < 0) {
      std::vector<int> s = image;
      bool identity = true;
      for (int c = 0; c < shape.cell_count; ++c) {
        if (s[c] < 0) s[c] = c;
        identity = identity && s[c] == c;
      }
      if (!identity) found.push_back(std::move(s));
      return;
    }
    std::vector<int> candidates;
    const std::vector<int>& cells = shape.words[w].cells;
    const int p = static_cast<int>(mapped_cell(w));
    if (p < static_cast<int>(cells.size())) {
      for (auto [v, q] : at[image[cells[p]]]) {
        if (q == p && v != w) candidates.push_back(v);
      }
    } else {
      for (int v = 0; v < words; ++v) {
        if (v != w) candidates.push_back(v);
      }
    }
    candidates.push_back(w);
    for (int v : candidates) {
      if (budget == 0) return;
      --budget;
      const size_t mark = trail.size();
      if ((v != w && word_image[v] >= 0) || !map(w, v)) continue;
      self(self);
      undo(mark);
      word_image[w] = word_image[v] = -1;
    }
  };
  search(search);
  return found;
}

}  // namespace squares::core
