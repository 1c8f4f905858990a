// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// How KokkosTile::histogram runs a plan. The call is planned once (plan_histogram, with the
// sample type's packet width); for device kernels the launch is then worked out once, with the
// kernel's own occupancy (HistogramLaunch: league, team, scratch bytes, passes, cluster shape,
// design, aggregation), and carried out without querying the device again.

#include <Kokkos_Core.hpp>

#include "impl/core/Core_InternalAllocation.hpp"
#include "KokkosTile_Assert.hpp"
#include "KokkosTile_Cluster.hpp"
#include "KokkosTile_HistogramOptions.hpp"
#include "impl/core/Core_CudaDevice.hpp"
#include "impl/core/Core_LaunchDefaults.hpp"
#include "impl/core/Core_ViewChecks.hpp"
#include "impl/histogram/Histogram_ClusterKernel.hpp"
#include "impl/histogram/Histogram_Common.hpp"
#include "impl/histogram/Histogram_DeviceKernels.hpp"
#include "impl/histogram/Histogram_Host.hpp"
#include "impl/histogram/Histogram_HostPartitioned.hpp"
#include "impl/histogram/Histogram_Plan.hpp"
#include "impl/histogram/Histogram_Tuning.hpp"

#include <algorithm>
#include <cstddef>
#include <climits>
#include <cstdint>
#include <string>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

template <class ExecSpace, class SampleView, class CountView>
constexpr void check_histogram_views() {
  static_assert(Kokkos::is_view<SampleView>::value && Kokkos::is_view<CountView>::value,
                "KokkosTile::histogram needs Kokkos::Views");
  static_assert(SampleView::rank() >= 1, "KokkosTile::histogram needs a View of samples");
  static_assert(CountView::rank() == 1, "KokkosTile::histogram needs a rank-1 View of counts");
  using count_type = typename CountView::value_type;
  static_assert(std::is_same_v<count_type, typename CountView::non_const_value_type>,
                "KokkosTile::histogram: the counts View must not be const");
  static_assert(std::is_integral_v<count_type> && std::is_unsigned_v<count_type> &&
                    (sizeof(count_type) == 4 || sizeof(count_type) == 8),
                "KokkosTile::histogram counts in unsigned 32-bit or 64-bit integers");
  static_assert(
      Kokkos::SpaceAccessibility<ExecSpace, typename SampleView::memory_space>::accessible &&
          Kokkos::SpaceAccessibility<ExecSpace, typename CountView::memory_space>::accessible,
      "KokkosTile::histogram: the execution space cannot access the Views' memory");
}

/// Samples of a LayoutLeft/LayoutRight View are contiguous: they are read as 16-byte packets.
template <class SampleView>
constexpr int histogram_packet_width() {
  using layout = typename SampleView::array_layout;
  constexpr bool contiguous =
      std::is_same_v<layout, Kokkos::LayoutLeft> || std::is_same_v<layout, Kokkos::LayoutRight>;
  return contiguous ? packet_width<typename SampleView::non_const_value_type>() : 1;
}

template <int V, class SampleView>
SampleSplit split_samples(const SampleView& samples) {
  using T = typename SampleView::non_const_value_type;
  SampleSplit split;
  split.n = static_cast<std::int64_t>(samples.extent(0));
  if constexpr (V == 1) {
    split.packets = split.n;
  } else {
    const auto address = reinterpret_cast<std::uintptr_t>(samples.data());
    const std::int64_t misaligned = static_cast<std::int64_t>(address % 16);
    std::int64_t head = 0;
    if (misaligned % static_cast<std::int64_t>(sizeof(T)) != 0)
      head = split.n;  // cannot happen with Kokkos' allocations; then every sample is scalar
    else if (misaligned != 0)
      head = (16 - misaligned) / static_cast<std::int64_t>(sizeof(T));
    split.head = std::min(head, split.n);
    split.packets = (split.n - split.head) / V;
    split.extras = static_cast<int>(split.n - split.packets * V);
  }
  return split;
}

/// Packets per pass: each block then counts fewer than 2^32 samples (its 32-bit counters cannot
/// wrap before the flush), including the samples its cluster's other blocks send it.
inline std::int64_t histogram_pass_packets(int league, int cluster, int V) {
  return std::max<std::int64_t>(
      1, static_cast<std::int64_t>(league / cluster) *
             std::max<std::int64_t>(1, histogram_samples_per_block_pass() / V));
}

