#include "launch/device_target.h"
#include "launch/guard_bytes.h"

#include <fmt/format.h>

#include <cstring>
#include <map>

#include "launch/counter_rng.h"
#include "launch/point_workspace.h"
#include "util/files.h"
#include "util/host_bytes.h"
#include "util/piece_digest.h"

namespace abt {
namespace {

constexpr unsigned kStaticSharedLimit = 48 * 1024;  // above this a kernel must opt in

// One variant's CUBIN, loaded, with the launch plan of the point it runs at.
class DeviceKernel : public LoadedVariant {
 public:
  DeviceKernel(const DeviceTarget& target, const std::string& cubin, const std::string& symbol, const LaunchPlan& plan)
      : target_(target), driver_(target.context().driver()), module_(target.context(), cubin), symbol_(symbol), plan_(plan) {
    function_ = module_.function(symbol);
    opt_in_shared(function_, symbol, plan.geometry.shared_bytes);
    if (plan.triton) {
      const LaunchGeometry& geometry = plan.geometry;
      const size_t programs = size_t(geometry.grid[0]) * geometry.grid[1] * geometry.grid[2];
      global_scratch_ = scratch(programs, plan.triton->global_scratch_bytes, plan.triton->global_scratch_align, "global");
      profile_scratch_ = scratch(programs, plan.triton->profile_scratch_bytes, plan.triton->profile_scratch_align, "profile");
    }
    if (plan.prologue) {
      prologue_ = module_.function(plan.prologue->symbol);
      opt_in_shared(prologue_, plan.prologue->symbol, plan.prologue->geometry.shared_bytes);
    }
  }

  void launch(void* const* args) const override {
    if (plan_.triton) return launch_triton(args);
    if (!plan_.prologue) return launch_one(function_, symbol_, plan_.geometry, args);
    // Zero the counter, run the prologue, read the counter back, size the main launch by it.
    const ReadbackPrologue& prologue = *plan_.prologue;
    const CUdeviceptr counter = *static_cast<const CUdeviceptr*>(args[prologue.read_arg]);
    const size_t bytes = dtype_size(prologue.read_dtype);
    driver_.check(driver_.memset8_async(counter, 0, bytes, target_.stream().get()), "zeroing the prologue's counter");
    launch_one(prologue_, prologue.symbol, prologue.geometry, args);
    long long value = 0;
    driver_.check(driver_.copy_to_host_async(&value, counter, bytes, target_.stream().get()), "reading back the prologue's counter");
    target_.stream().synchronize("waiting for " + prologue.symbol + "'s result");
    if (prologue.read_dtype == DType::i32) value = static_cast<int32_t>(value & 0xffffffffLL);
    if (value > 0) launch_one(function_, symbol_, prologue.main_geometry(value), args);
  }

  std::vector<std::string> symbols() const override {
    if (plan_.prologue) return {plan_.prologue->symbol, symbol_};
    return {symbol_};
  }

 private:
  void opt_in_shared(CUfunction function, const std::string& name, unsigned bytes) {
    if (bytes <= kStaticSharedLimit) return;
    driver_.check(driver_.function_set_attribute(function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, int(bytes)),
                  fmt::format("opting {} in to {} bytes of dynamic shared memory (the device allows {})", name, bytes,
                              target_.info().max_shared_per_block_optin));
  }

  struct Scratch {
    std::unique_ptr<DeviceBuffer> buffer;
    CUdeviceptr pointer = 0;  // what the kernel receives: 0 when it asked for none
  };

  Scratch scratch(size_t programs, size_t bytes_per_program, size_t align, const char* kind) {
    Scratch scratch;
    if (bytes_per_program == 0) return scratch;
    if (align > 256)  // cuMemAlloc aligns to 256 bytes
      throw PointError(fmt::format("{} asks for {} scratch aligned to {} bytes (at most 256 here)", symbol_, kind, align));
    scratch.buffer = std::make_unique<DeviceBuffer>(target_.context(), programs * bytes_per_program);
    scratch.pointer = scratch.buffer->pointer();
    return scratch;
  }

