// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Question 21 of memory_bound_variants_kx.cpp: an out-of-place float transpose whose tiles move
// between global and shared memory by the Tensor Memory Accelerator (sm_90,
// cp.async.bulk.tensor), as the one design issue 15's float bar had left untried.
//
// A block takes one 64 x 64 tile. One thread asks the TMA for the tile of a as two boxes of
// 64 rows x 32 floats (128 bytes, the widest box the 128-byte swizzle takes) and waits on an
// mbarrier for their bytes; every thread then transposes 4 x 4 blocks from that tile into a second
// one in b's orientation, reading and writing 16-byte packets; one thread hands that tile to the
// TMA as two boxes of b. Both tiles are 128-byte swizzled (16-byte chunk c of 128-byte line r at
// chunk c ^ (r % 8)); the blocks of a quarter warp lie on a diagonal (block row 8u + p, block
// column (p + s) % 16 for lane p of 8), which puts the eight packets of each shared-memory read
// and each write in eight different chunks: no bank conflict either way.

#if defined(KOKKOS_ENABLE_CUDA)
#include <impl/core/Core_AsyncCopy.hpp>

#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <stdexcept>

namespace tma_transpose {

/// Floats in a 64 x 64 tile, and in one of its two 64 x 32 boxes (128-byte lines).
constexpr int tile_floats = 64 * 64;
constexpr int box_floats = 64 * 32;

/// Dynamic shared memory for `tiles` 64 x 64 float tiles and room to align them to 1 KiB (the
/// 128-byte swizzle repeats every 1 KiB, so a swizzled box must start on such a boundary).
constexpr int shared_bytes_for(int tiles) {
  return tiles * tile_floats * int(sizeof(float)) + 1024;
}

/// The tensor maps of a launch: a, b, and b with 32-row boxes.
struct Maps {
  CUtensorMap a;
  CUtensorMap b;
  CUtensorMap b_half;  // boxes of 32 rows: the first column of tiles of a shifted grid
};

// The device code needs sm_90 (the TMA and the library's mbarrier helpers); elsewhere the kernels
// below compile to empty bodies and the program only launches them on sm_90.
#ifdef KOKKOSTILE_HAVE_BULK_COPY
using KokkosTile::Impl::shared_space_address;

__device__ inline void load_box(float* to, const CUtensorMap* map, int x, int y,
                                std::uint64_t* barrier) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, "
      "%4}], [%2];" ::"r"(shared_space_address(to)),
      "l"(reinterpret_cast<std::uint64_t>(map)), "r"(shared_space_address(barrier)), "r"(x), "r"(y)
      : "memory");
}

__device__ inline void store_box(const CUtensorMap* map, int x, int y, const float* from) {
  asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%2, %3}], [%1];" ::"l"(
                   reinterpret_cast<std::uint64_t>(map)),
               "r"(shared_space_address(from)), "r"(x), "r"(y)
               : "memory");
}

/// The float at (row, column) of a 64-row tile held as two 128-byte-swizzled boxes of 32 columns.
__device__ inline int swizzled_offset(int row, int chunk_of_64) {
  return (chunk_of_64 >> 3) * box_floats + row * 32 + (((chunk_of_64 & 7) ^ (row & 7)) << 2);
}

/// Tile t of a tiles x tiles grid whose origin lies `shift` rows and columns before a's, taken
/// down columns of tiles when Down (along b's contiguous index, as the library orders them) else
/// along rows. Its origin in a is negative or past the edge where the grid is shifted: the TMA
/// fills the part of a box outside the matrix with zeros and does not store it past the far
/// edges. A box wholly outside is not issued; a store at a negative coordinate stops the kernel
/// with an illegal instruction (loads take them; run 30), so the first column of tiles stores its
/// lower 32 rows of b through the 32-row map, and boxes wholly before b's first column are skipped.
struct TileBoxes {
  int row0, col0;
  bool load_left, load_right, store_left, store_right;

  template <bool Down>
  __device__ static TileBoxes of(int t, int tiles, int n, int shift) {
    TileBoxes box;
    box.row0 = (Down ? t % tiles : t / tiles) * 64 - shift;
    box.col0 = (Down ? t / tiles : t % tiles) * 64 - shift;
    box.load_left = box.col0 + 32 > 0;
    box.load_right = box.col0 + 32 < n;
    box.store_left = box.row0 + 32 > 0;
    box.store_right = box.row0 + 32 < n;
    return box;
  }

  /// One thread: the boxes of a into `in`, counted on `barrier`.
  __device__ void load(const Maps& maps, float* in, std::uint64_t* barrier) const {
    KokkosTile::Impl::mbarrier_arrive_expect_bytes(
        barrier, (int(load_left) + int(load_right)) * box_floats * sizeof(float));
    if (load_left)
      load_box(in, &maps.a, col0, row0, barrier);
    if (load_right)
      load_box(in + box_floats, &maps.a, col0 + 32, row0, barrier);
  }

