#include "triton_compiler.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "compilers/compile_counting.h"
#include "compilers/compile_store.h"
#include "opspec/tensor_descriptor.h"
#include "util/environment.h"
#include "util/errors.h"
#include "util/files.h"
#include "util/process.h"
#include "util/sha256.h"

#include "triton_fork_server.h"
#include "triton_helper_source.h"

namespace abt {
namespace fs = std::filesystem;

namespace {

constexpr long long kPreparedLimitS = 300;  // an import as large as torch and a library's ops, on a busy machine

Symbols config_symbols(const Config& config) {
  Symbols symbols;
  for (const auto& [name, value] : config) {
    char* end = nullptr;
    const double number = std::strtod(value.c_str(), &end);
    if (!value.empty() && *end == '\0') symbols[name] = number;
  }
  return symbols;
}

nlohmann::json request_variant(const CompileJob& job) {
  nlohmann::json args = nlohmann::json::object(), constexprs = nlohmann::json::object();
  nlohmann::json divisible = nlohmann::json::array();
  for (const ArgSpec& arg : *job.args) {
    DType dtype = arg.resolve_dtype(job.dtype);
    if (arg.kind == ArgKind::constexpr_value) {
      constexprs[arg.name] = job.specialization.constexprs.at(arg.name);
      continue;
    }
    if (arg.descriptor) {  // validated for every config of the space when the op was loaded
      args[arg.name] = descriptor_signature(dtype, descriptor_block(*arg.descriptor, config_symbols(job.config)));
      continue;
    }
    if (arg.is_buffer()) {
      args[arg.name] = "*" + dtype_name(dtype);  // abtool's dtype names are Triton's
      // Device allocations are 256-byte aligned; a captured launch's unaligned view stays unaligned.
      if (!job.specialization.unaligned.count(arg.name)) divisible.push_back(arg.name);
      continue;
    }
    auto specialized = job.specialization.scalars.find(arg.name);
    if (specialized != job.specialization.scalars.end() && specialized->second == Specialization::Kind::equal_one) {
      constexprs[arg.name] = "1";  // as the JIT does: the argument becomes a constexpr and is not passed
      continue;
    }
    args[arg.name] = dtype_name(dtype);
    if (specialized != job.specialization.scalars.end()) divisible.push_back(arg.name);
  }
  int num_warps = 4, num_stages = 3;  // Triton's defaults on sm_90
  for (const auto& [name, value] : job.config) {
    if (name == "num_warps") num_warps = std::stoi(value);
    else if (name == "num_stages") num_stages = std::stoi(value);
    else constexprs[name] = value;
  }
  return {{"out_dir", job.work_dir.string()}, {"args", args}, {"constexprs", constexprs},
          {"divisible_by_16", divisible}, {"num_warps", num_warps}, {"num_stages", num_stages}};
}

// Triton numbers a TMA element type as its device code does; the driver's CUtensorMapDataType
// differs for three of them (TMA_DTYPE_DEVICE_TO_HOST in triton/backends/nvidia/driver.py).
int triton_tma_data_type(int device_type) {
  switch (device_type) {
    case 8: return 10;
    case 9: return 8;
    case 10: return 9;
    default: return device_type;
  }
}

// The launch Triton's own launcher would make, from the helper's meta.json (the kernel's metadata).
TritonLaunchContract launch_contract(const nlohmann::json& meta) {
  TritonLaunchContract contract;
  if (int ctas = meta.value("num_ctas", 1); ctas != 1)
    contract.unsupported = fmt::format("num_ctas={} (thread-block clusters) is not supported", ctas);
  else if (meta.value("launch_cooperative_grid", false) || meta.value("launch_pdl", false))
    contract.unsupported = "cooperative and PDL launches are not supported";
  if (const auto found = meta.find("tensordesc_meta"); found != meta.end() && found->is_array())
    for (const nlohmann::json& map : *found) {
      if (map.value("fp4_padded", false)) contract.unsupported = "FP4-padded tensor descriptors are not supported";
      contract.tensor_maps.push_back(TensorMapMeta{map.at("swizzle").get<int>(), map.at("elem_size").get<int>(),
                                                   triton_tma_data_type(map.at("elem_type").get<int>()),
                                                   map.at("block_size").get<std::vector<long long>>()});
    }
  contract.num_warps = meta.at("num_warps").get<unsigned>();
  contract.shared_bytes = meta.at("shared").get<unsigned>();
  contract.passed_args = meta.at("launch_args").get<std::vector<std::string>>();
  auto size = [&](const char* key) { return meta.contains(key) && !meta[key].is_null() ? meta[key].get<size_t>() : size_t(0); };
  contract.global_scratch_bytes = size("global_scratch_size");
  contract.global_scratch_align = std::max<size_t>(1, size("global_scratch_align"));
  contract.profile_scratch_bytes = size("profile_scratch_size");
  contract.profile_scratch_align = std::max<size_t>(1, size("profile_scratch_align"));
  return contract;
}

CompiledVariant collect(const CompileJob& job, const nlohmann::json& reply) {
  CompiledVariant variant;
  if (!reply.value("ok", false)) {
    variant.log = reply.value("error", std::string("the Triton helper gave no result for this variant"));
    return variant;
  }
  const fs::path dir = job.work_dir;
  try {
    nlohmann::json meta = nlohmann::json::parse(read_text_file(dir / "meta.json"));
    variant.entry_symbol = meta.at("name").get<std::string>();
    variant.triton = launch_contract(meta);
    for (const auto& stage : meta.value("stages", nlohmann::json::array()))
      variant.profile.stages.push_back({stage.at("stage").get<std::string>(), stage.at("ms").get<double>(), std::nullopt});
  } catch (const std::exception& error) {
    variant.log = std::string("the Triton helper's meta.json lacks what a launch needs: ") + error.what();
    return variant;
  }
  variant.binary = dir / "kernel.cubin";
  variant.binary_hash = sha256_of_file(variant.binary.string());
  for (const char* stage : {"ttir", "ttgir", "llir", "ptx"})
    if (fs::exists(dir / (std::string("kernel.") + stage))) variant.ir[stage] = dir / (std::string("kernel.") + stage);
  variant.ir["cubin"] = variant.binary;  // irdump derives .sass and .res from it
  variant.ok = true;
  return variant;
}

}  // namespace

TritonCompiler::TritonCompiler(const CompilerSpec& spec, std::string arch, const CompileStore* store)
    : arch_(std::move(arch)), variant_limit_s_(spec.variant_limit_s), helper_dir_("abtool-triton-helper-") {
  helper_ = (helper_dir_.path() / "abtool_triton_compile.py").string();
  write_file_atomically(helper_, kTritonHelperSource);
  auto python = find_program(spec.location.empty() ? "python3" : spec.location);
  if (!python) throw InputError("--compiler " + spec.text + ": Python interpreter not found: " + spec.location);
  python_ = *python;
  for (const auto& flag : spec.flags) {
    auto equals = flag.find('=');
    if (equals == std::string::npos || equals == 0)
      throw InputError("--compiler-flags: Triton options are KEY=VALUE (e.g. enable_fp_fusion=0), got '" + flag + "'");
    options_[flag.substr(0, equals)] = flag.substr(equals + 1);
  }
  // The interpreter, its environment and the Triton install's files identify the description:
  // while none of them changed, no interpreter starts for it.
  const std::string memo = sha256_hex("triton --describe\n" + file_identity(python_) + "\n" +
                                      nlohmann::json(spec.env).dump() + "\n" + environment().python_path);
  nlohmann::json about;
  if (auto facts = store ? store->recall(memo) : std::nullopt; facts && facts->contains("about")) {
    install_identity_ = tree_identity(facts->at("about").value("triton_dir", ""));
    if (facts->value("tree", "") == install_identity_) about = facts->at("about");
  }
  env_ = spec.env;
  // Triton's cache of this compiler's own. Triton writes a compile's files under its hash and reads
  // them back, and compiles that differ by what Triton does not hash (abtool_skip_passes, an
  // environment variable of --compiler-env) have one hash: in ~/.triton/cache, shared with another
  // compiler compiling at the same time (explain's candidates, an A and a B run side by side), one
  // read the other's binary (seen in CI: a pass left out "had no effect"). Nothing is lost: every
  // compile is made anyway (always_compile), and ~/.triton/cache no longer fills with sweeps.
  env_.try_emplace("TRITON_CACHE_DIR", (helper_dir_.path() / "triton-cache").string());
  compiler_text_ = spec.text;
  if (about.is_null()) {
    // The server's first line is the description: the one interpreter start of this compiler.
    try {
      server_ = std::make_unique<TritonForkServer>(python_, helper_, env_, TritonForkServer::Digest::wanted);
      about = server_->description();
    } catch (const std::exception& error) {
      throw InputError(fmt::format("--compiler {}: {} cannot import Triton: {}", spec.text, python_,
                                   std::string(error.what()).substr(0, 400)));
    }
    install_identity_ = tree_identity(about.value("triton_dir", ""));
    // libtriton's digest comes later (fingerprint()): the first op's library is imported meanwhile.
    digest_pending_ = true;
    description_to_remember_ = {memo, about};
    store_ = store;
  }
  if (auto skipped = options_.find("abtool_skip_passes"); skipped != options_.end() && spec.check_pass_names)
    check_skip_passes(skipped->second);
  fingerprint_.backend = BackendKind::triton;
  fingerprint_.version = fmt::format("Triton {} (Python {})", about.value("triton_version", "?"), about.value("python_version", "?"));
  fingerprint_.path = fs::canonical(python_).string();
  // The compiler build is the Triton install: its compiler library identifies it, not the interpreter.
  if (!digest_pending_) fingerprint_.sha256 = about.value("libtriton_sha256", "");
  fingerprint_.flags = {"arch=" + arch_};
  fingerprint_.flags.insert(fingerprint_.flags.end(), spec.flags.begin(), spec.flags.end());
  fingerprint_.env = spec.env;
  fingerprint_.env["(libtriton)"] = about.value("libtriton", "");
}

// abtool_skip_passes names no pass of this Triton: bad input before anything is compiled, rather than
// every variant failing one by one.
void TritonCompiler::check_skip_passes(const std::string& names) const {
  // ",," or "": a list that names nothing would leave every pass in, silently.
  if (names.find_first_not_of(", ") == std::string::npos)
    throw InputError(fmt::format("--compiler-flags abtool_skip_passes: '{}' names no pass (name passes as MLIR's dumps do, "
                                 "comma separated: tritongpu-coalesce,tritongpu-remove-layout-conversions)",
                                 names));
  for (size_t start = 0, comma; start <= names.size(); start = comma + 1) {
    comma = names.find(',', start);
    if (comma == std::string::npos) comma = names.size();
    if (comma == start)
      throw InputError(fmt::format("--compiler-flags abtool_skip_passes: '{}' has an empty name at character {}", names,
                                   start + 1));
  }
  ProcessResult checked;
  try {
    checked = run_process({python_, {helper_, "--check-skip-passes", names}, "", env_, std::chrono::seconds(120)});
  } catch (const std::exception& error) {
    throw InputError(fmt::format("--compiler {}: cannot check abtool_skip_passes: {}", compiler_text_, error.what()));
  }
  nlohmann::json found;
  try {
    found = nlohmann::json::parse(last_line(checked.out)).at("unknown");
  } catch (const std::exception&) {
    throw InputError(fmt::format("--compiler {}: cannot check abtool_skip_passes: {}", compiler_text_,
                                 last_line(checked.err.empty() ? checked.out : checked.err)));
  }
  if (found.empty()) return;
  const nlohmann::json& first = found.front();
  const std::string name = first.value("name", "");
  const std::string nearest = first["nearest"].is_string() ? first["nearest"].get<std::string>() : "";
  throw InputError(fmt::format("--compiler-flags abtool_skip_passes: this Triton has no pass named '{}'{} (name passes as "
                               "MLIR's dumps do, the argument in parentheses: tritongpu-coalesce)",
                               name, nearest.empty() ? "" : fmt::format(" (did you mean '{}'?)", nearest)));
}

const CompilerFingerprint& TritonCompiler::fingerprint() const {
  std::call_once(digested_, [this] {
    if (!digest_pending_) return;
    try {
      fingerprint_.sha256 = server_->libtriton_sha256();
    } catch (const std::runtime_error& error) {
      throw InputError(fmt::format("--compiler {}: {} cannot describe its libtriton.so: {}", compiler_text_, python_,
                                   std::string(error.what()).substr(0, 400)));
    }
    auto& [memo, about] = description_to_remember_;
    about["libtriton_sha256"] = fingerprint_.sha256;
    if (store_) store_->remember(memo, {{"about", about}, {"tree", install_identity_}});
  });
  return fingerprint_;
}

TritonCompiler::~TritonCompiler() {
  std::lock_guard lock(preparing_mutex_);
  for (auto& preparation : preparing_) preparation.wait();
}

int TritonCompiler::arch_number() const { return std::stoi(arch_.rfind("sm_", 0) == 0 ? arch_.substr(3) : arch_); }

nlohmann::json TritonCompiler::batch_request(const CompileJob& like) const {
  nlohmann::json request{{"source", fs::absolute(like.source).string()}, {"kernel", like.kernel},
                         {"arch", arch_number()}, {"options", options_}, {"variants", nlohmann::json::array()}};
  if (const PythonImport* python = like.python; python && !python->empty())
    request["import"] = {{"module", python->module}, {"globals", python->globals}};
  return request;
}

void TritonCompiler::prepare(const CompileJob& like) const { send_prepared(batch_request(like)); }

void TritonCompiler::preload_libraries(const std::vector<std::string>& modules) const {
  if (!modules.empty()) send_prepared({{"arch", arch_number()}, {"import", {{"modules", modules}}}});
}

void TritonCompiler::send_prepared(nlohmann::json request) const {
  request["prepare"] = true;
  std::lock_guard lock(preparing_mutex_);
  preparing_.push_back(std::async(std::launch::async, [this, request] {
    if (TritonForkServer* server = fork_server()) {
      try {
        server->prepare(request);
      } catch (const std::runtime_error&) {
        // the server is gone: the first batch finds that out and says why
      }
    }
  }));
}

void TritonCompiler::wait_prepared(const CompileJob& like) const {
  {
    std::lock_guard lock(preparing_mutex_);
    for (auto& sent : preparing_)
      if (sent.valid()) sent.wait();
  }
  TritonForkServer* server = fork_server();
  if (!server) return;
  // A batch of no variants: the server forks it once the imports asked for before it are done.
  try {
    server->run(batch_request(like), std::chrono::seconds(kPreparedLimitS));
  } catch (const std::runtime_error&) {
    // the server is gone: the first batch finds that out and says why
  }
}

TritonForkServer* TritonCompiler::fork_server() const {
  std::lock_guard lock(server_mutex_);
  if (!server_ && !server_failed_) {
    try {  // the description came from the store: no digest to wait for
      server_ = std::make_unique<TritonForkServer>(python_, helper_, env_, TritonForkServer::Digest::known);
    } catch (const std::exception&) {
      server_failed_ = true;  // each batch starts the helper itself, and says why it fails
    }
  }
  return server_.get();
}

ProcessResult TritonCompiler::run_helper(const nlohmann::json& request, std::chrono::seconds limit,
                                         const std::map<std::string, std::string>& env) const {
  if (TritonForkServer* server = fork_server()) {
    try {
      nlohmann::json with_env = request;
      if (!env.empty()) with_env["env"] = env;
      return server->run(std::move(with_env), limit);
    } catch (const std::runtime_error&) {
      std::lock_guard lock(server_mutex_);
      server_failed_ = true;  // the server died (not a batch): a process per batch from here on
    }
  }
  ProcessRequest alone{python_, {helper_}, request.dump(), env_, limit};
  alone.extra_env = env;
  return run_process(alone);
}

CompiledVariant TritonCompiler::compile(const CompileJob& job) const { return compile_batch({job}).front(); }

std::vector<CompiledVariant> TritonCompiler::compile_batch(const std::vector<CompileJob>& jobs) const {
  std::vector<CompiledVariant> variants(jobs.size());
  if (jobs.empty()) return variants;
  nlohmann::json request = batch_request(jobs.front());
  for (const CompileJob& job : jobs) request["variants"].push_back(request_variant(job));

  // The helper answers variant by variant, in order: a process that hangs or dies leaves the
  // variant it was on failed, and the ones after it go to a new process.
  // A variant that takes longer than its limit is taken to hang; +1: starting Python, importing Triton.
  const std::chrono::seconds limit((long long)std::ceil(variant_limit_s_ * double(jobs.size() + 1)));
  ProcessResult result;
  try {
    result = run_helper(request, limit);
  } catch (const std::exception& error) {
    for (auto& variant : variants) variant.log = std::string("cannot run the Triton helper: ") + error.what();
    return variants;
  }
  std::vector<nlohmann::json> replies(jobs.size());
  std::istringstream lines(result.out);
  for (std::string line; std::getline(lines, line);) {
    try {
      auto reply = nlohmann::json::parse(line);
      size_t index = reply.at("index").get<size_t>();
      if (index < replies.size()) replies[index] = reply;
    } catch (const std::exception&) {
      // a kernel's own print() output: not a reply
    }
  }
  for (size_t i = 0; i < jobs.size(); ++i) {
    if (!replies[i].is_null()) {
      variants[i] = collect(jobs[i], replies[i]);
      continue;
    }
    variants[i].log = result.timed_out
                          ? fmt::format("the Triton helper took more than {} s on this batch and was stopped here "
                                        "(limit: ABTOOL_TRITON_VARIANT_LIMIT_S per variant)", limit.count())
                          : fmt::format("the Triton helper stopped (exit {}) on this variant:\n{}", result.exit_code, result.err);
    std::vector<CompileJob> rest(jobs.begin() + long(i) + 1, jobs.end());
    std::vector<CompiledVariant> retried = compile_batch(rest);
    for (size_t j = 0; j < retried.size(); ++j) variants[i + 1 + j] = std::move(retried[j]);
    break;
  }
  return variants;
}

std::string TritonCompiler::uncountable(const CompileCounting& counting) const {
  if (counting.stage_marks.empty())
    return std::string(kStageMarksLibrary) + " is missing beside abtool (it is built where valgrind/callgrind.h is installed)";
  return "";
}

// One variant in a helper process of its own (not the fork server: its process is not Valgrind's),
// its stages marked; Triton's cache kept out of it, and Python's string hashing fixed, so that
// the same compile executes the same instructions.
CountedCompile TritonCompiler::count_compile(const CompileJob& job, const CompileCounting& counting) const {
  if (std::string why = uncountable(counting); !why.empty()) throw CompileCountError(why);
  nlohmann::json request = batch_request(job);
  request["variants"].push_back(request_variant(job));
  const fs::path dumps = job.work_dir / "callgrind";
  fs::create_directories(dumps);
  ProcessRequest compile{python_, {helper_}, request.dump(), env_};
  compile.extra_env["ABTOOL_STAGE_MARKS"] = counting.stage_marks.string();
  compile.extra_env["PYTHONHASHSEED"] = "0";
  compile.extra_env["TRITON_CACHE_DIR"] = (job.work_dir / "triton-cache").string();
  std::string replies;
  CountedCompile counted;
  counted.profile = count_under_callgrind(counting, compile, dumps, &replies);
  std::istringstream lines(replies);
  for (std::string line; std::getline(lines, line);) {
    try {
      const auto reply = nlohmann::json::parse(line);
      if (reply.contains("index") && !reply.value("ok", false))
        throw CompileCountError("the variant did not compile under callgrind: " + last_line(reply.value("error", std::string())));
    } catch (const nlohmann::json::exception&) {
      // a kernel's own print() output: not a reply
    }
  }
  const fs::path cubin = job.work_dir / "kernel.cubin";
  if (!fs::is_regular_file(cubin)) throw CompileCountError("the Triton helper wrote no cubin under callgrind");
  counted.binary_hash = sha256_of_file(cubin.string());
  return counted;
}

// One variant in a batch of its own (the dumps go to its stderr: the batch's errors file when the
// fork server forks it), with an empty Triton cache: a cached kernel would print no passes.
PassCompile TritonCompiler::compile_with_pass_dumps(const CompileJob& job) const {
  nlohmann::json request = batch_request(job);
  request["variants"].push_back(request_variant(job));
  // Printing every pass's IR makes a compile several times slower. The switches are read when a
  // compile runs: a batch forked by the server (the op's library already imported there) sets them.
  const std::chrono::seconds limit((long long)std::ceil(variant_limit_s_ * 4 + 60));
  const std::map<std::string, std::string> dumps{{"MLIR_ENABLE_DUMP", "1"},
                                                 {"LLVM_IR_ENABLE_DUMP", "1"},
                                                 {"MLIR_ENABLE_TIMING", "1"},  // each pass's time, after its pipeline
                                                 {"LLVM_ENABLE_TIMING", "1"},
                                                 {"TRITON_CACHE_DIR", (job.work_dir / "triton-cache").string()}};
  PassCompile compiled;
  ProcessResult result;
  try {
    result = run_helper(request, limit, dumps);
  } catch (const std::exception& error) {
    compiled.variant.log = std::string("cannot run the Triton helper: ") + error.what();
    return compiled;
  }
  std::istringstream lines(result.out);
  for (std::string line; std::getline(lines, line);) {
    try {
      const auto reply = nlohmann::json::parse(line);
      if (reply.contains("index")) compiled.variant = collect(job, reply);
    } catch (const nlohmann::json::exception&) {
      // a kernel's own print() output: not a reply
    }
  }
  if (compiled.variant.log.empty() && !compiled.variant.ok)
    compiled.variant.log = result.timed_out ? "the Triton helper timed out compiling with pass dumps"
                                            : fmt::format("the Triton helper stopped (exit {}): {}", result.exit_code, last_line(result.err));
  if (!compiled.variant.ok) return compiled;
  compiled.passes = read_pass_dump(without_time_reports(result.err));
  compiled.times = read_time_report(result.err);
  if (compiled.passes.empty()) compiled.no_passes = "Triton printed no pass dump (MLIR_ENABLE_DUMP, LLVM_IR_ENABLE_DUMP)";
  return compiled;
}

}  // namespace abt
