#include "compare/run_data.h"

#include "graphtime/latency_summary.h"
#include "util/errors.h"
#include "util/files.h"

namespace abt {
namespace fs = std::filesystem;

std::vector<double> RunPoint::samples() const { return json.value("samples_us", std::vector<double>{}); }

RoundedSamples RunPoint::rounded_samples() const {
  return RoundedSamples{samples(), json.value("round_sizes", std::vector<int>{})};
}

double RunPoint::median() const { return median_of(samples()); }

std::optional<double> RunPoint::machine_probe_median() const {
  auto probes = json.value("machine_probe_us", std::vector<double>{});
  if (probes.empty()) return std::nullopt;
  return median_of(probes);
}

std::vector<std::string> RunPoint::markers() const { return json.value("markers", std::vector<std::string>{}); }

RunData load_run(const fs::path& dir) {
  RunData run;
  run.dir = dir;
  for (const char* file : {"meta.json", "results.json"})
    if (!fs::is_regular_file(dir / file)) throw InputError(dir.string() + ": not a run directory (no " + file + ")");
  try {
    run.meta = nlohmann::json::parse(read_text_file(dir / "meta.json"));
    auto results = nlohmann::json::parse(read_text_file(dir / "results.json"));
    run.planned = results.value("planned", std::vector<std::string>{});
    run.complete = results.value("complete", false);
    for (const auto& entry : results.value("points", nlohmann::json::array())) {
      std::string id = entry.at("op").get<std::string>() + "/" + entry.at("shape_text").get<std::string>() + "/" +
                       entry.at("dtype").get<std::string>();
      run.points[id] = RunPoint{id, entry};
    }
  } catch (const nlohmann::json::exception& error) {
    throw InputError(dir.string() + ": unreadable run file: " + error.what());
  }
  return run;
}

}  // namespace abt
