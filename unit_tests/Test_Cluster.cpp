// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tests of KokkosTile_Cluster.hpp: the same cluster code on every backend, native clusters on sm_90
// and the emulation everywhere (ClusterMode::emulated forces it on a Hopper GPU too). Outputs are
// poisoned and checked element by element against values computed on the host.
#include <KokkosTile_Cluster.hpp>
#include <KokkosTile_ScratchBudget.hpp>

#include "TestHelpers.hpp"

#include <chrono>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#ifdef __linux__
#include <dirent.h>
#include <sched.h>
#endif

namespace KokkosTileTest {
namespace {

using Member = KokkosTile::ClusterMember<ExecSpace>;
using Policy = KokkosTile::ClusterPolicy<ExecSpace>;
using KokkosTile::ClusterMode;

/// What block `block` writes at element i.
KOKKOS_INLINE_FUNCTION int ring_value(int block, int i, int round) {
  return block * 100003 + i * 7 + round;
}

/// Two rounds: each block writes into the scratch of the next block of its cluster, then (after
/// reading that back) into the previous one. out(round, block, i) is what the block found in its
/// own scratch.
void ring_exchange(const Policy& policy, int elements,
                   const Kokkos::View<int***, MemorySpace>& out) {
  KokkosTile::parallel_for_cluster(
      "test_ring_exchange", policy, KOKKOS_LAMBDA(const Member& m) {
        const int size = m.cluster_size();
        const int rank = m.cluster_rank();
        int* const mine = m.team_scratch<int>();
        for (int round = 0; round < 2; ++round) {
          const int target = round == 0 ? (rank + 1) % size : (rank + size - 1) % size;
          int* const theirs = m.cluster_scratch<int>(target);
          KokkosTile::team_for(m, elements,
                               [&](int i) { theirs[i] = ring_value(m.league_rank(), i, round); });
          m.cluster_barrier();
          KokkosTile::team_for(m, elements,
                               [&](int i) { out(round, m.league_rank(), i) = mine[i]; });
          // Nobody writes the next round into this scratch before it has been read.
          m.cluster_barrier();
        }
      });
  Kokkos::fence();
}

::testing::AssertionResult ring_matches(const Policy& policy, int elements) {
  const int league = policy.league_size();
  Kokkos::View<int***, MemorySpace> out("out", 2, league, elements);
  Kokkos::deep_copy(out, poison<int>());
  ring_exchange(policy, elements, out);
  auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  const int size = policy.cluster_size();
  for (int round = 0; round < 2; ++round) {
    for (int block = 0; block < league; ++block) {
      const int rank = block % size;
      const int first = block - rank;
      const int source = first + (round == 0 ? (rank + size - 1) % size : (rank + 1) % size);
      for (int i = 0; i < elements; ++i) {
        if (host(round, block, i) != ring_value(source, i, round))
          return ::testing::AssertionFailure()
                 << "cluster size " << size << ", mode "
                 << KokkosTile::cluster_mode_name(policy.mode()) << ", scratch "
                 << policy.scratch_bytes() << ": round " << round << ", block " << block
                 << ", element " << i << ": expected " << ring_value(source, i, round) << ", got "
                 << host(round, block, i);
      }
    }
  }
  return ::testing::AssertionSuccess();
}

std::vector<ClusterMode> modes() {
  return {ClusterMode::automatic, ClusterMode::emulated};
}

TEST(Cluster, RingExchangeThroughNeighbourScratchForEveryClusterSize) {
  SKIP_WITHOUT_CLUSTERS();
  for (const ClusterMode mode : modes()) {
    for (const int size : {1, 2, 4, 8, 16}) {
      const int team = cluster_team_size(size);
      const std::size_t bytes = 4096 * sizeof(int) + 12;  // not a multiple of the alignment
      if (KokkosTile::max_cluster_size(ExecSpace(), team, bytes, mode) < size) {
        ASSERT_EQ(size, 16) << "clusters up to 8 must run everywhere";
        continue;
      }
      for (const int num_clusters : {1, 3}) {
        const auto policy =
            Policy::from_clusters(ExecSpace(), num_clusters, size, team, bytes).set_mode(mode);
        ASSERT_TRUE(ring_matches(policy, 4096));
      }
    }
  }
}

/// The same exchange with scratch just below and just above what Kokkos grants a team at level 0,
/// and with the largest scratch a block may have (capped at 227 KB on the host).
TEST(Cluster, RingExchangeOnBothSidesOfTheLevelZeroLimit) {
  SKIP_WITHOUT_CLUSTERS();
  const std::size_t level0 = KokkosTile::scratch_capacity(ExecSpace(), 0);
  const std::size_t largest =
      std::min<std::size_t>(KokkosTile::max_cluster_scratch_bytes(ExecSpace()), 232448);
  for (const ClusterMode mode : modes()) {
    for (const std::size_t bytes : std::vector<std::size_t>{level0 - 16, level0 + 16, largest}) {
      if (KokkosTile::max_cluster_size(ExecSpace(), 128, bytes, mode) < 2)
        continue;  // the CUDA emulation holds a whole cluster's scratch in one block
      const auto policy = Policy(ExecSpace(), 4, 2, 128, bytes).set_mode(mode);
      ASSERT_TRUE(ring_matches(policy, static_cast<int>(bytes / sizeof(int))));
    }
  }
  if (on_cuda()) {
    EXPECT_GT(largest, level0) << "Hopper gives a block more shared memory than Kokkos' level 0";
  }
}

/// Every block of a cluster adds into counters held in every other block's scratch.
void remote_atomics(const Policy& policy, int items, const Kokkos::View<int**, MemorySpace>& out) {
  const int size = policy.cluster_size();
  KokkosTile::parallel_for_cluster(
      "test_remote_atomics", policy, KOKKOS_LAMBDA(const Member& m) {
        int* const mine = m.team_scratch<int>();
        KokkosTile::team_for(m, 1 + size, [&](int i) { mine[i] = 0; });
        m.cluster_barrier();
        KokkosTile::team_for(m, items, [&](int i) {
          for (int k = 0; k < size; ++k) {
            int* const counters = m.cluster_scratch<int>((m.cluster_rank() + k) % size);
            Kokkos::atomic_add(&counters[0], (m.league_rank() + 1) * (i + 1));
            Kokkos::atomic_add(&counters[1 + m.cluster_rank()], 1);
          }
        });
        m.cluster_barrier();
        KokkosTile::team_for(m, 1 + size, [&](int i) { out(m.league_rank(), i) = mine[i]; });
      });
  Kokkos::fence();
}

TEST(Cluster, AtomicsIntoRemoteScratch) {
  SKIP_WITHOUT_CLUSTERS();
  const int items = 1000;
  for (const ClusterMode mode : modes()) {
    for (const int size : {1, 2, 4, 8, 16}) {
      const int team = cluster_team_size(size);
      const std::size_t bytes = 64 * sizeof(int);
      if (KokkosTile::max_cluster_size(ExecSpace(), team, bytes, mode) < size)
        continue;
      const int num_clusters = 3;
      const auto policy =
          Policy::from_clusters(ExecSpace(), num_clusters, size, team, bytes).set_mode(mode);
      Kokkos::View<int**, MemorySpace> out("out", policy.league_size(), 1 + size);
      Kokkos::deep_copy(out, poison<int>());
      remote_atomics(policy, items, out);
      auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
      const int triangle = items * (items + 1) / 2;
      for (int block = 0; block < policy.league_size(); ++block) {
        const int first = block - block % size;
        int sum = 0;
        for (int b = first; b < first + size; ++b)
          sum += (b + 1) * triangle;
        ASSERT_EQ(host(block, 0), sum) << "size " << size << ", block " << block;
        for (int r = 0; r < size; ++r)
          ASSERT_EQ(host(block, 1 + r), items) << "size " << size << ", block " << block;
      }
    }
  }
}

/// Ranks and sizes as the member reports them (info), and how often team_for visited each index.
void record_member(const Policy& policy, const Kokkos::View<int**, MemorySpace>& info,
                   const Kokkos::View<int**, MemorySpace>& hits) {
  const int n = static_cast<int>(hits.extent(1));
  KokkosTile::parallel_for_cluster(
      "test_member", policy, KOKKOS_LAMBDA(const Member& m) {
        KokkosTile::team_single(m, [&] {
          info(m.league_rank(), 0) = m.league_size();
          info(m.league_rank(), 1) = m.cluster_rank();
          info(m.league_rank(), 2) = m.cluster_size();
          info(m.league_rank(), 3) = m.cluster_index();
          info(m.league_rank(), 4) = m.num_clusters();
          info(m.league_rank(), 5) = static_cast<int>(m.scratch_bytes());
        });
        KokkosTile::team_for(m, n,
                             [&](int i) { Kokkos::atomic_add(&hits(m.league_rank(), i), 1); });
      });
  Kokkos::fence();
}

TEST(Cluster, MemberReportsItsPlaceAndTeamLoopsCoverEachIndexOnce) {
  SKIP_WITHOUT_CLUSTERS();
  for (const ClusterMode mode : modes()) {
    const int size = 4;
    const auto policy = Policy(ExecSpace(), 12, size, 64, 256).set_mode(mode);
    const int n = 1000;
    Kokkos::View<int**, MemorySpace> info("info", 12, 6), hits("hits", 12, n);
    Kokkos::deep_copy(info, poison<int>());
    record_member(policy, info, hits);
    auto host_info = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), info);
    auto host_hits = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), hits);
    for (int block = 0; block < 12; ++block) {
      EXPECT_EQ(host_info(block, 0), 12);
      EXPECT_EQ(host_info(block, 1), block % size);
      EXPECT_EQ(host_info(block, 2), size);
      EXPECT_EQ(host_info(block, 3), block / size);
      EXPECT_EQ(host_info(block, 4), 3);
      EXPECT_EQ(host_info(block, 5), 256);
      for (int i = 0; i < n; ++i)
        ASSERT_EQ(host_hits(block, i), 1) << "block " << block << ", index " << i;
    }
  }
}

