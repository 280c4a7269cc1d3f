#include "op_drafts.h"

#include "descriptor_tiles.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "launch/half_bits.h"
#include "opspec/constexpr_literal.h"
#include "opspec/op_spec.h"
#include "opspec/shape_set.h"
#include "util/files.h"

namespace abt::capture {
namespace {

using nlohmann::json;

long long numel(const RawArg& arg) {
  long long count = 1;
  for (long long size : arg.shape) count *= size;
  return count;
}

bool dense(const RawArg& arg) { return arg.extent == numel(arg); }

// How a captured op uses a tensor argument at one launch.
enum class Use { in, out, inout };

Use use_of(const RawLaunch& launch, const RawArg& arg) {
  if (!arg.written) return Use::in;
  // Written where the view leaves gaps, or read as well (or not checked): restored before every launch.
  if (launch.reads_what_it_writes.value_or(true) || !dense(arg)) return Use::inout;
  return Use::out;
}

// What a tensor is to hold before the launch. One the launch only writes over (its old contents
// not stored) may hold anything, its output as well: that serves where the op's other launches
// read the argument and it is restored before every launch.
const std::optional<std::string>& before_of(const RawLaunch& launch, const RawArg& arg) {
  return arg.input || use_of(launch, arg) != Use::out ? arg.input : arg.output;
}

std::string mib(long long bytes) { return fmt::format("{:.1f} MiB", double(bytes) / (1 << 20)); }

std::vector<std::string> tuned_names(const RawLaunch& launch) {
  std::vector<std::string> names;
  if (tuned(launch.tuner.kind) && !launch.tuner.configs.empty())
    for (const auto& [name, value] : launch.tuner.configs.front().kwargs) names.push_back(name);
  return names;
}

// How an op's launches use each tensor argument, together: read only, written only, or both (or
// one here and the other there: restored before every launch, and compared after it).
std::vector<Use> group_uses(const std::vector<const RawLaunch*>& group) {
  const RawLaunch& first = *group.front();
  std::vector<Use> uses(first.args.size(), Use::in);
  for (size_t i = 0; i < first.args.size(); ++i) {
    if (first.args[i].role != ArgRole::tensor) continue;
    bool in = false, out = false, inout = false;
    for (const RawLaunch* launch : group) {
      const Use use = use_of(*launch, launch->args[i]);
      (use == Use::in ? in : use == Use::out ? out : inout) = true;
    }
    uses[i] = inout || (in && out) ? Use::inout : out ? Use::out : Use::in;
  }
  return uses;
}

// What a launch lacks to be a point of a group that uses its tensors as `uses` says: an integer
// tensor's bytes (always stored: indices and offsets steer addresses and cannot be generated).
// Floating-point ones too large to store are generated, their outputs' reference A's (add_case).
std::vector<Miss> missing_bytes(const RawLaunch& launch, const std::vector<Use>& uses) {
  std::vector<Miss> why;
  for (size_t i = 0; i < launch.args.size(); ++i) {
    const RawArg& arg = launch.args[i];
    if (arg.role != ArgRole::tensor || !arg.integer || arg.in_other_span()) continue;
    const bool has_after = arg.written ? arg.output.has_value() : arg.input.has_value();
    if ((uses[i] != Use::out && !before_of(launch, arg)) || (uses[i] != Use::in && !has_after))
      why.push_back({MissReason::tensor_not_stored,
                     fmt::format("integer tensor {} ({}) was not stored, and the op's other launches need it before and after",
                                 arg.name, mib(arg.bytes))});
  }
  return why;
}

// Why a launch's specialization cannot be a point (empty: it can).
std::vector<Miss> reasons_against(const RawLaunch& launch) {
  std::vector<Miss> why = launch.problems;
  auto add = [&](MissReason reason, std::string text) { why.push_back({reason, std::move(text)}); };
  const RawKernel& kernel = launch.kernel;
  if (!kernel.importable && !kernel.loadable_from_copy)
    add(MissReason::source_not_loadable,
        "its source cannot be loaded again: " + (kernel.why.empty() ? std::string("no Python source") : kernel.why));
  const std::vector<std::string> names = tuned_names(launch);
  for (const RawArg& arg : launch.args) {
    switch (arg.role) {
      case ArgRole::unsupported:
        add(MissReason::argument_type, fmt::format("argument {} has type '{}', which abtool cannot pass", arg.name, arg.type));
        break;
      case ArgRole::tensor:
        if (!arg.dtype)
          add(MissReason::argument_type, fmt::format("argument {} is a {} tensor, a dtype abtool does not handle", arg.name, arg.dtype_text));
        else if (arg.extent <= 0) add(MissReason::argument_type, fmt::format("argument {} is an empty tensor", arg.name));
        else {
          // The shim stores every integer tensor: one missing is a tensor it could not read.
          const Use use = use_of(launch, arg);
          const bool own_bytes = !arg.in_other_span();  // a member's bytes are its holder's
          if (own_bytes && arg.integer && use != Use::out && !arg.input)
            add(MissReason::tensor_not_stored, fmt::format("integer input {} ({}) was not stored", arg.name, mib(arg.bytes)));
          if (own_bytes && arg.integer && arg.written && !arg.output)
            add(MissReason::tensor_not_stored, fmt::format("integer output {} ({}) was not stored", arg.name, mib(arg.bytes)));
          if (arg.descriptor)
            if (auto problem = descriptor_problem(arg)) why.push_back(*problem);
        }
        break;
      case ArgRole::scalar:
        if (!arg.dtype)
          add(MissReason::argument_type, fmt::format("argument {} is a {} scalar, a type abtool does not pass", arg.name, arg.type));
        break;
      case ArgRole::constexpr_:
      case ArgRole::specialized:
        if (arg.value.kind == PyValue::Kind::object)
          add(MissReason::constexpr_object, fmt::format("constexpr {} is a Python object ({}), not a number, a string, a "
                                                        "Triton dtype, a tuple of these or an enum member",
                                                        arg.name, arg.value.text));
        else if (arg.value.kind == PyValue::Kind::expression)
          if (auto problem = constexpr_literal_problem(arg.value.text))
            add(MissReason::constexpr_object, fmt::format("constexpr {}: {}", arg.name, *problem));
        break;
    }
  }
  // Only of a launch the shim examined whole: one it could not (inside a CUDA graph capture, its
  // copies failing) already says why, and what it wrote was never looked at.
  if (launch.problems.empty() &&
      std::none_of(launch.args.begin(), launch.args.end(), [](const RawArg& arg) { return arg.role == ArgRole::tensor && arg.written; }))
    add(MissReason::no_write_seen, "its first launch wrote none of its tensors: there is no output to verify it against");
  if (tuned(launch.tuner.kind)) {
    for (const RawConfig& config : launch.tuner.configs) {
      std::vector<std::string> keys;
      for (const auto& [name, value] : config.kwargs) keys.push_back(name);
      if (keys != names) {
        add(MissReason::tuner, "the tuner's configs do not all set the same parameters");
        break;
      }
    }
    if (!launch.tuner.chosen) add(MissReason::tuner, "the config the tuner chose is not known");
    // A hook's arguments are restored as the tensors captured after it: one it names that the kernel
    // does not take (a damaged record, or a tuner of another kernel) leaves its effect unreplayed.
    for (const auto* hooked : {&launch.tuner.reset_to_zero, &launch.tuner.restore_value})
      for (const std::string& name : *hooked)
        if (std::none_of(launch.args.begin(), launch.args.end(), [&](const RawArg& arg) { return arg.name == name; }))
          add(MissReason::tuner, fmt::format("the tuner's {} names {}, which is not an argument of the kernel",
                                             hooked == &launch.tuner.reset_to_zero ? "reset_to_zero" : "restore_value", name));
    for (const std::string& name : names)
      if (std::none_of(launch.args.begin(), launch.args.end(), [&](const RawArg& arg) { return arg.name == name; }))
        add(MissReason::tuner, "the tuner sets " + name + ", which is not a parameter of the kernel");
  }
  return why;
}

// The primary tensor: the first floating-point one, else the first; it gives the point's dtype.
DType primary_dtype(const RawLaunch& launch) {
  std::optional<DType> first;
  for (const RawArg& arg : launch.args) {
    if (arg.role != ArgRole::tensor || !arg.dtype) continue;
    if (dtype_is_float(*arg.dtype)) return *arg.dtype;
    if (!first) first = arg.dtype;
  }
  return first.value_or(DType::i32);
}

bool is_integer_scalar(const RawArg& arg) {
  return (arg.role == ArgRole::scalar && arg.dtype && (*arg.dtype == DType::i32 || *arg.dtype == DType::i64)) ||
         (arg.role == ArgRole::specialized && arg.value.kind == PyValue::Kind::integer);
}

// Launches of one op share this: the kernel, what each argument is, the tuner and its space.
std::string signature_of(const RawLaunch& launch) {
  std::string text = kernel_identity(launch.kernel);
  const std::vector<std::string> names = tuned_names(launch);
  for (const RawArg& arg : launch.args) {
    text += " " + arg.name + "=";
    if (std::find(names.begin(), names.end(), arg.name) != names.end()) text += "tuned";
    else if (arg.role == ArgRole::tensor && arg.descriptor)  // an untuned kernel's tile is its own, not a config's
      text += fmt::format("desc:{}/{}{}", arg.dtype_text, arg.shape.size(),
                          tuned(launch.tuner.kind) ? "" : fmt::format("[{}]", fmt::join(arg.descriptor->block, ",")));
    else if (arg.role == ArgRole::tensor) text += fmt::format("*{}/{}", arg.dtype_text, arg.shape.size());
    else if (is_integer_scalar(arg)) text += "int";
    else if (arg.role == ArgRole::scalar) text += arg.type;
    else if (arg.role == ArgRole::specialized) text += "spec:" + arg.value.python();
    else text += "constexpr";
  }
  text += fmt::format(" | {} | {}", launch.tuner.kind.word, dtype_name(primary_dtype(launch)));
  for (const RawConfig& config : launch.tuner.configs) {
    for (const auto& [name, value] : config.kwargs) text += " " + name + "=" + value.python();
    text += fmt::format(" w{} s{} c{} r{};", config.num_warps, config.num_stages, config.num_ctas, config.maxnreg);
  }
  return text;
}

Config config_of(const RawConfig& config) {
  Config out;
  for (const auto& [name, value] : config.kwargs) out.emplace_back(name, value.python());
  out.emplace_back("num_warps", std::to_string(config.num_warps));
  out.emplace_back("num_stages", std::to_string(config.num_stages));
  return out;
}

Config launched_config(const RawLaunch& launch) {
  if (tuned(launch.tuner.kind)) return config_of(launch.tuner.configs.at(*launch.tuner.chosen));
  return {{"num_warps", std::to_string(launch.num_warps)}, {"num_stages", std::to_string(launch.num_stages)}};
}

bool runnable(const RawConfig& config) { return config.num_ctas == 1 && !config.maxnreg; }

// The tuner's next-best config against its pick, as its own benchmark timed them at this launch (%):
// unknown where it did not benchmark the pick and at least one other config.
std::optional<double> library_margin_pct(const RawTuner& tuner) {
  if (!tuner.chosen || *tuner.chosen >= tuner.timings_ms.size() || !tuner.timings_ms[*tuner.chosen]) return std::nullopt;
  const double picked = *tuner.timings_ms[*tuner.chosen];
  std::optional<double> next;
  for (size_t k = 0; k < tuner.timings_ms.size(); ++k)
    if (k != *tuner.chosen && tuner.timings_ms[k] && (!next || *tuner.timings_ms[k] < *next)) next = tuner.timings_ms[k];
  if (!next || picked <= 0) return std::nullopt;
  return 100.0 * (*next / picked - 1.0);
}

// The root-mean-square of a stored floating-point output (the scale its tolerance is set against).
double rms_of(const std::string& bytes, DType dtype) {
  double sum = 0;
  size_t count = 0;
  auto add = [&](double value) {
    if (std::isfinite(value)) sum += value * value, ++count;
  };
  const size_t size = dtype_size(dtype);
  for (size_t offset = 0; offset + size <= bytes.size(); offset += size) {
    const char* at = bytes.data() + offset;
    if (dtype == DType::fp32) { float v; std::memcpy(&v, at, 4); add(v); }
    else if (dtype == DType::fp64) { double v; std::memcpy(&v, at, 8); add(v); }
    else { uint16_t bits; std::memcpy(&bits, at, 2); add(dtype == DType::bf16 ? bf16_to_float(bits) : half_to_float(bits)); }
  }
  return count ? std::sqrt(sum / double(count)) : 0;
}

// A column of the op's shape: one value per case, named for the tensor dimension it came from.
struct Column {
  std::string name;
  std::vector<long long> values;
};

class OpBuilder {
 public:
  OpBuilder(std::string name, std::vector<const RawLaunch*> launches, DescriptorTiles tiles, const DraftOptions& options)
      : launches_(std::move(launches)), options_(options), tiles_(std::move(tiles)) {
    draft_.name = std::move(name);
  }

