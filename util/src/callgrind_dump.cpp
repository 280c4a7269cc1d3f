#include "util/callgrind_dump.h"

#include <charconv>

namespace abt {
namespace {

std::string_view line_value(std::string_view text, std::string_view key) {
  for (size_t at = 0; at < text.size();) {
    size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(at, end - at);
    if (line.substr(0, key.size()) == key) return line.substr(key.size());
    at = end + 1;
  }
  return {};
}

template <typename Number>
bool parse_number(std::string_view text, Number& value) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size();
}

std::string_view trimmed(std::string_view text) {
  const size_t first = text.find_first_not_of(' ');
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(' ') + 1 - first);
}

}  // namespace

std::optional<CallgrindDump> parse_callgrind_dump(std::string_view text) {
  const std::string_view trigger = line_value(text, "desc: Trigger: ");
  std::string_view totals = line_value(text, "totals: ");
  if (totals.empty()) totals = line_value(text, "summary: ");
  if (trigger.empty() || totals.empty()) return std::nullopt;
  CallgrindDump dump;
  constexpr std::string_view kClientRequest = "Client Request: ";
  dump.trigger = std::string(trigger.substr(0, kClientRequest.size()) == kClientRequest ? trigger.substr(kClientRequest.size()) : trigger);
  if (!parse_number(totals.substr(0, totals.find(' ')), dump.instructions)) return std::nullopt;  // the first event: Ir
  if (const std::string_view pid = trimmed(line_value(text, "pid:")); !pid.empty() && !parse_number(pid, dump.pid))
    return std::nullopt;
  dump.command = std::string(trimmed(line_value(text, "cmd:")));
  return dump;
}

}  // namespace abt
