// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tests of KokkosTile_Histogram.hpp: exact counts against a host reference for every variant
// forced on every backend (on host backends the cluster variant runs emulated), sample and count
// Views of every supported type and layout, the edge cases, the overflow rule, the errors and the
// automatic choice at the tier boundaries (through histogram_plan: no timing). Counts are poisoned
// before each call, so a bin a kernel fails to write fails the comparison.
#include <KokkosTile_Histogram.hpp>

#include "TestHelpers.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace KokkosTileTest {
namespace {

using KokkosTile::ClusterMode;
/// The options and the Experimental design knobs, so that every design is tested.
struct HistogramOptions : KokkosTile::HistogramOptions,
                          KokkosTile::Experimental::HistogramTuning {};
using KokkosTile::HistogramVariant;

template <class C>
constexpr C garbage() {
  return static_cast<C>(0xA5A5A5A5A5A5A5A5ull);
}

/// The options of every variant (and design) a backend can be forced to run.
std::vector<HistogramOptions> every_variant() {
  std::vector<HistogramOptions> all;
  for (const HistogramVariant s : {HistogramVariant::automatic, HistogramVariant::shared,
                                   HistogramVariant::cluster, HistogramVariant::global_atomics}) {
    HistogramOptions o;
    o.variant = s;
    all.push_back(o);
  }
  HistogramOptions c2;  // a fixed small cluster, and the largest
  c2.variant = HistogramVariant::cluster;
  c2.cluster_size = 2;
  all.push_back(c2);
  HistogramOptions c16 = c2;
  c16.cluster_size = 16;
  all.push_back(c16);
  for (const KokkosTile::Experimental::ClusterHistogramDesign design :
       {KokkosTile::Experimental::ClusterHistogramDesign::staged,
        KokkosTile::Experimental::ClusterHistogramDesign::remote_atomics}) {
    HistogramOptions other = c2;
    other.cluster_size = 4;
    other.cluster_design = design;
    all.push_back(other);
  }
  HistogramOptions staged_aggregated = c2;
  staged_aggregated.cluster_design = KokkosTile::Experimental::ClusterHistogramDesign::staged;
  staged_aggregated.warp_aggregation = KokkosTile::Experimental::WarpAggregation::always;
  all.push_back(staged_aggregated);
  for (const KokkosTile::Experimental::WarpAggregation aggregation :
       {KokkosTile::Experimental::WarpAggregation::adaptive,
        KokkosTile::Experimental::WarpAggregation::always}) {
    HistogramOptions shared;
    shared.variant = HistogramVariant::shared;
    shared.warp_aggregation = aggregation;
    all.push_back(shared);
    HistogramOptions global;
    global.variant = HistogramVariant::global_atomics;
    global.warp_aggregation = aggregation;
    all.push_back(global);
  }
  HistogramOptions uncached;
  uncached.variant = HistogramVariant::global_atomics;
  uncached.hot_bin_cache = false;
  all.push_back(uncached);
  if (KokkosTile::Impl::is_host_backend<ExecSpace>()) {
    HistogramOptions partitioned;
    partitioned.variant = HistogramVariant::partitioned;
    all.push_back(partitioned);
  }
  if (on_cuda()) {
    HistogramOptions emulated = c2;  // two teams of 256 threads in one CUDA block
    emulated.cluster_mode = ClusterMode::emulated;
    all.push_back(emulated);
  }
  return all;
}

std::string describe(const HistogramOptions& o) {
  return std::string(KokkosTile::to_string(o.variant)) + " cluster_size " +
         std::to_string(o.cluster_size) + " design " +
         std::to_string(static_cast<int>(o.cluster_design)) + " aggregation " +
         std::to_string(static_cast<int>(o.warp_aggregation)) +
         (o.hot_bin_cache ? "" : " uncached") +
         (o.cluster_mode == ClusterMode::emulated ? " emulated" : "");
}

/// Whether the options can run nbins bins here (a forced cluster of 16 may not exist).
bool runnable(const HistogramOptions& o, std::int64_t nbins, std::int64_t n, std::size_t bytes) {
  try {
    (void)KokkosTile::Experimental::histogram_plan(ExecSpace(), nbins, n, bytes, o, o);
    return true;
  } catch (const KokkosTile::ResourceError&) {
    return false;
  }
}

/// Seeded samples: uniform over [-nbins/8, nbins + nbins/8] (so clamping happens) or skewed (90%
/// in 3 bins far apart, which sends most samples of a cluster to one block).
template <class T>
std::vector<T> integer_samples(std::int64_t n, std::int64_t nbins, bool skewed,
                               std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::int64_t low = std::is_signed_v<T> ? -(nbins / 8) - 1 : 0;
  std::uniform_int_distribution<std::int64_t> uniform(low, nbins + nbins / 8);
  std::uniform_int_distribution<int> coin(0, 9), hot(0, 2);
  std::vector<T> samples(static_cast<std::size_t>(n));
  for (auto& s : samples) {
    if (skewed && coin(engine) != 0)
      s = static_cast<T>(hot(engine) * (nbins / 3) + (nbins > 2 ? 1 : 0));
    else
      s = static_cast<T>(uniform(engine));
  }
  return samples;
}

template <class T>
std::int64_t reference_bin(T s, std::int64_t nbins) {
  if constexpr (std::is_signed_v<T>) {
    if (s < 0)
      return 0;
  }
  return static_cast<std::uint64_t>(s) >= static_cast<std::uint64_t>(nbins)
             ? nbins - 1
             : static_cast<std::int64_t>(s);
}

/// Device sample View of Layout (LayoutStride: every third element of a larger allocation).
template <class T, class Layout>
struct SampleHolder {
  Kokkos::View<T*, MemorySpace> storage;
  Kokkos::View<T*, Layout, MemorySpace> view;
  explicit SampleHolder(const std::vector<T>& values) {
    const std::int64_t n = static_cast<std::int64_t>(values.size());
    if constexpr (std::is_same_v<Layout, Kokkos::LayoutStride>) {
      storage = Kokkos::View<T*, MemorySpace>("samples", 3 * n + 1);
      view = Kokkos::View<T*, Layout, MemorySpace>(storage.data() + 1, Kokkos::LayoutStride(n, 3));
      auto host = Kokkos::create_mirror_view(storage);
      for (std::int64_t i = 0; i < n; ++i)
        host(1 + 3 * i) = values[i];
      Kokkos::deep_copy(storage, host);
    } else {
      // One element in, so the packets start after a head of scalars.
      storage = Kokkos::View<T*, MemorySpace>("samples", n + 1);
      view = Kokkos::View<T*, Layout, MemorySpace>(storage.data() + 1, n);
      auto host = Kokkos::create_mirror_view(storage);
      for (std::int64_t i = 0; i < n; ++i)
        host(1 + i) = values[i];
      Kokkos::deep_copy(storage, host);
    }
  }
};

/// Count View of Layout (LayoutStride: every other element), poisoned, or prefilled with `fill`.
template <class C, class Layout>
struct CountHolder {
  Kokkos::View<C*, MemorySpace> storage;
  Kokkos::View<C*, Layout, MemorySpace> view;
  CountHolder(std::int64_t nbins, C fill) {
    if constexpr (std::is_same_v<Layout, Kokkos::LayoutStride>) {
      storage = Kokkos::View<C*, MemorySpace>("counts", 2 * nbins);
      view = Kokkos::View<C*, Layout, MemorySpace>(storage.data(), Kokkos::LayoutStride(nbins, 2));
    } else {
      storage = Kokkos::View<C*, MemorySpace>("counts", nbins);
      view = storage;
    }
    Kokkos::deep_copy(storage, fill);
  }
  std::vector<C> read() const {
    auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), storage);
    std::vector<C> out(view.extent(0));
    const std::size_t step = std::is_same_v<Layout, Kokkos::LayoutStride> ? 2 : 1;
    for (std::size_t b = 0; b < out.size(); ++b)
      out[b] = host(b * step);
    return out;
  }
};

