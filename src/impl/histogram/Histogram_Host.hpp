// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Histograms on host backends: private copies per thread (no atomics at all), summed per bin
// afterwards, and Kokkos atomics into the counts when the copies would cost more than the samples
// (the plan decides: Histogram_Plan.hpp).

#include <Kokkos_Core.hpp>

#include <cstdint>

namespace KokkosTile {
namespace Impl {

/// Host: thread p counts samples [n p / P, n (p + 1) / P) into its own row of `copies`.
template <class SampleView, class Binner, class Copies>
struct HostPrivateCount {
  SampleView samples;
  Binner binner;
  Copies copies;
  std::int64_t n;
  int parts;
  int nbins;
  KOKKOS_FUNCTION void operator()(int p) const {
    using count_type = typename Copies::non_const_value_type;
    count_type* const row = &copies(p, 0);
    for (int b = 0; b < nbins; ++b)
      row[b] = 0;
    const std::int64_t begin = n * p / parts;
    const std::int64_t end = n * (p + 1) / parts;
    for (std::int64_t i = begin; i < end; ++i) {
      const int bin = binner(samples(i));
      if (bin >= 0)
        ++row[bin];
    }
  }
};

/// Host: counts(b) = (counts(b) when accumulating) + the copies' bin b.
template <class Counts, class Copies>
struct HostPrivateSum {
  Counts counts;
  Copies copies;
  int parts;
  bool accumulate;
  KOKKOS_FUNCTION void operator()(int b) const {
    typename Counts::non_const_value_type sum = accumulate ? counts(b) : 0;
    for (int p = 0; p < parts; ++p)
      sum += copies(p, b);
    counts(b) = sum;
  }
};

/// Host: one Kokkos atomic per sample into the counts.
template <class SampleView, class Binner, class Counts>
struct HostAtomicCount {
  SampleView samples;
  Binner binner;
  Counts counts;
  KOKKOS_FUNCTION void operator()(std::int64_t i) const {
    const int bin = binner(samples(i));
    if (bin >= 0)
      Kokkos::atomic_add(&counts(bin), typename Counts::non_const_value_type(1));
  }
};

}  // namespace Impl
}  // namespace KokkosTile
