#include "recorder/library_pick.h"

#include <fmt/format.h>

#include "recorder/sweep.h"

namespace abt {

std::optional<Config> library_pick(const OpSpec& op, const Point& point) {
  if (!op.captured) return std::nullopt;
  const auto found = op.captured->by_point.find(point.id());
  if (found == op.captured->by_point.end() || !found->second.library_choice) return std::nullopt;
  for (const Config& config : op.config_space_at(point))
    if (config_text(config) == *found->second.library_choice) return config;
  return std::nullopt;
}

Choice LibraryPickChooser::choose(PointBench& bench) {
  const OpSpec& op = bench.session().context.op;
  if (const std::optional<Config> pick = library_pick(op, bench.point()))
    return sweep_point(bench, ConfigSource::library, {*pick});
  bench.session().services.sink.log(fmt::format(
      "{}: --configs library: {}, so A's config is swept", bench.point().id(),
      op.captured ? "its capture knows no pick of the library's among the op's configs" : "the op was not captured"));
  return sweep_point(bench, ConfigSource::sweep);
}

std::vector<Config> LibraryPickChooser::configs_needed(const OpSpec& op, const Point& point) const {
  if (const std::optional<Config> pick = library_pick(op, point)) return {*pick};
  return op.config_space_at(point);
}

}  // namespace abt