/// A device histogram's whole launch, worked out once from the plan and the kernel's occupancy.
struct HistogramLaunch {
  HistogramVariant variant = HistogramVariant::global_atomics;
  int league = 1;               // teams (shared, global_atomics)
  int team = 1;                 // threads per team or block
  std::size_t bytes = 0;        // scratch per team or block
  std::int64_t per_pass = 1;    // packets per pass (shared, cluster)
  int aggregation = 0;          // aggregate_never, _adaptive or _always
  int cache_slots = 0;          // global_atomics: hot-bin cache slots
  int design = 0;               // cluster: cluster_design_*
  int clusters = 0;             // cluster: resident clusters
  ClusterHistogramShape shape;  // cluster
};

template <class ExecSpace, class Source, class Binner, class CountView, int V>
HistogramLaunch plan_device_launch(const std::string& label, const ExecSpace& space,
                                   const HistogramPlanResult& planned,
                                   const HistogramOptions& options,
                                   const Experimental::HistogramTuning& tuning) {
  const HistogramPlan& plan = planned.plan;
  HistogramLaunch launch;
  launch.variant = plan.variant;
  if constexpr (!is_host_backend<ExecSpace>()) {
    if (plan.variant == HistogramVariant::global_atomics) {
      using kernel = GlobalHistogramKernel<ExecSpace, Source, Binner, CountView, V>;
      launch.team = plan.team_size;
      launch.cache_slots = tuning.hot_bin_cache ? histogram_cache_slots : 0;
      launch.bytes = 2 * static_cast<std::size_t>(launch.cache_slots) * sizeof(unsigned);
      launch.league = std::max(1, max_active_clusters<kernel>(space, 1, launch.team, launch.bytes));
      launch.aggregation = resolve_aggregation(tuning.warp_aggregation, plan.variant, 0);
      return launch;
    }
    if (plan.variant == HistogramVariant::shared) {
      using kernel = SharedHistogramKernel<ExecSpace, Source, Binner, CountView, V>;
      int team = plan.team_size;
      const std::size_t bytes = plan.scratch_bytes;
      int league = max_active_clusters<kernel>(space, 1, team, bytes);
      // A kernel with more registers than a block of `team` threads can have runs narrower.
      for (; league == 0 && team > 128; team /= 2)
        league = max_active_clusters<kernel>(space, 1, team / 2, bytes);
      // When the bins leave room for one block per multiprocessor, that block should be as wide as
      // the kernel's registers allow: latency, not atomics, limits it (1.5 TB/s with 512 threads at
      // 49,152 bins on the H200, against 2.6 TB/s with three blocks at 16,384).
      int multiprocessors = 0;
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
      if constexpr (histogram_on_cuda<ExecSpace>())
        multiprocessors = cuda_device_limits(label, space.cuda_device()).multiprocessors;
#endif
      if (league > 0 && league <= multiprocessors && team < 1024) {
        const int wide = max_active_clusters<kernel>(space, 1, 1024, bytes);
        if (wide >= league) {
          team = 1024;
          league = wide;
        }
      }
      launch.team = team;
      launch.league = std::max(1, league);
      launch.bytes = bytes;
      launch.per_pass = histogram_pass_packets(launch.league, 1, V);
      launch.aggregation = resolve_aggregation(tuning.warp_aggregation, plan.variant, 0);
      return launch;
    }
  }
  // Cluster: the shape the plan chose for this sample type's packets.
  using kernel = ClusterHistogramKernel<ExecSpace, Source, Binner, CountView, V>;
  launch.design = resolve_cluster_design(tuning.cluster_design);
  launch.shape = planned.cluster_shape;
  launch.clusters =
      max_active_clusters<kernel>(space, launch.shape.cluster_size, launch.shape.team_size,
                                  launch.shape.bytes, options.cluster_mode);
  KOKKOSTILE_EXPECT(launch.clusters > 0, ResourceError, label,
                    "no cluster of " << launch.shape.cluster_size << " blocks of "
                                     << launch.shape.team_size << " threads with "
                                     << launch.shape.bytes
                                     << " bytes of scratch each can run here");
  launch.aggregation = resolve_aggregation(tuning.warp_aggregation, plan.variant, launch.design);
  return launch;
}

