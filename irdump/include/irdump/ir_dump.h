// The run directory's ir/ tree (IR files of measured variants only, and index.tsv listing every
// compiled variant with its role) and bin/ (the measured variants' binaries). Everything is on disk as soon as it is known (SPEC section 5).
#pragma once
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "compilers/compiler.h"
#include "model/binary_manifest.h"
#include "rundir/index_row.h"
#include "rundir/layout.h"

namespace abt {

class IrDump {
 public:
  explicit IrDump(RunLayout run);

  // Copies the IR files to ir/<shape>/<kernel>/<variant>.<ext> and returns their paths relative
  // to the run directory. Called before the variant's first measured launch. A "cubin" entry is
  // not copied: .sass and .res are derived from it (cuda_binary_ir.h).
  std::vector<std::string> write_measured(IndexRow row, const std::map<std::string, std::filesystem::path>& ir);
  // Copies a measured variant's binary to bin/<shape>/<kernel>/<variant>.<ext> (SPEC section 5):
  // with the manifest, A's code can be run again in a replay without A's compiler.
  BinaryManifest write_binary(const IndexRow& row, const CompiledVariant& variant);
  void add_row(IndexRow row);  // sweep losers and compile failures
  void add_launches(const std::string& shape, const std::string& kernel, const std::string& variant, long long count);
  void add_legend(const std::string& op, const std::string& markdown);

 private:
  void flush_index();  // whole file, atomically
  void write_naming();
  void write_cuda_binary_ir(const std::filesystem::path& cubin, const std::filesystem::path& stem,
                            const std::function<void(const std::filesystem::path&)>& record);
  std::string missing_tools_note_;
  RunLayout run_;
  std::mutex mutex_;
  std::vector<IndexRow> rows_;
  std::map<std::string, std::string> legends_;
};

}  // namespace abt