/// Each block writes a rows x cols tile into its scratch, waits at the team barrier and reads it
/// back rotated by 180 degrees.
void rotate_through_scratch(const Policy& policy, const Kokkos::View<int***, MemorySpace>& out) {
  const int rows = static_cast<int>(out.extent(1)), cols = static_cast<int>(out.extent(2));
  KokkosTile::parallel_for_cluster(
      "test_team_barrier", policy, KOKKOS_LAMBDA(const Member& m) {
        int* const tile = m.team_scratch<int>();
        KokkosTile::team_for_2d(m, rows, cols, [&](int i, int j) {
          tile[i * cols + j] = m.league_rank() * 10000 + i * 100 + j;
        });
        m.team_barrier();
        KokkosTile::team_for_2d(m, rows, cols, [&](int i, int j) {
          out(m.league_rank(), i, j) = tile[(rows - 1 - i) * cols + (cols - 1 - j)];
        });
      });
  Kokkos::fence();
}

/// team_barrier orders a team's scratch writes before its reads (named barriers in the CUDA
/// emulation); team_for_2d visits every (row, col).
TEST(Cluster, TeamBarrierOrdersScratchWithinEachBlock) {
  SKIP_WITHOUT_CLUSTERS();
  for (const ClusterMode mode : modes()) {
    for (const int size : {1, 4, 8}) {
      const int rows = 17, cols = 61;
      const auto policy =
          Policy(ExecSpace(), 2 * size, size, 96, rows * cols * sizeof(int)).set_mode(mode);
      Kokkos::View<int***, MemorySpace> out("out", 2 * size, rows, cols);
      Kokkos::deep_copy(out, poison<int>());
      rotate_through_scratch(policy, out);
      auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
      for (int b = 0; b < 2 * size; ++b)
        for (int i = 0; i < rows; ++i)
          for (int j = 0; j < cols; ++j)
            ASSERT_EQ(host(b, i, j), b * 10000 + (rows - 1 - i) * 100 + (cols - 1 - j))
                << "size " << size << ", block " << b;
    }
  }
}

