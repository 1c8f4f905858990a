// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// What a histogram call may choose (HistogramOptions) and what it will run (HistogramPlan); see
// KokkosTile_Histogram.hpp for the calls. Knobs that exist to measure designs, not to use them,
// are in KokkosTile::Experimental::HistogramTuning and reach the kernels only through
// KokkosTile::Experimental::histogram.

#include "KokkosTile_ClusterMode.hpp"

#include <cstddef>

namespace KokkosTile {

enum class HistogramVariant { automatic, shared, cluster, global_atomics, partitioned };

inline const char* to_string(HistogramVariant variant) {
  switch (variant) {
    case HistogramVariant::automatic:
      return "automatic";
    case HistogramVariant::shared:
      return "shared";
    case HistogramVariant::cluster:
      return "cluster";
    case HistogramVariant::global_atomics:
      return "global_atomics";
    case HistogramVariant::partitioned:
      return "partitioned";
  }
  return "unknown";
}

struct HistogramOptions {
  HistogramVariant variant = HistogramVariant::automatic;
  /// Add to the counts instead of overwriting them.
  bool accumulate = false;
  /// Blocks per cluster for the cluster variant (2, 4, 8 or 16); 0 lets the plan choose.
  int cluster_size = 0;
  /// How cluster launches run (ClusterMode::emulated runs the emulation on a Hopper GPU too).
  ClusterMode cluster_mode = ClusterMode::automatic;
};

/// What a histogram call runs: the variant and, where it has them, its launch shape.
struct HistogramPlan {
  HistogramVariant variant = HistogramVariant::global_atomics;
  int cluster_size = 1;           // blocks per cluster (cluster variant), else 1
  int team_size = 1;              // threads per team or block
  std::size_t scratch_bytes = 0;  // per team or block (shared, cluster)
  int copies = 0;                 // host private copies (shared), or threads (partitioned)
};

namespace Experimental {

/// Warp aggregation of equal bins (__match_any_sync, one atomic per distinct bin of a warp step).
/// `automatic`: never for shared (its shared-memory atomics absorb equal addresses well and the
/// match costs more than it saves), never for global_atomics (its hot-bin cache takes the repeated
/// bins), adaptive for the cluster designs that send atomics to other blocks. `adaptive` matches
/// the first sample of each step and aggregates the rest of the step only when the warp holds few
/// distinct bins.
enum class WarpAggregation { automatic, never, adaptive, always };

/// How the cluster variant moves samples to the block that owns their bin (see
/// impl/histogram/Histogram_ClusterKernel.hpp); `automatic` is remote_or_global.
enum class ClusterHistogramDesign { automatic, staged, remote_atomics, remote_or_global };

/// Design knobs of the CUDA histogram kernels, kept to measure the designs against each other
/// (perf_tests/Bench_Histogram.cpp) and to test every one of them. The defaults are what
/// KokkosTile::histogram runs.
struct HistogramTuning {
  WarpAggregation warp_aggregation = WarpAggregation::automatic;
  ClusterHistogramDesign cluster_design = ClusterHistogramDesign::automatic;
  /// global_atomics on CUDA: a per-block cache of hot bins in shared memory.
  bool hot_bin_cache = true;
};

}  // namespace Experimental
}  // namespace KokkosTile
