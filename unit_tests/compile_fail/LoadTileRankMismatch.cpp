// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Must not compile: a 2-D window load from a rank-1 View. The ctest case expects the
// static_assert's message.
#include <KokkosTile.hpp>

using Space = Kokkos::DefaultHostExecutionSpace;

int main() {
  Kokkos::View<double*, Kokkos::HostSpace> vector("vector", 3);
  Kokkos::parallel_for(
      Kokkos::TeamPolicy<Space>(1, 1), [=](const Kokkos::TeamPolicy<Space>::member_type& team) {
        const KokkosTile::Tile2D<double, Space> tile(team, 0, KokkosTile::TileShape2D{2, 2, 0});
        KokkosTile::load_tile(team, vector, 0, 0, tile);
      });
}
