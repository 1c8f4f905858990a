// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The host stencil kernel (StencilHost): one work item is a block of output rows times a strip of
// columns, computed row by row from the 2 r + 1 input rows in cache (Stencil_HostRows.hpp for the
// vectorised rows). Stencil_Host.hpp splits the grid into work items and launches it.
#include <Kokkos_Core.hpp>

#include "KokkosTile_Stencil2D.hpp"
#include "KokkosTile_TeamCopy.hpp"
#include "impl/core/Core_HostStreamStores.hpp"
#include "impl/stencil/Stencil_Tile.hpp"
#include "impl/core/Core_ViewChecks.hpp"
#include "impl/stencil/Stencil_HostRows.hpp"
#include "impl/stencil/Stencil_HostSeparable.hpp"
#include "impl/stencil/Stencil_Tuning.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

namespace KokkosTile {
namespace Impl {

/// The grid in (slow, fast) coordinates of the output's contiguous index, and the work split.
struct StencilHostGeometry {
  std::int64_t slow_extent = 0;
  std::int64_t fast_extent = 0;
  std::int64_t in_slow = 0;  // strides of in along the output's slow and fast indices
  std::int64_t in_fast = 0;
  std::int64_t out_slow = 0;
  std::int64_t out_fast = 0;
  int radius = 0;
  bool direct_in = false;   // in is unit-stride along the fast index: rows are read in place
  bool direct_out = false;  // out is unit-stride along the fast index: rows are written in place
  bool stream = false;      // direct_out rows are written with streaming stores
  StencilHostIsa isa = StencilHostIsa::baseline;
  int row_parts = 1;  // work items: row_parts blocks of rows x col_parts strips
  int col_parts = 1;
  std::int64_t strip = 0;         // fast columns per strip (the last one may be shorter)
  std::int64_t item_scratch = 0;  // buffer elements per work item (chunk, ring rows)
};

/// Radius R compiled in (0: run-time radius), star or box. operator()(item) computes one work item
/// (a block of rows times a strip of columns).
template <class T, int R, bool Star>
struct StencilHost {
  const T* in;
  T* out;
  // w(ds, df) at [(ds + r) * (2 r + 1) + df + r], ds along the slow index, df along the fast one.
  T dense[Stencil2D<T>::max_width * Stencil2D<T>::max_width];
  Boundary kind;
  T value;
  StencilHostGeometry geo;
  const T* constant_row;  // fast_extent copies of `value` (constant boundary, rows read in place)
  // Boxes whose weights are an outer product, w(ds, df) = slow_factor[ds] * fast_factor[df]
  // exactly: the interior columns of sweeps of P rows take the separable row kernels
  // (Stencil_HostSeparable.hpp); single rows keep the direct taps, fewer for them.
  bool separable = false;
  T slow_factor[Stencil2D<T>::max_width];
  T fast_factor[Stencil2D<T>::max_width];
  T* scratch;  // item_scratch elements per work item
  // Owns the buffers while the kernel runs (a host backend that returns before finishing keeps
  // its copy of the functor).
  Kokkos::View<T*, Kokkos::HostSpace> scratch_view;

  std::int64_t resolve(std::int64_t index, std::int64_t extent) const {
    return boundary_index(index, extent, kind);
  }

  /// The input row that row q (possibly outside the grid) reads, when rows are read in place.
  const T* row_in_place(std::int64_t q) const {
    if (q >= 0 && q < geo.slow_extent)
      return in + q * geo.in_slow;
    if (kind == Boundary::constant)
      return constant_row;
    return in + resolve(q, geo.slow_extent) * geo.in_slow;
  }

  /// padded_row[j] = input (q, f0 - r + j) for j in [0, count + 2 r), the boundary resolved.
  void gather_row(T* padded_row, std::int64_t q, std::int64_t f0, std::int64_t count) const {
    const int r = geo.radius;
    const std::int64_t F = geo.fast_extent;
    const std::int64_t padded = count + 2 * r;
    if (kind == Boundary::constant && (q < 0 || q >= geo.slow_extent)) {
      for (std::int64_t j = 0; j < padded; ++j)
        padded_row[j] = value;
      return;
    }
    const T* row = in + resolve(q, geo.slow_extent) * geo.in_slow;
    const std::int64_t stride = geo.in_fast;
    // Columns inside the grid: [lo, hi) of the padded row.
    const std::int64_t lo = std::min(padded, std::max<std::int64_t>(0, r - f0));
    const std::int64_t hi = std::max(lo, std::min(padded, F - (f0 - r)));
    for (std::int64_t j = 0; j < lo; ++j)
      padded_row[j] = kind == Boundary::constant ? value : row[resolve(f0 - r + j, F) * stride];
    const T* source = row + (f0 - r + lo) * stride;
    for (std::int64_t j = lo; j < hi; ++j)
      padded_row[j] = source[(j - lo) * stride];
    for (std::int64_t j = hi; j < padded; ++j)
      padded_row[j] = kind == Boundary::constant ? value : row[resolve(f0 - r + j, F) * stride];
  }

