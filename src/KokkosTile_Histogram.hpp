#pragma once
// Histograms into a View of counts, in shared memory, distributed shared memory or global atomics:
//
//   KokkosTile::histogram(samples, counts);              // integer bins: counts.extent(0) bins
//   KokkosTile::histogram(samples, counts, 0.0, 1.0);    // float/double: even bins over [lo, hi)
//   KokkosTile::histogram(space, samples, counts, {KokkosTile::HistogramStrategy::cluster});
//
// Bins: integer samples (int, unsigned, int64, ...) count in bin `sample`, clamped: samples below 0
// count in bin 0, samples at or above nbins in the last bin. Floating-point samples count in bin
// floor((x - lo) * nbins / (hi - lo)) (computed in double); samples outside [lo, hi), NaN and
// infinities are dropped (as CUB's HistogramEven drops them).
//
// Counts: unsigned 32- or 64-bit, any layout and stride. The counts are overwritten (zeros where
// no sample falls) unless HistogramOptions::accumulate adds to them. Counters are unsigned and wrap
// modulo 2^32 (or 2^64) like CUB's: a 32-bit bin holds the true count modulo 2^32. Internal
// per-block counters are 32-bit and each block counts fewer than 2^30 samples per pass (longer
// inputs take several passes), so the wrap is the only overflow.
//
// Strategies (HistogramOptions::strategy; `automatic` asks histogram_plan, which reads the device):
//   shared          per-team private histograms in scratch (on CUDA up to the opt-in shared memory
//                   of a block, 227 KB on Hopper, through parallel_for_large_scratch), flushed into
//                   the counts skipping zero bins. On host backends: one private copy per thread,
//                   summed per bin (no atomics at all).
//   cluster         a thread block cluster holds the bins in distributed shared memory, each
//                   block a slice; designs remote_or_global (default), staged and remote_atomics
//                   (impl/histogram/Histogram_ClusterKernel.hpp). Emulated on host backends and
//                   pre-Hopper GPUs (correct, not fast).
//   global_atomics  atomics straight into the counts; on CUDA each block first tries a small cache
//                   of hot bins in its shared memory (claimed by the first samples that hash to a
//                   slot), so skewed inputs count their hot bins in shared memory.
// On CUDA `automatic` takes shared while the bins fit one block's opt-in shared memory (a device
// query), then global_atomics: measured on the H200, global atomics with the hot-bin cache beat
// every cluster design wherever a cluster holds the bins and a block does not (uniform: the DSM
// designs reach 0.69-1.05 of L2 atomics; skewed: the per-block cache beats same-address DSM atomics
// 3.6-6.8x), so the cluster strategy runs only when forced. On host backends
// it takes private copies unless they cost more than the samples (copies * nbins > 4 * samples on
// more than one thread) or more than 1 GiB, then atomics.
//
// Overloads taking an execution-space instance first are asynchronous on it (host backends
// finish before returning); the others use the samples View's execution space. Kernels are
// labelled "KokkosTile::histogram[<strategy>]".

#include <Kokkos_Core.hpp>
#include <Kokkos_Profiling_ScopedRegion.hpp>

#include "KokkosTile_Assert.hpp"
#include "KokkosTile_Cluster.hpp"
#include "impl/histogram/Histogram_ClusterKernel.hpp"
#include "impl/histogram/Histogram_Common.hpp"
#include "impl/histogram/Histogram_DeviceKernels.hpp"
#include "impl/core/Core_LaunchDefaults.hpp"
#include "impl/core/Core_ViewChecks.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

