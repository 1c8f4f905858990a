// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Reverses 0 .. n-1 with KokkosTile on the default execution space and checks the result.
#include <KokkosTile.hpp>

#include <cstdio>

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard kokkos(argc, argv);
  const int n = 1 << 20;
  Kokkos::View<int*> values("values", n);
  Kokkos::parallel_for(
      "fill", n, KOKKOS_LAMBDA(int i) { values(i) = i; });
  KokkosTile::reverse(values);
  auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), values);
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += host(i) != n - 1 - i;
  std::printf("kokkostile_app: KokkosTile %d.%d.%d reversed %d ints on %s: %s\n",
              KOKKOSTILE_VERSION_MAJOR, KOKKOSTILE_VERSION_MINOR, KOKKOSTILE_VERSION_PATCH, n,
              Kokkos::DefaultExecutionSpace::name(), wrong == 0 ? "correct" : "WRONG");
  return wrong == 0 ? 0 : 1;
}
