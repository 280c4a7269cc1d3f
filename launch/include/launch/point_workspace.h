// A host op's point: buffers and scalars in host memory, inputs generated once from the seed,
// outputs poisoned before every checked run, in-place arguments restored before every call.
#pragma once
#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "opspec/op_spec.h"
#include "launch/workspace.h"
#include "util/host_bytes.h"
#include "opspec/shape_set.h"

namespace abt {

struct ArgBuffer {
  const ArgSpec* spec = nullptr;
  DType dtype = DType::fp32;
  size_t count = 0;                 // elements (1 for scalars)
  std::span<std::byte> data;        // current contents, inside the workspace's arena
  HostBytes pristine;               // generated contents of in/inout buffers
  size_t bytes() const { return count * dtype_size(dtype); }
};

// Host memory for a point's arguments: one block backed by transparent huge pages where the
// kernel allows it. Inside a huge page, physical addresses (which decide cache sets) follow the
// layout, and each argument's offset within its slot is a function of the placement: every
// round of a measurement gets another (Workspace::relocate), the same in every run.
class HostArena {
 public:
  explicit HostArena(size_t bytes);
  ~HostArena();
  HostArena(const HostArena&) = delete;
  HostArena& operator=(const HostArena&) = delete;
  std::byte* data() const { return data_; }
  size_t size() const { return size_; }
  // A finished point's block of this size, kept for the next point (already backed by memory),
  // rather than a fresh one.
  bool reused() const { return reused_; }

 private:
  std::byte* data_ = nullptr;
  size_t size_ = 0;
  bool reused_ = false;
};

// Element counts and scalar values of a point's arguments, from the spec's expressions. Throws
// InputError naming the op file, the point and the argument when one does not evaluate.
struct ArgLayout {
  DType dtype = DType::fp32;
  size_t count = 1;
  double scalar = 0;
  std::optional<std::filesystem::path> input_file;  // init: captured -- the capture's bytes (count x dtype)
  std::optional<InitSpec> generated;                // init: captured, but too large to have been stored
  // Memory shared with other arguments of the launch (a captured in-place or aliased launch): the
  // holder's buffer is the group's span (its input_file or generated values the span's), read and
  // written; every member, the holder too, is passed at its offset into it.
  struct Shared {
    size_t holder = 0;  // the index of the group's holder
    size_t offset_bytes = 0, span_bytes = 0;
  };
  std::optional<Shared> shared;
  const InitSpec& init(const ArgSpec& spec) const { return generated ? *generated : spec.init; }
  bool holds_span(size_t index) const { return shared && shared->holder == index; }
  bool in_other_span(size_t index) const { return shared && shared->holder != index; }
  // The kind the workspace gives it here: a holder's span is in-place, another member has no
  // buffer of its own (nullopt), else the spec's.
  std::optional<ArgKind> kind_here(const ArgSpec& spec, size_t index) const;
  size_t buffer_bytes() const { return shared ? shared->span_bytes : count * dtype_size(dtype); }
};
std::vector<ArgLayout> arg_layout(const OpSpec& op, const Point& point);

// A captured tensor's bytes into `destination` (`bytes` long), read on several threads, its
// content address checked (opspec/content_address.h); InputError naming the file when it is not
// `bytes` long, or its bytes are not those it was captured with.
void read_captured_input(const std::filesystem::path& file, size_t bytes, std::byte* destination);

// Copies `bytes` bytes on every core: a host op's inputs are hundreds of megabytes, copied again
// at every round's placement.
void copy_on_every_core(std::byte* destination, const std::byte* source, size_t bytes);

// Bytes of a scalar argument as the kernel receives it.
void store_scalar(DType dtype, double value, std::byte* destination);

class PointWorkspace : public Workspace {
 public:
  // Throws InputError naming the point when an expression does not evaluate to a valid size.
  PointWorkspace(const OpSpec& op, const Point& point, uint64_t seed);

  void* const* args() override { return arg_pointers_.data(); }
  void restore_inputs() override;
  void poison_outputs() override;
  void arm_guards() override;
  std::optional<std::string> guard_breach() const override;
  bool has_inout() const override { return has_inout_; }
  void keep_outputs(OutputsAt copy) override;
  void keep_outputs(OutputsAt copy, const OutputSnapshot& outputs) override;
  OutputsCompared compare_outputs(OutputsAt got, OutputsAt want, const Tolerance& tolerance) const override;
  std::string output_digest() const override;
  OutputSnapshot read_outputs() const override;
  std::string input_digest() const override;
  void relocate(uint64_t placement) override;

  const std::vector<ArgBuffer>& buffers() const { return buffers_; }
  std::vector<const ArgBuffer*> outputs() const;  // out and inout buffers, in argument order
  size_t total_bytes() const;

 private:
  void place(uint64_t placement);
  std::vector<OutputView> views(OutputsAt at) const;
  std::unique_ptr<HostArena> arena_;
  std::map<OutputsAt, OutputSnapshot> kept_;
  std::vector<size_t> slots_;  // where each argument's slot starts; its placement shifts it within
  std::vector<ArgBuffer> buffers_;
  std::vector<void*> arg_pointers_;
  bool has_inout_ = false;
};

}  // namespace abt
