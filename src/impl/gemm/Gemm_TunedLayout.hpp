// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Where things live in the tuned GEMM kernel (GemmTuned, Gemm_TunedDevice.hpp): its tile shape,
// the scratch layout of the A and B tiles, and which rows and columns of the team tile each
// (virtual) thread owns. The loader, the multiply step and the epilogue all read this one
// description, so that they agree by construction.

#include <Kokkos_Core.hpp>

#include "impl/core/Core_Packet.hpp"
#include "impl/gemm/Gemm_Dmma.hpp"
#include "impl/gemm/Gemm_Operand.hpp"

#include <type_traits>

namespace KokkosTile {
namespace Impl {

/// Tile shape of GemmTuned: a BM x BN team tile, K in steps of BK, TM x TN per thread.
template <int BM_, int BN_, int BK_, int TM_, int TN_>
struct GemmTunedShape {
  static constexpr int BM = BM_, BN = BN_, BK = BK_, TM = TM_, TN = TN_;
  static constexpr int threads = (BM / TM) * (BN / TN);
  /// Whether float takes the 3xTF32 tensor-core step (GemmTf32x3Shape, Gemm_Tf32x3.hpp).
  static constexpr bool tf32x3 = false;
  static_assert(BM % TM == 0 && BN % TN == 0, "register tiles must divide the team tile");
};

/// Units of `width` elements of a tile of `elements` that one of `threads` threads reads (the last
/// threads may have fewer), and the registers that takes with units of 1 or of `packet` elements.
KOKKOS_INLINE_FUNCTION constexpr int gemm_units_per_thread(int elements, int width, int threads) {
  return (elements / width + threads - 1) / threads;
}
KOKKOS_INLINE_FUNCTION constexpr int gemm_register_count(int elements, int packet, int threads) {
  const int scalar = gemm_units_per_thread(elements, 1, threads);
  const int packets = gemm_units_per_thread(elements, packet, threads) * packet;
  return scalar > packets ? scalar : packets;
}

/// Scratch layouts and thread placement of GemmTuned for one tile shape, scalar and pair of
/// operand layouts.
template <class Shape, class T, bool AAlongK, bool BAlongK>
struct GemmTunedLayout {
  static constexpr int BM = Shape::BM, BN = Shape::BN, BK = Shape::BK, TM = Shape::TM,
                       TN = Shape::TN, threads = Shape::threads;
  static constexpr bool a_along_k = AAlongK, b_along_k = BAlongK;
  static constexpr int V = packet_width<T>();
  // Scratch layouts. By default the A tile is k-major (element (r, c) at c * pitch_a + r) and the B
  // tile is stored as it is (r * pitch_b + c): for each k, a thread's rows of A and columns of B
  // are packets of a scratch row. Their rows are padded by four elements: a whole packet for
  // float, and for double the pitch of 4 modulo 16 that spreads DMMA's fragment loads over the
  // banks.
  // An operand stored along k (A: r * pitch_a + c, B: c * pitch_b + r) is read as one packet of V
  // k steps per thread row (column). Its pitch is an odd number of packets: the eight lanes of a
  // warp that read consecutive rows (columns) then hit eight distinct groups of banks.
  static constexpr int pitch_k = BK + (BK / V % 2 == 0 ? V : 2 * V);
  // The 3xTF32 step reads pairs of floats: a pitch of 8 modulo 32 floats spreads them instead.
  static constexpr int pad = std::is_same_v<T, float> && Shape::tf32x3 ? 8 : 4;
  static constexpr int pitch_a = AAlongK ? pitch_k : BM + pad,
                       pitch_b = BAlongK ? pitch_k : BN + pad;
  static constexpr int a_elements = AAlongK ? BM * pitch_a : BK * pitch_a;
  static constexpr int b_elements = BAlongK ? BN * pitch_b : BK * pitch_b;
  /// One scratch stage: the A tile and the B tile, in one block.
  static constexpr int stage_elements = a_elements + b_elements;
  static_assert(4 % V == 0, "padded rows stay packet-aligned");
  static_assert(BM % V == 0 && BN % V == 0 && BK % V == 0, "tiles are whole packets");
  static_assert(TM % V == 0 && TN % V == 0, "register tiles are read in whole packets");
  // A thread's TM rows are TM / V packets spread BM / (TM / V) apart (likewise its columns), so
  // that the lanes of a warp read consecutive packets of a scratch row: no bank conflicts.
  static constexpr int row_groups = TM / V, col_groups = TN / V;
  static constexpr int threads_across = BN / TN, threads_down = BM / TM;
  // Lanes of a warp cover a 4 x 8 block of threads (4 distinct A fragments, 8 distinct B ones),
  // when the team's thread grid allows it.
  static constexpr int lanes_across = threads_across >= 8 ? 8 : threads_across;
  static constexpr int lanes_down = 32 / lanes_across;
  static constexpr bool warp_blocks = threads_down % lanes_down == 0 && threads % 32 == 0;

  /// Virtual thread t's place in the team's threads_down x threads_across grid.
  KOKKOS_FORCEINLINE_FUNCTION static void thread_coordinates(int t, int& ty, int& tx) {
    if constexpr (warp_blocks) {
      const int warp = t / 32, lane = t % 32;
      constexpr int warps_across = threads_across / lanes_across;
      ty = (warp / warps_across) * lanes_down + lane / lanes_across;
      tx = (warp % warps_across) * lanes_across + lane % lanes_across;
    } else {
      ty = t / threads_across;
      tx = t % threads_across;
    }
  }
  /// Tile row of the thread's register row i (tile column of register column j, with BN, V):
  /// packets of V rows for a k-major A tile, single rows threads_down apart for one along k.
  KOKKOS_FORCEINLINE_FUNCTION static int tile_row(int ty, int i) {
    if constexpr (AAlongK) {
      return i * threads_down + ty;
    } else {
      return (i / V) * (BM / row_groups) + ty * V + i % V;
    }
  }
  KOKKOS_FORCEINLINE_FUNCTION static int tile_col(int tx, int j) {
    if constexpr (BAlongK) {
      return j * threads_across + tx;
    } else {
      return (j / V) * (BN / col_groups) + tx * V + j % V;
    }
  }
};

}  // namespace Impl
}  // namespace KokkosTile