template <class C>
::testing::AssertionResult same_counts(const std::vector<C>& expected,
                                       const std::vector<C>& actual) {
  if (expected.size() != actual.size())
    return ::testing::AssertionFailure() << "sizes differ";
  for (std::size_t b = 0; b < expected.size(); ++b)
    if (expected[b] != actual[b])
      return ::testing::AssertionFailure()
             << "bin " << b << ": expected " << expected[b] << ", got " << actual[b];
  return ::testing::AssertionSuccess();
}

/// Every variant, the sizes and distributions given, for one sample type, counter and layouts.
template <class T, class C, class SampleLayout, class CountLayout>
void check_integer_counts(const std::vector<std::int64_t>& bin_counts,
                          const std::vector<std::int64_t>& sample_counts) {
  std::uint64_t seed = 1234;
  for (const std::int64_t nbins : bin_counts) {
    for (const std::int64_t n : sample_counts) {
      for (const bool skewed : {false, true}) {
        const std::vector<T> values = integer_samples<T>(n, nbins, skewed, ++seed);
        std::vector<C> expected(static_cast<std::size_t>(nbins), 0);
        for (const T s : values)
          ++expected[static_cast<std::size_t>(reference_bin(s, nbins))];
        const SampleHolder<T, SampleLayout> samples(values);
        for (const HistogramOptions& o : every_variant()) {
          if (!runnable(o, nbins, n, sizeof(C)))
            continue;
          CountHolder<C, CountLayout> counts(nbins, garbage<C>());
          KokkosTile::Experimental::histogram(ExecSpace(), samples.view, counts.view, o, o);
          ExecSpace().fence();
          EXPECT_TRUE(same_counts(expected, counts.read()))
              << describe(o) << ", " << nbins << " bins, " << n << " samples"
              << (skewed ? ", skewed" : ", uniform");
        }
      }
    }
  }
}

