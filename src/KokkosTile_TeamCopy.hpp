// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Cooperative copies between global Views and scratch tiles, done by all threads (and vector lanes)
// of a team. Global memory is walked in its own storage order, so that consecutive threads touch
// consecutive addresses (coalesced on GPUs, streaming on CPUs), whatever the View's layout: Left,
// Right, Stride or a subview. Windows that run past the end of the View are clipped, which is how
// partial tiles at the edges are handled.
//
// The copies do not synchronise the team: call team.team_barrier() before reading what another
// thread loaded.

#include <Kokkos_Core.hpp>

#include "KokkosTile_TeamLoops.hpp"
#include "KokkosTile_ViewLines.hpp"

#include <cstdint>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

/// Elements of the window [start, start + window) that lie inside [0, extent).
KOKKOS_INLINE_FUNCTION int clipped_count(std::int64_t extent, std::int64_t start, int window) {
  const std::int64_t left = extent - start;
  return left <= 0 ? 0 : (left < window ? static_cast<int>(left) : window);
}

/// write(i, j, read(i, j)) for every element of a rows x cols window, in `global`'s storage
/// order. Devices: consecutive threads take consecutive elements, InFlight at a time each
/// (team_staged_copy_2d, KokkosTile_TeamLoops.hpp). Host backends: a thread takes a line, a plain
/// loop the compiler can vectorise (a division per element cost ~1.5 ns an element).
template <int InFlight, class TeamMember, class View2D, class Read, class Write>
KOKKOS_INLINE_FUNCTION void team_copy_window(const TeamMember& team, const View2D& global, int rows,
                                             int cols, const Read& read, const Write& write) {
  const bool left = leftmost_index_is_contiguous(global);
  KOKKOS_IF_ON_HOST((
      if (left) {
        team_thread_for(team, cols, [&](int j) {
          thread_vector_for(team, rows, [&](int i) { write(i, j, read(i, j)); });
        });
      } else {
        team_thread_for(team, rows, [&](int i) {
          thread_vector_for(team, cols, [&](int j) { write(i, j, read(i, j)); });
        });
      }))
  KOKKOS_IF_ON_DEVICE((
      if (left) { team_staged_copy_2d<InFlight>(team, rows, cols, read, write); } else {
        team_staged_copy_2d<InFlight>(
            team, cols, rows, [&](int f, int s) { return read(s, f); },
            [&](int f, int s, const auto& value) { write(s, f, value); });
      }))
}

}  // namespace Impl

/// Loads src(offset .. offset + tile.extent()) into tile, clipped to src. Returns the number of
/// elements loaded; the rest of the tile is left as it was.
template <class TeamMember, class SrcView, class Tile>
KOKKOS_INLINE_FUNCTION int load_tile(const TeamMember& team, const SrcView& src,
                                     std::int64_t offset, const Tile& tile) {
  static_assert(SrcView::rank() == 1, "KokkosTile::load_tile: a 1-D tile loads from a rank-1 View");
  const int count = Impl::clipped_count(src.extent(0), offset, tile.extent());
  team_staged_copy<4>(
      team, count, [&](int i) { return src(offset + i); },
      [&](int i, const typename Tile::value_type& value) { tile(i) = value; });
  return count;
}

/// Stores the first elements of tile into dst(offset ..), clipped to dst. Returns the count stored.
template <class TeamMember, class Tile, class DstView>
KOKKOS_INLINE_FUNCTION int store_tile(const TeamMember& team, const Tile& tile, const DstView& dst,
                                      std::int64_t offset) {
  static_assert(DstView::rank() == 1, "KokkosTile::store_tile: a 1-D tile stores to a rank-1 View");
  const int count = Impl::clipped_count(dst.extent(0), offset, tile.extent());
  team_vector_for(team, count, [&](int i) { dst(offset + i) = tile(i); });
  return count;
}

/// Loads the window of src whose top-left element is (row0, col0) into tile, clipped to src.
/// Returns the loaded rows and columns; the rest of the tile is left as it was.
template <class TeamMember, class SrcView, class Tile>
KOKKOS_INLINE_FUNCTION Kokkos::pair<int, int> load_tile(const TeamMember& team, const SrcView& src,
                                                        std::int64_t row0, std::int64_t col0,
                                                        const Tile& tile) {
  static_assert(SrcView::rank() == 2, "KokkosTile::load_tile: a 2-D tile loads from a rank-2 View");
  const int rows = Impl::clipped_count(src.extent(0), row0, tile.rows());
  const int cols = Impl::clipped_count(src.extent(1), col0, tile.cols());
  Impl::team_copy_window<8>(
      team, src, rows, cols, [&](int i, int j) { return src(row0 + i, col0 + j); },
      [&](int i, int j, const typename Tile::value_type& v) { tile(i, j) = v; });
  return {rows, cols};
}

/// Like load_tile, but every tile element outside src is set to `fill` (zero for a GEMM, the
/// boundary value for a stencil), so the whole tile is defined afterwards.
template <class TeamMember, class SrcView, class Tile>
KOKKOS_INLINE_FUNCTION Kokkos::pair<int, int> load_tile_or_fill(
    const TeamMember& team, const SrcView& src, std::int64_t row0, std::int64_t col0,
    const Tile& tile, const typename Tile::value_type& fill) {
  static_assert(SrcView::rank() == 2,
                "KokkosTile::load_tile_or_fill: a 2-D tile loads from a rank-2 View");
  const int rows = Impl::clipped_count(src.extent(0), row0, tile.rows());
  const int cols = Impl::clipped_count(src.extent(1), col0, tile.cols());
  using T = typename Tile::value_type;
  Impl::team_copy_window<8>(
      team, src, tile.rows(), tile.cols(),
      [&](int i, int j) { return (i < rows && j < cols) ? T(src(row0 + i, col0 + j)) : fill; },
      [&](int i, int j, const T& v) { tile(i, j) = v; });
  return {rows, cols};
}

/// Stores tile into the window of dst whose top-left element is (row0, col0), clipped to dst.
template <class TeamMember, class Tile, class DstView>
KOKKOS_INLINE_FUNCTION Kokkos::pair<int, int> store_tile(const TeamMember& team, const Tile& tile,
                                                         const DstView& dst, std::int64_t row0,
                                                         std::int64_t col0) {
  static_assert(DstView::rank() == 2, "KokkosTile::store_tile: a 2-D tile stores to a rank-2 View");
  const int rows = Impl::clipped_count(dst.extent(0), row0, tile.rows());
  const int cols = Impl::clipped_count(dst.extent(1), col0, tile.cols());
  Impl::team_copy_window<8>(
      team, dst, rows, cols, [&](int i, int j) { return tile(i, j); },
      [&](int i, int j, const typename Tile::value_type& v) { dst(row0 + i, col0 + j) = v; });
  return {rows, cols};
}

}  // namespace KokkosTile
