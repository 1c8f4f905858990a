// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Asynchronous global-to-shared copies on CUDA sm_80 and newer (cp.async): the copy goes from
// global memory into shared memory without passing through registers, so a kernel can have the
// next tile in flight while it computes on the current one, and keep those registers for itself.
// Only for scratch that is shared memory (Kokkos level 0 on CUDA).

#include <Kokkos_Core.hpp>

#include <cstdint>

#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800)
#define KOKKOSTILE_HAVE_CP_ASYNC 1
#endif
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900)
#define KOKKOSTILE_HAVE_BULK_COPY 1
#endif

namespace KokkosTile {
namespace Impl {

#if defined(__CUDA_ARCH__)
/// The shared-space (32-bit) address of a generic pointer into shared memory: the operand form
/// that ld.shared, st.shared, cp.async and the bulk copies take.
KOKKOS_FORCEINLINE_FUNCTION unsigned shared_space_address(const void* pointer) {
  return static_cast<unsigned>(__cvta_generic_to_shared(pointer));
}
#endif

#ifdef KOKKOSTILE_HAVE_CP_ASYNC
/// Starts copying Bytes (4, 8 or 16) from global memory at `source` to the shared-space address
/// `destination`; both aligned to Bytes.
template <int Bytes>
KOKKOS_FORCEINLINE_FUNCTION void async_copy_to_shared(unsigned destination, const void* source) {
  static_assert(Bytes == 4 || Bytes == 8 || Bytes == 16, "cp.async moves 4, 8 or 16 bytes");
  if constexpr (Bytes == 16) {
    // .cg: 16-byte copies bypass L1, as a tile read once per team should.
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(destination), "l"(source)
                 : "memory");
  } else {
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2;" ::"r"(destination), "l"(source),
                 "n"(Bytes)
                 : "memory");
  }
}

/// Closes the group of copies this thread started since the last commit.
KOKKOS_FORCEINLINE_FUNCTION void async_copy_commit() {
  asm volatile("cp.async.commit_group;" ::: "memory");
}

/// Waits until this thread's committed copies have landed (other threads' need a barrier too).
KOKKOS_FORCEINLINE_FUNCTION void async_copy_wait_all() {
  asm volatile("cp.async.wait_group 0;" ::: "memory");
}

/// Waits until at most `Pending` of this thread's newest committed groups are still in flight:
/// with two buffers, wait for the current one while the next keeps loading.
template <int Pending>
KOKKOS_FORCEINLINE_FUNCTION void async_copy_wait() {
  asm volatile("cp.async.wait_group %0;" ::"n"(Pending) : "memory");
}

/// async_copy_to_shared that reads the Bytes only when `valid`, else reads nothing and writes
/// Bytes zeros (cp.async's source size 0): an element outside an operand lands in shared memory as
/// zero without a branch around the copy. `source` must still be an address of the operand.
template <int Bytes>
KOKKOS_FORCEINLINE_FUNCTION void async_copy_to_shared_or_zero(unsigned destination,
                                                              const void* source, bool valid) {
  static_assert(Bytes == 4 || Bytes == 8 || Bytes == 16, "cp.async moves 4, 8 or 16 bytes");
  const unsigned source_bytes = valid ? Bytes : 0;
  if constexpr (Bytes == 16) {
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(destination), "l"(source),
                 "r"(source_bytes)
                 : "memory");
  } else {
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2, %3;" ::"r"(destination), "l"(source),
                 "n"(Bytes), "r"(source_bytes)
                 : "memory");
  }
}

/// async_copy_to_shared with a generic pointer into shared memory as the destination.
template <int Bytes>
KOKKOS_FORCEINLINE_FUNCTION void async_copy_to_shared(void* destination, const void* source) {
  async_copy_to_shared<Bytes>(shared_space_address(destination), source);
}
#endif

#ifdef KOKKOSTILE_HAVE_BULK_COPY
// Bulk copies (sm_90, the tensor memory accelerator's 1-D form): one instruction moves a whole
// contiguous run of bytes (a multiple of 16, 16-byte aligned at both ends) from global to shared
// memory and signals an mbarrier in shared memory when the bytes have landed. One thread can keep
// a whole tile in flight with a few instructions, where cp.async needs one per 16 bytes.

/// Initialises the mbarrier at `barrier` (8 bytes of shared memory) for `arrivals` arrivals, and
/// makes the initialisation visible to the bulk copies (the async proxy).
KOKKOS_FORCEINLINE_FUNCTION void mbarrier_init(std::uint64_t* barrier, unsigned arrivals) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(shared_space_address(barrier)),
               "r"(arrivals)
               : "memory");
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}

/// Arrives on the barrier and tells it to expect `bytes` more bytes in the current phase.
KOKKOS_FORCEINLINE_FUNCTION void mbarrier_arrive_expect_bytes(std::uint64_t* barrier,
                                                              unsigned bytes) {
  asm volatile(
      "mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(shared_space_address(barrier)),
      "r"(bytes)
      : "memory");
}

/// Waits until the barrier's phase of parity `parity` has completed.
KOKKOS_FORCEINLINE_FUNCTION void mbarrier_wait(std::uint64_t* barrier, unsigned parity) {
  asm volatile(
      "{\n"
      ".reg .pred done;\n"
      "wait_again:\n"
      "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
      "@done bra finished;\n"
      "bra wait_again;\n"
      "finished:\n"
      "}\n" ::"r"(shared_space_address(barrier)),
      "r"(parity)
      : "memory");
}

/// Orders this thread's earlier shared-memory accesses before later bulk copies (the async
/// proxy) that write or read the same shared memory: a TMA load into it, or a store out of it.
KOKKOS_FORCEINLINE_FUNCTION void fence_before_bulk_copies() {
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}

/// Copies `bytes` from global `source` to shared `destination`, completing on `barrier`.
KOKKOS_FORCEINLINE_FUNCTION void bulk_copy_to_shared(void* destination, const void* source,
                                                     unsigned bytes, std::uint64_t* barrier) {
  asm volatile(
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::
          "r"(shared_space_address(destination)),
      "l"(source), "r"(bytes), "r"(shared_space_address(barrier))
      : "memory");
}

/// Starts copying `bytes` from shared `source` to global `destination`, in this thread's current
/// bulk group.
KOKKOS_FORCEINLINE_FUNCTION void bulk_copy_to_global(void* destination, const void* source,
                                                     unsigned bytes) {
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(destination),
               "r"(shared_space_address(source)), "r"(bytes)
               : "memory");
}

/// Closes this thread's bulk group and waits until its copies to global memory have read their
/// shared memory, which may then be reused or released (the block may exit: the writes complete
/// before the kernel does).
KOKKOS_FORCEINLINE_FUNCTION void bulk_copies_to_global_wait_read() {
  asm volatile("cp.async.bulk.commit_group;" ::: "memory");
  asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
}
#endif

}  // namespace Impl
}  // namespace KokkosTile