/// A functor class, not a lambda, launched on an instance right after a Kokkos kernel on the same
/// instance that produces its input: the launch is ordered after it without a fence.
struct ScaleThroughScratch {
  Kokkos::View<const int*, MemorySpace> in;
  Kokkos::View<int*, MemorySpace> out;
  int chunk;
  KOKKOS_FUNCTION void operator()(const Member& m) const {
    int* const next = m.cluster_scratch<int>((m.cluster_rank() + 1) % m.cluster_size());
    const int start = m.league_rank() * chunk;
    KokkosTile::team_for(m, chunk, [&](int i) { next[i] = 2 * in(start + i); });
    m.cluster_barrier();
    const int* const mine = m.team_scratch<int>();
    KokkosTile::team_for(m, chunk, [&](int i) { out(start + i) = mine[i]; });
  }
};

void produce(const ExecSpace& instance, const Kokkos::View<int*, MemorySpace>& in) {
  Kokkos::parallel_for(
      "produce", Kokkos::RangePolicy<ExecSpace>(instance, 0, in.extent(0)),
      KOKKOS_LAMBDA(int i) { in(i) = 3 * i + 1; });
}

TEST(Cluster, FunctorLaunchIsOrderedOnItsInstance) {
  SKIP_WITHOUT_CLUSTERS();
  const ExecSpace instance = Kokkos::Experimental::partition_space(ExecSpace(), 1)[0];
  const int size = 2, league = 8, chunk = 5000;
  Kokkos::View<int*, MemorySpace> in("in", league * chunk), out("out", league * chunk);
  Kokkos::deep_copy(out, poison<int>());
  Kokkos::fence();
  produce(instance, in);
  KokkosTile::parallel_for_cluster("test_functor",
                                   Policy(instance, league, size, 256, chunk * sizeof(int)),
                                   ScaleThroughScratch{in, out, chunk});
  instance.fence();
  auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  for (int block = 0; block < league; ++block) {
    const int source = block - block % size + (block % size + size - 1) % size;
    for (int i = 0; i < chunk; ++i)
      ASSERT_EQ(host(block * chunk + i), 2 * (3 * (source * chunk + i) + 1))
          << "block " << block << ", element " << i;
  }
}

