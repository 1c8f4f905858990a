// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The launches of KokkosTile::transpose's tiled variants (Transpose_Dispatch.hpp chooses): the
// variant and tile shape a call resolves to, where the full-tile fast path applies, the tile grid's
// shift and order, and the out-of-place and in-place tile kernels.

#include <Kokkos_Core.hpp>

#include "KokkosTile_Assert.hpp"
#include "KokkosTile_ScratchBudget.hpp"
#include "KokkosTile_TransposeOptions.hpp"
#include "impl/core/Core_LaunchDefaults.hpp"
#include "impl/core/Core_ViewChecks.hpp"
#include "impl/transpose/Transpose_CudaTiles.hpp"
#include "impl/transpose/Transpose_Team.hpp"
#include "impl/transpose/Transpose_Tuning.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <string>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

template <class ExecSpace, class ViewType>
constexpr void check_transposable_view() {
  static_assert(Kokkos::is_view<ViewType>::value, "KokkosTile::transpose needs Kokkos::Views");
  static_assert(ViewType::rank() == 2, "KokkosTile::transpose needs rank-2 Views");
  static_assert(std::is_trivially_copyable_v<typename ViewType::non_const_value_type>,
                "KokkosTile::transpose needs a trivially copyable element type");
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, typename ViewType::memory_space>::accessible,
                "KokkosTile::transpose: the execution space cannot access the View's memory");
}

template <class ExecSpace>
TransposeVariant resolve(TransposeVariant variant) {
  if (variant != TransposeVariant::automatic)
    return variant;
  return is_host_backend<ExecSpace>() ? TransposeVariant::tiled : TransposeVariant::tiled_padded;
}

/// options.variant resolved (resolve); an unknown variant is an InvalidArgument.
template <class ExecSpace>
TransposeVariant checked_transpose_variant(const std::string& call,
                                           const TransposeOptions& options) {
  const int variant = static_cast<int>(options.variant);
  KOKKOSTILE_EXPECT(variant >= static_cast<int>(TransposeVariant::automatic) &&
                        variant <= static_cast<int>(TransposeVariant::tiled_padded),
                    InvalidArgument, call, "variant " << variant << " is not a TransposeVariant");
  return resolve<ExecSpace>(options.variant);
}

/// The default label of a transpose call: "KokkosTile::<what><variant>" with the variant that runs
/// (`what`: "transpose_copy<" or "transpose<in_place,"; in place, naive runs as tiled).
template <class ExecSpace>
std::string transpose_label(const char* what, const TransposeOptions& options) {
  TransposeVariant variant = resolve<ExecSpace>(options.variant);
  if (variant == TransposeVariant::naive && std::string(what) == "transpose<in_place,")
    variant = TransposeVariant::tiled;
  return std::string("KokkosTile::") + what + to_string(variant) + ">";
}

template <class ExecSpace>
TileShape2D transpose_tile_shape(const std::string& call, const TransposeOptions& options,
                                 TransposeVariant variant) {
  const int edge = options.tile != 0 ? options.tile
                                     : (is_host_backend<ExecSpace>() ? transpose_host_edge
                                                                     : transpose_device_edge);
  KOKKOSTILE_EXPECT(edge > 0 && edge <= 1024, InvalidArgument, call,
                    "tile edge " << options.tile << " is outside [1, 1024]");
  return {edge, edge, variant == TransposeVariant::tiled_padded ? 1 : 0};
}

/// Where the full-tile fast path of a FastEdge tile applies, for b(j, i) = a(i, j).
template <int FastEdge, class ExecSpace, class BView, class AView>
FastStrides full_tile_strides(const BView& b, const AView& a) {
  const auto [a_fast, a_slow] = line_strides(a);
  const auto [b_fast, b_slow] = line_strides(b);
  FastStrides fast;
  fast.usable = a_fast == 1 && b_fast == 1 &&
                std::max(a_slow, b_slow) * FastEdge + FastEdge <= std::int64_t(INT_MAX);
  fast.a_slow = fast.usable ? static_cast<int>(a_slow) : 0;
  fast.b_slow = fast.usable ? static_cast<int>(b_slow) : 0;
  fast.memory_transpose = leftmost_index_is_contiguous(a) == leftmost_index_is_contiguous(b);
  // 16-byte packets on devices, where each global access must carry more bytes to keep enough in
  // flight; tile origins are multiples of FastEdge, so aligned bases and strides keep every packet
  // aligned.
  constexpr int V = packet_width<typename BView::non_const_value_type>();
  fast.packets = fast.usable && !is_host_backend<ExecSpace>() && V > 1 && a_slow % V == 0 &&
                 b_slow % V == 0 && packet_aligned(a.data()) && packet_aligned(b.data());
  return fast;
}

