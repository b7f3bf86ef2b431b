#include "text/read_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include "absl/strings/cord.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace squares::core {
namespace {

// The payloads of an IoError (Debian's Abseil has its own string_view: these convert).
constexpr absl::string_view kPathPayload = "squares/io-path", kErrnoPayload = "squares/io-errno";

}  // namespace

absl::Status IoError(std::string_view path, int error_number, std::string_view message) {
  const absl::StatusCode code = error_number == ENOENT ? absl::StatusCode::kNotFound
                                : error_number == EACCES || error_number == EPERM
                                    ? absl::StatusCode::kPermissionDenied
                                : error_number == EISDIR ? absl::StatusCode::kFailedPrecondition
                                                         : absl::StatusCode::kDataLoss;
  absl::Status status(code, std::string(message));
  status.SetPayload(kPathPayload, absl::Cord(std::string(path)));
  status.SetPayload(kErrnoPayload, absl::Cord(absl::StrCat(error_number)));
  return status;
}

std::optional<IoFailure> IoFailureOf(const absl::Status& status) {
  const auto path = status.GetPayload(kPathPayload);
  const auto error_number = status.GetPayload(kErrnoPayload);
  IoFailure failure;
  if (!path || !error_number ||
      !absl::SimpleAtoi(std::string(*error_number), &failure.error_number)) {
    return std::nullopt;
  }
  failure.path = std::string(*path);
  return failure;
}

absl::StatusOr<InputFile> InputFile::Open(const std::string& path) {
  if (path == "-") return InputFile(path, STDIN_FILENO, false);
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    const int error = errno;
    return IoError(path, error, absl::StrFormat("%s: %s", path, std::strerror(error)));
  }
  InputFile file(path, fd, true);
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    return IoError(path, EISDIR, absl::StrFormat("%s: is a directory", path));
  }
  file.regular_ = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
  return file;
}

InputFile::InputFile(InputFile&& other) noexcept
    : path_(std::move(other.path_)),
      fd_(other.fd_),
      owned_(std::exchange(other.owned_, false)),
      regular_(other.regular_) {}

InputFile::~InputFile() {
  if (owned_) close(fd_);
}

absl::StatusOr<size_t> InputFile::Read(std::string& out, size_t n) {
  const size_t size = out.size();
  out.resize(size + n);
  ssize_t got;
  do got = read(fd_, out.data() + size, n);
  while (got < 0 && errno == EINTR);
  out.resize(size + std::max<ssize_t>(got, 0));
  if (got < 0) {
    const int error = errno;
    return IoError(path_, error,
                   absl::StrFormat("%s: read error: %s", path_, std::strerror(error)));
  }
  return static_cast<size_t>(got);
}

absl::Status InputFile::ReadUpTo(std::string& out, size_t size) {
  while (out.size() < size) {
    auto got = Read(out, std::min<size_t>(size - out.size(), size_t{1} << 16));
    if (!got.ok()) return got.status();
    if (*got == 0) break;
  }
  return absl::OkStatus();
}

namespace {

std::string FormatBytes(size_t bytes) {
  return bytes % (1 << 20) == 0 ? absl::StrFormat("%d MiB", bytes >> 20)
                                : absl::StrFormat("%d bytes", bytes);
}

}  // namespace

absl::StatusOr<std::string> ReadFile(const std::string& path, size_t max_bytes,
                                     std::string_view what, bool (*binary)(std::string_view head)) {
  auto file = InputFile::Open(path);
  if (!file.ok()) return file.status();
  std::string text;
  size_t line = 1, line_start = 0;
  bool binary_file = false;
  for (;;) {
    const size_t before = text.size();
    auto got = file->Read(text, size_t{1} << 16);
    if (!got.ok()) return got.status();
    if (*got == 0) return text;
    if (text.size() > max_bytes) {
      return absl::DataLossError(absl::StrFormat("%s: larger than %s, the limit for %s", path,
                                                 FormatBytes(max_bytes), what));
    }
    if (binary_file) continue;
    const size_t nul = text.find('\0', before);
    if (nul != std::string::npos && binary != nullptr) {
      // The first NUL: the file's head decides whether it is the binary format.
      if (absl::Status status = file->ReadUpTo(text, kBinaryHeadBytes); !status.ok()) return status;
      binary_file = binary(std::string_view(text).substr(0, kBinaryHeadBytes));
      if (binary_file) continue;
    }
    for (size_t k = before; k < std::min(nul, text.size()); ++k) {
      if (text[k] == '\n') ++line, line_start = k + 1;
    }
    if (nul != std::string::npos) {
      return absl::DataLossError(
          absl::StrFormat("%s:%d:%d: NUL byte: this is a binary file, not %s", path, line,
                          nul - line_start + 1, what));
    }
  }
}

}  // namespace squares::core
