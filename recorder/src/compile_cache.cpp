#include "recorder/compile_cache.h"

#include <atomic>
#include <thread>
#include <vector>

#include "util/terminal.h"

namespace abt {
namespace fs = std::filesystem;

CompileCache::CompileCache(const CompilerBackend& compiler, fs::path source, std::string kernel,
                           const std::vector<ArgSpec>& args, std::string label)
    : compiler_(compiler), source_(std::move(source)), kernel_(std::move(kernel)), args_(args),
      label_(std::move(label)), work_("abtool-build-") {}

std::string CompileCache::key_of(const Config& config, DType dtype) {
  return dtype_name(dtype) + "|" + config_text(config);
}

CompiledVariant CompileCache::build(const Config& config, DType dtype, size_t serial) {
  CompileJob job;
  job.source = source_;
  job.kernel = kernel_;
  job.args = &args_;
  job.config = config;
  job.dtype = dtype;
  job.work_dir = work_.path() / std::to_string(serial);
  fs::create_directories(job.work_dir);
  return compiler_.compile(job);
}

void CompileCache::compile_all(const std::vector<Config>& configs, DType dtype) {
  std::vector<std::pair<Config, size_t>> pending;
  {
    std::lock_guard lock(mutex_);
    for (const auto& config : configs)
      if (!built_.count(key_of(config, dtype))) {
        built_[key_of(config, dtype)] = nullptr;  // claimed
        pending.emplace_back(config, serial_++);
      }
  }
  if (pending.empty()) return;
  Progress progress("compiling " + label_ + " " + dtype_name(dtype), int(pending.size()));
  std::atomic<size_t> next{0};
  std::atomic<int> done{0};
  std::mutex progress_mutex;
  auto worker = [&] {
    for (size_t index; (index = next++) < pending.size();) {
      auto variant = std::make_unique<CompiledVariant>(build(pending[index].first, dtype, pending[index].second));
      std::lock_guard lock(mutex_);
      built_[key_of(pending[index].first, dtype)] = std::move(variant);
      std::lock_guard progress_lock(progress_mutex);
      progress.update(++done, config_text(pending[index].first));
    }
  };
  size_t workers = std::min<size_t>(std::max(1u, std::thread::hardware_concurrency()), pending.size());
  std::vector<std::thread> threads;
  for (size_t i = 0; i < workers; ++i) threads.emplace_back(worker);
  for (auto& thread : threads) thread.join();
}

const CompiledVariant& CompileCache::get(const Config& config, DType dtype) {
  compile_all({config}, dtype);
  std::lock_guard lock(mutex_);
  return *built_.at(key_of(config, dtype));
}

}  // namespace abt
