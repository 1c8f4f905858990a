// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// In-place reversal on CUDA devices of compute capability 9.0 and newer, for the Views the packet
// kernels take (contiguous, 16-byte-aligned, a whole number of packet pairs; Reverse_Packets.hpp):
// block g owns the g-th chunk from the front and its mirror image from the back, as the scratch
// kernels of Reverse_Team.hpp. One thread moves both chunks into shared memory with bulk copies
// (the tensor memory accelerator's 1-D form, at most 4 KiB a copy), the block swaps them reversed
// in shared memory, and one thread moves them back with bulk copies.
//
// Why: on an H200 at 2^26 elements, as a ratio to deep_copy of the same bytes
// (perf_tests/experiments/memory_bound_variants_kx.cpp, retired; commit 6c5ee93;
// perf_tests/results/2026-11-28_H200_reverse_bulk_chunks/, commit 605d68b), the packet kernel (one
// packet pair a thread, every access a whole line) read 0.963-0.972 in float and 0.974-0.980 in
// double, and reverse_static<1024>'s staged kernel 0.955-0.974. The same accesses out of place read
// 0.984-0.992: what the in-place kernels lose is writing lines that were just read, not their
// access pattern. Chunks of 4 KiB moved by bulk copies read 0.976-0.994 (float, 1024 elements) and
// 0.988-0.995 (double, 512); 8 KiB chunks read 0.95 as one copy a side and 0.974-0.982 as two
// of 4 KiB; 1 KiB chunks 0.89-0.91, so chunks below 2 KiB keep the older kernels. Fewer blocks a
// multiprocessor (bytes in flight capped) lost for every kernel here.
//
// Only on devices rich in bandwidth (Core_DeviceBandwidth.hpp), where it was measured. reverse
// takes chunks of 4 KiB; reverse_static<N> its own N elements, staged in a shared array whose size
// is a compile-time constant (the seed's `__shared__ int s[64]`), where N elements are whole
// packets from 2 to 16 KiB. A device pass for an older architecture (PTX compiled for sm_80 and run
// on sm_90) moves the chunks with packet loads and stores instead.

#include <Kokkos_Core.hpp>

#include "KokkosTile_TeamCopy.hpp"
#include "impl/core/Core_AsyncCopy.hpp"
#include "impl/core/Core_CudaBlockLaunch.hpp"
#include "impl/core/Core_DeviceBandwidth.hpp"
#include "impl/core/Core_Packet.hpp"
#include "impl/core/Core_ViewChecks.hpp"
#include "impl/reverse/Reverse_Packets.hpp"
#include "impl/reverse/Reverse_Tuning.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)

namespace KokkosTile {
namespace Impl {

/// Whether chunks of Chunk elements of T take the bulk kernel: whole packets, from 2 to 16 KiB (so
/// that both chunks and the barrier stay well within the 48 KiB of static shared memory a block
/// may have).
template <class T, std::size_t Chunk>
constexpr bool reverse_bulk_chunk_fits() {
  return Chunk * sizeof(T) % 16 == 0 && Chunk * sizeof(T) >= 2048 && Chunk * sizeof(T) <= 16 * 1024;
}

template <class T, int Chunk>
struct ReverseInPlaceBulkChunks {
  static constexpr int V = packet_width<T>();
  static constexpr int threads = 128;
  using packet = Packet<T, V>;

  T* data;
  std::int64_t extent;  // a multiple of 2 V, so that every chunk is whole packets