/// Elements from the last multiple of `line_bytes` (by default a FastEdge-element line) to `data`,
/// where lines `slow` elements apart all start equally misaligned; 0 otherwise (nothing to gain
/// from a shift), and 0 when line_bytes is 0.
template <int FastEdge, class T>
int line_misalignment(const T* data, std::int64_t slow,
                      std::int64_t line_bytes = FastEdge * sizeof(T)) {
  if (line_bytes <= 0)
    return 0;
  const auto address = reinterpret_cast<std::uintptr_t>(data);
  if (address % sizeof(T) != 0 || slow * std::int64_t(sizeof(T)) % line_bytes != 0)
    return 0;
  return static_cast<int>(address % line_bytes / sizeof(T));
}

/// Whether consecutive teams of the out-of-place transpose take tiles down a column of the tile
/// grid (along a's row index) rather than along a row (TransposeTiled::tile_of_rank).
///
/// On devices, teams walk along b's contiguous index, so that the teams running at once write whole
/// stretches of b's lines and read short stretches of a's: scattered writes cost more than
/// scattered reads. On an H100, with deep_copy re-measured before each form, one column of tiles
/// after another read 0.969-0.993 of deep_copy on 8192^2 and 16384^2 matrices (float and double)
/// against 0.961-0.975 along rows, and 0.965-0.994 against 0.951-0.973 for 4096 x 16384 (the
/// retired perf_tests/experiments/memory_bound_variants_kx.cpp, commit 6c5ee93). In
/// kokkostile_perf on an H100 it took 0.1-1.6% less time at 8192^2 (float and double), within the
/// spread between repeated measurements and machines
/// (perf_tests/results/2026-11-27_H100_transpose_tile_order/, commit 9ccad53).
///
/// That holds for every shape, also a grid with more than twice as many tiles along b's contiguous
/// index as across it (16384 x 4096 into 4096 x 16384). The row order reads about a point faster
/// there on an H100, but 2.5-4 points slower on an H200 (0.949-0.955 against 0.971-0.974 float,
/// 0.938-0.943 against 0.966-0.980 double), where it leaves `kokkostile_perf`'s double row at
/// 0.90-0.92 of deep_copy, below cuBLAS `geam` (0.925-0.942):
/// perf_tests/results/2026-11-27_H200_transpose_order_by_shape/ (commit 264219c). Host teams keep
/// the row order: each team's tile is in its own cache.
template <class ExecSpace>
bool transpose_tiles_down_columns(bool b_left) {
  if (is_host_backend<ExecSpace>())
    return false;
  // b(col, row) = a(row, col): b's contiguous index is a's row index unless b is LayoutLeft, when
  // walking along a's rows follows it.
  return !b_left;
}

