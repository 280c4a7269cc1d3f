// explain --out DIR: each point's pass outputs per side, every distinct output stored once, gzipped,
// under DIR/ir/<sha256>.ir.gz (most passes leave the IR as it was: the store holds only what changed), and
// DIR/<op>/<shape>/<dtype>/<a|b>.tsv listing the passes in order with the output each left.
#pragma once
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "passes/pass_dump.h"

namespace abt {

class DumpFolder {
 public:
  // Refuses (InputError) a folder that is not empty, or that lies in one of `inputs`.
  DumpFolder(std::filesystem::path dir, const std::vector<std::filesystem::path>& inputs, size_t cap_bytes);
  // Returns how many distinct outputs were left out for the cap.
  size_t store(const std::string& point_id, char side, const std::vector<PassPoint>& passes);
  const std::filesystem::path& dir() const { return dir_; }

 private:
  std::filesystem::path dir_;
  size_t cap_bytes_;  // of IR (before compression) per point and side
  std::set<std::string> stored_;  // sha256 of the outputs under ir/
};

}  // namespace abt
