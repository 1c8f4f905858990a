// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The stencil's tuning constants: the packet kernel's rows per thread, side packets, launch bounds
// and rolling sums (defaults and the *_rich ones for devices rich in bandwidth), the strip
// kernel's launch bounds, the tile kernel's fast-path edge, and the host kernel's cache budget and
// chunk. Stencil_Packets.hpp, Stencil_Launch.hpp, Stencil_Tile.hpp, Stencil_Dispatch.hpp,
// Stencil_Host.hpp and Stencil_HostKernel.hpp read them here.

#include <algorithm>
#include <cstdint>

namespace KokkosTile {
namespace Impl {

/// Side elements from the neighbouring packets (one 16-byte load a side) rather than R loads of
/// one element each, inside the grid: fewer load instructions once R > 1. Taking them from the
/// neighbouring lanes' packets by warp shuffles instead (lanes 0 and 31 loading the packet beyond
/// the warp) was slower everywhere on an H200: float 5-point 0.87 against 1.04 of deep_copy,
/// 9-point 0.85 against 1.04, 5x5 box 0.46 against 0.88 (the retired
/// perf_tests/experiments/memory_bound_variants_kx.cpp, commit 6c5ee93;
/// perf_tests/results/2026-11-28_H200_stencil_plain_baseline/, commit 28d34a0).
template <class T, int R>
inline constexpr bool stencil_side_packets = R > 1;

/// Output rows per thread: rows share 2 R of their packet rows and the per-thread index work;
/// 8-byte 5-point stars and every radius-2 stencil take four, float 5-point stars two. On an H100
/// (perf_tests/experiments/memory_bound_variants_kx_output_H100_2026-11-25_run1.txt, retired;
/// commit 6c5ee93), as a ratio to deep_copy at 8192^2 and 16384^2: float 5-point 0.98 / 0.97 with
/// one row, 1.05 / 1.03 with two, 1.03 / 1.02 with four; double 5-point 0.94 / 0.92, 0.99 / 0.97
/// and 1.02 / 1.00; double 9-point 0.87 / 0.86 with one row, 1.02 / 1.00 with two. Radius 2 takes
/// four rows because two fall short on an H200 (two rows -> four, with stencil_teams_per_sm,
/// H200 / H100 at 8192^2): float 9-point 0.93-0.94 -> 1.02-1.04 / 1.01-1.03 -> 1.02-1.03; double
/// 9-point 0.91-0.93 -> 0.96-0.98 / 1.00-1.01 -> 1.01; 5x5 box float 0.81-0.82 -> 0.86-0.87 /
/// 0.92-0.94 -> 0.96-0.98, double 0.77-0.79 -> 0.83-0.85 / 0.90-0.92 -> 0.96
/// (perf_tests/results/2026-11-28_H200_stencil_radius2_tuning/, commit fb88afe).
template <class T, int R, bool Star>
inline constexpr int stencil_rows_per_thread = (R == 2 || (sizeof(T) == 8 && R == 1 && Star)) ? 4
                                                                                              : 2;

/// stencil_rows_per_thread on devices rich in bandwidth (bandwidth_rich, Core_DeviceBandwidth.hpp):
/// float 5-point stars take four rows a thread instead of two there. The rows' shared packet rows
/// cut L1 and L2 traffic per output, which the H200 needs and the H100 does not. As a ratio to
/// deep_copy at 8192^2 / 16384^2, four rows against two (the retired
/// perf_tests/experiments/memory_bound_variants_kx.cpp, commit 6c5ee93):
///  - H200 (4.9 TB/s over 132 multiprocessors, 37 GB/s each): 1.031-1.055 / 1.009-1.021 against
///    1.017-1.041 / 0.990-1.005;
///  - H100 SXM (3.35 TB/s, 25 GB/s each): 1.019-1.040 / 1.009-1.021 against 1.043-1.062 /
///    1.019-1.032.
/// The library's benchmark on an H200: perf_tests/results/2026-11-28_H200_stencil_device_tuning/
/// (commit 8767af9).
template <class T, int R, bool Star>
inline constexpr int stencil_rows_per_thread_rich = (R == 1 && Star && sizeof(T) == 4)
                                                        ? 4
                                                        : stencil_rows_per_thread<T, R, Star>;

/// Teams of 256 threads a multiprocessor that the launch bounds promise: 4 holds a thread to 64
/// registers, 3 to 80. Four rows of a 5x5 box spill at 64 (168 bytes of stack for float, 328 for
/// double, by ptxas; 88 and 232 at 3; none at 2, which loses occupancy and 4-12 points) and read
/// faster at 3, as a ratio to deep_copy at 8192^2: on an H100 float 0.96-0.98 against 0.90-0.92,
/// double 0.96 against 0.94; on an H200 float 0.86-0.87 against 0.82-0.83, double the same
/// (0.83-0.85). So does the double 9-point star on an H200 (0.96-0.98 against 0.92-0.95; the same
/// on an H100). The float 9-point star keeps 4 (H200: 1.02-1.04 against 0.99-1.00 at 3)
/// (perf_tests/results/2026-11-28_H200_stencil_radius2_tuning/, commit fb88afe). These were
/// measured under a TeamPolicy launch; under launch_cuda_blocks the window of a 5x5 box at four
/// rows still spills at 80 registers (160 bytes of stack in double), and every choice here still
/// reads fastest on an H200 (memory_bound_variants_kx.cpp, commit 6c5ee93; the library's benchmark:
/// perf_tests/results/2026-11-28_H200_stencil_own_kernel/, commit abb6a9b).
template <class T, int R, bool Star>
inline constexpr unsigned stencil_teams_per_sm = (R == 2 && !(Star && sizeof(T) == 4)) ? 3 : 4;

/// Whether the packet kernel sums the taps input row by input row (StencilPackets::rolling): each
/// packet row, once loaded, adds its taps to every output row that uses it, so that one row's
/// packets and the output sums are live rather than the whole window of H + 2 R rows. A 5x5 box at
/// four rows a thread then runs four teams a multiprocessor (64 registers, no stack under
/// launch_cuda_blocks; 16 bytes for float and 32 for double under the TeamPolicy launch these
/// figures were measured with) where the window needs three (80 registers, 88 and 216 bytes of
/// stack). Taken on devices rich in bandwidth (bandwidth_rich), where it measured faster for 5x5
/// boxes. Without the spills (launch_cuda_blocks, H200) the box reads 0.91 / 0.93 and rolling sums
/// at four rows and four teams stay the fastest form (memory_bound_variants_kx.cpp, commit
/// 6c5ee93; perf_tests/results/2026-11-28_H200_stencil_own_kernel/, commit abb6a9b). On an H200,
/// as a ratio to deep_copy at 8192^2, float / double, under the TeamPolicy launch:
///  - kokkostile_perf: 0.865-0.866 / 0.828-0.842 against 0.811-0.818 / 0.810-0.815
///    (perf_tests/results/2026-11-28_H200_stencil_device_tuning/, commit 8767af9);
///  - memory_bound_variants_kx.cpp (commit 6c5ee93), each form timed as kokkostile_perf times its
///    rows: 0.865 / 0.836 at four teams against 0.806-0.816 / 0.814-0.816 for the window at three;
///    rolling sums at three teams 0.834 / 0.798, at eight rows 0.832-0.844 / 0.714. They lost for
///    9-point stars (float 0.957 against 0.973, double 0.912 against 0.935) and changed nothing for
///    5-point ones.
/// Not measured on an H100, which keeps the window (0.92-0.93 for the box there).
template <class T, int R, bool Star>
inline constexpr bool stencil_rolling_sums_rich = R == 2 && !Star;

/// stencil_teams_per_sm on devices rich in bandwidth: four for the rolling sums.
template <class T, int R, bool Star>
inline constexpr unsigned stencil_teams_per_sm_rich =
    stencil_rolling_sums_rich<T, R, Star> ? 4 : stencil_teams_per_sm<T, R, Star>;

/// Teams of the strip kernel resident per multiprocessor: its CUDA launch bounds budget registers
/// for this many, and two ~19 KB buffers each leave room for them in shared memory.
inline constexpr unsigned stencil_strip_teams_per_sm = 4;

/// Output tile edge of the fast path: 64 x 64 outputs per team, so that each of 256 threads has
/// about 16 halo loads in flight.
inline constexpr int stencil_fast_edge = 64;

/// Cache a work item's input rows may take (2 r + 1 rows of its strip): a quarter of a typical
/// 1 MB L2, so that the output row and the next input row stream through the rest.
inline constexpr std::int64_t stencil_host_cache_bytes = std::int64_t{256} << 10;

/// Taps a stencil of `radius` visits: the center row and column of a star, every weight of a box.
constexpr int stencil_tap_count(int radius, bool star) {
  return star ? 4 * radius + 1 : (2 * radius + 1) * (2 * radius + 1);
}

/// How far ahead of the current column the host row kernels prefetch the input rows a sweep reads
/// for the first time. On an AMD EPYC (Zen 5, two threads, 4096^2 float 5-point star) the hardware
/// prefetchers alone left the row loop at 0.42-0.47 of memcpy and a software prefetch one cache
/// line per line of outputs at this distance took it to 0.95-1.00 (1 KB ahead: 0.90).
inline constexpr std::int64_t stencil_host_prefetch_bytes = 4096;

/// Cache lines of outputs the host row kernels compute per step: more independent sums in flight
/// than one line gives (a 5x5 box's sum is a chain of 25 multiply-adds). AMD EPYC (Zen 5, two
/// threads, 4096^2), ms for 1 / 2 / 4 lines: 5x5 box float 5.57-5.62 / 5.03-5.10 / 5.03-5.18,
/// double 9.73-10.01 / 9.57-9.72 / 8.93-9.15; the stars within noise.
inline constexpr int stencil_host_lines_per_step = 2;

/// Output rows per sweep of the host kernel, rows read and written in place, radius compiled in
/// (the input rows they share are loaded once). Two from 9 taps: measured at 4096^2 on two threads
/// (Xeon, AVX-512), 9-point float 0.88 -> 1.03 of deep_copy, 5x5 box 0.62 -> 0.76 (double 0.72 ->
/// 0.86); the 5-point star, at copy speed with one row, lost with two (double 0.97 -> 0.72). Four
/// for boxes of radius 2 and more: on an AMD EPYC (Zen 5, two threads, AVX-512, interleaved runs)
/// the 5x5 box at 4096^2 took 8.0-8.1 ms against 11.1-11.4 with two rows (double), 4.5-4.8 against
/// 6.0-6.4 (float).
template <int R, bool Star>
inline constexpr int stencil_host_rows_per_sweep =
    R <= 0 ? 1 : (!Star && R >= 2 ? 4 : (stencil_tap_count(R, Star) >= 9 ? 2 : 1));

/// Columns per chunk of a strided output row (4 KB of outputs, computed into L1, then scattered).
template <class T>
constexpr std::int64_t stencil_host_chunk() {
  return std::max<std::int64_t>(64, 4096 / static_cast<std::int64_t>(sizeof(T)));
}

}  // namespace Impl
}  // namespace KokkosTile
