// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Row kernels of the host stencil (Stencil_Host.hpp), compiled for each instruction set of
// Stencil_HostIsa.hpp.

#include <Kokkos_Core.hpp>

#include "impl/core/Core_HostStreamStores.hpp"
#include "impl/stencil/Stencil_HostIsa.hpp"
#include "impl/stencil/Stencil_Tuning.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

namespace KokkosTile {
namespace Impl {

/// The taps of a star or box of radius R, as (ds, df) in [0, 2 R] (offset + R), center first for
/// a star (its 4 R + 1 taps), row by row for a box.
template <int R, bool Star>
struct StencilTaps {
  static constexpr int width = 2 * R + 1;
  static constexpr int count = stencil_tap_count(R, Star);
  static constexpr int ds(int k) {
    if (!Star)
      return k / width;
    if (k == 0)
      return R;
    const int d = (k - 1) / 4 + 1, arm = (k - 1) % 4;
    return arm == 0 ? R - d : (arm == 1 ? R + d : R);
  }
  static constexpr int df(int k) {
    if (!Star)
      return k % width;
    if (k == 0)
      return R;
    const int d = (k - 1) / 4 + 1, arm = (k - 1) % 4;
    return arm == 2 ? R - d : (arm == 3 ? R + d : R);
  }
};

/// Elements of T per 64-byte cache line (1 where T does not tile a line).
template <class T>
inline constexpr int stencil_line_elements = sizeof(T) <= 64 && 64 % sizeof(T) == 0
                                                 ? static_cast<int>(64 / sizeof(T))
                                                 : 1;

/// Whether the row kernels can stream whole lines of T.
template <class T>
inline constexpr bool stencil_streams_lines =
    host_stream_stores_for<T>() && stencil_line_elements<T> * sizeof(T) == 64;

/// Hints that the line stencil_host_prefetch_bytes past row + f will be read (a prefetch never
/// faults, so it may point past the row's end).
template <class T>
KOKKOSTILE_IMPL_STENCIL_INLINE void stencil_prefetch_ahead(const T* row, std::int64_t f) {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(reinterpret_cast<const void*>(reinterpret_cast<std::uintptr_t>(row + f) +
                                                   stencil_host_prefetch_bytes),
                     0, 3);
#else
  (void)row;
  (void)f;
#endif
}

/// Outputs before the first cache-line boundary of out (all n if out is not aligned to T).
template <class T>
KOKKOSTILE_IMPL_STENCIL_INLINE std::int64_t stencil_line_head(const T* out, std::int64_t n) {
  const auto address = reinterpret_cast<std::uintptr_t>(out);
  if (address % sizeof(T) != 0)
    return n;
  return std::min<std::int64_t>(n, static_cast<std::int64_t>((64 - address % 64) % 64 / sizeof(T)));
}

/// One output: sum over the taps of w * rows[ds][f + df - R], the taps expanded at compile time
/// (a fold, not a loop the compiler may or may not unroll), w0 the first tap's weight.
template <int R, bool Star, class T, int... K>
KOKKOSTILE_IMPL_STENCIL_INLINE T stencil_output(const T* const* rows, T w0, const T* w,
                                                std::int64_t f, std::integer_sequence<int, K...>) {
  using taps = StencilTaps<R, Star>;
  T sum = w0 * rows[taps::ds(0)][f + taps::df(0) - R];
  ((sum += w[K] * rows[taps::ds(K + 1)][f + taps::df(K + 1) - R]), ...);
  return sum;
}

/// Columns [f, f + C) of P output rows of a box of radius R: each tap's weight times a run of C
/// inputs, added into block[p] tap by tap in stencil_output's order (the same sums). On x86 the
/// runs are vectors (GCC's vector extensions, as wide as the copy's registers: zmm, ymm
/// or xmm), so that the box is vectorised whatever the compiler's cost model
/// makes of the taps: the fold form below, which a box also took until 2026-11-30, came out
/// scalar for boxes on every instruction set under the GCC 16.2 of Debian unstable of that day (a
/// general 5x5 box, 4096^2, two Xeon cores: float 35 ms and double 38 ms, against 14.8 and 29.7
/// for the plain kernel).
template <int VB, int C, int P, int R, class T>
KOKKOSTILE_IMPL_STENCIL_INLINE void stencil_box_columns_of(const T* const* rows, const T* dense,
                                                           std::int64_t f, T (&block)[P][C]) {
  constexpr int W = 2 * R + 1;
#ifdef KOKKOSTILE_IMPL_STENCIL_X86
  if constexpr ((std::is_same_v<T, float> || std::is_same_v<T, double>)&&C * sizeof(T) % VB == 0) {
    typedef T Line __attribute__((vector_size(VB)));
    constexpr int lanes = VB / static_cast<int>(sizeof(T)), N = C / lanes;
    Line acc[P][N];
    for (int p = 0; p < P; ++p)
      for (int n = 0; n < N; ++n)
        acc[p][n] = Line{};
    for (int q = 0; q < W + P - 1; ++q) {
      const T* row = rows[q] + f - R;
      for (int df = 0; df < W; ++df) {
        Line x[N];
        for (int n = 0; n < N; ++n)
          std::memcpy(&x[n], row + df + n * lanes, sizeof(Line));
        for (int p = 0; p < P; ++p) {
          const int ds = q - p;
          if (ds < 0 || ds >= W)
            continue;
          const T w = dense[ds * W + df];
          for (int n = 0; n < N; ++n)
            acc[p][n] += w * x[n];
        }
      }
    }
    for (int p = 0; p < P; ++p)
      for (int n = 0; n < N; ++n)
        std::memcpy(&block[p][n * lanes], &acc[p][n], sizeof(Line));
    return;
  }
#endif
  T acc[P][C];
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < C; ++k)
      acc[p][k] = T(0);
  for (int q = 0; q < W + P - 1; ++q) {
    const T* row = rows[q] + f - R;
    for (int df = 0; df < W; ++df) {
      for (int p = 0; p < P; ++p) {
        const int ds = q - p;
        if (ds < 0 || ds >= W)
          continue;
        const T w = dense[ds * W + df];
        for (int k = 0; k < C; ++k)
          acc[p][k] += w * row[k + df];
      }
    }
  }
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < C; ++k)
      block[p][k] = acc[p][k];
}