template <class ExecSpace, class SampleView, class CountView, class Binner>
void run_device_histogram(const std::string& label, const ExecSpace& space,
                          const SampleView& samples, const CountView& counts, const Binner& binner,
                          const HistogramPlanResult& planned, const HistogramOptions& options,
                          const Experimental::HistogramTuning& tuning) {
  constexpr int V = histogram_packet_width<SampleView>();
  using source_type = SampleSource<SampleView, V>;
  const SampleSplit split = split_samples<V>(samples);
  const source_type source{samples, samples.data(), split.head};
  const int nbins = static_cast<int>(counts.extent(0));
  const HistogramLaunch launch = plan_device_launch<ExecSpace, source_type, Binner, CountView, V>(
      label, space, planned, options, tuning);

  // Host backends count shared and global_atomics without these kernels (run_histogram).
  if constexpr (!is_host_backend<ExecSpace>()) {
    if (launch.variant == HistogramVariant::global_atomics) {
      using kernel = GlobalHistogramKernel<ExecSpace, source_type, Binner, CountView, V>;
      parallel_for_large_scratch(
          label, LargeScratchPolicy<ExecSpace>(space, launch.league, launch.team, launch.bytes),
          kernel{source, binner, counts, split, 0, split.packets, true, launch.aggregation,
                 launch.cache_slots});
      return;
    }
    if (launch.variant == HistogramVariant::shared) {
      using kernel = SharedHistogramKernel<ExecSpace, source_type, Binner, CountView, V>;
      for (std::int64_t begin = 0; begin < split.packets || begin == 0; begin += launch.per_pass) {
        const std::int64_t end = std::min(split.packets, begin + launch.per_pass);
        parallel_for_large_scratch(
            label, LargeScratchPolicy<ExecSpace>(space, launch.league, launch.team, launch.bytes),
            kernel{source, binner, counts, split, begin, end, begin == 0, launch.aggregation,
                   static_cast<int>(shared_histogram_words(nbins)), nbins});
      }
      return;
    }
  }
  using kernel = ClusterHistogramKernel<ExecSpace, source_type, Binner, CountView, V>;
  const ClusterHistogramShape& shape = launch.shape;
  const bool staged = launch.design == cluster_design_staged;
  auto policy = ClusterPolicy<ExecSpace>::from_clusters(space, launch.clusters, shape.cluster_size,
                                                        shape.team_size, shape.bytes);
  policy.set_mode(options.cluster_mode);
  const std::int64_t threads = static_cast<std::int64_t>(policy.league_size()) *
                               (is_host_backend<ExecSpace>() ? 1 : shape.team_size);
  const std::int64_t per_pass = histogram_pass_packets(policy.league_size(), shape.cluster_size, V);
  for (std::int64_t begin = 0; begin < split.packets || begin == 0; begin += per_pass) {
    const std::int64_t end = std::min(split.packets, begin + per_pass);
    int per_round = shape.per_round;
    int rounds = 1;
    if (staged) {
      rounds = static_cast<int>(std::max<std::int64_t>(
          1, ceil_div(end - begin, threads * static_cast<std::int64_t>(per_round))));
    } else {
      per_round = static_cast<int>(std::max<std::int64_t>(1, ceil_div(end - begin, threads)));
    }
    parallel_for_cluster(label, policy,
                         kernel{source, binner, counts, split, begin, end, begin == 0,
                                launch.aggregation, launch.design, nbins, shape.slice,
                                shape.slice_padded, shape.cap, per_round, rounds});
  }
}

/// The label of histogram() when the caller gives none; its kernels then carry the variant too.
inline constexpr const char* default_histogram_label = "KokkosTile::histogram";

