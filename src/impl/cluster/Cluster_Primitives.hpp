// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// cluster_histogram's and cluster_sum's bodies (KokkosTile_ClusterPrimitives.hpp validates and
// forwards here): one cluster's blocks share their scratch (distributed shared memory on CUDA
// sm_90, the emulation elsewhere).

#include <Kokkos_Core.hpp>

#include "impl/cluster/Cluster_Member.hpp"
#include "impl/core/Core_ClampedBin.hpp"

#include <cstddef>
#include <cstdint>

namespace KokkosTile {
namespace Impl {

/// Bins a block owns: the cluster's nbins split into cluster_size slices.
KOKKOS_INLINE_FUNCTION int cluster_histogram_slice(int nbins, int cluster_size) {
  return (nbins + cluster_size - 1) / cluster_size;
}

/// Block r owns bins [r * slice, (r + 1) * slice) as 32-bit counters at the start of its scratch.
/// Every sample is one atomic add into its owner's scratch (a remote one for other blocks' bins),
/// then each block adds its non-zero counters into counts.
template <class Member, class Samples, class Counts>
KOKKOS_INLINE_FUNCTION void cluster_histogram_run(const Member& m, const Samples& samples,
                                                  const Counts& counts) {
  using count_type = typename Counts::non_const_value_type;
  const int nbins = static_cast<int>(counts.extent(0));
  const int slice = cluster_histogram_slice(nbins, m.cluster_size());
  unsigned* const mine = m.template team_scratch<unsigned>();
  team_for(m, slice, [&](int i) { mine[i] = 0u; });
  m.cluster_barrier();  // no block adds into a slice before its owner has zeroed it
  team_for(m, static_cast<int>(samples.extent(0)), [&](int i) {
    const int bin = clamped_bin(samples(i), nbins);
    const int owner = bin / slice;
    Kokkos::atomic_add(m.template cluster_scratch<unsigned>(owner) + (bin - owner * slice), 1u);
  });
  m.cluster_barrier();  // every add into this block's slice has landed
  const int first = m.cluster_rank() * slice;
  team_for(m, slice, [&](int i) {
    if (mine[i] != 0u && first + i < nbins)
      Kokkos::atomic_add(&counts(first + i), static_cast<count_type>(mine[i]));
  });
  m.cluster_barrier();  // the scratch is the caller's again once every block has flushed
}

/// Words of cluster_sum's tree: one per thread of the block, rounded up to a power of two.
KOKKOS_INLINE_FUNCTION int cluster_sum_tree_words(int team_size) {
  int p = 1;
  while (p < team_size)
    p *= 2;
  return p;
}

/// Scratch words of T cluster_sum uses: the tree, then one per block of the cluster.
KOKKOS_INLINE_FUNCTION int cluster_sum_words(int team_size, int cluster_size) {
  return cluster_sum_tree_words(team_size) + cluster_size;
}

/// A tree over the block's threads in its scratch, then block 0 holds each block's total and
/// every thread adds them in rank order: every thread of the cluster gets the same value, the
/// same from run to run.
template <class Member, class T>
KOKKOS_INLINE_FUNCTION T cluster_sum_run(const Member& m, const T& value) {
  const int n = m.team_size(), rank = m.team_rank(), p = cluster_sum_tree_words(n);
  T* const mine = m.template team_scratch<T>();
  mine[rank] = value;
  for (int i = n + rank; i < p; i += n)
    mine[i] = T(0);
  m.team_barrier();
  for (int stride = p / 2; stride > 0; stride /= 2) {
    if (rank < stride)
      mine[rank] += mine[rank + stride];
    m.team_barrier();
  }
  m.cluster_barrier();  // every block has entered: block 0's scratch is this call's
  T* const totals = m.template cluster_scratch<T>(0) + p;
  if (rank == 0)
    totals[m.cluster_rank()] = mine[0];
  m.cluster_barrier();
  T sum = T(0);
  for (int b = 0; b < m.cluster_size(); ++b)
    sum += totals[b];
  m.cluster_barrier();  // block 0's totals are read by all before anyone reuses the scratch
  return sum;
}

}  // namespace Impl
}  // namespace KokkosTile
