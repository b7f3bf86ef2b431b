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
      format_(format) {
  SetLetters(alphabet, upper);
}

SquareFormatter::SquareFormatter(const Alphabet& alphabet, const Shape& shape, SquareFormat format,
                                 bool upper)
    : shape_(&shape), format_(format) {
  SetLetters(alphabet, upper);
}

void SquareFormatter::SetLetters(const Alphabet& alphabet, bool upper) {
  for (int c = 0; c < alphabet.size(); ++c) {
    alphabet.append_utf8(static_cast<Letter>(c), upper, letters_.emplace_back());
    single_bytes_ = single_bytes_ && letters_.back().size() == 1;
    byte_of_[c] = letters_.back()[0];
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
  auto list = [&](const std::vector<std::vector<int>>& rows, char after_row) {
    for (size_t r = 0; r < rows.size(); ++r) {
      if (r > 0 && after_row == ' ') out += ' ';
      for (int c : rows[r]) cell(c);
      if (after_row == '\n') out += '\n';
    }
  };
  std::vector<std::vector<int>> words;
  if (shape_->layout.empty() || format_ == SquareFormat::kJsonl) {
    for (const ShapeWord& word : shape_->words) words.push_back(word.cells);
  }
  const std::vector<std::vector<int>>& rows = shape_->layout.empty() ? words : shape_->layout;
  switch (format_) {
    case SquareFormat::kText:
      list(rows, '\n');
      out += '\n';
      break;
    case SquareFormat::kLines:
      list(rows, ' ');
      out += '\n';
      break;
    case SquareFormat::kJsonl:
      out += "{\"words\":[";
      for (size_t w = 0; w < words.size(); ++w) {
        out += w > 0 ? ",\"" : "\"";
        for (int c : words[w]) cell(c);
        out += '"';
      }
      out += "]}\n";
      break;
  }
}

std::optional<SquareImage> SquareFormatter::Image() const {
  if (!single_bytes_) return std::nullopt;
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
  if (format_ != SquareFormat::kJsonl) {
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

void SquareFormatter::AppendWord(const Letter* grid, int start, int step, int length,
                                 std::string& out) const {
  for (int k = 0; k < length; ++k) out += letters_[grid[start + k * step]];
}

void SquareFormatter::Append(const Letter* grid, std::string& out) const {
  if (shape_) {
    AppendShape(grid, out, nullptr);
    return;
  }
  if (single_bytes_ && format_ != SquareFormat::kJsonl) {
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
  }
}

}  // namespace squares::core
