#include "model/compiler_fingerprint.h"

#include <algorithm>
#include <cctype>

#include "model/json_fields.h"

namespace abt {

nlohmann::json CompilerFingerprint::to_json() const {
  return {{"backend", spelling(backend)}, {"version", version}, {"path", path},
          {"sha256", sha256},             {"flags", flags},     {"env", env}};
}

std::string compiler_family(const CompilerFingerprint& compiler) {
  switch (compiler.backend) {
    case BackendKind::triton: return "triton";
    case BackendKind::nvrtc: return "nvrtc";
    case BackendKind::nvcc: return "nvcc";
    case BackendKind::host: break;
  }
  std::string version = compiler.version;
  std::transform(version.begin(), version.end(), version.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  if (version.find("clang") != std::string::npos) return "clang";  // "Debian clang version 14.0.6", Apple's too
  if (version.find("gcc") != std::string::npos || version.find("g++") != std::string::npos ||
      version.find("free software foundation") != std::string::npos)
    return "gcc";
  return "";
}

CompilerFingerprint CompilerFingerprint::from_json(const JsonFields& fields) {
  CompilerFingerprint print;
  print.backend = fields.spelled<BackendKind>("backend");
  print.version = fields.text("version");
  print.path = fields.text("path");
  print.sha256 = fields.text("sha256");
  print.flags = fields.texts("flags");
  print.env = fields.text_map("env");
  return print;
}

}  // namespace abt
