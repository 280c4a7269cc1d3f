#include "util/environment.h"
#include "compilers/compile_store.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <unistd.h>

#include "model/compile_profile_json.h"
#include "model/json_fields.h"
#include "util/files.h"
#include "util/sha256.h"

namespace abt {
namespace fs = std::filesystem;
namespace {

// Bumped when an entry's layout or what a key covers changes: older entries are then not found.
// 2: every file's sha256 is in variant.json ("files").
constexpr const char* kFormat = "abtool-compile-cache/2";

nlohmann::json variant_json(const CompiledVariant& variant) {
  nlohmann::json ir = nlohmann::json::object();
  for (const auto& [kind, file] : variant.ir) ir[kind] = file.filename().string();
  nlohmann::json files = nlohmann::json::object();  // the binary's hash is known; the IR files' are not
  files[variant.binary.filename().string()] = variant.binary_hash;
  for (const auto& [kind, file] : variant.ir) files[file.filename().string()] = sha256_of_file(file.string());
  return {{"files", files},
          {"log", variant.log},
          {"binary", variant.binary.filename().string()},
          {"binary_hash", variant.binary_hash},
          {"entry_symbol", variant.entry_symbol},
          {"ir", ir},
          {"triton", variant.triton ? variant.triton->to_json() : nlohmann::json()},
          {"compile_ms", variant.compile_ms},
          {"profile", compile_profile_json(variant.profile)}};
}

// Files of `from` into `to`, each under its own name; several IR kinds may share one file.
void copy_files(const CompiledVariant& variant, const fs::path& to) {
  fs::create_directories(to);
  std::set<fs::path> files{variant.binary};
  for (const auto& [kind, file] : variant.ir) files.insert(file);
  for (const auto& file : files) fs::copy_file(file, to / file.filename(), fs::copy_options::overwrite_existing);
}

// The bytes checked, written where the run uses them (not the cache's files, read again).
bool write_verified(const std::map<std::string, std::string>& contents, const fs::path& work_dir) {
  std::error_code error;
  fs::create_directories(work_dir, error);
  for (const auto& [name, bytes] : contents) {
    std::ofstream out(work_dir / name, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), std::streamsize(bytes.size()));
    if (!out.flush()) return false;
  }
  return !error;
}

std::string read_host_cpu() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line, model, flags;
  while (std::getline(cpuinfo, line) && (model.empty() || flags.empty())) {
    if (line.rfind("model name", 0) == 0 && model.empty()) model = line;
    if (line.rfind("flags", 0) == 0 && flags.empty()) flags = line;
  }
  return model + "\n" + flags;
}

const std::string& host_cpu() {
  static const std::string cpu = read_host_cpu();
  return cpu;
}

