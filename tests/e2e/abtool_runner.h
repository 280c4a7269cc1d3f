// Runs the real abtool binary for end-to-end tests and reads what it wrote.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "util/files.h"
#include "util/process.h"

namespace abt::e2e {

// Short budgets: these tests check files and numbers, not performance.
inline const std::vector<std::string> kQuickTiming{"--warmup-ms", "5", "--rep-ms", "20", "--rounds", "2"};

std::filesystem::path source_dir();
std::filesystem::path tiny_shapes();
std::filesystem::path fixture_ops();

ProcessResult abtool(std::vector<std::string> args, std::map<std::string, std::string> env = {});
ProcessResult record(const std::filesystem::path& out, std::vector<std::string> extra);  // host:g++
ProcessResult replay(const std::filesystem::path& from, const std::filesystem::path& out,
                     std::vector<std::string> extra);

// An ops folder under `dir` holding a copy of examples/ops/<op> whose op.yaml has `from` replaced by `to`.
std::filesystem::path ops_with_edit(const std::filesystem::path& dir, const std::string& op, const std::string& from,
                                    const std::string& to);

nlohmann::json read_json(const std::filesystem::path& file);
// `abtool diff A B --format json`, parsed; a diff that does not exit 0 fails the calling test.
nlohmann::json diff_as_json(const std::filesystem::path& a, const std::filesystem::path& b);
// A run's results.json as one JSON document (a killed run's too), each measured side with its
// samples from samples.bin put back inline, as `samples_us`, `round_sizes`, `round_clock_mhz`
// (and the point's `machine_probe_us`): what the tests check.
nlohmann::json read_results(const std::filesystem::path& run);
// Its points, by value: `for (auto& p : read_results(run)["points"])` would walk a document already
// destroyed (only the loop's outermost temporary lives as long as the loop).
nlohmann::json read_points(const std::filesystem::path& run);
std::vector<std::vector<std::string>> read_tsv(const std::filesystem::path& file);  // without header
std::string describe(const ProcessResult& result);  // for assertion messages
// A point's markers without HOST_BUSY: that one says how busy the machine running the tests was
// (other tests, builds), not what happened to the point.
nlohmann::json without_host_busy(const nlohmann::json& markers);

}  // namespace abt::e2e
