// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The packet kernels of KokkosTile::reverse and reverse_copy on devices, for contiguous,
// 16-byte-aligned Views whose length is a whole number of packets (pairs of packets in place):
// each thread loads one 16-byte packet (in place: the packet and its mirror), reverses its elements
// in registers and stores it at the mirrored packet. Every global access is a whole aligned packet
// and nothing goes through scratch, as in a copy kernel: on an H100 the scratch-chunk kernels ran
// at 0.80 (reverse_copy, float) to 0.96 of deep_copy at 2^26 elements
// (perf_tests/results/2026-11-25_H100_memory_bound/, commit 8ea96b8). Other Views, and
// reverse_static (whose point is its compile-time scratch chunk), keep the chunk kernels of
// Reverse_Team.hpp.

#include <Kokkos_Core.hpp>

#include "impl/core/Core_BackendTraits.hpp"
#include "impl/core/Core_Packet.hpp"

#include <cstdint>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

template <class T, int V>
KOKKOS_FORCEINLINE_FUNCTION Packet<T, V> reversed(const Packet<T, V>& p) {
  Packet<T, V> r;
  for (int e = 0; e < V; ++e)
    r.v[e] = p.v[V - 1 - e];
  return r;
}

/// dst packet (packets - 1 - k) = src packet k reversed.
template <class T>
struct ReverseCopyPackets {
  static constexpr int V = packet_width<T>();
  using packet = Packet<T, V>;
  const T* src;
  T* dst;
  std::int64_t packets;

  KOKKOS_FUNCTION void operator()(std::int64_t k) const {
    const packet p = *reinterpret_cast<const packet*>(src + k * V);
    store_packet(dst + (packets - 1 - k) * V, reversed(p));
  }
};

/// Swaps packet k and packet (packets - 1 - k), each reversed; k < packets / 2, packets even.
template <class T>
struct ReverseInPlacePackets {
  static constexpr int V = packet_width<T>();
  using packet = Packet<T, V>;
  T* data;
  std::int64_t packets;

  KOKKOS_FUNCTION void operator()(std::int64_t k) const {
    T* const front = data + k * V;
    T* const back = data + (packets - 1 - k) * V;
    const packet f = *reinterpret_cast<const packet*>(front);
    const packet b = *reinterpret_cast<const packet*>(back);
    store_packet(front, reversed(b));
    store_packet(back, reversed(f));
  }
};

/// True when the packet kernels apply on ExecSpace: a device, a unit stride, a 16-byte-aligned
/// start and a length that is a multiple of `packets_per_unit` packets.
template <class ExecSpace, class ViewType>
bool reverses_in_packets(const ViewType& view, std::int64_t packets_per_unit) {
  using T = typename ViewType::non_const_value_type;
  constexpr int V = packet_width<T>();
  if constexpr (is_host_backend<ExecSpace>() || V == 1 || !std::is_trivially_copyable_v<T>) {
    (void)view;
    (void)packets_per_unit;
    return false;
  } else {
    const auto n = static_cast<std::int64_t>(view.extent(0));
    return n > 0 && view.stride(0) == 1 && packet_aligned(view.data()) &&
           n % (packets_per_unit * V) == 0;
  }
}

}  // namespace Impl
}  // namespace KokkosTile
