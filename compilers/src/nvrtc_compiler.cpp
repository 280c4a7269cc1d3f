#include "util/environment.h"
#include "nvrtc_compiler.h"

#include <fmt/format.h>
#include <nvrtc.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

#include "util/dynamic_library.h"
#include "util/errors.h"
#include "util/files.h"
#include "util/sha256.h"

namespace abt {
namespace fs = std::filesystem;

// The NVRTC entry points abtool uses, resolved from the library named by the compiler spec.
class NvrtcLibrary {
 public:
  explicit NvrtcLibrary(const std::string& location) {
    try {
      library_ = std::make_unique<DynamicLibrary>(location);
      library_->resolve(version, "nvrtcVersion");
      library_->resolve(create, "nvrtcCreateProgram");
      library_->resolve(destroy, "nvrtcDestroyProgram");
      library_->resolve(compile, "nvrtcCompileProgram");
      library_->resolve(log_size, "nvrtcGetProgramLogSize");
      library_->resolve(log, "nvrtcGetProgramLog");
      library_->resolve(ptx_size, "nvrtcGetPTXSize");
      library_->resolve(ptx, "nvrtcGetPTX");
      library_->resolve(cubin_size, "nvrtcGetCUBINSize");
      library_->resolve(cubin, "nvrtcGetCUBIN");
      library_->resolve(add_name, "nvrtcAddNameExpression");
      library_->resolve(lowered_name, "nvrtcGetLoweredName");
      library_->resolve(error_string, "nvrtcGetErrorString");
    } catch (const std::runtime_error& error) {
      throw InputError(std::string("--compiler nvrtc: ") + error.what());
    }
  }
  fs::path path() const { return library_->file(); }

  decltype(&::nvrtcVersion) version = nullptr;
  decltype(&::nvrtcCreateProgram) create = nullptr;
  decltype(&::nvrtcDestroyProgram) destroy = nullptr;
  decltype(&::nvrtcCompileProgram) compile = nullptr;
  decltype(&::nvrtcGetProgramLogSize) log_size = nullptr;
  decltype(&::nvrtcGetProgramLog) log = nullptr;
  decltype(&::nvrtcGetPTXSize) ptx_size = nullptr;
  decltype(&::nvrtcGetPTX) ptx = nullptr;
  decltype(&::nvrtcGetCUBINSize) cubin_size = nullptr;
  decltype(&::nvrtcGetCUBIN) cubin = nullptr;
  decltype(&::nvrtcAddNameExpression) add_name = nullptr;
  decltype(&::nvrtcGetLoweredName) lowered_name = nullptr;
  decltype(&::nvrtcGetErrorString) error_string = nullptr;

 private:
  std::unique_ptr<DynamicLibrary> library_;
};

namespace {

// One nvrtcProgram, destroyed on every path out.
class Program {
 public:
  Program(const NvrtcLibrary& nvrtc, const std::string& source, const std::string& name) : nvrtc_(nvrtc) {
    result_ = nvrtc.create(&program_, source.c_str(), name.c_str(), 0, nullptr, nullptr);
  }
  ~Program() {
    if (program_) nvrtc_.destroy(&program_);
  }
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;
  nvrtcProgram get() const { return program_; }
  nvrtcResult created() const { return result_; }

  std::string log() const {
    size_t size = 0;
    if (nvrtc_.log_size(program_, &size) != NVRTC_SUCCESS || size <= 1) return "";
    std::string text(size, '\0');
    nvrtc_.log(program_, text.data());
    text.resize(size - 1);
    return text;
  }

