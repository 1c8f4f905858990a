// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tests of KokkosTile_ScratchTile.hpp: sizes, padding and where each element lands in scratch.
#include <KokkosTile_ScratchTile.hpp>

#include "TestHelpers.hpp"
#include "TileRoundTrip.hpp"

namespace KokkosTileTest {
namespace {

using KokkosTile::TileShape2D;

TEST(ScratchTile, PaddingWidensRowsAndBytes) {
  using Tile = KokkosTile::Tile2D<float, ExecSpace>;
  const TileShape2D packed{32, 32, 0}, padded{32, 32, 1};
  EXPECT_EQ(packed.pitch(), 32);
  EXPECT_EQ(padded.pitch(), 33);
  EXPECT_GE(Tile::scratch_bytes(packed), 32u * 32u * sizeof(float));
  EXPECT_GE(Tile::scratch_bytes(padded), 32u * 33u * sizeof(float));
  EXPECT_GT(Tile::scratch_bytes(padded), Tile::scratch_bytes(packed));
}

TEST(ScratchTile, OneDimensionalTilesReportTheirBytes) {
  EXPECT_GE((KokkosTile::Tile1D<double, ExecSpace>::scratch_bytes(100)), 800u);
  EXPECT_GE((KokkosTile::StaticTile1D<double, 100, ExecSpace>::scratch_bytes()), 800u);
  static_assert(KokkosTile::StaticTile1D<int, 64, ExecSpace>::extent() == 64);
}

/// Writes tile(i, j) = 1000 i + j in every team and reads the padded storage back by its pitch.
void write_tile_and_read_storage(const TileShape2D shape,
                                 const Kokkos::View<int**, MemorySpace>& out) {
  using Tile = KokkosTile::Tile2D<int, ExecSpace>;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  const auto placement =
      KokkosTile::place_team_scratch("test", ExecSpace(), Tile::scratch_bytes(shape));
  const int level = placement.level;
  Kokkos::parallel_for(
      "write_tile_and_read_storage",
      KokkosTile::with_scratch(Kokkos::TeamPolicy<ExecSpace>(1, Kokkos::AUTO), placement),
      KOKKOS_LAMBDA(const member_type& team) {
        const Tile tile(team, level, shape);
        Kokkos::parallel_for(Kokkos::TeamVectorRange(team, shape.rows * shape.cols), [&](int k) {
          tile(k / shape.cols, k % shape.cols) = 1000 * (k / shape.cols) + k % shape.cols;
        });
        team.team_barrier();
        Kokkos::parallel_for(Kokkos::TeamVectorRange(team, shape.rows * shape.cols), [&](int k) {
          const int i = k / shape.cols, j = k % shape.cols;
          out(i, j) = tile.storage().data()[i * tile.pitch() + j];
        });
      });
  Kokkos::fence();
}

TEST(ScratchTile, ElementsSitAtRowTimesPitchPlusColumn) {
  for (const TileShape2D shape :
       {TileShape2D{5, 7, 0}, TileShape2D{5, 7, 1}, TileShape2D{32, 32, 1}, TileShape2D{3, 8, 5}}) {
    Kokkos::View<int**, MemorySpace> out("out", shape.rows, shape.cols);
    Kokkos::deep_copy(out, poison<int>());
    write_tile_and_read_storage(shape, out);
    auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
    for (int i = 0; i < shape.rows; ++i)
      for (int j = 0; j < shape.cols; ++j)
        ASSERT_EQ(host(i, j), 1000 * i + j) << "pad " << shape.pad << " (" << i << ", " << j << ")";
  }
}

}  // namespace
}  // namespace KokkosTileTest
