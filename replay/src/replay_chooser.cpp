#include "replay/replay_chooser.h"

#include <fmt/format.h>

#include "recorder/sweep.h"
#include "util/errors.h"

namespace abt {

Choice ReplayChooser::fall_back(PointBench& bench, FallbackReason reason, const std::string& detail) {
  bench.session().services.sink.log(fmt::format("replay of {} falls back to a sweep: {}", bench.point().id(), detail));
  Choice choice = sweep_point(bench, ConfigSource::fallback_sweep);
  choice.markers.insert(choice.markers.begin(), replay_fallback_marker(reason));
  return choice;
}

std::vector<Config> ReplayChooser::configs_needed(const OpSpec& op, const Point& point) const {
  const auto recorded = record_.find(TuneKey{point.op, op.kernel, point.shape_text(), dtype_name(point.dtype)});
  if (!recorded) return op.config_space_at(point);
  if (auto config = op.canonical_config(recorded->config)) return {*config};
  return {};
}

Choice ReplayChooser::choose(PointBench& bench) {
  const TuneKey key = bench.key();
  auto recorded = record_.find(key);
  if (!recorded) return fall_back(bench, FallbackReason::missing_key, "A's record has no key " + key.text());

  const OpSession& session = bench.session();
  auto config = session.context.op.canonical_config(recorded->config);
  if (!config)
    return fall_back(bench, FallbackReason::compile_error,
                     fmt::format("A's config \"{}\" does not fit the op's tune parameters any more",
                                 config_text(recorded->config)));
  recorded->config = *config;
  const CompiledVariant& compiled = bench.compiled(recorded->config);
  if (!compiled.ok) {
    auto newline = compiled.log.find('\n');
    return fall_back(bench, FallbackReason::compile_error,
                     fmt::format("A's config \"{}\" does not compile: {}", config_text(recorded->config),
                                 compiled.log.substr(0, newline)));
  }
  Choice choice;
  choice.source = ConfigSource::replay;
  choice.config = recorded->config;
  if (StepWatch* watch = bench.session().services.watch)
    watch->step(bench.point(), bench.session().context.op.kernel, {StepKind::verifying_recorded_config});
  try {
    choice.loaded = bench.load(compiled, recorded->config);
    choice.verify = bench.verify(*choice.loaded);
  } catch (const DeviceFault&) {
    throw;
  } catch (const PointError& error) {
    return fall_back(bench, FallbackReason::launch_error, fmt::format("A's config \"{}\": {}", config_text(recorded->config), error.what()));
  }
  choice.unindexed_launches = 1;
  if (!choice.verify->passed())
    return fall_back(bench, FallbackReason::verify_failed,
                     fmt::format("A's config \"{}\" fails verification: {}", config_text(recorded->config),
                                 choice.verify->first_mismatch));
  choice.output_digest = bench.output_digest();
  choice.found = true;
  const PhaseClock files = bench.clock(PointPhase::files);
  if (store_choice_)
    session.services.store.save(ChoiceRecord{key, choice.config, bench.variant_name(choice.config), std::nullopt}, {});
  return choice;
}

}  // namespace abt