  OpDraft build() {
    const RawLaunch& first = *launches_.front();
    draft_.kernel = &first.kernel;
    draft_.tuner = first.tuner.kind;
    draft_.dtype = primary_dtype(first);
    tuned_ = tuned_names(first);
    uses_ = group_uses(launches_);
    plan_configs();
    plan_args();
    note_hooks();
    plan_dims();
    for (size_t c = 0; c < launches_.size(); ++c) add_case(c);
    write_yaml();
    return std::move(draft_);
  }

 private:
  const RawArg& arg(size_t launch, size_t index) const { return launches_[launch]->args[index]; }
  bool is_tuned(const std::string& name) const { return std::find(tuned_.begin(), tuned_.end(), name) != tuned_.end(); }

  void plan_configs() {
    const RawLaunch& first = *launches_.front();
    if (tuned(first.tuner.kind)) {
      size_t left_out = 0;
      for (const RawConfig& config : first.tuner.configs) {
        if (runnable(config)) configs_.push_back(config_of(config));
        else ++left_out;
      }
      if (left_out)
        draft_.notes.push_back(fmt::format("{} of the tuner's {} configs left out: thread-block clusters (num_ctas) or a "
                                           "register limit (maxnreg)", left_out, first.tuner.configs.size()));
      return;
    }
    for (const RawLaunch* launch : launches_) {  // untuned: the launch options each specialization ran with
      Config config = launched_config(*launch);
      if (std::find(configs_.begin(), configs_.end(), config) == configs_.end()) configs_.push_back(config);
    }
  }

