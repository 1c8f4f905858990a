// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Must not compile: reversal is defined for rank-1 Views only. The ctest case expects the
// static_assert's message.
#include <KokkosTile.hpp>

int main() {
  Kokkos::View<double**, Kokkos::HostSpace> matrix("matrix", 3, 3);
  KokkosTile::reverse(Kokkos::DefaultHostExecutionSpace(), matrix);
}
