// make_docs VERSION MAN BASH ZSH: writes the man page squares.1 and the bash and zsh
// completions from the command table (commands.h), the same tables --help prints, so a new
// command or option shows up in all of them. Run by the build.
#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"
#include "cli/commands.h"

namespace squares::cli {
namespace {

// The text after "squares " that names a command ("" for the square search).
std::string CommandWords(const Command& command) {
  return command.name.empty() ? "" : std::string(command.name) + " ";
}

// Text for roff: backslashes and hyphens escaped, no line starting with a control character.
std::string Roff(std::string_view text) {
  std::string out;
  bool line_start = true;
  for (char ch : text) {
    if (line_start && (ch == '.' || ch == '\'')) out += "\\&";
    if (ch == '\\') out += "\\e";
    else if (ch == '-') out += "\\-";
    else out += ch;
    line_start = ch == '\n';
  }
  return out;
}

// The option as --help shows it, bold names and an italic value.
std::string RoffOption(const OptionSpec& spec) {
  std::string out;
  if (spec.short_name) out += absl::StrFormat("\\fB\\-%c\\fR, ", spec.short_name);
  out += absl::StrFormat("\\fB\\-\\-%s\\fR", Roff(spec.name));
  if (spec.value_name) out += absl::StrFormat(" \\fI%s\\fR", spec.value_name);
  return out;
}

std::string ManPage(std::string_view version) {
  std::string out = absl::StrFormat(
      ".TH SQUARES 1 \"\" \"squares %s\" \"User Commands\"\n"
      ".SH NAME\n"
      "squares \\- word squares, crossword fills, Kakuro and word-region puzzles\n"
      ".SH SYNOPSIS\n",
      version);
  // The usage lines of every --help ("Usage: squares ..." and the lines below it that start
  // with "squares").
  for (const Command* command : Commands()) {
    for (std::string_view line : SplitString(command->usage, '\n')) {
      const size_t at = line.find("squares ");
      const std::string_view head = line.substr(0, at);
      if (at == std::string_view::npos ||
          (head != "Usage: " && head.find_first_not_of(' ') != std::string_view::npos)) {
        break;
      }
      out += absl::StrFormat("%s\n.br\n", Roff(line.substr(at)));
    }
  }
  out +=
      ".SH DESCRIPTION\n"
      "Each command below is described as its \\fB\\-\\-help\\fR describes it, with its "
      "options.\n"
      "Results go to standard output as they are found; notes, statistics and progress go "
      "to standard error.\n";
  out += ".SH COMMANDS\n";
  for (const Command* command : Commands()) {
    out += absl::StrFormat(".SS \"squares %s\\(em %s\"\n.nf\n%s.fi\n.PP\nOptions:\n",
                           Roff(CommandWords(*command)), Roff(command->summary),
                           Roff(command->usage));
    for (auto table : command->tables) {
      for (const OptionSpec& spec : table) {
        out += absl::StrFormat(".TP\n%s\n%s\n", RoffOption(spec), Roff(spec.help));
      }
    }
  }
  out += absl::StrFormat(
      ".SH \"EXIT STATUS\"\n"
      "%d success (also when nothing was found), %d data or runtime error, %d usage error; "
      "\\fBfill\\fR has more (see above).\n"
      "Writing into a closed pipe ends the program quietly with status 0.\n"
      ".SH \"SEE ALSO\"\n"
      "The README of the squares sources: formats, benchmarks and the library API.\n",
      kExitOk, kExitData, kExitUsage);
  return out;
}

std::string Quoted(std::string_view text) {  // for a single-quoted shell word
  std::string out;
  for (char ch : text) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out;
}

std::string Bash() {
  std::string subcommands, options_by_command, values;
  for (const Command* command : Commands()) {
    if (!command->name.empty())
      absl::StrAppend(&subcommands, subcommands.empty() ? "" : " ", std::string(command->name));
    std::string options;
    for (auto table : command->tables) {
      for (const OptionSpec& spec : table) {
        absl::StrAppend(&options, options.empty() ? "" : " ", "--", spec.name);
        if (spec.short_name) absl::StrAppend(&options, " -", std::string(1, spec.short_name));
        if (!spec.value_name) continue;
        // After an option that takes a value: its choices, file names, or nothing to offer.
        std::string patterns = absl::StrFormat("'%s --%s'", command->name, spec.name);
        if (spec.short_name) {
          absl::StrAppendFormat(&patterns, "|'%s -%c'", command->name, spec.short_name);
        }
        std::string action =
            spec.choices
                ? absl::StrFormat("COMPREPLY=($(compgen -W '%s' -- \"$cur\"))", spec.choices)
            : std::string_view(spec.value_name) == "FILE"
                ? "compopt -o filenames; COMPREPLY=($(compgen -f -- \"$cur\"))"
                : "COMPREPLY=()";
        absl::StrAppendFormat(&values, "    %s) %s; return ;;\n", patterns, action);
      }
    }
    absl::StrAppendFormat(&options_by_command, "    '%s') opts='%s'; files=%d ;;\n", command->name,
                          options, command->file_arguments);
  }
  return absl::StrFormat(
      "# bash completion for squares (generated by make_docs from the option tables)\n"
      "_squares() {\n"
      "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd= opts files\n"
      "  if [[ $cur == = ]]; then cur=; fi\n"
      "  if [[ $prev == = ]]; then prev=${COMP_WORDS[COMP_CWORD-2]}; fi\n"
      "  if ((COMP_CWORD > 1)); then\n"
      "    case ${COMP_WORDS[1]} in %s) cmd=${COMP_WORDS[1]} ;; esac\n"
      "  fi\n"
      "  case \"$cmd $prev\" in\n%s  esac\n"
      "  case $cmd in\n%s  esac\n"
      "  if [[ $cur == -* ]]; then\n"
      "    COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
      "  elif [[ -z $cmd ]] && ((COMP_CWORD == 1)); then\n"
      "    COMPREPLY=($(compgen -W '%s' -- \"$cur\"))\n"
      "  elif ((files)); then\n"
      "    compopt -o filenames; COMPREPLY=($(compgen -f -- \"$cur\"))\n"
      "  fi\n"
      "}\n"
      "complete -F _squares squares\n",
      absl::StrReplaceAll(subcommands, {{" ", "|"}}), values, options_by_command, subcommands);
}

std::string Zsh() {
  std::string cases, default_case, subcommands;
  for (const Command* command : Commands()) {
    if (!command->name.empty())
      absl::StrAppend(&subcommands, subcommands.empty() ? "" : " ", std::string(command->name));
  }
  for (const Command* command : Commands()) {
    std::string specs;
    for (auto table : command->tables) {
      for (const OptionSpec& spec : table) {
        std::string help = absl::StrReplaceAll(spec.help, {{"[", "("}, {"]", ")"}, {"'", "'\\''"}});
        std::string value;
        if (spec.value_name) {
          const std::string action = spec.choices ? absl::StrFormat("(%s)", spec.choices)
                                     : std::string_view(spec.value_name) == "FILE" ? "_files"
                                                                                   : " ";
          value = absl::StrFormat(":%s:%s", spec.value_name, action);
        }
        absl::StrAppendFormat(&specs, " \\\n      '--%s%s[%s]%s'", spec.name,
                              spec.value_name ? "=" : "", help, Quoted(value));
        if (spec.short_name) {
          absl::StrAppendFormat(&specs, " \\\n      '-%c%s[%s]%s'", spec.short_name,
                                spec.value_name ? "+" : "", help, Quoted(value));
        }
      }
    }
    const std::string arguments =
        command->name.empty()
            ? absl::StrFormat(" \\\n      '1::command or first word:(%s)'", subcommands)
        : command->file_arguments ? " \\\n      '*:file:_files'"
                                  : "";
    // The square search's case, `*`, goes last.
    absl::StrAppendFormat(
        command->name.empty() ? &default_case : &cases, "  %s)\n    _arguments -s%s%s\n    ;;\n",
        command->name.empty() ? "*" : std::string(command->name), specs, arguments);
  }
  return absl::StrFormat(
      "#compdef squares\n"
      "# zsh completion for squares (generated by make_docs from the option tables)\n"
      "if (( CURRENT > 2 )) && [[ ${words[2]} == (%s) ]]; then\n"
      "  local cmd=${words[2]}\n"
      "  shift words; (( CURRENT-- ))\n"
      "else\n"
      "  local cmd=\n"
      "fi\n"
      "case $cmd in\n%s%s"
      "esac\n",
      absl::StrReplaceAll(subcommands, {{" ", "|"}}), cases, default_case);
}

bool Write(const char* path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) std::fprintf(stderr, "make_docs: cannot write %s\n", path);
  return static_cast<bool>(out);
}

}  // namespace
}  // namespace squares::cli

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: make_docs VERSION MAN BASH ZSH\n");
    return 2;
  }
  using namespace squares::cli;
  const bool ok = Write(argv[2], ManPage(argv[1])) && Write(argv[3], Bash()) &&
                  Write(argv[4], Zsh());
  return ok ? 0 : 1;
}