  // Triton's calling convention: the passed arguments in the kernel's order (a tensor descriptor as
  // several parameters, launch/tensor_map.h), then the two scratch pointers.
  void launch_triton(void* const* args) const {
    const TritonCall& call = *plan_.triton;
    params_.clear();
    size_t next_descriptor = 0;
    for (size_t index : call.passed_args) {
      if (next_descriptor < descriptors_.size() && descriptors_[next_descriptor].arg == index) {
        PassedDescriptor& descriptor = descriptors_[next_descriptor++];
        if (descriptor.params.tensor_map) params_.push_back(descriptor.map_for(driver_, *static_cast<const CUdeviceptr*>(args[index])));
        else params_.push_back(args[index]);
        for (NumberSlot& slot : descriptor.numbers) params_.push_back(&slot);
      } else {
        params_.push_back(args[index]);
      }
    }
    params_.push_back(const_cast<CUdeviceptr*>(&global_scratch_.pointer));
    params_.push_back(const_cast<CUdeviceptr*>(&profile_scratch_.pointer));
    launch_one(function_, symbol_, plan_.geometry, params_.data());
  }

  // A number parameter in the width the kernel reads (cuLaunchKernel copies as many bytes as the
  // parameter has from the address given).
  union NumberSlot {
    int8_t i8;
    int32_t i32;
    int64_t i64;
  };

  struct PassedDescriptor {
    size_t arg = 0;
    DescriptorParams params;
    std::vector<NumberSlot> numbers;
    alignas(64) CUtensorMap map{};  // encoded for `encoded_for`; a kernel parameter is copied at launch
    CUdeviceptr encoded_for = 0;

    void* map_for(const CudaDriver& driver, CUdeviceptr base) {
      if (base != encoded_for || !encoded_for) {
        const TensorMapEncoding& e = *params.tensor_map;
        driver.check(driver.tensor_map_encode_tiled(&map, CUtensorMapDataType(e.data_type), e.rank, reinterpret_cast<void*>(base),
                                                    e.dims.data(), e.byte_strides.data(), e.box.data(), e.element_strides.data(),
                                                    CU_TENSOR_MAP_INTERLEAVE_NONE, CUtensorMapSwizzle(e.swizzle),
                                                    CU_TENSOR_MAP_L2_PROMOTION_L2_128B, CUtensorMapFloatOOBfill(e.fill)),
                     "cuTensorMapEncodeTiled for a tensor descriptor");
        encoded_for = base;
      }
      return &map;
    }
  };
  static_assert(TensorMapEncoding::kFillNone == CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE &&
                TensorMapEncoding::kFillNanRequestZeroFma == CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA);

  static std::vector<PassedDescriptor> passed_descriptors(const LaunchPlan& plan) {
    std::vector<PassedDescriptor> passed;
    if (!plan.triton) return passed;
    for (const DescriptorCall& call : plan.triton->descriptors) {
      PassedDescriptor descriptor;
      descriptor.arg = call.arg;
      descriptor.params = descriptor_params(call);
      for (const NumberParam& number : descriptor.params.after) {
        NumberSlot slot{};
        if (number.bytes == 1) slot.i8 = int8_t(number.value);
        else if (number.bytes == 4) slot.i32 = int32_t(number.value);
        else slot.i64 = number.value;
        descriptor.numbers.push_back(slot);
      }
      passed.push_back(std::move(descriptor));
    }
    return passed;
  }

  void launch_one(CUfunction function, const std::string& name, const LaunchGeometry& geometry, void* const* args) const {
    driver_.check(driver_.launch(function, geometry.grid[0], geometry.grid[1], geometry.grid[2], geometry.block[0],
                                 geometry.block[1], geometry.block[2], geometry.shared_bytes, target_.stream().get(),
                                 const_cast<void**>(args), nullptr),
                  "cuLaunchKernel(" + name + ", " + geometry.text() + ")");
  }

