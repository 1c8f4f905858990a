// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Isolating Kokkos-vs-raw differences for the 64x65 float4 transpose (README.md in this folder).
#include <Kokkos_Core.hpp>
#include <KokkosTile.hpp>
#include <chrono>
#include <cstdio>
#include <vector>
#include <algorithm>
#include <functional>

template <bool NC>
__global__ void __launch_bounds__(256)
    raw_v4(const float* __restrict__ in, float* __restrict__ out, int R, int C) {
  constexpr int T = 64;
  __shared__ float tile[T][T + 1];
  int tilesC = C / T;
  int tr = blockIdx.x / tilesC, tc = blockIdx.x % tilesC;
  int t = threadIdx.x + threadIdx.y * blockDim.x;
  const float* a = in + (size_t)tr * T * C + tc * T;
#pragma unroll
  for (int k = t; k < T * 16; k += 256) {
    int line = k / 16, p = (k % 16) * 4;
    float4 v = NC ? __ldg(reinterpret_cast<const float4*>(a + (size_t)line * C + p))
                  : *reinterpret_cast<const float4*>(a + (size_t)line * C + p);
    tile[line][p] = v.x;
    tile[line][p + 1] = v.y;
    tile[line][p + 2] = v.z;
    tile[line][p + 3] = v.w;
  }
  __syncthreads();
  float* o = out + (size_t)tc * T * R + tr * T;
#pragma unroll
  for (int k = t; k < T * 16; k += 256) {
    int line = k / 16, p = (k % 16) * 4;
    float4 v = make_float4(tile[p][line], tile[p + 1][line], tile[p + 2][line], tile[p + 3][line]);
    *reinterpret_cast<float4*>(o + (size_t)line * R + p) = v;
  }
}

// Same body in a Kokkos TeamPolicy functor; tile in dynamic (team) scratch or static __shared__.
template <bool Static, class Policy>
struct KV4 {
  const float* in;
  float* out;
  int R, C;
  int sr = 0, sc = 0;
  template <class M>
  KOKKOS_FUNCTION void operator()(const M& team) const {
#ifdef __CUDA_ARCH__
    constexpr int T = 64, P = T + 1;
    float* tile;
    if constexpr (Static) {
      __shared__ float st[T * P];
      tile = st;
    } else
      tile = static_cast<float*>(team.team_scratch(0).get_shmem(T * P * sizeof(float)));
    int tilesC = C / T - (sc ? 1 : 0);
    int tr = team.league_rank() / tilesC, tc = team.league_rank() % tilesC;
    int t = threadIdx.x + threadIdx.y * blockDim.x;
    const float* a = in + (size_t)(tr * T + sr) * C + tc * T + sc;
#pragma unroll
    for (int k = t; k < T * 16; k += 256) {
      int line = k / 16, p = (k % 16) * 4;
      float4 v = __ldg(reinterpret_cast<const float4*>(a + (size_t)line * C + p));
      tile[line * P + p] = v.x;
      tile[line * P + p + 1] = v.y;
      tile[line * P + p + 2] = v.z;
      tile[line * P + p + 3] = v.w;
    }
    __syncthreads();
    float* o = out + (size_t)(tc * T + sc) * R + tr * T + sr;
#pragma unroll
    for (int k = t; k < T * 16; k += 256) {
      int line = k / 16, p = (k % 16) * 4;
      float4 v = make_float4(tile[p * P + line], tile[(p + 1) * P + line], tile[(p + 2) * P + line],
                             tile[(p + 3) * P + line]);
      *reinterpret_cast<float4*>(o + (size_t)line * R + p) = v;
    }
#endif
  }
};

