// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Fixed-width groups of elements moved as one aligned global access (ld/st.global.v4 on GPUs):
// more bytes per load instruction keeps more bytes in flight per thread.

#include <Kokkos_Core.hpp>

#include "KokkosTile_TeamLoops.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace KokkosTile {
namespace Impl {

/// Elements of T in one 16-byte access (1 when T does not divide 16 bytes).
template <class T>
KOKKOS_INLINE_FUNCTION constexpr int packet_width() {
  return (sizeof(T) <= 8 && 16 % sizeof(T) == 0) ? static_cast<int>(16 / sizeof(T)) : 1;
}

/// V consecutive elements, aligned to their combined size.
template <class T, int V>
struct alignas(V > 1 ? sizeof(T) * V : alignof(T)) Packet {
  T v[V];
};

/// Stores packet p at dst (aligned to the packet). On CUDA a 16-byte packet goes out as one
/// 16-byte store: nvcc lowers the assignment of the struct to four scalar stores, which cost the
/// transpose 15% of its bandwidth on an H200.
template <class T, int V>
KOKKOS_FORCEINLINE_FUNCTION void store_packet(T* dst, const Packet<T, V>& p) {
#ifdef __CUDA_ARCH__
  if constexpr (sizeof(Packet<T, V>) == 16) {
    unsigned w[4];
    memcpy(w, &p, sizeof(w));
    // Even a uint4 store is split when its value comes from four scalars; PTX keeps it whole.
    asm volatile("st.v4.b32 [%0], {%1, %2, %3, %4};" ::"l"(dst), "r"(w[0]), "r"(w[1]), "r"(w[2]),
                 "r"(w[3])
                 : "memory");
    return;
  }
#endif
  *reinterpret_cast<Packet<T, V>*>(dst) = p;
}

/// True when `pointer` may start a 16-byte packet.
KOKKOS_INLINE_FUNCTION bool packet_aligned(const void* pointer) {
  return reinterpret_cast<std::uintptr_t>(pointer) % 16 == 0;
}

/// Loads `lines` lines of PerLine V-element packets from global memory (line i starts at
/// src + i * src_stride) into scratch rows (row i at dst + i * dst_pitch), Unroll packets in flight
/// per thread. Each packet is scattered into scratch element by element, because a padded pitch
/// leaves scratch rows unaligned.
template <int V, int PerLine, int Unroll, class TeamMember, class T>
KOKKOS_INLINE_FUNCTION void team_load_packet_lines(const TeamMember& team, int lines, const T* src,
                                                   int src_stride, T* dst, int dst_pitch) {
  using packet = Packet<T, V>;
  team_staged_copy<Unroll>(
      team, lines * PerLine,
      [&](int k) {
        return *reinterpret_cast<const packet*>(src + (k / PerLine) * src_stride +
                                                (k % PerLine) * V);
      },
      [&](int k, const packet& p) {
        T* row = dst + (k / PerLine) * dst_pitch + (k % PerLine) * V;
        for (int e = 0; e < V; ++e)
          row[e] = p.v[e];
      });
}

}  // namespace Impl
}  // namespace KokkosTile
