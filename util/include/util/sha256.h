// SHA-256 digests of binaries, inputs and outputs, through OpenSSL's libcrypto (it uses the CPU's
// SHA instructions where there are some).
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace abt {

class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(Sha256&&) noexcept;
  Sha256& operator=(Sha256&&) noexcept;
  void update(const void* data, size_t size);
  void update(std::string_view text) { update(text.data(), text.size()); }
  std::string hex_digest();  // finalises; call once
  void digest(uint8_t out[32]);  // the same, as the 32 bytes

 private:
  struct Context;
  std::unique_ptr<Context> context_;
};

std::string sha256_hex(std::string_view data);
void sha256_bytes(const void* data, size_t size, uint8_t out[32]);  // one buffer's digest, in one call
std::string hex_of(const uint8_t* bytes, size_t size);
std::string sha256_of_file(const std::string& path);  // throws std::runtime_error if unreadable

}  // namespace abt
