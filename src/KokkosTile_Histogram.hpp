// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Histograms into a View of counts, in shared memory, distributed shared memory or global atomics:
//
//   KokkosTile::histogram(samples, counts);              // integer bins: counts.extent(0) bins
//   KokkosTile::histogram(samples, counts, 0.0, 1.0);    // float/double: even bins over [lo, hi)
//   KokkosTile::histogram(space, samples, counts, {KokkosTile::HistogramVariant::cluster});
//
// Bins: integer samples (int, unsigned, int64, ...) count in bin `sample`, clamped: samples below 0
// count in bin 0, samples at or above nbins in the last bin. Floating-point samples count in bin
// floor((x - lo) * nbins / (hi - lo)), exact for the double value of x (no rounding: a sample on
// an edge, to the last bit, counts in the bin above it); samples outside [lo, hi), NaN and
// infinities are dropped (as CUB's HistogramEven drops them).
//
// Counts: unsigned 32- or 64-bit, any layout and stride. The counts are overwritten (zeros where
// no sample falls) unless HistogramOptions::accumulate adds to them. Counters are unsigned and wrap
// modulo 2^32 (or 2^64) like CUB's: a 32-bit bin holds the true count modulo 2^32. Internal
// per-block counters are 32-bit and each block counts fewer than 2^30 samples per pass (longer
// inputs take several passes), so the wrap is the only overflow.
//
// Variants (HistogramOptions::variant; `automatic` asks histogram_plan, which reads the device):
//   shared          per-team private histograms in scratch (on CUDA up to the opt-in shared memory
//                   of a block, 227 KB on Hopper, through parallel_for_large_scratch), flushed into
//                   the counts skipping zero bins. On host backends: one private copy per thread,
//                   summed per bin (no atomics at all).
//   cluster         a thread block cluster holds the bins in distributed shared memory, each
//                   block a slice; designs remote_or_global (default), staged and remote_atomics
//                   (impl/histogram/Histogram_ClusterKernel.hpp; Experimental::HistogramTuning).
//                   Emulated on host backends and pre-Hopper GPUs (correct, not fast).
//   global_atomics  atomics straight into the counts; on CUDA each block first tries a small cache
//                   of hot bins in its shared memory (claimed by the first samples that hash to a
//                   slot), so skewed inputs count their hot bins in shared memory.
//   partitioned     host backends: the samples' bins sorted by parts of 65,536 bins, each part
//                   then counted by one thread in its cache, no atomics
//                   (impl/histogram/Histogram_HostPartitioned.hpp).
// On CUDA `automatic` takes shared while the bins fit one block's opt-in shared memory (a device
// query), then global_atomics: measured on the H200, global atomics with the hot-bin cache beat
// every cluster design wherever a cluster holds the bins and a block does not (uniform: the DSM
// designs reach 0.69-1.05 of L2 atomics; skewed: the per-block cache beats same-address DSM atomics
// 3.6-6.8x), so the cluster variant runs only when forced. On host backends
// it takes private copies unless they cost more than the samples (copies * nbins > samples / 4 on
// more than one thread) or more than 1 GiB; then partitioned where the bins outgrow a part (and
// the sort, 2 bytes a sample, fits 1 GiB); else atomics.
//
// Overloads taking an execution-space instance first are asynchronous on it (host backends
// finish before returning); the others use the counts View's execution space, as every
// KokkosTile call without one uses its output View's. Kernels are
// labelled "KokkosTile::histogram<variant>", the syntax of every KokkosTile label.
//
// This header validates and forwards to impl/histogram/Histogram_Dispatch.hpp, which the compiled
// library (KOKKOSTILE_ENABLE_ETI) holds for int, float and double samples into unsigned counts.

#include <Kokkos_Core.hpp>
#include <Kokkos_Profiling_ScopedRegion.hpp>

#include "KokkosTile_Assert.hpp"
#include "KokkosTile_Cluster.hpp"
#include "KokkosTile_HistogramOptions.hpp"
#include "impl/core/Core_KernelViews.hpp"
#include "impl/histogram/Histogram_Dispatch.hpp"
#include "impl/histogram/Histogram_Eti.hpp"
#include "impl/histogram/Histogram_Plan.hpp"

#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

