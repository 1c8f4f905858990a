// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Shared by the unit tests: the execution space under test, seeded random inputs, poisoned outputs
// and host-side comparison.

#include <Kokkos_Core.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstdint>
#include <exception>
#include <initializer_list>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace KokkosTileTest {

using ExecSpace = KOKKOSTILE_TEST_EXECSPACE;
using MemorySpace = typename ExecSpace::memory_space;

/// True when this executable tests the Cuda backend (tests of CUDA-only behaviour check it).
constexpr bool on_cuda() {
#ifdef KOKKOS_ENABLE_CUDA
  return std::is_same_v<ExecSpace, Kokkos::Cuda>;
#else
  return false;
#endif
}

/// Skips a test of clusters or large scratch on a space that has neither (HIP, where every launch
/// is a ResourceError: ClusterErrors.SpacesWithoutClustersRefuseEveryLaunch). Needs
/// KokkosTile_Cluster.hpp.
#define SKIP_WITHOUT_CLUSTERS()                        \
  if (!KokkosTile::Impl::clusters_run_on<ExecSpace>()) \
  GTEST_SKIP() << "no clusters on " << ExecSpace::name()

/// KOKKOSTILE_TEST_SHRINK=1 (set by cmake/sanitize_cuda.sh for racecheck, which replays every
/// shared-memory access of every launch on the CPU): the tests that loop over many cases take a
/// subset that still reaches each kernel and each edge (every_other keeps the first and the last
/// case), so that each test fits a sanitizer's time window. Unset or 0: every case.
inline bool test_shrink() {
  static const bool shrink = [] {
    const char* value = std::getenv("KOKKOSTILE_TEST_SHRINK");
    return value != nullptr && value[0] != '\0' && std::string(value) != "0";
  }();
  return shrink;
}

/// All of `cases`, or under test_shrink() every other one and the last.
template <class Case>
std::vector<Case> every_other_when_shrunk(const std::vector<Case>& cases) {
  if (!test_shrink())
    return cases;
  std::vector<Case> kept;
  for (std::size_t i = 0; i < cases.size(); ++i)
    if (i % 2 == 0 || i + 1 == cases.size())
      kept.push_back(cases[i]);
  return kept;
}

/// Extents that hit every edge case of tiles and chunks: empty, single, primes, tile multiples and
/// their neighbours.
inline const std::vector<std::int64_t>& edge_extents() {
  static const std::vector<std::int64_t> extents = {0,    1,    2,    3,    5,     31,    32,
                                                    33,   63,   64,   65,   127,   1000,  1021,
                                                    1024, 1025, 2048, 4099, 65537, 100003};
  return extents;
}

/// Team sizes the tests of team primitives launch: on CUDA whole warps and 96 (three warps, a size
/// that divides no tile count: partial teams); on host backends 1 and 0, which team_policy_of
/// reads as Kokkos::AUTO.
inline std::vector<int> team_sizes_under_test() {
  if (on_cuda())
    return {32, 96, 256};
  return {1, 0};
}

/// Team size for a cluster size in the cluster tests: the CUDA emulation of 16 blocks needs teams
/// of one warp.
inline int cluster_team_size(int cluster_size) {
  return cluster_size == 16 ? 32 : 128;
}

/// `league` teams of `size` threads, 0 meaning Kokkos::AUTO.
inline Kokkos::TeamPolicy<ExecSpace> team_policy_of(int league, int size) {
  return size > 0 ? Kokkos::TeamPolicy<ExecSpace>(league, size)
                  : Kokkos::TeamPolicy<ExecSpace>(league, Kokkos::AUTO);
}

/// A value no correct kernel writes: an unwritten output element then fails comparison.
template <class T>
T poison() {
  if constexpr (std::is_floating_point_v<T>) {
    return std::numeric_limits<T>::quiet_NaN();
  } else {
    return std::numeric_limits<T>::min();
  }
}

template <class T>
bool is_poison(const T& value) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::isnan(value);
  } else {
    return value == poison<T>();
  }
}

/// Fills a host View of any rank with reproducible random values (never the poison).
template <class HostView>
void fill_random(const HostView& view, std::uint64_t seed) {
  using T = typename HostView::non_const_value_type;
  std::mt19937_64 engine(seed);
  auto draw = [&]() -> T {
    if constexpr (std::is_floating_point_v<T>) {
      return static_cast<T>(std::uniform_real_distribution<double>(-1.0, 1.0)(engine));
    } else {
      return static_cast<T>(std::uniform_int_distribution<std::int64_t>(0, 1000000)(engine));
    }
  };
  if constexpr (HostView::rank() == 1) {
    for (std::size_t i = 0; i < view.extent(0); ++i)
      view(i) = draw();
  } else {
    static_assert(HostView::rank() == 2, "fill_random handles rank 1 and 2");
    for (std::size_t i = 0; i < view.extent(0); ++i)
      for (std::size_t j = 0; j < view.extent(1); ++j)
        view(i, j) = draw();
  }
}

