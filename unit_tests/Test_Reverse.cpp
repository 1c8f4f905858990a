// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tests of KokkosTile_Reverse.hpp against std::reverse on a host copy of the input.
#include <KokkosTile_Reverse.hpp>

#include "TestHelpers.hpp"

#include <algorithm>
#include <climits>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace KokkosTileTest {
namespace {

template <class T>
class Reverse : public ::testing::Test {};
using ReverseValueTypes = ::testing::Types<float, double, int>;
TYPED_TEST_SUITE(Reverse, ReverseValueTypes, );

/// Runs `reverse_on_device(view)` on random data of `extent` elements and compares with the host
/// reference. Returns false (after recording failures) on the first mismatch.
template <class T, class ReverseOp>
bool reverses_like_std_reverse(std::int64_t extent, std::uint64_t seed,
                               const ReverseOp& reverse_on_device) {
  Kokkos::View<T*, MemorySpace> view("view", extent);
  auto host = Kokkos::create_mirror_view(view);
  fill_random(host, seed);
  std::vector<T> expected(host.data(), host.data() + extent);
  std::reverse(expected.begin(), expected.end());

  Kokkos::deep_copy(view, host);
  reverse_on_device(view);
  Kokkos::deep_copy(host, view);
  for (std::int64_t i = 0; i < extent; ++i) {
    if (!same_value(expected[i], host(i))) {
      ADD_FAILURE() << "extent " << extent << ", element " << i << ": "
                    << same_value(expected[i], host(i)).message();
      return false;
    }
  }
  return true;
}

TYPED_TEST(Reverse, RunTimeChunksMatchHostReference) {
  using T = TypeParam;
  for (const std::size_t chunk :
       {std::size_t{0}, std::size_t{1}, std::size_t{7}, std::size_t{64}}) {
    for (const auto extent : edge_extents()) {
      const bool ok = reverses_like_std_reverse<T>(
          extent, 1000 + extent, [&](const auto& view) { KokkosTile::reverse(view, chunk); });
      ASSERT_TRUE(ok) << "chunk " << chunk;
    }
  }
}

TYPED_TEST(Reverse, CompileTimeChunksMatchHostReference) {
  using T = TypeParam;
  for (const auto extent : edge_extents()) {
    ASSERT_TRUE(reverses_like_std_reverse<T>(
        extent, 2000 + extent, [](const auto& view) { KokkosTile::reverse_static<1>(view); }));
    ASSERT_TRUE(reverses_like_std_reverse<T>(
        extent, 3000 + extent, [](const auto& view) { KokkosTile::reverse_static<64>(view); }));
    ASSERT_TRUE(reverses_like_std_reverse<T>(
        extent, 4000 + extent, [](const auto& view) { KokkosTile::reverse_static<1024>(view); }));
  }
}

TYPED_TEST(Reverse, ExecutionSpaceInstanceOverloads) {
  using T = TypeParam;
  const ExecSpace instance = Kokkos::Experimental::partition_space(ExecSpace(), 1)[0];
  for (const std::int64_t extent : {std::int64_t{1021}, std::int64_t{65537}}) {
    ASSERT_TRUE(reverses_like_std_reverse<T>(extent, 5000 + extent, [&](const auto& view) {
      KokkosTile::reverse(instance, view);
      instance.fence();
    }));
    ASSERT_TRUE(reverses_like_std_reverse<T>(extent, 6000 + extent, [&](const auto& view) {
      KokkosTile::reverse_static<256>(instance, view);
      instance.fence();
    }));
  }
}

/// Chunks too large for level 0 still reverse correctly, from level 1.
TYPED_TEST(Reverse, ChunksBeyondLevelZeroFallBackToLevelOne) {
  using T = TypeParam;
  const std::size_t level0 = KokkosTile::scratch_capacity(ExecSpace(), 0);
  const std::size_t chunk = level0 / sizeof(T);  // two such chunks cannot fit level 0
  const auto placement = KokkosTile::place_team_scratch(
      "test", ExecSpace(), 2 * KokkosTile::Tile1D<T, ExecSpace>::scratch_bytes(chunk));
  ASSERT_EQ(placement.level, 1);
  const auto extent = static_cast<std::int64_t>(5 * chunk + 3);
  ASSERT_TRUE(reverses_like_std_reverse<T>(
      extent, 7000, [&](const auto& view) { KokkosTile::reverse(view, chunk); }));
}

/// A strided subview (one column of an n x 3 LayoutRight array) and LayoutLeft: only the viewed
/// elements move.
TYPED_TEST(Reverse, StridedAndLeftLayoutViews) {
  using T = TypeParam;
  for (const std::int64_t extent :
       {std::int64_t{0}, std::int64_t{1}, std::int64_t{1021}, std::int64_t{4099}}) {
    Kokkos::View<T**, Kokkos::LayoutRight, MemorySpace> matrix("matrix", extent, 3);
    auto host = Kokkos::create_mirror_view(matrix);
    fill_random(host, 8000 + extent);
    auto expected = Kokkos::create_mirror(matrix);
    Kokkos::deep_copy(expected, host);
    for (std::int64_t i = 0; i < extent; ++i)
      expected(i, 1) = host(extent - 1 - i, 1);

    Kokkos::deep_copy(matrix, host);
    auto column = Kokkos::subview(matrix, Kokkos::ALL, 1);
    static_assert(std::is_same_v<typename decltype(column)::array_layout, Kokkos::LayoutStride>);
    KokkosTile::reverse(column, 64);
    Kokkos::deep_copy(host, matrix);
    for (std::int64_t i = 0; i < extent; ++i)
      for (int j = 0; j < 3; ++j)
        ASSERT_TRUE(same_value(expected(i, j), host(i, j))) << "(" << i << ", " << j << ")";

    ASSERT_TRUE(reverses_like_std_reverse<T>(extent, 9000 + extent, [](const auto& view) {
      Kokkos::View<T*, Kokkos::LayoutLeft, MemorySpace> left = view;
      KokkosTile::reverse(left);
    }));
  }
}

TYPED_TEST(Reverse, CopyWritesEveryElementOfPoisonedOutput) {
  using T = TypeParam;
  for (const std::size_t chunk : {std::size_t{0}, std::size_t{5}}) {
    for (const auto extent : edge_extents()) {
      Kokkos::View<T*, Kokkos::LayoutLeft, MemorySpace> src("src", extent);
      // dst is a strided View over every second element of a larger array.
      Kokkos::View<T*, MemorySpace> storage("storage", 2 * extent);
      Kokkos::View<T*, Kokkos::LayoutStride, MemorySpace> strided_dst(
          storage.data(), Kokkos::LayoutStride(extent, 2));
      auto host_src = Kokkos::create_mirror_view(src);
      fill_random(host_src, 10000 + extent);
      Kokkos::deep_copy(src, host_src);
      Kokkos::deep_copy(storage, poison<T>());

      KokkosTile::reverse_copy(src, strided_dst, chunk);
      auto host_storage = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), storage);
      for (std::int64_t i = 0; i < extent; ++i) {
        ASSERT_TRUE(same_value(host_src(extent - 1 - i), host_storage(2 * i)))
            << "extent " << extent << ", chunk " << chunk << ", element " << i;
        // The elements between the strided ones keep their poison.
        ASSERT_TRUE(is_poison(host_storage(2 * i + 1))) << "gap " << i << " was written";
      }
    }
  }
}

