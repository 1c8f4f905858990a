// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tests of KokkosTile::parallel_for_large_scratch: plain team kernels with more level-0 scratch
// than Kokkos grants (on CUDA: 200 KB of shared memory per team, where Kokkos allows about 40 KB).
#include <KokkosTile_Cluster.hpp>
#include <KokkosTile_ScratchBudget.hpp>

#include "TestHelpers.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace KokkosTileTest {
namespace {

using Member = KokkosTile::ClusterMember<ExecSpace>;
using LargePolicy = KokkosTile::LargeScratchPolicy<ExecSpace>;

/// Each team stages a chunk of `in` that fills its scratch, waits, and writes it reversed (the
/// seed's reversal with one chunk per team).
void reverse_chunks(const LargePolicy& policy, const Kokkos::View<const float*, MemorySpace>& in,
                    const Kokkos::View<float*, MemorySpace>& out) {
  const int chunk = static_cast<int>(policy.scratch_bytes() / sizeof(float));
  KokkosTile::parallel_for_large_scratch(
      "test_reverse_chunks", policy, KOKKOS_LAMBDA(const Member& m) {
        float* const staged = m.team_scratch<float>();
        const std::int64_t start = static_cast<std::int64_t>(m.league_rank()) * chunk;
        KokkosTile::team_for(m, chunk, [&](int i) { staged[i] = in(start + i); });
        m.team_barrier();
        KokkosTile::team_for(m, chunk, [&](int i) { out(start + i) = staged[chunk - 1 - i]; });
      });
  Kokkos::fence();
}

::testing::AssertionResult reverses_chunks(const LargePolicy& policy) {
  const int chunk = static_cast<int>(policy.scratch_bytes() / sizeof(float));
  const std::int64_t n = static_cast<std::int64_t>(chunk) * policy.league_size();
  Kokkos::View<float*, MemorySpace> in("in", n), out("out", n);
  const auto host_in = fill_random_device(in, 77 + n);
  Kokkos::deep_copy(out, poison<float>());
  reverse_chunks(policy, in, out);
  const auto host_out = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  for (std::int64_t i = 0; i < n; ++i) {
    const std::int64_t block = i / chunk, offset = i % chunk;
    const float expected = host_in(block * chunk + chunk - 1 - offset);
    if (!same_value(expected, host_out(i)))
      return ::testing::AssertionFailure()
             << "scratch " << policy.scratch_bytes() << ", element " << i << ": "
             << same_value(expected, host_out(i)).message();
  }
  return ::testing::AssertionSuccess();
}

TEST(LargeScratch, TeamsUseMoreScratchThanLevelZero) {
  SKIP_WITHOUT_CLUSTERS();
  const std::size_t level0 = KokkosTile::scratch_capacity(ExecSpace(), 0);
  for (const std::size_t bytes : std::vector<std::size_t>{4096, level0 + 4096, 200 * 1024}) {
    for (const auto mode :
         {KokkosTile::ClusterMode::automatic, KokkosTile::ClusterMode::emulated}) {
      LargePolicy policy(ExecSpace(), 7, 256, bytes);
      policy.set_mode(mode);
      ASSERT_TRUE(reverses_chunks(policy)) << KokkosTile::cluster_mode_name(mode);
    }
  }
}

/// A kernel of its own for the occupancy queries below (no attribute set on it yet).
struct FreshKernel {
  // A template, so that builds where no backend calls it (Serial) do not warn that it is unused.
  template <class AnyMember>
  KOKKOS_FUNCTION void operator()(const AnyMember&) const {}
};

/// The bar: 200 KB of scratch per team through the library, beyond Kokkos' level 0.
TEST(LargeScratch, TwoHundredKilobytesPerTeamOnCuda) {
  SKIP_WITHOUT_CLUSTERS();
#ifdef KOKKOS_ENABLE_CUDA
  if constexpr (std::is_same_v<ExecSpace, Kokkos::Cuda>) {
    const std::size_t bytes = 200 * 1024;
    EXPECT_GT(bytes, KokkosTile::scratch_capacity(ExecSpace(), 0));
    EXPECT_GE(KokkosTile::max_cluster_scratch_bytes(ExecSpace()), bytes);
    using KokkosTile::max_active_clusters;
    EXPECT_GE(max_active_clusters(ExecSpace(), 1, 256, bytes), 1)
        << "(1, 128, 200 KB): " << max_active_clusters(ExecSpace(), 1, 128, bytes)
        << ", (1, 256, 100000): " << max_active_clusters(ExecSpace(), 1, 256, 100000)
        << ", (2, 256, 200 KB): " << max_active_clusters(ExecSpace(), 2, 256, bytes)
        << ", emulated (1, 256, 200 KB): "
        << max_active_clusters(ExecSpace(), 1, 256, bytes, KokkosTile::ClusterMode::emulated)
        << "; fresh kernel (1, 256, 200 KB): "
        << max_active_clusters<FreshKernel>(ExecSpace(), 1, 256, bytes)
        << ", (16, 128, 227 KB): " << max_active_clusters<FreshKernel>(ExecSpace(), 16, 128, 232448)
        << ", then (1, 192, 200 KB): "
        << max_active_clusters<FreshKernel>(ExecSpace(), 1, 192, bytes)
        << ", (8, 128, 227 KB): " << max_active_clusters<FreshKernel>(ExecSpace(), 8, 128, 232448);
    ASSERT_TRUE(reverses_chunks(LargePolicy(ExecSpace(), 264, 256, bytes)));
    return;
  }
#endif
  GTEST_SKIP() << "CUDA only";
}

TEST(LargeScratch, ScratchBeyondTheDeviceLimitIsAResourceError) {
  SKIP_WITHOUT_CLUSTERS();
  const std::size_t limit = KokkosTile::max_cluster_scratch_bytes(ExecSpace());
  try {
    reverse_chunks(LargePolicy(ExecSpace(), 1, 64, limit + 4),
                   Kokkos::View<const float*, MemorySpace>(), Kokkos::View<float*, MemorySpace>());
    FAIL() << "no exception";
  } catch (const KokkosTile::ResourceError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("parallel_for_large_scratch(\"test_reverse_chunks\")"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find(std::to_string(limit + 4)), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace KokkosTileTest