  // A tuner's hooks (a config's pre_hook, reset_to_zero, restore_value) prepare arguments before
  // each launch, e.g. zero a split-K accumulator. The shim read every tensor after them, and a
  // tensor whose output depends on what it held is inout, restored before every timed launch: the
  // hook's effect, replayed. Said in the op's notes, with what is restored.
  void note_hooks() {
    const RawTuner& tuner = launches_.front()->tuner;
    std::vector<std::string> hooks;
    if (std::any_of(tuner.configs.begin(), tuner.configs.end(), [](const RawConfig& config) { return config.pre_hook; }))
      hooks.push_back("a config's pre_hook");
    if (!tuner.reset_to_zero.empty()) hooks.push_back("reset_to_zero " + fmt::format("{}", fmt::join(tuner.reset_to_zero, ", ")));
    if (!tuner.restore_value.empty()) hooks.push_back("restore_value " + fmt::format("{}", fmt::join(tuner.restore_value, ", ")));
    if (hooks.empty()) return;
    std::vector<std::string> restored;
    for (size_t i = 0; i < args_.size(); ++i)
      if (args_[i].kind == ArgPlan::Kind::tensor && args_[i].use == Use::inout) restored.push_back(launches_.front()->args[i].name);
    draft_.notes.push_back(fmt::format("the tuner's hooks ({}) prepare arguments before each launch: replayed as the tensors "
                                       "captured after them, {} restored before every launch",
                                       fmt::join(hooks, "; "), restored.empty() ? "none" : fmt::format("{}", fmt::join(restored, ", "))));
  }