/// Extents around the host kernel's blocks (one contiguous block of at least 16384 pairs or
/// elements per thread, a multiple of 64) and around the sizes where a second block appears.
const std::vector<std::int64_t>& host_block_extents() {
  static const std::vector<std::int64_t> extents = {
      0,     1,     2,     3,     4,     7,     63,    64,    65,     127,    128,   129,
      32767, 32768, 32769, 32895, 65535, 65536, 65537, 65663, 131071, 131073, 262147};
  return extents;
}

/// In place, on Views with unit stride (LayoutRight, LayoutLeft), with a stride (every third
/// element of an array through a LayoutStride subview) and with atomic access (proxy references:
/// the host kernel's indexed path): only the viewed elements move.
TYPED_TEST(Reverse, HostPathBlocksStridesAndLayouts) {
  using T = TypeParam;
  for (const std::int64_t extent : host_block_extents()) {
    ASSERT_TRUE(reverses_like_std_reverse<T>(extent, 11000 + extent,
                                             [](const auto& view) { KokkosTile::reverse(view); }));
    ASSERT_TRUE(reverses_like_std_reverse<T>(
        extent, 12000 + extent, [](const auto& view) { KokkosTile::reverse_static<64>(view); }));
    ASSERT_TRUE(reverses_like_std_reverse<T>(extent, 13000 + extent, [](const auto& view) {
      Kokkos::View<T*, Kokkos::LayoutLeft, MemorySpace> left = view;
      KokkosTile::reverse(left, 7);
    }));
    ASSERT_TRUE(reverses_like_std_reverse<T>(extent, 14000 + extent, [](const auto& view) {
      Kokkos::View<T*, MemorySpace, Kokkos::MemoryTraits<Kokkos::Atomic>> atomic = view;
      KokkosTile::reverse(atomic);
    }));

    Kokkos::View<T*, MemorySpace> storage("storage", 3 * extent);
    auto host = Kokkos::create_mirror_view(storage);
    fill_random(host, 15000 + extent);
    auto expected = Kokkos::create_mirror(storage);
    Kokkos::deep_copy(expected, host);
    for (std::int64_t i = 0; i < extent; ++i)
      expected(3 * i + 1) = host(3 * (extent - 1 - i) + 1);
    Kokkos::deep_copy(storage, host);
    auto every_third = Kokkos::subview(
        storage, Kokkos::pair<std::int64_t, std::int64_t>(extent == 0 ? 0 : 1, 3 * extent));
    Kokkos::View<T*, Kokkos::LayoutStride, MemorySpace> strided(every_third.data(),
                                                                Kokkos::LayoutStride(extent, 3));
    KokkosTile::reverse(strided);
    Kokkos::deep_copy(host, storage);
    for (std::int64_t i = 0; i < 3 * extent; ++i)
      ASSERT_TRUE(same_value(expected(i), host(i))) << "extent " << extent << ", element " << i;
  }
}

