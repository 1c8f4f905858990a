// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// What every KokkosTile benchmark shares: the enabled execution spaces (each benchmark is
// registered once per space, so the same work can be compared across them), the problem sizes of
// a full and a smoke run, input filling, and the GB/s counter.

#include <Kokkos_Core.hpp>
#include <benchmark/benchmark.h>
#ifdef KOKKOS_ENABLE_CUDA
#include <cuda_runtime.h>
#endif

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace KokkosTileBench {

/// Calls visit.template operator()<Space>() for every execution space Kokkos has enabled.
template <class Visitor>
void for_each_enabled_space(const Visitor& visit) {
#ifdef KOKKOS_ENABLE_SERIAL
  visit.template operator()<Kokkos::Serial>();
#endif
#ifdef KOKKOS_ENABLE_OPENMP
  visit.template operator()<Kokkos::OpenMP>();
#endif
#ifdef KOKKOS_ENABLE_THREADS
  visit.template operator()<Kokkos::Threads>();
#endif
#ifdef KOKKOS_ENABLE_CUDA
  visit.template operator()<Kokkos::Cuda>();
#endif
#ifdef KOKKOS_ENABLE_HIP
  visit.template operator()<Kokkos::HIP>();
#endif
}

/// Full runs measure sizes that fill the machine; smoke runs (ctest label 'perf') only check that
/// every benchmark runs.
struct Config {
  bool smoke = false;
  /// --kokkostile_sweep: the memory-bound families (reverse, transpose, stencils) over a range of
  /// sizes on devices (1K^2 to 16K^2; 2^20 to 2^28 elements), to show where launch latency starts
  /// to matter, and GEMM from n = 256. Off by default: the full device run already takes more than
  /// 10 minutes.
  bool sweep = false;
  /// --kokkostile_variants: every variant a family has (GEMM's explicit variants and tile shapes,
  /// the histogram's forced variants and its whole bin-count range), for tuning work. Off by
  /// default: a run then measures what a user compares (the default entry points, their
  /// baselines and plain_kokkos) and stays within a few minutes on a GPU machine.
  bool variants = false;
};

template <class Space>
constexpr bool is_host_space() {
  return Kokkos::SpaceAccessibility<Kokkos::HostSpace, typename Space::memory_space>::accessible;
}

/// Element counts for memory-bound 1-D work: well past the last-level cache.
template <class Space>
std::vector<std::int64_t> stream_extents(const Config& config) {
  if (config.smoke)
    return {4099};
  if (is_host_space<Space>())
    return {std::int64_t{1} << 20, std::int64_t{1} << 24};
  if (config.sweep)
    return {std::int64_t{1} << 20, std::int64_t{1} << 22, std::int64_t{1} << 24,
            std::int64_t{1} << 26, std::int64_t{1} << 28};
  return {std::int64_t{1} << 24, std::int64_t{1} << 26, std::int64_t{1} << 28};
}

template <class T>
const char* scalar_name() {
  if constexpr (std::is_same_v<T, float>)
    return "float";
  if constexpr (std::is_same_v<T, double>)
    return "double";
  if constexpr (std::is_same_v<T, int>)
    return "int";
  if constexpr (std::is_same_v<T, Kokkos::complex<float>>)
    return "complex_float";
  if constexpr (std::is_same_v<T, Kokkos::complex<double>>)
    return "complex_double";
  return "other";
}

/// "<algorithm>/<variant>/<space>/<scalar>/n:<extent>": plot_results.py splits on '/'. The extent
/// is a count ("16777216") or a shape ("8192x8192").
template <class Space, class T>
std::string benchmark_name(const std::string& algorithm, const std::string& variant,
                           const std::string& extent) {
  return algorithm + "/" + variant + "/" + Space::name() + "/" + scalar_name<T>() + "/n:" + extent;
}

template <class Space, class T>
std::string benchmark_name(const std::string& algorithm, const std::string& variant,
                           std::int64_t extent) {
  return benchmark_name<Space, T>(algorithm, variant, std::to_string(extent));
}

/// Fills a 1-D View with non-trivial, reproducible values (never zeros, which can hide bugs and
/// run faster than real data).
template <class Space, class ViewType>
void fill_pattern(const Space& space, const ViewType& view) {
  using T = typename ViewType::non_const_value_type;
  Kokkos::parallel_for(
      "KokkosTileBench::fill_pattern", Kokkos::RangePolicy<Space>(space, 0, view.extent(0)),
      KOKKOS_LAMBDA(std::int64_t i) {
        const std::uint32_t hash = static_cast<std::uint32_t>(i) * 2654435761u;
        view(i) = static_cast<T>(1 + (hash >> 8) % 1000);
      });
  space.fence();
}

/// Times `run` (which must leave work queued on `space`) with a fence per iteration, after one
/// warm-up call.
template <class Space, class Run>
void time_fenced_calls(benchmark::State& state, const Space& space, const Run& run) {
  run();
  space.fence();
  for (auto _ : state) {
    run();
    space.fence();
  }
}

/// time_fenced_calls, reporting bytes moved per call as GB/s.
template <class Space, class Run>
void time_memory_bound(benchmark::State& state, const Space& space, double bytes_per_run,
                       const Run& run) {
  time_fenced_calls(state, space, run);
  state.counters["GB/s"] =
      benchmark::Counter(bytes_per_run / 1e9, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["bytes"] = bytes_per_run;
}

/// Registers with the settings every KokkosTile benchmark uses.
template <class Lambda>
benchmark::internal::Benchmark* register_benchmark(const std::string& name, const Config& config,
                                                   Lambda&& body) {
  auto* bench = benchmark::RegisterBenchmark(name.c_str(), std::forward<Lambda>(body));
  bench->UseRealTime()->Unit(benchmark::kMillisecond);
  if (config.smoke)
    bench->Iterations(2);
  return bench;
}

/// The copy-bandwidth baselines every memory-bound benchmark is compared with, for `count`
/// elements of T (read once, written once): Kokkos::deep_copy and, on CUDA, cudaMemcpyAsync
/// device to device on the instance's stream.
template <class Space, class T>
void register_copy_baselines(const std::string& algorithm, const std::string& extent,
                             std::int64_t count, const Config& config) {
  using view_type = Kokkos::View<T*, typename Space::memory_space>;
  const double bytes = 2.0 * static_cast<double>(count) * sizeof(T);
  register_benchmark(benchmark_name<Space, T>(algorithm, "deep_copy", extent), config,
                     [=](benchmark::State& state) {
                       const Space space;
                       view_type a("a", count), b("b", count);
                       fill_pattern(space, a);
                       time_memory_bound(state, space, bytes,
                                         [&] { Kokkos::deep_copy(space, b, a); });
                     });
#ifdef KOKKOS_ENABLE_CUDA
  if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
    register_benchmark(benchmark_name<Space, T>(algorithm, "cuda_memcpy", extent), config,
                       [=](benchmark::State& state) {
                         const Space space;
                         view_type a("a", count), b("b", count);
                         fill_pattern(space, a);
                         time_memory_bound(state, space, bytes, [&] {
                           cudaMemcpyAsync(b.data(), a.data(), count * sizeof(T),
                                           cudaMemcpyDeviceToDevice, space.cuda_stream());
                         });
                       });
  }
#endif
}

}  // namespace KokkosTileBench
