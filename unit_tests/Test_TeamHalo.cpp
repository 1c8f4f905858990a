// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tests of team_load_halo (KokkosTile_TeamHalo.hpp) inside a test's own TeamPolicy kernel,
// against a host loop that resolves the boundary on its own: tiles covering odd grids (corners,
// edges, interior), radius 0 to 3, every boundary condition, grids in LayoutRight, LayoutLeft and
// a strided subview, scratch tiles and global Views as destinations, team sizes that divide no
// window (partial teams), poisoned outputs.
#include <KokkosTile_ScratchBudget.hpp>
#include <KokkosTile_ScratchTile.hpp>
#include <KokkosTile_TeamCopy.hpp>
#include <KokkosTile_TeamHalo.hpp>

#include "TestHelpers.hpp"

#include <cstdint>
#include <random>
#include <vector>

namespace KokkosTileTest {
namespace {

using Member = Kokkos::TeamPolicy<ExecSpace>::member_type;
using Grid = Kokkos::View<const double**, Kokkos::LayoutStride, MemorySpace>;
using Windows = Kokkos::View<double***, MemorySpace>;

/// Team t loads the halo of output tile t (tiles_across per row of tiles) into a scratch tile,
/// then stores it to scratch_out(t); and loads it straight into global_out(t).
struct HaloKernel {
  Grid grid;
  Windows scratch_out, global_out;
  KokkosTile::BoundaryCondition<double> boundary;
  int tile_rows, tile_cols, radius, tiles_across, level;

