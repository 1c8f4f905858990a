// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The handle a cluster kernel receives (KokkosTile_Cluster.hpp): ClusterMember<ExecSpace>.
//
// One type per execution space, so that a KOKKOS_LAMBDA can name it. On CUDA the same type serves
// native clusters (sm_90: one CUDA block per team, remote scratch through distributed shared
// memory) and the one-block emulation (a whole cluster in one CUDA block, each team a slice of its
// threads and of its shared memory); a run-time flag, uniform over the grid, picks the path. On the
// host backends every team is one thread and the blocks of a cluster are std::threads
// (impl/cluster/Cluster_HostEmulation.hpp).

#include <Kokkos_Core.hpp>

#include "impl/cluster/Cluster_Common.hpp"

#include <cstddef>

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
#endif

namespace KokkosTile {
namespace Impl {

class HostClusterBarrier;
inline void host_cluster_barrier_wait(HostClusterBarrier* barrier);

}  // namespace Impl

/// Host backends (Serial, OpenMP, Threads): each block is one thread, so team_size() is 1 and the
/// team barrier is a no-op; the blocks of a cluster run concurrently on their own std::threads and
/// cluster_barrier() waits for all of them.
template <class ExecSpace>
class ClusterMember {
 public:
  ClusterMember(const Impl::ClusterGeometry& geometry, unsigned char* cluster_scratch_base,
                int cluster_index, int cluster_rank, Impl::HostClusterBarrier* barrier)
      : base_(cluster_scratch_base),
        stride_(geometry.stride),
        scratch_(geometry.scratch),
        league_size_(geometry.league_size),
        cluster_size_(geometry.cluster_size),
        cluster_index_(cluster_index),
        cluster_rank_(cluster_rank),
        barrier_(barrier),
        scratch_space_(base_ + cluster_rank_ * stride_, scratch_) {}

  using scratch_memory_space = typename ExecSpace::scratch_memory_space;

  KOKKOS_INLINE_FUNCTION int league_rank() const {
    return cluster_index_ * cluster_size_ + cluster_rank_;
  }
  KOKKOS_INLINE_FUNCTION int league_size() const { return league_size_; }
  KOKKOS_INLINE_FUNCTION int team_rank() const { return 0; }
  KOKKOS_INLINE_FUNCTION int team_size() const { return 1; }
  KOKKOS_INLINE_FUNCTION int cluster_rank() const { return cluster_rank_; }
  KOKKOS_INLINE_FUNCTION int cluster_size() const { return cluster_size_; }
  KOKKOS_INLINE_FUNCTION int cluster_index() const { return cluster_index_; }
  KOKKOS_INLINE_FUNCTION int num_clusters() const { return league_size_ / cluster_size_; }
  KOKKOS_INLINE_FUNCTION bool is_emulated() const { return true; }

  /// Bytes of scratch each block owns (what the policy asked for).
  KOKKOS_INLINE_FUNCTION std::size_t scratch_bytes() const { return scratch_; }
  /// This block's scratch, 16-byte aligned.
  template <class T = unsigned char>
  KOKKOS_INLINE_FUNCTION T* team_scratch() const {
    return reinterpret_cast<T*>(base_ + cluster_rank_ * stride_);
  }
  /// This block's scratch as Kokkos hands out team scratch, so that tiles (Tile2D(member, 0,
  /// shape), KokkosTile_ScratchTile.hpp) and scratch Views take it in turn. The block has one
  /// scratch area (the policy's scratch bytes): every level hands out from it. Do not mix it with
  /// team_scratch<T>(), which points at the same first byte.
  KOKKOS_INLINE_FUNCTION const scratch_memory_space& team_scratch(int /*level*/) const {
    return scratch_space_;
  }
  /// The scratch of block `rank` (0 <= rank < cluster_size()) of this cluster.
  template <class T = unsigned char>
  KOKKOS_INLINE_FUNCTION T* cluster_scratch(int rank) const {
    return reinterpret_cast<T*>(base_ + static_cast<std::size_t>(rank) * stride_);
  }

  KOKKOS_INLINE_FUNCTION void team_barrier() const {}
  /// Waits until every block of the cluster has arrived; orders their scratch accesses.
  KOKKOS_INLINE_FUNCTION void cluster_barrier() const {
    KOKKOS_IF_ON_HOST((Impl::host_cluster_barrier_wait(barrier_);))
  }

 private:
  unsigned char* base_;
  std::size_t stride_;
  std::size_t scratch_;
  int league_size_;
  int cluster_size_;
  int cluster_index_;
  int cluster_rank_;
  Impl::HostClusterBarrier* barrier_;
  scratch_memory_space scratch_space_;
};

#ifdef KOKKOS_ENABLE_CUDA

/// CUDA: native clusters on sm_90 and newer (one block per team, DSM for remote scratch), or the
/// one-block emulation (older devices, or ClusterMode::emulated).
template <>
class ClusterMember<Kokkos::Cuda> {
 public:
  KOKKOS_INLINE_FUNCTION ClusterMember(const Impl::ClusterGeometry& geometry,
                                       unsigned char* cluster_base, unsigned char* local,
                                       int cluster_index, int cluster_rank, int team_rank,
                                       bool emulated)
      : base_(cluster_base),
        local_(local),
        stride_(geometry.stride),
        scratch_(geometry.scratch),
        league_size_(geometry.league_size),
        cluster_size_(geometry.cluster_size),
        team_size_(geometry.team_size),
        cluster_index_(cluster_index),
        cluster_rank_(cluster_rank),
        team_rank_(team_rank),
        emulated_(emulated),
        scratch_space_(local, geometry.scratch) {}

