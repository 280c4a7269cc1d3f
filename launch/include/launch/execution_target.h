// Where a point runs: host memory and dlopen'ed code, or a CUDA device. The engine asks a target
// for a point's workspace and for loaded variants; it never needs to know which one it has.
#pragma once
#include <array>
#include <filesystem>
#include <functional>
#include <optional>
#include <memory>
#include <string>
#include <vector>

#include "launch/tensor_map.h"
#include "launch/workspace.h"
#include "opspec/shape_set.h"

namespace abt {

// A variant ready to run: what the verification gate and the timers call.
class LoadedVariant {
 public:
  virtual ~LoadedVariant() = default;
  // One call of the op with `args` (Workspace::args()); on a device it is enqueued, not awaited.
  virtual void launch(void* const* args) const = 0;
  virtual std::vector<std::string> symbols() const = 0;  // the kernels one call runs (CUPTI counts these)
};

struct LaunchGeometry {
  std::array<unsigned, 3> grid{1, 1, 1};
  std::array<unsigned, 3> block{1, 1, 1};
  unsigned shared_bytes = 0;  // dynamic shared memory
  std::string text() const;   // "grid=(8,1,1) block=(256,1,1) shared=0"
};

// The launch geometry the spec gives for a point and config (plus `extra` symbols, such as a value
// read back by a prologue). Throws InputError naming the op file and the point when an expression
// does not evaluate to a positive size.
LaunchGeometry launch_geometry(const OpSpec& op, const LaunchSpec& launch, const Point& point, const Config& config,
                               const Symbols& extra = {});

// A call that first runs a prologue kernel, reads one value back, then sizes the main launch by it
// (OpSpec::prologue). The host synchronizes in the middle: no CUDA graph can hold this.
struct ReadbackPrologue {
  std::string symbol;
  LaunchGeometry geometry;
  size_t read_arg = 0;  // index of the i32/i64 buffer: zeroed before the prologue, element 0 read after
  DType read_dtype = DType::i32;
  std::function<LaunchGeometry(long long)> main_geometry;  // for a positive value; 0 skips the main launch
};

// How a Triton 3.x kernel takes its parameters (the helper's meta.json): its non-constexpr
// arguments in its own order, then a global-scratch and a profile-scratch pointer. Scratch is
// per program: the launcher allocates grid size x bytes when a kernel asks for any.
struct TritonCall {
  std::vector<size_t> passed_args;  // indices into Workspace::args(), in the kernel's order
  std::vector<DescriptorCall> descriptors;  // the passed arguments that are host tensor descriptors
  size_t global_scratch_bytes = 0, global_scratch_align = 1;
  size_t profile_scratch_bytes = 0, profile_scratch_align = 1;
};

struct LaunchPlan {
  LaunchGeometry geometry;
  std::optional<ReadbackPrologue> prologue;
  std::optional<TritonCall> triton;  // absent: the kernel takes Workspace::args() as they are
};

class ExecutionTarget {
 public:
  virtual ~ExecutionTarget() = default;
  virtual std::string kind() const = 0;  // host | cuda
  virtual std::unique_ptr<Workspace> make_workspace(const OpSpec& op, const Point& point, uint64_t seed) = 0;
  // Throws PointError when the binary cannot be loaded or the entry symbol is missing.
  virtual std::unique_ptr<LoadedVariant> load(const std::filesystem::path& binary, const std::string& entry_symbol,
                                              const LaunchPlan& plan) = 0;
};

std::unique_ptr<ExecutionTarget> make_host_target();

}  // namespace abt
