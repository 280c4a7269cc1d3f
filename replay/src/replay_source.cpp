#include "replay/replay_source.h"

#include "util/errors.h"
#include "util/files.h"

namespace abt {
namespace fs = std::filesystem;

RecordRun open_record_run(const fs::path& dir) {
  const std::string where = "--from " + dir.string();
  if (!fs::is_directory(dir)) throw InputError(where + ": no such run directory");
  if (!fs::is_regular_file(dir / "meta.json")) throw InputError(where + ": not a run directory (no meta.json)");
  RecordRun run;
  run.dir = fs::absolute(dir).lexically_normal();
  try {
    run.meta = nlohmann::json::parse(read_text_file(dir / "meta.json"));
  } catch (const nlohmann::json::exception& error) {
    throw InputError(where + "/meta.json: " + error.what());
  }
  std::string mode = run.meta.value("mode", "");
  if (mode == "replay")
    throw InputError(where + " is a replay run (replay of " + run.meta.value("replay_from", std::string("?")) +
                     "); --from must name a record run");
  if (mode != "record") throw InputError(where + "/meta.json: unknown mode '" + mode + "'");
  if (!fs::is_regular_file(run.autotune_db())) throw InputError(where + ": no autotune.sqlite in the run directory");
  if (!fs::is_regular_file(dir / "shapes.yaml")) throw InputError(where + ": no shapes.yaml in the run directory");
  run.shapes_file = run.dir / "shapes.yaml";
  try {
    const auto& selection = run.meta.at("selection");
    run.ops = selection.at("ops").get<std::vector<std::string>>();
    run.ops_dir = selection.at("ops_dir").get<std::string>();
    run.dtypes = selection.value("dtypes", std::vector<std::string>{});
    run.seed = run.meta.at("seed").get<uint64_t>();
    run.compiler = selection.value("compiler", std::string());
    const auto& timing = run.meta.at("timing");
    run.timing.timer = timing.at("timer").get<std::string>();
    run.timing.warmup_ms = timing.at("warmup_ms").get<double>();
    run.timing.rep_ms = timing.at("rep_ms").get<double>();
    run.timing.rounds = timing.value("rounds", 1);
  } catch (const nlohmann::json::exception& error) {
    throw InputError(where + "/meta.json: " + error.what());
  }
  return run;
}

}  // namespace abt
