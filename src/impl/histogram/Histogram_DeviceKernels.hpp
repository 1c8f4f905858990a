// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Histogram variants that need no cluster: per-team private histograms in scratch and global
// atomics (KokkosTile_Histogram.hpp).
//
// Device kernels run through KokkosTile's cluster launch with clusters of one block
// (parallel_for_large_scratch), so a team may hold up to the device's opt-in shared memory of bins
// (227 KB on Hopper), not only Kokkos' level-0 share. Each thread walks aligned 16-byte packets
// grid-stride; the loop trip count is uniform over a warp, so the warp-level aggregation
// (__match_any_sync: one atomic per distinct bin per warp step) may use the full mask. Skewed
// inputs, where many lanes hit the same few bins, then pay one atomic per bin instead of a
// serialised chain of them.
// The host backends' kernels are in Histogram_Host.hpp.

#include <Kokkos_Core.hpp>

#include "impl/cluster/Cluster_Member.hpp"
#include "impl/histogram/Histogram_Common.hpp"
#include "impl/histogram/Histogram_Tuning.hpp"

#include <cstdint>

namespace KokkosTile {
namespace Impl {

/// The packets [packet_begin, packet_end) of one pass, grid-stride over the launch's threads (two
/// packets per thread and step, both loaded before either is counted), plus the scalar extras when
/// with_extras. count(bin, k) is called by every lane of a warp the same number of times (bin -1
/// where a lane has no sample); k is the sample's place in the step (0 starts a step).
template <int V, class Member, class Source, class Binner, class Count>
KOKKOS_INLINE_FUNCTION void for_each_bin(const Member& m, const Source& source,
                                         const Binner& binner, const SampleSplit& split,
                                         std::int64_t packet_begin, std::int64_t packet_end,
                                         bool with_extras, const Count& count) {
  using value_type = typename Source::value_type;
  constexpr int W = histogram_warp();
  const std::int64_t threads = static_cast<std::int64_t>(m.league_size()) * m.team_size();
  const std::int64_t g = static_cast<std::int64_t>(m.league_rank()) * m.team_size() + m.team_rank();
  const int lane = static_cast<int>(g % W);
  for (std::int64_t base = packet_begin + g - lane; base < packet_end; base += 2 * threads) {
    const std::int64_t pa = base + lane;
    const std::int64_t pb = pa + threads;
    Packet<value_type, V> a{}, b{};
    if (pa < packet_end)
      a = source.packet(pa);
    if (pb < packet_end)
      b = source.packet(pb);
    for (int k = 0; k < V; ++k)
      count(pa < packet_end ? binner(a.v[k]) : -1, k);
    for (int k = 0; k < V; ++k)
      count(pb < packet_end ? binner(b.v[k]) : -1, V + k);
  }
  if (with_extras && m.league_rank() == 0 && m.team_rank() < W) {
    for (int e0 = 0; e0 < split.extras; e0 += W) {
      const int e = e0 + lane;
      count(e < split.extras ? binner(source.scalar(split.extra_index(e, V))) : -1, 0);
    }
  }
}

/// Lanes of the warp for which `predicate` holds (1 or 0 on the host). Every lane must call it.
KOKKOS_INLINE_FUNCTION int warp_votes(bool predicate) {
#ifdef __CUDA_ARCH__
  return __popc(__ballot_sync(0xffffffffu, predicate));
#else
  return predicate ? 1 : 0;
#endif
}

/// Warp aggregation modes, resolved per variant from HistogramOptions::warp_aggregation.
inline constexpr int aggregate_never = 0;
inline constexpr int aggregate_adaptive = 1;
inline constexpr int aggregate_always = 2;

/// Warp aggregation: __match_any_sync groups the lanes of equal bins and one lane adds for all.
/// The match is not free (on Hopper it cost shared-memory histograms up to 5x, whose atomics
/// already absorb equal addresses well), so `adaptive` matches only the first sample of a step and
/// counts the distinct bins: few (skewed input, or few bins) and the rest of the step aggregates;
/// many (uniform over many bins) and the rest adds one by one.
struct AdaptiveAggregation {
  int mode;          // aggregate_never, aggregate_adaptive or aggregate_always
  bool now = false;  // adaptive: the current step aggregates (its bins repeat)
  /// What this lane adds for `bin`: the group's size for the lane that adds for its group, 1 for a
  /// lane that adds alone, 0 for the others (and for bin -1).
  KOKKOS_INLINE_FUNCTION unsigned contribution(int bin, int lane, bool probe) {
    const bool match = mode == aggregate_always || (mode == aggregate_adaptive && (probe || now));
    if (!match)
      return bin >= 0 ? 1u : 0u;
    const unsigned peers = warp_peers(static_cast<unsigned>(bin));
    const bool leads = lane == lowest_lane(peers);
    if (probe && mode == aggregate_adaptive)
      now = warp_votes(leads) < histogram_aggregate_below;
    return bin >= 0 && leads ? static_cast<unsigned>(lane_count(peers)) : 0u;
  }
};

/// Where bin b lives in a scratch histogram: its 32-bit word is XORed within its row of 32 words
/// (one word per shared-memory bank) with 5 bits hashed from the row number. Bins a multiple of 32
/// apart (a skewed input's hot bins at 1024, 2048, ...) otherwise share a bank and serialise (2.5x
/// slower measured on the H200 at 16,384 bins); the swizzle spreads them. The mask depends only on
/// bits the XOR leaves alone, so the swizzle is its own inverse; the histogram is rounded up to
/// whole rows. One shift, one multiply, one shift, one XOR: the shared-memory kernel is close to
/// ALU-bound, and a swizzle of four shifts and XORs cost it 25% on uniform input.
KOKKOS_INLINE_FUNCTION int bank_swizzle(int b) {
  const unsigned row = static_cast<unsigned>(b) >> 5;
  return b ^ static_cast<int>((row * 0x9E3779B1u) >> 27);
}

/// Per-team private histogram in scratch (nbins 32-bit counters), added into the counts (zero
/// bins skipped) at the end.
template <class ExecSpace, class Source, class Binner, class Counts, int V>
struct SharedHistogramKernel {
  using count_type = typename Counts::non_const_value_type;
  Source source;
  Binner binner;
  Counts counts;
  SampleSplit split;
  std::int64_t packet_begin;
  std::int64_t packet_end;
  bool with_extras;
  int aggregation_mode;
  int words;  // nbins rounded up to 32 (bank_swizzle stays inside)
  int nbins;

