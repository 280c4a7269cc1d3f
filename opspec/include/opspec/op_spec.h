// An op spec (`examples/ops/<op>/op.yaml`, SPEC section 2): data that describes a kernel family.
#pragma once
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "opspec/captured_cases.h"
#include "opspec/dtype.h"
#include "opspec/expr.h"
#include "opspec/tensor_descriptor.h"

namespace abt {

enum class Language { cpp, cuda, triton };
std::string language_name(Language language);

// One assignment of the tunable parameters, in the spec's declaration order.
using Config = std::vector<std::pair<std::string, std::string>>;
std::string config_text(const Config& config);  // "BLOCK_M=32 BLOCK_N=64"

struct TuneParam {
  std::string name;
  std::vector<std::string> values;
};

// scratch: device or host memory the kernel uses internally (a work list, a counter): neither
// generated, poisoned, verified nor digested. constexpr (Triton): a compile-time parameter that
// is not tuned (a heuristic's value, a flag), compiled in and not passed.
enum class ArgKind { in, out, inout, scalar, scratch, constexpr_value };

struct InitSpec {
  std::string distribution = "uniform";  // uniform | normal | zeros | ones | arange | captured (the capture's bytes)
  double low = -1.0;
  double high = 1.0;
};

struct ArgSpec {
  std::string name;
  ArgKind kind = ArgKind::in;
  std::string dtype;         // a dtype name, or "$dtype" for the point's dtype
  std::vector<Expr> shape;   // buffers
  InitSpec init;             // inputs
  Expr value;                // scalars and constexprs: an expression of dims...
  std::optional<std::string> literal;  // ... or a constexpr's literal value (None, True, a name)
  bool captured_value = false;         // ... or the value each point's capture holds (value: captured)
  bool specialize = true;    // Triton: specialized on its value (== 1, divisible by 16), as the JIT does
  bool align16 = true;       // Triton buffers: compiled as 16-byte aligned (the captured pointer was)
  std::optional<TensorDescriptorSpec> descriptor;  // Triton buffers: passed as a host tensor descriptor
  DType resolve_dtype(DType point_dtype) const;
  bool is_buffer() const { return kind != ArgKind::scalar && kind != ArgKind::constexpr_value; }
  bool is_passed() const { return kind != ArgKind::constexpr_value; }  // a kernel parameter at launch
};

struct LaunchSpec {
  std::vector<Expr> grid;
  bool captured_grid = false;  // grid: captured -- each point's and config's grid from the capture
  std::vector<Expr> block;
  Expr shared_bytes;
};

// `launch.before`: a kernel that runs first and computes a value the host reads back to size the
// main launch (data-dependent grids, as in MoE dispatch). Such a launch sequence synchronizes
// with the host, so it cannot be captured in a CUDA graph: graphtime times it directly.
struct LaunchPrologue {
  std::string kernel;      // extern "C", in the op's source, with the op's parameter list
  LaunchSpec launch;       // expressions of dims and config
  size_t read_arg = 0;     // an i32/i64 buffer argument: zeroed before the prologue, element 0 read after
  std::string read_as;     // the symbol the main launch's expressions use for that value
};

struct Tolerance {
  enum class Mode { close, exact, skip } mode = Mode::close;
  double rtol = 1e-5;
  double atol = 1e-6;
  std::string skip_reason;
};

struct ReferenceSpec {
  bool captured = false;  // reference: captured -- the outputs of the capture's launch on the same inputs
  // reference: baseline -- no reference kernel: side A's outputs are the reference. A record
  // checks every config of its sweep against one config's outputs (the library's pick, else the
  // first that runs); a replay checks B against A's stored binary run on the same inputs.
  bool baseline = false;
  Language language = Language::cpp;
  std::filesystem::path source;
  std::string kernel;
  std::optional<LaunchSpec> launch;  // CUDA references: geometry from the shape alone
};

// Triton ops of a Python library: where abtool's Triton helper finds the kernel. `module` is
// imported (the kernel sees its module's globals, as in the library); without it `source` is
// loaded as a file, and `globals` binds names the file uses but does not define (a generated
// module's helpers) to `module:attribute` of an importable module, or to a module.
struct PythonImport {
  std::string module;
  std::map<std::string, std::string> globals;
  bool empty() const { return module.empty() && globals.empty(); }
  std::string text() const;  // part of the compile cache key
};

struct OpSpec {
  std::string name;
  std::filesystem::path file;  // the op.yaml
  Language language = Language::cpp;
  std::filesystem::path source;
  PythonImport python;  // Triton: `module:` and `python_globals:`
  std::string kernel;
  std::vector<std::string> dims;
  std::vector<DType> dtypes;
  std::vector<TuneParam> tune;  // the parameters that vary, with their values
  // `tune_configs:` the config space as a list (a library's autotune configs), in place of the
  // cartesian product of `tune`; each assigns every parameter of `tune`.
  std::vector<Config> tune_configs;
  std::optional<CapturedCases> captured;  // an op `abtool capture` made (captured: {cases})
  std::vector<ArgSpec> args;
  std::optional<LaunchSpec> launch;
  std::optional<LaunchPrologue> prologue;
  ReferenceSpec reference;
  std::map<DType, Tolerance> tolerances;
  Expr flops;
  Expr bytes;
  bool tensor_peak = false;  // metrics.peak: tensor -- % of peak against tensor-core rates

  // tune_configs, or the cartesian product of `tune` in declaration order.
  std::vector<Config> config_space() const;
  // The configs a point can run: the whole space, or for a captured op the configs whose grid
  // the capture has at that point (a library's untuned launch has one; a tuned one, its space).
  std::vector<Config> config_space_at(const Point& point) const;
  // Whether side A's outputs are the point's reference: `reference: baseline`, or a captured
  // point the capture kept no reference for (CapturedCase::reference_from_baseline).
  bool reference_from_baseline(const Point& point) const;
  // `config` in declaration order; nullopt unless it assigns exactly the tune parameters.
  std::optional<Config> canonical_config(const Config& config) const;
  const Tolerance& tolerance(DType dtype) const;  // throws InputError when the dtype has none
  // dims, numeric config values and dtype_size, for evaluating the spec's expressions.
  Symbols symbols(const std::vector<long long>& shape, DType dtype, const Config& config) const;
};

// The largest config space an op may declare: a sweep compiles and times every config (a
// thousand take minutes), and a run's temporary files grow with them.
inline constexpr size_t kMaxConfigs = 10000;

// Parses and validates an op.yaml. Throws InputError naming file, line and field.
OpSpec load_op_spec(const std::filesystem::path& file);

// Finds `<ops_dir>/<name>/op.yaml`. Throws InputError for an unknown op.
OpSpec find_op_spec(const std::filesystem::path& ops_dir, const std::string& name);

}  // namespace abt