int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  {
    const int R = 8192, C = 8192;
    const size_t n = size_t(R) * C;
    Kokkos::View<float**, Kokkos::LayoutRight, Kokkos::CudaSpace> a("a", R, C), b("b", C, R);
    Kokkos::deep_copy(a, 1.5f);
    float *ra, *rb;
    cudaMalloc(&ra, n * 4);
    cudaMalloc(&rb, n * 4);
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    auto median = [&](const std::function<void()>& f) {
      for (int i = 0; i < 3; ++i)
        f();
      Kokkos::fence();
      std::vector<float> t;
      for (int i = 0; i < 25; ++i) {
        cudaEventRecord(e0);
        f();
        cudaEventRecord(e1);
        cudaEventSynchronize(e1);
        float ms;
        cudaEventElapsedTime(&ms, e0, e1);
        t.push_back(ms);
      }
      std::sort(t.begin(), t.end());
      return t[12];
    };
    auto gb = [&](double ms) { return 2.0 * n * 4 / ms / 1e6; };
    double mc =
        median([&] { cudaMemcpyAsync(b.data(), a.data(), n * 4, cudaMemcpyDeviceToDevice); });
    printf("view ptr mod 512 = %d\n", int(reinterpret_cast<uintptr_t>(a.data()) % 512));
    printf("memcpy (views) %.1f GB/s\n", gb(mc));
    double dc = median([&] {
      Kokkos::deep_copy(
          b, Kokkos::View<float**, Kokkos::LayoutRight, Kokkos::CudaSpace>(a.data(), C, R));
    });
    printf("deep_copy %.3f of memcpy\n", mc / dc);
    int blocks = (R / 64) * (C / 64);
    printf("raw v4 nc, raw ptrs      %.3f\n",
           mc / median([&] { raw_v4<true><<<blocks, 256>>>(ra, rb, R, C); }));
    printf("raw v4 nc, view ptrs     %.3f\n",
           mc / median([&] { raw_v4<true><<<blocks, 256>>>(a.data(), b.data(), R, C); }));
    printf("raw v4 no-nc, view ptrs  %.3f\n",
           mc / median([&] { raw_v4<false><<<blocks, 256>>>(a.data(), b.data(), R, C); }));
    printf("raw v4 nc (32,8) block   %.3f\n",
           mc / median([&] { raw_v4<true><<<blocks, dim3(32, 8)>>>(a.data(), b.data(), R, C); }));
    using P0 = Kokkos::TeamPolicy<Kokkos::Cuda>;
    using P8 = Kokkos::TeamPolicy<Kokkos::Cuda, Kokkos::LaunchBounds<256, 8>>;
    const float* ca = a.data();
    float* cb = b.data();
    printf("kokkos static smem       %.3f\n",
           mc / median([&] {
             Kokkos::parallel_for("s", P0(blocks, 8, 32), KV4<true, P0>{ca, cb, R, C});
           }));
    printf("kokkos scratch           %.3f\n",
           mc / median([&] {
             Kokkos::parallel_for(
                 "d", P0(blocks, 8, 32).set_scratch_size(0, Kokkos::PerTeam(64 * 65 * 4)),
                 KV4<false, P0>{ca, cb, R, C});
           }));
    printf("kokkos scratch LB<256,8> %.3f\n",
           mc / median([&] {
             Kokkos::parallel_for(
                 "d8", P8(blocks, 8, 32).set_scratch_size(0, Kokkos::PerTeam(64 * 65 * 4)),
                 KV4<false, P8>{ca, cb, R, C});
           }));
    printf("kokkos scratch 256x1     %.3f\n",
           mc / median([&] {
             Kokkos::parallel_for(
                 "d1", P0(blocks, 256, 1).set_scratch_size(0, Kokkos::PerTeam(64 * 65 * 4)),
                 KV4<false, P0>{ca, cb, R, C});
           }));
    auto wall = [&](const std::function<void()>& f) {  // like the benchmark: call + fence, median
      for (int i = 0; i < 3; ++i) {
        f();
        Kokkos::fence();
      }
      std::vector<double> t;
      for (int i = 0; i < 25; ++i) {
        auto t0 = std::chrono::steady_clock::now();
        f();
        Kokkos::fence();
        t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                        .count());
      }
      std::sort(t.begin(), t.end());
      return t[12];
    };
    auto batch = [&](const std::function<void()>& f) {  // 10 back-to-back calls between events
      for (int i = 0; i < 3; ++i)
        f();
      Kokkos::fence();
      cudaEventRecord(e0);
      for (int i = 0; i < 10; ++i)
        f();
      cudaEventRecord(e1);
      cudaEventSynchronize(e1);
      float ms;
      cudaEventElapsedTime(&ms, e0, e1);
      return ms / 10;
    };
    auto report = [&](const char* name, const std::function<void()>& f) {
      printf("%-26s events %.3f  wall %.3f  batch %.3f  (wall ms %.4f)\n", name, mc / median(f),
             wall([&] { cudaMemcpyAsync(b.data(), a.data(), n * 4, cudaMemcpyDeviceToDevice); }) /
                 wall(f),
             mc / batch(f), wall(f));
    };
    report("memcpy", [&] { cudaMemcpyAsync(b.data(), a.data(), n * 4, cudaMemcpyDeviceToDevice); });
    report("raw v4 view ptrs", [&] { raw_v4<true><<<blocks, 256>>>(a.data(), b.data(), R, C); });
    report("kokkos scratch LB8", [&] {
      Kokkos::parallel_for("d8",
                           P8(blocks, 8, 32).set_scratch_size(0, Kokkos::PerTeam(64 * 65 * 4)),
                           KV4<false, P8>{ca, cb, R, C});
    });
    report("kokkos LB8 shifted 32,32", [&] {
      Kokkos::parallel_for(
          "d8s",
          P8((R / 64 - 1) * (C / 64 - 1), 8, 32).set_scratch_size(0, Kokkos::PerTeam(64 * 65 * 4)),
          KV4<false, P8>{ca, cb, R, C, 32, 32});
    });
    report("KokkosTile::transpose", [&] { KokkosTile::transpose(b, a); });
    {
      Kokkos::View<float**, Kokkos::LayoutRight, Kokkos::CudaSpace> in("in", R, C),
          out("out", R, C);
      const auto five = KokkosTile::Stencil2D<float>::five_point(-4.f, 1.f);
      report("KokkosTile::stencil 5pt", [&] {
        KokkosTile::stencil(out, in, five, KokkosTile::BoundaryCondition<float>::clamp());
      });
    }
    cudaFree(ra);
    cudaFree(rb);
  }
  Kokkos::finalize();
}