  /// One thread: `out` into b's boxes, as one bulk group.
  __device__ void store(const Maps& maps, const float* out) const {
    const CUtensorMap* map = col0 < 0 ? &maps.b_half : &maps.b;
    const int skip = col0 < 0 ? box_floats / 2 : 0;  // floats: the 32 box rows before b's first
    const int b_row = col0 < 0 ? 0 : col0;
    if (store_left)
      store_box(map, row0, b_row, out + skip);
    if (store_right)
      store_box(map, row0 + 32, b_row, out + box_floats + skip);
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
  }
};

/// One arrival a phase. The library's mbarrier_init fences with fence.mbarrier_init; runs 29-32
/// measured this file with fence.proxy.async after the init instead, which is kept beside it.
__device__ inline void init_barrier(std::uint64_t* barrier) {
  KokkosTile::Impl::mbarrier_init(barrier, 1);
  KokkosTile::Impl::fence_before_bulk_copies();
}

/// All Threads threads: the swizzled tile `in` (a's orientation) transposed into `out` (b's), in
/// 4 x 4 blocks, then fenced for the TMA (async proxy) that will read `out`.
template <int Threads>
__device__ void transpose_in_shared(const float* in, float* out) {
#pragma unroll
  for (int round = 0; round < 256 / Threads; ++round) {
    const int block = threadIdx.x + round * Threads;
    const int p = block & 7, u = (block >> 3) & 1, s = block >> 4;
    const int block_row = 8 * u + p, block_col = (p + s) & 15;
    float4 v[4];
#pragma unroll
    for (int k = 0; k < 4; ++k)
      v[k] = *reinterpret_cast<const float4*>(in + swizzled_offset(4 * block_row + k, block_col));
    const float4 w[4] = {
        make_float4(v[0].x, v[1].x, v[2].x, v[3].x), make_float4(v[0].y, v[1].y, v[2].y, v[3].y),
        make_float4(v[0].z, v[1].z, v[2].z, v[3].z), make_float4(v[0].w, v[1].w, v[2].w, v[3].w)};
#pragma unroll
    for (int k = 0; k < 4; ++k)
      *reinterpret_cast<float4*>(out + swizzled_offset(4 * block_col + k, block_row)) = w[k];
  }
  KokkosTile::Impl::fence_before_bulk_copies();
}

__device__ inline float* aligned_to_1k(unsigned char* shared) {
  return reinterpret_cast<float*>((reinterpret_cast<std::uintptr_t>(shared) + 1023) &
                                  ~std::uintptr_t(1023));
}

#endif  // KOKKOSTILE_HAVE_BULK_COPY

/// b = a^T, one 64 x 64 tile a block (Threads of 128 or 256).
template <int Threads, bool Down>
__global__ void __launch_bounds__(Threads)
    transpose_tma_tiles(const __grid_constant__ Maps maps, int n, int tiles, int shift) {
#ifdef KOKKOSTILE_HAVE_BULK_COPY
  extern __shared__ unsigned char tma_dynamic[];
  __shared__ std::uint64_t loaded;
  float* const in = aligned_to_1k(tma_dynamic);
  float* const out = in + tile_floats;
  const TileBoxes tile = TileBoxes::of<Down>(blockIdx.x, tiles, n, shift);
  if (threadIdx.x == 0)
    init_barrier(&loaded);
  __syncthreads();  // the barrier's initialisation, before anyone waits on it
  if (threadIdx.x == 0)
    tile.load(maps, in, &loaded);
  KokkosTile::Impl::mbarrier_wait(&loaded, 0);
  transpose_in_shared<Threads>(in, out);
  __syncthreads();
  if (threadIdx.x == 0) {
    tile.store(maps, out);
    // Shared memory must outlive the TMA's reads of it.
    asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
  }
#endif
}

