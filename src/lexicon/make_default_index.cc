// Build step: `make_default_index WORDS OUT` writes the index of the default word list that
// the binary embeds (DefaultDictionaryIndex), after parsing it back with every check, since
// the binary then trusts it (IndexChecks::kHeaderOnly).
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>

#include "lexicon/index_file.h"

int main(int argc, char** argv) {
  using namespace squares::core;
  if (argc != 3) {
    std::cerr << "usage: make_default_index WORDS OUT\n";
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const LexiconSource source{argv[1], text};
  auto lexicon = Lexicon::Read(std::span(&source, 1));
  if (!in || !lexicon.ok()) {
    std::cerr << "make_default_index: " << argv[1] << ": "
              << (in ? lexicon.status().message() : "cannot read") << "\n";
    return 1;
  }
  const std::string bytes =
      BuildIndex(*std::move(lexicon), LexiconOptions{}, {.lower_better = true, .embedded = true})
          .bytes;
  if (auto check = ParseIndex(bytes, argv[2]); !check.ok()) {
    std::cerr << "make_default_index: " << check.status().message() << "\n";
    return 1;
  }
  std::ofstream out(argv[2], std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) {
    std::cerr << "make_default_index: cannot write " << argv[2] << "\n";
    return 1;
  }
  return 0;
}