  const DeviceTarget& target_;
  const CudaDriver& driver_;
  DeviceModule module_;
  std::string symbol_;
  LaunchPlan plan_;
  CUfunction function_ = nullptr, prologue_ = nullptr;
  Scratch global_scratch_, profile_scratch_;
  mutable std::vector<PassedDescriptor> descriptors_ = passed_descriptors(plan_);  // in the order of passed_args
  mutable std::vector<void*> params_;
};

// A point's arguments in device memory. Inputs are generated on the device (a capture's are read
// on several threads and uploaded); in-place arguments keep a pristine copy there so a reset is one
// device-to-device copy on the stream. Outputs are checked, compared and digested where they are:
// only the figures come to the host.
class DeviceWorkspace : public Workspace {
 public:
  DeviceWorkspace(const DeviceTarget& target, const OpSpec& op, const Point& point, uint64_t seed) : target_(target) {
    const std::vector<ArgLayout> layout = arg_layout(op, point);
    args_.resize(op.args.size());
    for (size_t index = 0; index < op.args.size(); ++index) {
      const ArgSpec& spec = op.args[index];
      Arg& arg = args_[index];
      arg.spec = &spec;
      arg.kind = layout[index].kind_here(spec, index);
      arg.dtype = layout[index].dtype;
      arg.count = layout[index].buffer_bytes() / dtype_size(arg.dtype);
      if (!spec.is_buffer()) {
        store_scalar(arg.dtype, layout[index].scalar, arg.scalar.data());
        continue;
      }
      if (layout[index].shared) {
        arg.offset = layout[index].shared->offset_bytes;
        arg.holder = layout[index].shared->holder;
      }
      if (!arg.kind) continue;  // passed into its holder's span (pass_shared_members)
      const size_t bytes = arg.bytes();
      arg.buffer = std::make_unique<DeviceBuffer>(target.context(), kGuardBytes + bytes + kGuardBytes);
      arg.base = arg.buffer->pointer() + kGuardBytes;
      if (arg.kind == ArgKind::out || arg.kind == ArgKind::scratch) continue;
      CUdeviceptr generated = arg.base;
      if (arg.kind == ArgKind::inout) {
        has_inout_ = true;
        arg.pristine = std::make_unique<DeviceBuffer>(target.context(), bytes);
        generated = arg.pristine->pointer();
      }
      if (layout[index].input_file) {
        HostBytes captured(bytes);
        read_captured_input(*layout[index].input_file, bytes, captured.data());
        const CudaDriver& driver = target.context().driver();
        driver.check(driver.copy_to_device(arg.pristine ? arg.pristine->pointer() : arg.base, captured.data(), bytes),
                     "uploading args." + spec.name);
      } else {
        target.fill(generated, arg.dtype, arg.count, layout[index].init(spec), seed, index);
      }
    }
    pass_shared_members();
    for (Arg& arg : args_) params_.push_back(arg.spec->is_buffer() ? static_cast<void*>(&arg.address) : arg.scalar.data());
    restore_inputs();
    input_digest_ = digest_inputs();  // waits for the generator
  }

  void* const* args() override { return params_.data(); }
  bool has_inout() const override { return has_inout_; }

  void keep_outputs(OutputsAt copy) override {
    const CudaDriver& driver = target_.context().driver();
    for (Arg& arg : args_) {
      if (!arg.is_output()) continue;
      const DeviceBuffer& kept = kept_buffer(arg, copy);
      driver.check(driver.copy_device_async(kept.pointer(), arg.base, arg.bytes(), target_.stream().get()),
                   "keeping args." + arg.spec->name);
    }
    target_.stream().synchronize("keeping the outputs");
  }

  void keep_outputs(OutputsAt copy, const OutputSnapshot& outputs) override {
    size_t slot = 0;
    for (Arg& arg : args_) {
      if (!arg.is_output()) continue;
      if (slot >= outputs.size() || outputs[slot].bytes.size() != arg.bytes())
        throw std::logic_error("keep_outputs: the outputs given do not match args." + arg.spec->name);
      kept_buffer(arg, copy).upload(outputs[slot++].bytes.data());
    }
  }

