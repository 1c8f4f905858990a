// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Design exploration (README.md in this folder): raw CUDA transpose and 5-point stencil variants
// against cudaMemcpy D2D, same run, medians.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <functional>
#include <string>
#include <cmath>

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

// ---------------- transpose ----------------
// out (C x R) = transpose(in (R x C)), row-major, R, C multiples of TILE.
template <int TILE, int BR, int PAD, int GROUP, bool CS>
__global__ void __launch_bounds__(32 * BR)
    transpose_k(const float* __restrict__ in, float* __restrict__ out, int R, int C) {
  __shared__ float tile[TILE][TILE + PAD];
  int tilesC = C / TILE, tilesR = R / TILE;
  int b = blockIdx.x;
  int tr, tc;
  if (GROUP > 0) {
    // groups of GROUP tile rows walked column by column
    int per_group = GROUP * tilesC;
    int g = b / per_group, first = g * GROUP;
    int gs = min(tilesR - first, GROUP);
    int k = b % per_group;
    tr = first + k % gs;
    tc = k / gs;
  } else {
    tr = b / tilesC;
    tc = b % tilesC;
  }
  int x = tc * TILE + threadIdx.x, y = tr * TILE + threadIdx.y;
#pragma unroll
  for (int c = 0; c < TILE; c += 32)
#pragma unroll
    for (int j = 0; j < TILE; j += BR) {
      const float* p = &in[(size_t)(y + j) * C + x + c];
      tile[threadIdx.y + j][threadIdx.x + c] = CS ? __ldcs(p) : __ldg(p);
    }
  __syncthreads();
  x = tr * TILE + threadIdx.x;
  y = tc * TILE + threadIdx.y;
#pragma unroll
  for (int c = 0; c < TILE; c += 32)
#pragma unroll
    for (int j = 0; j < TILE; j += BR) {
      float v = tile[threadIdx.x + c][threadIdx.y + j];
      float* p = &out[(size_t)(y + j) * R + x + c];
      if (CS)
        __stcs(p, v);
      else
        *p = v;
    }
}