namespace KokkosTile {

namespace Experimental {
template <class ExecSpace>
HistogramPlan histogram_plan(const ExecSpace& space, std::int64_t nbins, std::int64_t samples,
                             std::size_t counter_bytes, const HistogramOptions& options,
                             const HistogramTuning& tuning);
}  // namespace Experimental

/// How histogram() would count nbins bins of `samples` samples with counters of counter_bytes
/// (4 or 8) on this instance: the automatic choice, or the forced variant's shape (for 32-bit
/// samples). Throws ResourceError when a forced variant cannot hold nbins here, naming the need
/// and the limit. On CUDA the answer does not depend on `samples`.
template <class ExecSpace>
HistogramPlan histogram_plan(const ExecSpace& space, std::int64_t nbins, std::int64_t samples,
                             std::size_t counter_bytes = 4, const HistogramOptions& options = {}) {
  return Experimental::histogram_plan(space, nbins, samples, counter_bytes, options,
                                      Experimental::HistogramTuning{});
}

/// The variant histogram() takes automatically for nbins bins (no timing: device queries only).
template <class ExecSpace>
HistogramVariant histogram_variant_for(const ExecSpace& space, std::int64_t nbins,
                                       std::int64_t samples, std::size_t counter_bytes = 4) {
  return histogram_plan(space, nbins, samples, counter_bytes).variant;
}

/// Most bins the shared or cluster variant holds on this instance (32-bit or 64-bit counters;
/// `samples` only matters on host backends); 0 when it cannot run here.
template <class ExecSpace>
std::int64_t histogram_capacity(const ExecSpace& space, HistogramVariant variant,
                                std::int64_t samples = 0, std::size_t counter_bytes = 4) {
  HistogramOptions options;
  options.variant = variant;
  auto fits = [&](std::int64_t nbins) {
    return Impl::plan_histogram(space, nbins, samples, counter_bytes, options, {}, 4)
        .refusal.empty();
  };
  if (variant == HistogramVariant::partitioned)
    return Impl::is_host_backend<ExecSpace>() ? std::int64_t{INT_MAX} : 0;
  if (variant != HistogramVariant::shared && variant != HistogramVariant::cluster)
    return variant == HistogramVariant::global_atomics ? std::int64_t{INT_MAX} : 0;
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

namespace Experimental {

/// KokkosTile::histogram_plan for a call with the design knobs of HistogramTuning (the cluster
/// shape depends on the design).
template <class ExecSpace>
HistogramPlan histogram_plan(const ExecSpace& space, std::int64_t nbins, std::int64_t samples,
                             std::size_t counter_bytes, const HistogramOptions& options,
                             const HistogramTuning& tuning) {
  const Impl::HistogramPlanResult planned =
      Impl::plan_histogram(space, nbins, samples, counter_bytes, options, tuning, 4);
  KOKKOSTILE_EXPECT(planned.refusal.empty(), ResourceError, "KokkosTile::histogram_plan",
                    planned.refusal);
  return planned.plan;
}

/// KokkosTile::histogram with the design knobs of HistogramTuning (integer samples).
template <class ExecSpace, class SampleView, class CountView,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void histogram(const std::string& label, const ExecSpace& space, const SampleView& samples,
               const CountView& counts, const HistogramOptions& options,
               const HistogramTuning& tuning) {
  KokkosTile::Impl::check_histogram_views<ExecSpace, SampleView, CountView>();
  using T = typename SampleView::non_const_value_type;
  static_assert(std::is_integral_v<T>,
                "KokkosTile::histogram(samples, counts) bins integer samples; give floating-point "
                "samples a range: histogram(samples, counts, lo, hi)");
  // A region per call, so that Kokkos Tools see the call around its kernels.
  const Kokkos::Profiling::ScopedRegion region(label);
  KokkosTile::Impl::histogram_checked(
      label, space, samples, counts,
      [](int nbins) { return KokkosTile::Impl::ClampedBins<T>{nbins}; }, options, tuning);
}

/// KokkosTile::histogram with the design knobs of HistogramTuning (floating-point samples).
template <class ExecSpace, class SampleView, class CountView,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void histogram(const std::string& label, const ExecSpace& space, const SampleView& samples,
               const CountView& counts, double lo, double hi, const HistogramOptions& options,
               const HistogramTuning& tuning) {
  KokkosTile::Impl::check_histogram_views<ExecSpace, SampleView, CountView>();
  using T = typename SampleView::non_const_value_type;
  static_assert(std::is_floating_point_v<T>,
                "KokkosTile::histogram(samples, counts, lo, hi) bins floating-point samples");
  const Kokkos::Profiling::ScopedRegion region(label);
  const double nbins = static_cast<double>(counts.extent(0));
  KOKKOSTILE_EXPECT(std::isfinite(lo) && std::isfinite(hi) && lo < hi &&
                        std::isfinite((hi - lo) * nbins) && std::isfinite(nbins / (hi - lo)),
                    InvalidArgument, label,
                    "the range [" << lo << ", " << hi << ") must be finite and not empty, and "
                                  << counts.extent(0) << " bins over it must be wider than "
                                  << "the smallest double (and their count times its width "
                                  << "finite)");
  KokkosTile::Impl::histogram_checked(
      label, space, samples, counts,
      [=](int bins) { return KokkosTile::Impl::RangeBins<T>::over(bins, lo, hi); }, options,
      tuning);
}

template <class ExecSpace, class SampleView, class CountView,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void histogram(const ExecSpace& space, const SampleView& samples, const CountView& counts,
               const HistogramOptions& options, const HistogramTuning& tuning) {
  histogram(Impl::default_histogram_label, space, samples, counts, options, tuning);
}

template <class ExecSpace, class SampleView, class CountView,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void histogram(const ExecSpace& space, const SampleView& samples, const CountView& counts,
               double lo, double hi, const HistogramOptions& options,
               const HistogramTuning& tuning) {
  histogram(Impl::default_histogram_label, space, samples, counts, lo, hi, options, tuning);
}

/// As above, on a default instance of the counts View's execution space.
template <class SampleView, class CountView,
          std::enable_if_t<Kokkos::is_view<SampleView>::value, int> = 0>
void histogram(const SampleView& samples, const CountView& counts, const HistogramOptions& options,
               const HistogramTuning& tuning) {
  histogram(typename CountView::execution_space{}, samples, counts, options, tuning);
}

template <class SampleView, class CountView,
          std::enable_if_t<Kokkos::is_view<SampleView>::value, int> = 0>
void histogram(const SampleView& samples, const CountView& counts, double lo, double hi,
               const HistogramOptions& options, const HistogramTuning& tuning) {
  histogram(typename CountView::execution_space{}, samples, counts, lo, hi, options, tuning);
}

}  // namespace Experimental

/// counts(b) = number of samples in bin b, integer samples, clamped to [0, nbins) where
/// nbins = counts.extent(0) (see the top of this file); asynchronous on `space` (host backends
/// finish before returning). `label` names the call for Kokkos Tools.
template <class ExecSpace, class SampleView, class CountView,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void histogram(const std::string& label, const ExecSpace& space, const SampleView& samples,
               const CountView& counts, const HistogramOptions& options = {}) {
  Experimental::histogram(label, space, samples, counts, options, Experimental::HistogramTuning{});
}

/// counts(b) = number of samples x with lo <= x < hi in even bin b of [lo, hi); others dropped.
template <class ExecSpace, class SampleView, class CountView,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void histogram(const std::string& label, const ExecSpace& space, const SampleView& samples,
               const CountView& counts, double lo, double hi,
               const HistogramOptions& options = {}) {
  Experimental::histogram(label, space, samples, counts, lo, hi, options,
                          Experimental::HistogramTuning{});
}

/// As above, labelled "KokkosTile::histogram<variant>" on its kernels.
template <class ExecSpace, class SampleView, class CountView,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void histogram(const ExecSpace& space, const SampleView& samples, const CountView& counts,
               const HistogramOptions& options = {}) {
  histogram(Impl::default_histogram_label, space, samples, counts, options);
}

template <class ExecSpace, class SampleView, class CountView,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void histogram(const ExecSpace& space, const SampleView& samples, const CountView& counts,
               double lo, double hi, const HistogramOptions& options = {}) {
  histogram(Impl::default_histogram_label, space, samples, counts, lo, hi, options);
}

/// As above, on a default instance of the counts View's execution space: asynchronous there too.
template <class SampleView, class CountView,
          std::enable_if_t<Kokkos::is_view<SampleView>::value, int> = 0>
void histogram(const SampleView& samples, const CountView& counts,
               const HistogramOptions& options = {}) {
  histogram(typename CountView::execution_space{}, samples, counts, options);
}

template <class SampleView, class CountView,
          std::enable_if_t<Kokkos::is_view<SampleView>::value, int> = 0>
void histogram(const SampleView& samples, const CountView& counts, double lo, double hi,
               const HistogramOptions& options = {}) {
  histogram(typename CountView::execution_space{}, samples, counts, lo, hi, options);
}

}  // namespace KokkosTile
