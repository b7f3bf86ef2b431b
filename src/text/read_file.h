// Reading input files (`-` = stdin): whole, within a size limit, or in chunks.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace squares::core {

// A file that could not be opened, read or written: the status's message (which names the
// file), and the path and errno it keeps for IoFailureOf, so that the API can say which file
// and why (not found, permission denied, other). Its code: kNotFound for ENOENT,
// kPermissionDenied for EACCES and EPERM, kFailedPrecondition for EISDIR, else kDataLoss.
absl::Status IoError(std::string_view path, int error_number, std::string_view message);
struct IoFailure {
  std::string path;
  int error_number = 0;
};
// What an IoError keeps; nullopt for any other status.
std::optional<IoFailure> IoFailureOf(const absl::Status& status);

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
  InputFile(std::string path, int fd, bool owned)
      : path_(std::move(path)), fd_(fd), owned_(owned) {}
  std::string path_;
  int fd_;
  bool owned_;
  bool regular_ = false;
};

// How many of a file's first bytes ReadFile shows a `binary` test (fewer when the file is
// shorter).
inline constexpr size_t kBinaryHeadBytes = 1024;

// Reads a whole file (`-` = stdin) of at most `max_bytes`, the limit for `what` ("a crossword
// grid of up to 256x256 cells"): a larger file is refused as soon as it passes the limit, and a
// NUL byte where it is read, unless `binary` says of the file's first kBinaryHeadBytes that it
// is a binary format the caller reads (an Across Lite .puz among text formats); errors name
// the file (and line and column).
absl::StatusOr<std::string> ReadFile(const std::string& path, size_t max_bytes,
                                     std::string_view what,
                                     bool (*binary)(std::string_view head) = nullptr);

}  // namespace squares::core
