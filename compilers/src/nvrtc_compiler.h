// `nvrtc` backend: CUDA C++ to CUBIN and PTX with an NVRTC library opened at run time, so
// `nvrtc:/path/to/libnvrtc.so.12` compares another NVRTC build without rebuilding abtool.
#pragma once
#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "compilers/compiler.h"

namespace abt {

class NvrtcLibrary;

class NvrtcCompiler : public CompilerBackend {
 public:
  // `arch` is the target, e.g. "sm_90": the device's, or --arch where there is no GPU.
  // Throws InputError when the library cannot be opened or lacks NVRTC's entry points.
  NvrtcCompiler(const CompilerSpec& spec, std::string arch);
  ~NvrtcCompiler() override;
  const CompilerFingerprint& fingerprint() const override { return fingerprint_; }
  bool accepts(Language language) const override { return language == Language::cuda; }
  CompiledVariant compile(const CompileJob& job) const override;

 private:
  std::unique_ptr<NvrtcLibrary> library_;
  mutable std::atomic<bool> time_option_refused_{false};  // an NVRTC older than --time
  std::string arch_;
  CompilerFingerprint fingerprint_;
};

// The directory holding cuda_fp16.h for the NVRTC library at `library` (empty if none is found).
std::filesystem::path cuda_headers_near(const std::filesystem::path& library);

// NVRTC's --time table ("File name, phase name, metric, unit" rows) as stages with wall times,
// in its order; rows that are not milliseconds of a named phase are left out.
std::vector<CompileStage> parse_nvrtc_times(const std::string& csv);

// The CUDA spelling of a dtype for `-DABT_DTYPE=...` (fp16 -> __half, bf16 -> __nv_bfloat16).
std::string cuda_type_name(DType dtype);

}  // namespace abt
