#include "host_compiler.h"

#include <fmt/format.h>

#include "compilers/compile_store.h"
#include "util/errors.h"
#include "util/process.h"
#include "util/sha256.h"

namespace abt {
namespace fs = std::filesystem;

std::string host_entry_source(const CompileJob& job) {
  std::string calls;
  for (size_t i = 0; i < job.args->size(); ++i) {
    const ArgSpec& arg = (*job.args)[i];
    std::string ctype = *dtype_host_ctype(arg.resolve_dtype(job.dtype));
    if (!calls.empty()) calls += ", ";
    if (arg.kind == ArgKind::scalar) calls += fmt::format("*static_cast<const {}*>(args[{}])", ctype, i);
    else if (arg.kind == ArgKind::in) calls += fmt::format("static_cast<const {}*>(args[{}])", ctype, i);
    else calls += fmt::format("static_cast<{}*>(args[{}])", ctype, i);
  }
  return fmt::format(
      "#include <cstdint>\n"
      "#include \"{}\"\n"
      "extern \"C\" void {}(void* const* args) {{ {}({}); }}\n",
      job.source.string(), kHostEntrySymbol, job.kernel, calls);
}

HostCompiler::HostCompiler(const CompilerSpec& spec, std::vector<std::string> default_flags, const CompileStore* store) {
  auto program = find_program(spec.location);
  if (!program) throw InputError("--compiler " + spec.text + ": compiler not found: " + spec.location);
  // The same file with the same environment answers --version the same way.
  const std::string memo = sha256_hex("host --version\n" + file_identity(*program) + "\n" + nlohmann::json(spec.env).dump());
  std::string first_line;
  if (auto facts = store ? store->recall(memo) : std::nullopt; facts && facts->contains("version"))
    first_line = facts->value("version", "");
  if (first_line.empty()) {
    ProcessResult version;
    try {
      version = run_process({*program, {"--version"}, "", spec.env, std::chrono::seconds(60)});
    } catch (const std::exception& error) {
      throw InputError("--compiler " + spec.text + ": " + error.what());
    }
    if (version.exit_code != 0 || version.out.empty())
      throw InputError(fmt::format("--compiler {}: '{} --version' failed (exit {}): {}", spec.text, *program,
                                   version.exit_code, version.err.substr(0, 200)));
    first_line = version.out.substr(0, version.out.find('\n'));
    if (store) store->remember(memo, {{"version", first_line}});
  }
  fingerprint_.backend = BackendKind::host;
  fingerprint_.version = first_line;
  fingerprint_.path = fs::canonical(*program).string();
  fingerprint_.sha256 = sha256_of_file(fingerprint_.path);
  fingerprint_.flags = std::move(default_flags);
  fingerprint_.flags.insert(fingerprint_.flags.end(), spec.flags.begin(), spec.flags.end());
  fingerprint_.env = spec.env;
}

CompiledVariant HostCompiler::compile(const CompileJob& job) const {
  CompiledVariant variant;
  std::vector<std::string> args = fingerprint_.flags;
  args.push_back("-fPIC");
  args.push_back("-I" + job.source.parent_path().string());
  args.push_back("-DABT_DTYPE=" + *dtype_host_ctype(job.dtype));
  for (const auto& [name, value] : job.config) args.push_back("-D" + name + "=" + value);
  // Source on stdin keeps temporary paths out of the assembly, so equal code gives equal files.
  for (const char* word : {"-x", "c++", "-"}) args.push_back(word);

  const std::string source = host_entry_source(job);
  const fs::path assembly = job.work_dir / "variant.s";
  const fs::path library = job.work_dir / "variant.so";
  struct Step { const char* mode; fs::path output; const char* what; };
  for (const Step& step : {Step{"-S", assembly, "assembly"}, Step{"-shared", library, "shared object"}}) {
    std::vector<std::string> argv = args;
    argv.insert(argv.end(), {step.mode, "-o", step.output.string()});
    ProcessResult result;
    try {
      result = run_process({fingerprint_.path, argv, source, fingerprint_.env, std::chrono::seconds(300)});
    } catch (const std::exception& error) {
      variant.log = error.what();
      return variant;
    }
    variant.log += result.err;
    if (result.timed_out) {
      variant.log += fmt::format("\ncompiler timed out building the {}", step.what);
      return variant;
    }
    if (result.exit_code != 0) {
      variant.log += fmt::format("\ncompiler exited with {} building the {}", result.exit_code, step.what);
      return variant;
    }
    if (!fs::is_regular_file(step.output)) {  // `host:/bin/true` succeeds without compiling anything
      variant.log += fmt::format("{} exited 0 but wrote no {} ({})", fingerprint_.path, step.what, step.output.string());
      return variant;
    }
  }
  variant.ok = true;
  variant.binary = library;
  variant.binary_hash = sha256_of_file(library.string());
  variant.entry_symbol = kHostEntrySymbol;
  variant.ir["s"] = assembly;
  return variant;
}

}  // namespace abt
