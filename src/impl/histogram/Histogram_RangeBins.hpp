// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The bin of a floating-point sample over [lo, hi): floor((x - lo) * nbins / (hi - lo)) in exact
// arithmetic on the double values of x, lo and hi, so that a sample on a bin's edge, to the last
// bit, counts in the bin above the edge (0.3 in [0, 1) with 10 bins is bin 2: the double 0.3 is
// below 3/10, while (0.3 - 0) * 10 rounds to 3).
//
// The estimate (x - lo) * (nbins / (hi - lo)) in double is off from the exact quotient by at most
// four roundings (the difference, the width, the division, the product: 4.01 ulp of the quotient).
// Only when the estimate lies within a generous margin of an integer is the edge decided exactly,
// by the sign of nbins * (x - lo) - b * (hi - lo): each difference as an exact sum of two doubles
// (TwoSum), each product as an exact sum of two (fma), and the sign of the eight terms' sum from a
// nonoverlapping expansion (Shewchuk's Grow-Expansion), whose largest component carries the sign.
// Random samples take that path about once in 2^48 / nbins; it is kept out of line so that the
// kernels' hot loop stays small.

#include <Kokkos_Core.hpp>

namespace KokkosTile {
namespace Impl {

/// s + err == a + b exactly (Knuth's TwoSum; needs round-to-nearest and no reassociation).
KOKKOS_INLINE_FUNCTION void exact_sum(double a, double b, double& s, double& err) {
  s = a + b;
  const double b_part = s - a;
  err = (a - (s - b_part)) + (b - b_part);
}

/// p + err == a * k exactly, for an integer k (no overflow, and err is a multiple of a's last bit).
KOKKOS_INLINE_FUNCTION void exact_product(double a, double k, double& p, double& err) {
  p = a * k;
  err = Kokkos::fma(a, k, -p);
}

/// The sign (-1, 0, 1) of the exact sum of `count` (at most 8) doubles.
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
KOKKOS_FUNCTION inline int
exact_sum_sign(const double* terms, int count) {
  double expansion[8];  // nonoverlapping, increasing magnitude, no zeros
  int length = 0;
  for (int i = 0; i < count; ++i) {
    double q = terms[i];
    int kept = 0;
    for (int j = 0; j < length; ++j) {
      double s, err;
      exact_sum(q, expansion[j], s, err);
      if (err != 0.0)
        expansion[kept++] = err;
      q = s;
    }
    if (q != 0.0)
      expansion[kept++] = q;
    length = kept;
  }
  return length == 0 ? 0 : (expansion[length - 1] > 0.0 ? 1 : -1);
}

/// Floating-point samples, nbins even bins over [lo, hi), exact as above; samples outside
/// [lo, hi), NaN and infinities give -1 (dropped, as CUB's HistogramEven drops them).
/// Needs lo < hi finite and nbins * (hi - lo) finite (the public header checks both).
template <class T>
struct RangeBins {
  int nbins;
  double lo;
  double hi;
  double scale;       // nbins / (hi - lo), rounded: the estimate's factor
  double width_high;  // hi - lo == width_high + width_low exactly
  double width_low;

  static RangeBins over(int nbins, double lo, double hi) {
    RangeBins bins{nbins, lo, hi, static_cast<double>(nbins) / (hi - lo), 0.0, 0.0};
    exact_sum(hi, -lo, bins.width_high, bins.width_low);
    return bins;
  }

  /// Whether x lies on or above the lower edge of bin b: nbins * (x - lo) >= b * (hi - lo).
  KOKKOS_INLINE_FUNCTION bool on_or_above_edge(double x, int b) const {
    double offset_high, offset_low;
    exact_sum(x, -lo, offset_high, offset_low);
    double terms[8];
    exact_product(offset_high, nbins, terms[0], terms[1]);
    exact_product(offset_low, nbins, terms[2], terms[3]);
    exact_product(width_high, -b, terms[4], terms[5]);
    exact_product(width_low, -b, terms[6], terms[7]);
    return exact_sum_sign(terms, 8) >= 0;
  }

  KOKKOS_INLINE_FUNCTION int operator()(T sample) const {
    const double x = static_cast<double>(sample);
    if (!(x >= lo && x < hi))
      return -1;
    const double t = (x - lo) * scale;
    // 2^-49 of t: 4x the estimate's worst error, so no wrong estimate escapes the exact test.
    const double margin = t * 0x1p-49;
    int bin = t < nbins ? static_cast<int>(t) : nbins - 1;
    const double fraction = t - bin;
    if (fraction < margin && bin > 0) {
      if (!on_or_above_edge(x, bin))
        --bin;
    } else if (fraction > 1.0 - margin && bin + 1 < nbins) {
      if (on_or_above_edge(x, bin + 1))
        ++bin;
    }
    return bin;
  }
};

}  // namespace Impl
}  // namespace KokkosTile
