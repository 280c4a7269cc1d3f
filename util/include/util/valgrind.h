// Valgrind, for the counts abtool takes with it (--metric instructions, --compile-instructions):
// found on PATH and seen to run before anything is measured, so a broken install is one clear
// error instead of a run with no counts.
#pragma once
#include <string>
#include <string_view>

namespace abt {

// The valgrind on PATH when `valgrind --version` answers as Valgrind does; InputError naming
// `option` and why not (missing, does not start, fails, answers as something else).
std::string find_working_valgrind(std::string_view option);

}  // namespace abt
