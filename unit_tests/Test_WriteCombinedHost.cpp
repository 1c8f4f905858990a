// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tests of KokkosTile_WriteCombinedHost.hpp: write-combined mirrors keep extents and layout, are
// page-locked and write-combining on CUDA (plain host memory elsewhere), carry data written on the
// host to the device and back, stay alive while a handle does, and handle zero sizes and failed
// allocations. Host reads of write-combined memory are slow but correct; the tests check data only
// after it has been through the device, as a user would.
#include <KokkosTile_HostRegistration.hpp>
#include <KokkosTile_WriteCombinedHost.hpp>

#include "TestHelpers.hpp"

#include <cstddef>
#include <string>
#include <type_traits>

namespace KokkosTileTest {
namespace {

template <class T>
class WriteCombinedHost : public ::testing::Test {};
using WriteCombinedValueTypes = ::testing::Types<float, double>;
TYPED_TEST_SUITE(WriteCombinedHost, WriteCombinedValueTypes, );

/// Whether `data` is the start of a cudaHostAlloc'd block with the write-combined flag.
bool allocated_write_combined(const void* data) {
#ifdef KOKKOS_ENABLE_CUDA
  unsigned int flags = 0;
  if (cudaHostGetFlags(&flags, const_cast<void*>(data)) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  return (flags & cudaHostAllocWriteCombined) != 0;
#else
  (void)data;
  return false;
#endif
}

TEST(WriteCombinedHostKind, IsWriteCombinedExactlyWithCuda) {
  EXPECT_EQ(KokkosTile::write_combined_host_is_write_combined,
            KokkosTile::pinned_host_space_is_page_locked);
  using handle = KokkosTile::WriteCombinedHostView<float*>;
  static_assert(std::is_same_v<handle::memory_space, KokkosTile::PinnedHostSpace>);
  static_assert(std::is_same_v<handle::view_type::memory_space, KokkosTile::PinnedHostSpace>);
  static_assert(handle::view_type::memory_traits::is_unmanaged,
                "the View is unmanaged: the handle owns the memory");
  handle h("h", 1000);
  EXPECT_EQ(allocated_write_combined(h.data()), KokkosTile::write_combined_host_is_write_combined);
  EXPECT_EQ(KokkosTile::is_page_locked(h.data()),
            KokkosTile::write_combined_host_is_write_combined);
  EXPECT_EQ(h.label(), "h");
  EXPECT_EQ(h.bytes(), 1000 * sizeof(float));
  EXPECT_EQ(h.use_count(), 1);
}

TYPED_TEST(WriteCombinedHost, MirrorKeepsExtentsAndLayout) {
  using T = TypeParam;
  Kokkos::View<T**, Kokkos::LayoutLeft, MemorySpace> left("left", 37, 5);
  auto left_mirror = KokkosTile::create_write_combined_mirror(left);
  using left_view = typename decltype(left_mirror)::view_type;
  static_assert(std::is_same_v<typename left_view::memory_space, KokkosTile::PinnedHostSpace>);
  static_assert(std::is_same_v<typename left_view::array_layout, Kokkos::LayoutLeft>);
  static_assert(std::is_same_v<typename left_view::value_type, T>);
  EXPECT_EQ(left_mirror.view().extent(0), 37u);
  EXPECT_EQ(left_mirror.view().extent(1), 5u);
  EXPECT_EQ(left_mirror.view().stride(1), 37u);  // packed, column-major
  EXPECT_EQ(left_mirror.bytes(), 37 * 5 * sizeof(T));
  EXPECT_EQ(left_mirror.label(), "left_write_combined");
  EXPECT_NE(static_cast<const void*>(left_mirror.data()), static_cast<const void*>(left.data()));

  Kokkos::View<const T***, Kokkos::LayoutRight, MemorySpace> right(
      Kokkos::View<T***, Kokkos::LayoutRight, MemorySpace>("right", 4, 6, 9));
  auto right_mirror = KokkosTile::create_write_combined_mirror(right);
  using right_view = typename decltype(right_mirror)::view_type;
  static_assert(std::is_same_v<typename right_view::array_layout, Kokkos::LayoutRight>);
  static_assert(std::is_same_v<typename right_view::value_type, T>,
                "a const source gives a "
                "writable mirror");
  EXPECT_EQ(right_mirror.extent(0), 4u);
  EXPECT_EQ(right_mirror.extent(1), 6u);
  EXPECT_EQ(right_mirror.extent(2), 9u);
  EXPECT_EQ(right_mirror.view().stride(0), 54u);
  EXPECT_EQ(right_mirror.size(), 4u * 6u * 9u);
}

/// Writes seeded values into write-combined memory on the host, copies them to the device and on
/// into ordinary host memory on one instance; the result must be what was written.
template <class DeviceView>
void round_trip(const DeviceView& device, std::uint64_t seed) {
  const ExecSpace space;
  auto staging = KokkosTile::create_write_combined_mirror(device);
  auto expected = Kokkos::create_mirror(Kokkos::HostSpace(), device);
  fill_random(expected, seed);
  fill_random(staging.view(), seed);  // the same values, written once, in order
  auto out = Kokkos::create_mirror(Kokkos::HostSpace(), device);
  Kokkos::deep_copy(out, poison<typename DeviceView::value_type>());

  Kokkos::deep_copy(space, device, staging.view());
  Kokkos::deep_copy(space, out, device);
  space.fence();
  if constexpr (DeviceView::rank() == 1) {
    for (std::size_t i = 0; i < device.extent(0); ++i)
      ASSERT_TRUE(same_value(expected(i), out(i))) << "seed " << seed << ", element " << i;
  } else {
    for (std::size_t i = 0; i < device.extent(0); ++i)
      for (std::size_t j = 0; j < device.extent(1); ++j)
        ASSERT_TRUE(same_value(expected(i, j), out(i, j)))
            << "seed " << seed << ", " << i << "," << j;
  }
}

TYPED_TEST(WriteCombinedHost, RoundTripThroughTheDeviceKeepsWhatWasWritten) {
  using T = TypeParam;
  for (const std::size_t n : {std::size_t{1}, std::size_t{4099}, std::size_t{100003}})
    round_trip(Kokkos::View<T*, MemorySpace>("device", n), 31 + n);
  round_trip(Kokkos::View<T**, Kokkos::LayoutLeft, MemorySpace>("left", 129, 67), 7);
  round_trip(Kokkos::View<T**, Kokkos::LayoutRight, MemorySpace>("right", 67, 129), 8);
}

TEST(WriteCombinedHostLifetime, AHandleKeepsTheMemoryAfterTheOriginalIsGone) {
  const ExecSpace space;
  const std::size_t n = 5003;
  KokkosTile::WriteCombinedHostView<int*> keeper;
  EXPECT_EQ(keeper.use_count(), 0);
  EXPECT_EQ(keeper.data(), nullptr);
  const int* address = nullptr;
  {
    KokkosTile::WriteCombinedHostView<int*> original("original", n);
    for (std::size_t i = 0; i < n; ++i)
      original.view()(i) = static_cast<int>(3 * i + 1);
    address = original.data();
    keeper = original;
    EXPECT_EQ(original.use_count(), 2);
  }
  ASSERT_EQ(keeper.use_count(), 1);
  EXPECT_EQ(keeper.data(), address);
  EXPECT_EQ(KokkosTile::is_page_locked(keeper.data()),
            KokkosTile::write_combined_host_is_write_combined);

  // Allocations in between must not reuse the memory the keeper holds.
  for (int k = 0; k < 4; ++k) {
    KokkosTile::WriteCombinedHostView<int*> other("other", n);
    for (std::size_t i = 0; i < n; ++i)
      other.view()(i) = -1;
  }
  Kokkos::View<int*, MemorySpace> device("device", n);
  Kokkos::deep_copy(space, device, keeper.view());
  auto out = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), device);
  for (std::size_t i = 0; i < n; ++i)
    ASSERT_EQ(out(i), static_cast<int>(3 * i + 1)) << "element " << i;