/// b = a^T by persistent blocks (gridDim.x of them), each taking tiles blockIdx.x, blockIdx.x +
/// gridDim.x, ... through Stages pairs of shared tiles: tile k + Stages is loaded while tile k is
/// transposed, and tile k's store drains while later tiles are transposed.
template <int Stages, bool Down>
__global__ void __launch_bounds__(256)
    transpose_tma_pipelined(const __grid_constant__ Maps maps, int n, int tiles, int shift) {
#ifdef KOKKOSTILE_HAVE_BULK_COPY
  extern __shared__ unsigned char tma_dynamic[];
  __shared__ std::uint64_t loaded[Stages];
  float* const tiles_base = aligned_to_1k(tma_dynamic);
  const int count = tiles * tiles;
  if (threadIdx.x == 0) {
    for (int s = 0; s < Stages; ++s)
      init_barrier(&loaded[s]);
    for (int s = 0; s < Stages; ++s) {
      const int t = blockIdx.x + s * gridDim.x;
      if (t < count)
        TileBoxes::of<Down>(t, tiles, n, shift)
            .load(maps, tiles_base + s * 2 * tile_floats, &loaded[s]);
    }
  }
  __syncthreads();
  int k = 0;
  for (int t = blockIdx.x; t < count; t += gridDim.x, ++k) {
    const int s = k % Stages;
    float* const in = tiles_base + s * 2 * tile_floats;
    float* const out = in + tile_floats;
    if (threadIdx.x == 0 && k >= Stages) {
      // Tile k - Stages' store, which read `out`, must be done reading it.
      asm volatile("cp.async.bulk.wait_group.read %0;" ::"n"(Stages - 1) : "memory");
    }
    __syncthreads();
    KokkosTile::Impl::mbarrier_wait(&loaded[s], (k / Stages) & 1);
    transpose_in_shared<256>(in, out);
    __syncthreads();  // `in` consumed and `out` written by every thread
    if (threadIdx.x == 0) {
      TileBoxes::of<Down>(t, tiles, n, shift).store(maps, out);
      const int next = t + Stages * gridDim.x;
      if (next < count)
        TileBoxes::of<Down>(next, tiles, n, shift).load(maps, in, &loaded[s]);
    }
  }
  if (threadIdx.x == 0)
    asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
#endif
}

/// Dynamic shared memory of transpose_tma_tiles: a's tile and b's.
constexpr int shared_bytes = shared_bytes_for(2);

/// The tensor map of an n x n row-major float matrix at `data`, box_rows x 32-float boxes,
/// 128-byte swizzled; `promote_256` asks L2 to fetch 256 bytes per miss (else no promotion).
inline CUtensorMap square_map(float* data, int n, bool promote_256, int box_rows = 64) {
  static PFN_cuTensorMapEncodeTiled_v12000 encode = [] {
    void* function = nullptr;
    cudaDriverEntryPointQueryResult status{};
    if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &function, 12000,
                                         cudaEnableDefault, &status) != cudaSuccess ||
        status != cudaDriverEntryPointSuccess)
      throw std::runtime_error("cuTensorMapEncodeTiled not found");
    return reinterpret_cast<PFN_cuTensorMapEncodeTiled_v12000>(function);
  }();
  CUtensorMap map{};
  const cuuint64_t dims[2] = {cuuint64_t(n), cuuint64_t(n)};
  const cuuint64_t strides[1] = {cuuint64_t(n) * sizeof(float)};
  const cuuint32_t box[2] = {32, cuuint32_t(box_rows)};
  const cuuint32_t element_strides[2] = {1, 1};
  const CUresult result =
      encode(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, data, dims, strides, box, element_strides,
             CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
             promote_256 ? CU_TENSOR_MAP_L2_PROMOTION_L2_256B : CU_TENSOR_MAP_L2_PROMOTION_NONE,
             CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (result != CUDA_SUCCESS) {
    std::fprintf(stderr, "cuTensorMapEncodeTiled: error %d\n", int(result));
    throw std::runtime_error("cuTensorMapEncodeTiled failed");
  }
  return map;
}

/// The maps of a launch from the n x n square at `from` into `to`.
inline Maps square_maps(const float* from, float* to, int n, bool promote_256) {
  return {square_map(const_cast<float*>(from), n, promote_256), square_map(to, n, promote_256),
          square_map(to, n, promote_256, 32)};
}

/// A launch of transpose_tma_tiles<Threads, Down> from the n x n square at `from` into `to` on
/// `stream` (n a multiple of 64), the tile grid starting `shift` rows and columns before the
/// square's origin (0 or 32; with 32, one more tile each way).
template <int Threads, bool Down>
auto launch(const float* from, float* to, int n, bool promote_256, cudaStream_t stream,
            int shift = 0) {
  const Maps maps = square_maps(from, to, n, promote_256);
  const int tiles = n / 64 + (shift > 0 ? 1 : 0);
  return [=] {
    transpose_tma_tiles<Threads, Down>
        <<<tiles * tiles, Threads, shared_bytes, stream>>>(maps, n, tiles, shift);
  };
}

/// A launch of transpose_tma_pipelined<Stages, true> as `launch`, blocks_per_sm persistent
/// blocks a multiprocessor.
template <int Stages>
auto launch_pipelined(const float* from, float* to, int n, cudaStream_t stream, int shift,
                      int blocks_per_sm) {
  const Maps maps = square_maps(from, to, n, true);
  const int tiles = n / 64 + (shift > 0 ? 1 : 0);
  const int bytes = shared_bytes_for(2 * Stages);  // a's tile and b's, a stage
  cudaFuncSetAttribute(transpose_tma_pipelined<Stages, true>,
                       cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
  int device = 0, sms = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  const int blocks = sms * blocks_per_sm;
  return [=] {
    transpose_tma_pipelined<Stages, true><<<blocks, 256, bytes, stream>>>(maps, n, tiles, shift);
  };
}

}  // namespace tma_transpose
#endif
