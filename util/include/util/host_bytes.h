// A host buffer that is written before it is read, so it is not zeroed first: a point's inputs
// are hundreds of megabytes, and zeroing them is one more pass over memory for nothing.
#pragma once
#include <cstddef>
#include <memory>

namespace abt {

class HostBytes {
 public:
  HostBytes() = default;
  explicit HostBytes(size_t size) : data_(std::make_unique_for_overwrite<std::byte[]>(size)), size_(size) {}
  std::byte* data() { return data_.get(); }
  const std::byte* data() const { return data_.get(); }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

 private:
  std::unique_ptr<std::byte[]> data_;
  size_t size_ = 0;
};

}  // namespace abt
