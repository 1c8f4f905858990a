#pragma once
// Asynchronous global-to-shared copies on CUDA sm_80 and newer (cp.async): the copy goes from
// global memory into shared memory without passing through registers, so a kernel can have the
// next tile in flight while it computes on the current one, and keep those registers for itself.
// Only for scratch that is shared memory (Kokkos level 0 on CUDA).

#include <Kokkos_Core.hpp>

#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800)
#define KOKKOSTILE_HAVE_CP_ASYNC 1
#endif

namespace KokkosTile {
namespace Impl {

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

/// async_copy_to_shared with a generic pointer into shared memory as the destination.
template <int Bytes>
KOKKOS_FORCEINLINE_FUNCTION void async_copy_to_shared(void* destination, const void* source) {
  async_copy_to_shared<Bytes>(static_cast<unsigned>(__cvta_generic_to_shared(destination)), source);
}
#endif

}  // namespace Impl
}  // namespace KokkosTile
