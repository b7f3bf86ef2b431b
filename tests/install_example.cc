// A program built against the installed library through pkg-config (tests/install_test.sh):
// prints the first three squares of BISHOP as the `lines` format does, the number of 3x3
// symmetric squares over a word list given in memory, and the message of a bad option.
#include <squares/squares.h>

#include <cstdio>

int main() {
  using squares::api::Dictionary;
  const Dictionary english = Dictionary::Default();
  english.Squares({{"first", "bishop"}, {"limit", "3"}})
      .ForEach([](const std::vector<std::string>& rows) {
        for (size_t i = 0; i < rows.size(); ++i) {
          std::printf("%s%s", rows[i].c_str(), i + 1 < rows.size() ? " " : "\n");
        }
        return true;
      });
  const Dictionary small = Dictionary::FromWords({"bit", "ice", "ten", "tab", "ant", "ban"});
  std::printf("%llu\n",
              static_cast<unsigned long long>(small.Squares({{"size", "3"}}).Count()));
  try {
    small.Squares({{"size", "forty"}});
  } catch (const squares::api::Error& error) {
    std::printf("%s error: %s\n", error.usage() ? "usage" : "data", error.what());
  }
  return 0;
}
