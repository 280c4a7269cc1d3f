// SHA-256 digests for binaries, inputs and outputs (none of the project's libraries has one).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace abt {

class Sha256 {
 public:
  Sha256();
  void update(const void* data, size_t size);
  void update(std::string_view text) { update(text.data(), text.size()); }
  std::string hex_digest();  // finalises; call once

 private:
  void compress(const uint8_t* block);
  uint32_t state_[8];
  uint8_t buffer_[64];
  size_t buffered_ = 0;
  uint64_t total_bytes_ = 0;
};

std::string sha256_hex(std::string_view data);
std::string sha256_of_file(const std::string& path);  // throws std::runtime_error if unreadable

}  // namespace abt