TEST(Histogram, IntSamplesEveryStrategyExact) {
  check_integer_counts<int, std::uint32_t, Kokkos::LayoutRight, Kokkos::LayoutRight>(
      {1, 7, 32, 1000, 4099}, {0, 1, 33, 100003});
}

TEST(Histogram, BinsBeyondOneBlockEveryStrategyExact) {
  // On CUDA 70,000 bins (280 KB) exceed a block's shared memory: shared is refused and the cluster
  // variant runs across blocks of a real cluster.
  check_integer_counts<int, std::uint32_t, Kokkos::LayoutRight, Kokkos::LayoutRight>({70000},
                                                                                     {300007});
}

// The host's partitioned variant cuts the bins into parts of 2^16: three parts and a ragged last
// one, and 64-bit counters with a stride, so that samples cross parts.
TEST(Histogram, BinsBeyondOnePartEveryStrategyExact) {
  if (!KokkosTile::Impl::is_host_backend<ExecSpace>())
    GTEST_SKIP() << "parts are a host design";
  const std::int64_t part = std::int64_t{1} << KokkosTile::Impl::histogram_host_part_shift;
  check_integer_counts<int, std::uint32_t, Kokkos::LayoutRight, Kokkos::LayoutRight>({3 * part + 5},
                                                                                     {200003});
  check_integer_counts<int, std::uint64_t, Kokkos::LayoutRight, Kokkos::LayoutStride>({part + 1},
                                                                                      {100003});
}

/// Lowers the samples a block counts per pass for its scope (Impl's test hook), so that inputs of
/// a few thousand samples take many passes: the path that inputs beyond 2^30 samples per block
/// take.
struct FewSamplesPerPass {
  explicit FewSamplesPerPass(std::int64_t samples) {
    KokkosTile::Impl::histogram_block_samples_per_pass_override() = samples;
  }
  ~FewSamplesPerPass() { KokkosTile::Impl::histogram_block_samples_per_pass_override() = 0; }
};

// Every variant that counts in passes (shared and cluster on CUDA, the cluster emulation on host
// backends), with passes of 64 samples per block: each pass must add to the counts the earlier
// passes left, and only the first may overwrite them.
TEST(Histogram, ManyPassesCountEverySampleOnce) {
  const FewSamplesPerPass few(64);
  check_integer_counts<int, std::uint32_t, Kokkos::LayoutRight, Kokkos::LayoutRight>({7, 1000},
                                                                                     {4001});
}

TEST(Histogram, StridedViewsAndWideTypes) {
  check_integer_counts<int, std::uint64_t, Kokkos::LayoutStride, Kokkos::LayoutStride>(
      {1, 33, 2000}, {0, 5, 20011});
  check_integer_counts<unsigned, std::uint32_t, Kokkos::LayoutLeft, Kokkos::LayoutStride>(
      {5, 1024}, {3, 20011});
  check_integer_counts<std::int64_t, std::uint64_t, Kokkos::LayoutRight, Kokkos::LayoutRight>(
      {5, 1024}, {3, 20011});
}

// GCC's and Clang's 128-bit integers (__extension__: -Wpedantic accepts them so).
__extension__ typedef __int128 Int128;