namespace KokkosTile {

enum class HistogramStrategy { automatic, shared, cluster, global_atomics };

inline const char* to_string(HistogramStrategy strategy) {
  switch (strategy) {
    case HistogramStrategy::automatic:
      return "automatic";
    case HistogramStrategy::shared:
      return "shared";
    case HistogramStrategy::cluster:
      return "cluster";
    case HistogramStrategy::global_atomics:
      return "global_atomics";
  }
  return "unknown";
}

/// Warp aggregation of equal bins (__match_any_sync, one atomic per distinct bin of a warp step).
/// `automatic`: never for shared (its shared-memory atomics absorb equal addresses well and the
/// match costs more than it saves), never for global_atomics (its hot-bin cache takes the repeated
/// bins), adaptive for the cluster designs that send atomics to other blocks. `adaptive` matches
/// the first sample of each step and aggregates the rest of the step only when the warp holds few
/// distinct bins.
enum class WarpAggregation { automatic, never, adaptive, always };

/// How the cluster strategy moves samples to the block that owns their bin (see
/// impl/histogram/Histogram_ClusterKernel.hpp); `automatic` is remote_or_global.
enum class ClusterHistogramDesign { automatic, staged, remote_atomics, remote_or_global };

struct HistogramOptions {
  HistogramStrategy strategy = HistogramStrategy::automatic;
  /// Add to the counts instead of overwriting them.
  bool accumulate = false;
  /// Blocks per cluster for the cluster strategy (2, 4, 8 or 16); 0 lets the plan choose.
  int cluster_size = 0;
  /// How cluster launches run (ClusterMode::emulated tests the emulation on a Hopper GPU).
  ClusterMode cluster_mode = ClusterMode::automatic;
  /// CUDA kernels: warp aggregation (kept selectable to measure it).
  WarpAggregation warp_aggregation = WarpAggregation::automatic;
  /// Cluster strategy: how samples reach the block that owns their bin.
  ClusterHistogramDesign cluster_design = ClusterHistogramDesign::automatic;
  /// global_atomics on CUDA: a per-block cache of hot bins in shared memory (off to measure).
  bool hot_bin_cache = true;
};

/// What a histogram call runs: the strategy and, where it has them, its launch shape.
struct HistogramPlan {
  HistogramStrategy strategy = HistogramStrategy::global_atomics;
  int cluster_size = 1;           // blocks per cluster (cluster strategy), else 1
  int team_size = 1;              // threads per team or block
  std::size_t scratch_bytes = 0;  // per team or block (shared, cluster)
  int copies = 0;                 // host private copies (shared on host backends)
};

namespace Impl {

inline constexpr int histogram_shared_team = 512;
inline constexpr int histogram_cluster_team = 256;
inline constexpr int histogram_global_team = 256;
/// Samples per thread and staged round on devices (packets of 4 ints: 2 packets).
inline constexpr int histogram_round_samples = 8;
/// Host cluster emulation: a block is one thread; long rounds amortise its barriers.
inline constexpr int histogram_host_round_samples = 16384;
/// Slots of the global strategy's hot-bin cache (tags and counts: 16 KB of shared memory).
inline constexpr int histogram_cache_slots = 2048;
/// Host private copies may take at most this much memory.
inline constexpr std::size_t histogram_host_copy_budget = std::size_t{1} << 30;

template <class ExecSpace>
constexpr bool histogram_on_cuda() {
#ifdef KOKKOS_ENABLE_CUDA
  return std::is_same_v<ExecSpace, Kokkos::Cuda>;
#else
  return false;
#endif
}

/// Words of the shared strategy's block: nbins 32-bit counters in whole rows of 32 (bank_swizzle).
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

inline int resolve_cluster_design(ClusterHistogramDesign design) {
  switch (design) {
    case ClusterHistogramDesign::staged:
      return cluster_design_staged;
    case ClusterHistogramDesign::remote_atomics:
      return cluster_design_remote_atomics;
    default:
      return cluster_design_remote_or_global;
  }
}

/// The aggregation mode of a strategy (and cluster design): see WarpAggregation.
inline int resolve_aggregation(WarpAggregation requested, HistogramStrategy strategy,
                               int cluster_design) {
  if (strategy == HistogramStrategy::cluster && cluster_design == cluster_design_remote_or_global)
    return aggregate_adaptive;  // its probe decides between DSM and global atomics
  switch (requested) {
    case WarpAggregation::never:
      return aggregate_never;
    case WarpAggregation::adaptive:
      return aggregate_adaptive;
    case WarpAggregation::always:
      return aggregate_always;
    default:
      break;
  }
  if (strategy == HistogramStrategy::cluster && cluster_design == cluster_design_remote_atomics)
    return aggregate_adaptive;
  return aggregate_never;
}

/// The cluster shape for nbins on this instance: the candidate cluster sizes (the requested one,
/// else 2, 4, 8, 16) whose blocks fit, the one with the most resident blocks (ties: fewer blocks
/// per cluster, so fewer samples cross to other blocks). cluster_size 0 when none fits.
template <class ExecSpace>
ClusterHistogramShape choose_cluster_shape(const ExecSpace& space, std::int64_t nbins,
                                           const HistogramOptions& options, int V) {
  const bool host = runs_on_host<ExecSpace>();
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
        resolve_cluster_design(options.cluster_design) == cluster_design_staged);
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

}  // namespace Impl

/// How histogram() would count nbins bins of `samples` samples with counters of counter_bytes
/// (4 or 8) on this instance: the automatic choice, or the forced strategy's shape. Throws
/// ResourceError when a forced strategy cannot hold nbins here, naming the need and the limit.
/// On CUDA the answer does not depend on `samples`.
template <class ExecSpace>
HistogramPlan histogram_plan(const ExecSpace& space, std::int64_t nbins, std::int64_t samples,
                             std::size_t counter_bytes = 4, const HistogramOptions& options = {}) {
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
  const HistogramStrategy forced = options.strategy;
  const bool want_shared =
      forced == HistogramStrategy::automatic || forced == HistogramStrategy::shared;
  // `automatic` never takes the cluster strategy: on the H200, global atomics with the hot-bin
  // cache beat every cluster design at every bin count a cluster holds and a block does not, on
  // uniform and on skewed input (perf_tests/results/2026-11-21_H200_histogram/README.md).
  const bool want_cluster = forced == HistogramStrategy::cluster;
  HistogramPlan plan;

  if constexpr (Impl::runs_on_host<ExecSpace>()) {
    const int copies = Impl::histogram_copies(space);
    const std::size_t copy_bytes =
        static_cast<std::size_t>(copies) * static_cast<std::size_t>(nbins) * counter_bytes;
    const bool copies_fit = copy_bytes <= Impl::histogram_host_copy_budget;
    const bool copies_pay = copies == 1 || static_cast<std::int64_t>(copies) * nbins <=
                                               4 * std::max<std::int64_t>(samples, 1);
    if (forced == HistogramStrategy::shared ||
        (forced == HistogramStrategy::automatic && copies_fit && copies_pay)) {
      KOKKOSTILE_EXPECT(copies_fit, ResourceError, call,
                        "private copies of " << nbins << " bins for " << copies << " threads need "
                                             << copy_bytes << " bytes, more than the "
                                             << Impl::histogram_host_copy_budget
                                             << " bytes allowed on " << ExecSpace::name());
      plan.strategy = HistogramStrategy::shared;
      plan.copies = copies;
      return plan;
    }
    if (forced == HistogramStrategy::cluster) {
      const Impl::ClusterHistogramShape shape =
          Impl::choose_cluster_shape(space, nbins, options, 4);
      KOKKOSTILE_EXPECT(shape.cluster_size != 0, ResourceError, call,
                        nbins << " bins fit no cluster"
                              << (options.cluster_size ? " of the requested size" : "") << " on "
                              << ExecSpace::name() << ": a block may have "
                              << max_cluster_scratch_bytes(space) << " bytes of scratch");
      plan.strategy = HistogramStrategy::cluster;
      plan.cluster_size = shape.cluster_size;
      plan.team_size = shape.team_size;
      plan.scratch_bytes = shape.bytes;
      return plan;
    }
    plan.strategy = HistogramStrategy::global_atomics;
    return plan;
  } else if constexpr (Impl::histogram_on_cuda<ExecSpace>()) {
    const std::size_t limit = max_cluster_scratch_bytes(space);
    const std::size_t shared_bytes = Impl::shared_histogram_bytes(nbins);
    if (want_shared && shared_bytes <= limit) {
      plan.strategy = HistogramStrategy::shared;
      plan.team_size = Impl::histogram_shared_team;
      plan.scratch_bytes = shared_bytes;
      return plan;
    }
    KOKKOSTILE_EXPECT(forced != HistogramStrategy::shared, ResourceError, call,
                      nbins << " bins need " << shared_bytes
                            << " bytes of scratch in one block, more than the " << limit
                            << " bytes a block may have on this CUDA device");
    if (want_cluster) {
      const Impl::ClusterHistogramShape shape =
          Impl::choose_cluster_shape(space, nbins, options, 4);
      if (shape.cluster_size != 0) {
        plan.strategy = HistogramStrategy::cluster;
        plan.cluster_size = shape.cluster_size;
        plan.team_size = shape.team_size;
        plan.scratch_bytes = shape.bytes;
        return plan;
      }
      KOKKOSTILE_EXPECT(forced != HistogramStrategy::cluster, ResourceError, call,
                        nbins << " bins fit no cluster"
                              << (options.cluster_size ? " of the requested size" : "")
                              << " on this CUDA device: a block may have " << limit
                              << " bytes of scratch and clusters have at most 16 blocks ("
                              << max_cluster_size(space, Impl::histogram_cluster_team, limit,
                                                  options.cluster_mode)
                              << " here)");
    }
    plan.strategy = HistogramStrategy::global_atomics;
    plan.team_size = Impl::histogram_global_team;
    return plan;
  } else {
    (void)space;
    (void)samples;
    KOKKOSTILE_EXPECT(
        forced == HistogramStrategy::automatic || forced == HistogramStrategy::global_atomics,
        ResourceError, call,
        to_string(forced) << " histograms run on the host backends and CUDA; " << ExecSpace::name()
                          << " has global_atomics only");
    plan.strategy = HistogramStrategy::global_atomics;
    return plan;
  }
}

/// The strategy histogram() takes automatically for nbins bins (no timing: device queries only).
template <class ExecSpace>
HistogramStrategy histogram_strategy_for(const ExecSpace& space, std::int64_t nbins,
                                         std::int64_t samples, std::size_t counter_bytes = 4) {
  return histogram_plan(space, nbins, samples, counter_bytes).strategy;
}

/// Most bins the shared or cluster strategy holds on this instance (32-bit or 64-bit counters;
/// `samples` only matters on host backends); 0 when it cannot run here.
template <class ExecSpace>
std::int64_t histogram_capacity(const ExecSpace& space, HistogramStrategy strategy,
                                std::int64_t samples = 0, std::size_t counter_bytes = 4) {
  HistogramOptions options;
  options.strategy = strategy;
  auto fits = [&](std::int64_t nbins) {
    try {
      (void)histogram_plan(space, nbins, samples, counter_bytes, options);
      return true;
    } catch (const ResourceError&) {
      return false;
    }
  };
  if (strategy != HistogramStrategy::shared && strategy != HistogramStrategy::cluster)
    return strategy == HistogramStrategy::global_atomics ? std::int64_t{INT_MAX} : 0;
  if (!fits(1))
    return 0;
  std::int64_t low = 1, high = INT_MAX;  // fits(low), and the answer is below high + 1
  if (fits(high))
    return high;
  while (high - low > 1) {
    const std::int64_t mid = low + (high - low) / 2;
    (fits(mid) ? low : high) = mid;
  }
  return low;
}

namespace Impl {

template <class ExecSpace, class SampleView, class CountView>
constexpr void check_histogram_views() {
  static_assert(Kokkos::is_view<SampleView>::value && Kokkos::is_view<CountView>::value,
                "KokkosTile::histogram needs Kokkos::Views");
  static_assert(SampleView::rank() == 1 && CountView::rank() == 1,
                "KokkosTile::histogram needs rank-1 sample and count Views");
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
      1, static_cast<std::int64_t>(league / cluster) * (histogram_block_samples_per_pass / V));
}

template <class ExecSpace, class SampleView, class CountView, class Binner>
void run_device_histogram(const std::string& label, const ExecSpace& space,
                          const SampleView& samples, const CountView& counts, const Binner& binner,
                          const HistogramPlan& plan, const HistogramOptions& options) {
  constexpr int V = histogram_packet_width<SampleView>();
  using source_type = SampleSource<SampleView, V>;
  const SampleSplit split = split_samples<V>(samples);
  const source_type source{samples, samples.data(), split.head};
  const int nbins = static_cast<int>(counts.extent(0));

  // Host backends count shared and global_atomics without these kernels (run_histogram).
  if constexpr (!runs_on_host<ExecSpace>()) {
    if (plan.strategy == HistogramStrategy::global_atomics) {
      using kernel = GlobalHistogramKernel<ExecSpace, source_type, Binner, CountView, V>;
      const int team = plan.team_size;
      const int slots = options.hot_bin_cache ? histogram_cache_slots : 0;
      const std::size_t bytes = 2 * static_cast<std::size_t>(slots) * sizeof(unsigned);
      const int league = std::max(1, max_active_clusters<kernel>(space, 1, team, bytes));
      parallel_for_large_scratch(
          label, LargeScratchPolicy<ExecSpace>(space, league, team, bytes),
          kernel{source, binner, counts, split, 0, split.packets, true,
                 resolve_aggregation(options.warp_aggregation, plan.strategy, 0), slots});
      return;
    }
    if (plan.strategy == HistogramStrategy::shared) {
      using kernel = SharedHistogramKernel<ExecSpace, source_type, Binner, CountView, V>;
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
      league = std::max(1, league);
      const std::int64_t per_pass = histogram_pass_packets(league, 1, V);
      for (std::int64_t begin = 0; begin < split.packets || begin == 0; begin += per_pass) {
        const std::int64_t end = std::min(split.packets, begin + per_pass);
        parallel_for_large_scratch(
            label, LargeScratchPolicy<ExecSpace>(space, league, team, bytes),
            kernel{source, binner, counts, split, begin, end, begin == 0,
                   resolve_aggregation(options.warp_aggregation, plan.strategy, 0),
                   static_cast<int>(shared_histogram_words(nbins)), nbins});
      }
      return;
    }
  }
  // Cluster: the plan's cluster size with this sample type's packets.
  using kernel = ClusterHistogramKernel<ExecSpace, source_type, Binner, CountView, V>;
  const bool host = runs_on_host<ExecSpace>();
  const int round_samples = host ? histogram_host_round_samples : histogram_round_samples;
  const int design = resolve_cluster_design(options.cluster_design);
  const bool staged = design == cluster_design_staged;
  const ClusterHistogramShape shape = cluster_histogram_shape(
      nbins, plan.cluster_size, plan.team_size, V, std::max(1, round_samples / V), staged);
  const int clusters = max_active_clusters<kernel>(space, shape.cluster_size, shape.team_size,
                                                   shape.bytes, options.cluster_mode);
  KOKKOSTILE_EXPECT(clusters > 0, ResourceError, label,
                    "no cluster of " << shape.cluster_size << " blocks of " << shape.team_size
                                     << " threads with " << shape.bytes
                                     << " bytes of scratch each can run here");
  auto policy = ClusterPolicy<ExecSpace>::from_clusters(space, clusters, shape.cluster_size,
                                                        shape.team_size, shape.bytes);
  policy.set_mode(options.cluster_mode);
  const std::int64_t threads =
      static_cast<std::int64_t>(policy.league_size()) * (host ? 1 : shape.team_size);
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
    parallel_for_cluster(
        label, policy,
        kernel{source, binner, counts, split, begin, end, begin == 0,
               resolve_aggregation(options.warp_aggregation, plan.strategy, design), design, nbins,
               shape.slice, shape.slice_padded, shape.cap, per_round, rounds});
  }
}