/// MinBlocks: launch bounds as in tile_policy (0: Kokkos' default). order: 1 forces teams down
/// columns of tiles, -1 along rows, 0 (the public entry point) picks
/// transpose_tiles_down_columns. grid_line_bytes: the boundary the tile grid is shifted to
/// (0: no shift; -1, the public entry point: a whole tile line).
template <int FastEdge, unsigned MinBlocks = 0, class ExecSpace, class BView, class AView>
void launch_transpose_tiled(const std::string& call, const ExecSpace& space, const BView& b,
                            const AView& a, const TileShape2D& shape, int order = 0,
                            int grid_line_bytes = -1) {
  const bool a_left = leftmost_index_is_contiguous(a);
  const bool b_left = leftmost_index_is_contiguous(b);
  const FastStrides fast = full_tile_strides<FastEdge, ExecSpace>(b, a);
  // On devices, shift the tile grid so that full tiles read and write whole lines that start on
  // a multiple of the line's bytes: Kokkos puts a 128-byte header before each allocation, and the
  // same 64 x 65 tile kernel ran at 0.88 of cudaMemcpy on View memory against 0.95 on aligned
  // memory on an H200 (perf_tests/results/2026-11-21_H200_stencil_stream/, commit d55d9d5). a's
  // line sets the shift along a's fast index, b's along b's (a's other index, when the transpose is
  // one in memory); strides that are not whole lines leave the alignment different on every line,
  // and the grid unshifted.
  int row_shift = 0, col_shift = 0;
  if constexpr (FastEdge > 0) {
    if (fast.packets) {
      // Each View's own tile line unless the caller names a boundary.
      auto misalignment = [&](const auto* data, std::int64_t slow) {
        return grid_line_bytes < 0 ? line_misalignment<FastEdge>(data, slow)
                                   : line_misalignment<FastEdge>(data, slow, grid_line_bytes);
      };
      const int a_shift = misalignment(a.data(), line_strides(a).slow);
      const int b_shift = misalignment(b.data(), line_strides(b).slow);
      // a's fast index is its column unless a is LayoutLeft; b(col, row) = a(row, col), so b's
      // fast index is a's row when b is LayoutRight.
      (a_left ? row_shift : col_shift) = a_shift;
      if (fast.memory_transpose)
        (b_left ? col_shift : row_shift) = b_shift;
    }
  }
  const std::int64_t tiles_down = ceil_div(a.extent(0) + row_shift, shape.rows);
  const std::int64_t tiles_across = ceil_div(a.extent(1) + col_shift, shape.cols);
  const int league = checked_league_size(call, tiles_down * tiles_across);
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
  // The padded 64-edge tiles that the device's default takes, as KokkosTile's own CUDA blocks
  // (Transpose_CudaTiles.hpp), which walk down b's contiguous index as the default order does.
  if constexpr (FastEdge == 64 && MinBlocks == 0 && is_cuda<ExecSpace>() &&
                packet_width<typename BView::non_const_value_type>() > 1) {
    if (fast.packets && fast.memory_transpose && shape.pad == 1 && order == 0 &&
        std::max(a.extent(0), a.extent(1)) <= std::size_t(INT_MAX - 2 * FastEdge)) {
      using functor_type = TransposeCudaTiles<typename BView::non_const_value_type, FastEdge>;
      // a's lines run along its slow index: its columns when a is LayoutLeft.
      functor_type functor{a.data(),
                           b.data(),
                           static_cast<int>(a_left ? a.extent(1) : a.extent(0)),
                           static_cast<int>(a_left ? a.extent(0) : a.extent(1)),
                           fast.a_slow,
                           fast.b_slow,
                           a_left ? col_shift : row_shift,
                           a_left ? row_shift : col_shift,
                           static_cast<int>(a_left ? tiles_across : tiles_down)};
      launch_cuda_blocks<functor_type::threads, 1>(call, call, space, league,
                                                   dim3(functor_type::threads), functor);
      return;
    }
  }
#endif
  // Team scratch only for the team kernel: the blocks above keep their tile in static shared
  // memory.
  using tile_type = Tile2D<typename BView::non_const_value_type, ExecSpace>;
  const ScratchPlacement placement =
      place_team_scratch(call, space, tile_type::scratch_bytes(shape));
  const bool down_columns =
      order == 0 ? transpose_tiles_down_columns<ExecSpace>(b_left) : order > 0;
  // Lanes follow a's contiguous index on the load and b's on the store (b(col, row) = tile(row,
  // col), so b's leftmost index is the tile's column).
  const auto policy = with_scratch(tile_policy<MinBlocks>(space, league), placement);
  with_scratch_level(placement, [&](auto level) {
    Kokkos::parallel_for(
        call, policy,
        TransposeTiled<ExecSpace, BView, AView, FastEdge, decltype(level)::value>{
            b, a, shape, static_cast<int>(tiles_across), static_cast<int>(tiles_down), down_columns,
            a_left, !b_left, fast, row_shift, col_shift});
  });
}

template <int FastEdge, unsigned MinBlocks = 0, int Warps = 0, class ExecSpace, class AView>
void launch_transpose_in_place(const std::string& call, const ExecSpace& space, const AView& a,
                               const TileShape2D& shape, const InPlaceTileOrder& order = {}) {
  using tile_type = Tile2D<typename AView::non_const_value_type, ExecSpace>;
  const ScratchPlacement placement =
      place_team_scratch(call, space, 2 * tile_type::scratch_bytes(shape));
  const bool a_left = leftmost_index_is_contiguous(a);
  const FastStrides fast = full_tile_strides<FastEdge, ExecSpace>(a, a);
  // One shift for rows and columns keeps tile (I, J) the mirror of tile (J, I); a's line sets it.
  int shift = 0;
  if constexpr (FastEdge > 0) {
    if (fast.packets)
      shift = line_misalignment<FastEdge>(a.data(), line_strides(a).slow);
  }
  const std::int64_t tiles_across = ceil_div(a.extent(0) + shift, shape.rows);
  const int league = checked_league_size(call, in_place_teams(tiles_across, order));
  auto policy = with_scratch(tile_policy<MinBlocks>(space, league), placement);
  using functor_base = TransposeInPlace<ExecSpace, AView, FastEdge, 0, Warps>;
  if constexpr (!is_host_backend<ExecSpace>())
    policy = with_scratch(TilePolicy<ExecSpace, MinBlocks>(space, league, functor_base::warps, 32),
                          placement);
  with_scratch_level(placement, [&](auto level) {
    Kokkos::parallel_for(
        call, policy,
        TransposeInPlace<ExecSpace, AView, FastEdge, decltype(level)::value, Warps>{
            a, shape, a_left, !a_left, fast, shift, static_cast<int>(tiles_across), order});
  });
}

}  // namespace Impl
}  // namespace KokkosTile