/// floor((x - lo) * nbins / (hi - lo)) in exact integer arithmetic, independent of the library:
/// each double is an integer times a power of two, scaled to a common power (the test's values
/// span at most 40 binary orders, so the products fit in 128 bits). -1 outside [lo, hi).
int exact_range_bin(double x, double lo, double hi, int nbins) {
  if (!(x >= lo && x < hi))
    return -1;
  const double value[3] = {x, lo, hi};
  double mantissa[3];  // value = mantissa * 2^exponent, |mantissa| < 1
  int exponent[3];
  int lowest = INT_MAX;
  for (int i = 0; i < 3; ++i) {
    mantissa[i] = std::frexp(value[i], &exponent[i]);
    if (value[i] != 0.0)
      lowest = std::min(lowest, exponent[i]);
  }
  Int128 scaled[3];
  for (int i = 0; i < 3; ++i) {
    const int shift = value[i] == 0.0 ? 0 : exponent[i] - lowest;
    EXPECT_LE(shift, 40) << "the exact reference cannot hold " << value[i];
    scaled[i] =
        static_cast<Int128>(std::ldexp(mantissa[i], 53)) * (static_cast<Int128>(1) << shift);
  }
  const Int128 bin = static_cast<Int128>(nbins) * (scaled[0] - scaled[1]) / (scaled[2] - scaled[1]);
  return static_cast<int>(bin);
}

template <class T>
std::vector<std::uint32_t> exact_range_counts(const std::vector<T>& values, double lo, double hi,
                                              int nbins) {
  std::vector<std::uint32_t> counts(nbins, 0);
  for (const T v : values) {
    const int b = exact_range_bin(static_cast<double>(v), lo, hi, nbins);
    if (b >= 0)
      ++counts[b];
  }
  return counts;
}

/// Every variant this backend runs counts `values` over [lo, hi) into nbins poisoned counts,
/// which must equal `expected`.
template <class T>
void expect_range_counts(const std::vector<T>& values, double lo, double hi, int nbins,
                         const std::vector<std::uint32_t>& expected) {
  const SampleHolder<T, Kokkos::LayoutRight> samples(values);
  for (const HistogramOptions& o : every_variant()) {
    if (!runnable(o, nbins, static_cast<std::int64_t>(values.size()), 4))
      continue;
    CountHolder<std::uint32_t, Kokkos::LayoutRight> counts(nbins, garbage<std::uint32_t>());
    KokkosTile::Experimental::histogram(ExecSpace(), samples.view, counts.view, lo, hi, o, o);
    ExecSpace().fence();
    EXPECT_TRUE(same_counts(expected, counts.read()))
        << describe(o) << ", [" << lo << ", " << hi << "), " << nbins << " bins";
  }
}

/// Floating-point samples over [lo, hi): the edges, out-of-range values, NaN and infinities, plus
/// seeded values.
template <class T>
void check_range_counts() {
  const double lo = -2.5, hi = 7.25;
  for (const int nbins : {1, 10, 1000}) {
    std::vector<T> values = {static_cast<T>(lo),
                             static_cast<T>(hi),
                             std::nextafter(static_cast<T>(hi), static_cast<T>(lo)),
                             std::nextafter(static_cast<T>(lo), static_cast<T>(-100)),
                             std::numeric_limits<T>::quiet_NaN(),
                             std::numeric_limits<T>::infinity(),
                             -std::numeric_limits<T>::infinity(),
                             static_cast<T>(100),
                             static_cast<T>(-100)};
    std::mt19937_64 engine(99 + nbins);
    std::uniform_real_distribution<double> uniform(lo - 1.0, hi + 1.0);
    for (int i = 0; i < 50000; ++i)
      values.push_back(static_cast<T>(uniform(engine)));
    const std::vector<std::uint32_t> expected = exact_range_counts(values, lo, hi, nbins);
    // The edges by hand: lo is in bin 0, the value below hi in the last bin, hi is dropped.
    ASSERT_GE(expected[0], 1u);
    ASSERT_GE(expected[nbins - 1], 1u);
    expect_range_counts(values, lo, hi, nbins, expected);
  }
}

TEST(Histogram, FloatAndDoubleRangesDropOutsideAndNaN) {
  check_range_counts<float>();
  check_range_counts<double>();
}

/// Samples on and around every bin edge (each edge as two roundings give it, and the doubles or
/// floats up to 3 steps either side), so that the exact edge test decides most of them.
template <class T>
void check_samples_at_edges(double lo, double hi, int nbins) {
  std::vector<T> values;
  std::mt19937_64 engine(7 + nbins);
  std::uniform_int_distribution<int> any_edge(1, nbins - 1);
  const int edges = std::min(nbins - 1, 3000);
  for (int i = 0; i < edges; ++i) {
    const int b = edges == nbins - 1 ? i + 1 : any_edge(engine);
    for (const double edge : {lo + b * (hi - lo) / nbins, lo + b * ((hi - lo) / nbins)}) {
      T below = static_cast<T>(edge), above = below;
      values.push_back(below);
      for (int step = 0; step < 3; ++step) {
        below = std::nextafter(below, static_cast<T>(lo));
        above = std::nextafter(above, static_cast<T>(hi));
        values.push_back(below);
        values.push_back(above);
      }
    }
  }
  expect_range_counts(values, lo, hi, nbins, exact_range_counts(values, lo, hi, nbins));
}

