// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Page-locking existing host memory through the GPU runtime that Kokkos was built with: CUDA's
// cudaHostRegister family, or HIP's hipHostRegister family (the same calls and flags; compiled,
// not run: no AMD GPU was available). ScopedHostRegistration (KokkosTile_HostRegistration.hpp)
// keeps the rules; this header only names the runtime's calls. Without a GPU runtime there is
// nothing to lock and KOKKOSTILE_IMPL_HOST_PINNING stays undefined.

#include <Kokkos_Core.hpp>
#if defined(KOKKOS_ENABLE_CUDA)
#include <cuda_runtime.h>
#define KOKKOSTILE_IMPL_HOST_PINNING 1
#elif defined(KOKKOS_ENABLE_HIP)
#include <hip/hip_runtime.h>
#define KOKKOSTILE_IMPL_HOST_PINNING 1
#endif

#include <cstddef>

#ifdef KOKKOSTILE_IMPL_HOST_PINNING
namespace KokkosTile {
namespace Impl {

/// What the runtime knows of an address.
enum class HostPinningKind { unknown, pageable, page_locked, device };

/// The result of a pinning call: ok, or the runtime's name and words for what failed.
struct HostPinningStatus {
  bool ok;
  bool already_registered;  // part of the range is page-locked by someone else
  const char* words;
};

#if defined(KOKKOS_ENABLE_CUDA)
inline const char* host_pinning_runtime() {
  return "cudaHostRegister";
}
inline HostPinningKind host_pinning_kind(const void* address) {
  cudaPointerAttributes attributes{};
  if (address == nullptr || cudaPointerGetAttributes(&attributes, address) != cudaSuccess) {
    (void)cudaGetLastError();  // an unknown pointer: clear the sticky error
    return HostPinningKind::unknown;
  }
  if (attributes.type == cudaMemoryTypeHost)
    return HostPinningKind::page_locked;
  if (attributes.type == cudaMemoryTypeDevice || attributes.type == cudaMemoryTypeManaged)
    return HostPinningKind::device;
  return HostPinningKind::pageable;
}
inline HostPinningStatus host_pin(void* data, std::size_t bytes) {
  // Portable: pinned for every device. Mapped: a kernel may also address it directly.
  const cudaError_t status =
      cudaHostRegister(data, bytes, cudaHostRegisterPortable | cudaHostRegisterMapped);
  if (status != cudaSuccess)
    (void)cudaGetLastError();
  return {status == cudaSuccess, status == cudaErrorHostMemoryAlreadyRegistered,
          cudaGetErrorString(status)};
}
inline HostPinningStatus host_unpin(void* data) {
  const cudaError_t status = cudaHostUnregister(data);
  if (status != cudaSuccess)
    (void)cudaGetLastError();
  return {status == cudaSuccess, false, cudaGetErrorString(status)};
}
#else
inline const char* host_pinning_runtime() {
  return "hipHostRegister";
}
inline HostPinningKind host_pinning_kind(const void* address) {
  hipPointerAttribute_t attributes{};
  if (address == nullptr || hipPointerGetAttributes(&attributes, address) != hipSuccess) {
    (void)hipGetLastError();
    return HostPinningKind::unknown;
  }
  if (attributes.type == hipMemoryTypeHost)
    return HostPinningKind::page_locked;
  if (attributes.type == hipMemoryTypeDevice || attributes.type == hipMemoryTypeManaged)
    return HostPinningKind::device;
  return HostPinningKind::pageable;
}
inline HostPinningStatus host_pin(void* data, std::size_t bytes) {
  const hipError_t status =
      hipHostRegister(data, bytes, hipHostRegisterPortable | hipHostRegisterMapped);
  if (status != hipSuccess)
    (void)hipGetLastError();
  return {status == hipSuccess, status == hipErrorHostMemoryAlreadyRegistered,
          hipGetErrorString(status)};
}
inline HostPinningStatus host_unpin(void* data) {
  const hipError_t status = hipHostUnregister(data);
  if (status != hipSuccess)
    (void)hipGetLastError();
  return {status == hipSuccess, false, hipGetErrorString(status)};
}
#endif

}  // namespace Impl
}  // namespace KokkosTile
#endif  // KOKKOSTILE_IMPL_HOST_PINNING
