#pragma once
// Fixed-width groups of elements moved as one aligned global access (ld/st.global.v4 on GPUs):
// more bytes per load instruction keeps more bytes in flight per thread.

#include <Kokkos_Macros.hpp>

#include <cstddef>

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

}  // namespace Impl
}  // namespace KokkosTile