// The source and what it includes with #include "..." (relative to the including file).
void add_source(const fs::path& file, std::set<fs::path>& seen, std::string& digest_input) {
  std::error_code error;
  const fs::path canonical = fs::weakly_canonical(file, error);
  if (!seen.insert(canonical).second) return;
  auto text = read_file_if_present(canonical);
  digest_input += canonical.filename().string() + "\n" + sha256_hex(text.value_or("(missing)")) + "\n";
  if (!text) return;
  static const std::regex include(R"re(^\s*#\s*include\s*"([^"]+)")re");
  std::istringstream lines(*text);
  for (std::string line; std::getline(lines, line);) {
    std::smatch match;
    if (std::regex_search(line, match, include)) add_source(canonical.parent_path() / match[1].str(), seen, digest_input);
  }
}

}  // namespace

CompileStore::CompileStore(fs::path dir, uint64_t max_bytes) : dir_(std::move(dir)), max_bytes_(max_bytes) {}

fs::path CompileStore::entry(const std::string& key) const { return dir_ / "variants" / key.substr(0, 2) / key; }

void CompileStore::warn(const std::string& what) const {
  static bool warned = false;  // once per process: a cache problem is not the run's problem
  if (warned) return;
  warned = true;
  fmt::print(stderr, "abtool: warning: compile cache {}: {} (compiling without it)\n", dir_.string(), what);
}

std::optional<CompiledVariant> CompileStore::load(const std::string& key, const fs::path& work_dir) const {
  const fs::path folder = entry(key);
  auto text = read_file_within(folder, "variant.json");
  if (!text) return std::nullopt;
  // An entry is trusted only as far as it checks: each file a plain name inside the entry, read
  // through no link, its bytes hashing to what variant.json says (and the binary to its hash).
  // Anything else is removed, and the variant compiled again.
  auto damaged = [&] {
    std::error_code ignored;
    fs::remove_all(folder, ignored);
    return std::nullopt;
  };
  try {
    const nlohmann::json json = nlohmann::json::parse(*text);
    std::map<std::string, std::string> contents;  // file name -> its verified bytes
    for (const auto& [name, hash] : json.at("files").items()) {
      if (!is_plain_name(name)) return damaged();
      auto bytes = read_file_within(folder, name);
      if (!bytes || sha256_hex(*bytes) != hash.get<std::string>()) return damaged();
      contents[name] = std::move(*bytes);
    }
    auto verified = [&](const nlohmann::json& name) -> const std::string& {
      const auto found = contents.find(name.get<std::string>());
      if (found == contents.end()) throw std::runtime_error("a file without its hash");
      return found->first;
    };
    CompiledVariant variant;
    variant.ok = true;
    variant.log = json.at("log").get<std::string>();
    variant.binary = work_dir / verified(json.at("binary"));
    variant.binary_hash = json.at("binary_hash").get<std::string>();
    variant.entry_symbol = json.at("entry_symbol").get<std::string>();
    for (const auto& [kind, file] : json.at("ir").items()) variant.ir[kind] = work_dir / verified(file);
    if (!json.at("triton").is_null()) variant.triton = TritonLaunchContract::from_json(JsonFields(json.at("triton"), "cache"));
    variant.compile_ms = json.at("compile_ms").get<double>();
    if (auto profile = compile_profile_from_json(JsonFields(json, "cache"), "profile")) variant.profile = std::move(*profile);
    if (sha256_hex(contents.at(variant.binary.filename().string())) != variant.binary_hash) return damaged();
    if (!write_verified(contents, work_dir)) return std::nullopt;  // this run's folder, not the entry, failed
    std::error_code ignored;
    fs::last_write_time(folder / "variant.json", fs::file_time_type::clock::now(), ignored);  // recently used
    return variant;
  } catch (const std::exception&) {
    return damaged();
  }
}

void CompileStore::store(const std::string& key, const CompiledVariant& variant) const {
  if (!variant.ok) return;
  const fs::path folder = entry(key);
  if (fs::exists(folder)) return;
  try {
    // Unique to this store call: two ops of one process may compile the same variant at once.
    static std::atomic<uint64_t> stores{0};
    const fs::path scratch = dir_ / "incoming" / fmt::format("{}.{}.{}", key, ::getpid(), stores++);
    fs::remove_all(scratch);
    copy_files(variant, scratch);
    write_file_atomically(scratch / "variant.json", variant_json(variant).dump(1));
    fs::create_directories(folder.parent_path());
    std::error_code raced;
    fs::rename(scratch, folder, raced);  // another run stored it first: theirs stays
    if (raced) fs::remove_all(scratch);
  } catch (const std::exception& error) {
    warn(error.what());
  }
}

std::optional<nlohmann::json> CompileStore::recall(const std::string& key) const {
  auto text = read_file_if_present(dir_ / "compilers" / (key + ".json"));
  if (!text) return std::nullopt;
  try {
    return nlohmann::json::parse(*text);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

void CompileStore::remember(const std::string& key, const nlohmann::json& facts) const {
  try {
    fs::create_directories(dir_ / "compilers");
    write_file_atomically(dir_ / "compilers" / (key + ".json"), facts.dump(1));
  } catch (const std::exception& error) {
    warn(error.what());
  }
}

void CompileStore::prune() const {
  try {
    struct Entry {
      fs::path folder;
      fs::file_time_type used;
      uint64_t bytes = 0;
    };
    std::vector<Entry> entries;
    uint64_t total = 0;
    if (!fs::is_directory(dir_ / "variants")) return;
    for (const auto& shard : fs::directory_iterator(dir_ / "variants"))
      for (const auto& folder : fs::directory_iterator(shard.path())) {
        Entry entry{folder.path(), fs::last_write_time(folder.path() / "variant.json"), 0};
        for (const auto& file : fs::directory_iterator(folder.path())) entry.bytes += file.file_size();
        total += entry.bytes;
        entries.push_back(entry);
      }
    if (total <= max_bytes_) return;
    std::sort(entries.begin(), entries.end(), [](const Entry& x, const Entry& y) { return x.used < y.used; });
    for (const auto& entry : entries) {
      if (total <= max_bytes_) break;
      fs::remove_all(entry.folder);
      total -= entry.bytes;
      ++pruned_;
    }
  } catch (const std::exception& error) {
    warn(error.what());
  }
}

std::string kernel_key(const CompilerBackend& backend, const fs::path& source, const std::string& kernel,
                       const std::vector<ArgSpec>& args) {
  const CompilerFingerprint& compiler = backend.fingerprint();
  std::string input = std::string(kFormat) + "\n" + compiler.to_json().dump() + "\n" + backend.cache_identity() + "\n";
  std::set<fs::path> seen;
  add_source(source, seen, input);
  input += kernel + "\n";
  for (const auto& arg : args) {
    input += fmt::format("{} {} {} {}", arg.name, int(arg.kind), arg.dtype, arg.value.text());
    for (const auto& dim : arg.shape) input += " " + dim.text();
    if (arg.descriptor) {  // passed as a tensor descriptor: another signature, another kernel
      input += " descriptor";
      for (const auto& extent : arg.descriptor->block) input += " " + extent.text();
    }
    input += "\n";
  }
  if (compiler.backend == BackendKind::host) input += host_cpu();
  return sha256_hex(input);
}

std::string variant_key(const std::string& kernel_key, const CompileJob& job) {
  return sha256_hex(kernel_key + "\n" + config_text(job.config) + "\n" + dtype_name(job.dtype) + "\n" +
                    job.specialization.text());
}

std::string file_identity(const fs::path& file) {
  std::error_code error;
  const fs::path canonical = fs::canonical(file, error);
  if (error) return "missing " + file.string();
  const auto size = fs::file_size(canonical, error);
  const auto time = fs::last_write_time(canonical, error).time_since_epoch().count();
  return fmt::format("{} {} {}", canonical.string(), size, time);
}

std::string tree_identity(const fs::path& dir) {
  std::vector<std::string> files;
  std::error_code error;
  for (auto it = fs::recursive_directory_iterator(dir, error); !error && it != fs::recursive_directory_iterator();
       it.increment(error))
    if (it->is_regular_file()) files.push_back(file_identity(it->path()));
  std::sort(files.begin(), files.end());
  std::string all;
  for (const auto& file : files) all += file + "\n";
  return sha256_hex(all);
}

fs::path default_cache_dir() {
  const Environment& env = environment();
  if (env.cache_dir) return *env.cache_dir;
  if (env.xdg_cache_home) return *env.xdg_cache_home / "abtool";
  if (env.home) return *env.home / ".cache" / "abtool";
  return env.temp_dir / "abtool-cache";
}

uint64_t default_cache_max_bytes() { return environment().cache_max_mb * 1024 * 1024; }

}  // namespace abt
