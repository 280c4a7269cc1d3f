#include "worker/messages.h"

#include <fmt/format.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "util/environment.h"
#include "util/errors.h"
#include "util/files.h"

namespace abt {

namespace {
std::string& command_name() {
  static std::string name;
  return name;
}
}  // namespace

void name_the_command(std::string command) { command_name() = std::move(command); }

std::string Message::line() const {
  const std::string prefix = command_name().empty() ? "abtool: " : "abtool " + command_name() + ": ";
  // A message made where the command is named already ("capture: ...") says it once.
  const std::string own = command_name() + ": ";
  const std::string said = !command_name().empty() && text.rfind(own, 0) == 0 ? text.substr(own.size()) : text;
  switch (kind) {
    case MessageKind::error: return prefix + "error: " + said;
    case MessageKind::internal_error: return prefix + "internal error: " + said;
    case MessageKind::stopped:
    case MessageKind::storage:
    case MessageKind::note: return prefix + said;
  }
  return prefix + said;
}

void say(const Message& message) {
  fmt::print(stderr, "{}\n", message.line());
  std::fflush(stderr);
  std::optional<std::filesystem::path> file;
  try {
    file = environment().outcome_file;
  } catch (const InputError&) {
    return;  // the message may be that very bad value: it is said, and there is no outcome file to name
  }
  if (!file) return;
  // Appended whole lines (O_APPEND): a supervisor and its workers may all say something.
  std::ofstream(*file, std::ios::app) << nlohmann::json{{"kind", spelling(message.kind)}, {"message", message.text}}.dump()
                                      << "\n";
}

std::vector<Message> messages_in(const std::filesystem::path& file) {
  std::vector<Message> messages;
  auto text = read_file_if_present(file);
  if (!text) return messages;
  std::istringstream lines(*text);
  for (std::string line; std::getline(lines, line);) {
    try {
      const nlohmann::json json = nlohmann::json::parse(line);
      if (auto kind = parse_spelling<MessageKind>(json.at("kind").get<std::string>()))
        messages.push_back({*kind, json.at("message").get<std::string>()});
    } catch (const nlohmann::json::exception&) {
      // a line torn by a killed process: what it said is lost, the rest stands
    }
  }
  return messages;
}

}  // namespace abt
