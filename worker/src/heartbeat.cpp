#include "worker/heartbeat.h"

#include <nlohmann/json.hpp>

#include "util/files.h"

namespace abt {
namespace fs = std::filesystem;

fs::path heartbeat_file(const fs::path& control) { return control / "heartbeat"; }

void write_heartbeat(const fs::path& control, const Heartbeat& beat) {
  nlohmann::json json{{"run_dir", beat.run_dir.string()},
                      {"kernel", beat.kernel},
                      {"step", {{"kind", spelling(beat.step.kind)}, {"variant", beat.step.variant}, {"round", beat.step.round}}},
                      {"sequence", beat.sequence}};
  if (beat.point)
    json["point"] = {{"op", beat.point->op}, {"shape", beat.point->shape}, {"dtype", dtype_name(beat.point->dtype)}};
  if (beat.exit_code) json["exit_code"] = *beat.exit_code;
  write_file_atomically(heartbeat_file(control), json.dump() + "\n");
}

std::optional<Heartbeat> read_heartbeat(const fs::path& control) {
  auto text = read_file_if_present(heartbeat_file(control));
  if (!text) return std::nullopt;
  try {
    const nlohmann::json json = nlohmann::json::parse(*text);
    Heartbeat beat;
    beat.run_dir = json.at("run_dir").get<std::string>();
    beat.kernel = json.at("kernel").get<std::string>();
    const auto& step = json.at("step");
    const auto kind = parse_spelling<StepKind>(step.at("kind").get<std::string>());
    if (!kind) return std::nullopt;
    beat.step = Step{*kind, step.at("variant").get<std::string>(), step.at("round").get<int>()};
    beat.sequence = json.at("sequence").get<uint64_t>();
    if (json.contains("point")) {
      const auto& point = json.at("point");
      auto dtype = parse_dtype(point.at("dtype").get<std::string>());
      if (dtype) beat.point = Point{point.at("op").get<std::string>(), point.at("shape").get<std::vector<long long>>(), *dtype};
    }
    if (json.contains("exit_code")) beat.exit_code = json.at("exit_code").get<int>();
    return beat;
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;  // written by this program only; a damaged one is as good as none
  }
}

}  // namespace abt
