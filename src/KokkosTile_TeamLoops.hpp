// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Nested team loops over a rows x cols window with the vector lanes on one index: on CUDA a team
// launched with vector length 32 is a set of warps, so putting the lanes on the index that is
// contiguous in global memory makes every warp access one run of consecutive addresses, with no
// integer division per element. With vector length 1 (the host backends) it is two plain loops.
//
// Use with a policy whose vector length is the warp width on GPUs (tile_launch_shape in
// impl/core/Core_LaunchDefaults.hpp); for any policy, the flattened loops of
// KokkosTile_TeamCopy.hpp are coalesced too.

#include <Kokkos_Core.hpp>

#include <type_traits>
#include <utility>

namespace KokkosTile {
namespace Impl {

/// Whether Member is a ClusterMember (parallel_for_cluster's and parallel_for_large_scratch's
/// handle, KokkosTile_Cluster.hpp): the member type with a cluster_barrier().
template <class Member, class = void>
inline constexpr bool is_cluster_member_v = false;
template <class Member>
inline constexpr bool is_cluster_member_v<
    Member, std::void_t<decltype(std::declval<const Member&>().cluster_barrier())>> = true;

}  // namespace Impl

// The three team ranges every team primitive loops with, for a Kokkos TeamPolicy member (Kokkos'
// TeamVectorRange, TeamThreadRange and ThreadVectorRange) and for a ClusterMember, which Kokkos'
// ranges do not take and whose teams have no vector lanes (a stride of team_size() from
// team_rank(), and a plain loop): so the primitives run inside parallel_for_cluster too.

/// f(i) for 0 <= i < count, spread over the team's threads and vector lanes.
template <class Member, class F>
KOKKOS_INLINE_FUNCTION void team_vector_for(const Member& team, int count, const F& f) {
  if constexpr (Impl::is_cluster_member_v<Member>) {
    for (int i = team.team_rank(); i < count; i += team.team_size())
      f(i);
  } else {
    Kokkos::parallel_for(Kokkos::TeamVectorRange(team, count), f);
  }
}

/// f(i) for 0 <= i < count, spread over the team's threads (a thread's vector lanes share each i).
template <class Member, class F>
KOKKOS_INLINE_FUNCTION void team_thread_for(const Member& team, int count, const F& f) {
  if constexpr (Impl::is_cluster_member_v<Member>) {
    team_vector_for(team, count, f);  // no vector lanes: the threads' range is the lanes' range
  } else {
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, count), f);
  }
}

/// f(i) for 0 <= i < count, spread over the calling thread's vector lanes.
template <class Member, class F>
KOKKOS_INLINE_FUNCTION void thread_vector_for([[maybe_unused]] const Member& team, int count,
                                              const F& f) {
  if constexpr (Impl::is_cluster_member_v<Member>) {
    for (int i = 0; i < count; ++i)
      f(i);
  } else {
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, count), f);
  }
}

/// Calls op(i, j) for 0 <= i < rows, 0 <= j < cols: vector lanes walk i when lanes_on_rows, else j;
/// the team's threads walk the other index.
template <class TeamMember, class Op>
KOKKOS_INLINE_FUNCTION void team_for_each_2d(const TeamMember& team, int rows, int cols,
                                             bool lanes_on_rows, const Op& op) {
  if (lanes_on_rows) {
    team_thread_for(team, cols,
                    [&](int j) { thread_vector_for(team, rows, [&](int i) { op(i, j); }); });
  } else {
    team_thread_for(team, rows,
                    [&](int i) { thread_vector_for(team, cols, [&](int j) { op(i, j); }); });
  }
}

}  // namespace KokkosTile

namespace KokkosTile {

/// For 0 <= index < count: store(index, load(index)), with every thread issuing Unroll loads
/// before its stores. Compilers cannot move a global load above a store into team scratch that
/// they cannot prove distinct (scratch pointers are generic), so a plain copy loop keeps one load
/// in flight per thread and is bound by memory latency; staging through registers keeps Unroll in
/// flight. Consecutive threads take consecutive indices within each unrolled round.
template <int Unroll, class TeamMember, class Load, class Store>
KOKKOS_INLINE_FUNCTION void team_staged_copy(const TeamMember& team, int count, const Load& load,
                                             const Store& store) {
  static_assert(Unroll > 0, "KokkosTile::team_staged_copy: Unroll must be positive");
  const int rounds = (count + Unroll - 1) / Unroll;
  team_vector_for(team, rounds, [&](int k) {
    decltype(load(0)) values[Unroll] = {};
    for (int u = 0; u < Unroll; ++u) {
      if (k + u * rounds < count)
        values[u] = load(k + u * rounds);
    }
    for (int u = 0; u < Unroll; ++u) {
      if (k + u * rounds < count)
        store(k + u * rounds, values[u]);
    }
  });
}

/// For 0 <= f < fast, 0 <= s < slow: store(f, s, load(f, s)), consecutive threads on consecutive
/// f, every thread issuing up to InFlight loads before its stores (as team_staged_copy, for a 2-D
/// window whose f is the contiguous index in memory). A thread's elements lie `rounds` apart, so
/// it finds each one's (f, s) from the last by an add and a compare: one division per InFlight
/// elements instead of one per element. The values in flight cost registers: in a kernel whose
/// occupancy registers limit (a stencil's halo load with its boundary reads) InFlight 1 can be
/// the faster choice.
template <int InFlight, class TeamMember, class Load, class Store>
KOKKOS_INLINE_FUNCTION void team_staged_copy_2d(const TeamMember& team, int fast, int slow,
                                                const Load& load, const Store& store) {
  static_assert(InFlight > 0, "KokkosTile::team_staged_copy_2d: InFlight must be positive");
  using value_type = decltype(load(0, 0));
  const int count = fast * slow;
  if (count == 0)
    return;
  // At least a round per thread, so that small windows still spread over the whole team.
  const int threads = team.team_size() < count ? team.team_size() : count;
  const int least_rounds = (count + InFlight - 1) / InFlight;
  const int rounds = least_rounds > threads ? least_rounds : threads;
  const int step_slow = rounds / fast, step_fast = rounds % fast;
  const auto next = [&](int& f, int& s) {
    f += step_fast;
    s += step_slow;
    if (f >= fast) {
      f -= fast;
      ++s;
    }
  };
  team_vector_for(team, rounds, [&](int k) {
    value_type values[InFlight];
    const int f0 = k % fast, s0 = k / fast;
    int f = f0, s = s0;
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
#pragma unroll
#endif
    for (int u = 0; u < InFlight; ++u) {
      if (s < slow)
        values[u] = load(f, s);
      next(f, s);
    }
    f = f0;
    s = s0;
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
#pragma unroll
#endif
    for (int u = 0; u < InFlight; ++u) {
      if (s < slow)
        store(f, s, values[u]);
      next(f, s);
    }
  });
}

/// Loads per thread that keep a team of `threads` threads (256 unless given) busy for Count
/// elements.
KOKKOS_INLINE_FUNCTION constexpr int staged_unroll(int count, int threads = 256) {
  const int per_thread = (count + threads - 1) / threads;
  return per_thread < 1 ? 1 : (per_thread > 16 ? 16 : per_thread);
}

}  // namespace KokkosTile
