#include "completion.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <vector>

namespace abt {
namespace {

// Every long option of `command` that a user may type (hidden ones, with no group, are left out).
std::vector<std::string> long_options(const CLI::App& command) {
  std::vector<std::string> names;
  for (const CLI::Option* option : command.get_options())
    if (!option->get_group().empty())
      for (const auto& name : option->get_lnames()) names.push_back("--" + name);
  return names;
}

// The values an option takes, where its type names them ("TEXT:{text,md,json,csv}"), or the
// compilers' forms for --compiler: a bash `case` arm per option of `key`.
void value_cases(const CLI::App& command, const std::string& key, std::vector<std::string>& cases) {
  for (const CLI::Option* option : command.get_options()) {
    if (option->get_group().empty() || option->get_lnames().empty()) continue;
    std::string values;
    const std::string type = option->get_type_name();
    // "TEXT:{text,md}" (CLI11's) or "{text,json,md,csv}" (an enum's spellings, vocabulary_choices.h)
    if (const size_t open = type.find('{'), close = type.rfind('}'); open != std::string::npos && close > open) {
      values = type.substr(open + 1, close - open - 1);
      std::replace(values.begin(), values.end(), ',', ' ');
    } else if (option->get_lnames().front() == "compiler") {
      values = "host:g++ host:clang++ nvrtc nvcc: triton:python3";
    }
    if (!values.empty())
      cases.push_back(fmt::format("    \"{} --{}\") COMPREPLY=($(compgen -W \"{}\" -- \"$current\")); return ;;", key,
                                  option->get_lnames().front(), values));
  }
}

}  // namespace

std::string completion_script(const CLI::App& app, CompletionShell shell, const CompletionWords& words) {
  std::vector<std::string> commands, cases, nested, values;  // nested: `history add`, its key `history-add`
  auto all = [](const CLI::App*) { return true; };
  for (const CLI::App* command : app.get_subcommands(all)) {
    commands.push_back(command->get_name());
    const std::vector<const CLI::App*> subcommands = command->get_subcommands(all);
    if (subcommands.empty()) {
      cases.push_back(fmt::format("    {}) options=\"{}\" ;;", command->get_name(), fmt::join(long_options(*command), " ")));
      value_cases(*command, command->get_name(), values);
      continue;
    }
    std::vector<std::string> names;
    for (const CLI::App* sub : subcommands) {
      names.push_back(sub->get_name());
      cases.push_back(fmt::format("    {}-{}) options=\"{}\" ;;", command->get_name(), sub->get_name(), fmt::join(long_options(*sub), " ")));
      value_cases(*sub, command->get_name() + "-" + sub->get_name(), values);
    }
    nested.push_back(fmt::format(
        "  if [[ ${{COMP_WORDS[1]}} == {0} ]]; then\n"
        "    (( COMP_CWORD == 2 )) && {{ COMPREPLY=($(compgen -W \"{1} --help\" -- \"$current\")); return; }}\n"
        "    key={0}-${{COMP_WORDS[2]}}\n"
        "  fi",
        command->get_name(), fmt::join(names, " ")));
  }
  // --op: the op folders of the --ops-dir on the line, else $ABTOOL_OPS_DIR's, else the default's.
  for (const char* command : {"record", "replay"})
    values.push_back(fmt::format("    \"{} --op\") COMPREPLY=($(compgen -W \"$(_abtool_ops)\" -- \"$current\")); return ;;", command));
  // history show POINT: the points of the history the line names (--db), else the default one's.
  values.push_back("    \"history-show --db\") COMPREPLY=($(compgen -f -- \"$current\")); return ;;");
  std::vector<std::string> operands{"    history-show) COMPREPLY=($(compgen -W \"$(_abtool_history_points)\" -- \"$current\")); return ;;"};
  for (const auto& [command, list] : words.operands)
    operands.push_back(fmt::format("    {}) COMPREPLY=($(compgen -W \"{}\" -- \"$current\")); return ;;", command, fmt::join(list, " ")));
  std::string script = shell == CompletionShell::zsh ? "autoload -U +X bashcompinit && bashcompinit\n" : "";
  std::string quoted_ops = words.ops_dir;
  for (size_t at = 0; (at = quoted_ops.find('\'', at)) != std::string::npos; at += 4) quoted_ops.replace(at, 1, "'\\''");
  script += fmt::format("# abtool's completion for {0}: eval \"$(abtool completion {0})\" in your shell's startup file.\n",
                        spelling(shell));
  script += fmt::format(R"SCRIPT(_abtool_ops() {{
  local dir=${{ABTOOL_OPS_DIR:-'{0}'}} i
  for ((i = 1; i < COMP_CWORD; ++i)); do [[ ${{COMP_WORDS[i]}} == --ops-dir ]] && dir=${{COMP_WORDS[i+1]}}; done
  local spec
  for spec in "$dir"/*/op.yaml; do [[ -f $spec ]] && basename "$(dirname "$spec")"; done
}}
)SCRIPT",
                        quoted_ops);
  script += R"SCRIPT(_abtool_history_points() {
  local db=() i
  for ((i = 2; i < COMP_CWORD; ++i)); do [[ ${COMP_WORDS[i]} == --db ]] && db=(--db "${COMP_WORDS[i+1]}"); done
  "${COMP_WORDS[0]}" history points "${db[@]}" 2> /dev/null
}
)SCRIPT";
  script += fmt::format(R"SCRIPT(_abtool() {{
  local current=${{COMP_WORDS[COMP_CWORD]}} options
  if (( COMP_CWORD == 1 )); then
    COMPREPLY=($(compgen -W "{1} --help --version" -- "$current"))
    return
  fi
  local key=${{COMP_WORDS[1]}}
{3}
  case "$key ${{COMP_WORDS[COMP_CWORD-1]}}" in
{4}
  esac
  case $key in
{2}
    *) options="" ;;
  esac
  if [[ $current == -* ]]; then
    COMPREPLY=($(compgen -W "$options --help" -- "$current"))
    return
  fi
  case $key in
{5}
  esac
  COMPREPLY=($(compgen -f -- "$current"))
}}
complete -o filenames -F _abtool abtool
)SCRIPT",
                        spelling(shell), fmt::join(commands, " "), fmt::join(cases, "\n"), fmt::join(nested, "\n"),
                        fmt::join(values, "\n"), fmt::join(operands, "\n"));
  return script;
}

}  // namespace abt
