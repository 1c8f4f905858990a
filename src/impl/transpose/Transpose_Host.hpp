#pragma once
// Host-backend kernels behind KokkosTile::transpose (KokkosTile_Transpose.hpp), for execution
// spaces whose kernels run on host threads (Serial, OpenMP, Threads).
//
// Every View is first described by its memory: element (p, q) of the source sits at
// p * src_p + q * src_q with q the source's contiguous ("fast") index, and at p * dst_p + q * dst_q
// in the destination. When the destination's fast index is q too, the "transpose" is a copy of
// lines (LayoutRight into LayoutLeft, say) and runs as one (copy_lines). Otherwise it is a
// transpose in memory and runs in square tiles of Edge x Edge elements, one team of one thread per
// group of tiles:
//   - a tile is read line by line from the source, transposed on the way into a per-thread buffer
//     (team scratch, in L1) by Micro x Micro register blocks that GCC and Clang turn into lane
//     shuffles, then written line by line into the destination: both sides of memory see whole,
//     contiguous tile lines, and no line of the big Views has to survive in L1 while the loop
//     jumps across lines (with power-of-two line strides all the lines of a tile fall into the
//     same L1 set);
//   - while a tile is transposed, the next tile's source lines are prefetched: the hardware
//     prefetchers do not follow Edge short runs at a large stride;
//   - tiles are walked in groups ("super-tiles") of up to 16 x 16 tiles, so that the pages a group
//     touches on both sides fit the TLB and each page is used for several tiles in a row.
// In place (square), a team swaps the tile pairs (I, J) / (J, I), I <= J, through two buffers.

#include <Kokkos_Core.hpp>

#include "KokkosTile_ScratchBudget.hpp"
#include "impl/KokkosTile_ViewChecks.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