/// The bin of a floating-point sample is exact for its double value: 0.3, 0.6 and 0.7 in [0, 1)
/// with 10 bins are just below 3/10, 6/10 and 7/10 (one bin above where (x - lo) * scale rounds).
TEST(Histogram, RangeBinsAreExactForTheSamplesDoubleValue) {
  const std::vector<double> tenths = {0.3, 0.6, 0.7, 0.1 * 3, 0.5};
  EXPECT_EQ(exact_range_bin(0.3, 0.0, 1.0, 10), 2);      // the reference itself, by hand
  EXPECT_EQ(exact_range_bin(0.1 * 3, 0.0, 1.0, 10), 3);  // 0.30000000000000004
  expect_range_counts(tenths, 0.0, 1.0, 10, {0, 0, 1, 1, 0, 2, 1, 0, 0, 0});
  check_samples_at_edges<double>(0.0, 1.0, 10);
  check_samples_at_edges<double>(-2.5, 7.25, 1000);
  check_samples_at_edges<double>(0.1, 0.7, 3);
  check_samples_at_edges<double>(-1e-3, 1e-3, 999);
  check_samples_at_edges<double>(1e5, 1e5 + 1.0, 7);
  check_samples_at_edges<double>(-3.0, 1e4, 100003);
  check_samples_at_edges<float>(0.0, 1.0, 10);
  check_samples_at_edges<float>(-2.5, 7.25, 1000);
  check_samples_at_edges<float>(0.1, 0.7, 3);
}

TEST(Histogram, EmptyInputOverwritesAndAccumulateAdds) {
  Kokkos::View<int*, MemorySpace> none("none", 0);
  for (HistogramOptions o : every_variant()) {
    if (!runnable(o, 17, 0, 4))
      continue;
    CountHolder<std::uint32_t, Kokkos::LayoutRight> counts(17, garbage<std::uint32_t>());
    KokkosTile::Experimental::histogram(none, counts.view, o, o);
    EXPECT_TRUE(same_counts(std::vector<std::uint32_t>(17, 0u), counts.read())) << describe(o);
    o.accumulate = true;
    CountHolder<std::uint32_t, Kokkos::LayoutRight> kept(17, 5u);
    KokkosTile::Experimental::histogram(none, kept.view, o, o);
    EXPECT_TRUE(same_counts(std::vector<std::uint32_t>(17, 5u), kept.read())) << describe(o);
  }
}

TEST(Histogram, ClampsOutOfRangeIntegersAndOneBinTakesAll) {
  const std::vector<int> values = {INT_MIN, -5, -1, 0, 3, 4, 5, 1000, INT_MAX};
  const SampleHolder<int, Kokkos::LayoutRight> samples(values);
  for (const HistogramOptions& o : every_variant()) {
    if (!runnable(o, 5, 9, 4))
      continue;
    CountHolder<std::uint32_t, Kokkos::LayoutRight> five(5, garbage<std::uint32_t>());
    KokkosTile::Experimental::histogram(samples.view, five.view, o, o);
    EXPECT_TRUE(same_counts(std::vector<std::uint32_t>{4, 0, 0, 1, 4}, five.read())) << describe(o);
    CountHolder<std::uint32_t, Kokkos::LayoutRight> one(1, garbage<std::uint32_t>());
    KokkosTile::Experimental::histogram(samples.view, one.view, o, o);
    EXPECT_TRUE(same_counts(std::vector<std::uint32_t>{9}, one.read())) << describe(o);
  }
}

TEST(Histogram, ThirtyTwoBitCountersWrapModuloTwoToThe32) {
  // 2^32 samples would take minutes; accumulating into counts near the top shows the same rule:
  // unsigned counters wrap (as CUB's do).
  const std::vector<int> values(10, 2);
  const SampleHolder<int, Kokkos::LayoutRight> samples(values);
  for (HistogramOptions o : every_variant()) {
    if (!runnable(o, 4, 10, 4))
      continue;
    o.accumulate = true;
    CountHolder<std::uint32_t, Kokkos::LayoutRight> counts(4, 4294967293u);
    KokkosTile::Experimental::histogram(samples.view, counts.view, o, o);
    EXPECT_TRUE(same_counts(std::vector<std::uint32_t>{4294967293u, 4294967293u, 7u, 4294967293u},
                            counts.read()))
        << describe(o);
    CountHolder<std::uint64_t, Kokkos::LayoutRight> wide(4, 4294967293ull);
    KokkosTile::Experimental::histogram(samples.view, wide.view, o, o);
    EXPECT_EQ(wide.read()[2], 4294967303ull) << describe(o);
  }
}

