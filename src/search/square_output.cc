#include "search/square_output.h"

namespace squares::core {

absl::StatusOr<SquareFormat> ParseSquareFormat(std::string_view name) {
  if (name == "text") return SquareFormat::kText;
  if (name == "lines") return SquareFormat::kLines;
  if (name == "jsonl") return SquareFormat::kJsonl;
  return absl::InvalidArgumentError("unknown format '" + std::string(name) +
                                    "' (expected text, lines or jsonl)");
}

SquareFormatter::SquareFormatter(const Alphabet& alphabet, const SquareProblem& problem,
                                 SquareFormat format, bool upper)
    : rows_(problem.rows),
      cols_(problem.cols),
      with_columns_(problem.mode != SquareMode::kSymmetric),
      format_(format),
      view_{rows_ + cols_, 0, rows_} {
  SetLetters(alphabet, upper);
}

SquareFormatter::SquareFormatter(const Alphabet& alphabet, const Shape& shape, SquareFormat format,
                                 bool upper)
    : shape_(&shape), format_(format) {
  SetLetters(alphabet, upper);
  // The layout's rows, when they are a run of the words, are not written again.
  const int words = static_cast<int>(shape.words.size());
  const int rows = static_cast<int>(shape.layout.size());
  view_ = {words, 0, words};
  if (rows == 0) return;
  view_ = {words, words, rows};
  for (int begin = 0; begin + rows <= words; ++begin) {
    bool same = true;
    for (int r = 0; r < rows && same; ++r) same = shape.words[begin + r].cells == shape.layout[r];
    if (same) {
      view_.rows_begin = begin;
      return;
    }
  }
}

void SquareFormatter::SetLetters(const Alphabet& alphabet, bool upper) {
  for (int c = 0; c < alphabet.size(); ++c) {
    alphabet.append_utf8(static_cast<Letter>(c), upper, letters_.emplace_back());
  }
  SetBytes();
}

void SquareFormatter::SetBytes() {
  single_bytes_ = true;
  for (size_t c = 0; c < letters_.size(); ++c) {
    single_bytes_ = single_bytes_ && letters_[c].size() == 1;
    byte_of_[c] = letters_[c][0];
  }
}

void SquareFormatter::AppendShape(const Letter* grid, std::string& out,
                                  std::vector<std::vector<uint32_t>>* where) const {
  auto cell = [&](int c) {
    if (c < 0) {
      out += ' ';
      return;
    }
    if (where) (*where)[c].push_back(static_cast<uint32_t>(out.size()));
    out += letters_[grid[c]];
  };
  // A shape without a layout shows its words as its rows.
  const bool layout = !shape_->layout.empty();
  const size_t rows = layout ? shape_->layout.size() : shape_->words.size();
  auto row = [&](size_t r) -> const std::vector<int>& {
    return layout ? shape_->layout[r] : shape_->words[r].cells;
  };
  auto list = [&](char after_row) {
    for (size_t r = 0; r < rows; ++r) {
      if (r > 0 && after_row == ' ') out += ' ';
      for (int c : row(r)) cell(c);
      if (after_row == '\n') out += '\n';
    }
  };
  switch (format_) {
    case SquareFormat::kText:
      list('\n');
      out += '\n';
      break;
    case SquareFormat::kLines:
      list(' ');
      out += '\n';
      break;
    case SquareFormat::kJsonl:
      out += "{\"words\":[";
      for (size_t w = 0; w < shape_->words.size(); ++w) {
        out += w > 0 ? ",\"" : "\"";
        for (int c : shape_->words[w].cells) cell(c);
        out += '"';
      }
      out += "]}\n";
      break;
    case SquareFormat::kView:
      for (const ShapeWord& word : shape_->words) {
        for (int c : word.cells) cell(c);
        out += '\n';
      }
      if (view_.count() > view_.words) list('\n');
      break;
  }
}

std::optional<SquareImage> SquareFormatter::Image() const {
  if (!single_bytes_) {
    if (format_ != SquareFormat::kView) return std::nullopt;
    // The view's image marks a letter of several bytes by one byte (see Unmark).
    SquareFormatter marked = *this;
    for (size_t c = 0; c < letters_.size(); ++c) {
      if (letters_[c].size() > 1) marked.letters_[c] = std::string(1, static_cast<char>(0x80 | c));
    }
    marked.SetBytes();
    return marked.Image();
  }
  if (shape_) {
    // Cells shown at most twice (the image has two offsets per cell; a cell never shown
    // points at a byte its echo overwrites anyway).
    std::vector<std::vector<uint32_t>> where(shape_->cell_count);
    std::vector<Letter> zeros(shape_->cell_count, 0);
    SquareImage image;
    image.byte_of = byte_of_;
    AppendShape(zeros.data(), image.text, &where);
    for (int c = 0; c < shape_->cell_count; ++c) {
      if (where[c].size() > 2) return std::nullopt;
      if (where[c].empty()) {
        const int echo = shape_->echo[c];
        if (echo < 0 || where[echo].empty()) return std::nullopt;
        where[c] = where[echo];
      }
      image.offsets.push_back({where[c][0], where[c].back()});
    }
    return image;
  }
  SquareImage image;
  image.byte_of = byte_of_;
  image.offsets.resize(static_cast<size_t>(rows_) * cols_);
  if (format_ == SquareFormat::kView) {
    // view: row i at i * (cols + 1), then column j at rows * (cols + 1) + j * (rows + 1),
    // each followed by its '\n'.
    for (int i = 0; i < rows_; ++i) {
      for (int j = 0; j < cols_; ++j) {
        image.offsets[i * cols_ + j] = {
            static_cast<uint32_t>(i * (cols_ + 1) + j),
            static_cast<uint32_t>(rows_ * (cols_ + 1) + j * (rows_ + 1) + i)};
      }
    }
  } else if (format_ != SquareFormat::kJsonl) {
    // text and lines: row i at i * (cols + 1), each row followed by one separator byte.
    for (int i = 0; i < rows_; ++i) {
      for (int j = 0; j < cols_; ++j) {
        const uint32_t at = static_cast<uint32_t>(i * (cols_ + 1) + j);
        image.offsets[i * cols_ + j] = {at, at};
      }
    }
  } else {
    // jsonl: "{"rows":[" then each row '"' word '"', joined by ','; then "],"columns":[" and
    // the same for the columns. A cell lies in its row's word and, when columns are listed,
    // in its column's word.
    const size_t rows_begin = std::string_view("{\"rows\":[").size();
    const size_t cols_begin =
        rows_begin + rows_ * (cols_ + 3) - 1 + std::string_view("],\"columns\":[").size();
    for (int i = 0; i < rows_; ++i) {
      for (int j = 0; j < cols_; ++j) {
        const uint32_t in_row = static_cast<uint32_t>(rows_begin + i * (cols_ + 3) + 1 + j);
        const uint32_t in_col =
            with_columns_ ? static_cast<uint32_t>(cols_begin + j * (rows_ + 3) + 1 + i) : in_row;
        image.offsets[i * cols_ + j] = {in_row, in_col};
      }
    }
  }
  // The separators and quotes, from any one result.
  std::vector<Letter> zeros(image.offsets.size(), 0);
  Append(zeros.data(), image.text);
  return image;
}

void SquareFormatter::Unmark(std::string_view marked, std::string& out) const {
  for (const char byte : marked) {
    if (byte & 0x80) out += letters_[byte & 0x3f];
    else out += byte;
  }
}

void SquareFormatter::AppendWord(const Letter* grid, int start, int step, int length,
                                 std::string& out) const {
  for (int k = 0; k < length; ++k) out += letters_[grid[start + k * step]];
}

void SquareFormatter::Append(const Letter* grid, std::string& out) const {
  if (shape_) {
    AppendShape(grid, out, nullptr);
    return;
  }
  if (single_bytes_ && (format_ == SquareFormat::kText || format_ == SquareFormat::kLines)) {
    // The common case, one byte per letter: grow the string once and fill it.
    const bool text = format_ == SquareFormat::kText;
    const size_t at = out.size();
    out.resize(at + rows_ * (cols_ + 1) + text);
    char* p = out.data() + at;
    for (int i = 0; i < rows_; ++i) {
      for (int j = 0; j < cols_; ++j) *p++ = byte_of_[grid[i * cols_ + j]];
      *p++ = text || i + 1 == rows_ ? '\n' : ' ';
    }
    if (text) *p = '\n';
    return;
  }
  switch (format_) {
    case SquareFormat::kText:
      for (int i = 0; i < rows_; ++i) {
        AppendWord(grid, i * cols_, 1, cols_, out);
        out += '\n';
      }
      out += '\n';
      break;
    case SquareFormat::kLines:
      for (int i = 0; i < rows_; ++i) {
        if (i > 0) out += ' ';
        AppendWord(grid, i * cols_, 1, cols_, out);
      }
      out += '\n';
      break;
    case SquareFormat::kJsonl:
      out += "{\"rows\":[";
      for (int i = 0; i < rows_; ++i) {
        out += i > 0 ? ",\"" : "\"";
        AppendWord(grid, i * cols_, 1, cols_, out);
        out += '"';
      }
      if (with_columns_) {
        out += "],\"columns\":[";
        for (int j = 0; j < cols_; ++j) {
          out += j > 0 ? ",\"" : "\"";
          AppendWord(grid, j, cols_, rows_, out);
          out += '"';
        }
      }
      out += "]}\n";
      break;
    case SquareFormat::kView:
      for (int i = 0; i < rows_; ++i) {
        AppendWord(grid, i * cols_, 1, cols_, out);
        out += '\n';
      }
      for (int j = 0; j < cols_; ++j) {
        AppendWord(grid, j, cols_, rows_, out);
        out += '\n';
      }
      break;
  }
}

}  // namespace squares::core