  OutputsCompared compare_outputs(OutputsAt got, OutputsAt want, const Tolerance& tolerance) const override {
    if (!target_.can_check()) return compare_on_host(got, want, tolerance);
    std::vector<const Arg*> outputs;
    for (const Arg& arg : args_)
      if (arg.is_output()) outputs.push_back(&arg);
    OutputsCompared compared;
    if (outputs.empty()) return compared;
    std::vector<uint64_t> counters;
    for (size_t i = 0; i < outputs.size(); ++i) counters.insert(counters.end(), {0, 0, 0, ~uint64_t(0), 0});
    DeviceBuffer results(target_.context(), counters.size() * sizeof(uint64_t));
    results.upload(counters.data());  // synchronous: done before the launches below
    for (size_t slot = 0; slot < outputs.size(); ++slot)
      target_.check(address_of(*outputs[slot], got), address_of(*outputs[slot], want), outputs[slot]->dtype, outputs[slot]->count,
                    tolerance, results.pointer() + kCheckCounters * sizeof(uint64_t) * slot);
    target_.stream().synchronize("comparing the outputs");
    results.download(counters.data(), counters.size() * sizeof(uint64_t));
    for (size_t slot = 0; slot < outputs.size(); ++slot) {
      const Arg& arg = *outputs[slot];
      const uint64_t* counter = &counters[kCheckCounters * slot];
      double max_abs = 0, max_rel = 0;
      std::memcpy(&max_abs, &counter[0], sizeof(double));
      std::memcpy(&max_rel, &counter[1], sizeof(double));
      double want_max_abs = 0;
      std::memcpy(&want_max_abs, &counter[4], sizeof(double));
      compared.want_max_abs = std::max(compared.want_max_abs, want_max_abs);
      compared.max_abs = std::max(compared.max_abs, max_abs);
      compared.max_rel = std::max(compared.max_rel, max_rel);
      if (counter[2] && !compared.mismatches) {  // the first output that differs, as the host reads them in order
        compared.first_index = counter[3];
        compared.first_got = element(arg, address_of(arg, got), counter[3]);
        compared.first_want = element(arg, address_of(arg, want), counter[3]);
      }
      compared.mismatches += counter[2];
    }
    return compared;
  }

  std::string output_digest() const override {
    PieceDigest digest;
    for (const Arg& arg : args_)
      if (arg.is_output()) add_to_digest(digest, arg.base, arg.bytes());
    return digest.text();
  }

  void restore_inputs() override {
    const CudaDriver& driver = target_.context().driver();
    for (const Arg& arg : args_)
      if (arg.pristine)
        driver.check(driver.copy_device_async(arg.base, arg.pristine->pointer(), arg.pristine->bytes(),
                                              target_.stream().get()),
                     "restoring args." + arg.spec->name);
  }

  void poison_outputs() override {
    const CudaDriver& driver = target_.context().driver();
    CUstream stream = target_.stream().get();
    for (const Arg& arg : args_) {
      if (arg.kind != ArgKind::out) continue;
      CUresult result;
      switch (arg.dtype) {
        case DType::fp32: result = driver.memset32_async(arg.base, 0x7fc00000u, arg.count, stream); break;
        case DType::fp64: result = driver.memset16_async(arg.base, 0x7ff8, arg.count * 4, stream); break;  // 0x7ff87ff8... is a NaN
        case DType::fp16: result = driver.memset16_async(arg.base, 0x7e00, arg.count, stream); break;
        case DType::bf16: result = driver.memset16_async(arg.base, 0x7fc0, arg.count, stream); break;
        default: result = driver.memset8_async(arg.base, 0x7b, arg.bytes(), stream); break;
      }
      driver.check(result, "poisoning args." + arg.spec->name);
    }
  }

  // Copied from one pattern on the device: a buffer's end need not be 4-byte aligned (fp16, i8), a memset32's must.
  void arm_guards() override {
    const CudaDriver& driver = target_.context().driver();
    if (!guard_pattern_) {
      std::vector<std::byte> pattern(kGuardBytes);
      fill_guard(pattern.data(), pattern.size());
      guard_pattern_ = std::make_unique<DeviceBuffer>(target_.context(), kGuardBytes);
      guard_pattern_->upload(pattern.data());
    }
    for (const Arg& arg : args_) {
      if (!arg.spec->is_buffer() || !arg.kind) continue;  // a member of a span: its holder's guards
      for (CUdeviceptr guard : {arg.base - kGuardBytes, arg.base + arg.bytes()})
        driver.check(driver.copy_device_async(guard, guard_pattern_->pointer(), kGuardBytes, target_.stream().get()),
                     "arming the guard bytes of args." + arg.spec->name);
    }
  }

  std::optional<std::string> guard_breach() const override {
    target_.stream().synchronize("running the kernel");
    const CudaDriver& driver = target_.context().driver();
    std::vector<std::byte> guard(kGuardBytes);
    for (const Arg& arg : args_) {
      if (!arg.spec->is_buffer() || !arg.kind) continue;
      for (GuardSide side : {GuardSide::before, GuardSide::after}) {
        const CUdeviceptr at = side == GuardSide::before ? arg.base - kGuardBytes : arg.base + arg.bytes();
        driver.check(driver.copy_to_host(guard.data(), at, kGuardBytes), "reading the guard bytes of args." + arg.spec->name);
        if (auto change = changed_guard(guard.data(), kGuardBytes, side))
          return guard_breach_text(arg.spec->name, side, *change, kGuardBytes);
      }
    }
    return std::nullopt;
  }

