// squares: the library's public API (C++17 or later, standard library only). Link with
// `pkg-config --cflags --libs squares`.
//
//   #include <squares/squares.h>
//   squares::Dictionary english = squares::Dictionary::Default();
//   squares::SquareOptions options;
//   options.first = "bishop";
//   squares::SquareSearch(english, options).ForEach([](const squares::SquareResult& square) {
//     for (const std::string& row : square.rows) std::printf("%s\n", row.c_str());
//     return true;  // false stops the search
//   });
//
// Every call reports errors as squares::Error (error.h); every search takes a stop flag.
#pragma once

#include <string>

#include "squares/dictionary.h"
#include "squares/error.h"
#include "squares/fill.h"
#include "squares/pattern.h"
#include "squares/puzzle.h"
#include "squares/puzzles.h"
#include "squares/square_search.h"

namespace squares {

// The library's version, as `squares --version` prints it ("0.1.0").
std::string Version();

}  // namespace squares
