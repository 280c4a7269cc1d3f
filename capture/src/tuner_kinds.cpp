#include "tuner_kinds.h"

#include <nlohmann/json.hpp>

#include <vector>

#include "tuner_kinds_source.h"

namespace abt::capture {
namespace {

const std::vector<TunerKind>& table() {
  static const std::vector<TunerKind> kinds = [] {
    std::vector<TunerKind> read{no_tuner()};
    const nlohmann::json document = nlohmann::json::parse(kTunerKindsSource);
    for (const auto& entry : document.at("kinds"))
      read.push_back({entry.at("kind").get<std::string>(), entry.at("name").get<std::string>(), entry.at("tunes_configs").get<bool>()});
    return read;
  }();
  return kinds;
}

}  // namespace

const TunerKind& no_tuner() {
  static const TunerKind none{"none", "none", false};
  return none;
}

std::optional<TunerKind> tuner_kind(std::string_view word) {
  for (const TunerKind& kind : table())
    if (kind.word == word) return kind;
  return std::nullopt;
}

std::optional<TunerKind> tuner_kind_named(std::string_view name) {
  for (const TunerKind& kind : table())
    if (kind.name == name) return kind;
  return std::nullopt;
}

std::string tuner_kind_words() {
  std::string words;
  for (const TunerKind& kind : table()) words += (words.empty() ? "" : ", ") + kind.word;
  return words;
}

}  // namespace abt::capture
