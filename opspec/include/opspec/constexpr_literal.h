// A Triton constexpr's value that is not a number (an op's `value:`, a captured case's): what the
// compile server rebuilds from it (compilers/triton/abtool_triton_compile.py `typed`).
//   tl.bfloat16                 a Triton dtype, by its name in triton.language
//   (16, 'ieee', None)          a tuple of numbers, strings, None, True and False
//   enum:pkg.module:Kind.FAST   an enum member, imported from its module
//   anything else               the string itself
#pragma once
#include <optional>
#include <string>

namespace abt {

// Why `text` cannot be rebuilt (nullopt: it can), e.g. "'tl.bfloat61' is not a Triton dtype (...)".
std::optional<std::string> constexpr_literal_problem(const std::string& text);

}  // namespace abt
