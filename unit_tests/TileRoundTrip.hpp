// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Test kernels that move a 2-D View through scratch tiles, shared by the tile, copy and budget
// tests. They live in free functions because CUDA forbids device lambdas inside GoogleTest's
// private TestBody.

#include <KokkosTile_ScratchBudget.hpp>
#include <KokkosTile_ScratchTile.hpp>
#include <KokkosTile_TeamCopy.hpp>

#include "TestHelpers.hpp"

#include <cstdint>

namespace KokkosTileTest {
// An unnamed namespace, so that each test file that includes this header has its own
// instantiations: nvcc's wrapper of an extended (KOKKOS_LAMBDA) lambda keeps function pointers in
// per-file statics that only its constructor sets, while the inline Kokkos code that copies the
// wrapper is shared between the files that instantiate the same function template. With
// copy_through_tiles<Right double, Left double> in two files, a process whose first such copy ran
// in Test_TeamCopy.cpp called a null pointer from the copy code of Test_ScratchBudget.cpp
// (TeamCopy.RoundTripThroughTilesInEveryLayout crashed whenever it ran without ScratchBudget).
namespace {

inline int tiles_along(std::int64_t extent, int tile_extent) {
  return static_cast<int>((extent + tile_extent - 1) / tile_extent);
}

/// dst = src, one tile per team: load_tile, barrier, store_tile. Returns the scratch level used.
template <class SrcView, class DstView>
int copy_through_tiles(const SrcView& src, const DstView& dst, KokkosTile::TileShape2D shape) {
  using T = typename DstView::non_const_value_type;
  using Tile = KokkosTile::Tile2D<T, ExecSpace>;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  const int tiles_down = tiles_along(src.extent(0), shape.rows);
  const int tiles_across = tiles_along(src.extent(1), shape.cols);
  const auto placement =
      KokkosTile::place_team_scratch("copy_through_tiles", ExecSpace(), Tile::scratch_bytes(shape));
  const int level = placement.level;
  const auto policy = KokkosTile::with_scratch(
      Kokkos::TeamPolicy<ExecSpace>(tiles_down * tiles_across, Kokkos::AUTO), placement);
  Kokkos::parallel_for(
      "copy_through_tiles", policy, KOKKOS_LAMBDA(const member_type& team) {
        const Tile tile(team, level, shape);
        const std::int64_t row0 = std::int64_t(team.league_rank() / tiles_across) * shape.rows;
        const std::int64_t col0 = std::int64_t(team.league_rank() % tiles_across) * shape.cols;
        KokkosTile::load_tile(team, src, row0, col0, tile);
        team.team_barrier();
        KokkosTile::store_tile(team, tile, dst, row0, col0);
      });
  Kokkos::fence();
  return level;
}

/// dst(j, i) = src(i, j) through tiles: the tile is written by rows and read by columns, which is
/// where its padding shows.
template <class SrcView, class DstView>
void transpose_through_tiles(const SrcView& src, const DstView& dst,
                             KokkosTile::TileShape2D shape) {
  using T = typename DstView::non_const_value_type;
  using Tile = KokkosTile::Tile2D<T, ExecSpace>;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  const int tiles_down = tiles_along(src.extent(0), shape.rows);
  const int tiles_across = tiles_along(src.extent(1), shape.cols);
  const auto placement = KokkosTile::place_team_scratch("transpose_through_tiles", ExecSpace(),
                                                        Tile::scratch_bytes(shape));
  const int level = placement.level;
  const auto policy = KokkosTile::with_scratch(
      Kokkos::TeamPolicy<ExecSpace>(tiles_down * tiles_across, Kokkos::AUTO), placement);
  Kokkos::parallel_for(
      "transpose_through_tiles", policy, KOKKOS_LAMBDA(const member_type& team) {
        const Tile tile(team, level, shape);
        const std::int64_t row0 = std::int64_t(team.league_rank() / tiles_across) * shape.rows;
        const std::int64_t col0 = std::int64_t(team.league_rank() % tiles_across) * shape.cols;
        const auto loaded = KokkosTile::load_tile(team, src, row0, col0, tile);
        team.team_barrier();
        const int rows = loaded.first, cols = loaded.second;
        Kokkos::parallel_for(Kokkos::TeamVectorRange(team, rows * cols), [&](int k) {
          const int i = k % rows, j = k / rows;
          dst(col0 + j, row0 + i) = tile(i, j);
        });
      });
  Kokkos::fence();
}

/// Dumps what load_tile_or_fill leaves in each team's tile: dump(team, i, j).
template <class SrcView, class DumpView>
void dump_filled_tiles(const SrcView& src, const DumpView& dump, KokkosTile::TileShape2D shape,
                       typename DumpView::non_const_value_type fill) {
  using T = typename DumpView::non_const_value_type;
  using Tile = KokkosTile::Tile2D<T, ExecSpace>;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  const int tiles_across = tiles_along(src.extent(1), shape.cols);
  const auto placement =
      KokkosTile::place_team_scratch("dump_filled_tiles", ExecSpace(), Tile::scratch_bytes(shape));
  const int level = placement.level;
  const auto policy = KokkosTile::with_scratch(
      Kokkos::TeamPolicy<ExecSpace>(static_cast<int>(dump.extent(0)), Kokkos::AUTO), placement);
  Kokkos::parallel_for(
      "dump_filled_tiles", policy, KOKKOS_LAMBDA(const member_type& team) {
        const Tile tile(team, level, shape);
        const int t = team.league_rank();
        const std::int64_t row0 = std::int64_t(t / tiles_across) * shape.rows;
        const std::int64_t col0 = std::int64_t(t % tiles_across) * shape.cols;
        KokkosTile::load_tile_or_fill(team, src, row0, col0, tile, fill);
        team.team_barrier();
        Kokkos::parallel_for(Kokkos::TeamVectorRange(team, shape.rows * shape.cols), [&](int k) {
          dump(t, k / shape.cols, k % shape.cols) = tile(k / shape.cols, k % shape.cols);
        });
      });
  Kokkos::fence();
}

/// dst = src through 1-D tiles of `chunk` elements; counts(team) = what load_tile reported.
template <class SrcView, class DstView, class CountView>
void copy_through_1d_tiles(const SrcView& src, const DstView& dst, int chunk,
                           const CountView& counts) {
  using T = typename DstView::non_const_value_type;
  using Tile = KokkosTile::Tile1D<T, ExecSpace>;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  const auto placement = KokkosTile::place_team_scratch("copy_through_1d_tiles", ExecSpace(),
                                                        Tile::scratch_bytes(chunk));
  const int level = placement.level;
  const auto policy = KokkosTile::with_scratch(
      Kokkos::TeamPolicy<ExecSpace>(static_cast<int>(counts.extent(0)), Kokkos::AUTO), placement);
  Kokkos::parallel_for(
      "copy_through_1d_tiles", policy, KOKKOS_LAMBDA(const member_type& team) {
        const Tile tile(team, level, chunk);
        const std::int64_t offset = std::int64_t(team.league_rank()) * chunk;
        const int loaded = KokkosTile::load_tile(team, src, offset, tile);
        team.team_barrier();
        const int stored = KokkosTile::store_tile(team, tile, dst, offset);
        Kokkos::single(Kokkos::PerTeam(team),
                       [&]() { counts(team.league_rank()) = loaded == stored ? loaded : -1; });
      });
  Kokkos::fence();
}

}  // namespace
}  // namespace KokkosTileTest