// 64x64 tile, float4 global accesses (like KokkosTile's packet path), 256 threads.
template <int PAD, int GROUP>
__global__ void __launch_bounds__(256)
    transpose_v4(const float* __restrict__ in, float* __restrict__ out, int R, int C) {
  constexpr int T = 64;
  __shared__ float tile[T][T + PAD];
  int tilesC = C / T, tilesR = R / T;
  int b = blockIdx.x, tr, tc;
  if (GROUP > 0) {
    int per_group = GROUP * tilesC;
    int g = b / per_group, first = g * GROUP;
    int gs = min(tilesR - first, GROUP);
    int k = b % per_group;
    tr = first + k % gs;
    tc = k / gs;
  } else {
    tr = b / tilesC;
    tc = b % tilesC;
  }
  int t = threadIdx.x;
  const float* a = in + (size_t)tr * T * C + tc * T;
#pragma unroll
  for (int k = t; k < T * 16; k += 256) {
    int line = k / 16, p = (k % 16) * 4;
    float4 v = __ldg(reinterpret_cast<const float4*>(a + (size_t)line * C + p));
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

// ---------------- stencil ----------------
struct W5 {
  float c, n, s, w, e;
};

// one thread per output, 2-D blocks
template <int BX, int BY>
__global__ void __launch_bounds__(BX* BY)
    st_naive(const float* __restrict__ in, float* __restrict__ out, int R, int C, W5 w) {
  int j = blockIdx.x * BX + threadIdx.x, i = blockIdx.y * BY + threadIdx.y;
  if (i >= R || j >= C)
    return;
  auto at = [&](int a, int b) {
    a = min(max(a, 0), R - 1);
    b = min(max(b, 0), C - 1);
    return __ldg(&in[(size_t)a * C + b]);
  };
  out[(size_t)i * C + j] = w.c * at(i, j) + w.n * at(i - 1, j) + w.s * at(i + 1, j) +
                           w.w * at(i, j - 1) + w.e * at(i, j + 1);
}

// one thread per column sweeping H rows; horizontal neighbours by shuffles (scalar)
template <int H, int BY, int U>
__global__ void __launch_bounds__(32 * BY)
    st_stream1(const float* __restrict__ in, float* __restrict__ out, int R, int C, W5 w) {
  int j = (blockIdx.x * BY + threadIdx.y) * 32 + threadIdx.x;
  int i0 = blockIdx.y * H;
  int lane = threadIdx.x;
  auto row = [&](int a) {
    a = min(max(a, 0), R - 1);
    return in + (size_t)a * C;
  };
  float up = __ldg(row(i0 - 1) + j), mid = __ldg(row(i0) + j);
  int jl = max(j - 1, 0), jr = min(j + 1, C - 1);
  for (int i = i0; i < i0 + H; i += U) {
    float nxt[U];
#pragma unroll
    for (int u = 0; u < U; ++u)
      nxt[u] = __ldg(row(i + 1 + u) + j);
    float edge[U];
#pragma unroll
    for (int u = 0; u < U; ++u)
      edge[u] = (lane == 0) ? __ldg(row(i + u) + jl) : (lane == 31 ? __ldg(row(i + u) + jr) : 0.f);
#pragma unroll
    for (int u = 0; u < U; ++u) {
      float down = nxt[u];
      float l = __shfl_up_sync(0xffffffffu, mid, 1), r = __shfl_down_sync(0xffffffffu, mid, 1);
      if (lane == 0)
        l = edge[u];
      if (lane == 31)
        r = edge[u];
      out[(size_t)(i + u) * C + j] = w.c * mid + w.n * up + w.s * down + w.w * l + w.e * r;
      up = mid;
      mid = down;
    }
  }
}

// float4 per lane (a warp covers 128 columns), sweeping H rows; shuffles for the side neighbours
template <int H, int BY, int U, bool CS>
__global__ void __launch_bounds__(32 * BY)
    st_stream4(const float* __restrict__ in, float* __restrict__ out, int R, int C, W5 w) {
  int j = ((blockIdx.x * BY + threadIdx.y) * 32 + threadIdx.x) * 4;
  int i0 = blockIdx.y * H;
  int lane = threadIdx.x;
  auto row = [&](int a) {
    a = min(max(a, 0), R - 1);
    return in + (size_t)a * C;
  };
  auto ld4 = [&](const float* p) {
    return CS ? __ldcs(reinterpret_cast<const float4*>(p))
              : __ldg(reinterpret_cast<const float4*>(p));
  };
  float4 up = ld4(row(i0 - 1) + j), mid = ld4(row(i0) + j);
  int jl = max(j - 1, 0), jr = min(j + 4, C - 1);
  for (int i = i0; i < i0 + H; i += U) {
    float4 nxt[U];
#pragma unroll
    for (int u = 0; u < U; ++u)
      nxt[u] = ld4(row(i + 1 + u) + j);
    float edge[U];
#pragma unroll
    for (int u = 0; u < U; ++u)
      edge[u] = (lane == 0) ? __ldg(row(i + u) + jl) : (lane == 31 ? __ldg(row(i + u) + jr) : 0.f);
#pragma unroll
    for (int u = 0; u < U; ++u) {
      float4 down = nxt[u];
      float l = __shfl_up_sync(0xffffffffu, mid.w, 1), r = __shfl_down_sync(0xffffffffu, mid.x, 1);
      if (lane == 0)
        l = edge[u];
      if (lane == 31)
        r = edge[u];
      float4 o;
      o.x = w.c * mid.x + w.n * up.x + w.s * down.x + w.w * l + w.e * mid.y;
      o.y = w.c * mid.y + w.n * up.y + w.s * down.y + w.w * mid.x + w.e * mid.z;
      o.z = w.c * mid.z + w.n * up.z + w.s * down.z + w.w * mid.y + w.e * mid.w;
      o.w = w.c * mid.w + w.n * up.w + w.s * down.w + w.w * mid.z + w.e * r;
      float4* q = reinterpret_cast<float4*>(out + (size_t)(i + u) * C + j);
      if (CS)
        __stcs(q, o);
      else
        *q = o;
      up = mid;
      mid = down;
    }
  }
}

// float4 per lane, the side neighbours through a per-warp row in shared memory (portable form)
template <int H, int BY, int U>
__global__ void __launch_bounds__(32 * BY)
    st_stream4s(const float* __restrict__ in, float* __restrict__ out, int R, int C, W5 w) {
  __shared__ float4 rowbuf[BY][2][34];  // one packet of halo each side, double buffered
  int j = ((blockIdx.x * BY + threadIdx.y) * 32 + threadIdx.x) * 4;
  int i0 = blockIdx.y * H;
  int lane = threadIdx.x;
  float4(*rb)[34] = rowbuf[threadIdx.y];
  auto row = [&](int a) {
    a = min(max(a, 0), R - 1);
    return in + (size_t)a * C;
  };
  auto ld4 = [&](const float* p) { return __ldg(reinterpret_cast<const float4*>(p)); };
  float4 up = ld4(row(i0 - 1) + j), mid = ld4(row(i0) + j);
  int jl = max(j - 4, 0), jr = min(j + 4, C - 4);
  int step = 0;
  for (int i = i0; i < i0 + H; i += U) {
    float4 nxt[U];
#pragma unroll
    for (int u = 0; u < U; ++u)
      nxt[u] = ld4(row(i + 1 + u) + j);
    float4 edge[U];
#pragma unroll
    for (int u = 0; u < U; ++u)
      edge[u] = (lane == 0) ? ld4(row(i + u) + jl) : (lane == 31 ? ld4(row(i + u) + jr) : mid);
#pragma unroll
    for (int u = 0; u < U; ++u, ++step) {
      float4* b = rb[step & 1];
      b[lane + 1] = mid;
      if (lane == 0)
        b[0] = edge[u];
      if (lane == 31)
        b[33] = edge[u];
      __syncwarp();
      float l = reinterpret_cast<const float*>(&b[lane])[3];
      float r = reinterpret_cast<const float*>(&b[lane + 2])[0];
      float4 down = nxt[u];
      float4 o;
      o.x = w.c * mid.x + w.n * up.x + w.s * down.x + w.w * l + w.e * mid.y;
      o.y = w.c * mid.y + w.n * up.y + w.s * down.y + w.w * mid.x + w.e * mid.z;
      o.z = w.c * mid.z + w.n * up.z + w.s * down.z + w.w * mid.y + w.e * mid.w;
      o.w = w.c * mid.w + w.n * up.w + w.s * down.w + w.w * mid.z + w.e * r;
      *reinterpret_cast<float4*>(out + (size_t)(i + u) * C + j) = o;
      up = mid;
      mid = down;
    }
  }
}

// 2-D halo tile in shared, one per block (64x64 outputs, 256 threads, float4), as KokkosTile's
// tiles
__global__ void __launch_bounds__(256)
    st_tile64(const float* __restrict__ in, float* __restrict__ out, int R, int C, W5 w) {
  constexpr int E = 64, P = E + 8;
  __shared__ __align__(16) float t[E + 2][P];
  int tilesC = C / E;
  int r0 = (blockIdx.x / tilesC) * E, c0 = (blockIdx.x % tilesC) * E;
  for (int k = threadIdx.x; k < (E + 2) * (P / 4); k += 256) {
    int line = k / (P / 4), p = (k % (P / 4)) * 4;
    int a = min(max(r0 - 1 + line, 0), R - 1);
    int b = c0 - 4 + p;
    float4 v;
    if (b >= 0 && b + 4 <= C)
      v = __ldg(reinterpret_cast<const float4*>(in + (size_t)a * C + b));
    else {
      float* q = &v.x;
      for (int e = 0; e < 4; ++e)
        q[e] = in[(size_t)a * C + min(max(b + e, 0), C - 1)];
    }
    *reinterpret_cast<float4*>(&t[line][p]) = v;
  }
  __syncthreads();
  for (int k = threadIdx.x; k < E * E / 4; k += 256) {
    int line = k / 16, p = (k % 16) * 4;
    const float* m = &t[line + 1][p + 4];
    float4 o;
    float* q = &o.x;
    for (int e = 0; e < 4; ++e)
      q[e] = w.c * m[e] + w.n * m[e - P] + w.s * m[e + P] + w.w * m[e - 1] + w.e * m[e + 1];
    *reinterpret_cast<float4*>(out + (size_t)(r0 + line) * C + c0 + p) = o;
  }
}

__global__ void copy4(const float4* __restrict__ a, float4* __restrict__ b, size_t n) {
  for (size_t k = blockIdx.x * (size_t)blockDim.x + threadIdx.x; k < n;
       k += (size_t)gridDim.x * blockDim.x)
    b[k] = __ldg(a + k);
}

template <int U>
__global__ void copy4u(const float4* __restrict__ a, float4* __restrict__ b, size_t n) {
  size_t base = (blockIdx.x * (size_t)blockDim.x * U) + threadIdx.x;
  float4 v[U];
#pragma unroll
  for (int u = 0; u < U; ++u)
    v[u] = __ldg(a + base + u * blockDim.x);
#pragma unroll
  for (int u = 0; u < U; ++u)
    b[base + u * blockDim.x] = v[u];
}

static void check_stencil(const char* name, const std::vector<float>& ref, const float* dout,
                          size_t n) {
  std::vector<float> h(n);
  CK(cudaMemcpy(h.data(), dout, n * 4, cudaMemcpyDeviceToHost));
  double worst = 0;
  for (size_t k = 0; k < n; ++k)
    worst = std::max(worst, (double)std::fabs(h[k] - ref[k]));
  if (worst > 1e-4)
    printf("  !! %s wrong: max err %g\n", name, worst);
}

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  printf("GPU %s, %d SMs\n", prop.name, prop.multiProcessorCount);
  const int shapes[2][2] = {{8192, 8192}, {16384, 4096}};
  size_t maxn = 8192ull * 8192;
  float *a, *b;
  CK(cudaMalloc(&a, maxn * 4));
  CK(cudaMalloc(&b, maxn * 4));
  std::vector<float> h(maxn);
  srand(7);
  for (auto& x : h)
    x = rand() / float(RAND_MAX);
  CK(cudaMemcpy(a, h.data(), maxn * 4, cudaMemcpyHostToDevice));
  auto gbps = [&](double ms, size_t n) { return 2.0 * n * 4 / ms / 1e6; };
  for (auto& s : shapes) {
    int R = s[0], C = s[1];
    size_t n = (size_t)R * C;
    double mc = median_ms([&] { cudaMemcpyAsync(b, a, n * 4, cudaMemcpyDeviceToDevice); });
    double ck = median_ms(
        [&] { copy4<<<prop.multiProcessorCount * 8, 256>>>((const float4*)a, (float4*)b, n / 4); });
    printf("%dx%d memcpy %.1f GB/s, copy4 %.1f (%.3f)\n", R, C, gbps(mc, n), gbps(ck, n), mc / ck);
    double c1 =
        median_ms([&] { copy4u<1><<<n / 4 / 256, 256>>>((const float4*)a, (float4*)b, n / 4); });
    double c4 =
        median_ms([&] { copy4u<4><<<n / 16 / 256, 256>>>((const float4*)a, (float4*)b, n / 4); });
    double c8 =
        median_ms([&] { copy4u<8><<<n / 32 / 256, 256>>>((const float4*)a, (float4*)b, n / 4); });
    printf("  copy4u<1> %.3f  copy4u<4> %.3f  copy4u<8> %.3f of memcpy\n", mc / c1, mc / c4,
           mc / c8);
    auto T = [&](const char* name, auto kernel, int tile, int threads, bool v4 = false) {
      int blocks = (R / tile) * (C / tile);
      double ms = median_ms([&] {
        kernel<<<blocks, threads == 256 && tile == 64 && v4 ? dim3(256) : dim3(32, threads / 32)>>>(
            a, b, R, C);
      });
      // spot check
      std::vector<float> o(n);
      CK(cudaMemcpy(o.data(), b, n * 4, cudaMemcpyDeviceToHost));
      bool ok = true;
      for (size_t k = 0; k < n; k += 9973) {
        size_t i = k / C, j = k % C;
        if (o[j * R + i] != h[k]) {
          ok = false;
          break;
        }
      }
      printf("  transpose %-28s %.1f GB/s  %.3f of memcpy %s\n", name, gbps(ms, n), mc / ms,
             ok ? "" : "WRONG");
    };
    T("sdk32x33 (32x8)", transpose_k<32, 8, 1, 0, false>, 32, 256);
    T("32x33 (32x16)", transpose_k<32, 16, 1, 0, false>, 32, 512);
    T("32x33 g8", transpose_k<32, 8, 1, 8, false>, 32, 256);
    T("32x33 g16", transpose_k<32, 8, 1, 16, false>, 32, 256);
    T("32x33 cs", transpose_k<32, 8, 1, 0, true>, 32, 256);
    T("32x33 g8 cs", transpose_k<32, 8, 1, 8, true>, 32, 256);
    T("32x32 unpadded", transpose_k<32, 8, 0, 0, false>, 32, 256);
    T("64x65 (32x8)", transpose_k<64, 8, 1, 0, false>, 64, 256);
    T("64x65 (32x8) g8", transpose_k<64, 8, 1, 8, false>, 64, 256);
    T("64x65 (32x16)", transpose_k<64, 16, 1, 0, false>, 64, 512);
    T("64x65 v4", transpose_v4<1, 0>, 64, 256, true);
    T("64x65 v4 g8", transpose_v4<1, 8>, 64, 256, true);
    T("64x65 v4 g4", transpose_v4<1, 4>, 64, 256, true);
  }
  {
    int R = 8192, C = 8192;
    size_t n = (size_t)R * C;
    W5 w{-4.f, 1.f, 1.1f, 0.9f, 1.05f};
    std::vector<float> ref(n);
    for (int i = 0; i < R; ++i)
      for (int j = 0; j < C; ++j) {
        auto at = [&](int x, int y) {
          x = std::min(std::max(x, 0), R - 1);
          y = std::min(std::max(y, 0), C - 1);
          return h[(size_t)x * C + y];
        };
        ref[(size_t)i * C + j] = w.c * at(i, j) + w.n * at(i - 1, j) + w.s * at(i + 1, j) +
                                 w.w * at(i, j - 1) + w.e * at(i, j + 1);
      }
    double mc = median_ms([&] { cudaMemcpyAsync(b, a, n * 4, cudaMemcpyDeviceToDevice); });
    printf("stencil 5pt 8192^2: memcpy %.1f GB/s\n", gbps(mc, n));
    auto S = [&](const char* name, auto launch) {
      CK(cudaMemset(b, 0xff, n * 4));
      double ms = median_ms(launch);
      printf("  stencil %-28s %.1f GB/s  %.3f of memcpy\n", name, gbps(ms, n), mc / ms);
      check_stencil(name, ref, b, n);
    };
    S("naive 32x8", [&] { st_naive<32, 8><<<dim3(C / 32, R / 8), dim3(32, 8)>>>(a, b, R, C, w); });
    S("naive 128x2",
      [&] { st_naive<128, 2><<<dim3(C / 128, R / 2), dim3(128, 2)>>>(a, b, R, C, w); });
    S("naive 64x4", [&] { st_naive<64, 4><<<dim3(C / 64, R / 4), dim3(64, 4)>>>(a, b, R, C, w); });
    S("tile64 (KokkosTile-like)", [&] { st_tile64<<<(R / 64) * (C / 64), 256>>>(a, b, R, C, w); });
    S("stream1 H32 BY8 U4",
      [&] { st_stream1<32, 8, 4><<<dim3(C / 256, R / 32), dim3(32, 8)>>>(a, b, R, C, w); });
    S("stream1 H64 BY4 U8",
      [&] { st_stream1<64, 4, 8><<<dim3(C / 128, R / 64), dim3(32, 4)>>>(a, b, R, C, w); });
    S("stream4 H32 BY2 U4",
      [&] { st_stream4<32, 2, 4, false><<<dim3(C / 256, R / 32), dim3(32, 2)>>>(a, b, R, C, w); });
    S("stream4 H32 BY4 U4",
      [&] { st_stream4<32, 4, 4, false><<<dim3(C / 512, R / 32), dim3(32, 4)>>>(a, b, R, C, w); });
    S("stream4 H64 BY4 U4",
      [&] { st_stream4<64, 4, 4, false><<<dim3(C / 512, R / 64), dim3(32, 4)>>>(a, b, R, C, w); });
    S("stream4 H16 BY4 U4",
      [&] { st_stream4<16, 4, 4, false><<<dim3(C / 512, R / 16), dim3(32, 4)>>>(a, b, R, C, w); });
    S("stream4 H32 BY8 U2",
      [&] { st_stream4<32, 8, 2, false><<<dim3(C / 1024, R / 32), dim3(32, 8)>>>(a, b, R, C, w); });
    S("stream4 H32 BY4 U8",
      [&] { st_stream4<32, 4, 8, false><<<dim3(C / 512, R / 32), dim3(32, 4)>>>(a, b, R, C, w); });
    S("stream4 H32 BY4 U4 cs",
      [&] { st_stream4<32, 4, 4, true><<<dim3(C / 512, R / 32), dim3(32, 4)>>>(a, b, R, C, w); });
    S("stream4s H32 BY4 U4 (smem)",
      [&] { st_stream4s<32, 4, 4><<<dim3(C / 512, R / 32), dim3(32, 4)>>>(a, b, R, C, w); });
    S("stream4s H64 BY4 U4 (smem)",
      [&] { st_stream4s<64, 4, 4><<<dim3(C / 512, R / 64), dim3(32, 4)>>>(a, b, R, C, w); });
    S("stream4s H32 BY8 U4 (smem)",
      [&] { st_stream4s<32, 8, 4><<<dim3(C / 1024, R / 32), dim3(32, 8)>>>(a, b, R, C, w); });
  }
  return 0;
}