  /// target[f - f0] for f in [f_lo, f_hi), the fast index resolved tap by tap (rows point at
  /// column 0 of rows read in place).
  void edge_columns(T* target, std::int64_t f0, const T* const* rows, std::int64_t f_lo,
                    std::int64_t f_hi) const {
    const int r = geo.radius, width = 2 * r + 1;
    const std::int64_t F = geo.fast_extent;
    for (std::int64_t f = f_lo; f < f_hi; ++f) {
      T sum = T(0);
      for (int ds = 0; ds < width; ++ds) {
        for (int df = 0; df < width; ++df) {
          if (Star && ds != r && df != r)
            continue;
          const std::int64_t col = f + df - r;
          T x;
          if (col >= 0 && col < F)
            x = rows[ds][col];
          else if (kind == Boundary::constant)
            x = value;
          else
            x = rows[ds][resolve(col, F)];
          sum += dense[ds * width + df] * x;
        }
      }
      target[f - f0] = sum;
    }
  }

  /// target[f - c0] for the columns [c0, c1) of a row read in place.
  KOKKOSTILE_IMPL_STENCIL_INLINE void columns_in_place(T* target, const T* const* rows,
                                                       std::int64_t c0, std::int64_t c1) const {
    constexpr int max_width = Stencil2D<T>::max_width;
    const int r = geo.radius, width = 2 * r + 1;
    const std::int64_t inner_begin = std::min(c1, std::max<std::int64_t>(c0, r));
    const std::int64_t inner_end = std::max(inner_begin, std::min(c1, geo.fast_extent - r));
    if (inner_end > inner_begin) {
      const T* shifted[max_width];
      for (int k = 0; k < width; ++k)
        shifted[k] = rows[k] + inner_begin;
      stencil_host_row<R, Star>(target + (inner_begin - c0), shifted, dense, r,
                                inner_end - inner_begin, geo.stream, stencil_vector_bytes(geo.isa));
    }
    edge_columns(target, c0, rows, c0, inner_begin);
    edge_columns(target, c0, rows, inner_end, c1);
  }

  /// targets[p][f - c0] for the columns [c0, c1) of P consecutive rows read in place (rows: the
  /// 2 r + P input rows they read), radius compiled in.
  template <int P>
  KOKKOSTILE_IMPL_STENCIL_INLINE void rows_columns_in_place(T* const* targets, const T* const* rows,
                                                            std::int64_t c0,
                                                            std::int64_t c1) const {
    constexpr int max_width = Stencil2D<T>::max_width;
    const int r = geo.radius, width = 2 * r + 1;
    const std::int64_t inner_begin = std::min(c1, std::max<std::int64_t>(c0, r));
    const std::int64_t inner_end = std::max(inner_begin, std::min(c1, geo.fast_extent - r));
    if constexpr (R > 0) {
      if (inner_end > inner_begin) {
        const T* shifted[max_width + P - 1];
        for (int k = 0; k < width + P - 1; ++k)
          shifted[k] = rows[k] + inner_begin;
        T* inner[P];
        for (int p = 0; p < P; ++p)
          inner[p] = targets[p] + (inner_begin - c0);
        if constexpr (!Star) {
          if (separable) {
            stencil_rows_separable<P, R>(inner, shifted, slow_factor, fast_factor,
                                         inner_end - inner_begin, geo.stream,
                                         stencil_vector_bytes(geo.isa));
          } else {
            stencil_host_rows<P, R, Star>(inner, shifted, dense, inner_end - inner_begin,
                                          geo.stream, stencil_vector_bytes(geo.isa));
          }
        } else {
          stencil_host_rows<P, R, Star>(inner, shifted, dense, inner_end - inner_begin, geo.stream,
                                        stencil_vector_bytes(geo.isa));
        }
      }
    }
    for (int p = 0; p < P; ++p) {
      edge_columns(targets[p], c0, rows + p, c0, inner_begin);
      edge_columns(targets[p], c0, rows + p, inner_end, c1);
    }
  }

