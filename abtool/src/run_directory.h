// runs/<op>_<timestamp>/ (SPEC section 5): every file is complete on disk after each point, so
// a run killed midway stays readable by `diff`.
#pragma once
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "recorder/op_session.h"

namespace abt {

class RunDirectory : public RunSink {
 public:
  // Creates the directory; throws InputError if `dir` exists and is not empty.
  RunDirectory(const std::filesystem::path& dir, nlohmann::json meta, const std::vector<std::string>& planned_ids);

  const std::filesystem::path& path() const { return dir_; }
  std::string mode() const { return meta_.value("mode", std::string()); }
  void write_shapes(const std::string& yaml);
  void log(const std::string& line) override;
  void point_finished(const PointResult& result) override;
  void export_autotune_record(const std::string& op, const nlohmann::json& record);
  // Ends the run: result table into run.log, end time and completion into meta/results.
  void finish(const std::string& status);
  const std::vector<PointResult>& results() const { return results_; }

  static std::filesystem::path default_path(const std::vector<std::string>& ops);

 private:
  void write_results();
  void write_meta();

  std::filesystem::path dir_;
  nlohmann::json meta_;
  std::vector<std::string> planned_;
  nlohmann::json points_ = nlohmann::json::array();
  std::vector<PointResult> results_;
  std::ofstream log_;
  bool complete_ = false;
};

std::string now_iso8601();

}  // namespace abt
