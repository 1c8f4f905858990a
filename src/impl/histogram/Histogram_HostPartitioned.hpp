// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Histograms on host backends with more bins than a thread's cache holds: the bins are cut into
// parts of 65,536 (Histogram_Tuning.hpp), the samples are sorted by part
// (a counting sort of their bin numbers), and each part is then counted by one thread with its
// counters in that thread's cache, without atomics. Three passes over the samples' bins replace
// one atomic per sample into counters that miss the cache, and no thread shares a counter with
// another, so skewed inputs cost what uniform ones cost. It is the host's form of the cluster
// design (each block owns a slice of the bins), with a sort in place of sending samples.
//
//   tally:  thread t counts, for its share of the samples, how many fall in each part;
//   place:  (after a prefix sum over part-major (part, thread) order) thread t writes the bin of
//           each of its samples, relative to its part, at its next place in the part's segment;
//   count:  part p's segment is counted into counts[p << shift, (p + 1) << shift).

#include <Kokkos_Core.hpp>

#include "impl/core/Core_HostHugeBuffer.hpp"
#include "impl/core/Core_InternalAllocation.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace KokkosTile {
namespace Impl {

/// Where the parts' segments of the sorted bins begin: part_begin(p), p = 0..parts (the last one
/// the number of samples that fall in a bin); places(t, p) is where thread t writes its first
/// sample of part p.
template <class Places>
void host_partition_places(const Places& places, const Places& tallies, int threads, int parts,
                           std::int64_t* part_begin) {
  std::int64_t at = 0;
  for (int p = 0; p < parts; ++p) {
    part_begin[p] = at;
    for (int t = 0; t < threads; ++t) {
      places(t, p) = at;
      at += tallies(t, p);
    }
  }
  part_begin[parts] = at;
}

/// Thread t: how many of samples [n t / T, n (t + 1) / T) fall in each part.
template <class SampleView, class Binner, class Places>
struct HostPartitionTally {
  SampleView samples;
  Binner binner;
  Places tallies;
  std::int64_t n;
  int threads;
  int parts;
  int shift;
  KOKKOS_FUNCTION void operator()(int t) const {
    std::int64_t* const row = &tallies(t, 0);
    for (int p = 0; p < parts; ++p)
      row[p] = 0;
    const std::int64_t end = n * (t + 1) / threads;
    for (std::int64_t i = n * t / threads; i < end; ++i) {
      const int bin = binner(samples(i));
      if (bin >= 0)
        ++row[bin >> shift];
    }
  }
};

/// Thread t: each of its samples' bins, relative to its part, at the thread's next place in the
/// part's segment of `sorted` (the places advance as they are used).
template <class SampleView, class Binner, class Places, class Sorted>
struct HostPartitionPlace {
  SampleView samples;
  Binner binner;
  Places places;
  Sorted sorted;
  std::int64_t n;
  int threads;
  int shift;
  KOKKOS_FUNCTION void operator()(int t) const {
    std::int64_t* const next = &places(t, 0);
    std::uint16_t* const out = sorted.data();
    const int mask = (1 << shift) - 1;
    const std::int64_t end = n * (t + 1) / threads;
    for (std::int64_t i = n * t / threads; i < end; ++i) {
      const int bin = binner(samples(i));
      if (bin >= 0)
        out[next[bin >> shift]++] = static_cast<std::uint16_t>(bin & mask);
    }
  }
};

/// Part p: counts its segment of `sorted` into its bins (zeroed first unless accumulating).
template <class Counts, class Sorted, class Begins>
struct HostPartitionCount {
  Counts counts;
  Sorted sorted;
  Begins part_begin;
  std::int64_t nbins;
  int shift;
  bool accumulate;
  KOKKOS_FUNCTION void operator()(int p) const {
    const std::int64_t first = std::int64_t{p} << shift;
    const std::int64_t last =
        first + (std::int64_t{1} << shift) < nbins ? first + (std::int64_t{1} << shift) : nbins;
    using count_type = typename Counts::non_const_value_type;
    if (!accumulate)
      for (std::int64_t b = first; b < last; ++b)
        counts(b) = count_type(0);
    const std::uint16_t* const in = sorted.data();
    for (std::int64_t k = part_begin(p); k < part_begin(p + 1); ++k)
      ++counts(first + in[k]);
  }
};

/// The partitioned count on a host backend with `threads` threads and parts of 2^shift bins.
template <class ExecSpace, class SampleView, class CountView, class Binner>
void run_host_partitioned(const std::string& call, const std::string& label, const ExecSpace& space,
                          const SampleView& samples, const CountView& counts, const Binner& binner,
                          int threads, int shift, bool accumulate) {
  using memory_space = typename ExecSpace::memory_space;
  using places_type = Kokkos::View<std::int64_t**, Kokkos::LayoutRight, memory_space>;
  using begins_type = Kokkos::View<std::int64_t*, memory_space>;
  using sorted_type =
      Kokkos::View<std::uint16_t*, memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  const std::int64_t n = static_cast<std::int64_t>(samples.extent(0));
  const std::int64_t nbins = static_cast<std::int64_t>(counts.extent(0));
  const int parts = static_cast<int>(((nbins - 1) >> shift) + 1);
  // Each thread's row of tallies and places on cache lines of its own, with a line between rows:
  // a row is written at every sample, and a line that two threads write would move between their
  // cores at every sample.
  const int row = (parts + 7) / 8 * 8 + 8;
  const std::size_t table_bytes = std::size_t(threads) * std::size_t(row) * sizeof(std::int64_t);
  const places_type tallies =
      allocate_internal(call, "the partitioned count's tallies", table_bytes, [&] {
        return places_type(Kokkos::view_alloc(Kokkos::WithoutInitializing, label + "::tallies"),
                           threads, row);
      });
  const places_type places =
      allocate_internal(call, "the partitioned count's places", table_bytes, [&] {
        return places_type(Kokkos::view_alloc(Kokkos::WithoutInitializing, label + "::places"),
                           threads, row);
      });
  const begins_type part_begin = allocate_internal(
      call, "the partitioned count's part offsets", std::size_t(parts + 1) * sizeof(std::int64_t),
      [&] {
        return begins_type(Kokkos::view_alloc(Kokkos::WithoutInitializing, label + "::parts"),
                           parts + 1);
      });
  const std::unique_ptr<HostHugeBuffer> sorted_memory = allocate_internal(
      call, "the samples' bins sorted by part", std::size_t(n) * sizeof(std::uint16_t),
      [&] { return std::make_unique<HostHugeBuffer>(std::size_t(n) * sizeof(std::uint16_t)); });
  const sorted_type sorted(static_cast<std::uint16_t*>(sorted_memory->data()), n);
  Kokkos::parallel_for(label, Kokkos::RangePolicy<ExecSpace>(space, 0, threads),
                       HostPartitionTally<SampleView, Binner, places_type>{
                           samples, binner, tallies, n, threads, parts, shift});
  space.fence(label);  // the prefix sum below reads the tallies on this thread
  host_partition_places(places, tallies, threads, parts, part_begin.data());
  Kokkos::parallel_for(label, Kokkos::RangePolicy<ExecSpace>(space, 0, threads),
                       HostPartitionPlace<SampleView, Binner, places_type, sorted_type>{
                           samples, binner, places, sorted, n, threads, shift});
  // Parts hold different numbers of samples (all of them, for a skewed input): threads take parts
  // as they finish.
  Kokkos::parallel_for(
      label, Kokkos::RangePolicy<ExecSpace, Kokkos::Schedule<Kokkos::Dynamic>>(space, 0, parts),
      HostPartitionCount<CountView, sorted_type, begins_type>{counts, sorted, part_begin, nbins,
                                                              shift, accumulate});
  // The sort buffer goes with this scope; a host backend that runs kernels asynchronously (HPX)
  // must be done with it first.
  space.fence(label);
}

}  // namespace Impl
}  // namespace KokkosTile
