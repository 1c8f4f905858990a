// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// KokkosTile's perf executable: every benchmark for every enabled execution space, baselines in the
// same run. Flags: Google Benchmark's own, plus --kokkostile_smoke for the tiny ctest run,
// --kokkostile_sweep for size sweeps of the memory-bound families and GEMM on devices, and
// --kokkostile_variants for every tuning variant (Config says which).
#include <Kokkos_Core.hpp>
#include <benchmark/benchmark.h>

#include "BenchmarkSpaces.hpp"

#include <cstring>
#include <string>
#include <vector>

#ifdef KOKKOS_ENABLE_CUDA
#include <cuda_runtime.h>
#endif

namespace KokkosTileBench {
void register_reverse_benchmarks(const Config& config);
void register_transpose_benchmarks(const Config& config);
void register_stencil_benchmarks(const Config& config);
void register_transfer_benchmarks(const Config& config);
void register_streaming_benchmarks(const Config& config);
void register_gemm_benchmarks(const Config& config);
void register_gemm_batched_benchmarks(const Config& config);
void register_fused_epilogue_benchmarks(const Config& config);
void register_fused_transpose_stencil_benchmarks(const Config& config);
void register_cluster_benchmarks(const Config& config);
void register_histogram_benchmarks(const Config& config);
}  // namespace KokkosTileBench

namespace {

struct SpaceNames {
  std::string& names;
  template <class Space>
  void operator()() const {
    names += std::string(names.empty() ? "" : ",") + Space::name();
  }
};

/// Records the machine beside the numbers: Kokkos version, backends and, on CUDA, the GPU.
void add_context() {
  benchmark::AddCustomContext("kokkos_version", std::to_string(KOKKOS_VERSION / 10000) + "." +
                                                    std::to_string(KOKKOS_VERSION / 100 % 100) +
                                                    "." + std::to_string(KOKKOS_VERSION % 100));
  std::string spaces;
  KokkosTileBench::for_each_enabled_space(SpaceNames{spaces});
  benchmark::AddCustomContext("kokkos_execution_spaces", spaces);
  benchmark::AddCustomContext("kokkos_concurrency",
                              std::to_string(Kokkos::DefaultExecutionSpace().concurrency()));
#ifdef KOKKOS_ENABLE_CUDA
  cudaDeviceProp properties{};
  if (cudaGetDeviceProperties(&properties, Kokkos::Cuda().cuda_device()) == cudaSuccess) {
    benchmark::AddCustomContext("gpu", properties.name);
    benchmark::AddCustomContext("gpu_compute_capability", std::to_string(properties.major) + "." +
                                                              std::to_string(properties.minor));
  }
#endif
}

}  // namespace

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard kokkos(argc, argv);
  KokkosTileBench::Config config;
  std::vector<char*> args;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--kokkostile_smoke") == 0) {
      config.smoke = true;
    } else if (std::strcmp(argv[i], "--kokkostile_sweep") == 0) {
      config.sweep = true;
    } else if (std::strcmp(argv[i], "--kokkostile_variants") == 0) {
      config.variants = true;
    } else {
      args.push_back(argv[i]);
    }
  }
  int benchmark_argc = static_cast<int>(args.size());
  benchmark::Initialize(&benchmark_argc, args.data());
  if (benchmark::ReportUnrecognizedArguments(benchmark_argc, args.data()))
    return 1;

  add_context();
  KokkosTileBench::register_reverse_benchmarks(config);
  KokkosTileBench::register_transpose_benchmarks(config);
  KokkosTileBench::register_stencil_benchmarks(config);
  KokkosTileBench::register_transfer_benchmarks(config);
  KokkosTileBench::register_streaming_benchmarks(config);
  KokkosTileBench::register_gemm_benchmarks(config);
  KokkosTileBench::register_gemm_batched_benchmarks(config);
  KokkosTileBench::register_fused_epilogue_benchmarks(config);
  KokkosTileBench::register_fused_transpose_stencil_benchmarks(config);
  KokkosTileBench::register_cluster_benchmarks(config);
  KokkosTileBench::register_histogram_benchmarks(config);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
