// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The cluster (distributed shared memory) histogram variant (KokkosTile_Histogram.hpp).
//
// A cluster of C blocks holds nbins 32-bit counters: block r owns the slice
// [r * slice, (r + 1) * slice) of its shared memory. Every block reads its share of the samples; a
// sample's bin belongs to one block of the cluster (its destination). Three designs
// (Experimental::HistogramTuning::cluster_design):
//
//   remote_atomics    one atomic per sample into the destination's shared memory (the seed's
//                     design), after adaptive warp aggregation of equal bins.
//   remote_or_global  the same for warp steps whose bins repeat (the adaptive probe finds few
//                     distinct bins: skewed input), global atomics into the counts for steps of
//                     spread bins, where a DSM atomic is no cheaper than an L2 one.
//   staged            samples of the block's own slice count with local shared atomics; every
//                     other sample's slice index goes into an inbox in its destination block (a
//                     local atomic for the slot, then one plain remote store), in rounds of a few
//                     packets per thread, the inboxes double-buffered so that one cluster barrier
//                     per round separates writing from reading; after the barrier each block
//                     counts its inbox with local atomics. An inbox holds twice a source's uniform
//                     share of a round; samples beyond it fall back to a remote atomic, so results
//                     never depend on the distribution.
//
// Counters are flushed into the counts at the end, zero bins skipped. Within a slice, bins are
// placed by bank_swizzle.
//
// Scratch of one block, in 32-bit words: slice (rounded up to 32) | outcount[16] | incount[2][16]
// | inbox[2][C][cap] (staged only).

#include <Kokkos_Core.hpp>

#include "impl/cluster/Cluster_Member.hpp"
#include "impl/histogram/Histogram_Common.hpp"
#include "impl/histogram/Histogram_DeviceKernels.hpp"

#include <cstddef>
#include <cstdint>

namespace KokkosTile {
namespace Impl {

inline constexpr int histogram_cluster_meta_words = 48;

/// Cluster designs (Experimental::HistogramTuning::cluster_design, resolved).
inline constexpr int cluster_design_staged = 0;
inline constexpr int cluster_design_remote_atomics = 1;
inline constexpr int cluster_design_remote_or_global = 2;

/// Geometry of one cluster histogram launch, computed on the host.
struct ClusterHistogramShape {
  int cluster_size = 0;
  int team_size = 0;
  int slice = 0;          // bins per block
  int slice_padded = 0;   // slice rounded up to 32 words
  int cap = 0;            // inbox slots per (source, destination) pair and round; 0 unstaged
  int per_round = 0;      // packets per thread per round
  std::size_t bytes = 0;  // scratch per block
};

/// The shape for `nbins` bins in clusters of `cluster_size` blocks of `team_size` threads, V
/// samples per packet. Staged rounds carry `per_round` packets per thread.
inline ClusterHistogramShape cluster_histogram_shape(std::int64_t nbins, int cluster_size,
                                                     int team_size, int V, int per_round,
                                                     bool staged) {
  ClusterHistogramShape s;
  s.cluster_size = cluster_size;
  s.team_size = team_size;
  s.slice = static_cast<int>((nbins + cluster_size - 1) / cluster_size);
  s.slice_padded = (s.slice + 31) / 32 * 32;  // whole rows of 32 words for bank_swizzle
  s.per_round = per_round;
  if (staged) {
    const std::int64_t share =
        2 * static_cast<std::int64_t>(team_size) * per_round * V / cluster_size;
    s.cap = static_cast<int>(share < 32 ? 32 : (share + 3) / 4 * 4);
  }
  const std::size_t words = static_cast<std::size_t>(s.slice_padded) +
                            histogram_cluster_meta_words +
                            2 * static_cast<std::size_t>(cluster_size) * s.cap;
  s.bytes = words * sizeof(unsigned);
  return s;
}

template <class ExecSpace, class Source, class Binner, class Counts, int V>
struct ClusterHistogramKernel {
  using count_type = typename Counts::non_const_value_type;
  using value_type = typename Source::value_type;
  Source source;
  Binner binner;
  Counts counts;
  SampleSplit split;
  std::int64_t packet_begin;
  std::int64_t packet_end;
  bool with_extras;
  int aggregation_mode;  // aggregate_never, aggregate_adaptive or aggregate_always
  int design;            // cluster_design_staged, _remote_atomics or _remote_or_global
  int nbins;
  int slice;
  int slice_padded;
  int cap;
  int per_round;
  int rounds;

