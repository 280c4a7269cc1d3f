#include "run_directory.h"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <chrono>

#include "result_table.h"
#include "util/errors.h"
#include "util/files.h"

namespace abt {
namespace fs = std::filesystem;

std::string now_iso8601() {
  auto now = std::chrono::system_clock::now();
  return fmt::format("{:%Y-%m-%dT%H:%M:%S}", fmt::localtime(std::chrono::system_clock::to_time_t(now)));
}

fs::path RunDirectory::default_path(const std::vector<std::string>& ops) {
  std::string name = ops.empty() ? "run" : ops.front();
  if (ops.size() == 2) name += "+" + ops[1];
  if (ops.size() > 2) name += fmt::format("+{}more", ops.size() - 1);
  auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  fs::path base = fs::path("runs") / fmt::format("{}_{:%Y%m%d-%H%M%S}", name, fmt::localtime(now));
  fs::path candidate = base;
  for (int suffix = 2; fs::exists(candidate); ++suffix) candidate = base.string() + "-" + std::to_string(suffix);
  return candidate;
}

RunDirectory::RunDirectory(const fs::path& dir, nlohmann::json meta, const std::vector<std::string>& planned_ids)
    : dir_(dir), meta_(std::move(meta)), planned_(planned_ids) {
  if (fs::exists(dir_) && !fs::is_empty(dir_))
    throw InputError("--out " + dir_.string() + ": exists and is not empty; abtool never overwrites a run");
  fs::create_directories(dir_ / "autotune_records");
  log_.open(dir_ / "run.log", std::ios::app);
  if (!log_) throw std::runtime_error("cannot write " + (dir_ / "run.log").string());
  meta_["start_time"] = now_iso8601();
  meta_["status"] = "running";
  write_meta();
  write_results();
}

void RunDirectory::write_shapes(const std::string& yaml) { write_file_atomically(dir_ / "shapes.yaml", yaml); }

void RunDirectory::log(const std::string& line) {
  log_ << line << '\n';
  log_.flush();
  fmt::print("{}\n", line);
  std::fflush(stdout);
}

void RunDirectory::point_finished(const PointResult& result) {
  results_.push_back(result);
  points_.push_back(result.to_json());
  log(result_line(result));
  write_results();
}

void RunDirectory::export_autotune_record(const std::string& op, const nlohmann::json& record) {
  write_file_atomically(dir_ / "autotune_records" / (op + ".json"), record.dump(2) + "\n");
}

void RunDirectory::finish(const std::string& status) {
  log_ << "\n" << result_table(results_);
  log_.flush();
  complete_ = status == "finished";
  meta_["end_time"] = now_iso8601();
  meta_["status"] = status;
  write_meta();
  write_results();
}

void RunDirectory::write_results() {
  nlohmann::json results{{"complete", complete_}, {"planned", planned_}, {"points", points_}};
  write_file_atomically(dir_ / "results.json", results.dump(1) + "\n");
}

void RunDirectory::write_meta() { write_file_atomically(dir_ / "meta.json", meta_.dump(2) + "\n"); }

}  // namespace abt
