// squares: the one exception type of the library's API, and the stop flag and the default
// thread count every search takes.
#pragma once

#include <atomic>
#include <cerrno>
#include <stdexcept>
#include <string>
#include <utility>

namespace squares {

// Usage: a bad option or value (the command line exits 2). Data: a bad word list, grid, board,
// puzzle, shape or index file, or a word not in the dictionary (the command line exits 1).
enum class ErrorKind { kUsage, kData };

// A file that could not be opened, read or written (a kData error): why.
enum class FileError {
  kNone,        // not a file's error
  kNotFound,    // ENOENT
  kPermission,  // EACCES, EPERM
  kOther,       // any other errno (a directory, a read error, ...)
};

// Every error the API reports. what() is the message in the library's words (e.g. "g.txt:3:5:
// 'ß' is not a letter of the dictionary"), which the `squares` command prints after
// "squares: "; source(), line() and column() repeat the position it names, when it names one.
// A file that could not be read or written gives its path as source(), and error_number()
// (errno) and file_error() say why.
class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, const std::string& message, std::string source = "", int line = 0,
        int column = 0, int error_number = 0)
      : std::runtime_error(message),
        kind_(kind),
        source_(std::move(source)),
        line_(line),
        column_(column),
        error_number_(error_number) {}
  ErrorKind kind() const { return kind_; }
  bool usage() const { return kind_ == ErrorKind::kUsage; }
  const std::string& source() const { return source_; }  // file name, "<grid>", ...; "" if none
  int line() const { return line_; }                     // 1-based; 0 if none
  // 1-based: the character in the line, or a board's cell column when the message names
  // "row R, column C" of a Kakuro board; 0 if none.
  int column() const { return column_; }
  int error_number() const { return error_number_; }  // a file's errno; 0 if none
  FileError file_error() const {
    switch (error_number_) {
      case 0: return FileError::kNone;
      case ENOENT: return FileError::kNotFound;
      case EACCES:
      case EPERM: return FileError::kPermission;
      default: return FileError::kOther;
    }
  }

 private:
  ErrorKind kind_;
  std::string source_;
  int line_, column_;
  int error_number_;
};

// Callbacks (results, text, progress, fills, solutions) may throw: the search then stops,
// every thread it started is joined, and the exception reaches the caller unchanged, whatever
// the thread count. Callbacks run on the calling thread, one at a time.

// A search stops soon (within 50 ms) after its stop flag is set, from any thread or a signal
// handler; it then returns what it found so far (a fill's status is kTimedOut, a count is
// partial: see each call). Options structs hold a pointer to one; null means never stopped.
using StopFlag = std::atomic<bool>;

// The threads a search runs on when its options say 0: the CPUs this process may run on
// (its affinity mask, as `taskset` sets it; else every core), at least 1.
int DefaultThreads();

}  // namespace squares
