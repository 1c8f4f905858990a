// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Primitives for one cluster of blocks, inside a parallel_for_cluster kernel
// (KokkosTile_Cluster.hpp): the blocks' scratch is one store (distributed shared memory on CUDA
// sm_90, the emulation on other devices and host backends).
//
//   KokkosTile::cluster_histogram(m, samples, counts);  // counts(b) += this block's samples in b
//   T total = KokkosTile::cluster_sum(m, value);        // the sum of every thread's value
//
// cluster_histogram: the cluster's nbins = counts.extent(0) 32-bit bins are split over its blocks'
// scratch (block r owns nbins / cluster_size of them), each sample (integer, clamped to [0, nbins)
// as histogram counts it; this block's share of the data, a rank-1 View or tile) is one atomic add
// into its owner's scratch, then each block adds its non-zero bins into counts (rank 1, 32- or
// 64-bit, usually global; atomically, as other clusters add too). Scratch per block:
// cluster_histogram_scratch_bytes(nbins, cluster_size). Fewer than 2^32 samples per cluster.
//
// cluster_sum: the sum of `value` over every thread of every block of the cluster, returned to
// each of them, the blocks' totals added in rank order (the same value everywhere, run to run).
// Scratch per block: cluster_sum_scratch_bytes<T>(team_size, cluster_size).
//
// Both synchronise the cluster (cluster_barrier), so every thread of every block of the cluster
// calls them, with the same counts; they use the first bytes of each block's scratch (its
// contents are undefined afterwards), which the policy must hold.

#include <Kokkos_Core.hpp>

#include "KokkosTile_Cluster.hpp"
#include "impl/cluster/Cluster_Primitives.hpp"

#include <cstddef>
#include <type_traits>

namespace KokkosTile {

/// Scratch bytes per block cluster_histogram needs for nbins bins in clusters of cluster_size.
KOKKOS_INLINE_FUNCTION std::size_t cluster_histogram_scratch_bytes(int nbins, int cluster_size) {
  return sizeof(unsigned) * std::size_t(Impl::cluster_histogram_slice(nbins, cluster_size));
}

/// Scratch bytes per block cluster_sum<T> needs for teams of team_size in clusters of
/// cluster_size (host backends run teams of one thread: team_size 1 is enough there).
template <class T>
KOKKOS_INLINE_FUNCTION std::size_t cluster_sum_scratch_bytes(int team_size, int cluster_size) {
  return sizeof(T) * std::size_t(Impl::cluster_sum_words(team_size, cluster_size));
}

template <class Space, class Samples, class Counts>
KOKKOS_INLINE_FUNCTION void cluster_histogram(const ClusterMember<Space>& m, const Samples& samples,
                                              const Counts& counts) {
  static_assert(std::is_integral_v<typename Samples::non_const_value_type>,
                "KokkosTile::cluster_histogram: integer samples");
  using count_type = typename Counts::non_const_value_type;
  static_assert(
      std::is_same_v<count_type, std::uint32_t> || std::is_same_v<count_type, std::uint64_t>,
      "KokkosTile::cluster_histogram: counts of std::uint32_t or std::uint64_t");
  if (counts.extent(0) == 0)
    Kokkos::abort("KokkosTile::cluster_histogram: counts has no bins");
  if (m.scratch_bytes() < cluster_histogram_scratch_bytes(int(counts.extent(0)), m.cluster_size()))
    Kokkos::abort(
        "KokkosTile::cluster_histogram: less scratch per block than "
        "cluster_histogram_scratch_bytes");
  Impl::cluster_histogram_run(m, samples, counts);
}

template <class Space, class T>
KOKKOS_INLINE_FUNCTION T cluster_sum(const ClusterMember<Space>& m, const T& value) {
  static_assert(std::is_arithmetic_v<T>, "KokkosTile::cluster_sum: an arithmetic value type");
  if (m.scratch_bytes() < cluster_sum_scratch_bytes<T>(m.team_size(), m.cluster_size()))
    Kokkos::abort("KokkosTile::cluster_sum: less scratch per block than cluster_sum_scratch_bytes");
  return Impl::cluster_sum_run(m, value);
}

}  // namespace KokkosTile
