// abtool's own messages about why it stops ("abtool: error: ...", "abtool: internal error: ..."),
// printed on stderr and, where ABTOOL_OUTCOME_FILE names a file (a --gpus supervisor sets it for
// each part), also appended there as JSON lines of {"kind", "message"}: the supervisor reads what
// a part said from that file, not by scanning the part's output for words.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "util/spelling.h"

namespace abt {

enum class MessageKind { error, internal_error, stopped, storage, note };
template <>
struct Spellings<MessageKind> {
  static constexpr std::array<std::pair<MessageKind, std::string_view>, 5> table{
      {{MessageKind::error, "error"}, {MessageKind::internal_error, "internal_error"}, {MessageKind::stopped, "stopped"},
       {MessageKind::storage, "storage"}, {MessageKind::note, "note"}}};
};

struct Message {
  MessageKind kind = MessageKind::note;
  std::string text;
  std::string line() const;  // as stderr shows it: "abtool diff: error: <text>" (the command running)
};

// The command whose messages these are ("diff"), named in every message's prefix as in the
// command line's own errors: "abtool diff: error: ...". Empty (the default): "abtool: error: ...".
void name_the_command(std::string command);

// Prints `message` on stderr (and into the outcome file, when there is one).
void say(const Message& message);
// What a process said into `file`, in order; empty when there is none.
std::vector<Message> messages_in(const std::filesystem::path& file);

}  // namespace abt
