#include "compilers/compiler.h"

namespace abt {

nlohmann::json CompilerFingerprint::to_json() const {
  return {{"backend", backend}, {"version", version}, {"path", path},
          {"sha256", sha256},   {"flags", flags},     {"env", env}};
}

CompilerFingerprint CompilerFingerprint::from_json(const nlohmann::json& json) {
  CompilerFingerprint print;
  print.backend = json.value("backend", "");
  print.version = json.value("version", "");
  print.path = json.value("path", "");
  print.sha256 = json.value("sha256", "");
  print.flags = json.value("flags", std::vector<std::string>{});
  print.env = json.value("env", std::map<std::string, std::string>{});
  return print;
}

}  // namespace abt