  struct ArgPlan {
    enum class Kind { tensor, scalar, constexpr_literal, constexpr_captured, tuned } kind;
    Use use = Use::in;
    DType dtype = DType::fp32;
  };

  void plan_args() {
    const RawLaunch& first = *launches_.front();
    for (size_t i = 0; i < first.args.size(); ++i) {
      const RawArg& a = first.args[i];
      ArgPlan plan{ArgPlan::Kind::scalar};
      if (is_tuned(a.name)) {
        plan.kind = ArgPlan::Kind::tuned;
      } else if (a.role == ArgRole::tensor) {
        plan.kind = ArgPlan::Kind::tensor;
        plan.dtype = *a.dtype;
        plan.use = uses_[i];
      } else if (is_integer_scalar(a) || a.role == ArgRole::scalar) {
        plan.kind = ArgPlan::Kind::scalar;
        plan.dtype = DType::i32;
        for (size_t c = 0; c < launches_.size(); ++c) {
          const RawArg& each = arg(c, i);
          if (each.role == ArgRole::scalar) plan.dtype = *each.dtype;
          if (each.role == ArgRole::scalar && *each.dtype == DType::i64) break;  // the widest integer type seen
        }
      } else {  // a constexpr (declared, or a None the JIT specialized on)
        bool same = true;
        for (size_t c = 1; c < launches_.size(); ++c) same &= arg(c, i).value == a.value;
        plan.kind = same ? ArgPlan::Kind::constexpr_literal : ArgPlan::Kind::constexpr_captured;
      }
      args_.push_back(plan);
    }
  }

