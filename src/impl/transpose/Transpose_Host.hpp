// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Host-backend kernels behind KokkosTile::transpose (KokkosTile_Transpose.hpp), for execution
// spaces whose kernels run on host threads (Serial, OpenMP, Threads).
//
// Every View is first described by its memory: element (p, q) of the source sits at
// p * src_p + q * src_q with q the source's contiguous ("fast") index, and at p * dst_p + q * dst_q
// in the destination. When the destination's fast index is q too, the "transpose" is a copy of
// lines (LayoutRight into LayoutLeft, say) and runs as one (host_transpose::Lines). Otherwise it is
// a transpose in memory and runs in tiles of EdgeP x EdgeQ elements, one team of one thread per
// group of tiles (host_transpose::Tiles):
//   - a tile is read line by line from the source, transposed on the way into a per-thread buffer
//     (team scratch, in L1) by Micro x Micro register blocks that GCC and Clang turn into lane
//     shuffles, then written line by line into the destination: both sides of memory see whole,
//     contiguous tile lines, and no line of the big Views has to survive in L1 while the loop
//     jumps across lines (with power-of-two line strides all the lines of a tile fall into the
//     same L1 set);
//   - while a tile is transposed, the next tile's source lines are prefetched: the hardware
//     prefetchers do not follow short runs at a large stride;
//   - large destinations are written with non-temporal stores (x86-64): whole lines, no read for
//     ownership, so the transpose moves the bytes a copy moves;
//   - tiles are walked in groups of up to 16 x 16 tiles, so that the pages a thread works on stay
//     few and each is used for several tiles in a row.
// In place (square), a team swaps the tile pairs (I, J) / (J, I), I <= J, through two buffers,
// prefetching the next pair (host_transpose::InPlace).

#include <Kokkos_Core.hpp>

#include "KokkosTile_ScratchBudget.hpp"
#include "impl/core/Core_ViewChecks.hpp"

#include "impl/core/Core_HostStreamStores.hpp"
#include "impl/transpose/Transpose_HostTile.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

namespace KokkosTile {
namespace Impl {
namespace host_transpose {

/// How tiles are grouped into the work items of the host transposes.
struct TileGrid {
  std::int64_t tiles_p = 0, tiles_q = 0;  // tiles along p and along q
  std::int64_t group = 1;                 // tiles per super-tile edge
  std::int64_t groups_q = 0;              // super-tiles along q
  std::int64_t groups = 0;                // super-tiles in all
};

/// Groups of up to 16 x 16 tiles, smaller while that leaves fewer than 4 groups per thread.
template <class ExecSpace>
TileGrid tile_grid(const ExecSpace& space, std::int64_t extent_p, std::int64_t extent_q, int edge_p,
                   int edge_q, int max_group) {
  TileGrid grid;
  grid.tiles_p = ceil_div(extent_p, edge_p);
  grid.tiles_q = ceil_div(extent_q, edge_q);
  const std::int64_t wanted = 4 * std::int64_t(std::max(1, space.concurrency()));
  grid.group = max_group;
  while (grid.group > 1 &&
         ceil_div(grid.tiles_p, grid.group) * ceil_div(grid.tiles_q, grid.group) < wanted)
    grid.group /= 2;
  grid.groups_q = ceil_div(grid.tiles_q, grid.group);
  grid.groups = ceil_div(grid.tiles_p, grid.group) * grid.groups_q;
  return grid;
}

/// Out of place, a transpose in memory: dst(p, q) = src(p, q) where the source is contiguous along
/// q and the destination along p. Unit: both of those strides are 1.
template <class ExecSpace, class D, class S, bool Unit, class Tile, bool Stream>
struct Tiles {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using tile = Tile;
  static constexpr int edge_p = tile::edge_p;
  static constexpr int edge_q = tile::edge_q;

