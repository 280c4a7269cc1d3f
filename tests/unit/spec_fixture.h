// Writes small op specs into a private folder, for tests that need valid or broken ones.
#pragma once
#include <filesystem>
#include <fstream>
#include <string>

#include "util/files.h"

namespace abt::testing {

inline const char* kValidSpec = R"(op: toy
language: cpp
source: toy.cpp
kernel: toy
dims: [M, N]
dtypes: [fp32]
tune:
  BLOCK_M: [16, 32]
  num_warps: [4]
args:
  - {name: m, kind: scalar, dtype: i64, value: M}
  - {name: x, kind: in, dtype: $dtype, shape: [M, N]}
  - {name: y, kind: out, dtype: $dtype, shape: [M, N]}
reference: {source: toy.cpp, kernel: toy}
verify:
  fp32: {rtol: 1.0e-5, atol: 1.0e-6}
metrics:
  flops: 2*M*N
  bytes: 2*M*N*dtype_size
)";

class SpecFolder {
 public:
  SpecFolder() : dir_("abtool-spec-") {
    std::filesystem::create_directories(dir_.path() / "toy");
    std::ofstream(dir_.path() / "toy" / "toy.cpp") << "void toy(long, const float*, float*) {}\n";
  }
  std::filesystem::path write(const std::string& yaml) {
    auto file = dir_.path() / "toy" / "op.yaml";
    std::ofstream(file) << yaml;
    return file;
  }
  std::filesystem::path root() const { return dir_.path(); }

 private:
  TempDir dir_;
};

inline std::string replaced(std::string text, const std::string& from, const std::string& to) {
  auto at = text.find(from);
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

}  // namespace abt::testing