  void plan_dims() {
    const RawLaunch& first = *launches_.front();
    std::vector<Column> columns;
    for (size_t i = 0; i < first.args.size(); ++i) {
      if (args_[i].kind != ArgPlan::Kind::tensor) continue;
      const RawArg& a = first.args[i];
      for (size_t d = 0; d < a.shape.size(); ++d) {
        Column column{fmt::format("{}_{}", a.name, d), {}};
        for (size_t c = 0; c < launches_.size(); ++c) column.values.push_back(arg(c, i).shape[d]);
        columns.push_back(std::move(column));
      }
      bool all_dense = true;
      for (size_t c = 0; c < launches_.size(); ++c) all_dense &= dense(arg(c, i));
      if (!all_dense) {
        Column span{a.name + "_span", {}};
        for (size_t c = 0; c < launches_.size(); ++c) span.values.push_back(arg(c, i).extent);
        columns.push_back(std::move(span));
      }
    }
    // A column equal to an earlier one in every case is that one (out has x's shape: one M, one N).
    for (Column& column : columns) {
      auto same = std::find_if(kept_.begin(), kept_.end(), [&](const Column& k) { return k.values == column.values; });
      alias_[column.name] = same == kept_.end() ? column.name : same->name;
      if (same == kept_.end()) kept_.push_back(column);
    }
    // Specializations the dims do not tell apart (other scalars, strides, alignment) are numbered.
    std::set<std::vector<long long>> seen;
    bool collide = kept_.empty();
    for (size_t c = 0; c < launches_.size() && !collide; ++c) collide = !seen.insert(shape_of(c)).second;
    if (collide) {
      Column number{"case", {}};
      for (size_t c = 0; c < launches_.size(); ++c) number.values.push_back((long long)(c + 1));
      kept_.push_back(std::move(number));
    }
  }

  std::vector<long long> shape_of(size_t c) const {
    std::vector<long long> shape;
    for (const Column& column : kept_) shape.push_back(column.values[c]);
    return shape;
  }

  std::vector<std::string> shape_exprs(size_t i) const {
    const RawArg& a = launches_.front()->args[i];
    if (alias_.count(a.name + "_span")) return {alias_.at(a.name + "_span")};
    std::vector<std::string> exprs;
    for (size_t d = 0; d < a.shape.size(); ++d) exprs.push_back(alias_.at(fmt::format("{}_{}", a.name, d)));
    if (exprs.empty()) exprs.push_back("1");
    return exprs;
  }