namespace KokkosTile {
namespace Impl {

/// A hint that the cache line at `address` will be read soon (a no-op where the compiler has no
/// portable prefetch builtin, and in device compilations, where these kernels never run).
KOKKOS_FORCEINLINE_FUNCTION void host_prefetch(const void* address) {
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__CUDACC__) && !defined(__HIPCC__) && \
    !defined(__SYCL_DEVICE_ONLY__)
  __builtin_prefetch(address, 0, 2);
#else
  (void)address;
#endif
}

/// Tile shape per element size: Edge x Edge elements through an L1 buffer, transposed in
/// Micro x Micro register blocks (8 x 8 floats or 4 x 4 doubles fill 16-byte vector registers).
template <class T>
struct HostTransposeTile {
  static constexpr int edge = sizeof(T) <= 4 ? 64 : 32;
  static constexpr int micro = sizeof(T) <= 4 ? 8 : 4;
  static constexpr std::size_t buffer_bytes = std::size_t(edge) * edge * sizeof(T) + 64;
  /// Register blocks need elements the compiler can hold in a plain array.
  static constexpr bool registers = std::is_trivially_default_constructible_v<T>;
};

/// Element (p, q) of a source or destination is at p * along_p + q * along_q.
struct HostMatrixStrides {
  std::int64_t along_p = 0;
  std::int64_t along_q = 0;
};

/// buf[q * Edge + p] = src[p * s.along_p + q * s.along_q] for p < rows, q < cols. With Unit
/// (s.along_q == 1) a full tile goes through register blocks: Micro source lines in, Micro buffer
/// lines out.
template <int Edge, int Micro, bool Unit, bool Registers, class B, class S>
KOKKOS_FORCEINLINE_FUNCTION void host_load_tile_transposed(B* KOKKOS_RESTRICT buf,
                                                           const S* KOKKOS_RESTRICT src,
                                                           const HostMatrixStrides& s, int rows,
                                                           int cols) {
  if constexpr (Unit && Registers) {
    if (rows == Edge && cols == Edge) {
      for (int p0 = 0; p0 < Edge; p0 += Micro) {
        for (int q0 = 0; q0 < Edge; q0 += Micro) {
          B block[Micro][Micro];
          for (int p = 0; p < Micro; ++p)
            for (int q = 0; q < Micro; ++q)
              block[p][q] = src[(p0 + p) * s.along_p + q0 + q];
          for (int q = 0; q < Micro; ++q)
            for (int p = 0; p < Micro; ++p)
              buf[(q0 + q) * Edge + p0 + p] = block[p][q];
        }
      }
      return;
    }
  }
  const std::int64_t along_q = Unit ? 1 : s.along_q;
  for (int p = 0; p < rows; ++p)
    for (int q = 0; q < cols; ++q)
      buf[q * Edge + p] = src[p * s.along_p + q * along_q];
}

/// dst[q * d.along_q + p * d.along_p] = buf[q * Edge + p] for p < rows, q < cols: destination
/// lines along p (contiguous with Unit, d.along_p == 1), one per q.
template <int Edge, bool Unit, class B, class D>
KOKKOS_FORCEINLINE_FUNCTION void host_store_tile(D* KOKKOS_RESTRICT dst,
                                                 const B* KOKKOS_RESTRICT buf,
                                                 const HostMatrixStrides& d, int rows, int cols) {
  const std::int64_t along_p = Unit ? 1 : d.along_p;
  for (int q = 0; q < cols; ++q) {
    D* KOKKOS_RESTRICT line = dst + q * d.along_q;
    const B* KOKKOS_RESTRICT from = buf + q * Edge;
    for (int p = 0; p < rows; ++p)
      line[p * along_p] = from[p];
  }
}

/// Prefetches the source lines of a rows x cols tile at `src` (unit stride along q).
template <class S>
KOKKOS_FORCEINLINE_FUNCTION void host_prefetch_tile(const S* src, std::int64_t along_p, int rows,
                                                    int cols) {
  const int bytes = cols * int(sizeof(S));
  for (int p = 0; p < rows; ++p) {
    const char* line = reinterpret_cast<const char*>(src + p * along_p);
    for (int offset = 0; offset < bytes; offset += 64)
      host_prefetch(line + offset);
    host_prefetch(line + bytes - 1);
  }
}

/// How tiles are grouped into the work items of the host transposes.
struct HostTileGrid {
  std::int64_t tiles_p = 0, tiles_q = 0;  // tiles along p and along q
  std::int64_t group = 1;                 // tiles per super-tile edge
  std::int64_t groups_q = 0;              // super-tiles along q
  std::int64_t groups = 0;                // super-tiles in all
};

/// Groups of up to 16 x 16 tiles, smaller while that leaves fewer than 4 groups per thread.
template <class ExecSpace>
HostTileGrid host_tile_grid(const ExecSpace& space, std::int64_t extent_p, std::int64_t extent_q,
                            int edge) {
  HostTileGrid grid;
  grid.tiles_p = ceil_div(extent_p, edge);
  grid.tiles_q = ceil_div(extent_q, edge);
  const std::int64_t wanted = 4 * std::int64_t(std::max(1, space.concurrency()));
  grid.group = 16;
  while (grid.group > 1 &&
         ceil_div(grid.tiles_p, grid.group) * ceil_div(grid.tiles_q, grid.group) < wanted)
    grid.group /= 2;
  grid.groups_q = ceil_div(grid.tiles_q, grid.group);
  grid.groups = ceil_div(grid.tiles_p, grid.group) * grid.groups_q;
  return grid;
}

/// Out of place, a transpose in memory: dst(p, q) = src(p, q) where the source is contiguous along
/// q and the destination along p. Unit: both of those strides are 1.
template <class ExecSpace, class D, class S, bool Unit>
struct TransposeHostTiles {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using tile = HostTransposeTile<D>;
  static constexpr int edge = tile::edge;