/// Out of place, every combination of unit and non-unit strides, into poisoned outputs whose
/// gaps must stay poisoned, and from a const View; on host backends also with every unit-stride
/// destination streamed (as large ones are), starting on and off a 16-byte boundary.
TYPED_TEST(Reverse, HostPathCopyStridesIntoPoisonedOutput) {
  using T = TypeParam;
  struct ResetStreaming {
    ~ResetStreaming() { KokkosTile::Impl::host_stream_override = -1; }
  } reset;
  for (const int stream : {-1, 1}) {
    KokkosTile::Impl::host_stream_override = stream;
    for (const std::int64_t offset : {0, 1}) {
      for (const std::int64_t extent : host_block_extents()) {
        for (const std::int64_t src_stride : {1, 2}) {
          for (const std::int64_t dst_stride : {1, 3}) {
            Kokkos::View<T*, MemorySpace> src_storage("src", src_stride * extent);
            Kokkos::View<T*, MemorySpace> dst_storage("dst", dst_stride * extent + offset);
            const Kokkos::View<const T*, Kokkos::LayoutStride, MemorySpace> src(
                src_storage.data(), Kokkos::LayoutStride(extent, src_stride));
            const Kokkos::View<T*, Kokkos::LayoutStride, MemorySpace> dst(
                dst_storage.data() + offset, Kokkos::LayoutStride(extent, dst_stride));
            auto host_src = Kokkos::create_mirror_view(src_storage);
            fill_random(host_src, 16000 + extent);
            Kokkos::deep_copy(src_storage, host_src);
            Kokkos::deep_copy(dst_storage, poison<T>());

            KokkosTile::reverse_copy(src, dst);
            auto host_dst = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), dst_storage);
            for (std::int64_t i = 0; i < extent; ++i) {
              ASSERT_TRUE(same_value(host_src(src_stride * (extent - 1 - i)),
                                     host_dst(offset + dst_stride * i)))
                  << "extent " << extent << ", strides " << src_stride << " / " << dst_stride
                  << ", offset " << offset << ", streamed " << stream << ", element " << i;
              for (std::int64_t gap = 1; gap < dst_stride; ++gap) {
                ASSERT_TRUE(is_poison(host_dst(offset + dst_stride * i + gap)))
                    << "gap after " << i;
              }
            }
            if (offset == 1 && extent > 0) {
              ASSERT_TRUE(is_poison(host_dst(0))) << "element before the destination";
            }
          }
        }
      }
    }
  }
}

