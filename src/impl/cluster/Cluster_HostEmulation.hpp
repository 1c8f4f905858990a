// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Cluster emulation on the host backends (Serial, OpenMP, Threads).
//
// A cluster barrier only holds if every block of the cluster runs at the same time, so the blocks
// of a cluster are cluster_size std::threads (the calling thread is one of them). Each block is a
// team of one thread: team loops run sequentially and the team barrier is a no-op. Every block has
// its own slice of one host buffer per cluster in flight, so cluster_scratch(rank) is a plain
// pointer into a neighbour's slice and Kokkos atomics on it are host atomics. Groups of such
// threads take clusters round-robin (as many groups as the space's concurrency allows), each
// group crossing a condition-variable barrier at every cluster_barrier() and after every cluster.
// The first exception any block throws aborts every barrier and is rethrown by the launch once
// every block thread has been joined; the threads and the Kokkos Tools kernel are owned by objects
// that end them however the launch ends, so nothing of a failed launch outlives it.
//
// Block threads are std::threads started by the caller, so they inherit its CPU affinity. Under
// OMP_PROC_BIND (which Kokkos recommends) libgomp binds the calling thread to one core, and every
// block of a cluster would then take turns on that core: each cluster barrier, and each flag a
// block spins on while another writes it, costs a scheduler time slice (a 10,000-round-trip
// ping-pong between two blocks ran for minutes on two cores instead of milliseconds). When the
// caller may run on fewer CPUs than a cluster has blocks, the block threads are therefore allowed
// every CPU the process's cpuset allows; otherwise they keep the caller's affinity.

#include <Kokkos_Core.hpp>

#include "KokkosTile_Assert.hpp"
#include "impl/cluster/Cluster_Common.hpp"
#include "impl/cluster/Cluster_Member.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#ifdef __linux__
#include <pthread.h>
#include <sched.h>
#endif

namespace KokkosTile {
namespace Impl {

/// Thrown out of a barrier that another block aborted; ends that block's thread quietly.
struct HostClusterAborted {};

/// A reusable barrier for `count` threads (C++17 has no std::barrier) that can be aborted.
class HostClusterBarrier {
 public:
  explicit HostClusterBarrier(int count) : count_(count) {}

  void arrive_and_wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    if (aborted_)
      throw HostClusterAborted{};
    const std::uint64_t generation = generation_;
    if (++waiting_ == count_) {
      waiting_ = 0;
      ++generation_;
      released_.notify_all();
      return;
    }
    released_.wait(lock, [&] { return generation_ != generation || aborted_; });
    if (aborted_)
      throw HostClusterAborted{};
  }

  void abort() {
    const std::lock_guard<std::mutex> lock(mutex_);
    aborted_ = true;
    released_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable released_;
  int count_;
  int waiting_ = 0;
  std::uint64_t generation_ = 0;
  bool aborted_ = false;
};

inline void host_cluster_barrier_wait(HostClusterBarrier* barrier) {
  if (barrier != nullptr)
    barrier->arrive_and_wait();
}

/// The block threads of one launch. The launch joins them (join()) once its own block is done;
/// should it end by an exception instead, the destructor stops the clusters, releases every
/// barrier and joins them, so that no thread outlives the launch (a joinable std::thread destroyed
/// would call std::terminate) and none waits at a barrier its cluster will never reach.
class HostBlockThreads {
 public:
  HostBlockThreads(std::atomic<bool>& stop,
                   std::vector<std::unique_ptr<HostClusterBarrier>>& barriers)
      : stop_(stop), barriers_(barriers) {}
  HostBlockThreads(const HostBlockThreads&) = delete;
  HostBlockThreads& operator=(const HostBlockThreads&) = delete;
  ~HostBlockThreads() {
    if (threads_.empty())
      return;
    stop_ = true;
    for (auto& barrier : barriers_)
      barrier->abort();
    join();
  }

  void reserve(std::size_t count) { threads_.reserve(count); }

  template <class Body>
  void start(Body&& body) {
    threads_.emplace_back(std::forward<Body>(body));
  }

  void join() {
    for (auto& thread : threads_)
      if (thread.joinable())
        thread.join();
    threads_.clear();
  }

 private:
  std::atomic<bool>& stop_;
  std::vector<std::unique_ptr<HostClusterBarrier>>& barriers_;
  std::vector<std::thread> threads_;
};

/// A launch as one Kokkos Tools kernel under the caller's label, begun when constructed and ended
/// when destroyed, however the launch ends.
class HostToolsKernel {
 public:
  template <class ExecSpace>
  HostToolsKernel(const std::string& label, const ExecSpace& space)
      : loaded_(Kokkos::Tools::profileLibraryLoaded()) {
    if (loaded_)
      Kokkos::Tools::beginParallelFor(label, Kokkos::Tools::Experimental::device_id(space), &id_);
  }
  HostToolsKernel(const HostToolsKernel&) = delete;
  HostToolsKernel& operator=(const HostToolsKernel&) = delete;
  ~HostToolsKernel() {
    if (loaded_)
      Kokkos::Tools::endParallelFor(id_);
  }

