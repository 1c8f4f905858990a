// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// 16-byte packets of a GEMM tile between registers, global memory and CUDA shared memory: the
// loads and stores the tuned kernel's loader and multiply step are built from. On CUDA, with
// SharedSpace (the scratch is shared memory), they are ld.shared / st.shared on shared-space
// addresses; elsewhere plain packet copies.

#include <Kokkos_Core.hpp>

#include "impl/core/Core_AsyncCopy.hpp"
#include "impl/core/Core_Packet.hpp"

#include <type_traits>

namespace KokkosTile {
namespace Impl {

/// V consecutive elements (16-byte aligned) read as one packet: ld.global.v4 / v2 on GPUs.
template <class T, int V>
KOKKOS_FORCEINLINE_FUNCTION void load_fragment(const T* src, T* dst) {
  const auto packet = *reinterpret_cast<const Packet<T, V>*>(src);
  for (int e = 0; e < V; ++e)
    dst[e] = packet.v[e];
}

#if defined(__CUDA_ARCH__)
/// V elements at a shared-space address, as one 16-byte ld.shared.
template <class T, int V>
KOKKOS_FORCEINLINE_FUNCTION void load_shared_packet(unsigned address, T* dst) {
  static_assert((V == 4 && std::is_same_v<T, float>) || (V == 2 && std::is_same_v<T, double>),
                "16-byte packets: float x 4 or double x 2");
  if constexpr (V == 4) {
    asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];"
                 : "=f"(dst[0]), "=f"(dst[1]), "=f"(dst[2]), "=f"(dst[3])
                 : "r"(address));
  } else {
    asm volatile("ld.shared.v2.f64 {%0, %1}, [%2];" : "=d"(dst[0]), "=d"(dst[1]) : "r"(address));
  }
}
#endif

/// Writes a V-element fragment to a scratch row as one 16-byte packet (st.shared with
/// SharedSpace, as load_fragment).
template <bool SharedSpace, class T, int V>
KOKKOS_FORCEINLINE_FUNCTION void store_fragment(T* dst, const T* src) {
#if defined(__CUDA_ARCH__)
  if constexpr (SharedSpace && V == 4 && std::is_same_v<T, float>) {
    const auto address = shared_space_address(dst);
    asm volatile("st.shared.v4.f32 [%0], {%1, %2, %3, %4};" ::"r"(address), "f"(src[0]),
                 "f"(src[1]), "f"(src[2]), "f"(src[3]));
    return;
  } else if constexpr (SharedSpace && V == 2 && std::is_same_v<T, double>) {
    const auto address = shared_space_address(dst);
    asm volatile("st.shared.v2.f64 [%0], {%1, %2};" ::"r"(address), "d"(src[0]), "d"(src[1]));
    return;
  }
#endif
  Packet<T, V> packet;
  for (int e = 0; e < V; ++e)
    packet.v[e] = src[e];
  store_packet(dst, packet);
}

}  // namespace Impl
}  // namespace KokkosTile