/// A packed (LayoutRight) device View with the extents of `view`.
template <class ViewType>
auto packed_like(const ViewType& view) {
  using packed_type =
      Kokkos::View<typename ViewType::non_const_data_type, Kokkos::LayoutRight, MemorySpace>;
  static_assert(ViewType::rank() >= 1 && ViewType::rank() <= 3, "ranks 1 to 3");
  if constexpr (ViewType::rank() == 1) {
    return packed_type("packed", view.extent(0));
  } else if constexpr (ViewType::rank() == 2) {
    return packed_type("packed", view.extent(0), view.extent(1));
  } else {
    return packed_type("packed", view.extent(0), view.extent(1), view.extent(2));
  }
}

/// A host copy (LayoutRight) of a device View of any layout: device Views that are not contiguous
/// are packed on the device first, since deep_copy cannot cross memory spaces with gaps.
template <class ViewType>
auto to_host(const ViewType& view) {
  auto packed = packed_like(view);
  Kokkos::deep_copy(packed, view);
  return Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), packed);
}

/// Fills a device View of any layout with seeded random values; returns them on the host.
template <class ViewType>
auto fill_random_device(const ViewType& view, std::uint64_t seed) {
  auto packed = packed_like(view);
  auto host = Kokkos::create_mirror_view(packed);
  fill_random(host, seed);
  Kokkos::deep_copy(packed, host);
  Kokkos::deep_copy(view, packed);
  return host;
}

/// A rows x cols LayoutStride View over `storage` (reallocated to fit) with gaps: the contiguous
/// index (rows when rows_contiguous, else columns) has stride fast_stride, and each line of it is
/// followed by `gap` unused elements. Kernels that assume packed layouts read the wrong elements.
template <class T>
Kokkos::View<T**, Kokkos::LayoutStride, MemorySpace> gapped_view(
    Kokkos::View<T*, MemorySpace>& storage, std::int64_t rows, std::int64_t cols,
    bool rows_contiguous, std::int64_t fast_stride, std::int64_t gap) {
  const std::int64_t fast_extent = rows_contiguous ? rows : cols;
  const std::int64_t slow_stride = fast_stride * fast_extent + gap;
  const std::int64_t s0 = rows_contiguous ? fast_stride : slow_stride;
  const std::int64_t s1 = rows_contiguous ? slow_stride : fast_stride;
  const std::int64_t span = rows * cols == 0 ? 0 : (rows - 1) * s0 + (cols - 1) * s1 + 1;
  storage = Kokkos::View<T*, MemorySpace>("gapped_storage", span);
  return Kokkos::View<T**, Kokkos::LayoutStride, MemorySpace>(
      storage.data(), Kokkos::LayoutStride(rows, s0, cols, s1));
}

/// Element-wise, bit-exact equality (NaN never equals anything, so a poisoned element fails).
template <class T>
::testing::AssertionResult same_value(const T& expected, const T& actual) {
  if (expected == actual)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "expected " << expected << ", got " << actual;
}

/// Success when `call()` throws an Error (or a type derived from it) whose what() contains every
/// one of `pieces`; a failure naming what happened otherwise (nothing thrown, another exception
/// type, a message without a piece). Use as EXPECT_TRUE(throws_with<KokkosTile::InvalidArgument>(
/// [&] { ... }, {"KokkosTile::gemm", "share elements"})).
template <class Error, class Call>
::testing::AssertionResult throws_with(Call&& call, std::initializer_list<std::string> pieces) {
  try {
    call();
  } catch (const Error& error) {
    const std::string message = error.what();
    for (const std::string& piece : pieces) {
      if (message.find(piece) == std::string::npos)
        return ::testing::AssertionFailure()
               << "the message lacks \"" << piece << "\": " << message;
    }
    return ::testing::AssertionSuccess();
  } catch (const std::exception& other) {
    return ::testing::AssertionFailure() << "threw another exception type: " << other.what();
  } catch (...) {
    return ::testing::AssertionFailure() << "threw something that is not a std::exception";
  }
  return ::testing::AssertionFailure() << "nothing thrown";
}

}  // namespace KokkosTileTest
