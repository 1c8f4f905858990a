// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The device tile kernel's shape per problem (GemmBatched_Device.hpp): the smallest tile that
// covers one matrix up to 64 x 64, so that a team does no work on padding and small matrices get
// small teams (many per multiprocessor); 64 x 64 tiles of 4 x 4 register blocks beyond. Matrices
// of at most 8 x 8 (k <= 16) take a thread per column instead (GemmBatched_SmallColumns.hpp).
// Float and double matrices above 16 x 16 take gemm's tuned kernel (GemmBatched_Tuned.hpp).

#include <Kokkos_Core.hpp>

#include "impl/gemm/Gemm_TunedLayout.hpp"
#include "impl/gemm/Gemm_Tuning.hpp"
#include "impl/gemm_batched/GemmBatched_Device.hpp"

#include <algorithm>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

enum class GemmBatchedTile { t8, t16, t32, t64 };

// Complex double takes 32 x 32 tiles of 2 x 2 beyond 16 x 16: a 4 x 4 tile of it (64 registers
// of sums) spills.
template <class T>
inline constexpr bool gemm_batched_wide_v = sizeof(T) >= 16;
using GemmBatchedShape8 = GemmBatchedShape<8, 8, 8, 1, 1>;      // 64 threads
using GemmBatchedShape16 = GemmBatchedShape<16, 16, 16, 2, 2>;  // 64 threads
template <class T>
using GemmBatchedShape32 =
    std::conditional_t<gemm_batched_wide_v<T>, GemmBatchedShape<32, 32, 16, 2, 2>,  // 256
                       GemmBatchedShape<32, 32, 8, 4, 4>>;                          // 64 threads
template <class T>
using GemmBatchedShape64 =
    std::conditional_t<gemm_batched_wide_v<T>, GemmBatchedShape<32, 32, 16, 2, 2>,
                       GemmBatchedShape<64, 64, 16, 4, 4>>;  // 256 threads

/// Matrices whose m or n is at least this take gemm's tuned kernel on devices (float and double
/// with operands of C's type): 64 x 64 tiles of 4 x 4 (fp64 tensor cores for double) beyond
/// 32 x 32, 32 x 32 tiles of 4 x 4 from this extent to 32. On an H200 at n = 32 the tuned 32 x 32
/// tile took 0.106 ms (float) and 0.178 ms (double) where GemmBatched_Device.hpp's took 0.119 and
/// 0.194; at n = 64, 64 x 32, 32 x 32 and 32 x 64 tiles ran within 4% of 64 x 64, and 64 x 64 x 32
/// within 3% for float (2.5x slower for double: its stages leave level 0).
inline constexpr int gemm_batched_tuned_min_extent = 17;
template <class T, class AX, class BX>
inline constexpr bool gemm_batched_tunable_v =
    std::is_same_v<AX, const T>&& std::is_same_v<BX, const T> &&
    (std::is_same_v<T, float> || std::is_same_v<T, double>);
/// 64 x 64 tiles of 4 x 4 (256 threads): K steps of 16 for float, of 8 for double, whose stages
/// are twice the bytes (four stages in level 0, not two: at n = 64 on an H200, 0.104 ms against
/// 0.110-0.118 with steps of 16). Tiles of 64 x 32, 32 x 32, 32 x 64, 64 x 32 x 8, and 8 x 4
/// register tiles (cuBLAS' choice for float) measured no faster.
template <class T>
using GemmBatchedTunedShape64 = std::conditional_t<sizeof(T) == 8, GemmTunedShape<64, 64, 8, 4, 4>,
                                                   GemmTunedShape<64, 64, 16, 4, 4>>;
using GemmBatchedTunedShape32 = GemmTunedShape<32, 32, 16, 4, 4>;  // 64 threads
/// Teams per multiprocessor the tuned kernel's launch bounds ask for. For the 64 x 64 tile, four
/// for float (64 registers a thread), where gemm's budget allows two: a matrix of 64 x 64 has only
/// four K steps to hide its loads behind, and more teams hide them (H200, n = 64: 0.063 ms with
/// four, 0.066 with three, 0.075-0.078 with two). Double keeps gemm's two: its fp64 tensor-core
/// tile with at most 85 or 64 registers took 0.128 and 0.160 ms against 0.104. The 32 x 32 tile
/// (64 threads) keeps gemm's budget: asking for 12 or 16 teams makes Kokkos refuse the launch
/// (their scratch does not fit a multiprocessor), and 8 (float) and 4 (double) measured no faster.
/// Four teams of the float tile (4 x 37 KB of scratch) fit the shared memory of sm_80 and sm_90
/// multiprocessors only; elsewhere Kokkos would refuse the launch.
#if defined(KOKKOS_ARCH_AMPERE80) || defined(KOKKOS_ARCH_HOPPER90)
inline constexpr bool gemm_batched_four_float_teams = true;
#else
inline constexpr bool gemm_batched_four_float_teams = false;
#endif
template <class Shape, class T>
inline constexpr unsigned gemm_batched_tuned_min_teams =
    gemm_batched_four_float_teams && sizeof(T) == 4 && Shape::threads == 256
        ? 4u
        : gemm_min_teams<Shape, T>;

inline GemmBatchedTile gemm_batched_device_tile(int m, int n) {
  const int extent = std::max(m, n);
  if (extent <= 8)
    return GemmBatchedTile::t8;
  if (extent <= 16)
    return GemmBatchedTile::t16;
  if (extent <= 32)
    return GemmBatchedTile::t32;
  return GemmBatchedTile::t64;
}

}  // namespace Impl
}  // namespace KokkosTile