  void add_case(size_t c) {
    const RawLaunch& launch = *launches_[c];
    DraftCase entry;
    entry.shape = shape_of(c);
    entry.point_id = Point{draft_.name, entry.shape, draft_.dtype}.id();
    entry.launches = launch.launches;
    CapturedCase& captured = entry.captured;
    // A floating-point tensor too large to store (over --max-input-mb) is generated; the capture's
    // output is then not of these inputs, or was not kept: A's output is the point's reference.
    std::vector<std::string> generated, unkept;
    for (size_t i = 0; i < launch.args.size(); ++i) {
      const RawArg& a = launch.args[i];
      if (args_[i].kind != ArgPlan::Kind::tensor || a.in_other_span()) continue;
      if (args_[i].use != Use::out && !before_of(launch, a)) generated.push_back(a.name);
      if (args_[i].use != Use::in && !(a.written ? a.output : a.input)) unkept.push_back(a.name);
    }
    const bool from_baseline = !generated.empty() || !unkept.empty();
    for (size_t i = 0; i < launch.args.size(); ++i) {
      const RawArg& a = launch.args[i];
      const ArgPlan& plan = args_[i];
      if (plan.kind == ArgPlan::Kind::tuned) continue;
      CapturedArg value;
      value.shared = a.shared;
      if (plan.kind == ArgPlan::Kind::tensor && a.in_other_span()) {
        // passed at its offset into its holder's span: no bytes of its own
      } else if (plan.kind == ArgPlan::Kind::tensor) {
        if (plan.use != Use::out || a.shared) {
          if (const auto& before = before_of(launch, a)) {
            value.input = options_.stored_name(*before);
            draft_.tensors.insert(*before);
          } else {  // uniform over what the shim saw in a sample of it, else abtool's default range
            const auto [low, high] = a.input_range.value_or(std::pair{-1.0, 1.0});
            value.generated = GeneratedInput{low, high};
          }
        }
        const std::optional<std::string>& output = a.written ? a.output : a.input;  // unwritten here: as it was
        if (plan.use != Use::in && dtype_is_float(plan.dtype)) {  // the shim measured it where the tensor was; else the stored bytes
          if (a.written && a.output_rms) output_rms_ = std::max(output_rms_, *a.output_rms);
          else if (output) output_rms_ = std::max(output_rms_, rms_of(options_.read_stored(*output), plan.dtype));
        }
        if ((plan.use != Use::in || a.shared) && !from_baseline) {
          value.output = options_.stored_name(*output);
          draft_.tensors.insert(*output);
        }
      } else if (plan.kind == ArgPlan::Kind::scalar) {
        value.value = value_text(a.value);
        if (a.role == ArgRole::specialized) captured.equal_one.insert(a.name);
      } else if (plan.kind == ArgPlan::Kind::constexpr_captured) {
        value.value = value_text(a.value);
      }
      if (a.divisible) captured.divisible.insert(a.name);
      captured.args[a.name] = std::move(value);
    }
    const std::string launched = config_text(launched_config(launch));
    size_t unknown = 0;
    if (tuned(launch.tuner.kind) && !launch.tuner.cached_launch) {
      for (size_t k = 0; k < launch.tuner.configs.size(); ++k) {
        if (!runnable(launch.tuner.configs[k])) continue;
        if (const auto& grid = launch.tuner.grids[k]) captured.grids[config_text(config_of(launch.tuner.configs[k]))] = *grid;
        else ++unknown;
      }
    }
    captured.grids[launched] = launch.grid;  // the grid the library's launch really had
    if (unknown) {
      std::string why;
      for (const auto& [index, reason] : launch.tuner.why) {
        why = reason;
        break;
      }
      draft_.notes.push_back(fmt::format("{}: {} of {} configs have no grid there{}", entry.point_id, unknown,
                                         launch.tuner.configs.size(), why.empty() ? "" : " (" + why + ")"));
    } else if (launch.tuner.cached_launch) {
      draft_.notes.push_back(entry.point_id + ": launched from the library's cache of the tuner's pick: only that config");
    }
    captured.library_choice = launched;
    if (tuned(launch.tuner.kind) && !launch.tuner.cached_launch) captured.library_margin_pct = library_margin_pct(launch.tuner);
    captured.launches = launch.launches;
    if (from_baseline) {
      captured.reference_from_baseline = true;
      std::vector<std::string> parts;
      if (!generated.empty())
        parts.push_back(fmt::format("{} generated (uniform over the range of a sample of the original)", fmt::join(generated, ", ")));
      if (!unkept.empty()) parts.push_back(fmt::format("no output of {} kept", fmt::join(unkept, ", ")));
      draft_.notes.push_back(fmt::format("{}: over --max-input-mb {}: {}; A's output is its reference in a replay", entry.point_id,
                                         options_.max_input_bytes >> 20, fmt::join(parts, "; ")));
    }
    draft_.cases.push_back(std::move(entry));
  }

  // A scalar's or constexpr's value as cases.json's reader gives it (opspec/captured_cases.h).
  static std::string value_text(const PyValue& value) {
    switch (value.kind) {
      case PyValue::Kind::none: return "None";
      case PyValue::Kind::boolean: return value.boolean ? "True" : "False";
      case PyValue::Kind::integer: return std::to_string(value.integer);
      case PyValue::Kind::real: return json(value.real).dump();
      case PyValue::Kind::text:
      case PyValue::Kind::expression:
      case PyValue::Kind::object: return value.text;
    }
    return "None";
  }

