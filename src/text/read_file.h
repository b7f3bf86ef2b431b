// Reading input files (`-` = stdin): whole, within a size limit, or in chunks.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace squares::core {

// An input file opened for reading in chunks (`-` = stdin); closes what it opened. Errors
// name the file.
class InputFile {
 public:
  static absl::StatusOr<InputFile> Open(const std::string& path);
  InputFile(InputFile&& other) noexcept;
  InputFile& operator=(InputFile&&) = delete;
  ~InputFile();

  int fd() const { return fd_; }
  bool regular() const { return regular_; }
  // Appends up to `n` more bytes to `out`; 0 at the end of the file.
  absl::StatusOr<size_t> Read(std::string& out, size_t n);
  // Reads until `out` holds `size` bytes or the file ends.
  absl::Status ReadUpTo(std::string& out, size_t size);

 private:
  InputFile(std::string path, int fd, bool owned) : path_(std::move(path)), fd_(fd), owned_(owned) {}
  std::string path_;
  int fd_;
  bool owned_;
  bool regular_ = false;
};

// Reads a whole file (`-` = stdin) of at most `max_bytes`, the limit for `what` ("a crossword
// grid of up to 256x256 cells"): a larger file is refused as soon as it passes the limit, and a
// NUL byte where it is read; errors name the file (and line and column).
absl::StatusOr<std::string> ReadFile(const std::string& path, size_t max_bytes,
                                     std::string_view what);

}  // namespace squares::core