  void operator()(int item) const { stencil_item(geo.isa, *this, item); }

  KOKKOSTILE_IMPL_STENCIL_INLINE void compute_item(int item) const {
    constexpr int max_width = Stencil2D<T>::max_width;
    constexpr std::int64_t chunk = stencil_host_chunk<T>();
    const int r = geo.radius, width = 2 * r + 1;
    const int row_part = item / geo.col_parts, col_part = item % geo.col_parts;
    const std::int64_t S = geo.slow_extent, F = geo.fast_extent;
    const std::int64_t s_begin = S * row_part / geo.row_parts;
    const std::int64_t s_end = S * (row_part + 1) / geo.row_parts;
    const std::int64_t f_begin = std::min(F, col_part * geo.strip);
    const std::int64_t f_end = std::min(F, f_begin + geo.strip);
    const std::int64_t count = f_end - f_begin;
    if (s_begin >= s_end || count <= 0)
      return;
    // The chunk buffer (strided outputs), then the ring of 2 r + 1 gathered input rows of
    // count + 2 r columns (inputs not unit-stride along the fast index).
    T* const chunk_buffer = scratch + item * geo.item_scratch;
    T* const ring = chunk_buffer + (geo.direct_out ? 0 : chunk);
    const std::int64_t padded = count + 2 * r;

    constexpr int P = stencil_host_rows_per_sweep<R, Star>;
    const T* rows[max_width + P - 1];
    std::int64_t s = s_begin;
    // Rows read and written in place, radius compiled in: P output rows per sweep
    // (Stencil_Tuning.hpp), then the rows left one by one.
    if constexpr (R > 0 && P > 1) {
      if (geo.direct_in && geo.direct_out) {
        for (; s + P - 1 < s_end; s += P) {
          for (int k = 0; k < width + P - 1; ++k)
            rows[k] = row_in_place(s + k - r);
          T* targets[P];
          for (int p = 0; p < P; ++p)
            targets[p] = out + (s + p) * geo.out_slow + f_begin;
          rows_columns_in_place<P>(targets, rows, f_begin, f_end);
        }
      }
    }
    for (; s < s_end; ++s) {
      if (geo.direct_in) {
        for (int k = 0; k < width; ++k)
          rows[k] = row_in_place(s + k - r);
      } else {
        // Ring slot of input row q: (q - s_begin + r) mod (2 r + 1); the first row loads all.
        auto slot = [&](std::int64_t q) { return ring + (q - s_begin + r) % width * padded; };
        if (s == s_begin) {
          for (int k = 0; k < width; ++k)
            gather_row(slot(s + k - r), s + k - r, f_begin, count);
        } else {
          gather_row(slot(s + r), s + r, f_begin, count);
        }
        for (int k = 0; k < width; ++k)
          rows[k] = slot(s + k - r) + r;  // column f_begin
      }
      T* const out_row = out + s * geo.out_slow;
      // Rows written in place are computed in one pass; strided ones chunk by chunk through the
      // buffer.
      const std::int64_t step = geo.direct_out ? count : chunk;
      for (std::int64_t c0 = f_begin; c0 < f_end; c0 += step) {
        const std::int64_t c1 = std::min(f_end, c0 + step);
        T* const target = geo.direct_out ? out_row + c0 : chunk_buffer;
        if (geo.direct_in) {
          columns_in_place(target, rows, c0, c1);
        } else {
          const T* shifted[max_width];
          for (int k = 0; k < width; ++k)
            shifted[k] = rows[k] + (c0 - f_begin);
          stencil_host_row<R, Star>(target, shifted, dense, r, c1 - c0, geo.stream,
                                    stencil_vector_bytes(geo.isa));
        }
        if (!geo.direct_out) {
          for (std::int64_t f = c0; f < c1; ++f)
            out_row[f * geo.out_fast] = chunk_buffer[f - c0];
        }
      }
    }
    if (geo.stream)
      stream_fence();
  }
};

}  // namespace Impl
}  // namespace KokkosTile
