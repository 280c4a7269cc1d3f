#include <cctype>

#include "compilers/compiler.h"
#include "util/errors.h"

namespace abt {
namespace {

// Splits like a POSIX shell would for words, single and double quotes, and backslashes; no
// expansion happens because the words go to the compiler as argv.
std::vector<std::string> split_words(const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quote) {
      if (c == quote) quote = 0;
      else if (c == '\\' && quote == '"' && i + 1 < text.size()) word += text[++i];
      else word += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_word = true;
    } else if (c == '\\' && i + 1 < text.size()) {
      word += text[++i];
      in_word = true;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (quote) throw InputError("--compiler-flags: unterminated quote in '" + text + "'");
  if (in_word) words.push_back(word);
  return words;
}

}  // namespace

CompilerSpec parse_compiler_spec(const std::string& text, const std::string& flags_text,
                                 const std::vector<std::string>& env_assignments) {
  CompilerSpec spec;
  spec.text = text;
  auto colon = text.find(':');
  const std::string backend = text.substr(0, colon);
  if (colon != std::string::npos) spec.location = text.substr(colon + 1);
  auto kind = parse_spelling<BackendKind>(backend);
  if (!kind)
    throw InputError("--compiler " + text + ": unknown backend '" + backend + "' (expected host:, nvrtc, nvcc:, triton:)");
  spec.backend = *kind;
  if (spec.backend != BackendKind::nvrtc && spec.location.empty())
    throw InputError("--compiler " + text + ": the " + backend + " backend needs a program, e.g. " +
                     (spec.backend == BackendKind::host ? "host:g++" : backend + ":/path/to/it"));
  spec.flags = split_words(flags_text);
  for (const auto& assignment : env_assignments) {
    auto equals = assignment.find('=');
    if (equals == std::string::npos || equals == 0)
      throw InputError("--compiler-env " + assignment + ": expected KEY=VALUE");
    spec.env[assignment.substr(0, equals)] = assignment.substr(equals + 1);
  }
  return spec;
}

}  // namespace abt
