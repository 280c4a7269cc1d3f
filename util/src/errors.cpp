#include "util/errors.h"

#include <fmt/format.h>

namespace abt {

Interrupted::Interrupted(int signal)
    : std::runtime_error(signal == 15 ? "interrupted by SIGTERM" : signal == 2 ? "interrupted by SIGINT" : "interrupted"),
      signal_(signal) {}

std::string located(const std::string& file, int line, const std::string& field,
                    const std::string& reason) {
  std::string where = file;
  if (line > 0) where += fmt::format(":{}", line);
  if (!field.empty()) return fmt::format("{}: {}: {}", where, field, reason);
  return fmt::format("{}: {}", where, reason);
}

}  // namespace abt
