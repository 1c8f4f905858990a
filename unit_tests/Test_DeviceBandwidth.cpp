// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tests of impl/core/Core_DeviceBandwidth.hpp: which devices count as rich in bandwidth, the
// condition under which the stencil packet kernel and reverse_static's staged kernel take their
// *_rich tuning.
#include <impl/core/Core_DeviceBandwidth.hpp>

#include "TestHelpers.hpp"

namespace KokkosTileTest {
namespace {

// The H200 (4.8 TB/s over 132 multiprocessors) counts as rich in bandwidth and the H100 SXM (3.35
// TB/s) does not; unknown figures (0) never do.
TEST(DeviceBandwidth, RichFromThirtyGigabytesASecondAMultiprocessor) {
  using namespace KokkosTile::Impl;
  EXPECT_TRUE(bandwidth_rich(4.8e12, 132));     // H200
  EXPECT_FALSE(bandwidth_rich(3.35e12, 132));   // H100 SXM
  EXPECT_FALSE(bandwidth_rich(1.555e12, 108));  // A100 40 GB
  EXPECT_TRUE(bandwidth_rich(30e9 * 100, 100));
  EXPECT_FALSE(bandwidth_rich(29.9e9 * 100, 100));
  EXPECT_FALSE(bandwidth_rich(0, 132));
  EXPECT_FALSE(bandwidth_rich(4.8e12, 0));
}

// The execution space's own device: the CUDA runtime's figures on CUDA, never rich elsewhere.
TEST(DeviceBandwidth, DeviceOfTheExecutionSpace) {
  using namespace KokkosTile::Impl;
  const bool rich = device_bandwidth_rich("test", ExecSpace());
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
  if constexpr (on_cuda()) {
    const CudaDeviceLimits limits = cuda_device_limits("test", Kokkos::Cuda().cuda_device());
    EXPECT_GT(limits.memory_bytes_per_second, 0.0);
    EXPECT_EQ(rich, bandwidth_rich(limits.memory_bytes_per_second, limits.multiprocessors));
    return;
  }
#endif
  EXPECT_FALSE(rich);
}

}  // namespace
}  // namespace KokkosTileTest
