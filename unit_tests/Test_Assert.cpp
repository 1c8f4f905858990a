// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tests of KokkosTile_Assert.hpp: the message names the call and the source location.
#include <KokkosTile_Assert.hpp>

#include <gtest/gtest.h>

#include <string>

namespace {

void check_positive(int value) {
  KOKKOSTILE_EXPECT(value > 0, KokkosTile::InvalidArgument, "KokkosTile::check_positive",
                    "value " << value << " is not positive");
}

TEST(Assert, PassingCheckDoesNotThrow) {
  EXPECT_NO_THROW(check_positive(1));
}

TEST(Assert, FailingCheckNamesCallValueAndLocation) {
  try {
    check_positive(-3);
    FAIL() << "no exception";
  } catch (const KokkosTile::InvalidArgument& error) {
    const std::string message = error.what();
    EXPECT_EQ(
        message.rfind("KokkosTile::check_positive: value -3 is not positive [Test_Assert.cpp:", 0),
        0u)
        << message;
  }
}

TEST(Assert, ErrorTypesDeriveFromStandardExceptions) {
  EXPECT_THROW(throw KokkosTile::InvalidArgument("x"), std::invalid_argument);
  EXPECT_THROW(throw KokkosTile::ResourceError("x"), std::runtime_error);
}

}  // namespace
