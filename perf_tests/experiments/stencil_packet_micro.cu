// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Design exploration (README.md in this folder): star stencils (5-point, 9-point) as one 16-byte
// output packet per thread, every tap read from global memory through L1/L2 (no scratch), against
// cudaMemcpy D2D of the same bytes in the same run; float and double; medians of 25 launches.
// Question: does the plain packet kernel reach copy speed where the streaming kernel (warp bands,
// registers down the band, 0.90-0.91 of deep_copy on an H100) does not?
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <vector>

#define CK(x)                                                     \
  do {                                                            \
    cudaError_t e = (x);                                          \
    if (e != cudaSuccess) {                                       \
      printf("CUDA %s at %d\n", cudaGetErrorString(e), __LINE__); \
      exit(1);                                                    \
    }                                                             \
  } while (0)

static double median_ms(const std::function<void()>& f, int reps = 25) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  for (int i = 0; i < 3; ++i)
    f();
  CK(cudaDeviceSynchronize());
  std::vector<float> t;
  for (int i = 0; i < reps; ++i) {
    cudaEventRecord(a);
    f();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms;
    cudaEventElapsedTime(&ms, a, b);
    t.push_back(ms);
  }
  CK(cudaGetLastError());
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

template <class T>
struct alignas(16) Pk {
  static constexpr int V = 16 / sizeof(T);
  T v[V];
};

template <class T, int R>
struct Star {
  T c;
  T s[2 * R + 1];  // along rows (slow), index d + R
  T f[2 * R + 1];  // along columns (fast)
};

template <class P>
__device__ __forceinline__ P ldg16(const P* p) {
  const int4 raw = __ldg(reinterpret_cast<const int4*>(p));
  P v;
  memcpy(&v, &raw, sizeof(v));
  return v;
}

__device__ __forceinline__ int clampi(int x, int lo, int hi) { return x < lo ? lo : (x > hi ? hi : x); }

// One output packet per thread; block BX x BY threads covers BX packets x BY rows. H rows per
// thread (H > 1: the thread walks down H rows, keeping the 2R+1 packets of its column in registers).
template <class T, int R, int BX, int BY, int H>
__global__ void __launch_bounds__(BX* BY)
    st_packet(const T* __restrict__ in, T* __restrict__ out, int rows, int cols, Star<T, R> w) {
  using P = Pk<T>;
  constexpr int V = P::V;
  const int j = (blockIdx.x * BX + threadIdx.x) * V;
  const int i0 = (blockIdx.y * BY + threadIdx.y) * H;
  if (j >= cols || i0 >= rows)
    return;
  auto row = [&](int a) { return in + size_t(clampi(a, 0, rows - 1)) * cols; };
  auto ld = [&](int a) { return ldg16(reinterpret_cast<const P*>(row(a) + j)); };
  P col[2 * R + 1];
#pragma unroll
  for (int d = 0; d < 2 * R; ++d)
    col[d + 1] = ld(i0 - R + d);
#pragma unroll
  for (int h = 0; h < H; ++h) {
    const int i = i0 + h;
    if (i >= rows)
      break;
#pragma unroll
    for (int d = 0; d < 2 * R; ++d)
      col[d] = col[d + 1];
    col[2 * R] = ld(i + R);
    const T* line = row(i);
    T left[R], right[R];
#pragma unroll
    for (int d = 0; d < R; ++d) {
      left[d] = __ldg(line + clampi(j - R + d, 0, cols - 1));
      right[d] = __ldg(line + clampi(j + V + d, 0, cols - 1));
    }
    P o;
    const P& m = col[R];
#pragma unroll
    for (int e = 0; e < V; ++e) {
      T sum = w.c * m.v[e];
#pragma unroll
      for (int d = -R; d <= R; ++d) {
        if (d == 0)
          continue;
        sum += w.s[d + R] * col[d + R].v[e];
        const int x = e + d;
        const T side = x < 0 ? left[x + R] : (x >= V ? right[x - V] : m.v[x]);
        sum += w.f[d + R] * side;
      }
      o.v[e] = sum;
    }
    *reinterpret_cast<P*>(out + size_t(i) * cols + j) = o;
  }
}

