// Reading Across Lite .puz files (versions 1.2, 1.3 and 2.0), as the community's notes on the
// format describe it (puz.cc writes it): a 52-byte header, the solution and the solver's board,
// NUL-terminated strings (title, author, copyright, the clues, notes; Latin-1 before version
// 2.0, UTF-8 from it), then sections: GRBS and RTBL (rebus cells), GEXT (circles), LTIM and
// RUSR (a solver's timer and rebus entries).
#pragma once

#include <cstdint>
#include <string_view>

#include "absl/status/statusor.h"
#include "fill/puzzle.h"

namespace squares::core {

// How many bytes may precede a .puz file's header (some downloads carry a few).
inline constexpr size_t kMaxPuzPreamble = 256;

// The header's size. Its word at 0x32, the solution's state: 0 when the solution is given,
// kPuzNoSolution when it is not (puzpy's name); any other value (4: scrambled with a key,
// Across Lite's "locked") hides it.
inline constexpr size_t kPuzHeaderSize = 0x34;
inline constexpr uint16_t kPuzNoSolution = 0x0002;

// The format's 16-bit checksum of `bytes`, continuing from `c` (a rotate right, then the byte
// added), as every checksum of the file takes it.
uint16_t PuzChecksum(std::string_view bytes, uint16_t c);

// Whether `bytes` is meant as a .puz file: the magic "ACROSS&DOWN\0" at offset 2, after at
// most kMaxPuzPreamble bytes. A text format never holds the NUL byte of the magic.
bool IsPuz(std::string_view bytes);

// Reads a .puz file. The grid's black cells are '.' (and ':' in diagramless files) of the
// solution board; each cell's solution is its letter, or its rebus string (GRBS, RTBL); a
// circled cell (GEXT 0x80) is marked kCircled; the clues are assigned to the slots by the
// standard numbering, Across before Down at the same number. A scrambled solution (the header's
// word at 0x32 is 4, or any value but 0 and 2) is left out: locked, solution empty. A file
// that says its solution is not given (2, as puz.cc writes a partly filled grid) has 'X' where
// a cell has no letter. Warnings (each naming `name`): a checksum that does not match (the
// file's, the header's, the masked ones, a section's), a solver's progress (the board's
// letters, GEXT's revealed and incorrect marks, the timer, RUSR), a diagramless puzzle, an
// unknown section. Errors name `name`, "puz" and what is missing or wrong: a file that ends
// early ("x.puz: puz: the file ends in its clues (3 of 76 read)"), a section longer than the
// file, a clue count the grid's entries do not match.
absl::StatusOr<Puzzle> ReadPuz(std::string_view name, std::string_view bytes);

}  // namespace squares::core
