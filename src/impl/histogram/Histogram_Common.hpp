// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// What every histogram variant shares (KokkosTile_Histogram.hpp): how a sample becomes a bin
// (floating-point samples: Histogram_RangeBins.hpp), how the samples are split into aligned
// 16-byte packets plus a few scalar extras, and the warp-level helpers of the CUDA kernels.

#include <Kokkos_Core.hpp>

#include "impl/core/Core_ClampedBin.hpp"
#include "impl/core/Core_Packet.hpp"
#include "impl/histogram/Histogram_RangeBins.hpp"

#include <cstdint>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

/// Integer samples: bin = sample, clamped to [0, nbins): below 0 counts in bin 0, nbins and above
/// in the last bin (the seed's rule), so every sample is counted.
template <class T>
struct ClampedBins {
  int nbins;
  KOKKOS_INLINE_FUNCTION int operator()(T sample) const { return clamped_bin(sample, nbins); }
};

/// Samples split for vector loads: `head` scalars before the first 16-byte boundary, `packets`
/// aligned packets of V samples, then the scalars after them. V == 1 (strided Views, or element
/// types that do not pack) has no head and no tail: every sample is a packet.
struct SampleSplit {
  std::int64_t n = 0;
  std::int64_t head = 0;
  std::int64_t packets = 0;
  int extras = 0;  // head + tail scalars (fewer than 2 V)

  /// Index of scalar extra e (0 <= e < extras): the head first, then the tail.
  KOKKOS_INLINE_FUNCTION std::int64_t extra_index(int e, int V) const {
    return e < head ? e : head + packets * V + (e - head);
  }
};

/// Reads samples from a contiguous View's pointer (V-wide packets) or, when V == 1, through the
/// View itself (any layout and stride).
template <class SampleView, int V>
struct SampleSource {
  using value_type = typename SampleView::non_const_value_type;
  SampleView view;
  const value_type* data;  // only used when V > 1
  std::int64_t head;

  KOKKOS_INLINE_FUNCTION value_type scalar(std::int64_t i) const {
    if constexpr (V > 1)
      return data[i];
    else
      return view(i);
  }
  /// The V samples of packet p.
  KOKKOS_INLINE_FUNCTION Packet<value_type, V> packet(std::int64_t p) const {
    if constexpr (V > 1) {
      return *reinterpret_cast<const Packet<value_type, V>*>(data + head + p * V);
    } else {
      Packet<value_type, V> one;
      one.v[0] = view(p);
      return one;
    }
  }
};

/// Threads that act as one warp: 32 on CUDA devices, 1 on the host (the kernels' collective steps
/// then degenerate to scalar code).
KOKKOS_INLINE_FUNCTION constexpr int histogram_warp() {
#ifdef __CUDA_ARCH__
  return 32;
#else
  return 1;
#endif
}

/// Lanes of the calling warp holding the same key (the lane itself included); just the lane on
/// the host. Every lane of the warp must call it.
KOKKOS_INLINE_FUNCTION unsigned warp_peers(unsigned key) {
#ifdef __CUDA_ARCH__
  return __match_any_sync(0xffffffffu, key);
#else
  (void)key;
  return 1u;
#endif
}

KOKKOS_INLINE_FUNCTION int lowest_lane(unsigned mask) {
#ifdef __CUDA_ARCH__
  return __ffs(mask) - 1;
#else
  (void)mask;
  return 0;
#endif
}

KOKKOS_INLINE_FUNCTION int lane_count(unsigned mask) {
#ifdef __CUDA_ARCH__
  return __popc(mask);
#else
  return mask != 0 ? 1 : 0;
#endif
}

/// Peers in `mask` below `lane`.
KOKKOS_INLINE_FUNCTION int lanes_below(unsigned mask, int lane) {
#ifdef __CUDA_ARCH__
  return __popc(mask & ((1u << lane) - 1u));
#else
  (void)mask;
  (void)lane;
  return 0;
#endif
}

/// Value of `from_lane` to every lane (all lanes call it).
KOKKOS_INLINE_FUNCTION unsigned warp_broadcast(unsigned value, int from_lane) {
#ifdef __CUDA_ARCH__
  return __shfl_sync(0xffffffffu, value, from_lane);
#else
  (void)from_lane;
  return value;
#endif
}

/// Adds to a 32-bit counter in (local or distributed) shared memory, or host memory.
KOKKOS_INLINE_FUNCTION void add_to_bin(unsigned* bin, unsigned count) {
#ifdef __CUDA_ARCH__
  atomicAdd(bin, count);
#else
  Kokkos::atomic_add(bin, count);
#endif
}

/// Samples a block may count per pass: its 32-bit scratch counters can then never overflow.
inline constexpr std::int64_t histogram_block_samples_per_pass = std::int64_t{1} << 30;

/// Test hook: when positive, the samples per block and pass instead of the 2^30 above, so that a
/// test reaches the multi-pass path with a few thousand samples (host only; kernels never read it).
inline std::int64_t& histogram_block_samples_per_pass_override() {
  static std::int64_t samples = 0;
  return samples;
}

inline std::int64_t histogram_samples_per_block_pass() {
  const std::int64_t forced = histogram_block_samples_per_pass_override();
  return forced > 0 ? forced : histogram_block_samples_per_pass;
}

}  // namespace Impl
}  // namespace KokkosTile
