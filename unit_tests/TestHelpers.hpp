#pragma once
// Shared by the unit tests: the execution space under test, seeded random inputs, poisoned outputs
// and host-side comparison.

#include <Kokkos_Core.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace KokkosTileTest {

using ExecSpace = KOKKOSTILE_TEST_EXECSPACE;
using MemorySpace = typename ExecSpace::memory_space;

/// Extents that hit every edge case of tiles and chunks: empty, single, primes, tile multiples and
/// their neighbours.
inline const std::vector<std::int64_t>& edge_extents() {
  static const std::vector<std::int64_t> extents = {0,   1,    2,    3,    5,     31,    32,
                                                    33,  63,   64,   65,   127,   1000,  1021,
                                                    1024, 1025, 2048, 4099, 65537, 100003};
  return extents;
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
    for (std::size_t i = 0; i < view.extent(0); ++i) view(i) = draw();
  } else {
    static_assert(HostView::rank() == 2, "fill_random handles rank 1 and 2");
    for (std::size_t i = 0; i < view.extent(0); ++i)
      for (std::size_t j = 0; j < view.extent(1); ++j) view(i, j) = draw();
  }
}

/// Element-wise, bit-exact equality (NaN never equals anything, so a poisoned element fails).
template <class T>
::testing::AssertionResult same_value(const T& expected, const T& actual) {
  if (expected == actual) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "expected " << expected << ", got " << actual;
}

}  // namespace KokkosTileTest
