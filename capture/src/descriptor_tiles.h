// The tile of a captured host tensor descriptor as an op.yaml expression. A tuned kernel's
// descriptors take each config's tile (FlagGems' mm sets them in a config's pre_hook: [BLOCK_M,
// BLOCK_K]); the shim saw the tiles of the configs it watched benchmark and of every launch, and
// each dimension is named by the tune parameter that equals it in all of them, or by its number
// where it never changes.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "capture_miss.h"
#include "raw_capture.h"

namespace abt::capture {

// Argument index -> one expression per dimension of its tile; or why a tile cannot be named.
using DescriptorTiles = std::map<size_t, std::vector<std::string>>;
std::variant<DescriptorTiles, Miss> descriptor_tiles(const std::vector<const RawLaunch*>& group,
                                                     const std::vector<std::string>& tuned_names);

// Why one launch's descriptor argument cannot be launched again as it was (nullopt: it can): a
// descriptor over a view that is not row-major and dense, a tile TMA cannot move, another padding.
std::optional<Miss> descriptor_problem(const RawArg& arg);

}  // namespace abt::capture
