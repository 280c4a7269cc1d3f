// An op spec (`examples/ops/<op>/op.yaml`, SPEC section 2): data that describes a kernel family.
#pragma once
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "opspec/dtype.h"
#include "opspec/expr.h"

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

enum class ArgKind { in, out, inout, scalar };

struct InitSpec {
  std::string distribution = "uniform";  // uniform | normal | zeros | ones | arange
  double low = -1.0;
  double high = 1.0;
};

struct ArgSpec {
  std::string name;
  ArgKind kind = ArgKind::in;
  std::string dtype;         // a dtype name, or "$dtype" for the point's dtype
  std::vector<Expr> shape;   // buffers
  InitSpec init;             // inputs
  Expr value;                // scalars
  DType resolve_dtype(DType point_dtype) const;
  bool is_buffer() const { return kind != ArgKind::scalar; }
};

struct LaunchSpec {
  std::vector<Expr> grid;
  std::vector<Expr> block;
  Expr shared_bytes;
};

struct Tolerance {
  enum class Mode { close, exact, skip } mode = Mode::close;
  double rtol = 1e-5;
  double atol = 1e-6;
  std::string skip_reason;
};

struct ReferenceSpec {
  Language language = Language::cpp;
  std::filesystem::path source;
  std::string kernel;
};

struct OpSpec {
  std::string name;
  std::filesystem::path file;  // the op.yaml
  Language language = Language::cpp;
  std::filesystem::path source;
  std::string kernel;
  std::vector<std::string> dims;
  std::vector<DType> dtypes;
  std::vector<TuneParam> tune;
  std::vector<ArgSpec> args;
  std::optional<LaunchSpec> launch;
  ReferenceSpec reference;
  std::map<DType, Tolerance> tolerances;
  Expr flops;
  Expr bytes;

  std::vector<Config> config_space() const;  // cartesian product of `tune`, declaration order
  // `config` in declaration order; nullopt unless it assigns exactly the tune parameters.
  std::optional<Config> canonical_config(const Config& config) const;
  const Tolerance& tolerance(DType dtype) const;  // throws InputError when the dtype has none
  // dims, numeric config values and dtype_size, for evaluating the spec's expressions.
  Symbols symbols(const std::vector<long long>& shape, DType dtype, const Config& config) const;
};

// Parses and validates an op.yaml. Throws InputError naming file, line and field.
OpSpec load_op_spec(const std::filesystem::path& file);

// Finds `<ops_dir>/<name>/op.yaml`. Throws InputError for an unknown op.
OpSpec find_op_spec(const std::filesystem::path& ops_dir, const std::string& name);

}  // namespace abt
