// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// GEMM with operands contiguous along k (transposing copies) against cuBLAS (README.md in this
// folder): scratch layouts and stage counts of Impl::GemmTuned per operand layout, float and
// double.
#include <Kokkos_Core.hpp>
#include <KokkosTile.hpp>
#include <cublas_v2.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

using namespace KokkosTile;
template <class T>
using VL = Kokkos::View<T**, Kokkos::LayoutLeft, Kokkos::CudaSpace>;
template <class T>
using VR = Kokkos::View<T**, Kokkos::LayoutRight, Kokkos::CudaSpace>;

// C = A B with A and B as given (LayoutRight A is op(A) contiguous along k, as in "TN"; LayoutLeft
// B likewise), the kernel form chosen here rather than by the dispatcher.
template <class Shape, int Stages, bool AK, bool BK, bool Packets = true, class AV, class BV,
          class CV>
void launch(const AV& a, const BV& b, const CV& c) {
  using T = typename CV::non_const_value_type;
  using AO = Impl::GemmOperand<AV>;
  using BO = Impl::GemmOperand<BV>;
  using F = Impl::GemmTuned<Kokkos::Cuda, Shape, true, Packets, AK, BK, CV, AO, BO, Stages>;
  const std::int64_t m = c.extent(0), n = c.extent(1), k = a.extent(1);
  // Whole tiles with packets; the edge form (Packets false) takes partial ones.
  const int tiles_n = int((n + Shape::BN - 1) / Shape::BN);
  const int league = int((m + Shape::BM - 1) / Shape::BM * tiles_n);
  F f{AO(a, false), BO(b, false), c, T(1), T(0), m, n, k, tiles_n, 0};
  Impl::GemmTeamPolicy<Kokkos::Cuda, Shape, T> p(league, Shape::threads);
  Kokkos::parallel_for("gx", p.set_scratch_size(0, Kokkos::PerTeam(F::scratch_bytes(true))), f);
}

template <class T>
void fill(T* p, std::size_t count, unsigned seed) {
  Kokkos::parallel_for(
      count, KOKKOS_LAMBDA(std::size_t i) {
        unsigned x = unsigned(i) * 2654435761u + seed;
        x ^= x >> 13;
        x *= 0x5bd1e995u;
        x ^= x >> 15;
        p[i] = T(x & 0xffff) / T(32768) - T(1);
      });
}

struct Variant {
  std::string name;
  std::function<void()> run;
  std::vector<double> seconds;
  double error = 0;  // max |C - C_cublas| / max |C_cublas| of the same op pair
};

// max |x - ref| / max |ref| over n * n elements (device pointers).
template <class T>
double relative_difference(const T* x, const T* ref, std::size_t count) {
  double diff = 0, scale = 0;
  Kokkos::parallel_reduce(
      count,
      KOKKOS_LAMBDA(std::size_t i, double& d) {
        const double e = Kokkos::fabs(double(x[i]) - double(ref[i]));
        d = e > d ? e : d;
      },
      Kokkos::Max<double>(diff));
  Kokkos::parallel_reduce(
      count,
      KOKKOS_LAMBDA(std::size_t i, double& d) {
        const double e = Kokkos::fabs(double(ref[i]));
        d = e > d ? e : d;
      },
      Kokkos::Max<double>(scale));
  return scale > 0 ? diff / scale : diff;
}

