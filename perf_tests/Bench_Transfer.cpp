// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Host <-> device transfer bandwidth by kind of host memory: pageable (a plain HostSpace View),
// pinned (KokkosTile::PinnedHostSpace), registered (a HostSpace View under a
// ScopedHostRegistration), each moved with Kokkos::deep_copy on an instance, against the raw
// baseline: cudaMemcpyAsync from cudaMallocHost memory on CUDA (std::memcpy on host backends), and
// cudaMemcpyAsync from malloc'd memory. On CUDA, h2d also has write-combining pinned memory
// (KokkosTile::WriteCombinedHostView): deep_copy_write_combined and raw_memcpy_write_combined, to
// set against deep_copy_pinned and raw_memcpy_pinned (d2h has none: the host would read it back,
// which is what write-combining memory is slow at). Algorithms "h2d" and "d2h"; GB/s counts the
// bytes moved one way.
#include <KokkosTile_HostRegistration.hpp>
#include <KokkosTile_PinnedHostSpace.hpp>
#include <KokkosTile_WriteCombinedHost.hpp>

#include "BenchmarkSpaces.hpp"

#include <cstring>
#include <memory>
#include <vector>

namespace KokkosTileBench {
namespace {

template <class Space>
std::int64_t transfer_extent(const Config& config) {
  if (config.smoke)
    return 4099;
  return is_host_space<Space>() ? std::int64_t{1} << 24 : std::int64_t{1} << 28;  // 64 MiB, 1 GiB
}

/// Host memory the baselines use without Kokkos: cudaMallocHost'd (pinned) or new'd (pageable).
struct RawHostBuffer {
  float* data = nullptr;
  bool pinned = false;
  RawHostBuffer(std::size_t count, bool want_pinned) : pinned(want_pinned) {
#ifdef KOKKOS_ENABLE_CUDA
    if (pinned) {
      void* pointer = nullptr;
      if (cudaMallocHost(&pointer, count * sizeof(float)) != cudaSuccess)
        throw std::runtime_error("cudaMallocHost failed");
      data = static_cast<float*>(pointer);
      std::memset(data, 1, count * sizeof(float));
      return;
    }
#endif
    pinned = false;
    data = new float[count];
    std::memset(data, 1, count * sizeof(float));
  }
  RawHostBuffer(const RawHostBuffer&) = delete;
  RawHostBuffer& operator=(const RawHostBuffer&) = delete;
  ~RawHostBuffer() {
#ifdef KOKKOS_ENABLE_CUDA
    if (pinned) {
      cudaFreeHost(data);
      return;
    }
#endif
    delete[] data;
  }
};

/// One raw copy of `bytes` between host and device memory, queued on `space` where it can be.
template <class Space>
void raw_copy(const Space& space, void* destination, const void* source, std::size_t bytes) {
#ifdef KOKKOS_ENABLE_CUDA
  if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
    cudaMemcpyAsync(destination, source, bytes, cudaMemcpyDefault, space.cuda_stream());
    return;
  }
#endif
  (void)space;
  std::memcpy(destination, source, bytes);
}

template <class Space>
void register_transfer_for(const Config& config) {
  using device_view = Kokkos::View<float*, typename Space::memory_space>;
  const std::int64_t n = transfer_extent<Space>(config);
  const double bytes = static_cast<double>(n) * sizeof(float);
  for (const bool to_device : {true, false}) {
    const std::string algorithm = to_device ? "h2d" : "d2h";
    // Kokkos::deep_copy on an instance, from/to a host View of the given kind.
    auto add_deep_copy = [&](const std::string& variant, auto make_host, bool register_host) {
      register_benchmark(benchmark_name<Space, float>(algorithm, variant, n), config,
                         [=](benchmark::State& state) {
                           const Space space;
                           device_view device(
                               Kokkos::view_alloc(Kokkos::WithoutInitializing, "device"), n);
                           auto host = make_host(n);
                           Kokkos::deep_copy(host, 1.0f);
                           std::unique_ptr<KokkosTile::ScopedHostRegistration> pin;
                           if (register_host)
                             pin = std::make_unique<KokkosTile::ScopedHostRegistration>(host);
                           time_memory_bound(state, space, bytes, [&] {
                             if (to_device)
                               Kokkos::deep_copy(space, device, host);
                             else
                               Kokkos::deep_copy(space, host, device);
                           });
                         });
    };
    auto pageable = [](std::int64_t count) {
      return Kokkos::View<float*, Kokkos::HostSpace>(
          Kokkos::view_alloc(Kokkos::WithoutInitializing, "pageable"), count);
    };
    auto pinned = [](std::int64_t count) {
      return Kokkos::View<float*, KokkosTile::PinnedHostSpace>(
          Kokkos::view_alloc(Kokkos::WithoutInitializing, "pinned"), count);
    };
    add_deep_copy("deep_copy_pageable", pageable, false);
    add_deep_copy("deep_copy_pinned", pinned, false);
    add_deep_copy("deep_copy_registered", pageable, true);

#ifdef KOKKOS_ENABLE_CUDA
    // Write-combining staging memory: only host -> device, and only where there is a device to
    // stage for (on a host space in a CUDA build the "device" is host memory, and the copy would
    // read write-combining memory on the CPU, the slow case).
    if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
      if (to_device) {
        for (const bool through_kokkos : {true, false}) {
          register_benchmark(
              benchmark_name<Space, float>(
                  algorithm,
                  through_kokkos ? "deep_copy_write_combined" : "raw_memcpy_write_combined", n),
              config, [=](benchmark::State& state) {
                const Space space;
                device_view device(Kokkos::view_alloc(Kokkos::WithoutInitializing, "device"), n);
                KokkosTile::WriteCombinedHostView<float*> host("write_combined", n);
                Kokkos::deep_copy(host.view(), 1.0f);  // written once, sequentially, as intended
                const std::size_t count_bytes = n * sizeof(float);
                time_memory_bound(state, space, bytes, [&] {
                  if (through_kokkos)
                    Kokkos::deep_copy(space, device, host.view());
                  else
                    raw_copy(space, device.data(), host.data(), count_bytes);
                });
              });
        }
      }
    }
#endif

    for (const bool pinned_raw : {true, false}) {
      register_benchmark(
          benchmark_name<Space, float>(algorithm,
                                       pinned_raw ? "raw_memcpy_pinned" : "raw_memcpy_pageable", n),
          config, [=](benchmark::State& state) {
            const Space space;
            device_view device(Kokkos::view_alloc(Kokkos::WithoutInitializing, "device"), n);
            RawHostBuffer host(n, pinned_raw);
            const std::size_t count_bytes = n * sizeof(float);
            time_memory_bound(state, space, bytes, [&] {
              if (to_device)
                raw_copy(space, device.data(), host.data, count_bytes);
              else
                raw_copy(space, host.data, device.data(), count_bytes);
            });
          });
    }
  }
}

struct RegisterTransfer {
  const Config& config;
  template <class Space>
  void operator()() const {
    // Host <-> device transfers mean nothing on a host space: measured there in smoke runs only.
    if (!is_host_space<Space>() || config.smoke)
      register_transfer_for<Space>(config);
  }
};

}  // namespace

void register_transfer_benchmarks(const Config& config) {
  for_each_enabled_space(RegisterTransfer{config});
}

}  // namespace KokkosTileBench