void launch_empty(const Policy& policy) {
  KokkosTile::parallel_for_cluster("test_empty", policy, KOKKOS_LAMBDA(const Member&){});
  Kokkos::fence();
}

TEST(Cluster, EmptyLeagueLaunchesNothing) {
  SKIP_WITHOUT_CLUSTERS();
  launch_empty(Policy(ExecSpace(), 0, 4, 64, 16));
}

template <class Error>
::testing::AssertionResult throws_naming(const Policy& policy,
                                         const std::vector<std::string>& words) {
  try {
    KokkosTile::parallel_for_cluster("bad_request", policy, KOKKOS_LAMBDA(const Member&){});
    Kokkos::fence();
  } catch (const Error& error) {
    const std::string message = error.what();
    for (const std::string& word : words)
      if (message.find(word) == std::string::npos)
        return ::testing::AssertionFailure() << "'" << word << "' missing in: " << message;
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure() << "no exception of the expected type";
}

TEST(ClusterErrors, BadArgumentsAreInvalidArguments) {
  SKIP_WITHOUT_CLUSTERS();
  using KokkosTile::InvalidArgument;
  EXPECT_TRUE(throws_naming<InvalidArgument>(Policy(ExecSpace(), 6, 4, 64, 0),
                                             {"bad_request", "6 blocks", "cluster size 4"}));
  EXPECT_TRUE(throws_naming<InvalidArgument>(Policy(ExecSpace(), 6, 3, 64, 0), {"3 blocks"}));
  EXPECT_TRUE(throws_naming<InvalidArgument>(Policy(ExecSpace(), 32, 32, 32, 0), {"32 blocks"}));
  EXPECT_TRUE(throws_naming<InvalidArgument>(Policy(ExecSpace(), 4, 2, 0, 0), {"team size 0"}));
  EXPECT_TRUE(throws_naming<InvalidArgument>(Policy(ExecSpace(), -2, 2, 64, 0), {"-2"}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [] { (void)Policy::from_clusters(ExecSpace(), 1 << 28, 16, 64, 0); },
      {"KokkosTile::ClusterPolicy::from_clusters",
       "268435456 clusters of 16 blocks are more than " + std::to_string(INT_MAX) + " blocks"}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [] { (void)KokkosTile::max_active_clusters(ExecSpace(), 5, 64, 0); },
      {"KokkosTile::max_active_clusters", "a cluster of 5 blocks is not supported"}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [] { (void)KokkosTile::max_cluster_size(ExecSpace(), 0, 0); },
      {"KokkosTile::max_cluster_size", "the team size 0 is not positive"}));
}

TEST(ClusterErrors, TooMuchScratchIsAResourceErrorNamingBytesAndLimit) {
  SKIP_WITHOUT_CLUSTERS();
  const std::size_t limit = KokkosTile::max_cluster_scratch_bytes(ExecSpace());
  for (const ClusterMode mode : modes()) {
    EXPECT_TRUE(throws_naming<KokkosTile::ResourceError>(
        Policy(ExecSpace(), 2, 1, 64, limit + 1).set_mode(mode),
        {"bad_request", std::to_string(limit + 1), std::to_string(limit)}));
  }
  EXPECT_EQ(KokkosTile::max_cluster_size(ExecSpace(), 64, limit + 1), 0);
  EXPECT_EQ(KokkosTile::max_active_clusters(ExecSpace(), 1, 64, limit + 1), 0);
}

TEST(ClusterErrors, NativeModeWithoutNativeClustersIsAResourceError) {
  SKIP_WITHOUT_CLUSTERS();
  if (KokkosTile::has_native_clusters(ExecSpace())) {
    EXPECT_TRUE(
        ring_matches(Policy(ExecSpace(), 8, 8, 128, 1024).set_mode(ClusterMode::native), 256));
  } else {
    EXPECT_TRUE(throws_naming<KokkosTile::ResourceError>(
        Policy(ExecSpace(), 8, 2, 32, 16).set_mode(ClusterMode::native), {"native"}));
  }
}

/// Limits only a CUDA device has: threads per block, and the emulation's one-block constraints.
TEST(ClusterErrors, CudaLimitsAreNamed) {
  SKIP_WITHOUT_CLUSTERS();
  if (!on_cuda())
    GTEST_SKIP() << "CUDA only";
  using KokkosTile::InvalidArgument;
  using KokkosTile::ResourceError;
  EXPECT_TRUE(throws_naming<ResourceError>(Policy(ExecSpace(), 2, 1, 2048, 0), {"2048 threads"}));
  const auto emulated = [](int league, int size, int team) {
    return Policy(ExecSpace(), league, size, team, 0).set_mode(ClusterMode::emulated);
  };
  EXPECT_TRUE(throws_naming<InvalidArgument>(emulated(4, 2, 48), {"multiple of 32", "48"}));
  EXPECT_TRUE(throws_naming<ResourceError>(emulated(8, 8, 256), {"one block"}));
  EXPECT_TRUE(throws_naming<ResourceError>(emulated(16, 16, 64), {"16", "32 threads"}));
  const std::size_t limit = KokkosTile::max_cluster_scratch_bytes(ExecSpace());
  EXPECT_TRUE(throws_naming<ResourceError>(
      Policy(ExecSpace(), 4, 4, 64, limit / 2).set_mode(ClusterMode::emulated), {"one block"}));
  // A cluster too large for the device: 16 blocks that each fill a multiprocessor's shared
  // memory fit in no GPC of an H100 or H200, where clusters of 16 otherwise run.
  const int largest = KokkosTile::max_cluster_size(ExecSpace(), 128, limit);
  EXPECT_GE(largest, 1);
  if (largest < 16) {
    EXPECT_TRUE(throws_naming<ResourceError>(Policy(ExecSpace(), 16, 16, 128, limit),
                                             {"no cluster of 16", std::to_string(largest)}));
  }
}

TEST(Cluster, QueriesAgreeWithWhatRuns) {
  SKIP_WITHOUT_CLUSTERS();
  for (const ClusterMode mode : modes()) {
    const int largest = KokkosTile::max_cluster_size(ExecSpace(), 32, 1024, mode);
    EXPECT_GE(largest, 8) << KokkosTile::cluster_mode_name(mode);
    EXPECT_GE(KokkosTile::max_active_clusters(ExecSpace(), 2, 32, 1024, mode), 1);
    const auto policy = Policy(ExecSpace(), 2 * largest, largest, 32, 1024).set_mode(mode);
    EXPECT_GE(KokkosTile::max_active_clusters(policy), 1);
    EXPECT_TRUE(ring_matches(policy, 256));
  }
  if (on_cuda() && KokkosTile::has_native_clusters(ExecSpace())) {
    // One cluster of 2 per pair of multiprocessors at least, with a small block.
    EXPECT_GE(KokkosTile::max_active_clusters(ExecSpace(), 2, 128, 1024), 32);
  }
}

/// On the host backends an exception thrown by one block reaches the caller, and the blocks
/// waiting for it at a cluster barrier are released.
template <class Space>
void check_exceptions_propagate() {
  if constexpr (KokkosTile::Impl::is_host_backend<Space>()) {
    const KokkosTile::ClusterPolicy<Space> policy(Space(), 16, 4, 1, 64);
    try {
      KokkosTile::parallel_for_cluster("test_throw", policy,
                                       [](const KokkosTile::ClusterMember<Space>& m) {
                                         m.cluster_barrier();
                                         if (m.league_rank() == 6)
                                           throw std::runtime_error("block 6 failed");
                                         m.cluster_barrier();
                                       });
      FAIL() << "no exception";
    } catch (const std::runtime_error& error) {
      EXPECT_EQ(std::string(error.what()), "block 6 failed");
    }
  }
}

TEST(Cluster, HostExceptionsPropagate) {
  SKIP_WITHOUT_CLUSTERS();
  if (!KokkosTile::Impl::is_host_backend<ExecSpace>())
    GTEST_SKIP() << "host backends only";
  check_exceptions_propagate<ExecSpace>();
}

/// Thrown by ThrowingBlocks, naming the block that threw.
struct BlockFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Block `thrower` (every block when -1) throws BlockFailure("block <league rank> failed"), before
/// the cluster barrier (`late` false: its neighbours are on their way to it) or after it (`late`
/// true: its neighbours wait at the second one). Host backends only: device code cannot throw.
template <class Space>
struct ThrowingBlocks {
  int thrower;
  bool late;
  void operator()(const KokkosTile::ClusterMember<Space>& m) const {
    if (late)
      m.cluster_barrier();
    if (thrower < 0 || m.league_rank() == thrower)
      throw BlockFailure("block " + std::to_string(m.league_rank()) + " failed");
    m.cluster_barrier();
  }
};

/// Threads of this process now (Linux: the entries of /proc/self/task); -1 elsewhere.
int process_threads() {
  int count = -1;
#ifdef __linux__
  if (DIR* tasks = opendir("/proc/self/task")) {
    count = 0;
    while (const dirent* entry = readdir(tasks))
      count += entry->d_name[0] != '.';
    closedir(tasks);
  }
#endif
  return count;
}

/// Waits (up to two seconds) for the process to be back to at most `threads` threads: a joined
/// thread may linger in /proc for a moment after join() returns. The count it settled on.
[[maybe_unused]] int threads_settle_at(int threads) {
  int now = process_threads();
  for (int wait = 0; now > threads && wait < 200; ++wait) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    now = process_threads();
  }
  return now;
}

