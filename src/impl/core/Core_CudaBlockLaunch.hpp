// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// KokkosTile's own __global__ kernel for functors that need nothing of a Kokkos team but their
// block's index (`functor.run(blockIdx.x)`, threads by threadIdx), launched on the instance's
// stream with the Tools hooks Kokkos::parallel_for would call, so that Kokkos Tools see the same
// labelled kernel.
//
// Why not a TeamPolicy: Kokkos' team kernel keeps a 64-bit level-1 scratch index live across the
// functor (Kokkos_Cuda_Parallel_Team.hpp, to release the scratch lock after it), plus its league
// loop. Under launch bounds that hold a thread to 64 registers, ptxas spills them: every stencil
// packet kernel in double (5-point star, 3x3 and 5x5 boxes, 9-point star at 80 registers) and
// the float 5x5 box had a stack frame under the team launch and none under this one (ptxas -v,
// nvcc 13.0, sm_90). On an H200 each spilled thread stored 8-12 bytes to local memory, which
// reached L2 beside the 64 bytes it wrote (Nsight Compute: 20.2 M L2 write sectors for 16.8 M of
// output in the L2-bound double 5x5 box; perf_tests/results/2026-11-28_H200_stencil_own_kernel/,
// commit abb6a9b).

#include <Kokkos_Core.hpp>

#include "impl/core/Core_CudaDevice.hpp"

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)

#include <cuda_runtime.h>

#include <string>

namespace KokkosTile {
namespace Impl {

template <class Functor, unsigned MaxThreads, unsigned MinBlocks>
__global__ __launch_bounds__(MaxThreads, MinBlocks) void cuda_block_kernel(const Functor functor) {
  functor.run(static_cast<int>(blockIdx.x));
}

/// Runs functor.run(b) for every block b < blocks of `threads` threads on space's stream,
/// asynchronously, as Kokkos::parallel_for(label, ...) would; MaxThreads and MinBlocks are the
/// launch bounds (Kokkos::LaunchBounds<MaxThreads, MinBlocks>).
template <unsigned MaxThreads, unsigned MinBlocks, class Functor>
void launch_cuda_blocks(const std::string& call, const std::string& label,
                        const Kokkos::Cuda& space, int blocks, dim3 threads,
                        const Functor& functor) {
  KOKKOSTILE_EXPECT(threads.x * threads.y * threads.z <= MaxThreads, InvalidArgument, call,
                    "a block of " << threads.x * threads.y * threads.z
                                  << " threads exceeds its launch bounds of " << MaxThreads);
  if (blocks <= 0)
    return;
  launch_as_parallel_for(call, label, space, "a kernel launch", [&] {
    cuda_block_kernel<Functor, MaxThreads, MinBlocks>
        <<<static_cast<unsigned>(blocks), threads, 0, space.cuda_stream()>>>(functor);
    return cudaGetLastError();
  });
}

}  // namespace Impl
}  // namespace KokkosTile

#endif  // KOKKOS_ENABLE_CUDA && __CUDACC__