  void write_yaml() {
    const RawLaunch& first = *launches_.front();
    const RawKernel& kernel = first.kernel;
    YAML::Emitter out;
    out << YAML::BeginMap;
    out << YAML::Key << "op" << YAML::Value << draft_.name;
    out << YAML::Key << "description" << YAML::Value
        << fmt::format("Captured by abtool capture from `{}`: {} ({}), {} launches, tuner: {}.", options_.command_text,
                       kernel.name, kernel.importable ? kernel.module : "a generated module, copied here",
                       total_launches(), tuner_name(first.tuner.kind));
    out << YAML::Key << "language" << YAML::Value << "triton";
    out << YAML::Key << "source" << YAML::Value << (kernel.importable ? kernel.file.string() : std::string("@SOURCE@"));
    if (kernel.importable) out << YAML::Key << "module" << YAML::Value << kernel.module;
    if (!kernel.importable) {
      draft_.source_copy = kernel.file_text;
      if (!kernel.binds.empty()) {
        out << YAML::Key << "python_globals" << YAML::Value << YAML::BeginMap;
        for (const auto& [name, target] : kernel.binds) out << YAML::Key << name << YAML::Value << target;
        out << YAML::EndMap;
      }
    }
    out << YAML::Key << "kernel" << YAML::Value << kernel.name;
    out << YAML::Key << "dims" << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (const Column& column : kept_) out << column.name;
    out << YAML::EndSeq;
    out << YAML::Key << "dtypes" << YAML::Value << YAML::Flow << YAML::BeginSeq << dtype_name(draft_.dtype) << YAML::EndSeq;
    out << YAML::Key << "tune_configs" << YAML::Value << YAML::BeginSeq;
    for (const Config& config : configs_) {
      out << YAML::Flow << YAML::BeginMap;
      for (const auto& [name, value] : config) out << YAML::Key << name << YAML::Value << value;
      out << YAML::EndMap;
    }
    out << YAML::EndSeq;
    out << YAML::Key << "captured" << YAML::Value << YAML::Flow << YAML::BeginMap << YAML::Key << "cases" << YAML::Value
        << "cases.json" << YAML::Key << "root" << YAML::Value << "../.." << YAML::EndMap;
    out << YAML::Key << "args" << YAML::Value << YAML::BeginSeq;
    std::vector<std::string> byte_terms;
    bool integer_outputs_only = true;
    for (size_t i = 0; i < first.args.size(); ++i) {
      const RawArg& a = first.args[i];
      const ArgPlan& plan = args_[i];
      if (plan.kind == ArgPlan::Kind::tuned) continue;
      out << YAML::Flow << YAML::BeginMap << YAML::Key << "name" << YAML::Value << a.name;
      switch (plan.kind) {
        case ArgPlan::Kind::tensor: {
          out << YAML::Key << "kind" << YAML::Value << (plan.use == Use::in ? "in" : plan.use == Use::out ? "out" : "inout");
          out << YAML::Key << "dtype" << YAML::Value << dtype_name(plan.dtype);
          const auto exprs = shape_exprs(i);
          out << YAML::Key << "shape" << YAML::Value << YAML::Flow << exprs;
          if (plan.use != Use::out)
            out << YAML::Key << "init" << YAML::Value << YAML::Flow << YAML::BeginMap << YAML::Key << "dist" << YAML::Value
                << "captured" << YAML::EndMap;
          if (a.descriptor)
            out << YAML::Key << "descriptor" << YAML::Value << YAML::Flow << YAML::BeginMap << YAML::Key << "block"
                << YAML::Value << YAML::Flow << tiles_.at(i) << YAML::Key << "padding" << YAML::Value << a.descriptor->padding
                << YAML::EndMap;
          std::string term = fmt::format("{}", dtype_size(plan.dtype));
          for (const auto& e : exprs) term += "*" + e;
          byte_terms.push_back(term);
          if (plan.use != Use::in && dtype_is_float(plan.dtype)) integer_outputs_only = false;
          break;
        }
        case ArgPlan::Kind::scalar:
          out << YAML::Key << "kind" << YAML::Value << "scalar" << YAML::Key << "dtype" << YAML::Value << dtype_name(plan.dtype)
              << YAML::Key << "value" << YAML::Value << "captured";
          break;
        case ArgPlan::Kind::constexpr_literal:
          out << YAML::Key << "kind" << YAML::Value << "constexpr" << YAML::Key << "value" << YAML::Value << a.value.python();
          break;
        case ArgPlan::Kind::constexpr_captured:
          out << YAML::Key << "kind" << YAML::Value << "constexpr" << YAML::Key << "value" << YAML::Value << "captured";
          break;
        case ArgPlan::Kind::tuned: break;
      }
      out << YAML::EndMap;
    }
    out << YAML::EndSeq;
    out << YAML::Key << "launch" << YAML::Value << YAML::Flow << YAML::BeginMap << YAML::Key << "grid" << YAML::Value
        << "captured" << YAML::EndMap;
    out << YAML::Key << "reference" << YAML::Value << "captured";
    out << YAML::Key << "verify" << YAML::Value << YAML::BeginMap << YAML::Key << dtype_name(draft_.dtype) << YAML::Value;
    const CapturedTolerance tolerance = default_tolerance(draft_.dtype);
    if (integer_outputs_only || tolerance.exact) {
      out << "exact";
    } else {
      // atol: the dtype's default, or one unit in the last place at the outputs' own scale (their
      // RMS), whichever is larger: a compiler that reorders an fp32 accumulation moves outputs by
      // about that much, a miscompile by far more.
      const double scaled = output_rms_ * scale_ulp(draft_.dtype);
      out << YAML::Flow << YAML::BeginMap << YAML::Key << "rtol" << YAML::Value << tolerance.rtol << YAML::Key << "atol"
          << YAML::Value << std::max(tolerance.atol, scaled) << YAML::EndMap;
    }
    out << YAML::EndMap;
    if (!byte_terms.empty()) {
      std::string bytes;
      for (const auto& term : byte_terms) bytes += (bytes.empty() ? "" : " + ") + term;
      out << YAML::Key << "metrics" << YAML::Value << YAML::BeginMap << YAML::Key << "bytes" << YAML::Value << bytes
          << YAML::EndMap;
    }
    out << YAML::EndMap;
    draft_.yaml = std::string(out.c_str()) + "\n";
  }

