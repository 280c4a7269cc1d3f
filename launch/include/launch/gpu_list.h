// The GPUs this process can use (CUDA_VISIBLE_DEVICES applies), named without creating a
// context on any of them: what `--gpus LIST|all` is checked against before a worker starts.
#pragma once
#include <string>
#include <vector>

namespace abt {

struct GpuIdentity {
  int index = 0;     // the CUDA ordinal, as --gpu takes it
  std::string name;  // the model: "NVIDIA H200"
  std::string uuid;  // "GPU-8f5c1a2b-..."
};

// Empty where there is no driver or no device; `why_none` then says why. A test seam:
// ABTOOL_TEST_GPUS="MODEL;MODEL;..." stands for that many devices (uuid GPU-test-<index>), so
// the multi-GPU supervisor is tested on machines without one; their points run host ops only.
std::vector<GpuIdentity> visible_gpus(std::string* why_none);

}  // namespace abt
