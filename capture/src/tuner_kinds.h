// The tuners a capture knows, one table that the shim and abtool both read
// (capture/python/tuner_kinds.json, embedded in abtool and written beside the shim): the shim
// tells a tuner's kind by its classes and writes the kind's word; abtool reads the word back,
// prints the kind's name and replays a config space only for a kind that tunes configs.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace abt::capture {

struct TunerKind {
  std::string word;            // what the shim writes: "libtuner", "autotune", "heuristics", "none"
  std::string name;            // what abtool prints: "FlagGems LibTuner", "triton.autotune"
  bool tunes_configs = false;  // it chooses among configs (a space abtool replays), not only heuristics
  bool operator==(const TunerKind& other) const { return word == other.word; }
};

const TunerKind& no_tuner();                                   // a launch under no tuner: "none"
std::optional<TunerKind> tuner_kind(std::string_view word);    // nullopt: not in the table
std::optional<TunerKind> tuner_kind_named(std::string_view name);
std::string tuner_kind_words();                                // "none, libtuner, autotune, heuristics"

inline bool tuned(const TunerKind& kind) { return kind.tunes_configs; }
inline const std::string& tuner_name(const TunerKind& kind) { return kind.name; }

}  // namespace abt::capture
