#include "model/compile_profile_json.h"

#include <fmt/format.h>

#include <cmath>

namespace abt {

nlohmann::json compile_profile_json(const CompileProfile& profile) {
  nlohmann::json stages = nlohmann::json::array();
  for (const auto& stage : profile.stages)
    stages.push_back({{"stage", stage.name},
                      {"ms", stage.ms ? nlohmann::json(*stage.ms) : nlohmann::json()},
                      {"instructions", stage.instructions ? nlohmann::json(*stage.instructions) : nlohmann::json()}});
  return {{"counted_by", profile.counted() ? nlohmann::json(profile.counted_by) : nlohmann::json()},
          {"same_binary", profile.same_binary ? nlohmann::json(*profile.same_binary) : nlohmann::json()},
          {"stages", stages}};
}

std::optional<CompileProfile> compile_profile_from_json(const JsonFields& fields, const char* key) {
  if (!fields.has(key)) return std::nullopt;
  const JsonFields json = fields.object(key);
  CompileProfile profile;
  if (json.has("counted_by")) {
    profile.counted_by = json.text("counted_by");
    if (profile.counted_by != "callgrind")
      json.fail("counted_by", "unknown counter '" + profile.counted_by + "' (this abtool knows callgrind)");
  }
  if (json.has("same_binary")) profile.same_binary = json.boolean("same_binary");
  const auto stages = json.objects("stages", "stage");
  for (const JsonFields& stage : stages) {
    CompileStage read;
    read.name = stage.text("stage");
    if (read.name.empty() || read.name.size() > 64) stage.fail("stage", "a stage's name is 1 to 64 characters");
    read.ms = stage.optional_number("ms");
    if (read.ms && !(std::isfinite(*read.ms) && *read.ms >= 0)) stage.fail("ms", fmt::format("{} is not a duration", *read.ms));
    if (stage.has("instructions")) read.instructions = stage.unsigned_integer("instructions");
    if (read.instructions && !profile.counted()) stage.fail("instructions", "counted, but the profile names no counter (counted_by)");
    profile.stages.push_back(std::move(read));
  }
  return profile;
}

}  // namespace abt
