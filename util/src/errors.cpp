#include "util/errors.h"

#include <fmt/format.h>

namespace abt {

std::string located(const std::string& file, int line, const std::string& field,
                    const std::string& reason) {
  std::string where = file;
  if (line > 0) where += fmt::format(":{}", line);
  if (!field.empty()) return fmt::format("{}: {}: {}", where, field, reason);
  return fmt::format("{}: {}", where, reason);
}

}  // namespace abt
