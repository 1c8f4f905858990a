// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Host kernel of KokkosTile::apply_stencil (Serial, OpenMP, Threads): KokkosTile_Stencil.hpp calls
// launch_stencil_host for the default `tiled` variant on host backends.
//
// The grid is seen in (slow, fast) coordinates of the output's contiguous index, so that every
// store is contiguous. Each work item is a block of slow lines ("rows") times a strip of fast
// columns sized so that the 2 r + 1 input rows around the current one stay in L1/L2; the item
// walks down its rows, so each input row comes from memory once and is reused from cache by the
// 2 r rows below it. Within a row, chunks of columns are computed:
//  - the interior columns [r, fast_extent - r): one contiguous loop over 2 r + 1 row pointers with
//    no boundary tests (Stencil_HostRows.hpp); the boundary condition along the slow index is
//    resolved once per row by pointing at the clamped or wrapped row, or at a row of constants;
//  - the r columns at each end: a scalar loop that resolves the fast index tap by tap.
// Input rows that are not unit-stride along the output's fast index (another layout, a strided
// subview) are first gathered into a ring of 2 r + 1 padded row buffers with their boundary
// columns resolved, so that the same contiguous loop computes every column; a strided output is
// computed into a chunk buffer and scattered. Stars of radius 1 to 4 and boxes of radius 1 and 2
// have the radius compiled in; other shapes accumulate chunks of outputs in registers over
// run-time taps. Each work item runs code compiled for the best instruction set the CPU has
// (Stencil_HostRows.hpp).
//
// Large outputs are written with streaming stores, a cache line at a time straight from the row
// kernel, and each line prefetches the input row its sweep reads for the first time
// (Stencil_HostRows.hpp). Without the prefetch, on an AMD EPYC (Zen 5), the row loop ran at less
// than half of copy speed however its stores were made.
//
// Tried and dropped (AMD EPYC, 4096^2, two threads): strips sized for L1 instead of L2 (no
// change); streaming through a chunk buffer in L1 (an extra pass: 0.44-0.51 of memcpy where the
// direct lines reach 0.95-1.00).

#include <Kokkos_Core.hpp>

#include "impl/core/Core_InternalAllocation.hpp"
#include "KokkosTile_Stencil2D.hpp"
#include "KokkosTile_TeamCopy.hpp"
#include "impl/core/Core_HostStreamStores.hpp"
#include "impl/stencil/Stencil_Tile.hpp"
#include "impl/core/Core_ViewChecks.hpp"
#include "impl/stencil/Stencil_HostKernel.hpp"
#include "impl/stencil/Stencil_HostRows.hpp"
#include "impl/stencil/Stencil_Tuning.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

