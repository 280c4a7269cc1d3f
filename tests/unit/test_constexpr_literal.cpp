// A Triton constexpr's value that is not a number: what the compile server can rebuild, and the
// one clear reason for what it cannot (issue 45: dtype constexprs, tuples, enum members).
#include <gtest/gtest.h>

#include "opspec/constexpr_literal.h"

namespace abt {

TEST(ConstexprLiteral, WhatTheCompileRebuildsIsAccepted) {
  for (const char* text : {"tl.bfloat16", "tl.float8e4nv", "tl.int1", "(16, 'ieee', None, True, -0.5, 1e-3)", "()", "(4,)",
                           "enum:flag_gems.utils:Mode.FAST", "ieee", "tf32x3"})
    EXPECT_FALSE(constexpr_literal_problem(text)) << text << ": " << *constexpr_literal_problem(text);
}

TEST(ConstexprLiteral, WhatItCannotRebuildSaysWhy) {
  EXPECT_EQ(constexpr_literal_problem("tl.bfloat61").value().rfind("'tl.bfloat61' is not a Triton dtype (tl.int1, tl.int8, ", 0),
            0u);
  EXPECT_TRUE(constexpr_literal_problem("tl.pointer_type"));
  for (const char* text : {"(16, [1])", "(16", "(a, b)", "((1, 2), 3)"})
    EXPECT_NE(constexpr_literal_problem(text).value_or("").find("is not a tuple of numbers"), std::string::npos) << text;
  for (const char* text : {"enum:", "enum:module", "enum:module:Class", "enum:1module:Class.A"})
    EXPECT_NE(constexpr_literal_problem(text).value_or("").find("is not an enum member"), std::string::npos) << text;
}

}  // namespace abt