  static double scale_ulp(DType dtype) {
    switch (dtype) {
      case DType::bf16: return std::ldexp(1.0, -7);
      case DType::fp16: return std::ldexp(1.0, -10);
      case DType::fp32: return std::ldexp(1.0, -17);  // 64 ulps: an accumulation of thousands of terms reordered
      case DType::fp64: return std::ldexp(1.0, -46);
      default: return 0;
    }
  }

  long long total_launches() const {
    long long total = 0;
    for (const RawLaunch* launch : launches_) total += launch->launches;
    return total;
  }

 private:
  std::vector<const RawLaunch*> launches_;
  const DraftOptions& options_;
  OpDraft draft_;
  std::vector<std::string> tuned_;
  std::vector<Config> configs_;
  std::vector<ArgPlan> args_;
  std::vector<Use> uses_;
  std::vector<Column> kept_;
  std::map<std::string, std::string> alias_;
  DescriptorTiles tiles_;  // the tensor descriptors' tiles, by argument index
  double output_rms_ = 0;
};

}  // namespace

CapturedTolerance default_tolerance(DType output) {
  switch (output) {
    case DType::fp32: return {false, 1e-4, 1e-5};
    case DType::fp64: return {false, 1e-7, 1e-9};
    case DType::fp16: return {false, 1e-3, 1e-5};
    case DType::bf16: return {false, 1.6e-2, 1e-5};
    default: return {true, 0, 0};
  }
}

Drafts draft_ops(const std::vector<const RawLaunch*>& launches, const DraftOptions& options) {
  Drafts drafts;
  std::map<std::string, std::vector<const RawLaunch*>> groups;
  std::vector<std::string> order;
  for (const RawLaunch* launch : launches) {
    std::vector<Miss> why = reasons_against(*launch);
    if (!why.empty()) {
      drafts.rejected.push_back({launch, std::move(why)});
      continue;
    }
    const std::string signature = signature_of(*launch);
    if (!groups.count(signature)) order.push_back(signature);
    groups[signature].push_back(launch);
  }
  std::map<std::string, int> per_kernel;
  for (const std::string& signature : order) {
    std::vector<const RawLaunch*> group;
    const std::vector<Use> uses = group_uses(groups[signature]);
    for (const RawLaunch* launch : groups[signature]) {
      if (auto why = missing_bytes(*launch, uses); !why.empty()) drafts.rejected.push_back({launch, std::move(why)});
      else group.push_back(launch);
    }
    if (group.empty()) continue;
    auto tiles = descriptor_tiles(group, tuned_names(*group.front()));
    if (const Miss* miss = std::get_if<Miss>(&tiles)) {
      for (const RawLaunch* launch : group) drafts.rejected.push_back({launch, {*miss}});
      continue;
    }
    const std::string& kernel = group.front()->kernel.name;
    const int number = ++per_kernel[kernel];
    std::string name = number == 1 ? kernel : fmt::format("{}-{}", kernel, number);
    if (!is_plain_name(name)) name = fmt::format("kernel-{}", drafts.ops.size() + 1);
    drafts.ops.push_back(OpBuilder(name, group, std::get<DescriptorTiles>(std::move(tiles)), options).build());
  }
  return drafts;
}

}  // namespace abt::capture
