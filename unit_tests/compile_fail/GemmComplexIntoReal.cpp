// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Must not compile: a complex B cannot go into a real C. The ctest case expects the static_assert's
// message.
#include <KokkosTile.hpp>

int main() {
  Kokkos::ScopeGuard guard;
  Kokkos::View<double**, Kokkos::HostSpace> a("a", 3, 3), c("c", 3, 3);
  Kokkos::View<Kokkos::complex<double>**, Kokkos::HostSpace> b("b", 3, 3);
  KokkosTile::gemm(Kokkos::DefaultHostExecutionSpace(), "N", "C", 1.0, a, b, 0.0, c);
}