/// The vector width, in bytes, of the registers of `isa`.
inline int stencil_vector_bytes(StencilHostIsa isa) {
  return isa == StencilHostIsa::avx512 ? 64 : (isa == StencilHostIsa::avx2 ? 32 : 16);
}

/// Stores a line of outputs computed into `line` at out (line-aligned when streamed).
template <class T>
KOKKOSTILE_IMPL_STENCIL_INLINE void stencil_store_line(T* KOKKOS_RESTRICT out,
                                                       const T* KOKKOS_RESTRICT line, bool stream) {
  constexpr int L = stencil_line_elements<T>;
  if constexpr (stencil_streams_lines<T>) {
    if (stream) {
      stream_store_aligned<64>(out, line);
      return;
    }
  }
  for (int k = 0; k < L; ++k)
    out[k] = line[k];
}

/// Whether the P rows share out[0]'s alignment to cache lines (a row pitch of whole lines), so that
/// their lines can all be streamed.
template <int P, class T>
KOKKOSTILE_IMPL_STENCIL_INLINE bool stencil_rows_share_line_alignment(T* const* out) {
  for (int p = 1; p < P; ++p)
    if ((reinterpret_cast<std::uintptr_t>(out[p]) - reinterpret_cast<std::uintptr_t>(out[0])) %
            64 !=
        0)
      return false;
  return true;
}

/// Columns [f, f + C) of the P output rows into block, by compute.columns<VB> at the vector width
/// of the copy that runs: a width the instruction set lacks is split into pieces by the compiler,
/// which on AVX2 and the baseline ran the box 17-30x slower than their own widths. Computes that
/// do not take a width (Compute::by_vector_width false) are instantiated once.
template <int C, int P, class T, class Compute>
KOKKOSTILE_IMPL_STENCIL_INLINE void stencil_columns(const Compute& compute, const T* const* rows,
                                                    std::int64_t f, T (&block)[P][C],
                                                    int vector_bytes) {
  if constexpr (Compute::by_vector_width) {
    if (vector_bytes >= 64)
      compute.template columns<64>(rows, f, block);
    else if (vector_bytes >= 32)
      compute.template columns<32>(rows, f, block);
    else
      compute.template columns<16>(rows, f, block);
  } else {
    (void)vector_bytes;
    compute.template columns<16>(rows, f, block);
  }
}

