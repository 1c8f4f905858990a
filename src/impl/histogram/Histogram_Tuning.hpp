// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The histogram's tuning constants: team sizes, samples per round, the hot-bin cache, the host
// copies' memory budget and the warp-aggregation threshold. Histogram_Plan.hpp, the kernels and
// Histogram_Dispatch.hpp read them here.

#include <cstddef>
#include <cstdint>

namespace KokkosTile {
namespace Impl {

/// Threads per block of the shared variant on CUDA.
inline constexpr int histogram_shared_team = 512;
/// Threads per block of the cluster variant on CUDA.
inline constexpr int histogram_cluster_team = 256;
/// Threads per block of the global-atomics variant on CUDA.
inline constexpr int histogram_global_team = 256;
/// Samples per thread and staged round on devices (packets of 4 ints: 2 packets).
inline constexpr int histogram_round_samples = 8;
/// Host cluster emulation: a block is one thread; long rounds amortise its barriers.
inline constexpr int histogram_host_round_samples = 16384;
/// Slots of the global variant's hot-bin cache (tags and counts: 16 KB of shared memory).
inline constexpr int histogram_cache_slots = 2048;
/// Host private copies may take at most this much memory.
inline constexpr std::size_t histogram_host_copy_budget = std::size_t{1} << 30;
/// Host private copies are taken on more than one thread only with at least this many samples per
/// counter of all copies. With fewer, the copies' zeroing and merge outweigh the atomics they save:
/// 4,194,304 bins of 2^24 uniform ints on two threads (copies * nbins = samples / 2) ran at 0.75
/// of the plain atomic kernel on a 2-core CI machine, and on 16 cores of an H200 machine at 0.92
/// with 8 threads and 0.45 with 16 (perf_tests/results/2026-11-29_H200_openmp_threads/).
inline constexpr std::int64_t histogram_samples_per_copied_bin = 4;
/// log2 of the bins in one part of the host partitioned variant: 65,536 bins, 256 KiB of 32-bit
/// counters (512 KiB of 64-bit), inside a core's L2 (2 MiB on the EPYC and Xeon machines measured),
/// and a bin's place in its part fits the sort's 16 bits.
inline constexpr int histogram_host_part_shift = 16;

/// A warp whose step holds fewer distinct bins than this aggregates its next steps.
inline constexpr int histogram_aggregate_below = 24;

}  // namespace Impl
}  // namespace KokkosTile
