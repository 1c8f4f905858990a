// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// A host memory space that is page-locked where page locking buys something, and pinned mirrors of
// device Views:
//
//   KokkosTile::PinnedHostSpace        // CudaHostPinnedSpace with CUDA, HIPHostPinnedSpace with
//                                      // HIP, else HostSpace
//   auto h = KokkosTile::create_pinned_mirror(d);  // uninitialised, same layout and extents
//   auto h = KokkosTile::create_pinned_mirror_view_and_copy(space, d);
//
// Page-locked host memory moves to and from the GPU at full link speed, and a copy from it is
// asynchronous on the instance's stream, so it can overlap kernels; from pageable memory the driver
// stages every copy through its own pinned buffer and the host waits. With CUDA's unified
// addressing, page-locked memory is also mapped: a kernel can read and write a PinnedHostSpace
// View directly (zero copy, each access crossing the link). HIP's pinned space is the same idea
// (hipHostMalloc; compiled here, not run: no AMD GPU was available). Without either there is
// nothing to lock, and PinnedHostSpace is plain HostSpace, so code written for it runs on every
// backend.
//
// The memory space and its allocation are Kokkos' own (CudaHostPinnedSpace uses cudaHostAlloc);
// this header only names the portable choice and spells the mirror helpers for it.

#include <Kokkos_Core.hpp>

#include <type_traits>

namespace KokkosTile {

#if defined(KOKKOS_ENABLE_CUDA)
/// Page-locked host memory: cudaHostAlloc'd, host-accessible and, by unified addressing, mapped
/// into the device's address space.
using PinnedHostSpace = Kokkos::CudaHostPinnedSpace;
#elif defined(KOKKOS_ENABLE_HIP)
/// Page-locked host memory: hipHostMalloc'd (Kokkos' HIP pinned space), mapped for the device.
using PinnedHostSpace = Kokkos::HIPHostPinnedSpace;
#else
/// Without CUDA or HIP there is nothing to lock: plain host memory.
using PinnedHostSpace = Kokkos::HostSpace;
#endif

/// True when PinnedHostSpace really is page-locked memory (a CUDA or HIP build).
inline constexpr bool pinned_host_space_is_page_locked =
    !std::is_same_v<PinnedHostSpace, Kokkos::HostSpace>;

/// A View of the same data type and layout as ViewType in PinnedHostSpace.
template <class ViewType>
using pinned_mirror_t = Kokkos::View<typename ViewType::non_const_data_type,
                                     typename ViewType::array_layout, PinnedHostSpace>;

/// A new, uninitialised PinnedHostSpace View with the extents and layout of `view` (a host mirror
/// to copy asynchronously to and from). It is always a separate allocation, even when `view`
/// already lives in PinnedHostSpace, like Kokkos::create_mirror.
template <class ViewType>
pinned_mirror_t<ViewType> create_pinned_mirror(const ViewType& view) {
  static_assert(Kokkos::is_view<ViewType>::value, "KokkosTile: create_pinned_mirror needs a View");
  return Kokkos::create_mirror(Kokkos::view_alloc(PinnedHostSpace{}, Kokkos::WithoutInitializing),
                               view);
}

/// A PinnedHostSpace copy of `view`, copied on `space` and fenced there (the copy is complete on
/// return, as with Kokkos::create_mirror_view_and_copy).
template <class ExecSpace, class ViewType>
pinned_mirror_t<ViewType> create_pinned_mirror_view_and_copy(const ExecSpace& space,
                                                             const ViewType& view) {
  static_assert(Kokkos::is_execution_space<ExecSpace>::value,
                "KokkosTile: the first argument must be an execution-space instance");
  auto mirror = create_pinned_mirror(view);
  Kokkos::deep_copy(space, mirror, view);
  space.fence("KokkosTile::create_pinned_mirror_view_and_copy: wait for the copy");
  return mirror;
}

/// As above, on the default execution space of `view`'s memory space.
template <class ViewType>
pinned_mirror_t<ViewType> create_pinned_mirror_view_and_copy(const ViewType& view) {
  return create_pinned_mirror_view_and_copy(typename ViewType::execution_space{}, view);
}

}  // namespace KokkosTile