  using scratch_memory_space = Kokkos::Cuda::scratch_memory_space;

  KOKKOS_INLINE_FUNCTION int league_rank() const {
    return cluster_index_ * cluster_size_ + cluster_rank_;
  }
  KOKKOS_INLINE_FUNCTION int league_size() const { return league_size_; }
  KOKKOS_INLINE_FUNCTION int team_rank() const { return team_rank_; }
  KOKKOS_INLINE_FUNCTION int team_size() const { return team_size_; }
  KOKKOS_INLINE_FUNCTION int cluster_rank() const { return cluster_rank_; }
  KOKKOS_INLINE_FUNCTION int cluster_size() const { return cluster_size_; }
  KOKKOS_INLINE_FUNCTION int cluster_index() const { return cluster_index_; }
  KOKKOS_INLINE_FUNCTION int num_clusters() const { return league_size_ / cluster_size_; }
  KOKKOS_INLINE_FUNCTION bool is_emulated() const { return emulated_; }

  KOKKOS_INLINE_FUNCTION std::size_t scratch_bytes() const { return scratch_; }
  template <class T = unsigned char>
  KOKKOS_INLINE_FUNCTION T* team_scratch() const {
    return reinterpret_cast<T*>(local_);
  }
  /// As the host backends' team_scratch(level).
  KOKKOS_INLINE_FUNCTION const scratch_memory_space& team_scratch(int /*level*/) const {
    return scratch_space_;
  }
  /// Block `rank`'s scratch: a distributed-shared-memory address on native clusters (loads,
  /// stores and atomics through it reach the other block's shared memory).
  template <class T = unsigned char>
  KOKKOS_INLINE_FUNCTION T* cluster_scratch(int rank) const {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    if (!emulated_ && cluster_size_ > 1)
      return reinterpret_cast<T*>(__cluster_map_shared_rank(local_, static_cast<unsigned>(rank)));
#endif
    return reinterpret_cast<T*>(base_ + static_cast<std::size_t>(rank) * stride_);
  }

  /// Synchronises the team's threads. In the emulation a team is a slice of the CUDA block, so it
  /// waits at its own named barrier (1 + cluster rank; barrier 0 is __syncthreads'), or only at
  /// __syncwarp when the team is one warp.
  KOKKOS_INLINE_FUNCTION void team_barrier() const {
#ifdef __CUDA_ARCH__
    if (!emulated_ || cluster_size_ == 1) {
      __syncthreads();
    } else if (team_size_ == 32) {
      __syncwarp();
    } else {
      asm volatile("bar.sync %0, %1;" ::"r"(cluster_rank_ + 1), "r"(team_size_) : "memory");
    }
#endif
  }

  /// Synchronises every thread of every block of the cluster, with release/acquire ordering of
  /// their scratch (and global) accesses.
  KOKKOS_INLINE_FUNCTION void cluster_barrier() const {
#ifdef __CUDA_ARCH__
#if __CUDA_ARCH__ >= 900
    if (!emulated_ && cluster_size_ > 1) {
      __cluster_barrier_arrive();  // cooperative_groups' cluster.sync(), without its header
      __cluster_barrier_wait();
      return;
    }
#endif
    __syncthreads();
#endif
  }

 private:
  unsigned char* base_;
  unsigned char* local_;
  std::size_t stride_;
  std::size_t scratch_;
  int league_size_;
  int cluster_size_;
  int team_size_;
  int cluster_index_;
  int cluster_rank_;
  int team_rank_;
  bool emulated_;
  scratch_memory_space scratch_space_;
};

#endif  // KOKKOS_ENABLE_CUDA

/// f(i) for i in [begin, end), the indices dealt round-robin to the team's threads (Kokkos'
/// TeamThreadRange for a ClusterMember).
template <class Member, class F>
KOKKOS_INLINE_FUNCTION void team_for(const Member& member, int begin, int end, const F& f) {
  for (int i = begin + member.team_rank(); i < end; i += member.team_size())
    f(i);
}

template <class Member, class F>
KOKKOS_INLINE_FUNCTION void team_for(const Member& member, int count, const F& f) {
  team_for(member, 0, count, f);
}

/// f(i, j) for a rows x cols range, j (the contiguous index) fastest across consecutive threads.
template <class Member, class F>
KOKKOS_INLINE_FUNCTION void team_for_2d(const Member& member, int rows, int cols, const F& f) {
  const int count = rows * cols;
  for (int k = member.team_rank(); k < count; k += member.team_size())
    f(k / cols, k % cols);
}

/// f() once per team, by its thread 0 (Kokkos::single(PerTeam)). No barrier is implied.
template <class Member, class F>
KOKKOS_INLINE_FUNCTION void team_single(const Member& member, const F& f) {
  if (member.team_rank() == 0)
    f();
}

}  // namespace KokkosTile
