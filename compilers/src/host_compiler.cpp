#include "host_compiler.h"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "compilers/compile_counting.h"
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

std::vector<std::string> HostCompiler::arguments(const CompileJob& job) const {
  std::vector<std::string> args = fingerprint_.flags;
  args.push_back("-fPIC");
  args.push_back("-I" + job.source.parent_path().string());
  args.push_back("-DABT_DTYPE=" + *dtype_host_ctype(job.dtype));
  for (const auto& [name, value] : job.config) args.push_back("-D" + name + "=" + value);
  // Source on stdin keeps temporary paths out of the assembly, so equal code gives equal files.
  for (const char* word : {"-x", "c++", "-"}) args.push_back(word);
  return args;
}

CompiledVariant HostCompiler::compile(const CompileJob& job) const {
  CompiledVariant variant;
  const std::vector<std::string> args = arguments(job);
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

namespace {

std::vector<std::string> words_of(const std::string& line) {
  std::vector<std::string> words;
  std::istringstream in(line);
  for (std::string word; in >> word;) {
    if (word.size() >= 2 && word.front() == '"' && word.back() == '"') word = word.substr(1, word.size() - 2);
    words.push_back(word);
  }
  return words;
}

// The target options -march=native stands for on this machine, from the compiler proper's command
// line that the driver prints with -### (GCC: cc1plus's -march=, -mtune=, -m<feature> and --param
// cache sizes; Clang: cc1's -target-cpu, -tune-cpu and -target-feature, the features passed to cc1
// as they are). Empty when the line is not found.
std::vector<std::string> native_target_options(const ProcessRequest& probe) {
  ProcessResult result;
  try {
    result = run_process(probe);
  } catch (const std::exception&) {
    return {};
  }
  std::istringstream lines(result.err + result.out);
  for (std::string line; std::getline(lines, line);) {
    const std::vector<std::string> words = words_of(line);
    std::vector<std::string> options;
    const bool clang = std::find(words.begin(), words.end(), "-cc1") != words.end();
    const bool gcc = !words.empty() && (words.front().ends_with("/cc1plus") || words.front().ends_with("/cc1"));
    if (!clang && !gcc) continue;
    for (size_t i = 0; i < words.size(); ++i) {
      const std::string& word = words[i];
      const bool has_next = i + 1 < words.size();
      if (gcc && word.rfind("-m", 0) == 0) {
        options.push_back(word);
      } else if (gcc && word == "--param" && has_next) {
        options.insert(options.end(), {word, words[++i]});
      } else if (clang && word == "-target-cpu" && has_next) {
        options.push_back("-march=" + words[++i]);
      } else if (clang && word == "-tune-cpu" && has_next) {
        options.push_back("-mtune=" + words[++i]);
      } else if (clang && word == "-target-feature" && has_next) {
        options.insert(options.end(), {"-Xclang", "-target-feature", "-Xclang", words[++i]});  // not every one has a -m flag
      }
    }
    return options;
  }
  return {};
}

}  // namespace

// The build of the shared object (not the assembly abtool writes beside it for the IR view): the
// compile a user's build makes. The driver's processes are its stages. Under Valgrind the CPU the
// compiler sees is Valgrind's (no AVX-512), so -march=native is given as what it resolves to
// natively: the counted compile builds the measured binary.
CountedCompile HostCompiler::count_compile(const CompileJob& job, const CompileCounting& counting) const {
  std::vector<std::string> args = arguments(job);
  const auto native = std::find(args.begin(), args.end(), "-march=native");
  if (native != args.end()) {
    std::vector<std::string> probe = args;
    probe.insert(probe.end(), {"-###", "-S", "-o", "/dev/null"});
    const std::vector<std::string> resolved = native_target_options({fingerprint_.path, probe, "", fingerprint_.env});
    if (!resolved.empty()) {
      args.erase(std::remove_if(args.begin(), args.end(), [](const std::string& word) { return word == "-march=native" || word == "-mtune=native"; }),
                 args.end());
      args.insert(args.begin(), resolved.begin(), resolved.end());
    }
  }
  const fs::path library = job.work_dir / "variant.so", dumps = job.work_dir / "callgrind";
  fs::create_directories(dumps);
  args.insert(args.end(), {"-shared", "-o", library.string()});
  CountedCompile counted;
  counted.profile = count_under_callgrind(counting, {fingerprint_.path, args, host_entry_source(job), fingerprint_.env}, dumps);
  if (!fs::is_regular_file(library)) throw CompileCountError("the compile under callgrind wrote no shared object");
  counted.binary_hash = sha256_of_file(library.string());
  return counted;
}

// The compile of variant.s again, printing its passes: the code the measured shared object holds
// (the same flags; the assembly and the shared object come from one front end and middle end).
PassCompile HostCompiler::compile_with_pass_dumps(const CompileJob& job) const {
  PassCompile compiled;
  compiled.variant = compile(job);
  if (!compiled.variant.ok) return compiled;
  const bool clang = fingerprint_.version.find("clang") != std::string::npos;
  const fs::path dumps = job.work_dir / "passes";
  fs::create_directories(dumps);
  std::vector<std::string> argv = arguments(job);
  argv.push_back("-ftime-report");  // each pass's time, on stderr after the dumps (GCC and Clang alike)
  if (clang) argv.insert(argv.end(), {"-mllvm", "-print-after-all"});
  else argv.insert(argv.end(), {"-fdump-tree-all", "-fdump-ipa-all", "-fdump-rtl-all", "-dumpdir", dumps.string() + "/"});
  argv.insert(argv.end(), {"-S", "-o", (dumps / "variant.s").string()});
  ProcessResult result;
  try {
    result = run_process({fingerprint_.path, argv, host_entry_source(job), fingerprint_.env, std::chrono::seconds(600)});
  } catch (const std::exception& error) {
    compiled.no_passes = std::string("the compile with pass dumps did not start: ") + error.what();
    return compiled;
  }
  if (result.exit_code != 0) {
    compiled.no_passes = fmt::format("the compile with pass dumps failed (exit {}): {}", result.exit_code, last_line(result.err));
    return compiled;
  }
  compiled.passes = clang ? read_pass_dump(before_time_report(result.err)) : read_gcc_dumps(dumps);
  compiled.times = read_time_report(result.err);
  if (compiled.passes.empty())
    compiled.no_passes = clang ? "clang printed no pass dump (-mllvm -print-after-all)"
                               : "the compiler wrote no per-pass dumps (-fdump-tree-all -fdump-rtl-all): is it GCC?";
  return compiled;
}

}  // namespace abt
