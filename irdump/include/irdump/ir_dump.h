// The run directory's ir/ tree (IR files of measured variants only, and index.tsv listing every
// compiled variant with its role) and bin/ (the measured variants' binaries). IR files, binaries
// and index rows are on disk as soon as they are known (SPEC section 5): a new row is appended to
// index.tsv at once. Launch counts and roles change as points run; the file is rewritten with them
// once enough have changed (a quarter of its rows), so a long run's cost stays linear in its
// rows, and whole when the dump ends (flush). A run killed midway keeps every row, with counts as
// of the last rewrite.
#pragma once
#include <filesystem>
#include <functional>
#include <future>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "compilers/compiler.h"
#include "model/binary_manifest.h"
#include "rundir/index_row.h"
#include "rundir/layout.h"
#include "util/append_file.h"

namespace abt {

// The IR files of a measured variant: those copied at once, and its disassembly (.sass, .res),
// which runs on a thread of its own beside the timing (a disassembler takes a few tenths of a
// second a variant) and is written before all() returns.
struct WrittenIr {
  std::vector<std::string> files;
  std::shared_future<std::vector<std::string>> disassembled;  // invalid: nothing to disassemble
  std::vector<std::string> all() const;  // relative to the run directory; waits for the disassembly
  void wait() const {
    if (disassembled.valid()) disassembled.wait();
  }
};

class IrDump {
 public:
  explicit IrDump(RunLayout run);
  ~IrDump();  // flushes (best effort)

  // Copies the IR files to ir/<shape>/<kernel>/<variant>.<ext>. Called before the variant's first
  // measured launch. A "cubin" entry is not copied: .sass and .res are derived from it
  // (cuda_binary_ir.h) on a thread of their own; the cubin must stay until all() returns.
  WrittenIr write_measured(IndexRow row, const std::map<std::string, std::filesystem::path>& ir);
  // Copies a measured variant's binary to bin/<shape>/<kernel>/<variant>.<ext> (SPEC section 5):
  // with the manifest, A's code can be run again in a replay without A's compiler.
  BinaryManifest write_binary(const IndexRow& row, const CompiledVariant& variant);
  void add_row(IndexRow row);  // sweep losers and compile failures
  void add_launches(const std::string& shape, const std::string& kernel, const std::string& variant, long long count);
  void add_legend(const std::string& op, const std::string& markdown);
  void flush();  // index.tsv rewritten with every count and role as they are now

 private:
  void add_locked(IndexRow row);
  void changed_locked();  // a row's count or role changed: rewrite once enough did
  void rewrite_index();   // whole file, atomically; appends go on after it
  void write_naming();
  std::vector<std::string> write_cuda_binary_ir(const std::filesystem::path& cubin, const std::string& binary_hash,
                                                const std::filesystem::path& stem);
  // A binary's disassembly and resource usage, by its hash: a variant measured at many points (one
  // config of a kernel at every shape) is disassembled once, not once a point.
  struct Disassembly {
    std::optional<std::string> sass, resources;
  };
  std::map<std::string, std::shared_future<Disassembly>> disassembled_;  // under mutex_
  std::string missing_tools_note_;
  RunLayout run_;
  std::mutex mutex_;
  std::vector<IndexRow> rows_;
  size_t loaded_rows_ = 0;  // the first rows: a resumed run's, read from its index.tsv
  std::unordered_map<std::string, std::vector<size_t>> by_variant_;  // "shape\tkernel\tvariant" -> rows
  std::optional<AppendFile> index_file_;
  size_t changed_ = 0;  // rows whose count or role changed since the last rewrite
  std::map<std::string, std::string> legends_;
};

}  // namespace abt
