// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Which team tile the tuned GEMM kernel takes for a real problem (GemmTile::automatic resolved per
// execution space, scalar and size), and which forced tiles are refused.

#include <Kokkos_Core.hpp>

#include "KokkosTile_Assert.hpp"
#include "KokkosTile_GemmOptions.hpp"
#include "impl/core/Core_CudaDevice.hpp"
#include "impl/core/Core_LaunchDefaults.hpp"

#include <cstdint>
#include <string>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

/// The tile shape `automatic` stands for. On devices, float takes K steps of 16 when every
/// 128 x 128 tile is whole and both operands allow packets (the cp.async form, which holds no step
/// in registers: measured 2% faster on an H200), else steps of 8, whose element-by-element form
/// needs half the staging registers; but when 128 x 128 tiles would leave multiprocessors idle
/// (fewer tiles than multiprocessors), 128 x 64 tiles, twice as many teams: at n = 1024 on an H100,
/// 0.79 of cuBLAS against 0.52. Double takes 128 x 64 tiles (fp64 tensor cores, three cp.async
/// stages), and 64 x 64 x 16 where even those leave multiprocessors idle (and k is too shallow to
/// split, Gemm_SplitK.hpp): twice the teams, two on each multiprocessor, where 128 x 64 puts one
/// (double 1024^3 on an H200, both forced in one run: 0.0803 ms against 0.0843, cuBLAS 0.0574).
/// The 256 x 128 float tile (16 x 8 per thread, cuBLAS' pedantic SGEMM class) is not
/// chosen: with the mainloop's fragments pipelined (Gemm_TunedDevice.hpp), 128 x 128 x 16 leads it
/// by 0.4-1.3 points at n = 4096 and 8192 (NN, NT) on an H100 and an H200, the library's benchmark
/// with both forced in the same run (perf_tests/results/2026-11-27_H100_gemm_fragment_pipeline/,
/// commit 654e75d, and perf_tests/results/2026-11-27_H200_gemm_tile_choice/, commit 71a2159). It
/// can still be forced.
/// `big_tiles_fill_machine`: whether T's big tile (128 x gemm_big_tile_n<T>) fills the machine.
template <class ExecSpace, class T>
GemmTile resolve_gemm_tile(GemmTile tile, bool whole_packet_tiles_of_16 = false,
                           bool big_tiles_fill_machine = true) {
  if (tile != GemmTile::automatic)
    return tile;
  if (is_host_backend<ExecSpace>())
    return GemmTile::t64x64x16_4x4;
  if (sizeof(T) >= 8)
    return big_tiles_fill_machine ? GemmTile::t128x64x8_8x4 : GemmTile::t64x64x16_4x4;
  if (!big_tiles_fill_machine)
    return GemmTile::t128x64x8_8x4;
  return whole_packet_tiles_of_16 ? GemmTile::t128x128x16_8x8 : GemmTile::t128x128x8_8x8;
}

/// The big tile of T's automatic choice on a device, whose count against the multiprocessors
/// decides between it and the smaller one: 128 x 128 for float, 128 x 64 for double.
template <class T>
constexpr std::int64_t gemm_big_tile_n = sizeof(T) >= 8 ? 64 : 128;

/// Whether m x n has at least as many tile_m x tile_n tiles as the device has multiprocessors
/// (always true where the question does not arise).
template <class ExecSpace>
bool gemm_tiles_fill_machine([[maybe_unused]] const std::string& call,
                             [[maybe_unused]] const ExecSpace& space,
                             [[maybe_unused]] std::int64_t m, [[maybe_unused]] std::int64_t n,
                             [[maybe_unused]] std::int64_t tile_m = 128,
                             [[maybe_unused]] std::int64_t tile_n = 128) {
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
  if constexpr (std::is_same_v<ExecSpace, Kokkos::Cuda>) {
    const std::int64_t tiles = ((m + tile_m - 1) / tile_m) * ((n + tile_n - 1) / tile_n);
    return tiles >= cuda_device_limits(call, space.cuda_device()).multiprocessors;
  }
#endif
  return true;
}

/// Rejects a forced tile that cannot run well for T: 128 double accumulators per thread (the
/// 8 x 16 register tile) take every register a CUDA thread has and spill; measured at 0.03 of
/// cuBLAS on an H100. Rejected on every execution space, so that options valid on one are valid
/// on all.
template <class T>
void check_gemm_tile(const std::string& call, GemmTile tile) {
  KOKKOSTILE_EXPECT(!(sizeof(T) >= 8 && tile == GemmTile::t128x128x16_8x16), InvalidArgument, call,
                    "tile t128x128x16_8x16 holds 128 accumulators per thread, too many for "
                    "double (they spill); use automatic or a tile with at most 64");
  KOKKOSTILE_EXPECT(!(sizeof(T) >= 8 && tile == GemmTile::t256x128x8_16x8), InvalidArgument, call,
                    "tile t256x128x8_16x8 holds 128 accumulators per thread, too many for "
                    "double (they spill); use automatic or a tile with at most 64");
}

}  // namespace Impl
}  // namespace KokkosTile
