// The user commands; each returns abtool's exit code (SPEC section 4).
#pragma once
#include <filesystem>
#include <string>

#include "recorder/run_request.h"
#include "replay/replay_run.h"

namespace abt {

struct DiffOptions {
  std::string a, b;
  bool ir = false;
  std::string format = "text";
  double threshold_pct = 2.0;
  bool fail_on_regression = false;
};

int run_record(const RunOptions& options);
int run_replay(const std::filesystem::path& from, const RunOptions& options, const ReplayOptions& replay);
int run_diff(const DiffOptions& options);

}  // namespace abt
