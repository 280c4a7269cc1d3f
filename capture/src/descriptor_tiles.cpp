#include "descriptor_tiles.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "opspec/tensor_descriptor.h"

namespace abt::capture {
namespace {

// The tuned parameters' values of a config, as numbers (a text value names no tile).
std::map<std::string, long long> numbers_of(const RawConfig& config) {
  std::map<std::string, long long> numbers;
  for (const auto& [name, value] : config.kwargs)
    if (value.kind == PyValue::Kind::integer) numbers[name] = value.integer;
  return numbers;
}

// One observation: a config's tuned values and the tile its launch had.
struct Seen {
  std::map<std::string, long long> config;
  std::vector<long long> block;
};

}  // namespace

std::optional<Miss> descriptor_problem(const RawArg& arg) {
  const RawArg::Descriptor& descriptor = *arg.descriptor;
  const auto miss = [&](const std::string& why) { return Miss{MissReason::tensor_descriptor, "tensor descriptor " + arg.name + ": " + why}; };
  if (descriptor.block.size() != arg.shape.size())
    return miss(fmt::format("a {}-dimensional tile over a {}-dimensional tensor", descriptor.block.size(), arg.shape.size()));
  if (auto problem = descriptor_block_problem(descriptor.block)) return miss(*problem);
  if (descriptor.padding != "zero" && descriptor.padding != "nan") return miss("padding '" + descriptor.padding + "'");
  long long stride = 1;
  for (size_t d = arg.shape.size(); d-- > 0;) {
    if (arg.strides.size() != arg.shape.size() || (arg.shape[d] > 1 && arg.strides[d] != stride))
      return miss(fmt::format("it addresses a view of shape [{}] with strides [{}], not a dense row-major one",
                              fmt::join(arg.shape, ", "), fmt::join(arg.strides, ", ")));
    stride *= arg.shape[d];
  }
  return std::nullopt;
}

std::variant<DescriptorTiles, Miss> descriptor_tiles(const std::vector<const RawLaunch*>& group,
                                                     const std::vector<std::string>& tuned_names) {
  DescriptorTiles tiles;
  const RawLaunch& first = *group.front();
  for (size_t index = 0; index < first.args.size(); ++index) {
    const RawArg& arg = first.args[index];
    if (!arg.descriptor) continue;
    std::vector<Seen> seen;
    for (const RawLaunch* launch : group) {
      const RawTuner& tuner = launch->tuner;
      const bool is_tuned = tuned(tuner.kind) && tuner.chosen;
      seen.push_back({is_tuned ? numbers_of(tuner.configs[*tuner.chosen]) : std::map<std::string, long long>{},
                      launch->args[index].descriptor->block});
      for (size_t k = 0; is_tuned && k < tuner.configs.size() && k < tuner.blocks.size(); ++k)
        if (auto block = tuner.blocks[k].find(arg.name); block != tuner.blocks[k].end())
          seen.push_back({numbers_of(tuner.configs[k]), block->second});
    }
    std::vector<std::string> exprs;
    for (size_t d = 0; d < arg.descriptor->block.size(); ++d) {
      auto fits = [&](const std::string& name) {
        for (const Seen& each : seen) {
          const auto value = each.config.find(name);
          if (each.block.size() != arg.descriptor->block.size() || value == each.config.end() || value->second != each.block[d])
            return false;
        }
        return true;
      };
      // Two parameters that agree in every config seen fit alike; a tile's dimensions follow different
      // ones (FlagGems' [BLOCK_K, BLOCK_N]), so one no earlier dimension took is named first.
      std::string expr, taken;
      for (const std::string& name : tuned_names)
        if (fits(name)) {
          if (std::find(exprs.begin(), exprs.end(), name) == exprs.end()) {
            expr = name;
            break;
          }
          if (taken.empty()) taken = name;
        }
      if (expr.empty()) expr = taken;
      if (expr.empty()) {
        const long long constant = arg.descriptor->block[d];
        bool same = true;
        for (const Seen& each : seen) same &= each.block.size() > d && each.block[d] == constant;
        if (!same)
          return Miss{MissReason::tensor_descriptor,
                      fmt::format("tensor descriptor {}: its tile's dimension {} changes with the config, but equals none "
                                  "of the tuned parameters in every config seen", arg.name, d)};
        expr = std::to_string(constant);
      }
      exprs.push_back(expr);
    }
    tiles[index] = std::move(exprs);
  }
  return tiles;
}

}  // namespace abt::capture
