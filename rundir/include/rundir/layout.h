// runs/<op>_<YYYYmmdd-HHMMSS>/ (SPEC section 5): the one place that names the files of a run
// directory, and the schema of each JSON file in it.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace abt {

// "schema" of every JSON file abtool writes; readers accept these, and the versions before
// them that they still read (results/2 held every sample inline; results/3 had no hardware
// counters and no GPU instruction counts; results/4 no compile profiles; results/5 no phases_s;
// results/6 no metrics list;
// meta/2 had no "sweep"; meta/3 spelled a shard from 0, "0/4" for the first of four).
inline constexpr const char* kMetaSchema = "abtool.meta/4";
inline constexpr const char* kMetaSchemaV3 = "abtool.meta/3";
inline constexpr const char* kMetaSchemaV2 = "abtool.meta/2";
inline constexpr const char* kResultsSchema = "abtool.results/7";
inline constexpr const char* kResultsSchemaV6 = "abtool.results/6";
inline constexpr const char* kResultsSchemaV5 = "abtool.results/5";
inline constexpr const char* kResultsSchemaV4 = "abtool.results/4";
inline constexpr const char* kResultsSchemaV3 = "abtool.results/3";
inline constexpr const char* kResultsSchemaV2 = "abtool.results/2";
inline constexpr const char* kSamplesFormat = "abtool.samples/1";  // the samples sidecar (samples_file.h)
inline constexpr const char* kAutotuneRecordSchema = "abtool.autotune_record/2";
inline constexpr const char* kDiffSchema = "abtool.diff/11";

class RunLayout {
 public:
  explicit RunLayout(std::filesystem::path dir) : dir_(std::move(dir)) {}

  const std::filesystem::path& dir() const { return dir_; }
  std::filesystem::path run_log() const { return dir_ / "run.log"; }
  std::filesystem::path meta() const { return dir_ / "meta.json"; }
  std::filesystem::path shapes() const { return dir_ / "shapes.yaml"; }
  std::filesystem::path autotune_db() const { return dir_ / "autotune.sqlite"; }
  std::filesystem::path autotune_records() const { return dir_ / "autotune_records"; }
  std::filesystem::path autotune_record(const std::string& op) const { return autotune_records() / (plain(op) + ".json"); }
  std::filesystem::path results() const { return dir_ / "results.json"; }
  std::filesystem::path samples() const { return dir_ / "samples.bin"; }  // the samples sidecar (samples_file.h)
  std::filesystem::path lock() const { return dir_ / "lock"; }  // the pid of the run's last writer (run_lock.h)
  std::filesystem::path ir() const { return dir_ / "ir"; }
  std::filesystem::path ir_index() const { return ir() / "index.tsv"; }
  std::filesystem::path ir_naming() const { return ir() / "naming.md"; }
  // replay --passes: each point's pass outputs, both sides, and explain.json (explain/dump_folder.h)
  std::filesystem::path pass_dumps() const { return ir() / "passes"; }
  std::filesystem::path ir_folder(const std::string& shape, const std::string& kernel) const {
    return ir() / plain(shape) / plain(kernel);
  }
  // ir/<shape>/<kernel>/<variant>.<extension>
  std::filesystem::path ir_file(const std::string& shape, const std::string& kernel, const std::string& variant,
                                const std::string& extension) const {
    return ir_folder(shape, kernel) / (plain(variant) + "." + plain(extension));
  }
  // bin/<shape>/<kernel>/<variant>.<extension>: the measured variants' binaries
  std::filesystem::path bin_file(const std::string& shape, const std::string& kernel, const std::string& variant,
                                 const std::string& extension) const {
    return dir_ / "bin" / plain(shape) / plain(kernel) / (plain(variant) + "." + plain(extension));
  }
  // A path as results.json stores it: relative to the run directory.
  std::string relative(const std::filesystem::path& file) const { return std::filesystem::relative(file, dir_).string(); }

  // runs/<first op>[+<second>|+<n>more]_<YYYYmmdd-HHMMSS>[-<k>], not yet existing.
  static std::filesystem::path default_path(const std::vector<std::string>& ops);

 private:
  // Every name that becomes a path here is one plain component (util/files.h): nothing a spec or
  // a run directory says can make abtool write outside the run. InputError otherwise.
  static const std::string& plain(const std::string& name);
  std::filesystem::path dir_;
};

}  // namespace abt
