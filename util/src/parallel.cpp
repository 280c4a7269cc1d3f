#include "util/parallel.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace abt {

unsigned logical_cores() {
  static const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  return cores;
}

void for_each_index(size_t count, const std::function<void(size_t)>& body) {
  if (count == 1) return body(0);  // restoring a small input between two calls: no thread, no look-up
  std::atomic<size_t> next{0};
  std::mutex failure_lock;
  size_t failed_at = count;
  std::exception_ptr failure;
  auto work = [&] {
    for (size_t i = next++; i < count; i = next++) {
      try {
        body(i);
      } catch (...) {
        std::lock_guard<std::mutex> hold(failure_lock);
        if (i < failed_at) {
          failed_at = i;
          failure = std::current_exception();
        }
      }
    }
  };
  std::vector<std::thread> helpers;
  const size_t threads = std::min<size_t>(logical_cores(), count);
  for (size_t i = 1; i < threads; ++i) helpers.emplace_back(work);
  work();
  for (auto& helper : helpers) helper.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace abt
