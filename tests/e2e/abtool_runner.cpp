#include "abtool_runner.h"

#include <gtest/gtest.h>

#include <sstream>

#include "model/json_fields.h"
#include "rundir/samples_file.h"

namespace abt::e2e {
namespace fs = std::filesystem;

fs::path source_dir() { return ABTOOL_TEST_SOURCE_DIR; }
fs::path tiny_shapes() { return source_dir() / "tests" / "fixtures" / "shapes" / "tiny.yaml"; }
fs::path fixture_ops() { return source_dir() / "tests" / "fixtures" / "ops"; }

ProcessResult abtool(std::vector<std::string> args, std::map<std::string, std::string> env) {
  return run_process({ABTOOL_BINARY, std::move(args), "", std::move(env), std::chrono::seconds(600)});
}

ProcessResult record(const fs::path& out, std::vector<std::string> extra) {
  // host:g++ by name: on a GPU machine the default compiler is nvrtc, which does not build host ops.
  std::vector<std::string> args{"record", "--out", out.string(), "--shapes", tiny_shapes().string(), "--compiler", "host:g++"};
  args.insert(args.end(), kQuickTiming.begin(), kQuickTiming.end());
  args.insert(args.end(), extra.begin(), extra.end());
  return abtool(args);
}

ProcessResult replay(const fs::path& from, const fs::path& out, std::vector<std::string> extra) {
  std::vector<std::string> args{"replay", "--from", from.string(), "--out", out.string()};
  args.insert(args.end(), extra.begin(), extra.end());
  return abtool(args);
}

fs::path ops_with_edit(const fs::path& dir, const std::string& op, const std::string& from, const std::string& to) {
  fs::path ops = dir / "ops";
  fs::create_directories(ops);
  fs::copy(source_dir() / "examples/ops" / op, ops / op, fs::copy_options::recursive);
  std::string spec = read_text_file(ops / op / "op.yaml");
  spec.replace(spec.find(from), from.size(), to);
  write_file_atomically(ops / op / "op.yaml", spec);
  return ops;
}

nlohmann::json read_json(const fs::path& file) { return nlohmann::json::parse(read_text_file(file)); }

nlohmann::json read_points(const fs::path& run) { return read_results(run)["points"]; }

nlohmann::json read_results(const fs::path& run) {
  std::string text = read_text_file(run / "results.json");
  if (text.find("\n]") == std::string::npos) text += "],\"complete\":false}";  // killed before its end line
  nlohmann::json results = nlohmann::json::parse(text);
  if (!results.contains("samples")) return results;  // an older run: its samples are inline
  const SamplesReader samples(run / results["samples"].get<std::string>());
  auto inline_samples = [&](nlohmann::json& side, bool probes) {
    const JsonFields ref(side["samples"], "samples");
    Measurement measurement;
    samples.read({ref.unsigned_integer("at"), ref.unsigned_integer("bytes"), ref.unsigned_integer("n"),
                  ref.unsigned_integer("rounds")},
                 measurement, "test");
    side["samples_us"] = measurement.samples_us;
    side["round_sizes"] = measurement.round_sizes;
    side["round_clock_mhz"] = measurement.round_clock_mhz;
    if (probes) side["machine_probe_us"] = measurement.probe_us;
  };
  for (auto& point : results["points"]) {
    inline_samples(point, true);
    for (const char* side : {"baseline", "retuned"})
      if (point[side].is_object()) inline_samples(point[side], false);
  }
  return results;
}

std::vector<std::vector<std::string>> read_tsv(const fs::path& file) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream text(read_text_file(file));
  std::string line;
  std::getline(text, line);  // header
  while (std::getline(text, line)) {
    std::vector<std::string> cells;
    std::istringstream fields(line);
    for (std::string cell; std::getline(fields, cell, '\t');) cells.push_back(cell);
    rows.push_back(cells);
  }
  return rows;
}

std::string describe(const ProcessResult& result) {
  return "exit " + std::to_string(result.exit_code) + "\n--- stdout\n" + result.out + "\n--- stderr\n" + result.err;
}

nlohmann::json without_host_busy(const nlohmann::json& markers) {
  nlohmann::json kept = nlohmann::json::array();
  for (const auto& marker : markers)
    if (marker.get<std::string>().rfind("HOST_BUSY ", 0) != 0) kept.push_back(marker);
  return kept;
}

nlohmann::json diff_as_json(const fs::path& a, const fs::path& b) {
  const ProcessResult diff = abtool({"diff", a.string(), b.string(), "--format", "json"});
  EXPECT_EQ(diff.exit_code, 0) << describe(diff);
  return nlohmann::json::parse(diff.out);
}

}  // namespace abt::e2e
