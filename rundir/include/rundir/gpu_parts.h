// OUT/gpus.json of a `--gpus` run while it runs (docs/scale-out.md: "Several GPUs"): the run's devices and,
// per device, the part of the points measured there as its own shard run under OUT/parts/, with
// the command line that starts it. `--resume OUT` reads it to finish the unfinished parts; once
// every part finished, they are merged into OUT and this file and parts/ are removed.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "model/vocabulary.h"

namespace abt {

inline constexpr const char* kGpuPartsSchema = "abtool.gpu_parts/1";

struct GpuPart {
  int gpu = 0;                    // CUDA ordinal
  std::string name, uuid;         // the device
  std::string dir;                // under OUT/parts/: "gpu0"
  std::vector<std::string> args;  // the part's measuring command line, without the program
};

struct GpuPartsRecord {
  RunMode mode = RunMode::record;
  std::vector<std::string> command_line;  // as the user gave it: the merged run's
  std::filesystem::path working_directory;
  std::vector<GpuPart> parts;

  static std::filesystem::path file(const std::filesystem::path& out) { return out / "gpus.json"; }
  static std::filesystem::path parts_dir(const std::filesystem::path& out) { return out / "parts"; }
  std::filesystem::path part_dir(const std::filesystem::path& out, const GpuPart& part) const;

  void write(const std::filesystem::path& out) const;
  static GpuPartsRecord read(const std::filesystem::path& out);  // validates; RunFormatError on damage
};

// A reader given such a run before its parts were merged (gpus.json, no meta.json): InputError
// saying where the parts are and that `--resume` merges them. Nothing otherwise.
void refuse_unmerged_gpu_run(const std::filesystem::path& dir);

}  // namespace abt