 private:
  const NvrtcLibrary& nvrtc_;
  nvrtcProgram program_ = nullptr;
  nvrtcResult result_;
};

void write_binary(const fs::path& path, const std::vector<char>& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), std::streamsize(bytes.size()));
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace

std::string cuda_type_name(DType dtype) {
  switch (dtype) {
    case DType::fp32: return "float";
    case DType::fp64: return "double";
    case DType::fp16: return "__half";
    case DType::bf16: return "__nv_bfloat16";
    case DType::i32: return "int";
    case DType::i64: return "long long";
    case DType::i8: return "signed char";
    case DType::u8: return "unsigned char";
    case DType::i16: return "short";
    case DType::u1: return "bool";
  }
  return "float";
}

fs::path cuda_headers_near(const fs::path& library) {
  std::vector<fs::path> candidates;
  if (!library.empty()) {
    // <toolkit>/lib64/libnvrtc.so, <toolkit>/targets/<arch>/lib/libnvrtc.so, a wheel's nvidia/cuda_nvrtc/lib.
    for (fs::path dir = library.parent_path(); !dir.empty() && dir != dir.root_path(); dir = dir.parent_path()) {
      candidates.push_back(dir / "include");
      candidates.push_back(dir / "cuda_runtime" / "include");
      if (candidates.size() > 8) break;
    }
  }
  if (const auto& home = environment().cuda_home) candidates.push_back(*home / "include");
  candidates.push_back("/usr/local/cuda/include");
  for (const auto& dir : candidates)
    if (fs::exists(dir / "cuda_fp16.h")) return dir;
  return {};
}

NvrtcCompiler::NvrtcCompiler(const CompilerSpec& spec, std::string arch)
    : library_(std::make_unique<NvrtcLibrary>(spec.location.empty() ? "libnvrtc.so.13" : spec.location)),
      arch_(std::move(arch)) {
  int major = 0, minor = 0;
  library_->version(&major, &minor);
  fingerprint_.backend = BackendKind::nvrtc;
  fingerprint_.version = fmt::format("NVRTC {}.{}", major, minor);
  fingerprint_.path = library_->path().string();
  fingerprint_.sha256 = fingerprint_.path.empty() ? "" : sha256_of_file(fingerprint_.path);
  fingerprint_.flags = {"--gpu-architecture=" + arch_, "-std=c++17"};
  // cuda_fp16.h and friends are not built into NVRTC: the toolkit's headers next to the library.
  if (fs::path headers = cuda_headers_near(library_->path()); !headers.empty())
    fingerprint_.flags.push_back("--include-path=" + headers.string());
  fingerprint_.flags.insert(fingerprint_.flags.end(), spec.flags.begin(), spec.flags.end());
  fingerprint_.env = spec.env;
}

NvrtcCompiler::~NvrtcCompiler() = default;

std::vector<CompileStage> parse_nvrtc_times(const std::string& csv) {
  std::vector<CompileStage> stages;
  std::istringstream lines(csv);
  std::string line;
  std::getline(lines, line);  // "File name, phase name, metric, unit"
  auto trimmed = [](std::string text) {
    const size_t first = text.find_first_not_of(" \t\r");
    const size_t last = text.find_last_not_of(" \t\r");
    return first == std::string::npos ? std::string() : text.substr(first, last + 1 - first);
  };
  while (std::getline(lines, line)) {
    std::vector<std::string> cells;
    std::istringstream row(line);
    for (std::string cell; std::getline(row, cell, ',');) cells.push_back(trimmed(cell));
    if (cells.size() != 4 || cells[3] != "ms" || cells[1].empty() || cells[1].size() > 64) continue;
    double ms = 0;
    try {
      ms = std::stod(cells[2]);
    } catch (const std::exception&) {
      continue;
    }
    if (!(ms >= 0)) continue;
    auto known = std::find_if(stages.begin(), stages.end(), [&](const CompileStage& stage) { return stage.name == cells[1]; });
    if (known == stages.end()) stages.push_back({cells[1], ms, std::nullopt});
    else *known->ms += ms;
  }
  return stages;
}

CompiledVariant NvrtcCompiler::compile(const CompileJob& job) const {
  CompiledVariant variant;
  std::string source;
  try {
    source = read_text_file(job.source);
  } catch (const InputError& error) {
    variant.log = error.what();
    return variant;
  }
  std::vector<std::string> options = fingerprint_.flags;
  options.push_back("-I" + job.source.parent_path().string());
  options.push_back("-DABT_DTYPE=" + cuda_type_name(job.dtype));
  for (const auto& [name, value] : job.config) options.push_back("-D" + name + "=" + value);
  // NVRTC's own phases (front end, NVVM optimizer, PTX translation: ptxas inside NVRTC), timed by
  // NVRTC itself; the option changes no byte of the code. An NVRTC without it is asked once.
  const fs::path times = job.work_dir / "nvrtc-time.csv";
  const bool timed = !time_option_refused_.load();
  if (timed) options.push_back("--time=" + times.string());
  std::vector<const char*> argv;
  for (const auto& option : options) argv.push_back(option.c_str());

  // The program is named after the file alone, so PTX does not carry this machine's paths.
  Program program(*library_, source, job.source.filename().string());
  if (program.created() != NVRTC_SUCCESS) {
    variant.log = std::string("nvrtcCreateProgram: ") + library_->error_string(program.created());
    return variant;
  }
  const std::string name_expression = "&" + job.kernel;
  library_->add_name(program.get(), name_expression.c_str());
  nvrtcResult compiled = library_->compile(program.get(), int(argv.size()), argv.data());
  if (timed && compiled == NVRTC_ERROR_INVALID_OPTION) {
    time_option_refused_ = true;
    return compile(job);
  }
  variant.log = program.log();
  if (compiled != NVRTC_SUCCESS) {
    variant.log += std::string(variant.log.empty() ? "" : "\n") + "nvrtcCompileProgram: " + library_->error_string(compiled);
    return variant;
  }
  if (timed)
    if (auto text = read_file_if_present(times)) variant.profile.stages = parse_nvrtc_times(*text);
  const char* lowered = nullptr;
  if (library_->lowered_name(program.get(), name_expression.c_str(), &lowered) != NVRTC_SUCCESS || !lowered) {
    variant.log += "\nkernel " + job.kernel + " not found in " + job.source.string();
    return variant;
  }
  variant.entry_symbol = lowered;

  size_t ptx_size = 0, cubin_size = 0;
  library_->ptx_size(program.get(), &ptx_size);
  std::vector<char> ptx(ptx_size);
  library_->ptx(program.get(), ptx.data());
  if (!ptx.empty() && ptx.back() == '\0') ptx.pop_back();
  library_->cubin_size(program.get(), &cubin_size);
  std::vector<char> cubin(cubin_size);
  library_->cubin(program.get(), cubin.data());
  if (cubin.empty()) {
    variant.log += "\nno CUBIN (a virtual architecture like compute_90 gives PTX only; use sm_XX)";
    return variant;
  }
  variant.binary = job.work_dir / "variant.cubin";
  write_binary(variant.binary, cubin);
  write_binary(job.work_dir / "variant.ptx", ptx);
  variant.binary_hash = sha256_of_file(variant.binary.string());
  variant.ir["ptx"] = job.work_dir / "variant.ptx";
  variant.ir["cubin"] = variant.binary;  // irdump derives .sass and .res from it for measured variants
  variant.ok = true;
  return variant;
}

}  // namespace abt
