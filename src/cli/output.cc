// Output: buffered standard output, written straight to the descriptor (cli.h).
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

#include "cli/cli.h"

namespace squares::cli {
namespace {

constexpr size_t kMaxWrite = size_t{1} << 16;

bool StdoutIsPipe() {
  struct stat st;
  return fstat(STDOUT_FILENO, &st) == 0 && S_ISFIFO(st.st_mode);
}
// Smaller writes go by write(2): each splice takes a slot of the pipe's (16 or 256) however
// few its bytes.
constexpr size_t kMinSplice = size_t{1} << 14;

// Large writes into a pipe go by vmsplice(2): the bytes are copied into pages of our own,
// which the pipe then holds, instead of the kernel allocating a page per 4 KiB and copying
// into it (which also makes the reader's reads cheaper). Those pages are never written again:
// once a 2 MiB huge page has been spliced it is dropped (MADV_DONTNEED), and the next pass over
// it maps a fresh one, so a reader that passes the pages on (tee, splice) sees them unchanged.
// Only on transparent huge pages: fresh 4 KiB pages would cost a fault each, more than the
// copy they save.
class PipeSplicer {
 public:
  static PipeSplicer* ForStdout() {
    static PipeSplicer* splicer = [] { return Usable() ? new PipeSplicer() : nullptr; }();
    return splicer && splicer->ring_ ? splicer : nullptr;
  }
  // Splices all of `bytes` into stdout. False when vmsplice fails (other than on a closed
  // pipe, which ends the program quietly) with `bytes` advanced past what it took.
  bool Splice(std::string_view& bytes) {
    while (!bytes.empty()) {
      const size_t page_end = (at_ / kHugePage + 1) * kHugePage;
      const size_t n = std::min(bytes.size(), page_end - at_);
      std::memcpy(ring_ + at_, bytes.data(), n);
      for (iovec iov{ring_ + at_, n}; iov.iov_len > 0;) {
        // Not SPLICE_F_GIFT: the rest of a page may still be written (past the bytes given).
        const ssize_t done = vmsplice(STDOUT_FILENO, &iov, 1, 0);
        if (done < 0 && errno == EINTR) continue;
        if (done < 0 && errno == EPIPE) std::_Exit(kExitOk);
        if (done <= 0) {  // not a pipe vmsplice takes after all: write from now on
          munmap(map_, kRingBytes + kHugePage);
          ring_ = nullptr;
          return false;
        }
        iov.iov_base = static_cast<char*>(iov.iov_base) + done;
        iov.iov_len -= static_cast<size_t>(done);
        bytes.remove_prefix(static_cast<size_t>(done));
      }
      at_ += n;
      if (at_ == page_end) {  // spliced whole: the pipe keeps what it still needs
        madvise(ring_ + at_ - kHugePage, kHugePage, MADV_DONTNEED);
        at_ %= kRingBytes;
      }
    }
    return true;
  }

 private:
  static constexpr size_t kHugePage = size_t{2} << 20, kRingBytes = 2 * kHugePage;
  static bool Usable() {
    if (!StdoutIsPipe()) return false;
    std::ifstream thp("/sys/kernel/mm/transparent_hugepage/enabled");
    std::string modes;
    std::getline(thp, modes);
    return modes.find("[always]") != std::string::npos ||
           modes.find("[madvise]") != std::string::npos;
  }
  PipeSplicer() {
    // Aligned to a huge page: map one more and trim.
    map_ = mmap(nullptr, kRingBytes + kHugePage, PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map_ == MAP_FAILED) return;
    ring_ = reinterpret_cast<char*>((reinterpret_cast<uintptr_t>(map_) + kHugePage - 1) &
                                    ~(kHugePage - 1));
    madvise(ring_, kRingBytes, MADV_HUGEPAGE);
  }
  void* map_ = MAP_FAILED;
  char* ring_ = nullptr;  // in map_, aligned to a huge page
  size_t at_ = 0;
};

}  // namespace

Output& Output::Stdout() {
  static Output output = [] {
    // Into a pipe, 1 MiB of pipe buffer instead of 64 KiB: the writer then runs ahead of the
    // reader by sixteen writes, not one, and waits for it less. Best effort.
    if (StdoutIsPipe()) fcntl(STDOUT_FILENO, F_SETPIPE_SZ, 1 << 20);
    return Output();
  }();
  return output;
}

void Output::write_out(std::string_view bytes) {
  if (bytes.size() >= kMinSplice) {
    if (PipeSplicer* splicer = PipeSplicer::ForStdout(); splicer && splicer->Splice(bytes)) return;
  }
  // Straight to the descriptor (stdio split each large write in two), in writes of at most
  // 64 KiB: a large write holds the pipe's lock while it copies, and the reader spins on it.
  for (size_t done = 0; done < bytes.size();) {
    const ssize_t n =
        ::write(STDOUT_FILENO, bytes.data() + done, std::min(kMaxWrite, bytes.size() - done));
    if (n < 0 && errno == EINTR) continue;
    if (n > 0) {
      done += static_cast<size_t>(n);
    } else {
      if (errno == EPIPE) std::_Exit(kExitOk);
      std::fprintf(stderr, "squares: error writing output: %s\n", std::strerror(errno));
      std::_Exit(kExitData);
    }
  }
}

void Output::flush_buffer() {
  write_out(buffer_);
  buffer_.clear();
}

void Output::flush() { flush_buffer(); }

}  // namespace squares::cli
