// The command table (commands.h) that --help, the man page and the completions come from.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <string_view>

#include "cli/commands.h"

using namespace squares::cli;

TEST_CASE("every command has a name of its own and no option twice") {
  std::set<std::string_view> names;
  for (const Command* command : Commands()) {
    CHECK(names.insert(command->name).second);
    std::set<std::string> options;
    for (auto table : command->tables) {
      for (const OptionSpec& spec : table) {
        CAPTURE(command->name);
        CAPTURE(spec.name);
        CHECK(options.insert(spec.name).second);
        if (spec.short_name) CHECK(options.insert(std::string(1, spec.short_name)).second);
      }
    }
  }
  CHECK(Commands()[0]->name.empty());  // the square search, run when no subcommand is named
}

TEST_CASE("the --format choices the completions offer are the formats each command parses") {
  int checked = 0;
  for (const Command* command : Commands()) {
    for (auto table : command->tables) {
      for (const OptionSpec& spec : table) {
        if (std::string_view(spec.name) != "format") continue;
        REQUIRE(spec.choices != nullptr);
        for (std::string_view choice : SplitString(spec.choices, ' ')) {
          CAPTURE(command->name);
          CAPTURE(choice);
          CHECK((command->name == "fill" ? DocumentFormatNamed(choice).ok()
                                         : SquareFormatNamed(choice).ok()));
          ++checked;
        }
      }
    }
  }
  // squares and shape: text lines jsonl; fill: text lines jsonl ipuz latex svg puz pdf jpz xd
  // exolve across-text submission
  CHECK(checked == 3 + 3 + 13);
}
