// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Kokkos Kernels is the device-side oracle of later tests (KokkosBlas::gemm for the GEMM): this
// checks that the one found links and computes against a double-precision host reference, so that
// a broken oracle is reported as such rather than as a KokkosTile failure.
#include <KokkosBlas1_dot.hpp>

#include "TestHelpers.hpp"

#include <cmath>

namespace KokkosTileTest {
namespace {

TEST(KokkosKernelsOracle, DotMatchesHostReference) {
  for (const std::int64_t extent : {std::int64_t{1}, std::int64_t{1021}, std::int64_t{100003}}) {
    Kokkos::View<double*, MemorySpace> x("x", extent), y("y", extent);
    auto host_x = Kokkos::create_mirror_view(x);
    auto host_y = Kokkos::create_mirror_view(y);
    fill_random(host_x, 11 + extent);
    fill_random(host_y, 12 + extent);
    Kokkos::deep_copy(x, host_x);
    Kokkos::deep_copy(y, host_y);
    long double reference = 0, magnitude = 0;
    for (std::int64_t i = 0; i < extent; ++i) {
      reference += static_cast<long double>(host_x(i)) * host_y(i);
      magnitude += std::fabs(static_cast<long double>(host_x(i)) * host_y(i));
    }
    const double result = KokkosBlas::dot(ExecSpace(), x, y);
    EXPECT_NEAR(result, static_cast<double>(reference),
                1e-13 * static_cast<double>(magnitude) + 1e-300)
        << "extent " << extent;
  }
}

}  // namespace
}  // namespace KokkosTileTest
