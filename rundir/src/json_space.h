// JSON's whitespace (RFC 8259), no more: the hand-written scanners over results.json
// (json_array_split, lifted_numbers) test every byte of a big file with it.
#pragma once

namespace abt {

inline bool is_json_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

}  // namespace abt
