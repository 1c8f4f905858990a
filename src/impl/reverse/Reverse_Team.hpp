// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Kernels behind KokkosTile::reverse and KokkosTile::reverse_copy (KokkosTile_Reverse.hpp).
//
// In place, team g owns the g-th chunk from the front of the array and its mirror image from the
// back: it stages both in scratch, waits at a team barrier, and writes each chunk reversed into the
// other's place. Chunks never overlap (the front chunks stop at n/2), so teams need no ordering,
// and an odd middle element stays where it is.

#include <Kokkos_Core.hpp>

#include "KokkosTile_ScratchTile.hpp"
#include "impl/core/Core_Packet.hpp"
#include "KokkosTile_TeamCopy.hpp"
#include "KokkosTile_TeamLoops.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace KokkosTile {
namespace Impl {

/// The scratch tile a reversal stages a chunk in: its extent fixed at compile time when
/// StaticExtent > 0 (the seed's `__shared__ int s[64]`), else chosen at launch (the seed's
/// `extern __shared__ int s[]`).
template <class T, class ExecSpace, std::size_t StaticExtent>
struct ReverseChunkTile {
  using type = StaticTile1D<T, StaticExtent, ExecSpace>;
  static std::size_t scratch_bytes(std::size_t) { return type::scratch_bytes(); }
  template <class TeamMember>
  KOKKOS_INLINE_FUNCTION static type make(const TeamMember& team, int level, int) {
    return type(team, level);
  }
};

template <class T, class ExecSpace>
struct ReverseChunkTile<T, ExecSpace, 0> {
  using type = Tile1D<T, ExecSpace>;
  static std::size_t scratch_bytes(std::size_t extent) { return type::scratch_bytes(extent); }
  template <class TeamMember>
  KOKKOS_INLINE_FUNCTION static type make(const TeamMember& team, int level, int extent) {
    return type(team, level, static_cast<std::size_t>(extent));
  }
};

/// Level: the scratch level, compiled in (with_scratch_level), so that with level 0 on CUDA the
/// chunks are read and written with shared-memory instructions; with a run-time level nvcc emits
/// generic ones, which cost reverse_static<1024> 4-5 points of deep_copy (float, H200;
/// perf_tests/results/2026-11-26_H100_reverse_scratch_level/, commit fd480bb).
template <class ExecSpace, class ViewType, std::size_t StaticExtent, int Level>
struct ReverseInPlace {
  using value_type = typename ViewType::non_const_value_type;
  using chunk_tile = ReverseChunkTile<value_type, ExecSpace, StaticExtent>;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;

  ViewType view;
  std::int64_t extent;
  int chunk;

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    const auto front = chunk_tile::make(team, Level, chunk);
    const auto back = chunk_tile::make(team, Level, chunk);
    const std::int64_t front_start = static_cast<std::int64_t>(team.league_rank()) * chunk;
    const int count = clipped_count(extent / 2, front_start, chunk);
    const std::int64_t back_start = extent - front_start - count;

    // Four mirrored pairs in flight per thread (see team_staged_copy).
    team_staged_copy<4>(
        team, count,
        [&](int i) {
          return Kokkos::pair<value_type, value_type>(view(front_start + i), view(back_start + i));
        },
        [&](int i, const Kokkos::pair<value_type, value_type>& pair) {
          front(i) = pair.first;
          back(i) = pair.second;
        });
    team.team_barrier();
    Kokkos::parallel_for(Kokkos::TeamVectorRange(team, count), [&](int i) {
      view(front_start + i) = back(count - 1 - i);
      view(back_start + i) = front(count - 1 - i);
    });
  }
};

/// Threads a team of ReverseInPlaceStagedPackets for chunks of `chunk_packets` packets: half a
/// thread a packet (whole warps, at least 32), at most 256, or 128 on devices rich in bandwidth
/// (bandwidth_rich, Core_DeviceBandwidth.hpp). A team loads both its chunks at once, so the bytes
/// in flight on a multiprocessor are the chunks of the teams resident there, and teams of 256
/// threads allow only 8: with them, reverse_static<1024> ran at 0.92 of deep_copy on an H100 in
/// float (8 KiB a team) and 0.975 in double (16 KiB); half a thread a packet lets small chunks
/// have more teams resident. One pair of 1024-element chunks a team, at 2^26 / 2^24 / 2^28
/// elements, in the batch timing of the retired perf_tests/experiments/memory_bound_variants_kx.cpp
/// (commit 6c5ee93):
///  - H100: double 1.017 / 1.053 / 0.982 with 256 threads, 0.985 / 1.020 / 0.946 with 128;
///  - H200: double 1.010 / 1.053 / 0.970 with 256, 1.018 / 1.068 / 0.976 with 128; float (128
///    threads by the first rule) 1.031 / 1.292 / 0.994 against 0.984 / 1.247 / 0.954 with 256.
/// The library's benchmark on an H200: perf_tests/results/2026-11-28_H200_reverse_staged_threads/
/// (commit 1ab8dad).
inline int reverse_staged_threads(int chunk_packets, bool bandwidth_rich) {
  const int most = bandwidth_rich ? 128 : 256;
  return std::min(most, std::max(32, (chunk_packets / 2 + 31) / 32 * 32));
}

