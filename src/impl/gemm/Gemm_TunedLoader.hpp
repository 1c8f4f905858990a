// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The tuned GEMM kernel's loader: which elements of a BM x BK tile of op(A) (BK x BN of op(B)) each
// virtual thread copies from global memory to scratch, in units of W consecutive elements along
// the operand's contiguous index, so that consecutive threads touch consecutive addresses. Four
// forms: read_tile (any tile, tested at op(X)'s edges, into registers), unit_pointers + packet
// reads (whole tiles), async_copy_tile (cp.async, global to shared memory with no registers on the
// way, whole tiles) and edge_units + async_copy_edge_tile (cp.async of single elements, any tile,
// zeros outside op(X)); write_tile puts registers into the scratch layout of GemmTunedLayout.

#include <Kokkos_Core.hpp>

#include "impl/core/Core_AsyncCopy.hpp"
#include "impl/core/Core_Unroll.hpp"
#include "impl/gemm/Gemm_SharedPackets.hpp"
#include "impl/gemm/Gemm_TunedLayout.hpp"

#include <cstdint>

namespace KokkosTile {
namespace Impl {

template <class T, int Threads, bool SharedSpace>
struct GemmTileLoader {
  static constexpr int threads = Threads;
  template <int W>
  KOKKOS_INLINE_FUNCTION static constexpr int units_per_thread(int elements) {
    return gemm_units_per_thread(elements, W, threads);
  }

  /// Unit u (W elements along the operand's contiguous index) of a TR x TC tile: its first
  /// element's tile coordinates. Consecutive units are consecutive addresses.
  template <int W, int TR, int TC>
  KOKKOS_FORCEINLINE_FUNCTION static void place_unit(bool rows_contiguous, int u, int& r, int& cc) {
    if (rows_contiguous) {
      r = (u % (TR / W)) * W;
      cc = u / (TR / W);
    } else {
      cc = (u % (TC / W)) * W;
      r = u / (TC / W);
    }
  }

  // Transposing copies (op(X)'s contiguous index runs across the scratch rows) go one element at a
  // time. Placed as units of W, the four lanes of a line read elements 4 apart: four times the
  // 32-byte sectors of the data they move, and with the scratch pitch of 4 modulo 32 elements two
  // of those lanes store to one bank. The sector placement gives each lane group one whole sector
  // along the contiguous index (G elements) and 32 / G consecutive lines across it: whole-sector
  // reads, and stores to 32 distinct banks (float; double's half-warps likewise).
  static constexpr int sector = 32 / int(sizeof(T));

  /// Whether the sector placement serves a TR x TC tile (its rows contiguous or not): whole
  /// sectors along the contiguous index, and the lines that a pass of the team covers divide the
  /// lines across, so that a thread's later elements are constant offsets from its first.
  template <int TR, int TC>
  KOKKOS_INLINE_FUNCTION static constexpr bool sector_placement_fits(bool rows_contiguous) {
    const int along = rows_contiguous ? TR : TC, across = rows_contiguous ? TC : TR;
    return threads % sector == 0 && along % sector == 0 && across % (threads / sector) == 0;
  }

  /// Whether a tile's copies are transposing ones that take the sector placement.
  template <int TR, int TC, bool ColumnMajor>
  KOKKOS_FORCEINLINE_FUNCTION static bool sector_copies(bool rows_contiguous) {
    constexpr bool fits_rows = sector_placement_fits<TR, TC>(true),
                   fits_cols = sector_placement_fits<TR, TC>(false);
    const bool along_row = ColumnMajor ? rows_contiguous : !rows_contiguous;
    return !along_row && (rows_contiguous ? fits_rows : fits_cols);
  }

  /// Element u of the sector placement: its tile coordinates.
  template <int TR, int TC>
  KOKKOS_FORCEINLINE_FUNCTION static void place_sector_element(bool rows_contiguous, int u, int& r,
                                                               int& cc) {
    const int g = u % sector, line = u / sector;
    if (rows_contiguous) {
      cc = line % TC;
      r = line / TC * sector + g;
    } else {
      r = line % TR;
      cc = line / TR * sector + g;
    }
  }

  /// Element u's placement in a copy of single elements: the sector placement for transposing
  /// copies where it fits, else consecutive elements along the contiguous index.
  template <int TR, int TC, bool ColumnMajor>
  KOKKOS_FORCEINLINE_FUNCTION static void place_element(bool rows_contiguous, int u, int& r,
                                                        int& cc) {
    if (sector_copies<TR, TC, ColumnMajor>(rows_contiguous))
      place_sector_element<TR, TC>(rows_contiguous, u, r, cc);
    else
      place_unit<1, TR, TC>(rows_contiguous, u, r, cc);
  }

