#include "rundir/layout.h"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <chrono>

#include "util/errors.h"
#include "util/files.h"

namespace abt {
namespace fs = std::filesystem;

const std::string& RunLayout::plain(const std::string& name) {
  if (!is_plain_name(name))
    throw InputError("'" + name + "' cannot name a file of a run directory: letters, digits, '_', '.' and '-' only");
  return name;
}

fs::path RunLayout::default_path(const std::vector<std::string>& ops) {
  std::string name = ops.empty() ? "run" : ops.front();
  if (ops.size() == 2) name += "+" + ops[1];
  if (ops.size() > 2) name += fmt::format("+{}more", ops.size() - 1);
  auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  fs::path base = fs::path("runs") / fmt::format("{}_{:%Y%m%d-%H%M%S}", name, fmt::localtime(now));
  fs::path candidate = base;
  for (int suffix = 2; fs::exists(candidate); ++suffix) candidate = base.string() + "-" + std::to_string(suffix);
  return candidate;
}

}  // namespace abt
