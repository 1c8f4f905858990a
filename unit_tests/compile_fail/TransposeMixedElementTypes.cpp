// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Must not compile: transpose moves a's elements through tiles of b's element type, so a and b
// must have the same one. The ctest case expects the static_assert's message rather than an error
// from inside the tile kernels.
#include <KokkosTile.hpp>

int main() {
  Kokkos::ScopeGuard guard;
  Kokkos::View<float**> a("a", 3, 2);
  Kokkos::View<double**> b("b", 2, 3);
  KokkosTile::transpose_copy(a, b);
}