  /// The first address of each unit of W elements that virtual thread t reads from the TR x TC
  /// tile of op(X) at (r0, c0). Threads past the last unit (a tile with fewer units than the team
  /// has threads) get the tile's first unit: they read it and write nothing. For async_copy_tile
  /// (SectorCopies) a transposing copy in the sector placement needs only the thread's first
  /// element: every pointer is that one.
  template <int W, int TR, int TC, bool ColumnMajor = false, bool SectorCopies = false,
            class Operand>
  KOKKOS_FORCEINLINE_FUNCTION static void unit_pointers(const Operand& x, std::int64_t r0,
                                                        std::int64_t c0, int t,
                                                        const T** pointers) {
    if constexpr (SectorCopies) {
      if (sector_copies<TR, TC, ColumnMajor>(x.rows_contiguous)) {
        int r, cc;
        place_sector_element<TR, TC>(x.rows_contiguous, t, r, cc);
        KOKKOSTILE_UNROLL
        for (int q = 0; q < units_per_thread<W>(TR * TC); ++q)
          pointers[q] = x.data + (r0 + r) * x.row_stride + (c0 + cc) * x.col_stride;
        return;
      }
    }
    KOKKOSTILE_UNROLL
    for (int q = 0; q < units_per_thread<W>(TR * TC); ++q) {
      const int u = t + q * threads;
      int r, cc;
      place_unit<W, TR, TC>(x.rows_contiguous, u < TR * TC / W ? u : 0, r, cc);
      pointers[q] = x.data + (r0 + r) * x.row_stride + (c0 + cc) * x.col_stride;
    }
  }

  /// Reads virtual thread t's elements of the TR x TC tile of op(X) at (r0, c0) into regs, zero
  /// outside op(X)'s rows x cols, consecutive threads on consecutive addresses.
  template <int TR, int TC, class Operand>
  KOKKOS_FORCEINLINE_FUNCTION static void read_tile(const Operand& x, std::int64_t rows,
                                                    std::int64_t cols, std::int64_t r0,
                                                    std::int64_t c0, int t, T* regs) {
    KOKKOSTILE_UNROLL
    for (int q = 0; q < units_per_thread<1>(TR * TC); ++q) {
      const int u = t + q * threads;
      if (u >= TR * TC)
        break;
      int r, cc;
      place_unit<1, TR, TC>(x.rows_contiguous, u, r, cc);
      regs[q] = (r0 + r < rows && c0 + cc < cols) ? x(r0 + r, c0 + cc) : T(0);
    }
  }

  /// Stores what was read for the TR x TC tile into scratch: column-major (element (r, c) at
  /// c * pitch + r) or row-major (r * pitch + c). A unit that runs along a scratch row goes as one
  /// packet.
  template <int W, int TR, int TC, bool ColumnMajor>
  KOKKOS_FORCEINLINE_FUNCTION static void write_tile(T* tile, int pitch, bool rows_contiguous,
                                                     int t, const T* regs) {
    const bool along_row = ColumnMajor ? rows_contiguous : !rows_contiguous;
    KOKKOSTILE_UNROLL
    for (int q = 0; q < units_per_thread<W>(TR * TC); ++q) {
      const int u = t + q * threads;
      if (u >= TR * TC / W)
        break;
      int r, cc;
      place_unit<W, TR, TC>(rows_contiguous, u, r, cc);
      if (W > 1 && along_row) {
        store_fragment<SharedSpace, T, W>(tile + (ColumnMajor ? cc * pitch + r : r * pitch + cc),
                                          regs + q * W);
        continue;
      }
      KOKKOSTILE_UNROLL
      for (int e = 0; e < W; ++e) {
        const int er = rows_contiguous ? r + e : r, ec = rows_contiguous ? cc : cc + e;
        tile[ColumnMajor ? ec * pitch + er : er * pitch + ec] = regs[q * W + e];
      }
    }
  }

