#include <sys/mman.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <new>
#include <stdexcept>
#include <vector>

#include "launch/point_workspace.h"

namespace abt {
namespace {

constexpr size_t kHugePage = size_t(2) << 20;

// Blocks of finished points, kept for the next ones. A fresh block's first touch makes the kernel
// zero a whole huge page: measured at 2-4 ms a point on a VM, more than a small host point's
// timing. A kept block is already backed, and its old contents do no harm: inputs are written
// from their generated copies and outputs poisoned before every checked run. Bounded, so a run of
// big points does not hold their memory: a block over kLargestKept is always given back.
class KeptBlocks {
 public:
  static KeptBlocks& instance() {
    static KeptBlocks* blocks = new KeptBlocks;  // never destroyed: an arena freed after exit's destructors still finds it
    return *blocks;
  }
  std::byte* take(size_t size) {
    std::lock_guard<std::mutex> hold(lock_);
    for (auto it = blocks_.begin(); it != blocks_.end(); ++it) {
      if (it->size != size) continue;
      std::byte* data = it->data;
      kept_bytes_ -= size;
      blocks_.erase(it);
      return data;
    }
    return nullptr;
  }
  bool keep(std::byte* data, size_t size) {
    std::lock_guard<std::mutex> hold(lock_);
    if (size > kLargestKept || kept_bytes_ + size > kMostKept) return false;
    blocks_.push_back({data, size});
    kept_bytes_ += size;
    return true;
  }
 private:
  static constexpr size_t kLargestKept = size_t(32) << 20;
  static constexpr size_t kMostKept = size_t(128) << 20;  // a batch of 8 points of up to 16 MiB each
  struct Block {
    std::byte* data;
    size_t size;
  };
  std::mutex lock_;
  std::vector<Block> blocks_;
  size_t kept_bytes_ = 0;
};

}  // namespace

HostArena::HostArena(size_t bytes) : size_((std::max<size_t>(bytes, 1) + kHugePage - 1) / kHugePage * kHugePage) {
  data_ = KeptBlocks::instance().take(size_);
  reused_ = data_ != nullptr;
  if (reused_) return;
  data_ = static_cast<std::byte*>(std::aligned_alloc(kHugePage, size_));
  if (!data_)  // said as what it is: the point's shape asks more memory than the machine gives
    throw std::runtime_error(fmt::format("cannot allocate {:.1f} GiB of host memory for this point's buffers (its shape "
                                         "needs more than this machine gives)",
                                         double(size_) / double(1ull << 30)));
  ::madvise(data_, size_, MADV_HUGEPAGE);  // advice only: without THP the layout still holds
}

HostArena::~HostArena() {
  if (!KeptBlocks::instance().keep(data_, size_)) std::free(data_);
}

}  // namespace abt