  OutputSnapshot read_outputs() const override { return read(OutputsAt::current); }

  std::string input_digest() const override { return input_digest_; }

  // A new allocation per buffer, the data at an offset of up to 2 MiB (a large page) into it:
  // other physical pages and other L2 slices for the same bytes. Inputs are copied over on the
  // stream; outputs need nothing (every checked run poisons them first).
  void relocate(uint64_t placement) override {
    constexpr size_t kGranule = 256, kSpan = size_t(2) << 20;
    const CudaDriver& driver = target_.context().driver();
    for (size_t index = 0; index < args_.size(); ++index) {
      Arg& arg = args_[index];
      if (!arg.spec->is_buffer() || !arg.kind) continue;
      const size_t bytes = arg.bytes();
      const size_t shift = counter_hash(placement, index, 1) % (kSpan / kGranule) * kGranule;
      auto moved = std::make_unique<DeviceBuffer>(target_.context(), shift + kGuardBytes + bytes + kGuardBytes);
      const CUdeviceptr base = moved->pointer() + shift + kGuardBytes;
      if (arg.kind == ArgKind::in)
        driver.check(driver.copy_device_async(base, arg.base, bytes, target_.stream().get()),
                     "moving args." + arg.spec->name);
      target_.stream().synchronize("moving args." + arg.spec->name);
      arg.buffer = std::move(moved);
      arg.base = base;
    }
    pass_shared_members();
    restore_inputs();  // in-place arguments from their pristine copies
  }

 private:
  struct Arg {
    const ArgSpec* spec = nullptr;
    std::optional<ArgKind> kind;  // here (ArgLayout::kind_here); nullopt: passed into another's span
    DType dtype = DType::fp32;
    size_t count = 1;  // elements of its buffer (a shared span's, for its holder)
    std::unique_ptr<DeviceBuffer> buffer, pristine;  // `base` lies in `buffer`, maybe at an offset (relocate)
    std::map<OutputsAt, std::unique_ptr<DeviceBuffer>> kept;  // outputs: copies kept beside them (keep_outputs)
    CUdeviceptr base = 0;                // where its buffer's data starts
    CUdeviceptr address = 0;             // what the kernel gets: base + offset (a member: its holder's base + offset)
    size_t offset = 0;                   // into a shared span
    std::optional<size_t> holder;        // a member of a shared span: its holder's index
    size_t bytes() const { return count * dtype_size(dtype); }
    bool is_output() const { return kind == ArgKind::out || kind == ArgKind::inout; }
    std::array<std::byte, 8> scalar{};
  };

  // Every buffer's address from its base; a member of a shared span at its offset into its holder's.
  void pass_shared_members() {
    for (Arg& arg : args_) {
      if (!arg.spec->is_buffer()) continue;
      arg.address = (arg.holder ? args_[*arg.holder].base : arg.base) + arg.offset;
    }
  }

  DeviceBuffer& kept_buffer(Arg& arg, OutputsAt copy) {
    if (copy == OutputsAt::current) throw std::logic_error("keep_outputs: the current outputs are not a copy");
    auto& kept = arg.kept[copy];
    if (!kept) kept = std::make_unique<DeviceBuffer>(target_.context(), arg.bytes());
    return *kept;
  }

  CUdeviceptr address_of(const Arg& arg, OutputsAt at) const {
    if (at == OutputsAt::current) return arg.base;
    auto found = arg.kept.find(at);
    if (found == arg.kept.end() || !found->second) throw std::logic_error("compare_outputs: a copy of the outputs that was never kept");
    return found->second->pointer();
  }

  // Host copies of the outputs at `at`.
  OutputSnapshot read(OutputsAt at) const {
    target_.stream().synchronize("running the kernel");
    OutputSnapshot snapshot;
    const CudaDriver& driver = target_.context().driver();
    for (const Arg& arg : args_) {
      if (!arg.is_output()) continue;
      OutputCopy copy{arg.spec, arg.dtype, arg.count, std::vector<std::byte>(arg.bytes())};
      driver.check(driver.copy_to_host(copy.bytes.data(), address_of(arg, at), copy.bytes.size()), "reading args." + arg.spec->name);
      snapshot.push_back(std::move(copy));
    }
    return snapshot;
  }

