// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tests of KokkosTile_HostRegistration.hpp: a registration pins for exactly its scope (also when an
// exception leaves it), the registered View works in asynchronous copies meanwhile, overlapping
// registrations are refused, already-pinned memory is accepted untouched, and bad ranges raise.
#include <KokkosTile_HostRegistration.hpp>
#include <KokkosTile_PinnedHostSpace.hpp>

#include "TestHelpers.hpp"

#include <limits>
#include <vector>

#include <stdexcept>
#include <utility>

namespace KokkosTileTest {
namespace {

constexpr bool kPinsForReal = KokkosTile::pinned_host_space_is_page_locked;

using HostFloats = Kokkos::View<float*, Kokkos::HostSpace>;

TEST(HostRegistration, PinsForExactlyItsScope) {
  const std::size_t before = KokkosTile::live_host_registrations();
  HostFloats host("host", 1 << 20);
  {
    KokkosTile::ScopedHostRegistration pin(host);
    EXPECT_TRUE(pin.holds_range());
    EXPECT_EQ(pin.pinned_here(), kPinsForReal);
    EXPECT_EQ(pin.data(), static_cast<void*>(host.data()));
    EXPECT_EQ(pin.bytes(), host.span() * sizeof(float));
    EXPECT_EQ(KokkosTile::live_host_registrations(), before + 1);
    EXPECT_TRUE(KokkosTile::is_registered_by_kokkostile(host.data() + 12345));
    EXPECT_EQ(KokkosTile::is_page_locked(host.data()), kPinsForReal);
  }
  EXPECT_EQ(KokkosTile::live_host_registrations(), before);
  EXPECT_FALSE(KokkosTile::is_registered_by_kokkostile(host.data()));
  EXPECT_FALSE(KokkosTile::is_page_locked(host.data()));
}

TEST(HostRegistration, ReleasedWhenAnExceptionLeavesTheScope) {
  const std::size_t before = KokkosTile::live_host_registrations();
  HostFloats host("host", 4099);
  bool thrown = false;
  try {
    KokkosTile::ScopedHostRegistration pin{ExecSpace(), host};
    EXPECT_EQ(KokkosTile::is_page_locked(host.data()), kPinsForReal);
    throw std::runtime_error("leaving the scope early");
  } catch (const std::runtime_error&) {
    thrown = true;
  }
  EXPECT_TRUE(thrown);
  EXPECT_EQ(KokkosTile::live_host_registrations(), before);
  EXPECT_FALSE(KokkosTile::is_page_locked(host.data()));
  // And the range can be registered again.
  KokkosTile::ScopedHostRegistration again(host);
  EXPECT_EQ(again.pinned_here(), kPinsForReal);
}

void triple(const ExecSpace& space, const Kokkos::View<double*, MemorySpace>& device) {
  Kokkos::parallel_for(
      "triple", Kokkos::RangePolicy<ExecSpace>(space, 0, device.extent(0)),
      KOKKOS_LAMBDA(std::int64_t i) { device(i) *= 3; });
}

TEST(HostRegistration, RegisteredViewCarriesAsynchronousCopies) {
  const ExecSpace space;
  const std::int64_t n = 100003;
  Kokkos::View<double*, Kokkos::HostSpace> in("in", n), out("out", n);
  fill_random(in, 3);
  Kokkos::deep_copy(out, poison<double>());
  Kokkos::View<double*, MemorySpace> device("device", n);
  {
    KokkosTile::ScopedHostRegistration pin_in(space, in), pin_out(space, out);
    Kokkos::deep_copy(space, device, in);
    triple(space, device);
    Kokkos::deep_copy(space, out, device);
  }  // the destructors fence `space` before unpinning
  for (std::int64_t i = 0; i < n; ++i)
    ASSERT_TRUE(same_value(in(i)*3, out(i))) << "element " << i;
}

TEST(HostRegistration, OverlappingRegistrationIsRefused) {
  HostFloats host("host", 10000);
  KokkosTile::ScopedHostRegistration first(host);
  EXPECT_THROW(KokkosTile::ScopedHostRegistration second(host), KokkosTile::InvalidArgument);
  auto tail = Kokkos::subview(host, Kokkos::make_pair(9000, 10000));
  EXPECT_THROW(KokkosTile::ScopedHostRegistration overlapping(tail), KokkosTile::InvalidArgument);
  try {
    KokkosTile::ScopedHostRegistration raw(host.data() + 1, 4);
    ADD_FAILURE() << "an overlapping raw range was accepted";
  } catch (const KokkosTile::InvalidArgument& error) {
    EXPECT_NE(std::string(error.what()).find("another ScopedHostRegistration"), std::string::npos)
        << error.what();
  }
  // The refusals left the first registration intact.
  EXPECT_TRUE(KokkosTile::is_registered_by_kokkostile(host.data()));
  EXPECT_EQ(KokkosTile::is_page_locked(host.data()), kPinsForReal);
  // A separate allocation is fine.
  HostFloats other("other", 10000);
  KokkosTile::ScopedHostRegistration separate(other);
  EXPECT_TRUE(separate.holds_range());
}

TEST(HostRegistration, AlreadyPinnedMemoryIsUsedAsItIs) {
  Kokkos::View<float*, KokkosTile::PinnedHostSpace> pinned("pinned", 5000);
  {
    KokkosTile::ScopedHostRegistration pin(pinned);
    EXPECT_TRUE(pin.holds_range());
    EXPECT_FALSE(pin.pinned_here());
  }
  // Still page-locked: the registration did not undo what it did not do.
  EXPECT_EQ(KokkosTile::is_page_locked(pinned.data()), kPinsForReal);
}

TEST(HostRegistration, MoveTransfersTheRegistration) {
  const std::size_t before = KokkosTile::live_host_registrations();
  HostFloats host("host", 3000);
  KokkosTile::ScopedHostRegistration outer;
  EXPECT_FALSE(outer.holds_range());
  {
    KokkosTile::ScopedHostRegistration inner(host);
    outer = std::move(inner);
    EXPECT_FALSE(inner.holds_range());  // NOLINT(bugprone-use-after-move): checking the state
  }
  EXPECT_TRUE(outer.holds_range());
  EXPECT_EQ(KokkosTile::live_host_registrations(), before + 1);
  EXPECT_EQ(KokkosTile::is_page_locked(host.data()), kPinsForReal);
  outer.reset();
  EXPECT_FALSE(outer.holds_range());
  EXPECT_EQ(KokkosTile::live_host_registrations(), before);
  EXPECT_FALSE(KokkosTile::is_page_locked(host.data()));
}

TEST(HostRegistration, BadRangesRaise) {
  EXPECT_TRUE(throws_with<KokkosTile::InvalidArgument>(
      [] { KokkosTile::ScopedHostRegistration null_range(nullptr, 64); },
      {"KokkosTile::ScopedHostRegistration", "a range of 64 bytes at a null pointer"}));
  KokkosTile::ScopedHostRegistration empty(nullptr, 0);
  EXPECT_FALSE(empty.holds_range());
  HostFloats none("none", 0);
  KokkosTile::ScopedHostRegistration empty_view(none);
  EXPECT_FALSE(empty_view.holds_range());
  if constexpr (!Kokkos::SpaceAccessibility<Kokkos::HostSpace, MemorySpace>::accessible) {
    Kokkos::View<float*, MemorySpace> device("device", 1000);
    EXPECT_TRUE(throws_with<KokkosTile::InvalidArgument>(
        [&] { KokkosTile::ScopedHostRegistration device_range(device.data(), 4000); },
        {"KokkosTile::ScopedHostRegistration", "is device or managed memory, not host memory"}));
    EXPECT_FALSE(KokkosTile::is_registered_by_kokkostile(device.data()));
  }
  // A range that runs past the end of the address space, and a View whose bytes overflow: refused
  // (they used to register a wrapped range, or nothing at all, without a word).
  std::vector<char> buffer(64);
  EXPECT_TRUE(throws_with<KokkosTile::InvalidArgument>(
      [&] {
        KokkosTile::ScopedHostRegistration wraps(buffer.data(),
                                                 std::numeric_limits<std::size_t>::max());
      },
      {"KokkosTile::ScopedHostRegistration", "run past the end of the address space"}));
  Kokkos::View<float*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>> claims(
      reinterpret_cast<float*>(buffer.data()), std::size_t{1} << 62);
  EXPECT_TRUE(throws_with<KokkosTile::InvalidArgument>(
      [&] { KokkosTile::ScopedHostRegistration overflow(claims); },
      {"KokkosTile::ScopedHostRegistration", "more bytes than a size_t holds"}));
  EXPECT_EQ(KokkosTile::live_host_registrations(), 0u);
}

}  // namespace
}  // namespace KokkosTileTest