  KOKKOS_FUNCTION void operator()(const Member& team) const {
    const int t = team.league_rank();
    const std::int64_t row0 = std::int64_t(t / tiles_across) * tile_rows;
    const std::int64_t col0 = std::int64_t(t % tiles_across) * tile_cols;
    const KokkosTile::TileShape2D shape{tile_rows + 2 * radius, tile_cols + 2 * radius, 1};
    KokkosTile::Tile2D<double, ExecSpace> halo(team, level, shape);
    KokkosTile::team_load_halo(team, grid, row0, col0, radius, halo, boundary);
    team.team_barrier();
    KokkosTile::store_tile(team, halo, Kokkos::subview(scratch_out, t, Kokkos::ALL, Kokkos::ALL), 0,
                           0);
    KokkosTile::team_load_halo(team, grid, row0, col0, radius,
                               Kokkos::subview(global_out, t, Kokkos::ALL, Kokkos::ALL), boundary);
  }
};

enum class GridLayout { right, left, strided };

/// The grid element (i, j) of an extent rows x cols grid under `boundary`, resolved on the host.
double expected_at(const std::vector<double>& g, int rows, int cols, std::int64_t i, std::int64_t j,
                   const KokkosTile::BoundaryCondition<double>& boundary) {
  const bool inside = i >= 0 && i < rows && j >= 0 && j < cols;
  if (!inside) {
    switch (boundary.kind) {
      case KokkosTile::Boundary::constant:
        return boundary.value;
      case KokkosTile::Boundary::clamp:
        i = std::min<std::int64_t>(std::max<std::int64_t>(i, 0), rows - 1);
        j = std::min<std::int64_t>(std::max<std::int64_t>(j, 0), cols - 1);
        break;
      case KokkosTile::Boundary::periodic:
        i = ((i % rows) + rows) % rows;
        j = ((j % cols) + cols) % cols;
        break;
    }
  }
  return g[std::size_t(i) * cols + std::size_t(j)];
}

void check_halo(int rows, int cols, int tile_rows, int tile_cols, int radius, GridLayout layout,
                const KokkosTile::BoundaryCondition<double>& boundary, int size) {
  SCOPED_TRACE(testing::Message() << rows << " x " << cols << " grid, tiles " << tile_rows << " x "
                                  << tile_cols << ", radius " << radius << ", layout "
                                  << int(layout) << ", boundary " << int(boundary.kind) << ", team "
                                  << size);
  std::vector<double> g(std::size_t(rows) * cols);
  std::mt19937_64 engine(rows * 131 + cols);
  std::uniform_real_distribution<double> u(-1, 1);
  for (auto& x : g)
    x = u(engine);
  Grid grid;
  Kokkos::View<double**, Kokkos::LayoutRight, MemorySpace> big;  // the strided grid's storage
  const auto upload = [&](auto v) {  // g into v (rows x cols), then grid = v
    auto h = Kokkos::create_mirror_view(v);
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j)
        h(i, j) = g[std::size_t(i) * cols + j];
    Kokkos::deep_copy(v, h);
    grid = v;
  };
  if (layout == GridLayout::right) {
    upload(Kokkos::View<double**, Kokkos::LayoutRight, MemorySpace>("right", rows, cols));
  } else if (layout == GridLayout::left) {
    upload(Kokkos::View<double**, Kokkos::LayoutLeft, MemorySpace>("left", rows, cols));
  } else {  // every other row and column of a larger grid
    big =
        Kokkos::View<double**, Kokkos::LayoutRight, MemorySpace>("big", 2 * rows + 1, 2 * cols + 1);
    auto h = Kokkos::create_mirror_view(big);
    Kokkos::deep_copy(h, 99.0);
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j)
        h(2 * i + 1, 2 * j + 1) = g[std::size_t(i) * cols + j];
    Kokkos::deep_copy(big, h);
    grid = Grid(big.data() + (2 * cols + 1) + 1,
                Kokkos::LayoutStride(rows, 2 * (2 * cols + 1), cols, 2));
  }
  const int tiles_down = (rows + tile_rows - 1) / tile_rows;
  const int tiles_across = (cols + tile_cols - 1) / tile_cols;
  const int league = tiles_down * tiles_across;
  const int h_rows = tile_rows + 2 * radius, h_cols = tile_cols + 2 * radius;
  Windows scratch_out("scratch_out", league, h_rows, h_cols),
      global_out("global_out", league, h_rows, h_cols);
  Kokkos::deep_copy(scratch_out, poison<double>());
  Kokkos::deep_copy(global_out, poison<double>());
  const KokkosTile::TileShape2D shape{h_rows, h_cols, 1};
  const auto bytes =
      KokkosTile::ScratchBudget{}.add<KokkosTile::Tile2D<double, ExecSpace>>(shape).bytes();
  const auto placement = KokkosTile::place_team_scratch("team_load_halo", ExecSpace(), bytes);
  Kokkos::parallel_for("team_load_halo",
                       KokkosTile::with_scratch(team_policy_of(league, size), placement),
                       HaloKernel{grid, scratch_out, global_out, boundary, tile_rows, tile_cols,
                                  radius, tiles_across, placement.level});
  Kokkos::fence();
  const auto h_scratch = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), scratch_out);
  const auto h_global = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), global_out);
  int failures = 0;
  for (int t = 0; t < league; ++t) {
    const std::int64_t row0 = std::int64_t(t / tiles_across) * tile_rows;
    const std::int64_t col0 = std::int64_t(t % tiles_across) * tile_cols;
    for (int a = 0; a < h_rows; ++a) {
      for (int b = 0; b < h_cols; ++b) {
        const double want =
            expected_at(g, rows, cols, row0 - radius + a, col0 - radius + b, boundary);
        const bool ok = h_scratch(t, a, b) == want && h_global(t, a, b) == want;
        if (!ok && ++failures <= 3)
          ADD_FAILURE() << "tile " << t << " (" << a << ", " << b << "): " << h_scratch(t, a, b)
                        << " and " << h_global(t, a, b) << ", expected " << want;
      }
    }
  }
  EXPECT_EQ(failures, 0);
}

TEST(TeamHalo, EveryBoundaryLayoutAndRadius) {
  const KokkosTile::BoundaryCondition<double> boundaries[] = {
      KokkosTile::BoundaryCondition<double>::constant(7.5),
      KokkosTile::BoundaryCondition<double>::clamp(),
      KokkosTile::BoundaryCondition<double>::periodic()};
  for (const int size : team_sizes_under_test()) {
    int which = 0;
    for (const auto& boundary : boundaries) {
      for (const GridLayout layout : {GridLayout::right, GridLayout::left, GridLayout::strided}) {
        check_halo(13, 17, 5, 4, which % 4, layout, boundary, size);
        check_halo(2, 3, 8, 8, 3, layout, boundary, size);  // radius past the grid: wraps twice
        check_halo(33, 9, 16, 16, 1, layout, boundary, size);
        ++which;
      }
    }
  }
}

}  // namespace
}  // namespace KokkosTileTest