namespace KokkosTile {
namespace Impl {

/// The work split and buffers of a grid, and the kernel for its radius and shape.
template <class ExecSpace, class OutView, class InView, class T>
void launch_stencil_host(const std::string& call, const ExecSpace& space, const OutView& out,
                         const InView& in, const Stencil2D<T>& weights,
                         const BoundaryCondition<T>& boundary) {
  const bool out_left = leftmost_index_is_contiguous(out);
  const int fast_dim = out_left ? 0 : 1, slow_dim = 1 - fast_dim;
  StencilHostGeometry geo;
  geo.slow_extent = static_cast<std::int64_t>(out.extent(slow_dim));
  geo.fast_extent = static_cast<std::int64_t>(out.extent(fast_dim));
  geo.in_slow = static_cast<std::int64_t>(in.stride(slow_dim));
  geo.in_fast = static_cast<std::int64_t>(in.stride(fast_dim));
  geo.out_slow = static_cast<std::int64_t>(out.stride(slow_dim));
  geo.out_fast = static_cast<std::int64_t>(out.stride(fast_dim));
  geo.radius = weights.radius();
  geo.direct_in = geo.in_fast == 1 || geo.fast_extent == 1;
  geo.direct_out = geo.out_fast == 1 || geo.fast_extent == 1;
  const std::int64_t S = geo.slow_extent, F = geo.fast_extent, r = geo.radius;
  const bool star = weights.is_star();
  geo.isa = stencil_host_isa(stencil_tap_count(geo.radius, star));

  // Strips: the 2 r + 1 rows of a strip within the cache budget (whole rows when they fit), then
  // as many blocks of rows as threads (each walks down a long block), and more strips when the
  // rows are too few to give every thread a block.
  const std::int64_t threads = std::max(1, static_cast<int>(space.concurrency()));
  const std::int64_t row_bytes = (2 * r + 1) * static_cast<std::int64_t>(sizeof(T));
  const std::int64_t cache_strip =
      std::max<std::int64_t>(64, stencil_host_cache_bytes / row_bytes / 64 * 64);
  std::int64_t col_parts = ceil_div(F, cache_strip);
  geo.row_parts = static_cast<int>(std::min(S, threads));
  if (geo.row_parts * col_parts < threads)
    col_parts = std::max(col_parts, std::min(ceil_div(F, 16), ceil_div(threads, geo.row_parts)));
  // Equal strips, whole vectors of 16 where the columns allow.
  std::int64_t strip = ceil_div(F, col_parts);
  if (col_parts > 1)
    strip = std::min(F, ceil_div(strip, 16) * 16);
  geo.col_parts = static_cast<int>(ceil_div(F, strip));
  geo.strip = strip;
  const std::int64_t items = std::int64_t(geo.row_parts) * geo.col_parts;
  const int league = checked_league_size(call, items);

  // Large outputs written in place are streamed (Core_HostStreamStores.hpp): a plain store first
  // reads its line (read for ownership), a third of the memory traffic of a stencil. On an AMD
  // EPYC (Zen 5, two threads, 4096^2) streamed against plain, in ms: 5x5 box double 9.9-10.1
  // against 11.5-11.8, float 5.6-5.8 against 5.9-6.3. Run-time radii store plainly.
  const bool stream_by_size = host_stream_by_size(static_cast<std::size_t>(S * F) * sizeof(T));
  geo.stream = host_stream_stores_for<T>() && geo.direct_out && stream_by_size;
  geo.item_scratch = (geo.direct_out ? 0 : stencil_host_chunk<T>()) +
                     (geo.direct_in ? 0 : (2 * r + 1) * (strip + 2 * r));
  const bool constant_row = geo.direct_in && boundary.kind == Boundary::constant;
  const std::int64_t scratch_elements = items * geo.item_scratch + (constant_row ? F : 0);
  Kokkos::View<T*, Kokkos::HostSpace> scratch;
  if (scratch_elements > 0)
    scratch = allocate_internal(call, "the row buffers", scratch_elements * sizeof(T), [&] {
      return Kokkos::View<T*, Kokkos::HostSpace>(
          Kokkos::view_alloc(Kokkos::WithoutInitializing, call + "::scratch"), scratch_elements);
    });
  T* const rows_of_constants = constant_row ? scratch.data() + items * geo.item_scratch : nullptr;
  if (constant_row)
    std::fill(rows_of_constants, rows_of_constants + F, boundary.value);

  auto run = [&](auto kernel) {
    kernel.in = in.data();
    kernel.out = out.data();
    // (ds, df) is (di, dj) when the fast index is the column index, (dj, di) when it is the row.
    const int width = 2 * geo.radius + 1;
    for (int ds = -geo.radius; ds <= geo.radius; ++ds)
      for (int df = -geo.radius; df <= geo.radius; ++df)
        kernel.dense[(ds + geo.radius) * width + df + geo.radius] =
            out_left ? weights.weight(df, ds) : weights.weight(ds, df);
    // 5x5 boxes whose weights are an exact outer product: separable sweeps of four rows
    // (Stencil_HostSeparable.hpp). A 3x3 box gains nothing: in sweeps of two rows its separable
    // form makes 9 multiply-adds an output, as its taps do.
    kernel.separable =
        !star && geo.radius == 2 && stencil_host_separable_override != 0 &&
        stencil_separable_factors(kernel.dense, geo.radius, kernel.slow_factor, kernel.fast_factor);
    kernel.kind = boundary.kind;
    kernel.value = boundary.value;
    kernel.geo = geo;
    kernel.constant_row = rows_of_constants;
    kernel.scratch = scratch.data();
    kernel.scratch_view = scratch;
    Kokkos::parallel_for(
        call, Kokkos::RangePolicy<ExecSpace, Kokkos::Schedule<Kokkos::Static>>(space, 0, league),
        kernel);
  };
  switch (star ? geo.radius : -geo.radius) {
    case 1:
      run(StencilHost<T, 1, true>{});
      break;
    case 2:
      run(StencilHost<T, 2, true>{});
      break;
    case 3:
      run(StencilHost<T, 3, true>{});
      break;
    case 4:
      run(StencilHost<T, 4, true>{});
      break;
    case -1:
      run(StencilHost<T, 1, false>{});
      break;
    case -2:
      run(StencilHost<T, 2, false>{});
      break;
    default:
      if (star)
        run(StencilHost<T, 0, true>{});
      else
        run(StencilHost<T, 0, false>{});
      break;
  }
}

}  // namespace Impl
}  // namespace KokkosTile