  /// The edge form's units (one element each) of the TR x TC tile of op(X) at (r0, c0), for tiles
  /// that may cross op(X)'s edges: unit q's address at k = 0, whether it lies inside op(X) across
  /// K (its row of op(A) below `across_extent`, or its column of op(B)), and its K coordinate in
  /// the tile. KRows: the tile's rows run along K (op(B)), else its columns do (op(A)). A unit
  /// outside (or past the tile) gets op(X)'s first element as its address: no address outside the
  /// operand is ever formed, and its copies read nothing.
  template <int TR, int TC, bool KRows, bool ColumnMajor, class Operand>
  KOKKOS_FORCEINLINE_FUNCTION static void edge_units(const Operand& x, std::int64_t r0,
                                                     std::int64_t c0, std::int64_t across_extent,
                                                     int t, const T** pointers, bool* inside,
                                                     int* k_in_tile) {
    KOKKOSTILE_UNROLL
    for (int q = 0; q < units_per_thread<1>(TR * TC); ++q) {
      const int u = t + q * threads;
      int r, cc;
      place_element<TR, TC, ColumnMajor>(x.rows_contiguous, u < TR * TC ? u : 0, r, cc);
      inside[q] = u < TR * TC && (KRows ? c0 + cc : r0 + r) < across_extent;
      k_in_tile[q] = KRows ? r : cc;
      pointers[q] =
          inside[q] ? x.data + (r0 + r) * x.row_stride + (c0 + cc) * x.col_stride : x.data;
    }
  }

#ifdef KOKKOSTILE_HAVE_CP_ASYNC
  /// async_copy_tile for the edge form (edge_units): one 4- or 8-byte cp.async per element, at
  /// pointers[q] + offset; an element outside op(X) (across K, or at K coordinates k_left and
  /// beyond, k_left being what is left of K from this step on) lands as zero, read from nowhere.
  template <int TR, int TC, bool ColumnMajor>
  KOKKOS_FORCEINLINE_FUNCTION static void async_copy_edge_tile(
      T* tile, int pitch, bool rows_contiguous, int t, const T* const* pointers, const bool* inside,
      const int* k_in_tile, std::int64_t offset, std::int64_t k_left, const T* any_element) {
    KOKKOSTILE_UNROLL
    for (int q = 0; q < units_per_thread<1>(TR * TC); ++q) {
      const int u = t + q * threads;
      if (u >= TR * TC)
        break;
      int r, cc;
      place_element<TR, TC, ColumnMajor>(rows_contiguous, u, r, cc);
      const bool valid = inside[q] && k_in_tile[q] < k_left;
      async_copy_to_shared_or_zero<sizeof(T)>(
          shared_space_address(tile + (ColumnMajor ? cc * pitch + r : r * pitch + cc)),
          valid ? pointers[q] + offset : any_element, valid);
    }
  }

  /// write_tile's placement for copies that go straight from global memory (unit q of this
  /// thread at pointers[q] + offset, from unit_pointers with SectorCopies) to shared memory: one
  /// 16-byte cp.async for a unit that runs along a scratch row; a transposing copy goes one
  /// element per cp.async, in the sector placement where it fits (op(X)'s strides give the
  /// thread's later elements from its first), else per unit.
  template <int W, int TR, int TC, bool ColumnMajor>
  KOKKOS_FORCEINLINE_FUNCTION static void async_copy_tile(T* tile, int pitch, bool rows_contiguous,
                                                          int t, const T* const* pointers,
                                                          std::int64_t offset,
                                                          std::int64_t row_stride,
                                                          std::int64_t col_stride) {
    const bool along_row = ColumnMajor ? rows_contiguous : !rows_contiguous;
    if (sector_copies<TR, TC, ColumnMajor>(rows_contiguous)) {
      // Element t + q * threads lies `lines` * q lines on from element t (wrapping across into
      // the next sector along): a compile-time step in tile coordinates.
      constexpr int lines = threads / sector;
      int r, cc;
      place_sector_element<TR, TC>(rows_contiguous, t, r, cc);
      const unsigned first =
          shared_space_address(tile + (ColumnMajor ? cc * pitch + r : r * pitch + cc));
      const T* const source = pointers[0] + offset;
      KOKKOSTILE_UNROLL
      for (int q = 0; q < TR * TC / threads; ++q) {
        const int across_extent = rows_contiguous ? TC : TR;
        const int d_across = q * lines % across_extent,
                  d_along = q * lines / across_extent * sector;
        const int dr = rows_contiguous ? d_along : d_across,
                  dc = rows_contiguous ? d_across : d_along;
        async_copy_to_shared<sizeof(T)>(
            first + unsigned((ColumnMajor ? dc * pitch + dr : dr * pitch + dc) * int(sizeof(T))),
            source + (dr * row_stride + dc * col_stride));
      }
      return;
    }
    KOKKOSTILE_UNROLL
    for (int q = 0; q < units_per_thread<W>(TR * TC); ++q) {
      const int u = t + q * threads;
      if (u >= TR * TC / W)
        break;
      int r, cc;
      place_unit<W, TR, TC>(rows_contiguous, u, r, cc);
      const T* source = pointers[q] + offset;
      if (along_row) {
        async_copy_to_shared<W * sizeof(T)>(
            shared_space_address(tile + (ColumnMajor ? cc * pitch + r : r * pitch + cc)), source);
        continue;
      }
      KOKKOSTILE_UNROLL
      for (int e = 0; e < W; ++e) {
        const int er = rows_contiguous ? r + e : r, ec = rows_contiguous ? cc : cc + e;
        async_copy_to_shared<sizeof(T)>(
            shared_space_address(tile + (ColumnMajor ? ec * pitch + er : er * pitch + ec)),
            source + e);
      }
    }
  }
#endif
};

}  // namespace Impl
}  // namespace KokkosTile
