// The default word list (data/words.txt), embedded in the binary so `squares bishop` works
// from any directory. The build passes its absolute path as SQUARES_DEFAULT_DICT.
#include "squares/lexicon.h"

asm(".section .rodata\n"
    ".balign 16\n"
    "squares_default_dict_begin:\n"
    ".incbin \"" SQUARES_DEFAULT_DICT "\"\n"
    "squares_default_dict_end:\n"
    ".previous\n");

extern "C" const char squares_default_dict_begin[];
extern "C" const char squares_default_dict_end[];

namespace squares {

std::string_view DefaultDictionaryText() {
  return std::string_view(squares_default_dict_begin,
                          squares_default_dict_end - squares_default_dict_begin);
}

}  // namespace squares