template <class ExecSpace, class SampleView, class CountView, class Binner>
void run_histogram(const ExecSpace& space, const SampleView& samples, const CountView& counts,
                   const Binner& binner, const HistogramOptions& options) {
  using count_type = typename CountView::non_const_value_type;
  const std::int64_t nbins = static_cast<std::int64_t>(counts.extent(0));
  const std::int64_t n = static_cast<std::int64_t>(samples.extent(0));
  const HistogramPlan plan = histogram_plan(space, nbins, n, sizeof(count_type), options);
  const std::string label = std::string("KokkosTile::histogram[") + to_string(plan.strategy) + "]";

  if constexpr (runs_on_host<ExecSpace>()) {
    if (plan.strategy == HistogramStrategy::shared) {
      using copies_type =
          Kokkos::View<count_type**, Kokkos::LayoutRight, typename ExecSpace::memory_space>;
      const int parts = plan.copies;
      copies_type copies(Kokkos::view_alloc(Kokkos::WithoutInitializing, label + " copies"), parts,
                         nbins);
      Kokkos::parallel_for(label, Kokkos::RangePolicy<ExecSpace>(space, 0, parts),
                           HostPrivateCount<SampleView, Binner, copies_type>{
                               samples, binner, copies, n, parts, static_cast<int>(nbins)});
      Kokkos::parallel_for(
          label, Kokkos::RangePolicy<ExecSpace>(space, 0, nbins),
          HostPrivateSum<CountView, copies_type>{counts, copies, parts, options.accumulate});
      return;
    }
  }
  if (!options.accumulate)
    Kokkos::deep_copy(space, counts, count_type(0));
  if (n == 0)
    return;
  if constexpr (runs_on_host<ExecSpace>()) {
    if (plan.strategy == HistogramStrategy::global_atomics) {
      Kokkos::parallel_for(
          label, Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>(space, 0, n),
          HostAtomicCount<SampleView, Binner, CountView>{samples, binner, counts});
      return;
    }
    run_device_histogram(label, space, samples, counts, binner, plan, options);
  } else if constexpr (histogram_on_cuda<ExecSpace>()) {
    run_device_histogram(label, space, samples, counts, binner, plan, options);
  } else {
    Kokkos::parallel_for(
        label, Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>(space, 0, n),
        HostAtomicCount<SampleView, Binner, CountView>{samples, binner, counts});
  }
}

}  // namespace Impl