TEST(Histogram, ConstSamplesAndSmallIntegerTypes) {
  // Const Views and 2-byte samples (eight to a 16-byte packet) take the same paths.
  const std::vector<std::int16_t> values = {-3, 0, 1, 2, 7, 7, 7, 9, 31000, 4, 5, 6, 1, 1, 0, 2, 3};
  const SampleHolder<std::int16_t, Kokkos::LayoutRight> samples(values);
  const Kokkos::View<const std::int16_t*, Kokkos::LayoutRight, MemorySpace> read_only =
      samples.view;
  std::vector<std::uint32_t> expected(8, 0);
  for (const std::int16_t v : values)
    ++expected[static_cast<std::size_t>(reference_bin(v, 8))];
  for (const HistogramOptions& o : every_variant()) {
    if (!runnable(o, 8, static_cast<std::int64_t>(values.size()), 4))
      continue;
    CountHolder<std::uint32_t, Kokkos::LayoutRight> counts(8, garbage<std::uint32_t>());
    KokkosTile::Experimental::histogram(read_only, counts.view, o, o);
    EXPECT_TRUE(same_counts(expected, counts.read())) << describe(o);
  }
}

struct ModuloFill {
  Kokkos::View<int*, MemorySpace> samples;
  KOKKOS_FUNCTION void operator()(int i) const { samples(i) = i % 8; }
};

TEST(Histogram, ResultsOnAnInstanceAreOrderedWithItsWork) {
  const ExecSpace space;
  Kokkos::View<int*, MemorySpace> samples("samples", 4096);
  Kokkos::View<std::uint32_t*, MemorySpace> counts("counts", 8);
  Kokkos::parallel_for(Kokkos::RangePolicy<ExecSpace>(space, 0, 4096), ModuloFill{samples});
  KokkosTile::histogram(space, samples, counts);
  auto host = Kokkos::create_mirror_view(counts);
  Kokkos::deep_copy(space, host, counts);
  space.fence();
  for (int b = 0; b < 8; ++b)
    EXPECT_EQ(host(b), 512u) << "bin " << b;
}

TEST(HistogramErrors, RejectBadArgumentsNamingTheCall) {
  Kokkos::View<int*, MemorySpace> samples("samples", 10);
  Kokkos::View<double*, MemorySpace> reals("reals", 10);
  Kokkos::View<std::uint32_t*, MemorySpace> none("none", 0), counts("counts", 4);
  try {
    KokkosTile::histogram(samples, none);
    ADD_FAILURE() << "zero bins accepted";
  } catch (const KokkosTile::InvalidArgument& error) {
    EXPECT_NE(std::string(error.what()).find("KokkosTile::histogram"), std::string::npos);
  }
  using KokkosTile::InvalidArgument;
  EXPECT_TRUE(throws_with<InvalidArgument>([&] { KokkosTile::histogram(samples, none); },
                                           {"KokkosTile::histogram", "counts has 0 bins"}));
  EXPECT_TRUE(throws_with<InvalidArgument>([&] { KokkosTile::histogram(reals, none, 0.0, 1.0); },
                                           {"KokkosTile::histogram", "counts has 0 bins"}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::histogram(reals, counts, 1.0, 1.0); },
      {"KokkosTile::histogram", "the range [1, 1) must be finite and not empty"}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [] { (void)KokkosTile::histogram_plan(ExecSpace(), 0, 10); },
      {"KokkosTile::histogram_plan", "nbins is 0; it must be in [1, "}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [] { (void)KokkosTile::histogram_plan(ExecSpace(), 10, 10, 2); },
      {"KokkosTile::histogram_plan", "counters are 4 or 8 bytes, not 2"}));
  EXPECT_THROW(KokkosTile::histogram(reals, counts, 2.0, 1.0), KokkosTile::InvalidArgument);
  EXPECT_THROW(KokkosTile::histogram(reals, counts, std::nan(""), 1.0),
               KokkosTile::InvalidArgument);
  EXPECT_THROW(KokkosTile::histogram(reals, counts, -std::numeric_limits<double>::max(),
                                     std::numeric_limits<double>::max()),
               KokkosTile::InvalidArgument);
  // A finite width whose product with the bin count is not (the exact edge test needs it).
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::histogram(reals, counts, 0.0, std::numeric_limits<double>::max() / 2); },
      {"KokkosTile::histogram", "times its width finite"}));
  EXPECT_THROW(KokkosTile::histogram_plan(ExecSpace(), 0, 10), KokkosTile::InvalidArgument);
  EXPECT_THROW(KokkosTile::histogram_plan(ExecSpace(), 10, 10, 2), KokkosTile::InvalidArgument);
  for (const HistogramVariant s : {HistogramVariant::shared, HistogramVariant::cluster}) {
    HistogramOptions o;
    o.variant = s;
    try {
      (void)KokkosTile::histogram_plan(ExecSpace(), INT_MAX, std::int64_t{1} << 40, 8, o);
      ADD_FAILURE() << KokkosTile::to_string(s) << " accepted " << INT_MAX << " bins";
    } catch (const KokkosTile::ResourceError& error) {
      const std::string message = error.what();
      EXPECT_NE(message.find("KokkosTile::histogram"), std::string::npos) << message;
      EXPECT_NE(message.find("bytes"), std::string::npos) << message;
    }
  }
  HistogramOptions odd;
  odd.variant = HistogramVariant::cluster;
  odd.cluster_size = 3;
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { (void)KokkosTile::histogram_plan(ExecSpace(), 100, 100, 4, odd); },
      {"KokkosTile::histogram_plan", "cluster_size 3 is not 0 (choose), 2, 4, 8 or 16"}));
}

