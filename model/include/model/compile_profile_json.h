// CompileProfile as JSON: a variant's in results.json (per point) and in the compile cache's
// variant.json, and both sides' in diff's JSON, in one spelling:
//   {"counted_by": "callgrind" | null, "same_binary": true | null,
//    "stages": [{"stage": "ttgir", "ms": 12.5 | null, "instructions": 123456 | null}, ...]}
#pragma once
#include <optional>

#include <nlohmann/json.hpp>

#include "model/compile_profile.h"
#include "model/json_fields.h"

namespace abt {

nlohmann::json compile_profile_json(const CompileProfile& profile);
// Validated (RunFormatError naming the field); nullopt where `key` is absent or null.
std::optional<CompileProfile> compile_profile_from_json(const JsonFields& fields, const char* key);

}  // namespace abt
