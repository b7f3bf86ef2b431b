// squares: the one exception type of the library's API, and the stop flag every search takes.
#pragma once

#include <atomic>
#include <stdexcept>
#include <string>
#include <utility>

namespace squares {

// Usage: a bad option or value (the command line exits 2). Data: a bad word list, grid, board,
// puzzle, shape or index file, or a word not in the dictionary (the command line exits 1).
enum class ErrorKind { kUsage, kData };

// Every error the API reports. what() is the message as the `squares` command prints it after
// "squares: " (e.g. "g.txt:3:5: 'ß' is not a letter of the dictionary"); source(), line() and
// column() repeat the position it names, when it names one.
class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, const std::string& message, std::string source = "", int line = 0,
        int column = 0)
      : std::runtime_error(message), kind_(kind), source_(std::move(source)), line_(line),
        column_(column) {}
  ErrorKind kind() const { return kind_; }
  bool usage() const { return kind_ == ErrorKind::kUsage; }
  const std::string& source() const { return source_; }  // file name, "<grid>", ...; "" if none
  int line() const { return line_; }                     // 1-based; 0 if none
  int column() const { return column_; }                 // 1-based; 0 if none

 private:
  ErrorKind kind_;
  std::string source_;
  int line_, column_;
};

// A search stops soon (within 50 ms) after its stop flag is set, from any thread or a signal
// handler; it then returns what it found so far (a fill's status is kTimedOut, a count is
// partial: see each call). Options structs hold a pointer to one; null means never stopped.
using StopFlag = std::atomic<bool>;

}  // namespace squares
