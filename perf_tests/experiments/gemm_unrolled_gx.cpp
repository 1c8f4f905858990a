// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// GEMM shape/launch exploration against cuBLAS pedantic (README.md in this folder).
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
using VL = Kokkos::View<float**, Kokkos::LayoutLeft, Kokkos::CudaSpace>;
using VR = Kokkos::View<float**, Kokkos::LayoutRight, Kokkos::CudaSpace>;

template <class Shape, unsigned MaxT, unsigned MinB, bool AK, bool BK, class AV, class BV>
void launch(const AV& a, const BV& b, const VL& c) {
  using AO = Impl::GemmOperand<AV>;
  using BO = Impl::GemmOperand<BV>;
  using F = Impl::GemmTuned<Kokkos::Cuda, Shape, true, true, AK, BK, VL, AO, BO>;
  const std::int64_t m = c.extent(0), n = c.extent(1), k = a.extent(1);
  const int tiles_n = int(n / Shape::BN);
  const int league = int((m / Shape::BM) * tiles_n);
  F f{AO(a, false), BO(b, false), c, 1.f, 0.f, m, n, k, tiles_n, 0};
  Kokkos::TeamPolicy<Kokkos::Cuda, Kokkos::LaunchBounds<MaxT, MinB>> p(league, Shape::threads);
  Kokkos::parallel_for("gx", p.set_scratch_size(0, Kokkos::PerTeam(F::scratch_bytes(true))), f);
}

void fill(float* p, std::size_t count, unsigned seed) {
  Kokkos::parallel_for(
      count, KOKKOS_LAMBDA(std::size_t i) {
        unsigned x = unsigned(i) * 2654435761u + seed;
        x ^= x >> 13;
        x *= 0x5bd1e995u;
        x ^= x >> 15;
        p[i] = float(x & 0xffff) / 32768.f - 1.f;
      });
}

int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  {
    cublasHandle_t h;
    cublasCreate(&h);
    cublasSetMathMode(h, CUBLAS_PEDANTIC_MATH);
    int only = -1;
    for (int i = 1; i < argc; ++i)
      if (std::string(argv[i]).rfind("only=", 0) == 0)
        only = std::stoi(argv[i] + 5);
    for (int n : {4096, 8192}) {
      if (only >= 0 && n != 4096)
        break;
      VL a("a", n, n), b("b", n, n), c("c", n, n);
      VR br("br", n, n), ar("ar", n, n);
      fill(a.data(), a.span(), 1);
      fill(b.data(), b.span(), 2);
      fill(br.data(), br.span(), 3);
      fill(ar.data(), ar.span(), 4);
      Kokkos::fence();
      const float one = 1, zero = 0;
      struct V {
        std::string name;
        std::function<void()> f;
        std::vector<double> t;
      };
      std::vector<V> vs;
      vs.push_back({"cublas NN",
                    [&] {
                      cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a.data(), n, b.data(),
                                  n, &zero, c.data(), n);
                    },
                    {}});
      vs.push_back({"cublas TN (A-R)",
                    [&] {
                      cublasSgemm(h, CUBLAS_OP_T, CUBLAS_OP_N, n, n, n, &one, ar.data(), n,
                                  b.data(), n, &zero, c.data(), n);
                    },
                    {}});
      vs.push_back(
          {"NN 8x8 kmajor",
           [&] { launch<Impl::GemmTunedShape<128, 128, 16, 8, 8>, 256, 2, false, false>(a, b, c); },
           {}});
      vs.push_back(
          {"NN 8x8 B-alongk 8x4 lanes",
           [&] { launch<Impl::GemmTunedShape<128, 128, 16, 8, 8>, 256, 2, false, true>(a, b, c); },
           {}});
      vs.push_back(
          {"NN 16x8 B-alongk 8x4 lanes",
           [&] { launch<Impl::GemmTunedShape<128, 128, 16, 16, 8>, 128, 2, false, true>(a, b, c); },
           {}});
      vs.push_back(
          {"NN 8x16 B-alongk 8x4 lanes",
           [&] { launch<Impl::GemmTunedShape<128, 128, 16, 8, 16>, 128, 2, false, true>(a, b, c); },
           {}});
      vs.push_back(
          {"A-R 8x8 both alongk",
           [&] { launch<Impl::GemmTunedShape<128, 128, 16, 8, 8>, 256, 2, true, true>(ar, b, c); },
           {}});
      vs.push_back(
          {"A-R 16x8 both alongk",
           [&] { launch<Impl::GemmTunedShape<128, 128, 16, 16, 8>, 128, 2, true, true>(ar, b, c); },
           {}});
      vs.push_back(
          {"A-R 8x16 both alongk",
           [&] { launch<Impl::GemmTunedShape<128, 128, 16, 8, 16>, 128, 2, true, true>(ar, b, c); },
           {}});
      vs.push_back({"A-R B-R 8x8 A-alongk",
                    [&] {
                      launch<Impl::GemmTunedShape<128, 128, 16, 8, 8>, 256, 2, true, false>(ar, br,
                                                                                            c);
                    },
                    {}});
      vs.push_back({"A-R B-R 16x8 A-alongk",
                    [&] {
                      launch<Impl::GemmTunedShape<128, 128, 16, 16, 8>, 128, 2, true, false>(ar, br,
                                                                                             c);
                    },
                    {}});
      vs.push_back({"B-R 8x8 kmajor",
                    [&] {
                      launch<Impl::GemmTunedShape<128, 128, 16, 8, 8>, 256, 2, false, false>(a, br,
                                                                                             c);
                    },
                    {}});
      if (only >= 0) {
        vs[only].f();
        vs[only].f();
        Kokkos::fence();
        printf("profiled %s\n", vs[only].name.c_str());
        break;
      }
      for (auto& v : vs)
        for (int w = 0; w < 3; ++w)
          v.f();
      Kokkos::fence();
      const int rounds = n == 4096 ? 15 : 7;
      for (int r = 0; r < rounds; ++r)
        for (auto& v : vs) {
          Kokkos::fence();
          auto t0 = std::chrono::steady_clock::now();
          v.f();
          Kokkos::fence();
          v.t.push_back(
              std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        }
      auto med = [](std::vector<double> t) {
        std::sort(t.begin(), t.end());
        return t[t.size() / 2];
      };
      const double ref = med(vs[0].t);
      const double flops = 2.0 * n * double(n) * n;
      for (auto& v : vs)
        printf("n=%d %-34s %7.2f TFLOP/s  ratio %.3f\n", n, v.name.c_str(), flops / med(v.t) / 1e12,
               ref / med(v.t));
      fflush(stdout);
    }
    cublasDestroy(h);
  }
  Kokkos::finalize();
}
