// A program built against the installed library through pkg-config (tests/install_test.sh):
// prints the first three squares of BISHOP as the `lines` format does, the number of 3x3
// symmetric squares over a word list given in memory, and the message of a bad option.
#include <squares/squares.h>

#include <cstdio>

int main() {
  const squares::Dictionary english = squares::Dictionary::Default();
  squares::SquareOptions bishop;
  bishop.first = "bishop";
  bishop.limit = 3;
  squares::SquareSearch(english, bishop).ForEach([](const squares::SquareResult& square) {
    for (size_t i = 0; i < square.rows.size(); ++i) {
      std::printf("%s%s", square.rows[i].c_str(), i + 1 < square.rows.size() ? " " : "\n");
    }
    return true;
  });
  const auto small = squares::Dictionary::FromWords({"bit", "ice", "ten", "tab", "ant", "ban"});
  squares::SquareOptions three;
  three.size = 3;
  std::printf("%llu\n",
              static_cast<unsigned long long>(squares::SquareSearch(small, three).Count()));
  try {
    squares::SquareOptions too_big;
    too_big.size = 40;
    squares::SquareSearch(small, too_big);
  } catch (const squares::Error& error) {
    std::printf("%s error: %s\n", error.usage() ? "usage" : "data", error.what());
  }
  return 0;
}
