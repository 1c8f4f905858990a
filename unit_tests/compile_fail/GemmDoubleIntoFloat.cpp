// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Must not compile: gemm accepts A and B value types that convert to C's without loss, and double
// into float loses precision. The ctest case expects the static_assert's message.
#include <KokkosTile.hpp>

int main() {
  Kokkos::ScopeGuard guard;
  Kokkos::View<double**, Kokkos::HostSpace> a("a", 3, 3);
  Kokkos::View<float**, Kokkos::HostSpace> b("b", 3, 3), c("c", 3, 3);
  KokkosTile::gemm(Kokkos::DefaultHostExecutionSpace(), "N", "N", 1.0f, a, b, 0.0f, c);
}
