// `nvrtc` backend: CUDA C++ to CUBIN and PTX with an NVRTC library opened at run time, so
// `nvrtc:/path/to/libnvrtc.so.12` compares another NVRTC build without rebuilding abtool.
#pragma once
#include <memory>

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
  std::string arch_;
  CompilerFingerprint fingerprint_;
};

// The directory holding cuda_fp16.h for the NVRTC library at `library` (empty if none is found).
std::filesystem::path cuda_headers_near(const std::filesystem::path& library);

// The CUDA spelling of a dtype for `-DABT_DTYPE=...` (fp16 -> __half, bf16 -> __nv_bfloat16).
std::string cuda_type_name(DType dtype);

}  // namespace abt
