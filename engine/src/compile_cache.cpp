#include "engine/compile_cache.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "irdump/cuda_binary_ir.h"
#include "util/parallel.h"
#include "util/sha256.h"
#include "util/terminal.h"

namespace abt {
namespace fs = std::filesystem;

CompileCache::CompileCache(const CompilerBackend& compiler, fs::path source, std::string kernel,
                           const std::vector<ArgSpec>& args, std::string label, const CompileStore* store)
    : compiler_(compiler), source_(std::move(source)), kernel_(std::move(kernel)), args_(args),
      label_(std::move(label)), work_("abtool-build-"), store_(store) {}

std::string CompileCache::key_of(const Config& config, DType dtype, const Specialization& specialization) {
  return dtype_name(dtype) + "|" + config_text(config) + "|" + specialization.text();
}

namespace {

// The Python files beside a kernel's own (not below: a module in site-packages itself would
// otherwise stat the whole tree).
std::string folder_identity(const fs::path& dir) {
  std::vector<std::string> files;
  std::error_code error;
  for (auto it = fs::directory_iterator(dir, error); !error && it != fs::directory_iterator(); it.increment(error))
    if (it->path().extension() == ".py" && it->is_regular_file()) files.push_back(file_identity(it->path()));
  std::sort(files.begin(), files.end());
  std::string all;
  for (const auto& file : files) all += file + "\n";
  return all;
}

}  // namespace

CompileJob CompileCache::job_for(const Config& config, DType dtype, const Specialization& specialization, size_t serial) {
  CompileJob job;
  job.source = source_;
  job.kernel = kernel_;
  job.args = &args_;
  job.config = config;
  job.dtype = dtype;
  job.specialization = specialization;
  job.python = python_;
  job.work_dir = work_.path() / std::to_string(serial);
  fs::create_directories(job.work_dir);
  return job;
}

std::string CompileCache::store_key(const CompileJob& job) {
  std::lock_guard lock(mutex_);
  return variant_key(kernel_key_locked(), job);
}

const std::string& CompileCache::kernel_key_locked() {
  if (kernel_key_.empty()) {
    // An imported kernel also depends on its module's neighbours (the helpers it calls): the
    // folder of its file is part of the key, as the file alone is for a kernel loaded by path.
    const std::string imported =
        python_ ? "\n" + python_->text() + "\n" + folder_identity(fs::absolute(source_).parent_path()) : "";
    kernel_key_ = kernel_key(compiler_, source_, kernel_ + imported, args_);
  }
  return kernel_key_;
}

std::string CompileCache::compiled_memo() {
  std::lock_guard lock(mutex_);
  return sha256_hex("compiled before\n" + kernel_key_locked());  // a file name in the store
}

CompileJob CompileCache::kernel_job() const {
  CompileJob like;
  like.source = source_;
  like.kernel = kernel_;
  like.args = &args_;
  like.python = python_;
  return like;
}

void CompileCache::prepare() {
  // A kernel the persistent cache has compiled before most likely needs no compiler now.
  if (store_ && store_->recall(compiled_memo())) return;
  compiler_.prepare(kernel_job());
}

double CompileCache::wait_prepared() {
  if (store_ && store_->recall(compiled_memo())) return 0;
  const auto started = std::chrono::steady_clock::now();
  compiler_.wait_prepared(kernel_job());
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
}

void CompileCache::compile_all(const std::vector<Config>& configs, DType dtype, const Specialization& specialization) {
  const auto started = std::chrono::steady_clock::now();
  struct AddSeconds {
    std::atomic<double>& total;
    std::chrono::steady_clock::time_point since;
    ~AddSeconds() {
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
      for (double now = total.load(); !total.compare_exchange_weak(now, now + s);) {
      }
    }
  } add_seconds{seconds_, started};
  build(configs, dtype, specialization, true);
}

void CompileCache::prefetch(const std::vector<Config>& configs, DType dtype, const Specialization& specialization) {
  try {
    build(configs, dtype, specialization, false);
  } catch (const std::exception&) {
    // compile_all meets it again, on the engine's thread, where it becomes the point's error
  }
}

void CompileCache::build(const std::vector<Config>& configs, DType dtype, const Specialization& specialization, bool shown) {
  std::vector<std::pair<Config, size_t>> pending;
  std::vector<std::string> elsewhere;  // claimed by another call: waited for at the end
  {
    std::lock_guard lock(mutex_);
    for (const auto& config : configs) {
      const std::string key = key_of(config, dtype, specialization);
      if (auto found = built_.find(key); found == built_.end()) {
        built_[key] = nullptr;  // claimed
        pending.emplace_back(config, serial_++);
      } else if (!found->second) {
        elsewhere.push_back(key);
      }
    }
  }
  // Claims this call made and did not fill are given up on any way out, so no one waits forever.
  struct GiveUp {
    CompileCache& cache;
    std::vector<std::string> keys;
    ~GiveUp() {
      std::lock_guard lock(cache.mutex_);
      for (const auto& key : keys)
        if (auto found = cache.built_.find(key); found != cache.built_.end() && !found->second) cache.built_.erase(found);
      cache.built_now_.notify_all();
    }
  } give_up{*this, {}};
  for (const auto& [config, serial] : pending) give_up.keys.push_back(key_of(config, dtype, specialization));
  auto fill = [&](const Config& config, CompiledVariant variant) {
    std::lock_guard lock(mutex_);
    built_[key_of(config, dtype, specialization)] = std::make_unique<CompiledVariant>(std::move(variant));
    built_now_.notify_all();
  };
  // A config asked for alone is the one its point measures (a replay's pinned config, a space of
  // one): its disassembly comes with its compile, often ahead of need (the compile cache keeps
  // it), or with its load from the cache where a sweep compiled it. A sweep's candidates are not
  // disassembled: only the winner is, when its IR is written.
  const bool disassemble = configs.size() == 1;
  // The persistent cache first: what it holds needs no compiler at all.
  if (store_) {
    std::vector<std::pair<Config, size_t>> missing;
    for (const auto& [config, serial] : pending) {
      const CompileJob job = job_for(config, dtype, specialization, serial);
      const std::string key = store_key(job);
      if (auto variant = store_->load(key, job.work_dir)) {
        if (disassemble) derive_cuda_binary_ir(*variant);
        fill(config, std::move(*variant));
        std::lock_guard lock(mutex_);
        ++cached_;
      } else {
        missing.emplace_back(config, serial);
      }
    }
    pending = std::move(missing);
  }
  if (!pending.empty()) compile_pending(pending, dtype, specialization, shown, disassemble, fill);
  std::unique_lock lock(mutex_);
  for (const auto& key : elsewhere) {
    built_now_.wait(lock, [&] {
      auto found = built_.find(key);
      return found == built_.end() || found->second;  // built, or given up (then it is this call's to build)
    });
    if (!built_.count(key)) {  // the other call failed: build it here, where its error is met
      lock.unlock();
      for (const auto& config : configs)
        if (key_of(config, dtype, specialization) == key) build({config}, dtype, specialization, shown);
      lock.lock();
    }
  }
}

void CompileCache::compile_pending(const std::vector<std::pair<Config, size_t>>& pending, DType dtype,
                                   const Specialization& specialization, bool shown, bool disassemble,
                                   const std::function<void(const Config&, CompiledVariant)>& fill) {
  std::optional<Progress> progress;
  if (shown)
    progress.emplace("compiling " + label_ + " " + dtype_name(dtype) + (specialization.empty() ? "" : " " + specialization.text()),
                     int(pending.size()), "variants");
  // Up to twice as many variants as cores: every one at once, alone in its process (a compile is
  // one busy thread), so the scheduler packs n of them on c cores in about n / c of one's time,
  // where waves of c take ceil(n / c) of it (22 Triton variants on 16 cores: two waves, against
  // about 1.4). More: batches of the backend's preferred size (a Python process per batch for
  // Triton), but never so large that a core stays idle.
  const size_t cores = logical_cores();
  const bool all_at_once = pending.size() <= 2 * cores;
  const size_t batch =
      all_at_once ? 1 : std::max<size_t>(1, std::min(compiler_.preferred_batch(), (pending.size() + cores - 1) / cores));
  std::atomic<size_t> next{0};
  std::atomic<int> done{0};
  std::mutex progress_mutex;
  auto worker = [&] {
    for (size_t first; (first = next.fetch_add(batch)) < pending.size();) {
      const size_t last = std::min(first + batch, pending.size());
      std::vector<CompileJob> jobs;
      for (size_t index = first; index < last; ++index) jobs.push_back(job_for(pending[index].first, dtype, specialization, pending[index].second));
      const auto started = std::chrono::steady_clock::now();
      std::vector<CompiledVariant> variants = compiler_.compile_batch(jobs);
      const double share_ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count() / double(jobs.size());
      for (auto& variant : variants) {
        // Where the compiler times its own stages, that is the compile: the same on both sides
        // whether its process was forked warm, started cold or shared by a batch (a cold start
        // against a fork server's warm one made a 39x "compile time" change on an H100).
        variant.compile_ms = variant.profile.stages_ms().value_or(share_ms);
        if (disassemble) derive_cuda_binary_ir(variant);  // outside compile_ms: what the compiler took is what it reports
      }
      if (store_)
        for (size_t index = first; index < last; ++index) store_->store(store_key(jobs[index - first]), variants[index - first]);
      for (size_t index = first; index < last; ++index) {
        fill(pending[index].first, std::move(variants[index - first]));
        {
          std::lock_guard lock(mutex_);
          ++compiled_;
        }
        std::lock_guard progress_lock(progress_mutex);
        ++done;
        if (progress) progress->update(done, config_text(pending[index].first));
      }
    }
  };
  size_t workers = all_at_once ? pending.size() : std::min<size_t>(cores, (pending.size() + batch - 1) / batch);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < workers; ++i) threads.emplace_back(worker);
  for (auto& thread : threads) thread.join();
  if (store_) store_->remember(compiled_memo(), {{"compiled", true}});
}

CountedCompile CompileCache::count(const Config& config, DType dtype, const Specialization& specialization,
                                   const CompileCounting& counting) {
  size_t serial = 0;
  {
    std::lock_guard lock(mutex_);
    serial = serial_++;
  }
  const CompileJob job = job_for(config, dtype, specialization, serial);
  struct Cleanup {
    fs::path dir;
    ~Cleanup() {
      std::error_code ignored;
      fs::remove_all(dir, ignored);  // the dumps of a Triton compile are megabytes
    }
  } cleanup{job.work_dir};
  return compiler_.count_compile(job, counting);
}

const CompiledVariant& CompileCache::get(const Config& config, DType dtype, const Specialization& specialization) {
  compile_all({config}, dtype, specialization);
  std::lock_guard lock(mutex_);
  const auto& built = built_.at(key_of(config, dtype, specialization));
  if (!built) throw std::logic_error("CompileCache::get: a variant claimed and not built");
  return *built;
}

}  // namespace abt