  KOKKOS_FUNCTION void run(int block) const {
#if defined(__CUDA_ARCH__)
    __shared__ alignas(128) T chunks[2][Chunk];
    const std::int64_t front_start = static_cast<std::int64_t>(block) * Chunk;
    const int count = clipped_count(extent / 2, front_start, Chunk);
    const int packets = count / V;
    T* const front = data + front_start;
    T* const back = data + (extent - front_start - count);
#if defined(KOKKOSTILE_HAVE_BULK_COPY)
    const unsigned bytes = static_cast<unsigned>(count) * sizeof(T);
    __shared__ std::uint64_t landed;
    if (threadIdx.x == 0) {
      mbarrier_init(&landed, 1);
      mbarrier_arrive_expect_bytes(&landed, 2 * bytes);
      for (unsigned at = 0; at < bytes; at += reverse_bulk_copy_bytes) {
        const unsigned piece =
            bytes - at < reverse_bulk_copy_bytes ? bytes - at : reverse_bulk_copy_bytes;
        bulk_copy_to_shared(reinterpret_cast<char*>(chunks[0]) + at,
                            reinterpret_cast<const char*>(front) + at, piece, &landed);
        bulk_copy_to_shared(reinterpret_cast<char*>(chunks[1]) + at,
                            reinterpret_cast<const char*>(back) + at, piece, &landed);
      }
    }
    __syncthreads();  // the barrier is initialised before anyone waits on it
    mbarrier_wait(&landed, 0);
#else
    for (int k = threadIdx.x; k < packets; k += blockDim.x) {
      store_packet(&chunks[0][k * V], *reinterpret_cast<const packet*>(front + k * V));
      store_packet(&chunks[1][k * V], *reinterpret_cast<const packet*>(back + k * V));
    }
    __syncthreads();
#endif
    // Front packet k becomes back packet (packets - 1 - k) reversed, and the other way round.
    // Thread k owns packets k and packets - 1 - k of both chunks, so the swap needs no barrier;
    // for an odd count the middle packet is its own mirror.
    for (int k = threadIdx.x; k < (packets + 1) / 2; k += blockDim.x) {
      const int m = packets - 1 - k;
      const packet front_k = *reinterpret_cast<const packet*>(&chunks[0][k * V]);
      const packet back_k = *reinterpret_cast<const packet*>(&chunks[1][k * V]);
      const packet front_m = *reinterpret_cast<const packet*>(&chunks[0][m * V]);
      const packet back_m = *reinterpret_cast<const packet*>(&chunks[1][m * V]);
      store_packet(&chunks[0][k * V], reversed(back_m));
      store_packet(&chunks[1][k * V], reversed(front_m));
      store_packet(&chunks[0][m * V], reversed(back_k));
      store_packet(&chunks[1][m * V], reversed(front_k));
    }
#if defined(KOKKOSTILE_HAVE_BULK_COPY)
    fence_before_bulk_copies();  // each thread's swaps, before the copies read them
    __syncthreads();
    if (threadIdx.x == 0) {
      for (unsigned at = 0; at < bytes; at += reverse_bulk_copy_bytes) {
        const unsigned piece =
            bytes - at < reverse_bulk_copy_bytes ? bytes - at : reverse_bulk_copy_bytes;
        bulk_copy_to_global(reinterpret_cast<char*>(front) + at,
                            reinterpret_cast<const char*>(chunks[0]) + at, piece);
        bulk_copy_to_global(reinterpret_cast<char*>(back) + at,
                            reinterpret_cast<const char*>(chunks[1]) + at, piece);
      }
      bulk_copies_to_global_wait_read();
    }
#else
    __syncthreads();
    for (int k = threadIdx.x; k < packets; k += blockDim.x) {
      store_packet(front + k * V, *reinterpret_cast<const packet*>(&chunks[0][k * V]));
      store_packet(back + k * V, *reinterpret_cast<const packet*>(&chunks[1][k * V]));
    }
#endif
#else
    (void)block;
#endif
  }
};

/// Reverses `view` in place with ReverseInPlaceBulkChunks where it applies: chunks of
/// StaticExtent elements (0: 4 KiB) that reverse_bulk_chunk_fits, a View the packet kernels take,
/// a device of compute capability 9.0 or newer that is rich in bandwidth (device_bandwidth_rich:
/// the H200, where it was measured; the H100, where the packet and staged kernels already read
/// 0.975-0.998 of deep_copy, keeps them). Returns whether it did.
template <std::size_t StaticExtent, class ViewType>
bool launch_reverse_bulk_chunks(const std::string& call, const Kokkos::Cuda& space,
                                const ViewType& view) {
  using T = typename ViewType::non_const_value_type;
  constexpr std::size_t Chunk =
      StaticExtent == 0 ? reverse_bulk_copy_bytes / sizeof(T) : StaticExtent;
  if constexpr (!std::is_trivially_copyable_v<T> || packet_width<T>() == 1 ||
                !reverse_bulk_chunk_fits<T, Chunk>()) {
    (void)call;
    (void)space;
    (void)view;
    return false;
  } else {
    if (!reverses_in_packets<Kokkos::Cuda>(view, 2) ||
        cuda_device_limits(call, space.cuda_device()).major < 9 ||
        !device_bandwidth_rich(call, space))
      return false;
    using functor_type = ReverseInPlaceBulkChunks<T, static_cast<int>(Chunk)>;
    const auto extent = static_cast<std::int64_t>(view.extent(0));
    const int blocks = checked_league_size(call, ceil_div(extent / 2, Chunk));
    launch_cuda_blocks<functor_type::threads, 1>(
        call, call, space, blocks, dim3(functor_type::threads), functor_type{view.data(), extent});
    return true;
  }
}

}  // namespace Impl
}  // namespace KokkosTile

#endif  // KOKKOS_ENABLE_CUDA && __CUDACC__
