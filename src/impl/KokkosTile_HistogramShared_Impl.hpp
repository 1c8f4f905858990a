#pragma once
// Histogram strategies that need no cluster: per-team private histograms in scratch and global
// atomics (KokkosTile_Histogram.hpp).
//
// Device kernels run through KokkosTile's cluster launch with clusters of one block
// (parallel_for_large_scratch), so a team may hold up to the device's opt-in shared memory of bins
// (227 KB on Hopper), not only Kokkos' level-0 share. Each thread walks aligned 16-byte packets
// grid-stride; the loop trip count is uniform over a warp, so the warp-level aggregation
// (__match_any_sync: one atomic per distinct bin per warp step) may use the full mask. Skewed
// inputs, where many lanes hit the same few bins, then pay one atomic per bin instead of a
// serialised chain of them.
//
// Host backends: private copies per thread (no atomics at all), summed per bin afterwards, and
// Kokkos atomics into the counts when the copies would cost more than the samples.

#include <Kokkos_Core.hpp>

#include "KokkosTile_ClusterMember.hpp"
#include "KokkosTile_HistogramCommon_Impl.hpp"

#include <cstdint>

namespace KokkosTile {
namespace Impl {

/// The packets [packet_begin, packet_end) of one pass, grid-stride over the launch's threads, plus
/// the scalar extras when with_extras; count(bin) is called by every lane of a warp the same
/// number of times (bin -1 where a lane has no sample).
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
  for (std::int64_t p0 = packet_begin + g - lane; p0 < packet_end; p0 += threads) {
    const std::int64_t p = p0 + lane;
    const bool valid = p < packet_end;
    Packet<value_type, V> s{};
    if (valid)
      s = source.packet(p);
    for (int k = 0; k < V; ++k)
      count(valid ? binner(s.v[k]) : -1);
  }
  if (with_extras && m.league_rank() == 0 && m.team_rank() < W) {
    for (int e0 = 0; e0 < split.extras; e0 += W) {
      const int e = e0 + lane;
      count(e < split.extras ? binner(source.scalar(split.extra_index(e, V))) : -1);
    }
  }
}

/// One warp step of counting into 32-bit bins: aggregated (one add per distinct bin) or not.
/// `aggregate` is uniform over the launch, so a warp takes one branch as a whole.
KOKKOS_INLINE_FUNCTION void count_in_bins(unsigned* bins, int bin, int lane, bool aggregate) {
  if (aggregate) {
    const unsigned peers = warp_peers(static_cast<unsigned>(bin));
    if (bin >= 0 && lane == lowest_lane(peers))
      add_to_bin(&bins[bin], static_cast<unsigned>(lane_count(peers)));
  } else if (bin >= 0) {
    add_to_bin(&bins[bin], 1u);
  }
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
  bool aggregate;
  int nbins;

  KOKKOS_FUNCTION void operator()(const ClusterMember<ExecSpace>& m) const {
    unsigned* const bins = m.template team_scratch<unsigned>();
    team_for(m, nbins, [&](int b) { bins[b] = 0; });
    m.team_barrier();
    const int lane = m.team_rank() % histogram_warp();
    for_each_bin<V>(m, source, binner, split, packet_begin, packet_end, with_extras,
                    [&](int bin) { count_in_bins(bins, bin, lane, aggregate); });
    m.team_barrier();
    team_for(m, nbins, [&](int b) {
      const unsigned c = bins[b];
      if (c != 0)
        Kokkos::atomic_add(&counts(b), static_cast<count_type>(c));
    });
  }
};

/// Atomics straight into the counts, aggregated per warp.
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
  bool aggregate;

  KOKKOS_FUNCTION void operator()(const ClusterMember<ExecSpace>& m) const {
    const int lane = m.team_rank() % histogram_warp();
    for_each_bin<V>(m, source, binner, split, packet_begin, packet_end, with_extras, [&](int bin) {
      if (aggregate) {
        const unsigned peers = warp_peers(static_cast<unsigned>(bin));
        if (bin >= 0 && lane == lowest_lane(peers))
          Kokkos::atomic_add(&counts(bin), static_cast<count_type>(lane_count(peers)));
      } else if (bin >= 0) {
        Kokkos::atomic_add(&counts(bin), count_type(1));
      }
    });
  }
};

/// Host: thread p counts samples [n p / P, n (p + 1) / P) into its own row of `copies`.
template <class SampleView, class Binner, class Copies>
struct HostPrivateCount {
  SampleView samples;
  Binner binner;
  Copies copies;
  std::int64_t n;
  int parts;
  int nbins;
  KOKKOS_FUNCTION void operator()(int p) const {
    using count_type = typename Copies::non_const_value_type;
    count_type* const row = &copies(p, 0);
    for (int b = 0; b < nbins; ++b)
      row[b] = 0;
    const std::int64_t begin = n * p / parts;
    const std::int64_t end = n * (p + 1) / parts;
    for (std::int64_t i = begin; i < end; ++i) {
      const int bin = binner(samples(i));
      if (bin >= 0)
        ++row[bin];
    }
  }
};

/// Host: counts(b) = (counts(b) when accumulating) + the copies' bin b.
template <class Counts, class Copies>
struct HostPrivateSum {
  Counts counts;
  Copies copies;
  int parts;
  bool accumulate;
  KOKKOS_FUNCTION void operator()(int b) const {
    typename Counts::non_const_value_type sum = accumulate ? counts(b) : 0;
    for (int p = 0; p < parts; ++p)
      sum += copies(p, b);
    counts(b) = sum;
  }
};

/// Host: one Kokkos atomic per sample into the counts.
template <class SampleView, class Binner, class Counts>
struct HostAtomicCount {
  SampleView samples;
  Binner binner;
  Counts counts;
  KOKKOS_FUNCTION void operator()(std::int64_t i) const {
    const int bin = binner(samples(i));
    if (bin >= 0)
      Kokkos::atomic_add(&counts(bin), typename Counts::non_const_value_type(1));
  }
};

}  // namespace Impl
}  // namespace KokkosTile
