// The three user commands; each returns abtool's exit code (SPEC section 4).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace abt {

struct MeasureOptions {
  std::vector<std::string> ops;
  std::string ops_dir;
  std::string shapes;
  std::vector<std::string> dtypes;
  std::string compiler;
  std::string compiler_flags;
  std::vector<std::string> compiler_env;
  std::string timer;
  double warmup_ms = 1000;
  double rep_ms = 500;
  int rounds = 10;
  int gpu = 0;
  std::string arch;  // CUDA compile target; default: the device's
  uint64_t seed = 42;
  std::string out;
  std::string from;  // replay only
  // Which selection options the user gave; the others default to A's on replay.
  bool given_ops = false, given_shapes = false, given_dtypes = false, given_seed = false, given_timer = false,
       given_warmup = false, given_rep = false, given_rounds = false, given_ops_dir = false;
  std::vector<std::string> command_line;
};

struct DiffOptions {
  std::string a, b;
  bool ir = false;
  std::string format = "text";
  double threshold_pct = 2.0;
  bool fail_on_regression = false;
};

int run_record(MeasureOptions options);
int run_replay(MeasureOptions options);
int run_diff(const DiffOptions& options);

}  // namespace abt