// Inputs that used to be accepted silently (issue 55's cases 2, 3, 4 and 6): refused with the
// call's name, or (samples of any rank) counted.
TEST(HistogramErrors, RejectAliasingRangesAndEnumsThatCountWrong) {
  using KokkosTile::InvalidArgument;
  Kokkos::View<std::uint32_t*, MemorySpace> storage("storage", 1000);
  // Counts that are the samples' own elements.
  auto first_ten = Kokkos::subview(storage, Kokkos::make_pair(0, 10));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::histogram(storage, first_ten); },
      {"KokkosTile::histogram", "samples and counts overlap: they share elements"}));
  // Counts whose bins are one element (stride 0).
  Kokkos::View<std::uint32_t*, Kokkos::LayoutStride, MemorySpace> one_element(
      storage.data() + 500, Kokkos::LayoutStride(8, 0));
  Kokkos::View<int*, MemorySpace> samples("samples", 100);
  EXPECT_TRUE(throws_with<InvalidArgument>([&] { KokkosTile::histogram(samples, one_element); },
                                           {"KokkosTile::histogram", "counts has stride 0"}));
  // A range so narrow that nbins / (hi - lo) overflows.
  Kokkos::View<double*, MemorySpace> reals("reals", 2);
  Kokkos::View<std::uint32_t*, MemorySpace> thousand("thousand", 1000);
  EXPECT_TRUE(
      throws_with<InvalidArgument>([&] { KokkosTile::histogram(reals, thousand, 0.0, 1e-306); },
                                   {"KokkosTile::histogram", "must be finite and not empty"}));
  // Variants outside the enumeration.
  HistogramOptions bad;
  bad.variant = static_cast<HistogramVariant>(9);
  EXPECT_TRUE(throws_with<InvalidArgument>([&] { KokkosTile::histogram(samples, thousand, bad); },
                                           {"KokkosTile::histogram", "variant 9 is not a"}));
  // The label overload names the call.
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::histogram("image::counts", ExecSpace(), storage, first_ten); },
      {"image::counts", "samples and counts overlap"}));
}

// Samples of rank 2 (an image) are counted as one array; a strided rank-2 subview is refused.
TEST(HistogramLayouts, SamplesOfAnyRank) {
  Kokkos::View<int**, Kokkos::LayoutRight, MemorySpace> image("image", 37, 41);
  auto host_image = Kokkos::create_mirror_view(image);
  for (int i = 0; i < 37; ++i)
    for (int j = 0; j < 41; ++j)
      host_image(i, j) = (i * 41 + j) % 16;
  Kokkos::deep_copy(image, host_image);
  Kokkos::View<std::uint32_t*, MemorySpace> counts("counts", 16);
  KokkosTile::histogram(image, counts);
  const auto host = to_host(counts);
  std::uint32_t expected[16] = {};
  for (int k = 0; k < 37 * 41; ++k)
    ++expected[k % 16];
  for (int b = 0; b < 16; ++b)
    EXPECT_EQ(host(b), expected[b]) << "bin " << b;
  auto columns = Kokkos::subview(image, Kokkos::ALL, Kokkos::make_pair(0, 20));
  EXPECT_TRUE(throws_with<KokkosTile::InvalidArgument>(
      [&] { KokkosTile::histogram(columns, counts); },
      {"KokkosTile::histogram", "samples of rank 2 are read as one array and must be contiguous"}));
}

