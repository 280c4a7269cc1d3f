// What identifies a compiler build in meta.json and autotune.sqlite: the backend, its version,
// the file it lives in (and that file's sha256), every flag it is given and its environment.
#pragma once
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/vocabulary.h"

namespace abt {

class JsonFields;

struct CompilerFingerprint {
  BackendKind backend = BackendKind::host;
  std::string version;
  std::string path;    // resolved absolute path of the binary or library
  std::string sha256;  // of that file
  std::vector<std::string> flags;  // everything the backend passes, defaults included
  std::map<std::string, std::string> env;

  nlohmann::json to_json() const;
  static CompilerFingerprint from_json(const JsonFields& fields);
  bool operator==(const CompilerFingerprint&) const = default;
};

// The family whose passes a compiler runs, from its backend and the version it reports: "gcc",
// "clang", "triton", "nvrtc", "nvcc"; "" when the version names none (a wrapper's own text). Two
// families share no pass name, which explain knows before it compiles anything.
std::string compiler_family(const CompilerFingerprint& compiler);

}  // namespace abt
