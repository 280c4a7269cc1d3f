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
