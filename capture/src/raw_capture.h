// What the shim (python/abtool_capture.py) wrote for one process of the workload:
// staging/raw-<pid>.json, format abtool.capture_raw/1, read into typed records. This file is the
// one reader of that format.
#pragma once
#include <array>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "opspec/captured_cases.h"

#include <nlohmann/json.hpp>

#include "capture_miss.h"
#include "tuner_kinds.h"
#include "opspec/dtype.h"

namespace abt::capture {

// What Triton's JIT made of an argument at the launch (its ASTSource signature).
enum class ArgRole {
  tensor,       // a pointer ("*bf16")
  scalar,       // an integer, float or bool passed by value
  constexpr_,   // a declared tl.constexpr parameter
  specialized,  // a plain parameter the JIT turned into a constexpr (an integer equal to 1, None)
  unsupported,  // anything else (a tuple, a tensor descriptor, an object)
};

// A constexpr's or scalar's value as Python held it.
struct PyValue {
  // expression: text is what Triton's compile rebuilds it from (opspec/constexpr_literal.h: a
  // Triton dtype, a tuple, an enum member); object: text is its repr, and it cannot be rebuilt.
  enum class Kind { none, boolean, integer, real, text, expression, object } kind = Kind::none;
  bool boolean = false;
  long long integer = 0;
  double real = 0;
  std::string text;
  std::string python() const;  // as Triton takes it back: None, True, 3, 0.5, or the text
  bool operator==(const PyValue&) const = default;
};

struct RawArg {
  std::string name;
  std::string type;  // Triton's: "*bf16", "i32", "constexpr"
  ArgRole role = ArgRole::unsupported;
  std::optional<DType> dtype;  // tensors: the element type; scalars: the passed type (nullopt: abtool has none)
  std::string dtype_text;      // as Triton names it, for messages
  std::vector<long long> shape, strides;
  long long extent = 0, bytes = 0;  // elements and bytes of the span the view reaches
  bool integer = false, contiguous = true, divisible = false, written = false, do_not_specialize = false;
  std::optional<std::string> input, output;  // sha256 of stored bytes (staging/tensors/<sha>.bin)
  std::optional<double> output_rms;           // floating-point outputs: over their finite elements (a sample, unstored)
  // Floating-point inputs too large to store: the least and greatest finite value of a sample.
  std::optional<std::pair<double, double>> input_range;
  PyValue value;                             // scalars, constexprs
  // A host tensor descriptor (the tensor is the memory it addresses): its tile and padding.
  struct Descriptor {
    std::vector<long long> block;
    std::string padding;  // zero | nan
  };
  std::optional<Descriptor> descriptor;
  // Shares memory with other arguments of the launch (its holder's input and output are the span's).
  std::optional<SharedSpan> shared;
  bool in_other_span() const { return shared && shared->holder != name; }
};

struct RawConfig {
  std::vector<std::pair<std::string, PyValue>> kwargs;  // the tuned constexprs, in the library's order
  int num_warps = 4, num_stages = 3, num_ctas = 1;
  bool maxnreg = false;
  bool pre_hook = false;  // triton.Config(pre_hook=...): run by the tuner before each launch
};

struct RawTuner {
  TunerKind kind = no_tuner();
  std::vector<std::string> keys, heuristics;
  std::vector<RawConfig> configs;
  std::optional<size_t> chosen;
  std::vector<std::optional<std::array<long long, 3>>> grids;  // per config; nullopt: unknown, see `why`
  std::map<size_t, std::string> why;
  // Per config: the tiles of its tensor descriptors where its benchmark was seen (a config's
  // pre_hook sets them): argument name -> tile. Empty: not seen.
  std::vector<std::map<std::string, std::vector<long long>>> blocks;
  std::vector<std::string> restore_value, reset_to_zero;
  // Per config: what the tuner's own benchmark measured of it in the workload (ms); nullopt: it
  // did not benchmark that config at this launch (a cached key, a pruned config, another tuner).
  std::vector<std::optional<double>> timings_ms;
  bool cached_launch = false;  // a launch that bypassed the tuner (FlagGems' LibEntry cache)
};

struct RawKernel {
  std::string name, module, qualname;
  std::filesystem::path file;
  bool importable = false, loadable_from_copy = false;
  std::string why;                             // why it cannot be imported again
  std::optional<std::string> file_text;        // a generated module's file, copied
  std::map<std::string, std::string> binds;    // its foreign globals: name -> module:attribute
};

struct RawLaunch {
  RawKernel kernel;
  std::vector<RawArg> args;
  std::array<long long, 3> grid{1, 1, 1};
  int num_warps = 4, num_stages = 3, num_ctas = 1;
  RawTuner tuner;
  long long launches = 0;
  std::optional<bool> reads_what_it_writes;  // nullopt: not checked (an input too large to copy)
  std::vector<Miss> problems;                // why it cannot be replayed standalone
  double shim_s = 0;                          // what recording its first launch cost the workload
};

struct RawProcess {
  std::filesystem::path file;
  long long pid = 0;
  std::vector<std::string> argv;
  std::map<std::string, std::string> versions;
  double wall_s = 0, overhead_s = 0;
  std::map<std::string, double> phases;  // where the shim's time went: seconds by phase
  std::map<std::string, long long> shortened;  // a suite's timing loop run once (do_bench) -> how many times
  std::vector<std::string> errors;
  std::vector<RawLaunch> launches;
};

// Throws InputError naming the file and the entry when it is not abtool.capture_raw/1.
RawProcess read_raw_process(const std::filesystem::path& file);

// Which launches are of one kernel: an importable kernel is its module's, a generated module's is its
// text's (each process of a workload may write the same module under a file name of its own).
std::string kernel_identity(const RawKernel& kernel);

}  // namespace abt::capture
