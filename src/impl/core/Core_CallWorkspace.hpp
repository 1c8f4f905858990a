// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Temporary memory for one call (padded or split GEMM operands) whose kernels may still be running
// when the call returns.
//
// On CUDA instances whose device has memory pools, the memory comes from a stream-ordered pool of
// KokkosTile's own (one per device): taken with cudaMallocFromPoolAsync on the instance's stream
// and given back with cudaFreeAsync on the same stream when the workspace goes out of scope. The
// kernels enqueued in between finish before the memory is reused, so the call returns without a
// fence, and the pool keeps what was freed (its release threshold is unlimited), so repeated calls
// take nothing new from the driver. A cudaMalloc + fence + cudaFree per call cost about 0.1 ms of a
// 1.2 ms GEMM on an H200 (perf_tests/results/2026-11-26_H200_gemm/, commit 2e6d208). The pool holds
// at most the largest workspace that was in use at one time, and is destroyed by Kokkos::finalize.
// The pool is KokkosTile's, not the device's default pool: the application's cudaMallocAsync
// settings are left alone.
//
// Elsewhere (host backends, devices without pools) it is a Kokkos View, and the workspace fences
// its instance before the View is freed. Both report the allocation to Kokkos Tools under its
// label.

#include <Kokkos_Core.hpp>

#include "impl/core/Core_BackendTraits.hpp"
#include "impl/core/Core_CudaDevice.hpp"
#include "impl/core/Core_InternalAllocation.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
#include <map>
#include <mutex>
#endif

namespace KokkosTile {
namespace Impl {

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)

/// KokkosTile's memory pool on `device`, created on first use; nullptr where the device has no
/// memory pools. All pools are destroyed at Kokkos::finalize (their memory goes back to the driver
/// once the frees enqueued before then have run), and a later Kokkos::initialize starts afresh.
inline cudaMemPool_t call_workspace_pool(const std::string& call, int device) {
  static std::mutex mutex;
  static std::map<int, cudaMemPool_t> pools;
  static bool finalize_hook = false;
  const std::lock_guard<std::mutex> lock(mutex);
  const auto found = pools.find(device);
  if (found != pools.end())
    return found->second;
  int supported = 0;
  check_cuda(call, "cudaDeviceGetAttribute",
             cudaDeviceGetAttribute(&supported, cudaDevAttrMemoryPoolsSupported, device));
  cudaMemPool_t pool = nullptr;
  if (supported) {
    cudaMemPoolProps props = {};
    props.allocType = cudaMemAllocationTypePinned;
    props.handleTypes = cudaMemHandleTypeNone;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = device;
    check_cuda(call, "cudaMemPoolCreate", cudaMemPoolCreate(&pool, &props));
    std::uint64_t keep_everything = ~std::uint64_t(0);
    check_cuda(call, "cudaMemPoolSetAttribute",
               cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep_everything));
  }
  pools[device] = pool;
  if (!finalize_hook) {
    finalize_hook = true;
    Kokkos::push_finalize_hook([] {
      const std::lock_guard<std::mutex> hook_lock(mutex);
      for (const auto& entry : pools)
        if (entry.second != nullptr)
          (void)cudaMemPoolDestroy(entry.second);
      pools.clear();
      finalize_hook = false;
    });
  }
  return pool;
}

#endif

/// `count` elements of T for one call on `space`, freed after the kernels that `space` runs before
/// the workspace goes out of scope (see the file comment).
template <class T, class ExecSpace>
class CallWorkspace {
 public:
  using memory_space = typename ExecSpace::memory_space;

  CallWorkspace(const ExecSpace& space, const std::string& label, std::size_t count)
      : space_(space), label_(label), bytes_(count * sizeof(T)) {
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
    if constexpr (std::is_same_v<ExecSpace, Kokkos::Cuda>) {
      pool_ = call_workspace_pool(label, space.cuda_device());
      if (pool_ != nullptr && bytes_ > 0) {
        void* memory = nullptr;
        allocate_internal(label, "the call's workspace", bytes_, [&] {
          check_cuda(label, "cudaMallocFromPoolAsync",
                     cudaMallocFromPoolAsync(&memory, bytes_, pool_, space.cuda_stream()));
          return 0;
        });
        data_ = static_cast<T*>(memory);
        if (Kokkos::Tools::profileLibraryLoaded())
          Kokkos::Tools::allocateData(Kokkos::Tools::make_space_handle(memory_space::name()),
                                      label_, data_, bytes_);
        return;
      }
    }
#endif
    view_ = allocate_internal(label, "the call's workspace", bytes_, [&] {
      return view_type(Kokkos::view_alloc(space, Kokkos::WithoutInitializing, label), count);
    });
    data_ = view_.data();
  }

  ~CallWorkspace() {
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
    if constexpr (std::is_same_v<ExecSpace, Kokkos::Cuda>) {
      if (pool_ != nullptr) {
        if (data_ != nullptr) {
          if (Kokkos::Tools::profileLibraryLoaded())
            Kokkos::Tools::deallocateData(Kokkos::Tools::make_space_handle(memory_space::name()),
                                          label_, data_, bytes_);
          // Stream-ordered: runs after the kernels enqueued on the instance. A failure here
          // (a sticky error from an earlier kernel) is reported by the next Kokkos call.
          (void)cudaFreeAsync(data_, space_.cuda_stream());
        }
        return;
      }
    }
#endif
    // The View is freed with the workspace, and the instance may still be using it.
    if (view_.data() != nullptr)
      space_.fence(label_ + ": kernels finish before their workspace is freed");
  }

  CallWorkspace(const CallWorkspace&) = delete;
  CallWorkspace& operator=(const CallWorkspace&) = delete;

  T* data() const {
    return data_;
  }

 private:
  using view_type = Kokkos::View<T*, memory_space>;
  ExecSpace space_;
  std::string label_;
  std::size_t bytes_ = 0;
  T* data_ = nullptr;
  view_type view_;
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
  cudaMemPool_t pool_ = nullptr;
#endif
};

}  // namespace Impl
}  // namespace KokkosTile