  // Where the device cannot compare (no check kernel): host copies.
  OutputsCompared compare_on_host(OutputsAt got, OutputsAt want, const Tolerance& tolerance) const {
    const OutputSnapshot a = read(got), b = read(want);
    return compare_output_views(views_of(a), views_of(b), tolerance);
  }

  // A buffer's pieces hashed on the device (the host's digest where it cannot).
  void add_to_digest(PieceDigest& digest, CUdeviceptr data, size_t bytes) const {
    if (!target_.can_check()) {
      std::vector<std::byte> copy(bytes);
      const CudaDriver& driver = target_.context().driver();
      target_.stream().synchronize("running the kernel");
      if (bytes) driver.check(driver.copy_to_host(copy.data(), data, bytes), "reading a buffer to digest it");
      digest.add(copy.data(), bytes);
      return;
    }
    const size_t pieces = digest_pieces(bytes);
    std::vector<uint8_t> digests(32 * pieces);
    if (pieces) {
      DeviceBuffer hashed(target_.context(), digests.size());
      target_.digest(data, bytes, hashed.pointer());
      target_.stream().synchronize("digesting a buffer");
      hashed.download(digests.data());
    }
    digest.add_hashed(bytes, digests.data());
  }

  // Same definition as the host workspace's: scalars and generated buffers in argument order.
  std::string digest_inputs() const {
    PieceDigest digest;
    for (const Arg& arg : args_) {
      if (!arg.kind || arg.kind == ArgKind::out || arg.kind == ArgKind::scratch) continue;
      if (!arg.spec->is_buffer()) digest.add(arg.scalar.data(), dtype_size(arg.dtype));
      else add_to_digest(digest, arg.pristine ? arg.pristine->pointer() : arg.base, arg.bytes());
    }
    return digest.text();
  }

  // One element of an output, read back alone (the first mismatch's value).
  OutputCopy element(const Arg& arg, CUdeviceptr base, uint64_t index) const {
    OutputCopy copy{arg.spec, arg.dtype, 1, std::vector<std::byte>(dtype_size(arg.dtype))};
    const CudaDriver& driver = target_.context().driver();
    driver.check(driver.copy_to_host(copy.bytes.data(), base + index * dtype_size(arg.dtype), copy.bytes.size()),
                 "reading args." + arg.spec->name + " at the first mismatch");
    return copy;
  }

