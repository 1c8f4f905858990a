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
//   place:  (after a prefix sum over part-major (part, thread) order turns each tally into the
//           place where that thread's samples of that part begin) thread t writes the bin of each
//           of its samples, relative to its part, at its next place in the part's segment;
//   count:  part p's segment is counted into its bins.

#include <Kokkos_Core.hpp>

#include "impl/core/Core_HostHugeBuffer.hpp"
#include "impl/core/Core_InternalAllocation.hpp"
#include "impl/histogram/Histogram_Tuning.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace KokkosTile {
namespace Impl {

// A bin's place within its part is what the sort keeps, in 16 bits.
static_assert(histogram_host_part_shift <= 16, "a part's bins must fit the sort's 16 bits");
inline constexpr int histogram_host_part_mask = (1 << histogram_host_part_shift) - 1;

/// Turns each tally(t, p) into the place where thread t writes its first sample of part p, and
/// says where the parts' segments of the sorted bins begin: part_begin[p], p = 0..parts (the last
/// one the number of samples that fall in a bin).
template <class Table>
void host_partition_places(const Table& table, int threads, int parts, std::int64_t* part_begin) {
  std::int64_t at = 0;
  for (int p = 0; p < parts; ++p) {
    part_begin[p] = at;
    for (int t = 0; t < threads; ++t) {
      const std::int64_t tally = table(t, p);
      table(t, p) = at;
      at += tally;
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
  KOKKOS_FUNCTION void operator()(int t) const {
    std::int64_t* const row = &tallies(t, 0);
    for (int p = 0; p < parts; ++p)
      row[p] = 0;
    const std::int64_t end = n * (t + 1) / threads;
    for (std::int64_t i = n * t / threads; i < end; ++i) {
      const int bin = binner(samples(i));
      if (bin >= 0)
        ++row[bin >> histogram_host_part_shift];
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
  KOKKOS_FUNCTION void operator()(int t) const {
    std::int64_t* const next = &places(t, 0);
    std::uint16_t* const out = sorted.data();
    const std::int64_t end = n * (t + 1) / threads;
    for (std::int64_t i = n * t / threads; i < end; ++i) {
      const int bin = binner(samples(i));
      if (bin >= 0)
        out[next[bin >> histogram_host_part_shift]++] =
            static_cast<std::uint16_t>(bin & histogram_host_part_mask);
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
  bool accumulate;
  KOKKOS_FUNCTION void operator()(int p) const {
    constexpr std::int64_t part_bins = std::int64_t{1} << histogram_host_part_shift;
    const std::int64_t first = std::int64_t{p} << histogram_host_part_shift;
    const std::int64_t last = first + part_bins < nbins ? first + part_bins : nbins;
    using count_type = typename Counts::non_const_value_type;
    if (!accumulate)
      for (std::int64_t b = first; b < last; ++b)
        counts(b) = count_type(0);
    const std::uint16_t* const in = sorted.data();
    for (std::int64_t k = part_begin(p); k < part_begin(p + 1); ++k)
      ++counts(first + in[k]);
  }
};

/// The partitioned count on a host backend with `threads` threads.
template <class ExecSpace, class SampleView, class CountView, class Binner>
void run_host_partitioned(const std::string& call, const std::string& label, const ExecSpace& space,
                          const SampleView& samples, const CountView& counts, const Binner& binner,
                          int threads, bool accumulate) {
  using memory_space = typename ExecSpace::memory_space;
  using table_type = Kokkos::View<std::int64_t**, Kokkos::LayoutRight, memory_space>;
  using begins_type = Kokkos::View<std::int64_t*, memory_space>;
  using sorted_type =
      Kokkos::View<std::uint16_t*, memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  const std::int64_t n = static_cast<std::int64_t>(samples.extent(0));
  const std::int64_t nbins = static_cast<std::int64_t>(counts.extent(0));
  const int parts = static_cast<int>(((nbins - 1) >> histogram_host_part_shift) + 1);
  // One row per thread, tallies then places, on cache lines of its own with a line between rows:
  // a row is written at every sample, and a line that two threads write would move between their
  // cores at every sample.
  const int row = (parts + 7) / 8 * 8 + 8;
  const std::size_t table_bytes = std::size_t(threads) * std::size_t(row) * sizeof(std::int64_t);
  const table_type table =
      allocate_internal(call, "the partitioned count's tallies", table_bytes, [&] {
        return table_type(Kokkos::view_alloc(Kokkos::WithoutInitializing, label + "::tallies"),
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
                       HostPartitionTally<SampleView, Binner, table_type>{samples, binner, table, n,
                                                                          threads, parts});
  space.fence(label);  // the prefix sum below reads the tallies on this thread
  host_partition_places(table, threads, parts, part_begin.data());
  Kokkos::parallel_for(label, Kokkos::RangePolicy<ExecSpace>(space, 0, threads),
                       HostPartitionPlace<SampleView, Binner, table_type, sorted_type>{
                           samples, binner, table, sorted, n, threads});
  // Parts hold different numbers of samples (all of them, for a skewed input): threads take parts
  // as they finish.
  Kokkos::parallel_for(
      label, Kokkos::RangePolicy<ExecSpace, Kokkos::Schedule<Kokkos::Dynamic>>(space, 0, parts),
      HostPartitionCount<CountView, sorted_type, begins_type>{counts, sorted, part_begin, nbins,
                                                              accumulate});
  // The sort buffer goes with this scope; a host backend that runs kernels asynchronously (HPX)
  // must be done with it first.
  space.fence(label);
}

}  // namespace Impl
}  // namespace KokkosTile
