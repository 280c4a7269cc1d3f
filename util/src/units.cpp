#include "util/units.h"

#include <fmt/format.h>

namespace abt {

std::string format_microseconds(double us) {
  if (us < 1000) return fmt::format("{:.2f} us", us);
  if (us < 1e6) return fmt::format("{:.3f} ms", us / 1e3);
  return fmt::format("{:.3f} s", us / 1e6);
}

}  // namespace abt