/// P output rows at once over the W + P - 1 input rows of row_pointers (output p reads rows p to
/// p + W - 1), for f in [0, n): the loop every row kernel with the radius compiled in shares. What
/// is computed is `compute`'s, a struct (members KOKKOSTILE_IMPL_STENCIL_INLINE, so that they are
/// compiled for the entry point's instruction set, which a lambda's call operator is not) with
/// `T output(rows, f)`, one output of the row whose first input row is rows[0], and
/// `template <int VB> columns(rows, f, block)`, a block of columns of the P rows. A row is computed
/// stencil_host_lines_per_step cache lines of outputs at a time (then line by line): each line
/// prefetches the P input rows this sweep reads for the first time (the others were read by the
/// rows above), and is stored with streaming stores when `stream` and all P rows share outs[0]'s
/// alignment to cache lines (a row pitch of whole lines), plainly otherwise; the outputs up to the
/// first line boundary are stored plainly. The outputs never alias the input rows
/// (apply_stencil refuses overlapping Views; row buffers are private).
template <int P, int W, class T, class Compute>
KOKKOSTILE_IMPL_STENCIL_INLINE void stencil_rows_by_lines(T* const* outs,
                                                          const T* const* row_pointers,
                                                          std::int64_t n, bool stream,
                                                          int vector_bytes,
                                                          const Compute& compute) {
  constexpr int L = stencil_line_elements<T>;
  constexpr int B = L * stencil_host_lines_per_step;
  // One array of the W + P - 1 rows, output p's read from rows + p: the loads the sums share are
  // then the same expressions, and the compiler loads them once.
  const T* rows[W + P - 1];
  for (int q = 0; q < W + P - 1; ++q)
    rows[q] = row_pointers[q];
  T* out[P];
  for (int p = 0; p < P; ++p)
    out[p] = outs[p];
  const bool stream_all = stream && stencil_rows_share_line_alignment<P>(out);
  std::int64_t f = 0;
  for (const std::int64_t head = stencil_line_head(out[0], n); f < head; ++f)
    for (int p = 0; p < P; ++p)
      out[p][f] = compute.output(rows + p, f);
  for (; f + B <= n; f += B) {
    for (int u = 0; u < B; u += L)
      for (int p = 0; p < P; ++p)
        stencil_prefetch_ahead(rows[W - 1 + p], f + u);
    T block[P][B];
    stencil_columns<B, P>(compute, rows, f, block, vector_bytes);
    for (int u = 0; u < B; u += L)
      for (int p = 0; p < P; ++p)
        stencil_store_line(out[p] + f + u, block[p] + u, stream_all);
  }
  for (; f + L <= n; f += L) {
    for (int p = 0; p < P; ++p)
      stencil_prefetch_ahead(rows[W - 1 + p], f);
    T block[P][L];
    stencil_columns<L, P>(compute, rows, f, block, vector_bytes);
    for (int p = 0; p < P; ++p)
      stencil_store_line(out[p] + f, block[p], stream_all);
  }
  for (; f < n; ++f)
    for (int p = 0; p < P; ++p)
      out[p][f] = compute.output(rows + p, f);
}

/// The taps of a star or box of radius R, weights in registers (stencil_rows_by_lines' compute):
/// w0 the first tap's weight, w the others', dense all of them row by row.
template <int R, bool Star, class T, int... K>
struct StencilTapsCompute {
  static constexpr bool by_vector_width = !Star;
  T w0;
  T w[sizeof...(K)];
  const T* dense;

  KOKKOSTILE_IMPL_STENCIL_INLINE T output(const T* const* rows, std::int64_t f) const {
    return stencil_output<R, Star>(rows, w0, w, f, std::integer_sequence<int, K...>{});
  }
  template <int VB, int C, int P>
  KOKKOSTILE_IMPL_STENCIL_INLINE void columns(const T* const* rows, std::int64_t f,
                                              T (&block)[P][C]) const {
    if constexpr (Star)
      star_columns(rows, f, block, std::make_integer_sequence<int, P>{});
    else
      stencil_box_columns_of<VB, C, P, R>(rows, dense, f, block);
  }
  // The rows as a fold, not a loop: the loop over columns stays the innermost one, which the
  // compiler vectorises (with a loop over rows inside it, GCC left AVX-512 boxes scalar).
  template <int C, int P, int... Ps>
  KOKKOSTILE_IMPL_STENCIL_INLINE void star_columns(const T* const* rows, std::int64_t f,
                                                   T (&block)[P][C],
                                                   std::integer_sequence<int, Ps...>) const {
    for (int k = 0; k < C; ++k)
      ((block[Ps][k] = output(rows + Ps, f + k)), ...);
  }
};

