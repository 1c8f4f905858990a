// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The memory behind WriteCombinedHostView (KokkosTile_WriteCombinedHost.hpp): cudaHostAlloc'd
// write-combining pages with CUDA, hipHostMalloc'd ones with HIP (compiled, never run: no AMD GPU
// here), plain aligned host memory without either, freed after a fence; and
// the byte count of a View layout, checked for overflow before anything is allocated.

#include <Kokkos_Core.hpp>
#if defined(KOKKOS_ENABLE_CUDA)
#include <cuda_runtime.h>
#elif defined(KOKKOS_ENABLE_HIP)
#include <hip/hip_runtime.h>
#endif

#include "KokkosTile_Assert.hpp"

#include <cstddef>
#include <cstdio>
#include <limits>
#include <memory>
#include <new>
#include <string>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

/// The bytes a View of type ViewType with `layout` needs, refused (ResourceError naming `call`)
/// when they do not fit a size_t: Kokkos computes the product of the extents in size_t, which
/// wraps, and a wrapped size would allocate a few bytes for a View that claims many.
template <class ViewType, class Layout>
std::size_t checked_allocation_bytes(const std::string& call, const Layout& layout) {
  constexpr unsigned rank = ViewType::rank();
  constexpr std::size_t limit = std::numeric_limits<std::size_t>::max();
  std::size_t elements = 1;
  bool empty = false, overflow = false;
  for (unsigned r = 0; r < rank; ++r) {
    const std::size_t extent = layout.dimension[r];
    empty = empty || extent == 0;
    if constexpr (std::is_same_v<Layout, Kokkos::LayoutStride>) {
      // Elements spanned: 1 + sum of (extent - 1) * stride.
      const std::size_t stride = static_cast<std::size_t>(layout.stride[r]);
      if (extent > 1 && stride > 0) {
        overflow = overflow || extent - 1 > (limit - elements) / stride;
        if (!overflow)
          elements += (extent - 1) * stride;
      }
    } else {
      overflow = overflow || (extent != 0 && elements > limit / extent);
      if (!overflow)
        elements *= extent;
    }
  }
  using value_type = typename ViewType::value_type;
  KOKKOSTILE_EXPECT(empty || (!overflow && elements <= limit / sizeof(value_type)), ResourceError,
                    call,
                    "the extents need more than " << limit << " bytes of " << sizeof(value_type)
                                                  << "-byte elements");
  return ViewType::required_allocation_size(layout);
}

/// Frees a write-combined allocation once nothing may still copy from it.
struct WriteCombinedDeleter {
  void operator()(void* memory) const noexcept {
    if (memory == nullptr)
      return;
    // A deep_copy from the memory may still be in flight on some instance's stream; freeing under
    // it would let the copy read freed (or reused) memory. Kokkos' own deallocations fence too.
    if (Kokkos::is_initialized()) {
      try {
        Kokkos::fence("KokkosTile::WriteCombinedHostView: wait before freeing");
      } catch (...) {
        // A deleter must not throw; the fence failure has been reported by Kokkos.
      }
    }
#if defined(KOKKOS_ENABLE_CUDA)
    const cudaError_t status = cudaFreeHost(memory);
    if (status != cudaSuccess) {
      (void)cudaGetLastError();
      std::fprintf(stderr, "KokkosTile::WriteCombinedHostView: cudaFreeHost failed: %s\n",
                   cudaGetErrorString(status));
    }
#elif defined(KOKKOS_ENABLE_HIP)
    const hipError_t status = hipHostFree(memory);
    if (status != hipSuccess) {
      (void)hipGetLastError();
      std::fprintf(stderr, "KokkosTile::WriteCombinedHostView: hipHostFree failed: %s\n",
                   hipGetErrorString(status));
    }
#else
    ::operator delete (memory, std::align_val_t{alignment});
#endif
  }
  // Kokkos' HostSpace alignment: whole cache lines, and enough for any SIMD type Kokkos uses.
  static constexpr std::size_t alignment = 64;
};

/// `bytes` of write-combining page-locked memory (plain aligned host memory without CUDA or HIP);
/// an empty pointer for zero bytes. Throws ResourceError naming `call` when the allocation fails.
inline std::shared_ptr<void> allocate_write_combined(const std::string& call, std::size_t bytes) {
  if (bytes == 0)
    return {};
#ifdef KOKKOS_ENABLE_CUDA
  void* memory = nullptr;
  // WriteCombined: the point of this allocation. Mapped and Portable: what CudaHostPinnedSpace's
  // memory is (a kernel may address it; every device sees it page-locked), so the View behaves
  // like any other PinnedHostSpace View.
  const cudaError_t status = cudaHostAlloc(
      &memory, bytes, cudaHostAllocWriteCombined | cudaHostAllocMapped | cudaHostAllocPortable);
  if (status != cudaSuccess)
    (void)cudaGetLastError();  // clear the error so that later Kokkos calls do not see it
  KOKKOSTILE_EXPECT(status == cudaSuccess, ResourceError, call,
                    "cudaHostAlloc(" << bytes
                                     << " bytes, cudaHostAllocWriteCombined | cudaHostAllocMapped "
                                        "| cudaHostAllocPortable) failed: "
                                     << cudaGetErrorName(status) << " ("
                                     << cudaGetErrorString(status) << ")");
#elif defined(KOKKOS_ENABLE_HIP)
  void* memory = nullptr;
  // The same flags as with CUDA; HIPHostPinnedSpace's own memory is hipHostMalloc'd too.
  const hipError_t status = hipHostMalloc(
      &memory, bytes, hipHostMallocWriteCombined | hipHostMallocMapped | hipHostMallocPortable);
  if (status != hipSuccess)
    (void)hipGetLastError();
  KOKKOSTILE_EXPECT(status == hipSuccess, ResourceError, call,
                    "hipHostMalloc(" << bytes
                                     << " bytes, hipHostMallocWriteCombined | hipHostMallocMapped "
                                        "| hipHostMallocPortable) failed: "
                                     << hipGetErrorName(status) << " (" << hipGetErrorString(status)
                                     << ")");
#else
  void* memory = nullptr;
  try {
    memory = ::operator new (bytes, std::align_val_t{WriteCombinedDeleter::alignment});
  } catch (const std::bad_alloc&) {
    KOKKOSTILE_EXPECT(false, ResourceError, call,
                      "allocating " << bytes << " bytes of host memory failed");
  }
#endif
  try {
    return std::shared_ptr<void>(memory, WriteCombinedDeleter{});
  } catch (...) {
    WriteCombinedDeleter{}(memory);  // the control block could not be allocated
    throw;
  }
}

}  // namespace Impl
}  // namespace KokkosTile