template <class T>
__global__ void copy_packets(const T* __restrict__ a, T* __restrict__ b, size_t n) {
  using P = Pk<T>;
  const size_t k = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (k * P::V < n)
    reinterpret_cast<P*>(b)[k] = ldg16(reinterpret_cast<const P*>(a) + k);
}

template <class T, int R>
void run_type(const char* type, int rows, int cols) {
  const size_t n = size_t(rows) * cols;
  T *a, *b;
  CK(cudaMalloc(&a, n * sizeof(T)));
  CK(cudaMalloc(&b, n * sizeof(T)));
  std::vector<T> h(n);
  srand(7);
  for (auto& x : h)
    x = T(rand() / double(RAND_MAX));
  CK(cudaMemcpy(a, h.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  Star<T, R> w;
  w.c = T(-4);
  for (int d = 0; d <= 2 * R; ++d) {
    w.s[d] = T(1 + 0.01 * d);
    w.f[d] = T(0.9 + 0.02 * d);
  }
  std::vector<T> ref(n);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) {
      auto at = [&](int x, int y) {
        return h[size_t(std::clamp(x, 0, rows - 1)) * cols + std::clamp(y, 0, cols - 1)];
      };
      double s = double(w.c) * at(i, j);
      for (int d = -R; d <= R; ++d)
        if (d != 0)
          s += double(w.s[d + R]) * at(i + d, j) + double(w.f[d + R]) * at(i, j + d);
      ref[size_t(i) * cols + j] = T(s);
    }
  auto gbps = [&](double ms) { return 2.0 * n * sizeof(T) / ms / 1e6; };
  const double mc =
      median_ms([&] { cudaMemcpyAsync(b, a, n * sizeof(T), cudaMemcpyDeviceToDevice); });
  constexpr int V = 16 / sizeof(T);
  const double ck = median_ms(
      [&] { copy_packets<T><<<(n / V + 255) / 256, 256>>>(a, b, n); });
  printf("%s %d-point %dx%d: memcpy %.1f GB/s; copy kernel %.3f of memcpy\n", type, 4 * R + 1,
         rows, cols, gbps(mc), mc / ck);
  auto S = [&](const char* name, auto launch) {
    CK(cudaMemset(b, 0xff, n * sizeof(T)));
    const double ms = median_ms(launch);
    std::vector<T> o(n);
    CK(cudaMemcpy(o.data(), b, n * sizeof(T), cudaMemcpyDeviceToHost));
    double worst = 0;
    for (size_t k = 0; k < n; ++k)
      worst = std::max(worst, std::fabs(double(o[k]) - double(ref[k])) /
                                  std::max(1.0, std::fabs(double(ref[k]))));
    printf("  %-24s %7.1f GB/s  %.3f of memcpy%s\n", name, gbps(ms), mc / ms,
           worst > (sizeof(T) == 4 ? 1e-5 : 1e-12) ? "  WRONG" : "");
  };
#define VARIANT(BX, BY, H)                                                                   \
  S(#BX "x" #BY " H" #H, [&] {                                                               \
    st_packet<T, R, BX, BY, H><<<dim3((cols / V + BX - 1) / BX, (rows + BY * H - 1) / (BY * H)), \
                                 dim3(BX, BY)>>>(a, b, rows, cols, w);                       \
  })
  VARIANT(32, 8, 1);
  VARIANT(64, 4, 1);
  VARIANT(128, 2, 1);
  VARIANT(256, 1, 1);
  VARIANT(32, 8, 2);
  VARIANT(64, 4, 4);
  VARIANT(32, 4, 8);
  VARIANT(64, 2, 8);
  VARIANT(32, 8, 16);
#undef VARIANT
  CK(cudaFree(a));
  CK(cudaFree(b));
}

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  printf("GPU %s, %d SMs\n", prop.name, prop.multiProcessorCount);
  run_type<float, 1>("float", 8192, 8192);
  run_type<double, 1>("double", 8192, 8192);
  run_type<float, 2>("float", 8192, 8192);
  run_type<double, 2>("double", 8192, 8192);
  return 0;
}
