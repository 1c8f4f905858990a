// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tests of KokkosTile_PinnedHostSpace.hpp: pinned mirrors keep extents and layout, really are
// page-locked on CUDA, carry data both ways asynchronously, and can be used by a kernel directly
// (mapped, zero copy).
#include <KokkosTile_HostRegistration.hpp>
#include <KokkosTile_PinnedHostSpace.hpp>

#include "TestHelpers.hpp"

#include <string>
#include <type_traits>

namespace KokkosTileTest {
namespace {

template <class T>
class PinnedHostSpace : public ::testing::Test {};
using PinnedValueTypes = ::testing::Types<float, double>;
TYPED_TEST_SUITE(PinnedHostSpace, PinnedValueTypes, );

TEST(PinnedHostSpaceKind, IsPageLockedExactlyWithCuda) {
#ifdef KOKKOS_ENABLE_CUDA
  EXPECT_TRUE((std::is_same_v<KokkosTile::PinnedHostSpace, Kokkos::CudaHostPinnedSpace>));
  EXPECT_TRUE(KokkosTile::pinned_host_space_is_page_locked);
#else
  EXPECT_TRUE((std::is_same_v<KokkosTile::PinnedHostSpace, Kokkos::HostSpace>));
  EXPECT_FALSE(KokkosTile::pinned_host_space_is_page_locked);
#endif
  EXPECT_TRUE(
      (Kokkos::SpaceAccessibility<Kokkos::HostSpace, KokkosTile::PinnedHostSpace>::accessible));
}

TYPED_TEST(PinnedHostSpace, MirrorKeepsExtentsAndLayoutAndIsPageLocked) {
  using T = TypeParam;
  Kokkos::View<T**, Kokkos::LayoutLeft, MemorySpace> left("left", 37, 5);
  auto mirror = KokkosTile::create_pinned_mirror(left);
  static_assert(
      std::is_same_v<typename decltype(mirror)::memory_space, KokkosTile::PinnedHostSpace>);
  static_assert(std::is_same_v<typename decltype(mirror)::array_layout, Kokkos::LayoutLeft>);
  EXPECT_EQ(mirror.extent(0), 37u);
  EXPECT_EQ(mirror.extent(1), 5u);
  EXPECT_NE(static_cast<const void*>(mirror.data()), static_cast<const void*>(left.data()));
  EXPECT_EQ(KokkosTile::is_page_locked(mirror.data()),
            KokkosTile::pinned_host_space_is_page_locked);

  Kokkos::View<T*, Kokkos::HostSpace> pageable("pageable", 1000);
  EXPECT_FALSE(KokkosTile::is_page_locked(pageable.data()));
}

/// Copies a pinned View to the device and back on one instance, negating on the way.
template <class T>
void round_trip_negated(std::int64_t n) {
  const ExecSpace space;
  Kokkos::View<T*, MemorySpace> device("device", n);
  auto pinned_in = KokkosTile::create_pinned_mirror(device);
  auto pinned_out = KokkosTile::create_pinned_mirror(device);
  fill_random(pinned_in, 17 + n);
  Kokkos::deep_copy(pinned_out, poison<T>());

  Kokkos::deep_copy(space, device, pinned_in);
  Kokkos::parallel_for(
      "negate", Kokkos::RangePolicy<ExecSpace>(space, 0, n),
      KOKKOS_LAMBDA(std::int64_t i) { device(i) = -device(i); });
  Kokkos::deep_copy(space, pinned_out, device);
  space.fence();
  for (std::int64_t i = 0; i < n; ++i)
    ASSERT_TRUE(same_value(T(-pinned_in(i)), pinned_out(i))) << "n " << n << ", element " << i;
}

TYPED_TEST(PinnedHostSpace, AsynchronousCopiesBothWaysOnAnInstance) {
  for (const std::int64_t n : {std::int64_t{1}, std::int64_t{4099}, std::int64_t{100003}})
    round_trip_negated<TypeParam>(n);
}

TYPED_TEST(PinnedHostSpace, MirrorViewAndCopyHoldsTheDeviceData) {
  using T = TypeParam;
  Kokkos::View<T**, Kokkos::LayoutRight, MemorySpace> device("device", 65, 33);
  const auto expected = fill_random_device(device, 99);
  auto copy = KokkosTile::create_pinned_mirror_view_and_copy(ExecSpace(), device);
  static_assert(std::is_same_v<typename decltype(copy)::memory_space, KokkosTile::PinnedHostSpace>);
  for (int i = 0; i < 65; ++i)
    for (int j = 0; j < 33; ++j)
      ASSERT_TRUE(same_value(expected(i, j), copy(i, j))) << i << "," << j;
}

// Mapped memory: the kernel reads and writes the pinned Views themselves, no copy.
template <class T>
void kernel_on_pinned_views(std::int64_t n) {
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, KokkosTile::PinnedHostSpace>::accessible,
                "pinned host memory is reachable from every execution space under test");
  Kokkos::View<T*, KokkosTile::PinnedHostSpace> in("in", n), out("out", n);
  fill_random(in, 5);
  Kokkos::deep_copy(out, poison<T>());
  Kokkos::parallel_for(
      "mapped_double", Kokkos::RangePolicy<ExecSpace>(0, n),
      KOKKOS_LAMBDA(std::int64_t i) { out(n - 1 - i) = in(i) + in(i); });
  ExecSpace().fence();
  for (std::int64_t i = 0; i < n; ++i)
    ASSERT_TRUE(same_value(T(in(i) + in(i)), out(n - 1 - i))) << "element " << i;
}

TYPED_TEST(PinnedHostSpace, KernelReadsAndWritesPinnedViewDirectly) {
  kernel_on_pinned_views<TypeParam>(100003);
}

}  // namespace
}  // namespace KokkosTileTest
