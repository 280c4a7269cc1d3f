#include "util/environment.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <mutex>

#include "util/errors.h"

namespace abt {
namespace fs = std::filesystem;
namespace {

std::optional<std::string> variable(const char* name) {
  const char* text = std::getenv(name);
  if (!text || !*text) return std::nullopt;
  return std::string(text);
}

std::optional<fs::path> path_variable(const char* name) {
  if (auto text = variable(name)) return fs::path(*text);
  return std::nullopt;
}

[[noreturn]] void bad(const char* name, const std::string& value, const char* wanted) {
  throw InputError(fmt::format("environment variable {}='{}': {}", name, value, wanted));
}

// A number > 0 (or >= 0 with `zero_allowed`), finite, and nothing after it.
std::optional<double> number_variable(const char* name, bool zero_allowed) {
  auto text = variable(name);
  if (!text) return std::nullopt;
  double value = 0;
  const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (error != std::errc() || end != text->data() + text->size() || !std::isfinite(value) || value < 0 ||
      (!zero_allowed && value == 0))
    bad(name, *text, zero_allowed ? "must be a number >= 0" : "must be a number > 0");
  return value;
}

bool flag_variable(const char* name) {
  auto text = variable(name);
  if (!text) return false;
  if (*text != "0" && *text != "1") bad(name, *text, "must be 1 (on) or 0 (off)");
  return *text == "1";
}

Environment read_environment() {
  Environment env;
  env.ops_dir = path_variable("ABTOOL_OPS_DIR");
  env.shapes = path_variable("ABTOOL_SHAPES");
  env.cache_dir = path_variable("ABTOOL_CACHE_DIR");
  env.history_db = path_variable("ABTOOL_HISTORY_DB");
  if (auto text = variable("ABTOOL_CACHE_MAX_MB")) {
    uint64_t value = 0;
    const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), value);
    if (error != std::errc() || end != text->data() + text->size())
      bad("ABTOOL_CACHE_MAX_MB", *text, "must be a whole number of megabytes (0: no cache, as --no-cache)");
    env.cache_max_mb = value;
  }
  if (auto text = variable("ABTOOL_COLOR")) {
    const auto choice = parse_spelling<ColourChoice>(*text);
    if (!choice) bad("ABTOOL_COLOR", *text, ("must be one of " + spelling_list<ColourChoice>()).c_str());
    env.colour = *choice;
  }
  env.no_colour = variable("NO_COLOR").has_value();
  if (auto seconds = number_variable("ABTOOL_PROGRESS_S", true)) env.progress_s = *seconds;
  env.progress_file = path_variable("ABTOOL_PROGRESS_FILE");
  env.outcome_file = path_variable("ABTOOL_OUTCOME_FILE");
  env.exhaustive_bootstrap = flag_variable("ABTOOL_EXHAUSTIVE_BOOTSTRAP");
  env.full_sweep = flag_variable("ABTOOL_FULL_SWEEP");
  if (auto seconds = number_variable("ABTOOL_TRITON_VARIANT_LIMIT_S", false)) env.triton_variant_limit_s = *seconds;
  env.peak_tflops = number_variable("ABTOOL_PEAK_TFLOPS", false);
  env.peak_gbps = number_variable("ABTOOL_PEAK_GBPS", false);
  env.test_gpus = variable("ABTOOL_TEST_GPUS").value_or("");
  env.temp_dir = path_variable("TMPDIR").value_or("/tmp");
  env.xdg_cache_home = path_variable("XDG_CACHE_HOME");
  env.home = path_variable("HOME");
  env.cuda_home = path_variable("CUDA_HOME");
  env.python_path = variable("PYTHONPATH").value_or("");
  if (const auto pager = variable("PAGER")) env.pager = *pager;
  return env;
}

}  // namespace

const Environment& environment() {
  // Read once: a bad value throws on every call, so each caller reports it.
  static std::once_flag once;
  static std::optional<Environment> read;
  static std::string error;
  std::call_once(once, [] {
    try {
      read = read_environment();
    } catch (const InputError& bad_value) {
      error = bad_value.what();
    }
  });
  if (!read) throw InputError(error);
  return *read;
}

const char* environment_help() {
  return "Environment: ABTOOL_OPS_DIR, ABTOOL_SHAPES (default ops folder and shape set), NO_COLOR and "
         "ABTOOL_COLOR=always|never|auto (colour of diff's verdicts on a terminal; ABTOOL_COLOR also the progress line), "
         "ABTOOL_TRITON_VARIANT_LIMIT_S (Triton compile limit per variant, default 300; recorded in meta.json), "
         "ABTOOL_CACHE_DIR and ABTOOL_CACHE_MAX_MB (the compile cache; default 4096 MB), ABTOOL_HISTORY_DB (history's "
         "--db when not given; else runs/nightly.sqlite, examples/nightly.sh's), ABTOOL_PROGRESS_S (seconds "
         "between plain progress lines off a terminal, default 5; 0: none), ABTOOL_EXHAUSTIVE_BOOTSTRAP=1 (diff draws "
         "all 2000 resamples per interval, and every sample of each), ABTOOL_FULL_SWEEP=1 (every verified sweep "
         "candidate gets the full sweep budget, no first-stage screening; recorded in meta.json), ABTOOL_PEAK_TFLOPS "
         "and ABTOOL_PEAK_GBPS (the roofline's peaks), PAGER (a long `diff --ir` on a terminal is shown through it; "
         "default less -R; cat: none), TMPDIR. A value a variable does not take is an error (exit 2).";
}

}  // namespace abt