/// counts(b) = number of samples in bin b, integer samples, clamped to [0, nbins) where
/// nbins = counts.extent(0) (see the top of this file).
template <class ExecSpace, class SampleView, class CountView,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void histogram(const ExecSpace& space, const SampleView& samples, const CountView& counts,
               const HistogramOptions& options = {}) {
  Impl::check_histogram_views<ExecSpace, SampleView, CountView>();
  using T = typename SampleView::non_const_value_type;
  static_assert(std::is_integral_v<T>,
                "KokkosTile::histogram(samples, counts) bins integer samples; give floating-point "
                "samples a range: histogram(samples, counts, lo, hi)");
  const std::string call = "KokkosTile::histogram";
  // A region per call, so that Kokkos Tools see the call around its kernels.
  const Kokkos::Profiling::ScopedRegion region(call);
  KOKKOSTILE_EXPECT(counts.extent(0) >= 1 && counts.extent(0) <= INT_MAX, InvalidArgument, call,
                    "counts has " << counts.extent(0) << " bins; it needs 1 to " << INT_MAX);
  Impl::run_histogram(space, samples, counts,
                      Impl::ClampedBins<T>{static_cast<int>(counts.extent(0))}, options);
}

/// counts(b) = number of samples x with lo <= x < hi in even bin b of [lo, hi); others dropped.
template <class ExecSpace, class SampleView, class CountView,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void histogram(const ExecSpace& space, const SampleView& samples, const CountView& counts,
               double lo, double hi, const HistogramOptions& options = {}) {
  Impl::check_histogram_views<ExecSpace, SampleView, CountView>();
  using T = typename SampleView::non_const_value_type;
  static_assert(std::is_floating_point_v<T>,
                "KokkosTile::histogram(samples, counts, lo, hi) bins floating-point samples");
  const std::string call = "KokkosTile::histogram";
  // A region per call, so that Kokkos Tools see the call around its kernels.
  const Kokkos::Profiling::ScopedRegion region(call);
  KOKKOSTILE_EXPECT(counts.extent(0) >= 1 && counts.extent(0) <= INT_MAX, InvalidArgument, call,
                    "counts has " << counts.extent(0) << " bins; it needs 1 to " << INT_MAX);
  KOKKOSTILE_EXPECT(std::isfinite(lo) && std::isfinite(hi) && lo < hi && std::isfinite(hi - lo),
                    InvalidArgument, call,
                    "the range [" << lo << ", " << hi << ") must be finite and not empty");
  const int nbins = static_cast<int>(counts.extent(0));
  Impl::run_histogram(space, samples, counts,
                      Impl::RangeBins<T>{nbins, lo, hi, static_cast<double>(nbins) / (hi - lo)},
                      options);
}

template <class SampleView, class CountView,
          std::enable_if_t<Kokkos::is_view<SampleView>::value, int> = 0>
void histogram(const SampleView& samples, const CountView& counts,
               const HistogramOptions& options = {}) {
  histogram(typename SampleView::execution_space{}, samples, counts, options);
}

template <class SampleView, class CountView,
          std::enable_if_t<Kokkos::is_view<SampleView>::value, int> = 0>
void histogram(const SampleView& samples, const CountView& counts, double lo, double hi,
               const HistogramOptions& options = {}) {
  histogram(typename SampleView::execution_space{}, samples, counts, lo, hi, options);
}

}  // namespace KokkosTile