/// Lengths and starts around the device packet kernels (16-byte packets; pairs of them in place):
/// whole packets or not, starts on and off a 16-byte boundary, inside poisoned storage whose
/// elements around the View must stay poisoned.
TYPED_TEST(Reverse, PacketPathLengthsAndStarts) {
  using T = TypeParam;
  for (const std::int64_t offset : {0, 1, 2, 4}) {
    // 6168, 8200 and 131080: whole packet pairs whose halves end in a partial chunk of the
    // bulk-copy kernel (Reverse_BulkChunks.hpp: chunks of 4 KiB for reverse) with an odd or even
    // number of packets.
    for (const std::int64_t extent :
         {2, 4, 8, 12, 16, 24, 1000, 4096, 6168, 8200, 65536, 65540, 131080}) {
      Kokkos::View<T*, MemorySpace> storage("storage", extent + 8);
      Kokkos::View<T*, MemorySpace> src("src", extent);
      auto host_src = Kokkos::create_mirror_view(src);
      fill_random(host_src, 30000 + extent + offset);
      Kokkos::deep_copy(src, host_src);
      const auto window = Kokkos::subview(
          storage, Kokkos::pair<std::int64_t, std::int64_t>(offset, offset + extent));

      Kokkos::deep_copy(storage, poison<T>());
      KokkosTile::reverse_copy(src, window);
      auto host_storage = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), storage);
      for (std::int64_t i = 0; i < extent + 8; ++i) {
        if (i < offset || i >= offset + extent) {
          ASSERT_TRUE(is_poison(host_storage(i))) << "copy wrote element " << i << " outside";
        } else {
          ASSERT_TRUE(same_value(host_src(extent - 1 - (i - offset)), host_storage(i)))
              << "copy, extent " << extent << ", offset " << offset << ", element " << i;
        }
      }

      // In place: the packet kernel (reverse) and the packet-staged scratch chunks (reverse_static
      // with chunks of whole packets; a chunk of 6 is whole packets of double only, so float and
      // int take the element-wise chunks there). On devices of compute capability 9.0 and newer
      // that are rich in bandwidth (the H200), reverse and reverse_static with chunks of 2 to 16
      // KiB (512 to 2048 here) take the bulk-copy kernel instead, 2048 doubles in four copies of
      // 4 KiB a chunk.
      const std::vector<std::pair<std::string, std::function<void(decltype(window))>>> in_place = {
          {"reverse", [](const auto& view) { KokkosTile::reverse(view); }},
          {"reverse_static<4>", [](const auto& view) { KokkosTile::reverse_static<4>(view); }},
          {"reverse_static<6>", [](const auto& view) { KokkosTile::reverse_static<6>(view); }},
          {"reverse_static<64>", [](const auto& view) { KokkosTile::reverse_static<64>(view); }},
          {"reverse_static<512>", [](const auto& view) { KokkosTile::reverse_static<512>(view); }},
          {"reverse_static<1024>",
           [](const auto& view) { KokkosTile::reverse_static<1024>(view); }},
          {"reverse_static<2048>",
           [](const auto& view) { KokkosTile::reverse_static<2048>(view); }}};
      for (const auto& [name, reverse_in_place] : in_place) {
        Kokkos::deep_copy(storage, poison<T>());
        Kokkos::deep_copy(window, src);
        reverse_in_place(window);
        Kokkos::deep_copy(host_storage, storage);
        for (std::int64_t i = 0; i < extent + 8; ++i) {
          if (i < offset || i >= offset + extent) {
            ASSERT_TRUE(is_poison(host_storage(i))) << name << " wrote element " << i << " outside";
          } else {
            ASSERT_TRUE(same_value(host_src(extent - 1 - (i - offset)), host_storage(i)))
                << name << ", extent " << extent << ", offset " << offset << ", element " << i;
          }
        }
      }
    }
  }
}