/// ReverseInPlace for Views the packet kernels take (contiguous, 16-byte-aligned, a whole number
/// of packet pairs; Reverse_Packets.hpp) when the chunk is a whole number of packets: the same
/// chunks through scratch, with every global access a whole packet. This is reverse_static's path
/// on such Views, whose point is the compile-time scratch chunk: staged one element at a time it
/// ran at 0.94 (float) and 0.96 (double) of deep_copy on an H100 at 2^26 elements
/// (perf_tests/results/2026-11-25_H100_reverse/, commit e04592c). Level as in ReverseInPlace.
template <class ExecSpace, class T, std::size_t StaticExtent, int Level>
struct ReverseInPlaceStagedPackets {
  static constexpr int V = packet_width<T>();
  using packet = Packet<T, V>;
  using chunk_tile = ReverseChunkTile<T, ExecSpace, StaticExtent>;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;

  T* data;
  std::int64_t extent;
  int chunk;  // a multiple of V

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    const auto front = chunk_tile::make(team, Level, chunk);
    const auto back = chunk_tile::make(team, Level, chunk);
    const std::int64_t front_start = static_cast<std::int64_t>(team.league_rank()) * chunk;
    // extent is a multiple of 2 V and chunk of V, so count is a whole number of packets.
    const int packets = clipped_count(extent / 2, front_start, chunk) / V;
    T* const front_data = data + front_start;
    T* const back_data = data + (extent - front_start - std::int64_t(packets) * V);

    // Kokkos aligns scratch to 8 bytes only. Where both chunks are 16-byte aligned (in practice
    // always, for chunks of whole packets) scratch is written and read in whole packets too: a
    // warp's 16-byte accesses to 512 consecutive bytes take the four wavefronts any 512 bytes
    // take, where float elements 16 bytes apart took four times that.
    T* const front_scratch = &front(0);
    T* const back_scratch = &back(0);
    const bool scratch_packets = packet_aligned(front_scratch) && packet_aligned(back_scratch);

    team_staged_copy<4>(
        team, packets,
        [&](int k) {
          return Kokkos::pair<packet, packet>(*reinterpret_cast<const packet*>(front_data + k * V),
                                              *reinterpret_cast<const packet*>(back_data + k * V));
        },
        [&](int k, const Kokkos::pair<packet, packet>& pair) {
          store_to_scratch(front_scratch + k * V, pair.first, scratch_packets);
          store_to_scratch(back_scratch + k * V, pair.second, scratch_packets);
        });
    team.team_barrier();
    // Front packet k is back packet (packets - 1 - k) reversed, and the other way round.
    Kokkos::parallel_for(Kokkos::TeamVectorRange(team, packets), [&](int k) {
      const int mirror = (packets - 1 - k) * V;
      store_packet(front_data + k * V,
                   reversed_from_scratch(back_scratch + mirror, scratch_packets));
      store_packet(back_data + k * V,
                   reversed_from_scratch(front_scratch + mirror, scratch_packets));
    });
  }

  KOKKOS_FORCEINLINE_FUNCTION static void store_to_scratch(T* dst, const packet& p, bool whole) {
    if (whole) {
      store_packet(dst, p);
    } else {
      for (int e = 0; e < V; ++e)
        dst[e] = p.v[e];
    }
  }

  /// The packet at src with its elements in reverse order.
  KOKKOS_FORCEINLINE_FUNCTION static packet reversed_from_scratch(const T* src, bool whole) {
    packet p, reversed;
    if (whole) {
      p = *reinterpret_cast<const packet*>(src);
    } else {
      for (int e = 0; e < V; ++e)
        p.v[e] = src[e];
    }
    for (int e = 0; e < V; ++e)
      reversed.v[e] = p.v[V - 1 - e];
    return reversed;
  }
};

/// Out of place: team g loads the g-th chunk of src and writes it reversed into the mirrored
/// position of dst, so both the reads and the writes are contiguous. Level as in ReverseInPlace.
template <class ExecSpace, class SrcView, class DstView, int Level>
struct ReverseCopy {
  using value_type = typename DstView::non_const_value_type;
  using chunk_tile = ReverseChunkTile<value_type, ExecSpace, 0>;
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;

  SrcView src;
  DstView dst;
  int chunk;

  KOKKOS_FUNCTION void operator()(const member_type& team) const {
    const auto tile = chunk_tile::make(team, Level, chunk);
    const std::int64_t start = static_cast<std::int64_t>(team.league_rank()) * chunk;
    const int count = load_tile(team, src, start, tile);
    const std::int64_t mirror = static_cast<std::int64_t>(dst.extent(0)) - start - count;
    team.team_barrier();
    Kokkos::parallel_for(Kokkos::TeamVectorRange(team, count),
                         [&](int i) { dst(mirror + i) = tile(count - 1 - i); });
  }
};

}  // namespace Impl
}  // namespace KokkosTile