  KOKKOS_FUNCTION void operator()(const ClusterMember<ExecSpace>& m) const {
    constexpr int W = histogram_warp();
    const int C = m.cluster_size();
    const int rank = m.cluster_rank();
    unsigned* const bins = m.template team_scratch<unsigned>();
    unsigned* const outcount = bins + slice_padded;
    unsigned* const incount = outcount + 16;
    unsigned* const inbox = outcount + histogram_cluster_meta_words;
    team_for(m, slice_padded + histogram_cluster_meta_words, [&](int i) { bins[i] = 0; });
    // Nobody adds into a block's bins before that block has zeroed them.
    m.cluster_barrier();

    const int lane = m.team_rank() % W;
    AdaptiveAggregation aggregation{aggregation_mode};
    const bool staged = design == cluster_design_staged;
    const std::size_t inbox_offset =
        static_cast<std::size_t>(slice_padded) + histogram_cluster_meta_words;
    // Counts one sample (or, aggregated, a warp's group of equal samples).
    auto route = [&](int bin, int q, bool probe) {
      const unsigned count = aggregation.contribution(bin, lane, probe);
      if (count == 0)
        return;
      if (design == cluster_design_remote_or_global && !aggregation.now) {
        // A step of spread bins gains nothing from shared memory: straight to the counts.
        Kokkos::atomic_add(&counts(bin), static_cast<count_type>(count));
        return;
      }
      const int d = bin / slice;
      const int local = bank_swizzle(bin - d * slice);
      unsigned* const target = d == rank ? bins : m.template cluster_scratch<unsigned>(d);
      if (!staged || count > 1 || d == rank) {
        add_to_bin(target + local, count);
        return;
      }
      // Staged: a slot in the destination's inbox (a local atomic; equal destinations in a warp
      // are absorbed by the shared-memory atomic unit), then one plain remote store.
      const unsigned slot = Kokkos::atomic_fetch_add(&outcount[d], 1u);
      if (slot < static_cast<unsigned>(cap)) {
        target[inbox_offset + (static_cast<std::size_t>(q) * C + rank) * cap + slot] =
            static_cast<unsigned>(local);
      } else {
        add_to_bin(target + local, 1u);
      }
    };

    const std::int64_t threads = static_cast<std::int64_t>(m.league_size()) * m.team_size();
    const std::int64_t g =
        static_cast<std::int64_t>(m.league_rank()) * m.team_size() + m.team_rank();
    const std::int64_t warp_first = g - lane;
    for (int r = 0; r < rounds; ++r) {
      const int q = r & 1;
      const std::int64_t round_first =
          packet_begin + static_cast<std::int64_t>(r) * threads * per_round + warp_first;
      // Two packets per thread and step, both loaded before either is routed.
      for (int u = 0; u < per_round; u += 2) {
        const std::int64_t pa = round_first + u * threads + lane;
        const std::int64_t pb = pa + threads;
        const bool valid_a = pa < packet_end;
        const bool valid_b = u + 1 < per_round && pb < packet_end;
        Packet<value_type, V> a{}, b{};
        if (valid_a)
          a = source.packet(pa);
        if (valid_b)
          b = source.packet(pb);
        for (int k = 0; k < V; ++k)
          route(valid_a ? binner(a.v[k]) : -1, q, k == 0);
        for (int k = 0; k < V; ++k)
          route(valid_b ? binner(b.v[k]) : -1, q, false);
      }
      if (r == 0 && with_extras && m.league_rank() == 0 && m.team_rank() < W) {
        for (int e0 = 0; e0 < split.extras; e0 += W) {
          const int e = e0 + lane;
          route(e < split.extras ? binner(source.scalar(split.extra_index(e, V))) : -1, 0, true);
        }
      }
      if (staged) {
        m.team_barrier();
        // Tell each destination how many of its inbox slots this block filled.
        team_for(m, C, [&](int d) {
          const unsigned filled = outcount[d];
          m.template cluster_scratch<unsigned>(d)[slice_padded + 16 + q * 16 + rank] =
              filled < static_cast<unsigned>(cap) ? filled : static_cast<unsigned>(cap);
          outcount[d] = 0;
        });
        m.cluster_barrier();
        for (int source_rank = 0; source_rank < C; ++source_rank) {
          const int filled = static_cast<int>(incount[q * 16 + source_rank]);
          const unsigned* const box = inbox + (static_cast<std::size_t>(q) * C + source_rank) * cap;
          team_for(m, filled, [&](int i) { add_to_bin(&bins[box[i]], 1u); });
        }
      }
    }
    // Every remote add into this block's bins happened before the last cluster barrier.
    m.cluster_barrier();
    const int first = rank * slice;
    team_for(m, slice_padded, [&](int w) {
      const unsigned c = bins[w];
      const int local = bank_swizzle(w);
      if (c != 0 && local < slice && first + local < nbins)
        Kokkos::atomic_add(&counts(first + local), static_cast<count_type>(c));
    });
  }
};

}  // namespace Impl
}  // namespace KokkosTile
