#include <gtest/gtest.h>

#include "compilers/compiler.h"
#include "util/errors.h"

namespace abt {

TEST(CompilerSpec, ParsesBackendLocationFlagsAndEnv) {
  auto spec = parse_compiler_spec("host:clang++", "-O2 -DNAME='a b' \"-DQ=x y\"", {"CCACHE_DISABLE=1"});
  EXPECT_EQ(spec.backend, BackendKind::host);
  EXPECT_EQ(spec.location, "clang++");
  EXPECT_EQ(spec.flags, (std::vector<std::string>{"-O2", "-DNAME=a b", "-DQ=x y"}));
  EXPECT_EQ(spec.env.at("CCACHE_DISABLE"), "1");
}

TEST(CompilerSpec, NvrtcNeedsNoLocation) {
  auto spec = parse_compiler_spec("nvrtc", "", {});
  EXPECT_EQ(spec.backend, BackendKind::nvrtc);
  EXPECT_TRUE(spec.location.empty());
}

TEST(CompilerSpec, BadSpecsAreInputErrors) {
  EXPECT_THROW(parse_compiler_spec("gcc:/usr/bin/gcc", "", {}), InputError);
  EXPECT_THROW(parse_compiler_spec("host", "", {}), InputError);
  EXPECT_THROW(parse_compiler_spec("host:g++", "-DX='unterminated", {}), InputError);
  EXPECT_THROW(parse_compiler_spec("host:g++", "", {"NOEQUALS"}), InputError);
}

TEST(CompilerSpec, MissingBackendsAndTargetsAreInputErrors) {
  auto message_of = [](const std::string& spec, const std::string& arch) {
    try {
      make_compiler(parse_compiler_spec(spec, "", {}), arch);
    } catch (const InputError& error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
#ifdef ABTOOL_WITH_CUDA
  // A CUDA backend with no device and no --arch has nothing to compile for.
  EXPECT_NE(message_of("nvrtc", "").find("--arch"), std::string::npos);
  EXPECT_NE(message_of("triton:python3", "").find("--arch"), std::string::npos);
  EXPECT_NE(message_of("nvcc:/nonexistent/nvcc", "sm_90").find("nvcc not found"), std::string::npos);
  EXPECT_NE(message_of("triton:/nonexistent/python", "sm_90").find("Python interpreter not found: /nonexistent/python"),
            std::string::npos);
#else
  EXPECT_NE(message_of("nvrtc", "").find("not available in this build"), std::string::npos);
  EXPECT_NE(message_of("triton:python3", "sm_90").find("not available in this build"), std::string::npos);
#endif
}

}  // namespace abt
