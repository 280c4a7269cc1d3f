// A measured variant's binary as the run directory keeps it (bin/<shape>/<kernel>/<variant>.<ext>),
// with what loading and launching it needs, so A's code can run again without A's compiler.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace abt {

class JsonFields;

// The CUtensorMap Triton's launcher builds for a host tensor descriptor the compiler lowered to TMA
// (the kernel's metadata.tensordesc_meta, one per descriptor argument, in order).
struct TensorMapMeta {
  int swizzle = 0;         // CUtensorMapSwizzle
  int element_bytes = 0;
  int data_type = 0;       // CUtensorMapDataType (the driver's numbering, not Triton's device-side one)
  std::vector<long long> block;  // the box TMA moves (the tile, or a part of its rows), outermost dimension first

  bool operator==(const TensorMapMeta&) const = default;
  nlohmann::json to_json() const;
  static TensorMapMeta from_json(const JsonFields& fields);
};

// How Triton's own launcher would call a compiled kernel (Triton 3.x): block = num_warps x 32,
// the kernel's shared memory, its non-constexpr parameters in its order (constexpr-specialized
// ones are gone), then a global- and a profile-scratch pointer sized per program.
struct TritonLaunchContract {
  unsigned num_warps = 4;
  unsigned shared_bytes = 0;
  std::vector<std::string> passed_args;  // op argument names, in the kernel's parameter order
  size_t global_scratch_bytes = 0, global_scratch_align = 1;
  size_t profile_scratch_bytes = 0, profile_scratch_align = 1;
  // Host tensor descriptor arguments lowered to TMA, in argument order. Empty where the kernel has
  // descriptors the compiler did not lower: each is passed as its base pointer, shape, strides and
  // padding flag, then its shape and strides again (Triton's make_tensordesc_arg).
  std::vector<TensorMapMeta> tensor_maps;
  // Why abtool cannot launch it (thread-block clusters, cooperative, PDL, FP4-padded tensor
  // descriptors); empty when it can. Such a variant compiles, and fails to launch.
  std::string unsupported;

  nlohmann::json to_json() const;
  static TritonLaunchContract from_json(const JsonFields& fields);
};

struct BinaryManifest {
  std::string file;          // relative to the run directory
  std::string sha256;
  std::string entry_symbol;  // what the loader looks up (a mangled CUDA name, abtool_entry for host code)
  std::optional<TritonLaunchContract> triton;

  nlohmann::json to_json() const;
  static BinaryManifest from_json(const JsonFields& fields);
};

}  // namespace abt
