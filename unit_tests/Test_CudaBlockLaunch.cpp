// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tests of impl/core/Core_CudaBlockLaunch.hpp: KokkosTile's own __global__ kernel runs
// functor.run(b) once for every block b with the requested block shape, on the instance's stream;
// an empty grid launches nothing, and a block larger than the launch bounds is refused. CUDA
// backends only (the stencil packet kernels are its users; Test_Stencil.cpp and
// Test_ToolsLabels.cpp check them through the public call).
#include <impl/core/Core_CudaBlockLaunch.hpp>

#include "TestHelpers.hpp"

namespace KokkosTileTest {
namespace {

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
/// Writes, for each thread of block `block`, block * 1000 + its flat thread index at its slot.
struct BlockIndexWriter {
  Kokkos::View<int*, Kokkos::CudaSpace> out;
  int threads_per_block;

  KOKKOS_FUNCTION void run(int block) const {
#ifdef __CUDA_ARCH__
    const int thread = int(threadIdx.y * blockDim.x + threadIdx.x);
    out(std::int64_t(block) * threads_per_block + thread) = block * 1000 + thread;
#else
    (void)block;
#endif
  }
};
#endif

TEST(CudaBlockLaunch, EveryThreadOfEveryBlockRunsOnce) {
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
  if constexpr (on_cuda()) {
    const Kokkos::Cuda space;
    const int blocks = 37, threads = 32 * 7;
    Kokkos::View<int*, Kokkos::CudaSpace> out("out", std::int64_t(blocks) * threads + 5);
    Kokkos::deep_copy(out, -1);
    KokkosTile::Impl::launch_cuda_blocks<256, 4>("test", "KokkosTile::test_blocks", space, blocks,
                                                 dim3(32, 7), BlockIndexWriter{out, threads});
    space.fence();
    const auto got = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
    for (int b = 0; b < blocks; ++b)
      for (int t = 0; t < threads; ++t)
        ASSERT_EQ(got(std::int64_t(b) * threads + t), b * 1000 + t)
            << "block " << b << " thread " << t;
    for (std::int64_t i = std::int64_t(blocks) * threads; i < out.extent_int(0); ++i)
      EXPECT_EQ(got(i), -1) << "written past the grid at " << i;

    // An empty grid launches nothing.
    Kokkos::deep_copy(out, -1);
    KokkosTile::Impl::launch_cuda_blocks<256, 4>("test", "KokkosTile::test_blocks", space, 0,
                                                 dim3(32, 7), BlockIndexWriter{out, threads});
    space.fence();
    const auto untouched = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
    EXPECT_EQ(untouched(0), -1);
    return;
  }
#endif
  GTEST_SKIP() << "KokkosTile's own block kernel is CUDA's";
}

TEST(CudaBlockLaunch, BlockLargerThanTheLaunchBoundsIsRefused) {
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
  if constexpr (on_cuda()) {
    Kokkos::View<int*, Kokkos::CudaSpace> out("out", 512);
    EXPECT_THROW((KokkosTile::Impl::launch_cuda_blocks<256, 4>("test", "KokkosTile::test_blocks",
                                                               Kokkos::Cuda(), 1, dim3(32, 16),
                                                               BlockIndexWriter{out, 512})),
                 KokkosTile::InvalidArgument);
    return;
  }
#endif
  GTEST_SKIP() << "KokkosTile's own block kernel is CUDA's";
}

}  // namespace
}  // namespace KokkosTileTest
