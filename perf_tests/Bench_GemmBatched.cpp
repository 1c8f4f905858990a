// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// KokkosTile::gemm_batched (`kokkostile`) against what a user would pick instead, on every enabled
// space: `plain_kokkos` (one thread per element of every C, the loop a Kokkos user writes),
// cublas<S|D>gemmStridedBatched on CUDA (`cublas_strided_batched`, CUBLAS_PEDANTIC_MATH: no TF32)
// and KokkosBatched::BatchedGemm when Kokkos Kernels is found (`kokkosbatched`, BatchLayout::Left,
// its default heuristic). C_b = A_b * B_b for n x n matrices, alpha = 1, beta = 0, Views
// (batch, n, n) in LayoutRight (each matrix row-major and contiguous; cuBLAS computes the same
// products as C_b^T = B_b^T A_b^T on its column-major view of that memory). The batch gives at
// least 1 GFLOP per call on devices (0.25 on host spaces). Algorithm "gemm_batched", extent n;
// counter GFLOP/s (2 n^3 per matrix).
#include <KokkosTile_GemmBatched.hpp>
#ifdef KOKKOSTILE_HAVE_KOKKOSKERNELS
#include <KokkosBatched_HostLevel_Gemm.hpp>
#endif
#ifdef KOKKOS_ENABLE_CUDA
#include <cublas_v2.h>
#endif

#include "BenchCublas.hpp"
#include "BenchBatched.hpp"
#include "BenchmarkSpaces.hpp"

#include <cmath>
#include <vector>

namespace KokkosTileBench {
namespace {

template <class Space>
std::vector<int> batched_extents(const Config& config) {
  if (config.smoke)
    return {5, 33};
  if (is_host_space<Space>())
    return {4, 8, 16, 32, 64, 128};
  return {4, 8, 16, 32, 64, 128, 256};
}

template <class Space, class ViewType>
void plain_kokkos_gemm_batched(const Space& space, const ViewType& a, const ViewType& b,
                               const ViewType& c) {
  using T = typename ViewType::non_const_value_type;
  const int n = int(c.extent(1)), k = int(a.extent(2));
  Kokkos::parallel_for(
      "plain_kokkos_gemm_batched", Kokkos::RangePolicy<Space>(space, 0, c.size()),
      KOKKOS_LAMBDA(std::int64_t e) {
        const std::int64_t bi = e / (std::int64_t(n) * n);
        const int i = int(e / n % n), j = int(e % n);
        T sum = 0;
        for (int p = 0; p < k; ++p)
          sum += a(bi, i, p) * b(bi, p, j);
        c(bi, i, j) = sum;
      });
}

#ifdef KOKKOS_ENABLE_CUDA
template <class T>
void cublas_strided_batched(cublasHandle_t handle, const T* a, const T* b, T* c, int n,
                            std::int64_t batch) {
  const T one = 1, zero = 0;
  const long long stride = std::int64_t(n) * n;
  // Row-major C = A B is column-major C^T = B^T A^T: B's memory is cuBLAS's first operand.
  if constexpr (std::is_same_v<T, float>)
    cublasSgemmStridedBatched(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, b, n, stride, a, n,
                              stride, &zero, c, n, stride, int(batch));
  else
    cublasDgemmStridedBatched(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, b, n, stride, a, n,
                              stride, &zero, c, n, stride, int(batch));
}
#endif

template <class Space, class T>
void register_gemm_batched_for(const Config& config) {
  using view_type = Kokkos::View<T***, Kokkos::LayoutRight, typename Space::memory_space>;
  const double target = is_host_space<Space>() ? 2.5e8 : 1e9;
  for (const int n : batched_extents<Space>(config)) {
    const std::int64_t batch = config.smoke ? 3 : batch_for(n, target);
    const double flops = 2.0 * double(n) * n * n * double(batch);
    auto add = [&](const std::string& variant, auto run_on) {
      register_benchmark(benchmark_name<Space, T>("gemm_batched", variant, n), config,
                         [=](benchmark::State& state) {
                           const Space space;
                           view_type a("a", batch, n, n), b("b", batch, n, n), c("c", batch, n, n);
                           fill_batched(space, a, 1);
                           fill_batched(space, b, 2);
                           time_fenced_calls(state, space, run_on(space, a, b, c));
                           state.counters["GFLOP/s"] = benchmark::Counter(
                               flops / 1e9, benchmark::Counter::kIsIterationInvariantRate);
                           state.counters["batch"] = double(batch);
                         });
    };
    add("kokkostile",
        [](const Space& space, const view_type& a, const view_type& b, const view_type& c) {
          return [=] { KokkosTile::gemm_batched(space, "N", "N", T(1), a, b, T(0), c); };
        });
    add("plain_kokkos",
        [](const Space& space, const view_type& a, const view_type& b, const view_type& c) {
          return [=] { plain_kokkos_gemm_batched(space, a, b, c); };
        });
#ifdef KOKKOSTILE_HAVE_KOKKOSKERNELS
    add("kokkosbatched", [](const Space&, const view_type& a, const view_type& b,
                            const view_type& c) {
      // On the Views' default execution space instance, the one timed below.
      return [=] {
        KokkosBatched::BatchedGemmHandle handle(KokkosBatched::BaseHeuristicAlgos::SQUARE);
        KokkosBatched::BatchedGemm<KokkosBatched::Trans::NoTranspose,
                                   KokkosBatched::Trans::NoTranspose,
                                   KokkosBatched::BatchLayout::Left>(&handle, T(1), a, b, T(0), c);
      };
    });
#endif
#ifdef KOKKOS_ENABLE_CUDA
    if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
      add("cublas_strided_batched", [n, batch](const Space& space, const view_type& a,
                                               const view_type& b, const view_type& c) {
        const auto handle = pedantic_cublas_handle(space);
        return [=] {
          cublas_strided_batched<T>(handle.get(), a.data(), b.data(), c.data(), n, batch);
        };
      });
    }
#endif
  }
}

struct RegisterGemmBatched {
  const Config& config;
  template <class Space>
  void operator()() const {
    register_gemm_batched_for<Space, float>(config);
    register_gemm_batched_for<Space, double>(config);
  }
};

}  // namespace

void register_gemm_batched_benchmarks(const Config& config) {
  for_each_enabled_space(RegisterGemmBatched{config});
}

}  // namespace KokkosTileBench