/// An element type that is not arithmetic (reversal only assigns elements).
struct Triple {
  double x;
  float y;
  std::int32_t z;
};

// A free function, not the TEST body: nvcc refuses extended lambdas in a test's (private) body.
void fill_triples(const Kokkos::View<Triple*, MemorySpace>& view) {
  Kokkos::parallel_for(
      "fill_triples", Kokkos::RangePolicy<ExecSpace>(0, view.extent(0)),
      KOKKOS_LAMBDA(std::int64_t i) {
        view(i) = Triple{0.5 * double(i), float(i) + 0.25f, std::int32_t(3 * i + 1)};
      });
}

// reverse_static's staged packet kernel (Reverse_Team.hpp): half a thread a packet of a chunk in
// whole warps, at most 256 threads, or 128 on devices rich in bandwidth (Test_DeviceBandwidth.cpp).
// Its chunk sizes run through the kernel on the device of the test in
// CompileTimeChunksMatchHostReference.
TEST(ReverseStagedThreads, ByChunkAndDevice) {
  using KokkosTile::Impl::reverse_staged_threads;
  EXPECT_EQ(reverse_staged_threads(8, false), 32);     // the smallest team: one warp
  EXPECT_EQ(reverse_staged_threads(130, false), 96);   // 65 threads, rounded up to whole warps
  EXPECT_EQ(reverse_staged_threads(256, false), 128);  // float, 1024-element chunks
  EXPECT_EQ(reverse_staged_threads(256, true), 128);
  EXPECT_EQ(reverse_staged_threads(512, false), 256);  // double, 1024-element chunks
  EXPECT_EQ(reverse_staged_threads(512, true), 128);
  EXPECT_EQ(reverse_staged_threads(4096, false), 256);
  EXPECT_EQ(reverse_staged_threads(4096, true), 128);
  EXPECT_EQ(reverse_staged_threads(8, true), 32);
}

TEST(ReverseTypes, StructElementsInPlaceAndOutOfPlace) {
  for (const std::int64_t extent : {std::int64_t{0}, std::int64_t{1}, std::int64_t{2},
                                    std::int64_t{1001}, std::int64_t{65537}}) {
    Kokkos::View<Triple*, MemorySpace> view("view", extent), copy("copy", extent);
    fill_triples(view);
    KokkosTile::reverse(view);
    KokkosTile::reverse_copy(view, copy);
    auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), view);
    auto host_copy = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), copy);
    for (std::int64_t i = 0; i < extent; ++i) {
      const std::int64_t from = extent - 1 - i;
      ASSERT_EQ(host(i).x, 0.5 * double(from)) << i;
      ASSERT_EQ(host(i).y, float(from) + 0.25f) << i;
      ASSERT_EQ(host(i).z, std::int32_t(3 * from + 1)) << i;
      ASSERT_EQ(host_copy(i).z, std::int32_t(3 * i + 1)) << i;
      ASSERT_EQ(host_copy(i).x, 0.5 * double(i)) << i;
    }
  }
}

// Kokkos' rule for reverse_copy's destination: at least src's extent, and only its first
// src.extent(0) elements are written (a sentinel beyond them must survive).
template <class T>
void copy_into_longer_destination() {
  for (const std::int64_t extent :
       {std::int64_t{1}, std::int64_t{7}, std::int64_t{1000}, std::int64_t{4099}}) {
    Kokkos::View<T*, MemorySpace> src("src", extent), dst("dst", extent + 5);
    const auto host_src = fill_random_device(src, 17 + extent);
    Kokkos::deep_copy(dst, T(-7));
    KokkosTile::reverse_copy(src, dst);
    const auto host_dst = to_host(dst);
    for (std::int64_t i = 0; i < extent; ++i)
      ASSERT_EQ(host_dst(i), host_src(extent - 1 - i)) << "extent " << extent << " at " << i;
    for (std::int64_t i = extent; i < extent + 5; ++i)
      ASSERT_EQ(host_dst(i), T(-7)) << "extent " << extent << ": written beyond src at " << i;
  }
}

