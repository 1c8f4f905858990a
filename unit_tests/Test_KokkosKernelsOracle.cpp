// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Kokkos Kernels is the device-side oracle of later tests (KokkosBlas::gemm for the GEMM): this
// checks that the one found links and computes against a double-precision host reference, so that
// a broken oracle is reported as such rather than as a KokkosTile failure.
#include <KokkosBlas1_dot.hpp>
#include <KokkosBlas3_gemm.hpp>
#include <KokkosTile_Gemm.hpp>

#include "TestHelpers.hpp"

#include <cmath>
#include <random>

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

// KokkosTile::gemm against KokkosBlas::gemm for Kokkos::complex<double> with every op pair of
// {N, T, C}: the same conjugation convention as Kokkos Kernels (issue 18).
TEST(KokkosKernelsOracle, ComplexGemmMatchesKokkosBlas) {
  using T = Kokkos::complex<double>;
  const std::int64_t m = 37, n = 29, k = 41;
  std::mt19937_64 engine(18);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (const char* op_a : {"N", "T", "C"}) {
    for (const char* op_b : {"N", "T", "C"}) {
      const bool ta = op_a[0] != 'N', tb = op_b[0] != 'N';
      Kokkos::View<T**, Kokkos::LayoutLeft, MemorySpace> a("a", ta ? k : m, ta ? m : k),
          b("b", tb ? n : k, tb ? k : n), c("c", m, n), c_blas("c_blas", m, n);
      for (const auto& view : {a, b, c}) {
        auto host = Kokkos::create_mirror_view(view);
        for (std::size_t i = 0; i < view.extent(0); ++i)
          for (std::size_t j = 0; j < view.extent(1); ++j)
            host(i, j) = T(u(engine), u(engine));
        Kokkos::deep_copy(view, host);
      }
      Kokkos::deep_copy(c_blas, c);
      const T alpha(0.5, -1.5), beta(-0.25, 0.75);
      KokkosTile::gemm(ExecSpace(), op_a, op_b, alpha, a, b, beta, c);
      KokkosBlas::gemm(ExecSpace(), op_a, op_b, alpha, a, b, beta, c_blas);
      auto got = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), c);
      auto expected = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), c_blas);
      for (std::int64_t i = 0; i < m; ++i)
        for (std::int64_t j = 0; j < n; ++j)
          ASSERT_LE(Kokkos::abs(got(i, j) - expected(i, j)), 1e-12)
              << "C(" << i << ", " << j << ") op " << op_a << op_b;
    }
  }
}

}  // namespace
}  // namespace KokkosTileTest
