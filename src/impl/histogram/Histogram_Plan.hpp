// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// How a histogram call will run: the variant, and its launch shape where it has one. Plans are
// made from device queries only (no timing). plan_histogram does not throw for resources: a
// variant that cannot hold the bins here comes back as a refusal with its reason, which
// histogram_plan turns into a ResourceError and histogram_capacity into "does not fit".

#include <Kokkos_Core.hpp>

#include "KokkosTile_Assert.hpp"
#include "KokkosTile_Cluster.hpp"
#include "KokkosTile_HistogramOptions.hpp"
#include "impl/core/Core_BackendTraits.hpp"
#include "impl/core/Core_LaunchDefaults.hpp"
#include "impl/histogram/Histogram_ClusterKernel.hpp"
#include "impl/histogram/Histogram_Common.hpp"
#include "impl/histogram/Histogram_DeviceKernels.hpp"
#include "impl/histogram/Histogram_Tuning.hpp"

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

namespace KokkosTile {
namespace Impl {

template <class ExecSpace>
constexpr bool histogram_on_cuda() {
  return is_cuda<ExecSpace>();
}

/// Words of the shared variant's block: nbins 32-bit counters in whole rows of 32 (bank_swizzle).
inline std::int64_t shared_histogram_words(std::int64_t nbins) {
  return (nbins + 31) / 32 * 32;
}
inline std::size_t shared_histogram_bytes(std::int64_t nbins) {
  return static_cast<std::size_t>(shared_histogram_words(nbins)) * sizeof(unsigned);
}

template <class ExecSpace>
int histogram_copies(const ExecSpace& space) {
  return std::max(1, static_cast<int>(space.concurrency()));
}

inline int resolve_cluster_design(Experimental::ClusterHistogramDesign design) {
  switch (design) {
    case Experimental::ClusterHistogramDesign::staged:
      return cluster_design_staged;
    case Experimental::ClusterHistogramDesign::remote_atomics:
      return cluster_design_remote_atomics;
    default:
      return cluster_design_remote_or_global;
  }
}

/// The aggregation mode of a variant (and cluster design): see WarpAggregation.
inline int resolve_aggregation(Experimental::WarpAggregation requested, HistogramVariant variant,
                               int cluster_design) {
  if (variant == HistogramVariant::cluster && cluster_design == cluster_design_remote_or_global)
    return aggregate_adaptive;  // its probe decides between DSM and global atomics
  switch (requested) {
    case Experimental::WarpAggregation::never:
      return aggregate_never;
    case Experimental::WarpAggregation::adaptive:
      return aggregate_adaptive;
    case Experimental::WarpAggregation::always:
      return aggregate_always;
    default:
      break;
  }
  if (variant == HistogramVariant::cluster && cluster_design == cluster_design_remote_atomics)
    return aggregate_adaptive;
  return aggregate_never;
}

/// The cluster shape for nbins on this instance: the candidate cluster sizes (the requested one,
/// else 2, 4, 8, 16) whose blocks fit, the one with the most resident blocks (ties: fewer blocks
/// per cluster, so fewer samples cross to other blocks). cluster_size 0 when none fits.
template <class ExecSpace>
ClusterHistogramShape choose_cluster_shape(const ExecSpace& space, std::int64_t nbins,
                                           const HistogramOptions& options,
                                           const Experimental::HistogramTuning& tuning, int V) {
  (void)tuning;  // read by the cluster shapes only
  (void)V;
  const bool host = is_host_backend<ExecSpace>();
  const int team = host ? 1 : histogram_cluster_team;
  const int round_samples = host ? histogram_host_round_samples : histogram_round_samples;
  const std::size_t limit = max_cluster_scratch_bytes(space);
  ClusterHistogramShape best;
  int best_blocks = 0;
  for (const int c : {2, 4, 8, 16}) {
    if (options.cluster_size != 0 && c != options.cluster_size)
      continue;
    const ClusterHistogramShape shape = cluster_histogram_shape(
        nbins, c, team, V, std::max(1, round_samples / V),
        resolve_cluster_design(tuning.cluster_design) == cluster_design_staged);
    if (shape.bytes > limit)
      continue;
    // The host emulation holds a cluster's scratch in host memory: the copies' budget applies.
    if (host && shape.bytes * static_cast<std::size_t>(c) > histogram_host_copy_budget)
      continue;
    const int active = max_active_clusters(space, c, team, shape.bytes, options.cluster_mode);
    // The host emulation runs any number of clusters in turn; one resident group is enough.
    if (active <= 0)
      continue;
    if (active * c > best_blocks) {
      best = shape;
      best_blocks = active * c;
    }
  }
  return best;
}

/// A plan, or why the requested variant cannot run here (`refusal` not empty).
struct HistogramPlanResult {
  HistogramPlan plan;
  ClusterHistogramShape cluster_shape;  // the cluster variant's whole shape, for the launch
  std::string refusal;
};

#define KOKKOSTILE_HISTOGRAM_REFUSE_UNLESS(condition, streamed_message) \
  do {                                                                  \
    if (!(condition)) {                                                 \
      std::ostringstream refusal_stream_;                               \
      refusal_stream_ << streamed_message;                              \
      result.refusal = refusal_stream_.str();                           \
      return result;                                                    \
    }                                                                   \
  } while (false)

/// The plan for nbins bins of `samples` samples with counter_bytes counters, V samples per packet
/// (the cluster shape depends on it). Invalid arguments throw; resources refuse.
template <class ExecSpace>
HistogramPlanResult plan_histogram(const ExecSpace& space, std::int64_t nbins, std::int64_t samples,
                                   std::size_t counter_bytes, const HistogramOptions& options,
                                   const Experimental::HistogramTuning& tuning, int V) {
  const std::string call = "KokkosTile::histogram_plan";
  KOKKOSTILE_EXPECT(nbins >= 1 && nbins <= INT_MAX, InvalidArgument, call,
                    "nbins is " << nbins << "; it must be in [1, " << INT_MAX << "]");
  KOKKOSTILE_EXPECT(counter_bytes == 4 || counter_bytes == 8, InvalidArgument, call,
                    "counters are 4 or 8 bytes, not " << counter_bytes);
  KOKKOSTILE_EXPECT(options.cluster_size == 0 || options.cluster_size == 2 ||
                        options.cluster_size == 4 || options.cluster_size == 8 ||
                        options.cluster_size == 16,
                    InvalidArgument, call,
                    "cluster_size " << options.cluster_size << " is not 0 (choose), 2, 4, 8 or 16");
  const HistogramVariant forced = options.variant;
  const bool want_shared =
      forced == HistogramVariant::automatic || forced == HistogramVariant::shared;
  // `automatic` never takes the cluster variant: on the H200, global atomics with the hot-bin
  // cache beat every cluster design at every bin count a cluster holds and a block does not, on
  // uniform and on skewed input (perf_tests/results/2026-11-21_H200_histogram/README.md, commit
  // 8dafe1b).
  const bool want_cluster = forced == HistogramVariant::cluster;
  HistogramPlanResult result;
  HistogramPlan& plan = result.plan;

  if constexpr (is_host_backend<ExecSpace>()) {
    const int copies = histogram_copies(space);
    const std::size_t copy_bytes =
        static_cast<std::size_t>(copies) * static_cast<std::size_t>(nbins) * counter_bytes;
    const bool copies_fit = copy_bytes <= histogram_host_copy_budget;
    // Copies cost zeroing and merging copies * nbins counters besides the samples' increments.
    const bool copies_pay = copies == 1 || static_cast<std::int64_t>(copies) * nbins *
                                                   histogram_samples_per_copied_bin <=
                                               std::max<std::int64_t>(samples, 1);
    if (forced == HistogramVariant::shared ||
        (forced == HistogramVariant::automatic && copies_fit && copies_pay)) {
      KOKKOSTILE_HISTOGRAM_REFUSE_UNLESS(
          copies_fit, "private copies of " << nbins << " bins for " << copies << " threads need "
                                           << copy_bytes << " bytes, more than the "
                                           << histogram_host_copy_budget << " bytes allowed on "
                                           << ExecSpace::name());
      plan.variant = HistogramVariant::shared;
      plan.copies = copies;
      return result;
    }
    // Past one part's bins the counters outgrow a thread's cache, and an atomic per sample then
    // misses it: sorting the samples' bins by part costs three streaming passes instead. The sort
    // holds one 16-bit bin per sample.
    const std::size_t sort_bytes =
        static_cast<std::size_t>(std::max<std::int64_t>(samples, 0)) * sizeof(std::uint16_t);
    const bool partitions_pay = copies > 1 &&
                                nbins > (std::int64_t{1} << histogram_host_part_shift) &&
                                sort_bytes <= histogram_host_copy_budget;
    if (forced == HistogramVariant::partitioned ||
        (forced == HistogramVariant::automatic && partitions_pay)) {
      plan.variant = HistogramVariant::partitioned;
      plan.copies = copies;
      return result;
    }
    if (forced == HistogramVariant::cluster) {
      const ClusterHistogramShape shape = choose_cluster_shape(space, nbins, options, tuning, V);
      KOKKOSTILE_HISTOGRAM_REFUSE_UNLESS(
          shape.cluster_size != 0,
          nbins << " bins fit no cluster" << (options.cluster_size ? " of the requested size" : "")
                << " on " << ExecSpace::name() << ": a block may have "
                << max_cluster_scratch_bytes(space) << " bytes of scratch");
      plan.variant = HistogramVariant::cluster;
      plan.cluster_size = shape.cluster_size;
      result.cluster_shape = shape;
      plan.team_size = shape.team_size;
      plan.scratch_bytes = shape.bytes;
      return result;
    }
    plan.variant = HistogramVariant::global_atomics;
    return result;
  } else if constexpr (histogram_on_cuda<ExecSpace>()) {
    KOKKOSTILE_HISTOGRAM_REFUSE_UNLESS(forced != HistogramVariant::partitioned,
                                       "partitioned histograms run on the host backends; on CUDA "
                                       "the cluster variant splits the bins instead");
    const std::size_t limit = max_cluster_scratch_bytes(space);
    const std::size_t shared_bytes = shared_histogram_bytes(nbins);
    if (want_shared && shared_bytes <= limit) {
      plan.variant = HistogramVariant::shared;
      plan.team_size = histogram_shared_team;
      plan.scratch_bytes = shared_bytes;
      return result;
    }
    KOKKOSTILE_HISTOGRAM_REFUSE_UNLESS(
        forced != HistogramVariant::shared,
        nbins << " bins need " << shared_bytes << " bytes of scratch in one block, more than the "
              << limit << " bytes a block may have on this CUDA device");
    if (want_cluster) {
      const ClusterHistogramShape shape = choose_cluster_shape(space, nbins, options, tuning, V);
      if (shape.cluster_size != 0) {
        plan.variant = HistogramVariant::cluster;
        plan.cluster_size = shape.cluster_size;
        result.cluster_shape = shape;
        plan.team_size = shape.team_size;
        plan.scratch_bytes = shape.bytes;
        return result;
      }
      KOKKOSTILE_HISTOGRAM_REFUSE_UNLESS(
          forced != HistogramVariant::cluster,
          nbins << " bins fit no cluster" << (options.cluster_size ? " of the requested size" : "")
                << " on this CUDA device: a block may have " << limit
                << " bytes of scratch and clusters have at most 16 blocks ("
                << max_cluster_size(space, histogram_cluster_team, limit, options.cluster_mode)
                << " here)");
    }
    plan.variant = HistogramVariant::global_atomics;
    plan.team_size = histogram_global_team;
    return result;
  } else {
    (void)space;
    (void)samples;
    KOKKOSTILE_HISTOGRAM_REFUSE_UNLESS(
        forced == HistogramVariant::automatic || forced == HistogramVariant::global_atomics,
        to_string(forced) << " histograms run on the host backends and CUDA; " << ExecSpace::name()
                          << " has global_atomics only");
    plan.variant = HistogramVariant::global_atomics;
    return result;
  }
}

#undef KOKKOSTILE_HISTOGRAM_REFUSE_UNLESS

}  // namespace Impl
}  // namespace KokkosTile