/// Kernels Kokkos Tools saw begin and end (the cluster launch reports itself as one).
struct ToolsKernelCount {
  static int& begun() {
    static int count = 0;
    return count;
  }
  static int& ended() {
    static int count = 0;
    return count;
  }
  static void begin(const char*, std::uint32_t, std::uint64_t*) { ++begun(); }
  static void end(std::uint64_t) { ++ended(); }
  ToolsKernelCount() {
    begun() = ended() = 0;
    Kokkos::Tools::Experimental::set_begin_parallel_for_callback(begin);
    Kokkos::Tools::Experimental::set_end_parallel_for_callback(end);
  }
  ~ToolsKernelCount() {
    Kokkos::Tools::Experimental::set_begin_parallel_for_callback(nullptr);
    Kokkos::Tools::Experimental::set_end_parallel_for_callback(nullptr);
  }
  ToolsKernelCount(const ToolsKernelCount&) = delete;
  ToolsKernelCount& operator=(const ToolsKernelCount&) = delete;
};

/// On the host backends a launch whose functor throws, from one block or from every block, before
/// or after a cluster barrier, throws that exception (the first thrown) and leaves nothing behind:
/// no block thread, no barrier a later launch could meet, an ended Kokkos Tools kernel. The next
/// launch of the same shape computes the right thing.
template <class Space>
void check_throwing_launch_leaves_nothing_behind() {
  if constexpr (KokkosTile::Impl::is_host_backend<Space>()) {
    const int baseline = process_threads();
    for (const int size : {1, 2, 4, 16}) {
      const int league = 4 * size;
      const KokkosTile::ClusterPolicy<Space> policy(Space(), league, size, 1, 256);
      for (const int thrower : {-1, 0, league / 2 + 1, league - 1}) {
        for (const bool late : {false, true}) {
          const std::string where = "cluster size " + std::to_string(size) + ", thrower " +
                                    std::to_string(thrower) + (late ? ", late" : ", early");
          {
            const ToolsKernelCount kernels;
            try {
              KokkosTile::parallel_for_cluster("test_throwing_functor", policy,
                                               ThrowingBlocks<Space>{thrower, late});
              ADD_FAILURE() << where << ": no exception";
            } catch (const BlockFailure& error) {
              const std::string what = error.what();
              if (thrower >= 0) {
                EXPECT_EQ(what, "block " + std::to_string(thrower) + " failed") << where;
              } else {
                const std::string rank = what.substr(6, what.size() - 6 - 7);
                EXPECT_TRUE(what.rfind("block ", 0) == 0 && what.size() > 13 &&
                            what.compare(what.size() - 7, 7, " failed") == 0 &&
                            rank.find_first_not_of("0123456789") == std::string::npos &&
                            std::stoi(rank) < league)
                    << where << ": " << what;
              }
            } catch (...) {
              ADD_FAILURE() << where << ": an exception other than the functor's";
            }
            EXPECT_EQ(kernels.begun(), 1) << where;
            EXPECT_EQ(kernels.ended(), 1) << where << ": the Tools kernel was left open";
          }
          if (baseline >= 0) {
            EXPECT_LE(threads_settle_at(baseline), baseline) << where << ": block threads left";
          }
          EXPECT_TRUE(ring_matches(policy, 64)) << where << ": the launch after the throwing one";
        }
      }
    }
  }
}

