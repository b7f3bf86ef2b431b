#include "text/read_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include "absl/strings/str_format.h"

namespace squares::core {

absl::StatusOr<InputFile> InputFile::Open(const std::string& path) {
  if (path == "-") return InputFile(path, STDIN_FILENO, false);
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return absl::NotFoundError(absl::StrFormat("%s: %s", path, std::strerror(errno)));
  InputFile file(path, fd, true);
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    return absl::FailedPreconditionError(absl::StrFormat("%s: is a directory", path));
  }
  file.regular_ = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
  return file;
}

InputFile::InputFile(InputFile&& other) noexcept
    : path_(std::move(other.path_)), fd_(other.fd_), owned_(std::exchange(other.owned_, false)),
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
    return absl::DataLossError(absl::StrFormat("%s: read error: %s", path_, std::strerror(errno)));
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
                                     std::string_view what) {
  auto file = InputFile::Open(path);
  if (!file.ok()) return file.status();
  std::string text;
  size_t line = 1, line_start = 0;
  for (;;) {
    const size_t before = text.size();
    auto got = file->Read(text, size_t{1} << 16);
    if (!got.ok()) return got.status();
    if (*got == 0) return text;
    if (text.size() > max_bytes) {
      return absl::DataLossError(
          absl::StrFormat("%s: larger than %s, the limit for %s", path, FormatBytes(max_bytes), what));
    }
    const size_t nul = text.find('\0', before);
    for (size_t k = before; k < std::min(nul, text.size()); ++k) {
      if (text[k] == '\n') ++line, line_start = k + 1;
    }
    if (nul != std::string::npos) {
      return absl::DataLossError(absl::StrFormat("%s:%d:%d: NUL byte: this is a binary file, not %s",
                                                 path, line, nul - line_start + 1, what));
    }
  }
}

}  // namespace squares::core