TEST(HistogramPlan, AutomaticChoiceAtTheTierBoundaries) {
  const ExecSpace space;
  const std::int64_t big = std::int64_t{1} << 40;  // samples: copies always pay on the host
  if constexpr (on_cuda()) {
    // Shared while the bins fit one block's opt-in shared memory, then global atomics (the cluster
    // variant only when forced, up to what a cluster holds).
    const std::size_t limit = KokkosTile::max_cluster_scratch_bytes(space);
    const std::int64_t shared = KokkosTile::histogram_capacity(space, HistogramVariant::shared);
    EXPECT_EQ(shared, static_cast<std::int64_t>(limit / 128 * 32));  // whole rows of 32 bins
    EXPECT_EQ(KokkosTile::histogram_variant_for(space, shared, big), HistogramVariant::shared);
    EXPECT_EQ(KokkosTile::histogram_variant_for(space, shared + 1, big),
              HistogramVariant::global_atomics);
    EXPECT_EQ(KokkosTile::histogram_variant_for(space, 256, big), HistogramVariant::shared);
    EXPECT_EQ(KokkosTile::histogram_variant_for(space, std::int64_t{1} << 22, big),
              HistogramVariant::global_atomics);
    const std::int64_t cluster = KokkosTile::histogram_capacity(space, HistogramVariant::cluster);
    EXPECT_GT(cluster, shared);
    EXPECT_LE(cluster, static_cast<std::int64_t>(16 * (limit / 4)));
    HistogramOptions forced;
    forced.variant = HistogramVariant::cluster;
    EXPECT_EQ(KokkosTile::histogram_plan(space, cluster, big, 4, forced).variant,
              HistogramVariant::cluster);
    EXPECT_THROW((void)KokkosTile::histogram_plan(space, cluster + 1, big, 4, forced),
                 KokkosTile::ResourceError);
    forced.variant = HistogramVariant::partitioned;  // a host design
    EXPECT_THROW((void)KokkosTile::histogram_plan(space, 256, big, 4, forced),
                 KokkosTile::ResourceError);
  } else if constexpr (KokkosTile::Impl::is_host_backend<ExecSpace>()) {
    // Private copies while their counters are at most a quarter of the samples and fit the
    // memory budget.
    const std::int64_t copies = KokkosTile::Impl::histogram_copies(space);
    const std::int64_t budget = static_cast<std::int64_t>(
        KokkosTile::Impl::histogram_host_copy_budget / (copies * sizeof(std::uint32_t)));
    EXPECT_EQ(KokkosTile::histogram_variant_for(space, budget, big), HistogramVariant::shared);
    if (budget < INT_MAX) {
      EXPECT_EQ(KokkosTile::histogram_variant_for(space, budget + 1, big),
                HistogramVariant::global_atomics);
    }
    const std::int64_t samples = 1000;
    if (copies == 1) {
      EXPECT_EQ(KokkosTile::histogram_variant_for(space, 1 << 20, samples),
                HistogramVariant::shared);
    } else {
      const std::int64_t most =
          samples / (KokkosTile::Impl::histogram_samples_per_copied_bin * copies);
      EXPECT_EQ(KokkosTile::histogram_variant_for(space, most, samples), HistogramVariant::shared);
      EXPECT_EQ(KokkosTile::histogram_variant_for(space, most + 1, samples),
                HistogramVariant::global_atomics);
      // Where copies do not pay: counters past one part's are partitioned, while the sort of one
      // 16-bit bin per sample fits the memory budget.
      const std::int64_t part = std::int64_t{1} << KokkosTile::Impl::histogram_host_part_shift;
      EXPECT_EQ(KokkosTile::histogram_variant_for(space, part, 4 * part),
                HistogramVariant::global_atomics);
      EXPECT_EQ(KokkosTile::histogram_variant_for(space, part + 1, 4 * part),
                HistogramVariant::partitioned);
      const std::int64_t sorted_most =
          static_cast<std::int64_t>(KokkosTile::Impl::histogram_host_copy_budget / 2);
      EXPECT_EQ(KokkosTile::histogram_variant_for(space, 1 << 27, sorted_most),
                HistogramVariant::partitioned);
      EXPECT_EQ(KokkosTile::histogram_variant_for(space, 1 << 27, sorted_most + 1),
                HistogramVariant::global_atomics);
    }
  }
}

}  // namespace
}  // namespace KokkosTileTest
