// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The tile of the host transposes (Transpose_Host.hpp): its shape, and the two copies every
// transpose in memory is made of. A tile is read line by line from the source, transposed on the
// way into a per-thread buffer by Micro x Micro register blocks (lane shuffles once GCC or Clang
// vectorise them) while the next tile's lines are prefetched, then written line by line into the
// destination, with non-temporal stores for large destinations.

#include <Kokkos_Core.hpp>

#include "impl/core/Core_HostStreamStores.hpp"
#include "impl/transpose/Transpose_Tuning.hpp"

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace KokkosTile {
namespace Impl {
namespace host_transpose {

/// A hint that the cache line at `address` will be read soon (a no-op where the compiler has no
/// portable prefetch builtin, and in device compilations, where these kernels never run).
KOKKOS_FORCEINLINE_FUNCTION void prefetch(const void* address) {
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__CUDA_ARCH__) && \
    !defined(__HIP_DEVICE_COMPILE__) && !defined(__SYCL_DEVICE_ONLY__)
  __builtin_prefetch(address, 0, 2);
#else
  (void)address;
#endif
}

/// Tile shape: EdgeP x EdgeQ elements (source lines x elements per source line) through an L1
/// buffer, transposed in Micro x Micro register blocks. Stream: destination lines may be written
/// with non-temporal stores (where the platform has them, for large destinations).
template <int EdgeP, int EdgeQ, int Micro, bool Stream>
struct TileConfig {
  static constexpr int edge_p = EdgeP;
  static constexpr int edge_q = EdgeQ;
  static constexpr int micro = Micro;
  static constexpr bool stream = Stream;
};

/// The elements of T in `bytes`, a multiple of the register block and at least one block.
template <class T>
constexpr int tile_extent(int bytes) {
  const int micro = tile_micro<T>;
  const int count = bytes / int(sizeof(T)) / micro * micro;
  return count < micro ? micro : count;
}

/// Out of place: destination lines by source lines of the sizes in Transpose_Tuning.hpp, with
/// non-temporal stores for large destinations.
template <class T>
using OutOfPlaceTile =
    TileConfig<tile_extent<T>(out_of_place_destination_line_bytes),
               tile_extent<T>(out_of_place_source_line_bytes), tile_micro<T>, true>;

/// In place: square tiles (Transpose_Tuning.hpp); regular stores, since the destination lines were
/// just read and sit in cache.
template <class T>
using InPlaceTile = TileConfig<tile_extent<T>(in_place_line_bytes),
                               tile_extent<T>(in_place_line_bytes), tile_micro<T>, false>;

/// Register blocks need elements the compiler can hold in a plain array.
template <class T>
inline constexpr bool tile_registers = std::is_trivially_default_constructible_v<T>;

/// Element (p, q) of a source or destination is at p * along_p + q * along_q.
struct MatrixStrides {
  std::int64_t along_p = 0;
  std::int64_t along_q = 0;
};

/// Prefetches source lines [first, last) of a tile at `src`, `bytes` per line.
template <class S>
KOKKOS_FORCEINLINE_FUNCTION void prefetch_lines(const S* src, std::int64_t along_p, int first,
                                                int last, int bytes) {
  for (int p = first; p < last; ++p) {
    const char* line = reinterpret_cast<const char*>(src + p * along_p);
    for (int offset = 0; offset < bytes; offset += 64)
      prefetch(line + offset);
    prefetch(line + bytes - 1);
  }
}

/// buf[q * EdgeP + p] = src[p * s.along_p + q * s.along_q] for p < rows, q < cols. With Unit
/// (s.along_q == 1) a full tile goes through register blocks: Micro source lines in, Micro buffer
/// lines out. Meanwhile the lines of the next tile (`next`, next_rows x next_cols, unit stride
/// along q; none if null) are prefetched, a few with each block of source lines, so that the
/// prefetches spread over the tile's work instead of queueing up at its start.
template <int EdgeP, int EdgeQ, int Micro, bool Unit, bool Registers, class B, class S>
KOKKOS_FORCEINLINE_FUNCTION void load_tile_transposed(B* KOKKOS_RESTRICT buf,
                                                      const S* KOKKOS_RESTRICT src,
                                                      const MatrixStrides& s, int rows, int cols,
                                                      const S* next = nullptr, int next_rows = 0,
                                                      int next_cols = 0) {
  const int next_bytes = next_cols * int(sizeof(S));
  if constexpr (Unit && Registers) {
    if (rows == EdgeP && cols == EdgeQ) {
      for (int p0 = 0; p0 < EdgeP; p0 += Micro) {
        if (next != nullptr)
          prefetch_lines(next, s.along_p, Kokkos::min(p0, next_rows),
                         Kokkos::min(p0 + Micro, next_rows), next_bytes);
        for (int q0 = 0; q0 < EdgeQ; q0 += Micro) {
          B block[Micro][Micro];
          for (int p = 0; p < Micro; ++p)
            for (int q = 0; q < Micro; ++q)
              block[p][q] = src[(p0 + p) * s.along_p + q0 + q];
          for (int q = 0; q < Micro; ++q)
            for (int p = 0; p < Micro; ++p)
              buf[(q0 + q) * EdgeP + p0 + p] = block[p][q];
        }
      }
      return;
    }
  }
  if (next != nullptr)
    prefetch_lines(next, s.along_p, 0, next_rows, next_bytes);
  const std::int64_t along_q = Unit ? 1 : s.along_q;
  for (int p = 0; p < rows; ++p)
    for (int q = 0; q < cols; ++q)
      buf[q * EdgeP + p] = src[p * s.along_p + q * along_q];
}

/// dst[q * d.along_q + p * d.along_p] = buf[q * EdgeP + p] for p < rows, q < cols: destination
/// lines along p (contiguous with Unit, d.along_p == 1), one per q.
template <int EdgeP, bool Unit, bool Stream = false, class B, class D>
KOKKOS_FORCEINLINE_FUNCTION void store_tile(D* KOKKOS_RESTRICT dst, const B* KOKKOS_RESTRICT buf,
                                            const MatrixStrides& d, int rows, int cols) {
  const std::int64_t along_p = Unit ? 1 : d.along_p;
#if KOKKOSTILE_IMPL_HOST_STREAM_STORES
  if constexpr (Stream && Unit && std::is_same_v<B, D> && (EdgeP * sizeof(D)) % 16 == 0) {
    if (rows == EdgeP && (d.along_q * sizeof(D)) % 16 == 0 &&
        reinterpret_cast<std::uintptr_t>(dst) % 16 == 0) {
      for (int q = 0; q < cols; ++q) {
        char* line = reinterpret_cast<char*>(dst + q * d.along_q);
        const char* from = reinterpret_cast<const char*>(buf + q * EdgeP);
        for (int k = 0; k < int(EdgeP * sizeof(D)); k += 16)
          _mm_stream_si128(reinterpret_cast<__m128i*>(line + k),
                           _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + k)));
      }
      return;
    }
  }
#endif
  for (int q = 0; q < cols; ++q) {
    D* KOKKOS_RESTRICT line = dst + q * d.along_q;
    const B* KOKKOS_RESTRICT from = buf + q * EdgeP;
    for (int p = 0; p < rows; ++p)
      line[p * along_p] = from[p];
  }
}

}  // namespace host_transpose
}  // namespace Impl
}  // namespace KokkosTile
