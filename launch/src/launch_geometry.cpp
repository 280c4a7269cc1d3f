#include <fmt/format.h>

#include "launch/execution_target.h"
#include "util/errors.h"

namespace abt {

std::string LaunchGeometry::text() const {
  return fmt::format("grid=({},{},{}) block=({},{},{}) shared={}", grid[0], grid[1], grid[2], block[0], block[1],
                     block[2], shared_bytes);
}

LaunchGeometry launch_geometry(const OpSpec& op, const LaunchSpec& launch, const Point& point, const Config& config,
                               const Symbols& extra) {
  Symbols symbols = op.symbols(point.shape, point.dtype, config);
  for (const auto& [name, value] : extra) symbols[name] = value;
  LaunchGeometry geometry;
  auto fill = [&](const std::vector<Expr>& exprs, std::array<unsigned, 3>& out, const char* field) {
    for (size_t i = 0; i < exprs.size(); ++i) {
      long long value = 0;
      try {
        value = exprs[i].eval_int(symbols);
      } catch (const std::invalid_argument& error) {
        throw InputError(fmt::format("{}: point {}: {}: {}", op.file.string(), point.id(), field, error.what()));
      }
      if (value <= 0 || value > 0x7fffffffLL)
        throw InputError(fmt::format("{}: point {}: {}[{}] '{}' is {} (must be in 1..2^31-1)", op.file.string(),
                                     point.id(), field, i, exprs[i].text(), value));
      out[i] = unsigned(value);
    }
  };
  if (launch.captured_grid) {  // the library's grid at this point, for this config (a table from the capture)
    const CapturedCase& found = op.captured->at(point);
    auto grid = found.grids.find(config_text(config));
    if (grid == found.grids.end())
      throw PointError(fmt::format("the capture has no grid for config \"{}\" at {}: the library never ran or "
                                   "evaluated it there", config_text(config), point.id()));
    for (size_t i = 0; i < 3; ++i) {
      if (grid->second[i] <= 0 || grid->second[i] > 0x7fffffffLL)
        throw InputError(fmt::format("{}: point {}: captured grid[{}] is {}", op.captured->file.string(), point.id(), i,
                                     grid->second[i]));
      geometry.grid[i] = unsigned(grid->second[i]);
    }
  }
  fill(launch.grid, geometry.grid, "launch.grid");
  fill(launch.block, geometry.block, "launch.block");
  if (!launch.shared_bytes.empty()) {
    long long shared = 0;
    try {
      shared = launch.shared_bytes.eval_int(symbols);
    } catch (const std::invalid_argument& error) {
      throw InputError(fmt::format("{}: point {}: launch.shared: {}", op.file.string(), point.id(), error.what()));
    }
    if (shared < 0) throw InputError(fmt::format("{}: point {}: launch.shared is {}", op.file.string(), point.id(), shared));
    geometry.shared_bytes = unsigned(shared);
  }
  return geometry;
}

}  // namespace abt