  const DeviceTarget& target_;
  std::vector<Arg> args_;
  std::unique_ptr<DeviceBuffer> guard_pattern_;  // kGuardBytes of the guard pattern, copied around every buffer
  std::vector<void*> params_;
  bool has_inout_ = false;
  std::string input_digest_;
};

int distribution_code(const std::string& name) {
  if (name == "uniform") return 0;
  if (name == "normal") return 1;
  if (name == "zeros") return 2;
  if (name == "ones") return 3;
  return 4;  // arange
}

DeviceInfo read_info(const DeviceContext& context) {
  const CudaDriver& driver = context.driver();
  DeviceInfo info;
  info.name = context.name();
  info.index = context.ordinal();
  info.uuid = context.uuid();
  info.arch = context.arch();
  info.sm_count = context.attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
  driver.driver_version(&info.driver_version);
  info.sm_clock_mhz = context.attribute(CU_DEVICE_ATTRIBUTE_CLOCK_RATE) / 1000.0;
  info.memory_clock_mhz = context.attribute(CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE) / 1000.0;
  info.memory_bus_bits = context.attribute(CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH);
  info.l2_bytes = context.attribute(CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE);
  info.max_shared_per_block_optin = context.attribute(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
  size_t free_bytes = 0;
  driver.check(driver.mem_info(&free_bytes, &info.memory_bytes), "cuMemGetInfo");
  return info;
}

}  // namespace

DeviceTarget::DeviceTarget(int ordinal, const std::string& fill_cubin, const std::string& check_cubin)
    : context_(std::make_unique<DeviceContext>(ordinal)),
      stream_(std::make_unique<DeviceStream>(*context_)),
      fill_module_(std::make_unique<DeviceModule>(*context_, fill_cubin)),
      check_module_(check_cubin.empty() ? nullptr : std::make_unique<DeviceModule>(*context_, check_cubin)),
      info_(read_info(*context_)) {}

void DeviceTarget::check(CUdeviceptr got, CUdeviceptr want, DType dtype, size_t count, const Tolerance& tolerance,
                         CUdeviceptr result) const {
  const CudaDriver& driver = context_->driver();
  CUfunction function = check_module_->function(kDeviceCheckKernel);
  int code = 0;
  switch (dtype) {  // device_check_source()'s element()
    case DType::fp32: code = 0; break;
    case DType::fp64: code = 1; break;
    case DType::fp16: code = 2; break;
    case DType::bf16: code = 3; break;
    case DType::i32: code = 4; break;
    case DType::i64: code = 5; break;
    case DType::i8: code = 6; break;
    case DType::u8:
    case DType::u1: code = 7; break;
    case DType::i16: code = 8; break;
  }
  unsigned long long n = count;
  int exact = tolerance.mode == Tolerance::Mode::exact;
  double atol = tolerance.atol, rtol = tolerance.rtol;
  void* params[] = {&got, &want, &n, &code, &exact, &atol, &rtol, &result};
  const unsigned blocks = unsigned(std::min<size_t>((count + 255) / 256, size_t(info_.sm_count) * 8));
  driver.check(driver.launch(function, std::max(1u, blocks), 1, 1, 256, 1, 1, 0, stream_->get(), params, nullptr),
               "launching the output check");
}

void DeviceTarget::digest(CUdeviceptr data, size_t bytes, CUdeviceptr digests) const {
  const CudaDriver& driver = context_->driver();
  CUfunction function = check_module_->function(kDeviceDigestKernel);
  unsigned long long size = bytes, piece = kDigestPieceBytes;
  void* params[] = {&data, &size, &piece, &digests};
  const size_t pieces = digest_pieces(bytes);
  constexpr unsigned kThreads = 128;
  driver.check(driver.launch(function, unsigned((pieces + kThreads - 1) / kThreads), 1, 1, kThreads, 1, 1, 0, stream_->get(), params,
                             nullptr),
               "launching the digest of a buffer");
}

DeviceTarget::~DeviceTarget() = default;

std::unique_ptr<Workspace> DeviceTarget::make_workspace(const OpSpec& op, const Point& point, uint64_t seed) {
  return std::make_unique<DeviceWorkspace>(*this, op, point, seed);
}

std::unique_ptr<LoadedVariant> DeviceTarget::load(const std::filesystem::path& binary, const std::string& entry_symbol,
                                                  const LaunchPlan& plan) {
  std::string cubin = read_text_file(binary);
  return std::make_unique<DeviceKernel>(*this, cubin, entry_symbol, plan);
}

void DeviceTarget::fill(CUdeviceptr address, DType dtype, size_t count, const InitSpec& init, uint64_t seed,
                        uint64_t stream) const {
  const CudaDriver& driver = context_->driver();
  if (init.distribution == "zeros") {
    driver.check(driver.memset8_async(address, 0, count * dtype_size(dtype), stream_->get()), "zeroing an input");
    return;
  }
  CUfunction function = fill_module_->function("abt_fill_" + dtype_name(dtype));
  unsigned long long n = count, seed_value = seed, stream_value = stream;
  int distribution = distribution_code(init.distribution);
  double low = init.low, high = init.high;
  void* params[] = {&address, &n, &seed_value, &stream_value, &distribution, &low, &high};
  const unsigned blocks = unsigned(std::min<size_t>((count + 255) / 256, size_t(info_.sm_count) * 32));
  driver.check(driver.launch(function, std::max(1u, blocks), 1, 1, 256, 1, 1, 0, stream_->get(), params, nullptr),
               "launching the input generator");
}

std::optional<DeviceInfo> probe_device(int ordinal, std::string* why_not) {
  if (!CudaDriver::get()) {
    if (why_not) *why_not = CudaDriver::unavailable_reason();
    return std::nullopt;
  }
  try {
    DeviceContext context(ordinal);
    return read_info(context);
  } catch (const PointError& error) {
    if (why_not) *why_not = error.what();
    return std::nullopt;
  }
}

}  // namespace abt
