// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The cuBLAS handle the GEMM benchmarks compare with (Bench_Gemm.cpp, Bench_GemmBatched.cpp).

#include <Kokkos_Core.hpp>
#ifdef KOKKOS_ENABLE_CUDA
#include <cublas_v2.h>

#include <memory>

namespace KokkosTileBench {

/// A cuBLAS handle on `space`'s stream with CUBLAS_PEDANTIC_MATH (fp32 stays fp32: no TF32),
/// released with the last copy.
inline std::shared_ptr<cublasContext> pedantic_cublas_handle(const Kokkos::Cuda& space) {
  std::shared_ptr<cublasContext> handle(
      [] {
        cublasHandle_t h = nullptr;
        cublasCreate(&h);
        return h;
      }(),
      [](cublasHandle_t h) { cublasDestroy(h); });
  cublasSetStream(handle.get(), space.cuda_stream());
  cublasSetMathMode(handle.get(), CUBLAS_PEDANTIC_MATH);
  return handle;
}

}  // namespace KokkosTileBench
#endif