  D* dst;
  const S* src;
  MatrixStrides d, s;
  std::int64_t extent_p, extent_q;
  TileGrid grid;
  int level;

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    D* buf = static_cast<D*>(
        team.team_scratch(level).get_shmem_aligned(std::size_t(edge_p) * edge_q * sizeof(D), 64));
    const std::int64_t group_p = team.league_rank() / grid.groups_q;
    const std::int64_t group_q = team.league_rank() % grid.groups_q;
    const std::int64_t tp_begin = group_p * grid.group;
    const std::int64_t tq_begin = group_q * grid.group;
    const std::int64_t tp_end = Kokkos::min(grid.tiles_p, tp_begin + grid.group);
    const std::int64_t tq_end = Kokkos::min(grid.tiles_q, tq_begin + grid.group);
    for (std::int64_t tp = tp_begin; tp < tp_end; ++tp) {
      for (std::int64_t tq = tq_begin; tq < tq_end; ++tq) {
        // The next tile of this group: along q, then the first of the next row of tiles.
        const bool last_q = tq + 1 == tq_end;
        const std::int64_t np = last_q ? tp + 1 : tp;
        const std::int64_t nq = last_q ? tq_begin : tq + 1;
        const S* next = Unit && np < tp_end ? src + np * edge_p * s.along_p + nq * edge_q : nullptr;
        const std::int64_t p0 = tp * edge_p, q0 = tq * edge_q;
        const int rows = clipped(extent_p, tp, edge_p), cols = clipped(extent_q, tq, edge_q);
        load_tile_transposed<edge_p, edge_q, tile::micro, Unit, tile_registers<D>>(
            buf, src + p0 * s.along_p + q0 * s.along_q, s, rows, cols, next,
            next ? clipped(extent_p, np, edge_p) : 0, next ? clipped(extent_q, nq, edge_q) : 0);
        store_tile<edge_p, Unit, Stream>(dst + p0 * d.along_p + q0 * d.along_q, buf, d, rows, cols);
      }
    }
#if KOKKOSTILE_IMPL_HOST_STREAM_STORES
    // Non-temporal stores are weakly ordered: make them visible before the kernel completes.
    if constexpr (Stream)
      stream_fence();
#endif
  }

  KOKKOS_FUNCTION static int clipped(std::int64_t extent, std::int64_t tile_index, int edge) {
    return int(Kokkos::min<std::int64_t>(edge, extent - tile_index * edge));
  }
};

/// Out of place, with both fast indices along q: line p of the destination is line p of the
/// source. Work items are runs of up to `run` elements of one line.
template <class D, class S, bool Unit>
struct Lines {
  D* dst;
  const S* src;
  MatrixStrides d, s;
  std::int64_t extent_q;
  std::int64_t run;
  std::int64_t runs_per_line;

  KOKKOS_FUNCTION void operator()(std::int64_t item) const {
    const std::int64_t p = item / runs_per_line;
    const std::int64_t q0 = item % runs_per_line * run;
    const std::int64_t count = Kokkos::min(run, extent_q - q0);
    D* KOKKOS_RESTRICT to = dst + p * d.along_p + q0 * d.along_q;
    const S* KOKKOS_RESTRICT from = src + p * s.along_p + q0 * s.along_q;
    if constexpr (Unit) {
      for (std::int64_t q = 0; q < count; ++q)
        to[q] = from[q];
    } else {
      for (std::int64_t q = 0; q < count; ++q)
        to[q * d.along_q] = from[q * s.along_q];
    }
  }
};

/// In place, square: element (p, q) at p * m.along_p + q * m.along_q (q the fast index), and team
/// k swaps the k-th pair of tiles (I, J) / (J, I), I <= J, of the upper triangle in row order.
template <class ExecSpace, class T, bool Unit, class Tile>
struct InPlace {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using tile = Tile;
  static constexpr int edge = tile::edge_p;