TEST(Cluster, HostThrowingFunctorLeavesNothingBehind) {
  SKIP_WITHOUT_CLUSTERS();
  if (!KokkosTile::Impl::is_host_backend<ExecSpace>())
    GTEST_SKIP() << "host backends only (device code cannot throw)";
  check_throwing_launch_leaves_nothing_behind<ExecSpace>();
}

#ifdef __linux__
/// Block `rank` records how many CPUs its thread may run on.
struct RecordCpuCount {
  Kokkos::View<int*, Kokkos::HostSpace> cpus;
  template <class ClusterMember>
  void operator()(const ClusterMember& m) const {
    cpu_set_t set;
    cpus(m.cluster_rank()) = sched_getaffinity(0, sizeof(set), &set) == 0 ? CPU_COUNT(&set) : -1;
  }
};
#endif

/// On the host backends, a caller bound to one CPU (as OMP_PROC_BIND binds the main thread) does
/// not confine the other blocks of its clusters to that CPU, where they could only take turns. A
/// template, so that the host-only functor is never instantiated for a device space.
template <class Space>
void check_blocks_not_confined() {
#ifdef __linux__
  if constexpr (KokkosTile::Impl::is_host_backend<Space>()) {
    cpu_set_t caller;
    ASSERT_EQ(sched_getaffinity(0, sizeof(caller), &caller), 0);
    if (CPU_COUNT(&caller) < 2 && std::thread::hardware_concurrency() < 2)
      GTEST_SKIP() << "one CPU";
    int first = 0;
    while (!CPU_ISSET(first, &caller))
      ++first;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(first, &one);
    ASSERT_EQ(sched_setaffinity(0, sizeof(one), &one), 0);
    Kokkos::View<int*, Kokkos::HostSpace> cpus("cpus", 2);
    KokkosTile::parallel_for_cluster("test_affinity",
                                     KokkosTile::ClusterPolicy<Space>(Space(), 2, 2, 1, 64),
                                     RecordCpuCount{cpus});
    sched_setaffinity(0, sizeof(caller), &caller);
    EXPECT_EQ(cpus(0), 1) << "the caller keeps its own binding";
    EXPECT_GE(cpus(1), 2) << "block 1 runs where the caller is bound";
  }
#endif
}