  auto moved = std::move(keeper);
  EXPECT_EQ(moved.use_count(), 1);
  EXPECT_EQ(moved.data(), address);
  EXPECT_EQ(keeper.use_count(), 0);  // NOLINT(bugprone-use-after-move): the moved-from state
  EXPECT_EQ(keeper.data(), nullptr);
  EXPECT_EQ(keeper.size(), 0u);
}

TEST(WriteCombinedHostLifetime, ZeroSizeAllocatesNothingAndCopies) {
  const ExecSpace space;
  KokkosTile::WriteCombinedHostView<double*> empty("empty", 0);
  EXPECT_EQ(empty.data(), nullptr);
  EXPECT_EQ(empty.size(), 0u);
  EXPECT_EQ(empty.bytes(), 0u);
  EXPECT_EQ(empty.use_count(), 0);
  Kokkos::View<double*, MemorySpace> device("device", 0);
  Kokkos::deep_copy(space, device, empty.view());

  Kokkos::View<float**, Kokkos::LayoutLeft, MemorySpace> flat("flat", 0, 5);
  auto mirror = KokkosTile::create_write_combined_mirror(flat);
  EXPECT_EQ(mirror.extent(0), 0u);
  EXPECT_EQ(mirror.extent(1), 5u);
  EXPECT_EQ(mirror.bytes(), 0u);
  Kokkos::deep_copy(space, flat, mirror.view());
  space.fence();
}

TEST(WriteCombinedHostErrors, AFailedAllocationIsAResourceErrorNamingTheCall) {
  const std::size_t huge = std::size_t{1} << 62;  // more than any machine's address space
  try {
    KokkosTile::WriteCombinedHostView<char*> h("huge", huge);
    FAIL() << "an allocation of " << huge << " bytes succeeded";
  } catch (const KokkosTile::ResourceError& error) {
    const std::string what = error.what();
    EXPECT_NE(what.find("KokkosTile::WriteCombinedHostView(\"huge\")"), std::string::npos) << what;
    if (KokkosTile::write_combined_host_is_write_combined) {
      EXPECT_NE(what.find("cudaHostAlloc"), std::string::npos) << what;
    }
  }
  // The failure leaves nothing behind that later calls would trip over.
  KokkosTile::WriteCombinedHostView<char*> small("small", 64);
  EXPECT_NE(small.data(), nullptr);
}

// Extents whose byte count wraps around a size_t (2^62 floats are 2^64 bytes, which wrapped to 0
// and gave a View of null memory with the full extent): refused before anything is allocated.
TEST(WriteCombinedHostErrors, ExtentsWhoseBytesOverflowAreRefused) {
  const std::size_t huge = std::size_t{1} << 62;
  EXPECT_TRUE(throws_with<KokkosTile::ResourceError>(
      [&] { KokkosTile::WriteCombinedHostView<float*> v("wraps", huge); },
      {"KokkosTile::WriteCombinedHostView(\"wraps\")", "bytes of 4-byte elements"}));
  EXPECT_TRUE(throws_with<KokkosTile::ResourceError>(
      [&] { KokkosTile::WriteCombinedHostView<float**> v("wraps2", std::size_t{1} << 40, huge); },
      {"KokkosTile::WriteCombinedHostView(\"wraps2\")", "bytes of 4-byte elements"}));
  using Strided = KokkosTile::WriteCombinedHostView<float*, Kokkos::LayoutStride>;
  EXPECT_TRUE(throws_with<KokkosTile::ResourceError>(
      [&] { Strided v("wraps3", Kokkos::LayoutStride(huge, 8)); },
      {"KokkosTile::WriteCombinedHostView(\"wraps3\")", "bytes of 4-byte elements"}));
}

}  // namespace
}  // namespace KokkosTileTest