  T* data;
  MatrixStrides m;
  std::int64_t extent;
  std::int64_t tiles;  // along each index
  int level;

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    const std::size_t bytes = std::size_t(edge) * edge * sizeof(T);
    T* upper = static_cast<T*>(team.team_scratch(level).get_shmem_aligned(bytes, 64));
    T* lower = static_cast<T*>(team.team_scratch(level).get_shmem_aligned(bytes, 64));
    std::int64_t ti, tj;
    pair_of(team.league_rank(), ti, tj);
    // The next pair in row order (most often this thread's next one): its tiles are prefetched
    // while this pair is loaded.
    const bool last_in_row = tj + 1 == tiles;
    const std::int64_t ni = last_in_row ? ti + 1 : ti, nj = last_in_row ? ti + 1 : tj + 1;
    const bool prefetch = Unit && ni < tiles;
    const std::int64_t p0 = ti * edge, q0 = tj * edge;
    const int rows = clipped(ti), cols = clipped(tj);
    T* upper_tile = data + p0 * m.along_p + q0 * m.along_q;  // (I, J): rows p0.., columns q0..
    load_tile_transposed<edge, edge, tile::micro, Unit, tile_registers<T>>(
        upper, upper_tile, m, rows, cols, prefetch ? tile_at(ni, nj) : nullptr,
        prefetch ? clipped(ni) : 0, prefetch ? clipped(nj) : 0);
    if (ti == tj) {
      store_tile<edge, Unit>(upper_tile, upper, mirrored(), rows, cols);
      return;
    }
    T* lower_tile = tile_at(tj, ti);
    const bool prefetch_lower = prefetch && ni != nj;
    load_tile_transposed<edge, edge, tile::micro, Unit, tile_registers<T>>(
        lower, lower_tile, m, cols, rows, prefetch_lower ? tile_at(nj, ni) : nullptr,
        prefetch_lower ? clipped(nj) : 0, prefetch_lower ? clipped(ni) : 0);
    // upper holds (I, J) transposed, lines along its rows p: they become lines q of tile (J, I).
    store_tile<edge, Unit>(lower_tile, upper, mirrored(), rows, cols);
    store_tile<edge, Unit>(upper_tile, lower, mirrored(), cols, rows);
  }

  /// The first element of tile (I, J): rows from I * edge, columns from J * edge.
  KOKKOS_FUNCTION T* tile_at(std::int64_t ti, std::int64_t tj) const {
    return data + ti * edge * m.along_p + tj * edge * m.along_q;
  }

  /// The destination of element (p, q) is (q, p): its strides along p and q are swapped.
  KOKKOS_FUNCTION MatrixStrides mirrored() const { return {m.along_q, m.along_p}; }

  KOKKOS_FUNCTION int clipped(std::int64_t tile_index) const {
    return int(Kokkos::min<std::int64_t>(edge, extent - tile_index * edge));
  }

  /// The k-th (I, J) with I <= J in row order: row I starts at I * tiles - I * (I - 1) / 2.
  KOKKOS_FUNCTION void pair_of(std::int64_t k, std::int64_t& ti, std::int64_t& tj) const {
    const double t = double(tiles);
    std::int64_t i =
        std::int64_t((2 * t + 1 - Kokkos::sqrt((2 * t + 1) * (2 * t + 1) - 8 * double(k))) / 2);
    i = Kokkos::max<std::int64_t>(0, Kokkos::min<std::int64_t>(i, tiles - 1));
    while (i > 0 && row_start(i) > k)
      --i;
    while (i + 1 < tiles && row_start(i + 1) <= k)
      ++i;
    ti = i;
    tj = i + (k - row_start(i));
  }