 private:
  bool loaded_;
  std::uint64_t id_ = 0;
};

/// Per-block scratch bytes the host emulation allows: what Kokkos grants a team at level 1 on
/// this space, so that a request that fits a host TeamPolicy fits here too.
template <class ExecSpace>
std::size_t host_max_scratch_bytes(const ExecSpace& space) {
  const Kokkos::TeamPolicy<ExecSpace> policy(space, 1, 1);
  return static_cast<std::size_t>(policy.scratch_size_max(1));
}

template <class ExecSpace>
void check_host_request(const std::string& call, const ExecSpace& space,
                        const ClusterRequest& request) {
  KOKKOSTILE_EXPECT(request.mode != ClusterMode::native, ResourceError, call,
                    ExecSpace::name() << " has no native thread block clusters (they need a CUDA "
                                         "device of compute capability 9.0 or newer); use "
                                         "ClusterMode::automatic or emulated");
  const std::size_t limit = host_max_scratch_bytes(space);
  KOKKOSTILE_EXPECT(request.scratch <= limit, ResourceError, call,
                    request.scratch << " bytes of scratch per block is more than "
                                    << ExecSpace::name() << " allows (" << limit << " bytes)");
}

/// Whether block threads must be let off the caller's CPU affinity (see the top of this file):
/// true when the calling thread may run on fewer CPUs than the `blocks` threads of a cluster.
inline bool host_blocks_need_wider_affinity(int blocks) {
#ifdef __linux__
  cpu_set_t mine;
  if (sched_getaffinity(0, sizeof(mine), &mine) == 0)
    return CPU_COUNT(&mine) < blocks;
#endif
  (void)blocks;
  return false;
}

/// Lets the calling (block) thread run on every CPU; the kernel keeps it within the cpuset of the
/// process. Best effort: a refusal leaves the inherited affinity.
inline void host_block_allow_every_cpu() {
#ifdef __linux__
  cpu_set_t every;
  CPU_ZERO(&every);
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    CPU_SET(cpu, &every);
  (void)pthread_setaffinity_np(pthread_self(), sizeof(every), &every);
#endif
}

/// Groups of cluster_size threads that run clusters concurrently on this space.
template <class ExecSpace>
int host_cluster_groups(const ExecSpace& space, int cluster_size, int num_clusters) {
  const int concurrency = std::max(1, static_cast<int>(space.concurrency()));
  return std::max(1, std::min(num_clusters, concurrency / cluster_size));
}

template <class ExecSpace, class Functor>
void run_host_clusters(const std::string& call, const std::string& label, const ExecSpace& space,
                       const ClusterRequest& request, const Functor& functor) {
  check_host_request(call, space, request);
  if (request.league_size == 0)
    return;
  // Ordered after the work already queued on the instance, and finished before returning.
  space.fence("KokkosTile::parallel_for_cluster: wait for earlier work on the instance");

  const int cluster_size = request.cluster_size;
  const int num_clusters = request.league_size / cluster_size;
  const int groups = host_cluster_groups(space, cluster_size, num_clusters);
  const ClusterGeometry geometry{request.league_size, cluster_size, 1, request.scratch,
                                 align_scratch(std::max<std::size_t>(request.scratch, 1))};

  // One buffer per group: cluster_size slices of `stride` bytes, 16-byte aligned.
  const std::size_t group_bytes = geometry.stride * static_cast<std::size_t>(cluster_size);
  std::unique_ptr<unsigned char[]> storage(
      new unsigned char[group_bytes * static_cast<std::size_t>(groups) +
                        cluster_scratch_alignment]);
  const auto address = reinterpret_cast<std::uintptr_t>(storage.get());
  unsigned char* buffer =
      storage.get() +
      (cluster_scratch_alignment - address % cluster_scratch_alignment) % cluster_scratch_alignment;

  std::vector<std::unique_ptr<HostClusterBarrier>> barriers;
  for (int g = 0; g < groups; ++g)
    barriers.push_back(std::make_unique<HostClusterBarrier>(cluster_size));

  std::mutex error_mutex;
  std::exception_ptr first_error;
  std::atomic<bool> stop{false};
  auto fail = [&](std::exception_ptr error) {
    {
      const std::lock_guard<std::mutex> lock(error_mutex);
      if (!first_error)
        first_error = error;
    }
    stop = true;
    for (auto& barrier : barriers)
      barrier->abort();
  };

  // Block `rank` of every group-th cluster, starting at cluster `group`.
  auto run_block = [&](int group, int rank) {
    HostClusterBarrier* barrier = cluster_size > 1 ? barriers[group].get() : nullptr;
    unsigned char* base = buffer + group_bytes * static_cast<std::size_t>(group);
    try {
      for (int cluster = group; cluster < num_clusters && !stop; cluster += groups) {
        const ClusterMember<ExecSpace> member(geometry, base, cluster, rank, barrier);
        functor(member);
        // No block starts the next cluster (and reuses scratch) before all finished this one.
        host_cluster_barrier_wait(barrier);
      }
    } catch (const HostClusterAborted&) {
    } catch (...) {
      fail(std::current_exception());
    }
  };

  // Reported to Kokkos Tools under the caller's label, like any Kokkos kernel. Declared after
  // everything the blocks use, so the threads are joined before any of it goes.
  const HostToolsKernel kernel(label, space);
  HostBlockThreads threads(stop, barriers);
  const int workers = groups * cluster_size;
  const bool widen = host_blocks_need_wider_affinity(cluster_size);
  try {
    threads.reserve(static_cast<std::size_t>(workers - 1));
    for (int w = 1; w < workers; ++w)
      threads.start([&run_block, widen, w, cluster_size] {
        if (widen)
          host_block_allow_every_cpu();
        run_block(w / cluster_size, w % cluster_size);
      });
  } catch (...) {
    fail(std::current_exception());  // a thread that could not start: stop the others
  }
  if (!stop)
    run_block(0, 0);
  threads.join();
  if (first_error)
    std::rethrow_exception(first_error);
}

}  // namespace Impl
}  // namespace KokkosTile
