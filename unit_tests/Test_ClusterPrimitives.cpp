// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tests of cluster_histogram and cluster_sum (KokkosTile_ClusterPrimitives.hpp) inside a test's own
// parallel_for_cluster kernels, native and emulated, against host loops: every cluster size, bins
// from 1 to more than a block's share of many samples, samples outside the bins, 32- and 64-bit
// counts added to, shares of different lengths (some empty), and sums that every thread of the
// cluster must get alike.
#include <KokkosTile_ClusterPrimitives.hpp>

#include "TestHelpers.hpp"
#include "impl/core/Core_BackendTraits.hpp"

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

namespace KokkosTileTest {
namespace {

using Member = KokkosTile::ClusterMember<ExecSpace>;
using Policy = KokkosTile::ClusterPolicy<ExecSpace>;
using KokkosTile::ClusterMode;

template <class Count>
void check_cluster_histogram(ClusterMode mode, int size, int nbins, int per_block) {
  const int team = cluster_team_size(size);
  const std::size_t bytes = KokkosTile::cluster_histogram_scratch_bytes(nbins, size);
  if (KokkosTile::max_cluster_size(ExecSpace(), team, bytes, mode) < size)
    return;
  SCOPED_TRACE(testing::Message() << "mode " << int(mode) << ", cluster " << size << ", " << nbins
                                  << " bins, " << per_block << " per block, " << sizeof(Count) * 8
                                  << "-bit counts");
  const auto policy = Policy::from_clusters(ExecSpace(), 3, size, team, bytes).set_mode(mode);
  const int league = policy.league_size();
  const int n = league * per_block - per_block / 2;  // the last block's share is shorter
  Kokkos::View<int*, MemorySpace> samples("samples", n);
  Kokkos::View<Count*, MemorySpace> counts("counts", nbins);
  auto h_samples = Kokkos::create_mirror_view(samples);
  std::mt19937_64 engine(std::uint64_t(nbins) * 7 + size);
  std::uniform_int_distribution<int> draw(-3, nbins + 3);  // some outside: clamped
  for (int i = 0; i < n; ++i)
    h_samples(i) = draw(engine);
  Kokkos::deep_copy(samples, h_samples);
  Kokkos::deep_copy(counts, Count(5));  // added to
  KokkosTile::parallel_for_cluster(
      "test_cluster_histogram", policy, KOKKOS_LAMBDA(const Member& m) {
        const int first = Kokkos::min(n, m.league_rank() * per_block);
        const int last = Kokkos::min(n, first + per_block);
        KokkosTile::cluster_histogram(m, Kokkos::subview(samples, Kokkos::make_pair(first, last)),
                                      counts);
      });
  Kokkos::fence();
  std::vector<std::uint64_t> expected(nbins, 5);
  for (int i = 0; i < n; ++i)
    ++expected[std::clamp(h_samples(i), 0, nbins - 1)];
  const auto h_counts = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), counts);
  int failures = 0;
  for (int b = 0; b < nbins; ++b)
    failures += std::uint64_t(h_counts(b)) != expected[b];
  EXPECT_EQ(failures, 0);
}

TEST(ClusterPrimitives, Histogram) {
  SKIP_WITHOUT_CLUSTERS();
  for (const ClusterMode mode : {ClusterMode::automatic, ClusterMode::emulated}) {
    for (const int size : {1, 2, 4, 8, 16}) {
      check_cluster_histogram<std::uint32_t>(mode, size, 1, 100);
      check_cluster_histogram<std::uint32_t>(mode, size, 7, 1000);
      check_cluster_histogram<std::uint64_t>(mode, size, 300, 777);
      check_cluster_histogram<std::uint32_t>(mode, size, 4099, 50);  // slices of many bins
    }
  }
}

template <class T>
void check_cluster_sum(ClusterMode mode, int size) {
  const int team = cluster_team_size(size);
  const std::size_t bytes = KokkosTile::cluster_sum_scratch_bytes<T>(team, size);
  if (KokkosTile::max_cluster_size(ExecSpace(), team, bytes, mode) < size)
    return;
  SCOPED_TRACE(testing::Message() << "mode " << int(mode) << ", cluster " << size << ", "
                                  << sizeof(T) << "-byte values");
  const auto policy = Policy::from_clusters(ExecSpace(), 3, size, team, bytes).set_mode(mode);
  const int league = policy.league_size();
  Kokkos::View<T**, MemorySpace> out("out", league, team);
  Kokkos::deep_copy(out, poison<T>());
  KokkosTile::parallel_for_cluster(
      "test_cluster_sum", policy, KOKKOS_LAMBDA(const Member& m) {
        const T mine = T(m.league_rank() * 1000 + m.team_rank() + 1);
        const T total = KokkosTile::cluster_sum(m, mine);
        const T again = KokkosTile::cluster_sum(m, T(1));  // the scratch reused at once
        out(m.league_rank(), m.team_rank()) = total + T(2) * again;
      });
  Kokkos::fence();
  const auto h_out = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  const int threads =
      KokkosTile::Impl::is_host_backend<ExecSpace>() ? 1 : team;  // host: teams of one
  int failures = 0;
  for (int block = 0; block < league; ++block) {
    const int first = block - block % size;
    T expected = 0;
    for (int b = first; b < first + size; ++b)
      for (int t = 0; t < threads; ++t)
        expected += T(b * 1000 + t + 1);
    expected += T(2) * T(size * threads);
    for (int t = 0; t < threads; ++t)
      failures += !(h_out(block, t) == expected);
  }
  EXPECT_EQ(failures, 0);
}

TEST(ClusterPrimitives, Sum) {
  SKIP_WITHOUT_CLUSTERS();
  for (const ClusterMode mode : {ClusterMode::automatic, ClusterMode::emulated}) {
    for (const int size : {1, 2, 4, 8, 16}) {
      check_cluster_sum<double>(mode, size);
      check_cluster_sum<std::int64_t>(mode, size);
    }
  }
}

}  // namespace
}  // namespace KokkosTileTest
