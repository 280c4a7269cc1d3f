#include "util/valgrind.h"

#include <fmt/format.h>

#include "util/errors.h"
#include "util/process.h"

namespace abt {

std::string find_working_valgrind(std::string_view option) {
  const auto valgrind = find_program("valgrind");
  if (!valgrind)
    throw InputError(fmt::format("{}: valgrind is not on PATH (Debian: apt-get install valgrind; scripts/bootstrap.sh installs it)", option));
  ProcessResult version;
  try {
    version = run_process({*valgrind, {"--version"}, "", {}, std::chrono::seconds(60)});
  } catch (const std::exception& error) {
    throw InputError(fmt::format("{}: {} does not start: {}", option, *valgrind, error.what()));
  }
  if (version.exit_code != 0 || version.out.rfind("valgrind-", 0) != 0)
    throw InputError(fmt::format("{}: {} does not run ('valgrind --version': exit {}{}{}): no count could be taken", option,
                                 *valgrind, version.exit_code, version.timed_out ? ", timed out" : "",
                                 last_line(version.err + version.out).empty() ? "" : ", " + last_line(version.err + version.out)));
  return *valgrind;
}

}  // namespace abt
