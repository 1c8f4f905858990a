// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The out-of-place transpose on CUDA devices as KokkosTile's own blocks (launch_cuda_blocks,
// Core_CudaBlockLaunch.hpp) instead of a TeamPolicy: one Edge x Edge tile a block of 256 threads,
// in a static __shared__ tile whose rows are padded by one element, moved in 16-byte packets both
// ways, for the Views whose full tiles take packets (contiguous lines, 16-byte-aligned data and
// strides) and whose transpose is one in memory (both Views of one layout). Tiles cut by the
// edges of the grid (shifted as TransposeTiled shifts it) take packets when their extents are
// whole packets and single elements otherwise, in the same block.
//
// Why: the same design as the TeamPolicy kernel (TransposeTiled's full tiles), written as a raw
// CUDA kernel, read 0.972-0.975 of deep_copy on an H200 at 8192^2 float where the library's
// TeamPolicy launch read 0.954-0.966, and 0.966-0.979 against 0.950-0.970 on an H100 (the retired
// perf_tests/experiments/memory_bound_variants_kx.cpp, commit 6c5ee93). The TeamPolicy functor took
// 61-64 registers (4 teams a multiprocessor), the raw kernel 32-34. In the library on an H200 at
// 8192^2 these blocks read 0.968 (float) and 0.983 (double) of deep_copy against the TeamPolicy
// launch's 0.955 and 0.969 (perf_tests/results/2026-11-29_H200_transpose_cuda_tiles/, commit
// 94a60c2).

#include <Kokkos_Core.hpp>

#include "KokkosTile_TeamCopy.hpp"
#include "impl/core/Core_CudaBlockLaunch.hpp"
#include "impl/core/Core_Packet.hpp"

#include <cstdint>

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)

namespace KokkosTile {
namespace Impl {

/// b = a^T seen from a's storage: a holds `a_lines` lines (along its slow index, `a_slow` elements
/// apart) of `line_length` contiguous elements; b holds line_length lines (`b_slow` apart) of
/// a_lines contiguous elements, b's line f being element f of every line of a.
template <class T, int Edge>
struct TransposeCudaTiles {
  static constexpr int V = packet_width<T>();
  static constexpr int threads = 256;
  static constexpr int pitch = Edge + 1;  // one element of pad: conflict-free column reads
  static constexpr int per_line = Edge / V;
  static constexpr int per_thread = Edge * per_line / threads;
  using packet = Packet<T, V>;
  static_assert(V > 1 && Edge % V == 0 && Edge * per_line % threads == 0,
                "a full tile is whole packets, in whole rounds of the block");

  const T* a;
  T* b;
  int a_lines;
  int line_length;
  int a_slow;
  int b_slow;
  // The grid starts this many lines of a (elements of b's lines) and elements of a's lines before
  // the Views' origin, so that full tiles move lines aligned to a whole tile line.
  int lines_shift;
  int length_shift;
  // Tiles along a's lines: consecutive blocks walk down them, along b's contiguous index
  // (transpose_tiles_down_columns).
  int tiles_of_lines;

  KOKKOS_FUNCTION void run(int block) const {
#if defined(__CUDA_ARCH__)
    __shared__ T tile[Edge * pitch];
    const int grid_line = (block % tiles_of_lines) * Edge;
    const int grid_along = (block / tiles_of_lines) * Edge;
    const int line0 = grid_line < lines_shift ? 0 : grid_line - lines_shift;
    const int along0 = grid_along < length_shift ? 0 : grid_along - length_shift;
    const int lines = clipped_count(a_lines, line0, grid_line + Edge - lines_shift - line0);
    const int length =
        clipped_count(line_length, along0, grid_along + Edge - length_shift - along0);
    const T* const src = a + std::int64_t(line0) * a_slow + along0;
    T* const dst = b + std::int64_t(along0) * b_slow + line0;
    if (lines == Edge && length == Edge) {
      full_tile(src, dst, tile);
    } else if (lines % V == 0 && length % V == 0) {
      partial_tile_in_packets(src, dst, tile, lines, length);
    } else {
      partial_tile_in_elements(src, dst, tile, lines, length);
    }
#else
    (void)block;
#endif
  }

#if defined(__CUDA_ARCH__)
  /// Every packet of the tile loaded before any is stored to shared memory, and every packet of
  /// the result gathered before any is stored to b, so that each thread has per_thread loads in
  /// flight.
  __device__ void full_tile(const T* src, T* dst, T* tile) const {
    packet v[per_thread];
#pragma unroll
    for (int k = 0; k < per_thread; ++k) {
      const int p = threadIdx.x + k * threads;
      v[k] = *reinterpret_cast<const packet*>(src + (p / per_line) * a_slow + (p % per_line) * V);
    }
#pragma unroll
    for (int k = 0; k < per_thread; ++k) {
      const int p = threadIdx.x + k * threads;
      T* const at = tile + (p / per_line) * pitch + (p % per_line) * V;
#pragma unroll
      for (int e = 0; e < V; ++e)
        at[e] = v[k].v[e];
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < per_thread; ++k) {
      // Packet p of b's tile: line p / per_line of b (element p / per_line of a's lines), packet
      // p % per_line along it (V lines of a): a column of the tile.
      const int p = threadIdx.x + k * threads;
      const T* const column = tile + (p % per_line) * V * pitch + p / per_line;
#pragma unroll
      for (int e = 0; e < V; ++e)
        v[k].v[e] = column[e * pitch];
    }
#pragma unroll
    for (int k = 0; k < per_thread; ++k) {
      const int p = threadIdx.x + k * threads;
      store_packet(dst + (p / per_line) * b_slow + (p % per_line) * V, v[k]);
    }
  }

  /// A tile cut by the grid's edges whose extents are whole packets (its origin is aligned as the
  /// full tiles' are).
  __device__ void partial_tile_in_packets(const T* src, T* dst, T* tile, int lines,
                                          int length) const {
    const int src_packets = length / V;
    for (int p = threadIdx.x; p < lines * src_packets; p += threads) {
      const packet value = *reinterpret_cast<const packet*>(src + (p / src_packets) * a_slow +
                                                            (p % src_packets) * V);
      T* const at = tile + (p / src_packets) * pitch + (p % src_packets) * V;
      for (int e = 0; e < V; ++e)
        at[e] = value.v[e];
    }
    __syncthreads();
    const int dst_packets = lines / V;
    for (int p = threadIdx.x; p < length * dst_packets; p += threads) {
      const T* const column = tile + (p % dst_packets) * V * pitch + p / dst_packets;
      packet value;
      for (int e = 0; e < V; ++e)
        value.v[e] = column[e * pitch];
      store_packet(dst + (p / dst_packets) * b_slow + (p % dst_packets) * V, value);
    }
  }

  /// A tile cut by the grid's edges with an extent that is not whole packets: one element at a
  /// time, lanes along a's lines on the load and along b's on the store.
  __device__ void partial_tile_in_elements(const T* src, T* dst, T* tile, int lines,
                                           int length) const {
    for (int i = threadIdx.x; i < lines * length; i += threads)
      tile[(i / length) * pitch + i % length] = src[(i / length) * a_slow + i % length];
    __syncthreads();
    for (int i = threadIdx.x; i < lines * length; i += threads)
      dst[(i / lines) * b_slow + i % lines] = tile[(i % lines) * pitch + i / lines];
  }
#endif
};

}  // namespace Impl
}  // namespace KokkosTile

#endif  // KOKKOS_ENABLE_CUDA && __CUDACC__