/// Counts `samples` into `counts` (kernel Views) for a call histogram_checked validated; `call`
/// names it in errors, and in Kokkos Tools as the caller's label or
/// "KokkosTile::histogram<variant>".
template <class ExecSpace, class SampleView, class CountView, class Binner>
void run_histogram(const std::string& call, const ExecSpace& space, const SampleView& samples,
                   const CountView& counts, const Binner& binner, const HistogramOptions& options,
                   const Experimental::HistogramTuning& tuning) {
  using count_type = typename CountView::non_const_value_type;
  const std::int64_t nbins = static_cast<std::int64_t>(counts.extent(0));
  const std::int64_t n = static_cast<std::int64_t>(samples.extent(0));
  constexpr int V = histogram_packet_width<SampleView>();
  const HistogramPlanResult planned =
      plan_histogram(space, nbins, n, sizeof(count_type), options, tuning, V);
  KOKKOSTILE_EXPECT(planned.refusal.empty(), ResourceError, call, planned.refusal);
  const HistogramPlan& plan = planned.plan;
  const std::string label =
      call == default_histogram_label ? call + "<" + to_string(plan.variant) + ">" : call;

  if constexpr (is_host_backend<ExecSpace>()) {
    if (plan.variant == HistogramVariant::shared) {
      using copies_type =
          Kokkos::View<count_type**, Kokkos::LayoutRight, typename ExecSpace::memory_space>;
      const int parts = plan.copies;
      const copies_type copies = allocate_internal(
          call, "the private copies of the bins",
          std::size_t(parts) * std::size_t(nbins) * sizeof(count_type), [&] {
            return copies_type(Kokkos::view_alloc(Kokkos::WithoutInitializing, label + "::copies"),
                               parts, nbins);
          });
      Kokkos::parallel_for(label, Kokkos::RangePolicy<ExecSpace>(space, 0, parts),
                           HostPrivateCount<SampleView, Binner, copies_type>{
                               samples, binner, copies, n, parts, static_cast<int>(nbins)});
      Kokkos::parallel_for(
          label, Kokkos::RangePolicy<ExecSpace>(space, 0, nbins),
          HostPrivateSum<CountView, copies_type>{counts, copies, parts, options.accumulate});
      return;
    }
    if (plan.variant == HistogramVariant::partitioned) {
      run_host_partitioned(call, label, space, samples, counts, binner, plan.copies,
                           options.accumulate);
      return;
    }
  }
  if (!options.accumulate)
    Kokkos::deep_copy(space, counts, count_type(0));
  if (n == 0)
    return;
  if constexpr (is_host_backend<ExecSpace>()) {
    if (plan.variant == HistogramVariant::global_atomics) {
      Kokkos::parallel_for(
          label, Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>(space, 0, n),
          HostAtomicCount<SampleView, Binner, CountView>{samples, binner, counts});
      return;
    }
    run_device_histogram(label, space, samples, counts, binner, planned, options, tuning);
  } else if constexpr (histogram_on_cuda<ExecSpace>()) {
    run_device_histogram(label, space, samples, counts, binner, planned, options, tuning);
  } else {
    Kokkos::parallel_for(
        label, Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>(space, 0, n),
        HostAtomicCount<SampleView, Binner, CountView>{samples, binner, counts});
  }
}

/// The samples as the kernels see them: a rank-1 View as kernel View (contiguous or strided),
/// a View of higher rank (an image, a field) as its elements in memory order, which must be
/// contiguous.
template <class SampleView>
auto histogram_samples_view(const std::string& call, const SampleView& samples) {
  if constexpr (SampleView::rank() == 1) {
    return input_kernel_view_1d(samples);
  } else {
    KOKKOSTILE_EXPECT(samples.span_is_contiguous(), InvalidArgument, call,
                      "samples of rank " << SampleView::rank()
                                         << " are read as one array and must be contiguous (a "
                                            "whole View, not a strided subview)");
    return KernelView1D<typename SampleView::const_value_type, Kokkos::LayoutRight,
                        typename SampleView::memory_space>(samples.data(), samples.size());
  }
}

/// Everything histogram() checks before it counts, then the count: `binner` as made by
/// make_binner(nbins) once the bins are known to be valid.
template <class ExecSpace, class SampleView, class CountView, class MakeBinner>
void histogram_checked(const std::string& call, const ExecSpace& space, const SampleView& samples,
                       const CountView& counts, const MakeBinner& make_binner,
                       const HistogramOptions& options,
                       const Experimental::HistogramTuning& tuning) {
  const int variant = static_cast<int>(options.variant);
  KOKKOSTILE_EXPECT(variant >= static_cast<int>(HistogramVariant::automatic) &&
                        variant <= static_cast<int>(HistogramVariant::partitioned),
                    InvalidArgument, call, "variant " << variant << " is not a HistogramVariant");
  KOKKOSTILE_EXPECT(counts.extent(0) >= 1 && counts.extent(0) <= INT_MAX, InvalidArgument, call,
                    "counts has " << counts.extent(0) << " bins; it needs 1 to " << INT_MAX);
  // The kernels see one View type per value type and memory space (contiguous or strided).
  const auto kernel_samples = histogram_samples_view(call, samples);
  const auto kernel_counts = output_kernel_view_1d(counts);
  KOKKOSTILE_EXPECT(counts.extent(0) < 2 || counts.stride(0) != 0, InvalidArgument, call,
                    "counts has stride 0: its " << counts.extent(0) << " bins are one element");
  expect_disjoint(call, kernel_samples, kernel_counts, "samples and counts", "");
  run_histogram(call, space, kernel_samples, kernel_counts,
                make_binner(static_cast<int>(counts.extent(0))), options, tuning);
}

}  // namespace Impl
}  // namespace KokkosTile
