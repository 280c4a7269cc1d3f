#include "util/environment.h"
#include "default_paths.h"

#include <fmt/chrono.h>

#include <cstdlib>
#include <ctime>
#include <filesystem>

namespace abt {
namespace fs = std::filesystem;
namespace {

fs::path checkout_with_examples() {
  std::error_code error;
  fs::path binary = fs::read_symlink("/proc/self/exe", error);
  if (!error)
    for (fs::path dir = binary.parent_path(); !dir.empty(); dir = dir.parent_path()) {
      if (fs::is_directory(dir / "examples" / "ops")) return dir;
      if (dir == dir.root_path()) break;
    }
  if (fs::is_directory(fs::current_path() / "examples" / "ops")) return fs::current_path();
  return {};
}

}  // namespace

RunDefaults record_defaults() {
  RunDefaults defaults;
  const fs::path checkout = checkout_with_examples();
  const Environment& env = environment();
  if (env.ops_dir) defaults.ops_dir = *env.ops_dir;
  else if (!checkout.empty()) defaults.ops_dir = checkout / "examples" / "ops";
  if (env.shapes) defaults.shapes = *env.shapes;
  else if (!checkout.empty()) defaults.shapes = checkout / "shapes" / "smoke.yaml";
  return defaults;
}

std::filesystem::path default_capture_dir() {
  return std::filesystem::path("captures") / fmt::format("capture_{:%Y%m%d-%H%M%S}", fmt::localtime(std::time(nullptr)));
}

}  // namespace abt