TEST(Cluster, HostBlocksNotConfinedToCallersCpu) {
  SKIP_WITHOUT_CLUSTERS();
#ifdef __linux__
  if (!KokkosTile::Impl::is_host_backend<ExecSpace>())
    GTEST_SKIP() << "host backends only";
  check_blocks_not_confined<ExecSpace>();
#else
  GTEST_SKIP() << "Linux only";
#endif
}

/// A block that does nothing (a functor: nvcc takes no extended lambda in a test's body).
struct EmptyBlock {
  KOKKOS_FUNCTION void operator()(const Member&) const {}
};

/// Spaces without clusters (HIP) compile every cluster call; each launch is a ResourceError naming
/// the call, and the queries answer that nothing runs.
TEST(ClusterErrors, SpacesWithoutClustersRefuseEveryLaunch) {
  if (KokkosTile::Impl::clusters_run_on<ExecSpace>())
    GTEST_SKIP() << "clusters run on this space";
  using KokkosTile::ResourceError;
  EXPECT_TRUE(throws_naming<ResourceError>(
      Policy(ExecSpace(), 8, 2, 64, 256), {"parallel_for_cluster", "need Cuda or a host backend"}));
  try {
    KokkosTile::parallel_for_large_scratch(
        "big", KokkosTile::LargeScratchPolicy<ExecSpace>(ExecSpace(), 4, 64, 1024), EmptyBlock{});
    ADD_FAILURE() << "parallel_for_large_scratch accepted";
  } catch (const ResourceError& error) {
    EXPECT_NE(std::string(error.what()).find("parallel_for_large_scratch"), std::string::npos);
  }
  EXPECT_FALSE(KokkosTile::has_native_clusters(ExecSpace()));
  EXPECT_EQ(KokkosTile::max_cluster_scratch_bytes(ExecSpace()), 0u);
  EXPECT_EQ(KokkosTile::max_cluster_size(ExecSpace(), 64, 0), 0);
  EXPECT_EQ(KokkosTile::max_active_clusters(ExecSpace(), 2, 64, 0), 0);
}

}  // namespace
}  // namespace KokkosTileTest
