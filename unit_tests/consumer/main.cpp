// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Reverses 1..n with KokkosTile and checks the result; exit status 0 on success.
#include <KokkosTile.hpp>

#include <cstdio>

static_assert(KOKKOSTILE_VERSION_MAJOR == PACKAGE_VERSION_MAJOR &&
                  KOKKOSTILE_VERSION_MINOR == PACKAGE_VERSION_MINOR &&
                  KOKKOSTILE_VERSION_PATCH == PACKAGE_VERSION_PATCH,
              "KokkosTile_Version.hpp and the CMake package disagree on the version");

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard kokkos(argc, argv);
  const int n = 1001;
  Kokkos::View<int*> values("values", n);
  Kokkos::parallel_for(
      "fill", n, KOKKOS_LAMBDA(int i) { values(i) = i + 1; });
  KokkosTile::reverse(values);
  auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), values);
  for (int i = 0; i < n; ++i) {
    if (host(i) != n - i) {
      std::printf("consumer: element %d is %d, expected %d\n", i, host(i), n - i);
      return 1;
    }
  }
  std::printf("consumer: KokkosTile::reverse of %d elements on %s is correct\n", n,
              Kokkos::DefaultExecutionSpace::name());
  return 0;
}