template <class T>
void time_variants(const char* type, const std::string& shape, double flops,
                   std::vector<Variant>& vs, const VL<T>& c) {
  const int m = int(c.extent(0)), n = int(c.extent(1));
  // Correctness first: each cuBLAS row's C is kept, and every other row's C (poisoned before its
  // run) is compared with the C of its op pair's cuBLAS row.
  std::vector<VL<T>> references;
  std::vector<std::string> pairs;
  for (auto& v : vs) {
    Kokkos::deep_copy(c, T(1e30));
    v.run();
    Kokkos::fence();
    if (v.name.rfind("cublas ", 0) == 0) {
      references.push_back(VL<T>("reference", m, n));
      Kokkos::deep_copy(references.back(), c);
      pairs.push_back(v.name.substr(7, 2));
    } else {
      for (std::size_t r = 0; r < pairs.size(); ++r)
        if (pairs[r] == v.name.substr(0, 2))
          v.error = relative_difference(c.data(), references[r].data(), c.span());
    }
  }
  for (auto& v : vs)
    for (int w = 0; w < 3; ++w)
      v.run();
  Kokkos::fence();
  const int rounds = flops < 2e11 ? 15 : 7;
  for (int r = 0; r < rounds; ++r)
    for (auto& v : vs) {
      Kokkos::fence();
      const auto t0 = std::chrono::steady_clock::now();
      v.run();
      Kokkos::fence();
      v.seconds.push_back(
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
  auto median = [](std::vector<double> t) {
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
  };
  // Each row's ratio is to the cuBLAS row of the same op pair (the first word of its name).
  for (auto& v : vs) {
    double ref = median(vs[0].seconds);
    for (auto& u : vs)
      if (u.name.rfind("cublas ", 0) == 0 && u.name.substr(7, 2) == v.name.substr(0, 2))
        ref = median(u.seconds);
    printf("%s %s %-34s %7.2f TFLOP/s  ratio %.3f  rel.err %.1e\n", type, shape.c_str(),
           v.name.c_str(), flops / median(v.seconds) / 1e12, ref / median(v.seconds), v.error);
  }
  fflush(stdout);
}

template <class T>
void gemm_call(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int n, const T* a,
               const T* b, T* c) {
  const T one = 1, zero = 0;
  if constexpr (std::is_same_v<T, float>)
    cublasSgemm(h, ta, tb, n, n, n, &one, a, n, b, n, &zero, c, n);
  else
    cublasDgemm(h, ta, tb, n, n, n, &one, a, n, b, n, &zero, c, n);
}

template <class T>
void run_type(cublasHandle_t h, const char* type) {
  using S16 = Impl::GemmTunedShape<128, 128, 16, 8, 8>;
  using S8 = Impl::GemmTunedShape<128, 128, 8, 8, 8>;
  using D = Impl::GemmTunedShape<128, 64, 8, 8, 4>;
  // cuBLAS' pedantic SGEMM tile class (256 x 128, 8 deep), within Kokkos' level-0 scratch cap at
  // three stages; and its transpose.
  using S256 = Impl::GemmTunedShape<256, 128, 8, 16, 8>;
  using S256T = Impl::GemmTunedShape<128, 256, 8, 8, 16>;
  for (int n : {4096, 8192}) {
    VL<T> a("a", n, n), b("b", n, n), c("c", n, n);
    VR<T> ar("ar", n, n), br("br", n, n);
    fill(a.data(), a.span(), 1);
    fill(b.data(), b.span(), 2);
    fill(ar.data(), ar.span(), 3);
    fill(br.data(), br.span(), 4);
    Kokkos::fence();
    std::vector<Variant> vs;
    // LayoutRight A as op(A) = A is cuBLAS' "T" on the same memory read as column-major.
    vs.push_back({"cublas NN",
                  [&] { gemm_call(h, CUBLAS_OP_N, CUBLAS_OP_N, n, a.data(), b.data(), c.data()); },
                  {}});
    vs.push_back({"cublas NT",
                  [&] { gemm_call(h, CUBLAS_OP_N, CUBLAS_OP_T, n, a.data(), br.data(), c.data()); },
                  {}});
    vs.push_back({"cublas TN",
                  [&] { gemm_call(h, CUBLAS_OP_T, CUBLAS_OP_N, n, ar.data(), b.data(), c.data()); },
                  {}});
    vs.push_back(
        {"cublas TT",
         [&] { gemm_call(h, CUBLAS_OP_T, CUBLAS_OP_T, n, ar.data(), br.data(), c.data()); },
         {}});
    if constexpr (std::is_same_v<T, float>) {
      constexpr int s8 = Impl::gemm_deep_stages<S8, T>;
      vs.push_back(
          {"NN kmajor 128x128x16 2 stages", [&] { launch<S16, 2, false, false>(a, b, c); }, {}});
      vs.push_back(
          {"NN kmajor 128x128x8 deep", [&] { launch<S8, s8, false, false>(a, b, c); }, {}});
      vs.push_back(
          {"NT kmajor 128x128x16 2 stages", [&] { launch<S16, 2, false, false>(a, br, c); }, {}});
      vs.push_back(
          {"NT kmajor 128x128x8 deep", [&] { launch<S8, s8, false, false>(a, br, c); }, {}});
      vs.push_back(
          {"TN kmajor 128x128x16 2 stages", [&] { launch<S16, 2, false, false>(ar, b, c); }, {}});
      vs.push_back(
          {"TN kmajor 128x128x8 deep", [&] { launch<S8, s8, false, false>(ar, b, c); }, {}});
      vs.push_back(
          {"TN A-along 128x128x16 2 stages", [&] { launch<S16, 2, true, false>(ar, b, c); }, {}});
      vs.push_back(
          {"TT kmajor 128x128x16 2 stages", [&] { launch<S16, 2, false, false>(ar, br, c); }, {}});
      vs.push_back(
          {"TT A-along 128x128x16 2 stages", [&] { launch<S16, 2, true, false>(ar, br, c); }, {}});
      constexpr int s256 = Impl::gemm_deep_stages<S256, T>,
                    s256t = Impl::gemm_deep_stages<S256T, T>;
      vs.push_back(
          {"NN 256x128x8 16x8 deep", [&] { launch<S256, s256, false, false>(a, b, c); }, {}});
      vs.push_back(
          {"NN 128x256x8 8x16 deep", [&] { launch<S256T, s256t, false, false>(a, b, c); }, {}});
      vs.push_back(
          {"NT 256x128x8 16x8 deep", [&] { launch<S256, s256, false, false>(a, br, c); }, {}});
      vs.push_back(
          {"TN 256x128x8 16x8 deep", [&] { launch<S256, s256, false, false>(ar, b, c); }, {}});
      vs.push_back(
          {"TT 256x128x8 16x8 deep", [&] { launch<S256, s256, false, false>(ar, br, c); }, {}});
    } else {
      constexpr int sd = Impl::gemm_deep_stages<D, T>;
      vs.push_back({"NN 128x64x8 deep (DMMA)", [&] { launch<D, sd, false, false>(a, b, c); }, {}});
      vs.push_back({"NT 128x64x8 deep (DMMA)", [&] { launch<D, sd, false, false>(a, br, c); }, {}});
      vs.push_back({"TN 128x64x8 deep (DMMA)", [&] { launch<D, sd, false, false>(ar, b, c); }, {}});
      vs.push_back(
          {"TT 128x64x8 deep (DMMA)", [&] { launch<D, sd, false, false>(ar, br, c); }, {}});
    }
    time_variants<T>(type, "n=" + std::to_string(n), 2.0 * n * double(n) * n, vs, c);
  }
}

// 4099 x 4097 x 1031, NN, LayoutLeft: leading dimensions that allow no 16-byte reads, so every
// tile goes through the edge form (single-element cp.async with zero fill, deep stages).
template <class T>
void run_odd(cublasHandle_t h, const char* type) {
  const int m = 4099, n = 4097, k = 1031;
  VL<T> a("a", m, k), b("b", k, n), c("c", m, n);
  fill(a.data(), a.span(), 5);
  fill(b.data(), b.span(), 6);
  Kokkos::fence();
  std::vector<Variant> vs;
  vs.push_back({"cublas NN",
                [&] {
                  const T one = 1, zero = 0;
                  if constexpr (std::is_same_v<T, float>)
                    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, a.data(), m, b.data(),
                                k, &zero, c.data(), m);
                  else
                    cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, a.data(), m, b.data(),
                                k, &zero, c.data(), m);
                },
                {}});
  using S8 = Impl::GemmTunedShape<128, 128, 8, 8, 8>;
  using D = Impl::GemmTunedShape<128, 64, 8, 8, 4>;
  using S256 = Impl::GemmTunedShape<256, 128, 8, 16, 8>;
  constexpr int s8 = Impl::gemm_deep_stages<S8, T>, sd = Impl::gemm_deep_stages<D, T>;
  vs.push_back(
      {"NN edge 128x128x8 deep", [&] { launch<S8, s8, false, false, false>(a, b, c); }, {}});
  vs.push_back({"NN edge 128x64x8 deep", [&] { launch<D, sd, false, false, false>(a, b, c); }, {}});
  if constexpr (std::is_same_v<T, float>) {
    constexpr int s256 = Impl::gemm_deep_stages<S256, T>;
    vs.push_back(
        {"NN edge 256x128x8 deep", [&] { launch<S256, s256, false, false, false>(a, b, c); }, {}});
  }
  time_variants<T>(type, "4099x4097x1031", 2.0 * m * double(n) * k, vs, c);
}

int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  {
    cublasHandle_t h;
    cublasCreate(&h);
    cublasSetMathMode(h, CUBLAS_PEDANTIC_MATH);
    run_type<float>(h, "float");
    run_type<double>(h, "double");
    run_odd<float>(h, "float");
    run_odd<double>(h, "double");
    cublasDestroy(h);
  }
  Kokkos::finalize();
}