/// P output rows at once, radius and shape compiled in, weights in registers: outs[p][f] = sum
/// over the taps of w * rows[p + ds][f + df - R] for f in [0, n), from the 2 R + P rows of
/// row_pointers (stencil_rows_by_lines). The rows the P sums share are loaded once per column for
/// all of them, which cuts the loads per output (a 5x5 box: 15 instead of 25 with two rows, 10
/// with four) where the row kernel is bound by loads rather than memory.
template <int P, int R, bool Star, class T, int... K>
KOKKOSTILE_IMPL_STENCIL_INLINE void stencil_rows_fixed(T* const* outs, const T* const* row_pointers,
                                                       const T* dense_weights, std::int64_t n,
                                                       bool stream, int vector_bytes,
                                                       std::integer_sequence<int, K...>) {
  using taps = StencilTaps<R, Star>;
  constexpr int W = taps::width;
  const StencilTapsCompute<R, Star, T, K...> compute{
      dense_weights[taps::ds(0) * W + taps::df(0)],
      {dense_weights[taps::ds(K + 1) * W + taps::df(K + 1)]...},
      dense_weights};
  stencil_rows_by_lines<P, W>(outs, row_pointers, n, stream, vector_bytes, compute);
}

/// The same for a run-time radius r: chunks of C outputs accumulate over the taps (one weight, C
/// contiguous inputs per tap), the last n % C outputs one by one.
template <bool Star, class T>
KOKKOSTILE_IMPL_STENCIL_INLINE void stencil_row_any(T* KOKKOS_RESTRICT out, const T* const* rows,
                                                    const T* dense_weights, int r, std::int64_t n) {
  constexpr int C = sizeof(T) >= 128 ? 1 : 128 / static_cast<int>(sizeof(T));
  const int width = 2 * r + 1;
  std::int64_t f0 = 0;
  for (; f0 + C <= n; f0 += C) {
    T acc[C];
    for (int c = 0; c < C; ++c)
      acc[c] = T(0);
    for (int ds = 0; ds < width; ++ds) {
      const T* row = rows[ds] + f0 - r;
      if (Star && ds != r) {
        const T w = dense_weights[ds * width + r];
        for (int c = 0; c < C; ++c)
          acc[c] += w * row[r + c];
        continue;
      }
      for (int df = 0; df < width; ++df) {
        const T w = dense_weights[ds * width + df];
        for (int c = 0; c < C; ++c)
          acc[c] += w * row[df + c];
      }
    }
    for (int c = 0; c < C; ++c)
      out[f0 + c] = acc[c];
  }
  for (std::int64_t f = f0; f < n; ++f) {
    T sum = T(0);
    for (int ds = 0; ds < width; ++ds) {
      for (int df = 0; df < width; ++df) {
        if (!Star || ds == r || df == r)
          sum += dense_weights[ds * width + df] * rows[ds][f + df - r];
      }
    }
    out[f] = sum;
  }
}

/// One row of outputs: radius R compiled in (0: the run-time radius r, whose rows are stored
/// plainly even when `stream`), star or box.
template <int R, bool Star, class T>
KOKKOSTILE_IMPL_STENCIL_INLINE void stencil_host_row(T* out, const T* const* rows, const T* w,
                                                     int r, std::int64_t n, bool stream,
                                                     int vector_bytes = 16) {
  if constexpr (R > 0) {
    T* const outs[] = {out};
    stencil_rows_fixed<1, R, Star>(
        outs, rows, w, n, stream, vector_bytes,
        std::make_integer_sequence<int, StencilTaps<R, Star>::count - 1>{});
  } else {
    stencil_row_any<Star>(out, rows, w, r, n);
  }
}

/// P rows of outputs (see stencil_rows_fixed); radius compiled in only.
template <int P, int R, bool Star, class T>
KOKKOSTILE_IMPL_STENCIL_INLINE void stencil_host_rows(T* const* outs, const T* const* rows,
                                                      const T* w, std::int64_t n, bool stream,
                                                      int vector_bytes = 16) {
  static_assert(R > 0, "row blocks need the radius compiled in");
  stencil_rows_fixed<P, R, Star>(
      outs, rows, w, n, stream, vector_bytes,
      std::make_integer_sequence<int, StencilTaps<R, Star>::count - 1>{});
}

}  // namespace Impl
}  // namespace KokkosTile
