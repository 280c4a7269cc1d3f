// A measured variant's binary as the run directory keeps it (bin/<shape>/<kernel>/<variant>.<ext>),
// with what loading and launching it needs, so A's code can run again without A's compiler.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace abt {

class JsonFields;

// How Triton's own launcher would call a compiled kernel (Triton 3.x): block = num_warps x 32,
// the kernel's shared memory, its non-constexpr parameters in its order (constexpr-specialized
// ones are gone), then a global- and a profile-scratch pointer sized per program.
struct TritonLaunchContract {
  unsigned num_warps = 4;
  unsigned shared_bytes = 0;
  std::vector<std::string> passed_args;  // op argument names, in the kernel's parameter order
  size_t global_scratch_bytes = 0, global_scratch_align = 1;
  size_t profile_scratch_bytes = 0, profile_scratch_align = 1;
  // Why abtool cannot launch it (thread-block clusters, cooperative, PDL, host tensor
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
