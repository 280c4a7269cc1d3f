#include "util/sha256.h"

#include <openssl/evp.h>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <vector>

namespace abt {

struct Sha256::Context {
  EVP_MD_CTX* context = EVP_MD_CTX_new();
  ~Context() { EVP_MD_CTX_free(context); }
};

Sha256::Sha256() : context_(std::make_unique<Context>()) {
  if (!context_->context || EVP_DigestInit_ex(context_->context, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("OpenSSL: cannot start a SHA-256 digest");
}

Sha256::~Sha256() = default;
Sha256::Sha256(Sha256&&) noexcept = default;
Sha256& Sha256::operator=(Sha256&&) noexcept = default;

void Sha256::update(const void* data, size_t size) {
  if (size && EVP_DigestUpdate(context_->context, data, size) != 1) throw std::runtime_error("OpenSSL: SHA-256 update failed");
}

void Sha256::digest(uint8_t out[32]) {
  unsigned size = 0;
  if (EVP_DigestFinal_ex(context_->context, out, &size) != 1 || size != 32)
    throw std::runtime_error("OpenSSL: SHA-256 final failed");
}

std::string Sha256::hex_digest() {
  uint8_t bytes[32];
  digest(bytes);
  return hex_of(bytes, sizeof bytes);
}

std::string hex_of(const uint8_t* bytes, size_t size) {
  static const char* digits = "0123456789abcdef";
  std::string text(2 * size, '0');
  for (size_t i = 0; i < size; ++i) {
    text[2 * i] = digits[bytes[i] >> 4];
    text[2 * i + 1] = digits[bytes[i] & 15];
  }
  return text;
}

void sha256_bytes(const void* data, size_t size, uint8_t out[32]) {
  unsigned written = 0;
  if (EVP_Digest(data, size, out, &written, EVP_sha256(), nullptr) != 1 || written != 32)
    throw std::runtime_error("OpenSSL: SHA-256 failed");
}

std::string sha256_hex(std::string_view data) {
  uint8_t bytes[32];
  sha256_bytes(data.data(), data.size(), bytes);
  return hex_of(bytes, sizeof bytes);
}

std::string sha256_of_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw std::runtime_error("cannot read " + path + ": " + std::strerror(errno));
  Sha256 hash;
  std::vector<char> buffer(size_t(1) << 20);
  while (true) {
    const ssize_t got = ::read(fd, buffer.data(), buffer.size());
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      const int error = errno;
      ::close(fd);
      throw std::runtime_error("cannot read " + path + ": " + std::strerror(error));
    }
    if (got == 0) break;
    hash.update(buffer.data(), size_t(got));
  }
  ::close(fd);
  return hash.hex_digest();
}

}  // namespace abt