  D* dst;
  const S* src;
  HostMatrixStrides d, s;
  std::int64_t extent_p, extent_q;
  HostTileGrid grid;
  int level;

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    D* buf = static_cast<D*>(
        team.team_scratch(level).get_shmem_aligned(std::size_t(edge) * edge * sizeof(D), 64));
    const std::int64_t group_p = team.league_rank() / grid.groups_q;
    const std::int64_t group_q = team.league_rank() % grid.groups_q;
    const std::int64_t tp_begin = group_p * grid.group;
    const std::int64_t tq_begin = group_q * grid.group;
    const std::int64_t tp_end = Kokkos::min(grid.tiles_p, tp_begin + grid.group);
    const std::int64_t tq_end = Kokkos::min(grid.tiles_q, tq_begin + grid.group);
    for (std::int64_t tp = tp_begin; tp < tp_end; ++tp) {
      for (std::int64_t tq = tq_begin; tq < tq_end; ++tq) {
        if constexpr (Unit) {
          // The next tile of this group: along q, then the first of the next row of tiles.
          const bool last_q = tq + 1 == tq_end;
          const std::int64_t np = last_q ? tp + 1 : tp;
          const std::int64_t nq = last_q ? tq_begin : tq + 1;
          if (np < tp_end)
            host_prefetch_tile(src + np * edge * s.along_p + nq * edge, s.along_p,
                               clipped(extent_p, np), clipped(extent_q, nq));
        }
        const std::int64_t p0 = tp * edge, q0 = tq * edge;
        const int rows = clipped(extent_p, tp), cols = clipped(extent_q, tq);
        host_load_tile_transposed<edge, tile::micro, Unit, tile::registers>(
            buf, src + p0 * s.along_p + q0 * s.along_q, s, rows, cols);
        host_store_tile<edge, Unit>(dst + p0 * d.along_p + q0 * d.along_q, buf, d, rows, cols);
      }
    }
  }

  KOKKOS_FUNCTION static int clipped(std::int64_t extent, std::int64_t tile_index) {
    return int(Kokkos::min<std::int64_t>(edge, extent - tile_index * edge));
  }
};

/// Out of place, with both fast indices along q: line p of the destination is line p of the
/// source. Work items are runs of up to `run` elements of one line.
template <class D, class S, bool Unit>
struct TransposeHostLines {
  D* dst;
  const S* src;
  HostMatrixStrides d, s;
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
template <class ExecSpace, class T, bool Unit>
struct TransposeHostInPlace {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using tile = HostTransposeTile<T>;
  static constexpr int edge = tile::edge;

  T* data;
  HostMatrixStrides m;
  std::int64_t extent;
  std::int64_t tiles;  // along each index
  int level;

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    const std::size_t bytes = std::size_t(edge) * edge * sizeof(T);
    T* upper = static_cast<T*>(team.team_scratch(level).get_shmem_aligned(bytes, 64));
    T* lower = static_cast<T*>(team.team_scratch(level).get_shmem_aligned(bytes, 64));
    std::int64_t ti, tj;
    pair_of(team.league_rank(), ti, tj);
    const std::int64_t p0 = ti * edge, q0 = tj * edge;
    const int rows = clipped(ti), cols = clipped(tj);
    T* upper_tile = data + p0 * m.along_p + q0 * m.along_q;  // (I, J): rows p0.., columns q0..
    host_load_tile_transposed<edge, tile::micro, Unit, tile::registers>(upper, upper_tile, m, rows,
                                                                        cols);
    if (ti == tj) {
      host_store_tile<edge, Unit>(upper_tile, upper, mirrored(), rows, cols);
      return;
    }
    T* lower_tile = data + q0 * m.along_p + p0 * m.along_q;  // (J, I)
    host_load_tile_transposed<edge, tile::micro, Unit, tile::registers>(lower, lower_tile, m, cols,
                                                                        rows);
    // upper holds (I, J) transposed, lines along its rows p: they become lines q of tile (J, I).
    host_store_tile<edge, Unit>(lower_tile, upper, mirrored(), rows, cols);
    host_store_tile<edge, Unit>(upper_tile, lower, mirrored(), cols, rows);
  }

