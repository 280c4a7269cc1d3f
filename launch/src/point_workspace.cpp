#include "launch/point_workspace.h"

#include <fmt/format.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "launch/counter_rng.h"
#include "launch/guard_bytes.h"
#include "util/errors.h"
#include "util/files.h"
#include "opspec/content_address.h"
#include "util/parallel.h"
#include "util/parallel_read.h"
#include "util/piece_digest.h"

namespace abt {
namespace {

// Element i is a function of (seed, stream, i) alone: slices of the buffer fill on every core.
template <typename T>
void fill_typed(ArgBuffer& buffer, const InitSpec& init, uint64_t seed, uint64_t stream) {
  auto* values = reinterpret_cast<T*>(buffer.data.data());
  constexpr size_t kSlice = size_t(1) << 20;
  for_each_index((buffer.count + kSlice - 1) / kSlice, [&](size_t slice) {
    for (size_t i = slice * kSlice; i < std::min(buffer.count, (slice + 1) * kSlice); ++i) {
      double value = 0;
      if (init.distribution == "uniform") value = init.low + (init.high - init.low) * counter_uniform(seed, stream, i);
      else if (init.distribution == "normal")  // centred in [low, high], sd = half the range
        value = 0.5 * (init.low + init.high) + 0.5 * (init.high - init.low) * counter_normal(seed, stream, i);
      else if (init.distribution == "ones") value = 1;
      else if (init.distribution == "arange") value = double(i);
      if constexpr (std::is_integral_v<T>) values[i] = static_cast<T>(std::floor(value));
      else values[i] = static_cast<T>(value);
    }
  });
}

void fill(ArgBuffer& buffer, const InitSpec& init, uint64_t seed, uint64_t stream) {
  switch (buffer.dtype) {
    case DType::fp32: return fill_typed<float>(buffer, init, seed, stream);
    case DType::fp64: return fill_typed<double>(buffer, init, seed, stream);
    case DType::i32: return fill_typed<int32_t>(buffer, init, seed, stream);
    case DType::i64: return fill_typed<int64_t>(buffer, init, seed, stream);
    default: throw InputError("dtype " + dtype_name(buffer.dtype) + " has no host generator");
  }
}

template <typename T>
void store_typed(double value, std::byte* destination) {
  T typed = static_cast<T>(value);
  std::memcpy(destination, &typed, sizeof(T));
}

constexpr size_t kPage = 4096;
constexpr size_t kStagger = 256;          // placement granularity (and the initial stagger per argument)
constexpr size_t kPlacementSlack = 65536;  // each argument may start anywhere in its slot's first 64 KiB

size_t round_up(size_t value, size_t to) { return (value + to - 1) / to * to; }

}  // namespace

std::optional<ArgKind> ArgLayout::kind_here(const ArgSpec& spec, size_t index) const {
  if (in_other_span(index)) return std::nullopt;
  if (holds_span(index)) return ArgKind::inout;
  return spec.kind;
}

std::vector<ArgLayout> arg_layout(const OpSpec& op, const Point& point) {
  const Symbols symbols = op.symbols(point.shape, point.dtype, {});
  const CapturedCase* captured = op.captured ? &op.captured->at(point) : nullptr;
  std::vector<ArgLayout> layout;
  auto index_of = [&](const std::string& name) {
    for (size_t i = 0; i < op.args.size(); ++i)
      if (op.args[i].name == name) return i;
    throw std::invalid_argument(fmt::format("shares the memory of '{}', which is no argument of the op", name));
  };
  for (const ArgSpec& spec : op.args) {
    ArgLayout arg;
    arg.dtype = spec.resolve_dtype(point.dtype);
    const CapturedArg* found = nullptr;
    if (captured)
      if (auto entry = captured->args.find(spec.name); entry != captured->args.end()) found = &entry->second;
    try {
      if (found && found->shared && spec.is_buffer()) {
        const SharedSpan& shared = *found->shared;
        arg.shared = ArgLayout::Shared{index_of(shared.holder), size_t(shared.offset_bytes), size_t(shared.span_bytes)};
        if (shared.span_bytes % dtype_size(arg.dtype) || shared.offset_bytes % dtype_size(arg.dtype))
          throw std::invalid_argument(fmt::format("a span of {} bytes at offset {} does not hold whole {} elements",
                                                  shared.span_bytes, shared.offset_bytes, dtype_name(arg.dtype)));
      }
      if (spec.kind == ArgKind::constexpr_value) {
        // compiled in, never passed: its slot in args() is a placeholder
      } else if (spec.captured_value) {
        const std::string& text = *captured->args.at(spec.name).value;
        arg.scalar = text == "True" ? 1.0 : text == "False" ? 0.0 : std::stod(text);
      } else if (spec.is_buffer()) {
        // No machine holds 2^48 bytes; above it a size would be a wrapped product, not a buffer.
        constexpr size_t kMaxBufferBytes = size_t(1) << 48;
        std::vector<long long> extents;
        for (const Expr& extent : spec.shape) {
          long long size = extent.eval_int(symbols);
          if (size <= 0) throw std::invalid_argument(fmt::format("extent '{}' is {}", extent.text(), size));
          extents.push_back(size);
          size_t bytes = 0;
          if (__builtin_mul_overflow(arg.count, size_t(size), &arg.count) ||
              __builtin_mul_overflow(arg.count, dtype_size(arg.dtype), &bytes) || bytes > kMaxBufferBytes)
            throw std::invalid_argument(fmt::format("a buffer of {} {} elements is too large (over 2^48 bytes)",
                                                    fmt::join(extents, " x "), dtype_name(arg.dtype)));
        }
        if (arg.shared && arg.shared->offset_bytes + arg.count * dtype_size(arg.dtype) > arg.shared->span_bytes)
          throw std::invalid_argument(fmt::format("its {} bytes at offset {} reach past the shared span of {}",
                                                  arg.count * dtype_size(arg.dtype), arg.shared->offset_bytes, arg.shared->span_bytes));
        const bool reads = spec.kind != ArgKind::out || arg.shared;
        if (arg.shared && arg.shared->holder != layout.size()) {
          // a member of another's span: its bytes are the holder's
        } else if (spec.init.distribution == "captured" && reads && captured->args.at(spec.name).generated) {
          const GeneratedInput& generated = *captured->args.at(spec.name).generated;
          arg.generated = InitSpec{"uniform", generated.low, generated.high};
        } else if (spec.init.distribution == "captured" && reads) {
          arg.input_file = *captured->args.at(spec.name).input;
          const auto bytes = std::filesystem::file_size(*arg.input_file);
          if (bytes != arg.buffer_bytes())
            throw std::invalid_argument(fmt::format("the captured input {} holds {} bytes, the buffer {}",
                                                    arg.input_file->string(), bytes, arg.buffer_bytes()));
        }
      } else {
        arg.scalar = spec.value.eval(symbols);
        if (arg.dtype == DType::fp16 || arg.dtype == DType::bf16)
          throw std::invalid_argument("scalar dtype " + dtype_name(arg.dtype) + " unsupported (pass fp32)");
      }
    } catch (const std::logic_error& error) {  // invalid_argument, out_of_range
      throw InputError(fmt::format("{}: point {}: args.{}: {}", op.file.string(), point.id(), spec.name, error.what()));
    } catch (const std::filesystem::filesystem_error& error) {
      throw InputError(fmt::format("{}: point {}: args.{}: {}", op.file.string(), point.id(), spec.name, error.what()));
    }
    layout.push_back(arg);
  }
  return layout;
}

void read_captured_input(const std::filesystem::path& file, size_t bytes, std::byte* destination) {
  std::error_code error;
  const auto size = std::filesystem::file_size(file, error);
  if (!error && size != bytes)
    throw InputError(fmt::format("{}: holds {} bytes, the argument {}: the capture is damaged", file.string(), size, bytes));
  content_addresses().check(file);
  read_file_into(file, bytes, destination);
}

void copy_on_every_core(std::byte* destination, const std::byte* source, size_t bytes) {
  constexpr size_t kSlice = size_t(16) << 20;
  for_each_index((bytes + kSlice - 1) / kSlice, [&](size_t slice) {
    const size_t offset = slice * kSlice;
    std::memcpy(destination + offset, source + offset, std::min(kSlice, bytes - offset));
  });
}

void store_scalar(DType dtype, double value, std::byte* destination) {
  switch (dtype) {
    case DType::fp32: return store_typed<float>(value, destination);
    case DType::fp64: return store_typed<double>(value, destination);
    case DType::i32: return store_typed<int32_t>(value, destination);
    case DType::i64: return store_typed<int64_t>(value, destination);
    case DType::i8: return store_typed<int8_t>(value, destination);
    case DType::u8: return store_typed<uint8_t>(value, destination);
    case DType::i16: return store_typed<int16_t>(value, destination);
    case DType::u1: return store_typed<uint8_t>(value != 0, destination);
    default: throw std::invalid_argument("scalar dtype " + dtype_name(dtype) + " unsupported");
  }
}

PointWorkspace::PointWorkspace(const OpSpec& op, const Point& point, uint64_t seed) {
  const std::vector<ArgLayout> layout = arg_layout(op, point);
  for (size_t index = 0; index < layout.size(); ++index)
    if (layout[index].shared)  // captured from a Triton launch: those run on a device
      throw InputError(fmt::format("{}: point {}: args.{} shares memory with other arguments, which only a device's "
                                   "workspace lays out", op.file.string(), point.id(), op.args[index].name));
  buffers_.reserve(op.args.size());
  for (size_t index = 0; index < op.args.size(); ++index) {
    ArgBuffer buffer;
    buffer.spec = &op.args[index];
    buffer.dtype = layout[index].dtype;
    buffer.count = layout[index].count;
    has_inout_ = has_inout_ || buffer.spec->kind == ArgKind::inout;
    buffers_.push_back(std::move(buffer));
  }

  // A slot: a guard region, the placement slack the buffer starts in, the buffer, a guard region.
  size_t end = 0;
  for (size_t index = 0; index < buffers_.size(); ++index) {
    slots_.push_back(round_up(end, kPage));
    end = slots_.back() + kGuardBytes + kPlacementSlack + std::max<size_t>(buffers_[index].bytes(), 8) + kGuardBytes;
  }
  arena_ = std::make_unique<HostArena>(end);
  arg_pointers_.resize(buffers_.size());
  place(0);

  for (size_t index = 0; index < buffers_.size(); ++index) {
    ArgBuffer& buffer = buffers_[index];
    const ArgSpec& spec = *buffer.spec;
    if (spec.is_buffer()) {
      if (spec.kind == ArgKind::in || spec.kind == ArgKind::inout) {
        if (layout[index].input_file) read_captured_input(*layout[index].input_file, buffer.bytes(), buffer.data.data());
        else if (layout[index].init(spec).distribution == "zeros") std::memset(buffer.data.data(), 0, buffer.bytes());
        else fill(buffer, layout[index].init(spec), seed, index);
        buffer.pristine = HostBytes(buffer.bytes());
        copy_on_every_core(buffer.pristine.data(), buffer.data.data(), buffer.bytes());
      }
      continue;
    }
    store_scalar(buffer.dtype, layout[index].scalar, buffer.data.data());
    buffer.pristine = HostBytes(buffer.data.size());
    std::memcpy(buffer.pristine.data(), buffer.data.data(), buffer.data.size());
  }
}

// Placement 0 is the fixed stagger (argument i at 256 * i bytes into its slot); others are a
// counter-based function of (placement, argument).
void PointWorkspace::place(uint64_t placement) {
  for (size_t index = 0; index < buffers_.size(); ++index) {
    const size_t shift = placement == 0 ? index * kStagger % kPlacementSlack
                                        : counter_hash(placement, index, 0) % (kPlacementSlack / kStagger) * kStagger;
    ArgBuffer& buffer = buffers_[index];
    buffer.data = std::span<std::byte>(arena_->data() + slots_[index] + kGuardBytes + shift, std::max<size_t>(buffer.bytes(), 8));
    arg_pointers_[index] = buffer.data.data();
  }
}

void PointWorkspace::relocate(uint64_t placement) {
  place(placement);
  for (auto& buffer : buffers_)  // inputs and scalars from their generated copies; outputs need none
    if (!buffer.pristine.empty()) copy_on_every_core(buffer.data.data(), buffer.pristine.data(), buffer.pristine.size());
}

void PointWorkspace::restore_inputs() {
  for (auto& buffer : buffers_)
    if (buffer.spec->kind == ArgKind::inout) copy_on_every_core(buffer.data.data(), buffer.pristine.data(), buffer.bytes());
}

void PointWorkspace::poison_outputs() {
  for (auto& buffer : buffers_) {
    if (buffer.spec->kind != ArgKind::out) continue;
    if (buffer.dtype == DType::fp32) {
      auto* values = reinterpret_cast<float*>(buffer.data.data());
      std::fill(values, values + buffer.count, std::numeric_limits<float>::quiet_NaN());
    } else if (buffer.dtype == DType::fp64) {
      auto* values = reinterpret_cast<double*>(buffer.data.data());
      std::fill(values, values + buffer.count, std::numeric_limits<double>::quiet_NaN());
    } else {
      std::memset(buffer.data.data(), 0x7b, buffer.bytes());
    }
  }
}

void PointWorkspace::arm_guards() {
  for (auto& buffer : buffers_) {
    if (!buffer.spec->is_buffer()) continue;
    fill_guard(buffer.data.data() - kGuardBytes, kGuardBytes);
    fill_guard(buffer.data.data() + buffer.bytes(), kGuardBytes);
  }
}

std::optional<std::string> PointWorkspace::guard_breach() const {
  for (const auto& buffer : buffers_) {
    if (!buffer.spec->is_buffer()) continue;
    if (auto change = changed_guard(buffer.data.data() - kGuardBytes, kGuardBytes, GuardSide::before))
      return guard_breach_text(buffer.spec->name, GuardSide::before, *change, kGuardBytes);
    if (auto change = changed_guard(buffer.data.data() + buffer.bytes(), kGuardBytes, GuardSide::after))
      return guard_breach_text(buffer.spec->name, GuardSide::after, *change, kGuardBytes);
  }
  return std::nullopt;
}

std::vector<const ArgBuffer*> PointWorkspace::outputs() const {
  std::vector<const ArgBuffer*> result;
  for (const auto& buffer : buffers_)
    if (buffer.spec->kind == ArgKind::out || buffer.spec->kind == ArgKind::inout) result.push_back(&buffer);
  return result;
}

std::string PointWorkspace::input_digest() const {
  PieceDigest digest;
  for (const auto& buffer : buffers_) {
    if (buffer.spec->kind == ArgKind::out || buffer.spec->kind == ArgKind::scratch) continue;
    digest.add(buffer.spec->kind == ArgKind::inout ? buffer.pristine.data() : buffer.data.data(), buffer.bytes());
  }
  return digest.text();
}

OutputSnapshot PointWorkspace::read_outputs() const {
  OutputSnapshot snapshot;
  for (const ArgBuffer* buffer : outputs()) {
    snapshot.push_back({buffer->spec, buffer->dtype, buffer->count, std::vector<std::byte>(buffer->bytes())});
    copy_on_every_core(snapshot.back().bytes.data(), buffer->data.data(), buffer->bytes());
  }
  return snapshot;
}

void PointWorkspace::keep_outputs(OutputsAt copy) {
  if (copy == OutputsAt::current) throw std::logic_error("keep_outputs: the current outputs are not a copy");
  kept_[copy] = read_outputs();
}

void PointWorkspace::keep_outputs(OutputsAt copy, const OutputSnapshot& outputs) {
  const std::vector<const ArgBuffer*> mine = this->outputs();
  if (copy == OutputsAt::current || outputs.size() != mine.size())
    throw std::logic_error("keep_outputs: the outputs given are not this point's");
  for (size_t i = 0; i < mine.size(); ++i)
    if (outputs[i].bytes.size() != mine[i]->bytes() || outputs[i].dtype != mine[i]->dtype)
      throw std::logic_error("keep_outputs: the outputs given do not match args." + mine[i]->spec->name);
  kept_[copy] = outputs;
}

std::vector<OutputView> PointWorkspace::views(OutputsAt at) const {
  if (at != OutputsAt::current) {
    auto found = kept_.find(at);
    if (found == kept_.end()) throw std::logic_error("compare_outputs: a copy of the outputs that was never kept");
    return views_of(found->second);
  }
  std::vector<OutputView> current;
  for (const ArgBuffer* buffer : outputs()) current.push_back({buffer->spec, buffer->dtype, buffer->count, buffer->data.data()});
  return current;
}

OutputsCompared PointWorkspace::compare_outputs(OutputsAt got, OutputsAt want, const Tolerance& tolerance) const {
  return compare_output_views(views(got), views(want), tolerance);
}

std::string PointWorkspace::output_digest() const {
  PieceDigest digest;
  for (const OutputView& output : views(OutputsAt::current)) digest.add(output.data, output.count * dtype_size(output.dtype));
  return digest.text();
}

size_t PointWorkspace::total_bytes() const { return arena_->size(); }

}  // namespace abt