  KOKKOS_FUNCTION std::int64_t row_start(std::int64_t i) const {
    return i * tiles - i * (i - 1) / 2;
  }
};

/// Element (p, q) of a rank-2 View in its own index order is at p * stride(0) + q * stride(1).
template <class ViewType>
MatrixStrides strides_of(const ViewType& view) {
  return {std::int64_t(view.stride(0)), std::int64_t(view.stride(1))};
}

/// True when the View may be walked through data() and its strides: plain references (no atomic
/// or other proxy memory traits).
template <class ViewType>
constexpr bool plain_view() {
  return std::is_same_v<typename ViewType::reference_type, typename ViewType::value_type&>;
}

/// b(j, i) = a(i, j) on a host backend; b is a.extent(1) x a.extent(0), neither is empty, and they
/// do not overlap.
template <class Tile = void, class ExecSpace, class BView, class AView>
void transpose(const std::string& call, const ExecSpace& space, const BView& b, const AView& a,
               int max_group = 16) {
  using D = typename BView::value_type;
  using S = typename AView::value_type;
  // Element (i, j) of a is at i * a.stride(0) + j * a.stride(1), and b(j, i) at
  // j * b.stride(0) + i * b.stride(1). Name p the index of a's larger stride and q the other.
  std::int64_t extent_p = a.extent(0), extent_q = a.extent(1);
  MatrixStrides s = strides_of(a);
  MatrixStrides d{std::int64_t(b.stride(1)), std::int64_t(b.stride(0))};
  if (s.along_q > s.along_p || (s.along_q == s.along_p && extent_q == 1)) {
    std::swap(extent_p, extent_q);
    std::swap(s.along_p, s.along_q);
    std::swap(d.along_p, d.along_q);
  }
  if (d.along_q <= d.along_p && extent_q > 1) {
    // Both Views are contiguous along q: copy lines, in runs of at most 4096 elements.
    const std::int64_t run = Kokkos::min<std::int64_t>(extent_q, 4096);
    const std::int64_t runs_per_line = ceil_div(extent_q, run);
    const Kokkos::RangePolicy<ExecSpace, Kokkos::Schedule<Kokkos::Static>> policy(
        space, 0, extent_p * runs_per_line);
    if (s.along_q == 1 && d.along_q == 1) {
      Kokkos::parallel_for(
          call, policy, Lines<D, S, true>{b.data(), a.data(), d, s, extent_q, run, runs_per_line});
    } else {
      Kokkos::parallel_for(
          call, policy, Lines<D, S, false>{b.data(), a.data(), d, s, extent_q, run, runs_per_line});
    }
    return;
  }
  using tile = std::conditional_t<std::is_void_v<Tile>, OutOfPlaceTile<D>, Tile>;
  const TileGrid grid = tile_grid(space, extent_p, extent_q, tile::edge_p, tile::edge_q, max_group);
  const ScratchPlacement placement =
      place_team_scratch(call, space, std::size_t(tile::edge_p) * tile::edge_q * sizeof(D) + 64);
  const auto policy = with_scratch(Kokkos::TeamPolicy<ExecSpace, Kokkos::Schedule<Kokkos::Static>>(
                                       space, checked_league_size(call, grid.groups), 1),
                                   placement);
  const auto launch = [&](auto unit, auto stream) {
    Kokkos::parallel_for(
        call, policy,
        Tiles<ExecSpace, D, S, decltype(unit)::value, tile, decltype(stream)::value>{
            b.data(), a.data(), d, s, extent_p, extent_q, grid, placement.level});
  };
  using yes = std::true_type;
  using no = std::false_type;
  if (s.along_q == 1 && d.along_p == 1) {
    const bool stream = tile::stream && KOKKOSTILE_IMPL_HOST_STREAM_STORES &&
                        b.span() * sizeof(D) >= stream_min_bytes;
    if (stream)
      launch(yes{}, yes{});
    else
      launch(yes{}, no{});
  } else {
    launch(no{}, no{});
  }
}

/// Transposes the square, non-empty a in place on a host backend.
template <class Tile = void, class ExecSpace, class AView>
void transpose_in_place(const std::string& call, const ExecSpace& space, const AView& a) {
  using T = typename AView::value_type;
  using tile = std::conditional_t<std::is_void_v<Tile>, InPlaceTile<T>, Tile>;
  MatrixStrides m = strides_of(a);
  if (m.along_q > m.along_p)
    std::swap(m.along_p, m.along_q);  // the transpose is symmetric in p and q
  const std::int64_t extent = a.extent(0);
  const std::int64_t tiles = ceil_div(extent, tile::edge_p);
  const ScratchPlacement placement = place_team_scratch(
      call, space, 2 * (std::size_t(tile::edge_p) * tile::edge_p * sizeof(T) + 64));
  const auto policy =
      with_scratch(Kokkos::TeamPolicy<ExecSpace, Kokkos::Schedule<Kokkos::Static>>(
                       space, checked_league_size(call, tiles * (tiles + 1) / 2), 1),
                   placement);
  if (m.along_q == 1) {
    Kokkos::parallel_for(
        call, policy,
        InPlace<ExecSpace, T, true, tile>{a.data(), m, extent, tiles, placement.level});
  } else {
    Kokkos::parallel_for(
        call, policy,
        InPlace<ExecSpace, T, false, tile>{a.data(), m, extent, tiles, placement.level});
  }
}

}  // namespace host_transpose
}  // namespace Impl
}  // namespace KokkosTile
