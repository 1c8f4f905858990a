// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The histogram's tuning constants: team sizes, samples per round, the hot-bin cache, the host
// copies' memory budget and the warp-aggregation threshold. Histogram_Plan.hpp, the kernels and
// Histogram_Dispatch.hpp read them here.

#include <cstddef>

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
/// A warp whose step holds fewer distinct bins than this aggregates its next steps.
inline constexpr int histogram_aggregate_below = 24;

}  // namespace Impl
}  // namespace KokkosTile