  /// The destination of element (p, q) is (q, p): its strides along p and q are swapped.
  KOKKOS_FUNCTION HostMatrixStrides mirrored() const { return {m.along_q, m.along_p}; }

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
HostMatrixStrides host_strides(const ViewType& view) {
  return {std::int64_t(view.stride(0)), std::int64_t(view.stride(1))};
}

/// True when the View may be walked through data() and its strides: plain references (no atomic
/// or other proxy memory traits).
template <class ViewType>
constexpr bool host_plain_view() {
  return std::is_same_v<typename ViewType::reference_type, typename ViewType::value_type&>;
}

/// b(j, i) = a(i, j) on a host backend; b is a.extent(1) x a.extent(0), neither is empty, and they
/// do not overlap.
template <class ExecSpace, class BView, class AView>
void transpose_host(const std::string& call, const ExecSpace& space, const BView& b,
                    const AView& a) {
  using D = typename BView::value_type;
  using S = typename AView::value_type;
  // Element (i, j) of a is at i * a.stride(0) + j * a.stride(1), and b(j, i) at
  // j * b.stride(0) + i * b.stride(1). Name p the index of a's larger stride and q the other.
  std::int64_t extent_p = a.extent(0), extent_q = a.extent(1);
  HostMatrixStrides s = host_strides(a);
  HostMatrixStrides d{std::int64_t(b.stride(1)), std::int64_t(b.stride(0))};
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
          call, policy,
          TransposeHostLines<D, S, true>{b.data(), a.data(), d, s, extent_q, run, runs_per_line});
    } else {
      Kokkos::parallel_for(
          call, policy,
          TransposeHostLines<D, S, false>{b.data(), a.data(), d, s, extent_q, run, runs_per_line});
    }
    return;
  }
  using tile = HostTransposeTile<D>;
  const HostTileGrid grid = host_tile_grid(space, extent_p, extent_q, tile::edge);
  const ScratchPlacement placement = place_team_scratch(call, space, tile::buffer_bytes);
  const auto policy = with_scratch(Kokkos::TeamPolicy<ExecSpace, Kokkos::Schedule<Kokkos::Static>>(
                                       space, checked_league_size(call, grid.groups), 1),
                                   placement);
  if (s.along_q == 1 && d.along_p == 1) {
    Kokkos::parallel_for(call, policy,
                         TransposeHostTiles<ExecSpace, D, S, true>{
                             b.data(), a.data(), d, s, extent_p, extent_q, grid, placement.level});
  } else {
    Kokkos::parallel_for(call, policy,
                         TransposeHostTiles<ExecSpace, D, S, false>{
                             b.data(), a.data(), d, s, extent_p, extent_q, grid, placement.level});
  }
}

/// Transposes the square, non-empty a in place on a host backend.
template <class ExecSpace, class AView>
void transpose_in_place_host(const std::string& call, const ExecSpace& space, const AView& a) {
  using T = typename AView::value_type;
  using tile = HostTransposeTile<T>;
  HostMatrixStrides m = host_strides(a);
  if (m.along_q > m.along_p)
    std::swap(m.along_p, m.along_q);  // the transpose is symmetric in p and q
  const std::int64_t extent = a.extent(0);
  const std::int64_t tiles = ceil_div(extent, tile::edge);
  const ScratchPlacement placement = place_team_scratch(call, space, 2 * tile::buffer_bytes);
  const auto policy =
      with_scratch(Kokkos::TeamPolicy<ExecSpace, Kokkos::Schedule<Kokkos::Static>>(
                       space, checked_league_size(call, tiles * (tiles + 1) / 2), 1),
                   placement);
  if (m.along_q == 1) {
    Kokkos::parallel_for(
        call, policy,
        TransposeHostInPlace<ExecSpace, T, true>{a.data(), m, extent, tiles, placement.level});
  } else {
    Kokkos::parallel_for(
        call, policy,
        TransposeHostInPlace<ExecSpace, T, false>{a.data(), m, extent, tiles, placement.level});
  }
}

}  // namespace Impl
}  // namespace KokkosTile
