#include "model/compiler_fingerprint.h"

#include "model/json_fields.h"

namespace abt {

nlohmann::json CompilerFingerprint::to_json() const {
  return {{"backend", spelling(backend)}, {"version", version}, {"path", path},
          {"sha256", sha256},             {"flags", flags},     {"env", env}};
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