TEST(ReverseCopy, LongerDestinationTakesTheFirstElementsOnly) {
  copy_into_longer_destination<float>();
  copy_into_longer_destination<double>();
}

TEST(ReverseErrors, CopyRejectsExtentMismatchNamingCallAndSizes) {
  Kokkos::View<float*, MemorySpace> src("src", 10), dst("dst", 9);
  try {
    KokkosTile::reverse_copy(src, dst);
    FAIL() << "no exception";
  } catch (const KokkosTile::InvalidArgument& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("KokkosTile::reverse_copy"), std::string::npos) << message;
    EXPECT_NE(message.find("10"), std::string::npos) << message;
    EXPECT_NE(message.find("9"), std::string::npos) << message;
  }
}

TEST(ReverseErrors, CopyRejectsOverlappingViews) {
  Kokkos::View<float*, MemorySpace> storage("storage", 100);
  auto first = Kokkos::subview(storage, Kokkos::pair<int, int>(0, 60));
  auto second = Kokkos::subview(storage, Kokkos::pair<int, int>(40, 100));
  EXPECT_TRUE(throws_with<KokkosTile::InvalidArgument>(
      [&] { KokkosTile::reverse_copy(first, second); },
      {"KokkosTile::reverse_copy: src and dst overlap: they share elements; dst's first 60"}));
  EXPECT_TRUE(throws_with<KokkosTile::InvalidArgument>(
      [&] { KokkosTile::reverse_copy(storage, storage); },
      {"KokkosTile::reverse_copy", "use KokkosTile::reverse to reverse in place"}));
  // Adjacent but disjoint halves are fine.
  auto low = Kokkos::subview(storage, Kokkos::pair<int, int>(0, 50));
  auto high = Kokkos::subview(storage, Kokkos::pair<int, int>(50, 100));
  EXPECT_NO_THROW(KokkosTile::reverse_copy(low, high));
  Kokkos::fence();
}

TEST(ReverseErrors, ChunkTooLargeForEveryLevelNamesBytesAndLimits) {
  Kokkos::View<double*, MemorySpace> view("view", 100);
  const std::size_t level0 = KokkosTile::scratch_capacity(ExecSpace(), 0);
  const std::size_t level1 = KokkosTile::scratch_capacity(ExecSpace(), 1);
  const std::size_t chunk = level1 / sizeof(double) + 1;
  const std::size_t needed = 2 * KokkosTile::Tile1D<double, ExecSpace>::scratch_bytes(chunk);
  try {
    KokkosTile::reverse(view, chunk);
    FAIL() << "no exception";
  } catch (const KokkosTile::ResourceError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("KokkosTile::reverse"), std::string::npos) << message;
    EXPECT_NE(message.find(std::to_string(needed)), std::string::npos) << message;
    EXPECT_NE(message.find(std::to_string(level0)), std::string::npos) << message;
    EXPECT_NE(message.find(std::to_string(level1)), std::string::npos) << message;
  }
}

TEST(ReverseErrors, ChunkBeyondIntRangeIsRejected) {
  Kokkos::View<float*, MemorySpace> view("view", 10);
  EXPECT_TRUE(throws_with<KokkosTile::InvalidArgument>(
      [&] { KokkosTile::reverse(view, std::size_t{1} << 40); },
      {"KokkosTile::reverse",
       "a chunk of 1099511627776 elements is larger than the limit " + std::to_string(INT_MAX)}));
}

// Core_ViewChecks.hpp's league bound, which reverse and reverse_copy apply to their chunk count
// (reaching it through them would take a View of more than 2^31 chunks).
TEST(ReverseErrors, LeagueBeyondIntRangeNamesTheTeams) {
  EXPECT_EQ(KokkosTile::Impl::checked_league_size("my_call", INT_MAX), INT_MAX);
  EXPECT_TRUE(throws_with<KokkosTile::InvalidArgument>(
      [] { (void)KokkosTile::Impl::checked_league_size("my_call", std::int64_t{INT_MAX} + 1); },
      {"my_call: the work needs 2147483648 teams, more than a league can have"}));
}

}  // namespace
}  // namespace KokkosTileTest
