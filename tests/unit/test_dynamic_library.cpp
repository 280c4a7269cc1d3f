#include <gtest/gtest.h>

#include "util/dynamic_library.h"

namespace abt {

TEST(DynamicLibrary, ResolvesSymbolsAndKnowsItsFile) {
  DynamicLibrary libm("libm.so.6");
  double (*cosine)(double) = nullptr;
  libm.resolve(cosine, "cos");
  EXPECT_DOUBLE_EQ(cosine(0.0), 1.0);
  EXPECT_TRUE(libm.file().is_absolute()) << libm.file();
  EXPECT_NE(libm.file().filename().string().find("libm"), std::string::npos);
}

TEST(DynamicLibrary, MissingLibraryOrSymbolIsAnErrorWithTheName) {
  EXPECT_THROW(DynamicLibrary("libno-such-library.so"), std::runtime_error);
  DynamicLibrary libm("libm.so.6");
  try {
    libm.address("no_such_symbol");
    FAIL();
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("libm.so.6 has no symbol no_such_symbol"), std::string::npos);
  }
}

}  // namespace abt
