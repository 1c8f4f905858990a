// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tests of KokkosTile_ScratchBudget.hpp: capacities, level-0-then-level-1 placement, the error
// when nothing fits, and a kernel that really runs from level 1.
#include <KokkosTile_ScratchBudget.hpp>

#include "TestHelpers.hpp"
#include "TileRoundTrip.hpp"

#include <string>

namespace KokkosTileTest {
namespace {

TEST(ScratchBudget, CapacitiesComeFromTheExecutionSpace) {
  const std::size_t level0 = KokkosTile::scratch_capacity(ExecSpace(), 0);
  const std::size_t level1 = KokkosTile::scratch_capacity(ExecSpace(), 1);
  EXPECT_EQ(level0,
            static_cast<std::size_t>(Kokkos::TeamPolicy<ExecSpace>(1, 1).scratch_size_max(0)));
  EXPECT_GT(level0, 0u);
  EXPECT_GE(level1, level0);
  EXPECT_TRUE(throws_with<KokkosTile::InvalidArgument>(
      [] { (void)KokkosTile::scratch_capacity(ExecSpace(), 2); },
      {"KokkosTile::scratch_capacity", "scratch level 2 does not exist (levels are 0 and 1)"}));
}

TEST(ScratchBudget, AddsTileBytes) {
  using Tile2 = KokkosTile::Tile2D<float, ExecSpace>;
  using Tile1 = KokkosTile::Tile1D<double, ExecSpace>;
  const KokkosTile::TileShape2D shape{16, 16, 1};
  const auto budget =
      KokkosTile::ScratchBudget{}.add<Tile2>(shape).add<Tile1>(std::size_t{10}).add_bytes(3);
  EXPECT_EQ(budget.bytes(), Tile2::scratch_bytes(shape) + Tile1::scratch_bytes(10) + 3);
}

TEST(ScratchBudget, PlacesAtLevelZeroThenLevelOne) {
  const std::size_t level0 = KokkosTile::scratch_capacity(ExecSpace(), 0);
  const std::size_t level1 = KokkosTile::scratch_capacity(ExecSpace(), 1);
  EXPECT_EQ(KokkosTile::place_team_scratch("t", ExecSpace(), 0).level, 0);
  EXPECT_EQ(KokkosTile::place_team_scratch("t", ExecSpace(), level0).level, 0);
  const auto spilled = KokkosTile::place_team_scratch("t", ExecSpace(), level0 + 1);
  EXPECT_EQ(spilled.level, 1);
  EXPECT_EQ(spilled.bytes, level0 + 1);
  EXPECT_EQ(KokkosTile::place_team_scratch("t", ExecSpace(), level1).level, 1);
}

TEST(ScratchBudget, TooLargeForEveryLevelNamesCallBytesAndLimits) {
  const std::size_t level0 = KokkosTile::scratch_capacity(ExecSpace(), 0);
  const std::size_t level1 = KokkosTile::scratch_capacity(ExecSpace(), 1);
  try {
    KokkosTile::place_team_scratch("my_kernel", ExecSpace(), level1 + 1);
    FAIL() << "no exception";
  } catch (const KokkosTile::ResourceError& error) {
    const std::string message = error.what();
    EXPECT_EQ(message.rfind("my_kernel: ", 0), 0u) << message;
    EXPECT_NE(message.find(std::to_string(level1 + 1) + " bytes per team"), std::string::npos)
        << message;
    EXPECT_NE(message.find("level 0 allows (" + std::to_string(level0)), std::string::npos)
        << message;
    EXPECT_NE(message.find("level 1 allows (" + std::to_string(level1)), std::string::npos)
        << message;
    EXPECT_NE(message.find(ExecSpace::name()), std::string::npos) << message;
  }
}

TEST(ScratchBudget, TilesLargerThanLevelZeroRunFromLevelOne) {
  const std::size_t level0 = KokkosTile::scratch_capacity(ExecSpace(), 0);
  // A tile of 64 columns with enough rows to exceed level 0.
  const int rows = static_cast<int>(level0 / (64 * sizeof(double))) + 1;
  const KokkosTile::TileShape2D shape{rows, 64, 1};
  Kokkos::View<double**, Kokkos::LayoutRight, MemorySpace> src("src", 2 * rows + 3, 130);
  Kokkos::View<double**, Kokkos::LayoutLeft, MemorySpace> dst("dst", 2 * rows + 3, 130);
  auto host_src = Kokkos::create_mirror_view(src);
  fill_random(host_src, 4242);
  Kokkos::deep_copy(src, host_src);
  Kokkos::deep_copy(dst, poison<double>());

  EXPECT_EQ(copy_through_tiles(src, dst, shape), 1);

  auto host_dst = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), dst);
  for (std::size_t i = 0; i < src.extent(0); ++i)
    for (std::size_t j = 0; j < src.extent(1); ++j)
      ASSERT_TRUE(same_value(host_src(i, j), host_dst(i, j))) << "(" << i << ", " << j << ")";
}

}  // namespace
}  // namespace KokkosTileTest
