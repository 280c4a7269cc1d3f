// Every environment variable abtool reads, read once and checked: the one place that reads the
// environment (`abtool <command> --help`, docs/commands.md). A bad value is an InputError naming the variable, which
// `abtool` meets before anything runs (exit 2). What changes a run's choices is recorded in its
// meta.json ("sweep").
#pragma once
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "util/spelling.h"

namespace abt {

enum class ColourChoice { automatic, always, never };

// The words of --color and ABTOOL_COLOR alike.
template <>
struct Spellings<ColourChoice> {
  static constexpr std::array<std::pair<ColourChoice, std::string_view>, 3> table{
      {{ColourChoice::automatic, "auto"}, {ColourChoice::always, "always"}, {ColourChoice::never, "never"}}};
};

struct Environment {
  std::optional<std::filesystem::path> ops_dir, shapes;  // ABTOOL_OPS_DIR, ABTOOL_SHAPES: record's defaults
  std::optional<std::filesystem::path> cache_dir;        // ABTOOL_CACHE_DIR
  uint64_t cache_max_mb = 4096;                          // ABTOOL_CACHE_MAX_MB: a whole number of MB
  ColourChoice colour = ColourChoice::automatic;         // ABTOOL_COLOR=always|never|auto
  bool no_colour = false;                                // NO_COLOR, any non-empty value
  double progress_s = 5;                                 // ABTOOL_PROGRESS_S: plain progress lines (0: none)
  std::optional<std::filesystem::path> progress_file;    // ABTOOL_PROGRESS_FILE: a --gpus supervisor reads it
  std::optional<std::filesystem::path> outcome_file;     // ABTOOL_OUTCOME_FILE: and what a part said (worker/messages.h)
  bool exhaustive_bootstrap = false;                     // ABTOOL_EXHAUSTIVE_BOOTSTRAP=1
  bool full_sweep = false;                               // ABTOOL_FULL_SWEEP=1
  double triton_variant_limit_s = 300;                   // ABTOOL_TRITON_VARIANT_LIMIT_S
  std::optional<double> peak_tflops, peak_gbps;          // ABTOOL_PEAK_TFLOPS, ABTOOL_PEAK_GBPS
  std::string test_gpus;                                 // ABTOOL_TEST_GPUS: stand-in GPUs (a test seam)
  std::filesystem::path temp_dir = "/tmp";               // TMPDIR
  std::optional<std::filesystem::path> xdg_cache_home, home, cuda_home;  // XDG_CACHE_HOME, HOME, CUDA_HOME
  std::string python_path;                               // PYTHONPATH: part of a Triton build's identity
  std::optional<std::filesystem::path> history_db;      // ABTOOL_HISTORY_DB: `abtool history`'s --db when not given
  std::string pager = "less -R";                         // PAGER: what a long `diff --ir` on a terminal is shown through ('' or cat: none)
};

// Read on the first call. Throws InputError for a value that is not what its variable takes.
const Environment& environment();

// The help text's list of the variables above, with what each does.
const char* environment_help();

}  // namespace abt