  KOKKOS_FUNCTION void operator()(const ClusterMember<ExecSpace>& m) const {
    unsigned* const bins = m.template team_scratch<unsigned>();
    team_for(m, words, [&](int w) { bins[w] = 0; });
    m.team_barrier();
    const int lane = m.team_rank() % histogram_warp();
    AdaptiveAggregation aggregation{aggregation_mode};
    for_each_bin<V>(m, source, binner, split, packet_begin, packet_end, with_extras,
                    [&](int bin, int k) {
                      const unsigned add = aggregation.contribution(bin, lane, k == 0);
                      if (add != 0)
                        add_to_bin(&bins[bank_swizzle(bin)], add);
                    });
    m.team_barrier();
    team_for(m, words, [&](int w) {
      const unsigned c = bins[w];
      const int b = bank_swizzle(w);
      if (c != 0 && b < nbins)
        Kokkos::atomic_add(&counts(b), static_cast<count_type>(c));
    });
  }
};

/// Atomics straight into the counts, through a per-block cache of hot bins in shared memory.
template <class ExecSpace, class Source, class Binner, class Counts, int V>
struct GlobalHistogramKernel {
  using count_type = typename Counts::non_const_value_type;
  Source source;
  Binner binner;
  Counts counts;
  SampleSplit split;
  std::int64_t packet_begin;
  std::int64_t packet_end;
  bool with_extras;
  int aggregation_mode;
  int cache_slots;  // hot-bin cache slots in scratch (a power of 2), 0 for none

  KOKKOS_FUNCTION void operator()(const ClusterMember<ExecSpace>& m) const {
    const int lane = m.team_rank() % histogram_warp();
    // The hot-bin cache: slot s holds bin tags[s] (claimed once, by the first sample that hashes
    // there) and its count in hits[s]. A skewed input's hot bins claim slots early and then count
    // in shared memory; every other bin goes to the counts with a global atomic.
    unsigned* const tags = m.template team_scratch<unsigned>();
    unsigned* const hits = tags + cache_slots;
    constexpr unsigned empty = 0xFFFFFFFFu;
    team_for(m, cache_slots, [&](int s) {
      tags[s] = empty;
      hits[s] = 0;
    });
    m.team_barrier();
    const unsigned mask = static_cast<unsigned>(cache_slots) - 1u;
    AdaptiveAggregation aggregation{aggregation_mode};
    for_each_bin<V>(m, source, binner, split, packet_begin, packet_end, with_extras,
                    [&](int bin, int k) {
                      const unsigned add = aggregation.contribution(bin, lane, k == 0);
                      if (add == 0)
                        return;
                      if (cache_slots > 0) {
                        const auto b = static_cast<unsigned>(bin);
                        const unsigned slot = ((b * 2654435761u) >> 16) & mask;
                        unsigned tag = tags[slot];
                        if (tag == empty)
                          tag = Kokkos::atomic_compare_exchange(&tags[slot], empty, b);
                        if (tag == empty || tag == b) {
                          add_to_bin(&hits[slot], add);
                          return;
                        }
                      }
                      Kokkos::atomic_add(&counts(bin), static_cast<count_type>(add));
                    });
    m.team_barrier();
    team_for(m, cache_slots, [&](int s) {
      const unsigned c = hits[s];
      if (c != 0)
        Kokkos::atomic_add(&counts(static_cast<int>(tags[s])), static_cast<count_type>(c));
    });
  }
};

}  // namespace Impl
}  // namespace KokkosTile
