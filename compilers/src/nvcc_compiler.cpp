#include "nvcc_compiler.h"

#include <fmt/format.h>

#include <regex>

#include "compilers/compile_counting.h"
#include "compilers/compile_store.h"
#include "nvrtc_compiler.h"
#include "util/errors.h"
#include "util/files.h"
#include "util/process.h"
#include "util/sha256.h"

namespace abt {
namespace fs = std::filesystem;

std::string find_ptx_entry(const std::string& ptx, const std::string& kernel) {
  static const std::regex entry(R"(\.entry\s+([A-Za-z_$][\w$]*)\s*\()");
  const std::string mangled_prefix = fmt::format("_Z{}{}", kernel.size(), kernel);
  for (auto it = std::sregex_iterator(ptx.begin(), ptx.end(), entry); it != std::sregex_iterator(); ++it) {
    std::string name = (*it)[1];
    if (name == kernel || name.rfind(mangled_prefix, 0) == 0) return name;
  }
  return "";
}

std::string NvccCompiler::cache_identity() const {
  const fs::path bin = fs::canonical(program_).parent_path();
  return tree_identity(bin) + " " + tree_identity(bin.parent_path() / "nvvm" / "bin");
}

NvccCompiler::NvccCompiler(const CompilerSpec& spec, std::string arch) : arch_(std::move(arch)) {
  auto program = find_program(spec.location.empty() ? "nvcc" : spec.location);
  if (!program) throw InputError("--compiler " + spec.text + ": nvcc not found: " + (spec.location.empty() ? "nvcc" : spec.location));
  program_ = *program;
  ProcessResult version;
  try {
    version = run_process({program_, {"--version"}, "", spec.env, std::chrono::seconds(60)});
  } catch (const std::exception& error) {
    throw InputError("--compiler " + spec.text + ": " + error.what());
  }
  if (version.exit_code != 0)
    throw InputError(fmt::format("--compiler {}: '{} --version' failed (exit {}): {}", spec.text, program_,
                                 version.exit_code, version.err.substr(0, 200)));
  std::smatch release;
  fingerprint_.backend = BackendKind::nvcc;
  fingerprint_.version = std::regex_search(version.out, release, std::regex(R"(release [^\n]*)")) ? "nvcc " + release.str()
                                                                                                   : version.out.substr(0, 80);
  fingerprint_.path = fs::canonical(program_).string();
  fingerprint_.sha256 = sha256_of_file(fingerprint_.path);
  fingerprint_.flags = {"-arch=" + arch_, "-std=c++17"};
  fingerprint_.flags.insert(fingerprint_.flags.end(), spec.flags.begin(), spec.flags.end());
  fingerprint_.env = spec.env;
}

std::vector<std::string> NvccCompiler::arguments(const CompileJob& job) const {
  std::vector<std::string> common = fingerprint_.flags;
  common.push_back("-I" + job.source.parent_path().string());
  common.push_back("-DABT_DTYPE=" + cuda_type_name(job.dtype));
  for (const auto& [name, value] : job.config) common.push_back("-D" + name + "=" + value);
  return common;
}

CompiledVariant NvccCompiler::compile(const CompileJob& job) const {
  CompiledVariant variant;
  const std::vector<std::string> common = arguments(job);

  auto run = [&](const std::string& mode, const fs::path& output) {
    std::vector<std::string> args = common;
    args.insert(args.end(), {mode, "-o", output.string(), job.source.string()});
    ProcessResult result = run_process({program_, args, "", fingerprint_.env, std::chrono::seconds(600)});
    variant.log += result.err + result.out;
    if (result.timed_out) variant.log += "\nnvcc timed out";
    return result.exit_code == 0;
  };
  const fs::path cubin = job.work_dir / "variant.cubin", ptx = job.work_dir / "variant.ptx";
  try {
    if (!run("-cubin", cubin) || !run("-ptx", ptx)) return variant;
  } catch (const std::exception& error) {
    variant.log += error.what();
    return variant;
  }
  variant.entry_symbol = find_ptx_entry(read_text_file(ptx), job.kernel);
  if (variant.entry_symbol.empty()) {
    variant.log += "\nkernel " + job.kernel + " not found in " + job.source.string();
    return variant;
  }
  variant.binary = cubin;
  variant.binary_hash = sha256_of_file(cubin.string());
  variant.ir["ptx"] = ptx;
  variant.ir["cubin"] = cubin;
  variant.ok = true;
  return variant;
}

// The cubin's build: nvcc's processes (cudafe++, cicc, ptxas, the host preprocessor) are its stages.
CountedCompile NvccCompiler::count_compile(const CompileJob& job, const CompileCounting& counting) const {
  std::vector<std::string> args = arguments(job);
  const fs::path cubin = job.work_dir / "variant.cubin", dumps = job.work_dir / "callgrind";
  fs::create_directories(dumps);
  args.insert(args.end(), {"-cubin", "-o", cubin.string(), job.source.string()});
  CountedCompile counted;
  counted.profile = count_under_callgrind(counting, {program_, args, "", fingerprint_.env}, dumps);
  if (!fs::is_regular_file(cubin)) throw CompileCountError("the compile under callgrind wrote no cubin");
  counted.binary_hash = sha256_of_file(cubin.string());
  return counted;
}

}  // namespace abt
