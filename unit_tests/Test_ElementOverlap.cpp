// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tests of impl/core/Core_ElementOverlap.hpp: Views overlap when they share an element, not when
// their memory spans meet (issue 18). The check against a brute-force intersection of the bytes
// each View's elements occupy, on seeded random grids and Views; then the rule through the entry
// points: disjoint blocks (or interleaved elements) of one allocation are computed correctly, and a
// true overlap still throws InvalidArgument naming the call.
#include <KokkosTile_Gemm.hpp>
#include <KokkosTile_Histogram.hpp>
#include <KokkosTile_Reverse.hpp>
#include <KokkosTile_Stencil.hpp>
#include <KokkosTile_Transpose.hpp>
#include <impl/core/Core_ElementOverlap.hpp>

#include "TestHelpers.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace KokkosTileTest {
namespace {

using KokkosTile::Impl::element_grids_overlap;
using KokkosTile::Impl::ElementGrid;
using KokkosTile::Impl::views_share_elements;

std::int64_t draw(std::mt19937_64& engine, std::int64_t lo, std::int64_t hi) {
  return std::uniform_int_distribution<std::int64_t>(lo, hi)(engine);
}

/// Marks with `bit` every byte an element of `grid` occupies, at its offset from `origin`.
void mark(const ElementGrid& grid, std::uintptr_t origin, std::vector<unsigned char>& bytes,
          unsigned char bit) {
  for (std::int64_t i = 0; i < grid.rows; ++i)
    for (std::int64_t j = 0; j < grid.cols; ++j)
      for (std::int64_t k = 0; k < grid.bytes; ++k)
        bytes[grid.address - origin + i * grid.row_stride + j * grid.col_stride + k] |= bit;
}

bool brute_force_overlap(const ElementGrid& a, const ElementGrid& b, std::uintptr_t origin,
                         std::size_t size) {
  std::vector<unsigned char> bytes(size, 0);
  mark(a, origin, bytes, 1);
  mark(b, origin, bytes, 2);
  return std::find(bytes.begin(), bytes.end(), 3) != bytes.end();
}

/// A random grid at or after `origin`: element sizes 1 to 12 bytes (or `bytes` if positive),
/// strides from 0 (a repeated element, as LayoutStride allows) to 40 bytes, at any byte offset.
ElementGrid random_grid(std::mt19937_64& engine, std::uintptr_t origin, std::int64_t bytes) {
  ElementGrid grid;
  grid.bytes = bytes > 0 ? bytes : draw(engine, 1, 12);
  const std::int64_t unit =
      bytes > 0 ? bytes : 1;  // aligned grids: strides and offsets in elements
  grid.rows = draw(engine, 0, 7) == 0 ? 1 : draw(engine, 0, 9);
  grid.cols = draw(engine, 0, 9);
  grid.row_stride = unit * (draw(engine, 0, 9) == 0 ? 0 : draw(engine, 1, 40 / unit + 1));
  grid.col_stride = unit * (draw(engine, 0, 9) == 0 ? 0 : draw(engine, 1, 40 / unit + 1));
  grid.address = origin + static_cast<std::uintptr_t>(unit * draw(engine, 0, 64 / unit));
  return grid;
}

std::size_t extent_of(const ElementGrid& g, std::uintptr_t origin) {
  if (g.rows == 0 || g.cols == 0)
    return 0;
  return g.address - origin + (g.rows - 1) * g.row_stride + (g.cols - 1) * g.col_stride + g.bytes;
}

TEST(ElementOverlap, RandomGridsMatchBruteForce) {
  // Byte-level: element sizes that differ and offsets that are not multiples of either, and aligned
  // grids of one element size (as Views of one value type are), where interleaved rows are common.
  const std::uintptr_t origin = std::uintptr_t{1} << 20;  // never dereferenced
  std::int64_t overlapping = 0, sharing_memory_only = 0, cases = 0;
  for (std::uint64_t seed = 0; seed < 40000; ++seed) {
    std::mt19937_64 engine(seed);
    const std::int64_t bytes = seed % 2 == 0 ? 0 : std::int64_t{1} << draw(engine, 0, 3);
    const ElementGrid a = random_grid(engine, origin, bytes);
    const ElementGrid b = random_grid(engine, origin, bytes);
    const std::size_t size = std::max(extent_of(a, origin), extent_of(b, origin));
    const bool expected = brute_force_overlap(a, b, origin, size);
    ASSERT_EQ(element_grids_overlap(a, b), expected)
        << "seed " << seed << ": a " << a.rows << " x " << a.cols << " strides " << a.row_stride
        << ", " << a.col_stride << " bytes " << a.bytes << " at +" << a.address - origin << "; b "
        << b.rows << " x " << b.cols << " strides " << b.row_stride << ", " << b.col_stride
        << " bytes " << b.bytes << " at +" << b.address - origin;
    ASSERT_EQ(element_grids_overlap(b, a), expected) << "seed " << seed << " (swapped)";
    ++cases;
    if (expected) {
      ++overlapping;
    } else if (a.rows * a.cols > 0 && b.rows * b.cols > 0) {
      const std::uintptr_t a_end = origin + extent_of(a, origin);
      const std::uintptr_t b_end = origin + extent_of(b, origin);
      if (a.address < b_end && b.address < a_end)
        ++sharing_memory_only;
    }
  }
  // Both answers must be exercised, and many "no" answers must be ones a span check gets wrong.
  EXPECT_GT(overlapping, cases / 5);
  EXPECT_GT(sharing_memory_only, cases / 20);
  std::printf("[          ] %lld cases: %lld overlap, %lld share memory but no element\n",
              static_cast<long long>(cases), static_cast<long long>(overlapping),
              static_cast<long long>(sharing_memory_only));
}

// ------------------------------------------------------------------------------------------------
// Views: subviews of one allocation in every layout, and Views of other value types over it.

constexpr std::size_t buffer_bytes = 2048;

/// An element offset in [0, room], mostly in the first 256 bytes, so that Views of small elements
/// meet those of large ones often.
template <class T>
std::int64_t draw_offset(std::mt19937_64& engine, std::int64_t room) {
  return draw(engine, 0, std::min<std::int64_t>(room, 256 / sizeof(T)));
}

/// Calls `use` with a random host View of T over `buffer` (rank 1 or 2; LayoutStride, or a block
/// of a LayoutRight or LayoutLeft parent; possibly empty).
template <class T, class Use>
void with_random_view(std::mt19937_64& engine, unsigned char* buffer, const Use& use) {
  using Unmanaged = Kokkos::MemoryTraits<Kokkos::Unmanaged>;
  const auto capacity = static_cast<std::int64_t>(buffer_bytes / sizeof(T));
  T* base = reinterpret_cast<T*>(buffer);
  switch (draw(engine, 0, 3)) {
    case 0: {  // rank 1, strided
      const std::int64_t n = draw(engine, 0, 24), stride = draw(engine, 1, 5);
      const std::int64_t offset =
          draw_offset<T>(engine, capacity - (n > 0 ? (n - 1) * stride + 1 : 0));
      use(Kokkos::View<T*, Kokkos::LayoutStride, Kokkos::HostSpace, Unmanaged>(
          base + offset, Kokkos::LayoutStride(n, stride)));
      break;
    }
    case 1: {  // rank 2, any strides (rows may interleave)
      const std::int64_t n0 = draw(engine, 0, 8), n1 = draw(engine, 0, 8);
      const std::int64_t s0 = draw(engine, 1, 12), s1 = draw(engine, 1, 12);
      const std::int64_t span = n0 * n1 == 0 ? 0 : (n0 - 1) * s0 + (n1 - 1) * s1 + 1;
      const std::int64_t offset = draw_offset<T>(engine, capacity - span);
      use(Kokkos::View<T**, Kokkos::LayoutStride, Kokkos::HostSpace, Unmanaged>(
          base + offset, Kokkos::LayoutStride(n0, s0, n1, s1)));
      break;
    }
    default: {  // a block of a LayoutRight or LayoutLeft matrix
      const std::int64_t rows = draw(engine, 1, 16), cols = draw(engine, 1, 16);
      const std::int64_t offset = draw_offset<T>(engine, capacity - rows * cols);
      const std::int64_t r0 = draw(engine, 0, rows), r1 = draw(engine, r0, rows);
      const std::int64_t c0 = draw(engine, 0, cols), c1 = draw(engine, c0, cols);
      const auto rr = Kokkos::make_pair(r0, r1);
      const auto cc = Kokkos::make_pair(c0, c1);
      if (draw(engine, 0, 1) == 0) {
        Kokkos::View<T**, Kokkos::LayoutRight, Kokkos::HostSpace, Unmanaged> parent(base + offset,
                                                                                    rows, cols);
        use(Kokkos::subview(parent, rr, cc));
      } else {
        Kokkos::View<T**, Kokkos::LayoutLeft, Kokkos::HostSpace, Unmanaged> parent(base + offset,
                                                                                   rows, cols);
        use(Kokkos::subview(parent, rr, cc));
      }
    }
  }
}

/// The bytes the elements of a host View occupy, from their addresses.
template <class ViewType>
void mark_view(const ViewType& view, const unsigned char* buffer, std::vector<unsigned char>& bytes,
               unsigned char bit) {
  using T = typename ViewType::value_type;
  auto mark_element = [&](const T* element) {
    const auto offset = reinterpret_cast<const unsigned char*>(element) - buffer;
    for (std::size_t k = 0; k < sizeof(T); ++k)
      bytes[offset + k] |= bit;
  };
  if constexpr (ViewType::rank() == 1) {
    for (std::size_t i = 0; i < view.extent(0); ++i)
      mark_element(&view(i));
  } else {
    for (std::size_t i = 0; i < view.extent(0); ++i)
      for (std::size_t j = 0; j < view.extent(1); ++j)
        mark_element(&view(i, j));
  }
}

/// "rank 2, 3 x 4, strides 1, 5, 4-byte elements at +12" (strides in elements, offset in bytes).
template <class ViewType>
std::string describe(const ViewType& view, const unsigned char* buffer) {
  std::string text = "rank " + std::to_string(ViewType::rank()) + ", ";
  if constexpr (ViewType::rank() == 1) {
    text += std::to_string(view.extent(0)) + ", stride " + std::to_string(view.stride(0));
  } else {
    text += std::to_string(view.extent(0)) + " x " + std::to_string(view.extent(1)) + ", strides " +
            std::to_string(view.stride(0)) + ", " + std::to_string(view.stride(1));
  }
  return text + ", " + std::to_string(sizeof(typename ViewType::value_type)) +
         "-byte elements at +" +
         std::to_string(reinterpret_cast<const unsigned char*>(view.data()) - buffer);
}

template <class TA, class TB>
void random_views_match_brute_force(std::uint64_t seeds) {
  std::vector<double> storage(buffer_bytes / sizeof(double));
  auto* buffer = reinterpret_cast<unsigned char*>(storage.data());
  std::int64_t overlapping = 0;
  for (std::uint64_t seed = 0; seed < seeds; ++seed) {
    std::mt19937_64 engine(seed);
    with_random_view<TA>(engine, buffer, [&](const auto& a) {
      with_random_view<TB>(engine, buffer, [&](const auto& b) {
        std::vector<unsigned char> bytes(buffer_bytes, 0);
        mark_view(a, buffer, bytes, 1);
        mark_view(b, buffer, bytes, 2);
        const bool expected = std::find(bytes.begin(), bytes.end(), 3) != bytes.end();
        overlapping += expected;
        ASSERT_EQ(views_share_elements(a, b), expected)
            << "seed " << seed << ": a " << describe(a, buffer) << "; b " << describe(b, buffer);
        ASSERT_EQ(views_share_elements(b, a), expected) << "seed " << seed << " (swapped)";
      });
    });
    if (::testing::Test::HasFatalFailure())
      return;
  }
  EXPECT_GT(overlapping, static_cast<std::int64_t>(seeds / 20));
  EXPECT_LT(overlapping, static_cast<std::int64_t>(seeds * 19 / 20));
}

TEST(ElementOverlap, RandomViewsMatchBruteForce) {
  random_views_match_brute_force<double, double>(5000);
  random_views_match_brute_force<float, float>(5000);
  random_views_match_brute_force<float, double>(5000);
  random_views_match_brute_force<std::int16_t, float>(5000);
  random_views_match_brute_force<char, double>(5000);
}

TEST(ElementOverlap, IssueCasesShareMemoryButNoElement) {
  // Blocked LU: A22, A21 and A12 of one LayoutRight matrix; evens and odds of one array; a block
  // and a disjoint block; the even and the odd columns of a matrix. None share an element.
  using Unmanaged = Kokkos::MemoryTraits<Kokkos::Unmanaged>;
  const std::int64_t n = 4096;  // the Views below only give addresses: never dereferenced
  Kokkos::View<double**, Kokkos::LayoutRight, Kokkos::HostSpace, Unmanaged> m(
      reinterpret_cast<double*>(std::uintptr_t{1} << 30), n, n);
  const auto top = Kokkos::pair<std::int64_t, std::int64_t>(0, 1500);
  const auto bottom = Kokkos::pair<std::int64_t, std::int64_t>(1500, n);
  auto a21 = Kokkos::subview(m, bottom, top);
  auto a12 = Kokkos::subview(m, top, bottom);
  auto a22 = Kokkos::subview(m, bottom, bottom);
  auto a11 = Kokkos::subview(m, top, top);
  EXPECT_FALSE(views_share_elements(a22, a21));
  EXPECT_FALSE(views_share_elements(a22, a12));
  EXPECT_FALSE(views_share_elements(a11, a22));
  EXPECT_TRUE(views_share_elements(a22, m));
  EXPECT_TRUE(
      views_share_elements(Kokkos::subview(m, Kokkos::pair<std::int64_t, std::int64_t>(1499, 1501),
                                           Kokkos::pair<std::int64_t, std::int64_t>(1499, 1501)),
                           a11));

  const std::int64_t count = 1 << 24;  // O(1) however long
  Kokkos::View<float*, Kokkos::LayoutStride, Kokkos::HostSpace, Unmanaged> evens(
      reinterpret_cast<float*>(std::uintptr_t{1} << 30), Kokkos::LayoutStride(count, 2));
  Kokkos::View<float*, Kokkos::LayoutStride, Kokkos::HostSpace, Unmanaged> odds(
      evens.data() + 1, Kokkos::LayoutStride(count, 2));
  Kokkos::View<float*, Kokkos::LayoutStride, Kokkos::HostSpace, Unmanaged> thirds(
      evens.data() + 1, Kokkos::LayoutStride(count, 3));
  EXPECT_FALSE(views_share_elements(evens, odds));
  EXPECT_TRUE(views_share_elements(evens, thirds));  // element 4 (and every sixth from it)
  EXPECT_TRUE(views_share_elements(odds, thirds));

  // The even and the odd columns of m: rows interleave, elements never meet.
  Kokkos::View<double**, Kokkos::LayoutStride, Kokkos::HostSpace, Unmanaged> even_columns(
      m.data(), Kokkos::LayoutStride(n, n, n / 2, 2));
  Kokkos::View<double**, Kokkos::LayoutStride, Kokkos::HostSpace, Unmanaged> odd_columns_t(
      m.data() + 1, Kokkos::LayoutStride(n / 2, 2, n, n));
  EXPECT_FALSE(views_share_elements(even_columns, odd_columns_t));
  EXPECT_TRUE(views_share_elements(even_columns, Kokkos::subview(m, 7, Kokkos::ALL)));
  EXPECT_FALSE(
      views_share_elements(odd_columns_t, Kokkos::subview(m, Kokkos::ALL, std::int64_t{6})));
  // Floats over the same bytes as doubles: the upper four bytes of m(i, 2c) are float element (i,
  // c).
  Kokkos::View<float**, Kokkos::LayoutStride, Kokkos::HostSpace, Unmanaged> float_halves(
      reinterpret_cast<float*>(m.data()) + 1, Kokkos::LayoutStride(n, 2 * n, n / 2, 4));
  EXPECT_FALSE(views_share_elements(float_halves, odd_columns_t));
  EXPECT_TRUE(views_share_elements(float_halves, even_columns));
}

TEST(ElementOverlap, PastTheBudgetAnswersOverlap) {
  // Rows of unequal strides that interleave: a's elements start at multiples of 16 bytes, b's 8
  // bytes after one, so none meet, but deciding walks one row after another. With too small a
  // budget the check must refuse (answer true) rather than guess.
  const std::uintptr_t origin = std::uintptr_t{1} << 20;
  const ElementGrid a{origin, 1000, 128, 4, 16, 8};
  const ElementGrid b{origin + 8, 900, 144, 4, 16, 8};
  const std::size_t size = std::max(extent_of(a, origin), extent_of(b, origin));
  ASSERT_FALSE(brute_force_overlap(a, b, origin, size));
  EXPECT_FALSE(element_grids_overlap(a, b));
  EXPECT_TRUE(element_grids_overlap(a, b, 10));
  EXPECT_TRUE(element_grids_overlap(b, a, 10));
}

TEST(ElementOverlap, EmptyAndFarApartViewsNeverOverlap) {
  Kokkos::View<double*, Kokkos::HostSpace> x("x", 10), empty("empty", 0);
  EXPECT_FALSE(views_share_elements(x, empty));
  EXPECT_FALSE(views_share_elements(empty, empty));
  EXPECT_TRUE(views_share_elements(x, x));
  Kokkos::View<double*, Kokkos::HostSpace> y("y", 10);
  EXPECT_FALSE(views_share_elements(x, y));
}

// ------------------------------------------------------------------------------------------------
// The rule through the entry points (device Views of the execution space under test).

TEST(OverlapRule, GemmBlockedLuUpdateOfOneMatrix) {
  // A22 -= A21 * A12, all three blocks of one LayoutRight matrix (the trailing update of a blocked
  // LU factorization), against a host reference in double.
  const std::int64_t n = 157, split = 61;
  Kokkos::View<double**, Kokkos::LayoutRight, MemorySpace> m("m", n, n);
  const auto before = fill_random_device(m, 18);
  const auto top = Kokkos::pair<std::int64_t, std::int64_t>(0, split);
  const auto bottom = Kokkos::pair<std::int64_t, std::int64_t>(split, n);
  auto a21 = Kokkos::subview(m, bottom, top);
  auto a12 = Kokkos::subview(m, top, bottom);
  auto a22 = Kokkos::subview(m, bottom, bottom);
  ASSERT_NO_THROW(KokkosTile::gemm("N", "N", -1.0, a21, a12, 1.0, a22));
  Kokkos::fence();
  const auto after = to_host(m);
  for (std::int64_t i = 0; i < n; ++i) {
    for (std::int64_t j = 0; j < n; ++j) {
      if (i < split || j < split) {
        ASSERT_TRUE(same_value(before(i, j), after(i, j))) << "(" << i << ", " << j << ")";
        continue;
      }
      double expected = before(i, j), magnitude = std::abs(before(i, j));
      for (std::int64_t k = 0; k < split; ++k) {
        expected -= before(i, k) * before(k, j);
        magnitude += std::abs(before(i, k) * before(k, j));
      }
      ASSERT_LE(std::abs(after(i, j) - expected),
                4 * (split + 2) * std::numeric_limits<double>::epsilon() * magnitude)
          << "(" << i << ", " << j << ")";
    }
  }
}

TEST(OverlapRule, ReverseCopyEvensIntoOdds) {
  // As Kokkos::Experimental::reverse_copy allows: the even elements of an array, reversed into its
  // odd elements. std::reverse_copy on a host copy is the reference.
  for (const std::int64_t count : {1, 2, 33, 1000, 4099}) {
    Kokkos::View<float*, MemorySpace> storage("storage", 2 * count);
    const auto before = fill_random_device(storage, 7 + count);
    Kokkos::View<float*, Kokkos::LayoutStride, MemorySpace> evens(storage.data(),
                                                                  Kokkos::LayoutStride(count, 2));
    Kokkos::View<float*, Kokkos::LayoutStride, MemorySpace> odds(storage.data() + 1,
                                                                 Kokkos::LayoutStride(count, 2));
    ASSERT_NO_THROW(KokkosTile::reverse_copy(evens, odds)) << count;
    Kokkos::fence();
    const auto after = to_host(storage);
    std::vector<float> even_values, expected(count);
    for (std::int64_t i = 0; i < count; ++i)
      even_values.push_back(before(2 * i));
    std::reverse_copy(even_values.begin(), even_values.end(), expected.begin());
    for (std::int64_t i = 0; i < count; ++i) {
      ASSERT_TRUE(same_value(before(2 * i), after(2 * i))) << count << ": even " << i;
      ASSERT_TRUE(same_value(expected[i], after(2 * i + 1))) << count << ": odd " << i;
    }
  }
}

TEST(OverlapRule, TransposeBlockIntoDisjointBlockOfSameMatrix) {
  const std::int64_t n = 300;
  Kokkos::View<float**, Kokkos::LayoutRight, MemorySpace> m("m", n, n);
  const auto before = fill_random_device(m, 31);
  // a: rows [0, 70) x columns [0, 130); b: rows [100, 230) x columns [50, 120), which interleave
  // with a's rows in memory.
  auto a = Kokkos::subview(m, Kokkos::make_pair(0, 70), Kokkos::make_pair(0, 130));
  auto b = Kokkos::subview(m, Kokkos::make_pair(100, 230), Kokkos::make_pair(50, 120));
  ASSERT_NO_THROW(KokkosTile::transpose_copy(a, b));
  Kokkos::fence();
  auto after = to_host(m);
  for (std::int64_t i = 0; i < n; ++i) {
    for (std::int64_t j = 0; j < n; ++j) {
      const bool in_b = i >= 100 && i < 230 && j >= 50 && j < 120;
      const float expected = in_b ? before(j - 50, i - 100) : before(i, j);
      ASSERT_TRUE(same_value(expected, after(i, j))) << "(" << i << ", " << j << ")";
    }
  }
  // The even columns of the matrix transposed into its odd columns: every row of one meets a row
  // of the other, no element does.
  Kokkos::deep_copy(m, 0.f);
  const auto fresh = fill_random_device(m, 32);
  Kokkos::View<float**, Kokkos::LayoutStride, MemorySpace> even_columns(
      m.data(), Kokkos::LayoutStride(n, n, n / 2, 2));
  Kokkos::View<float**, Kokkos::LayoutStride, MemorySpace> odd_columns_t(
      m.data() + 1, Kokkos::LayoutStride(n / 2, 2, n, n));
  ASSERT_NO_THROW(KokkosTile::transpose_copy(even_columns, odd_columns_t));
  Kokkos::fence();
  after = to_host(m);
  for (std::int64_t i = 0; i < n; ++i) {
    for (std::int64_t c = 0; c < n / 2; ++c) {
      ASSERT_TRUE(same_value(fresh(i, 2 * c), after(i, 2 * c))) << i << ", " << 2 * c;
      // odd_columns_t(c, i) is m(i, 2c + 1) and holds even_columns(i, c) = m(i, 2c).
      ASSERT_TRUE(same_value(fresh(i, 2 * c), after(i, 2 * c + 1))) << i << ", " << 2 * c + 1;
    }
  }
}

TEST(OverlapRule, StencilBetweenDisjointBlocksOfOneMatrix) {
  // in: the left half of a matrix, out: its right half. The result must equal the same call on a
  // separate matrix of the same shape (same strides, so the same kernel), bit for bit.
  const std::int64_t rows = 90, cols = 240;
  using Matrix = Kokkos::View<float**, Kokkos::LayoutRight, MemorySpace>;
  Matrix shared("shared", rows, cols), separate_in("separate_in", rows, cols),
      separate_out("separate_out", rows, cols);
  const auto before = fill_random_device(shared, 41);
  Kokkos::deep_copy(separate_in, shared);
  const auto left = Kokkos::pair<std::int64_t, std::int64_t>(0, cols / 2);
  const auto right = Kokkos::pair<std::int64_t, std::int64_t>(cols / 2, cols);
  const auto five = KokkosTile::Stencil2D<float>::five_point(-4.f, 1.f);
  const auto clamp = KokkosTile::BoundaryCondition<float>::clamp();
  ASSERT_NO_THROW(KokkosTile::apply_stencil(Kokkos::subview(shared, Kokkos::ALL, left),
                                            Kokkos::subview(shared, Kokkos::ALL, right), five,
                                            clamp));
  KokkosTile::apply_stencil(Kokkos::subview(separate_in, Kokkos::ALL, left),
                            Kokkos::subview(separate_out, Kokkos::ALL, right), five, clamp);
  Kokkos::fence();
  const auto after = to_host(shared);
  const auto reference = to_host(separate_out);
  for (std::int64_t i = 0; i < rows; ++i) {
    for (std::int64_t j = 0; j < cols; ++j) {
      const float expected = j < cols / 2 ? before(i, j) : reference(i, j);
      ASSERT_TRUE(same_value(expected, after(i, j))) << "(" << i << ", " << j << ")";
    }
  }
}

TEST(OverlapRule, TrueOverlapsStillThrowNamingTheCall) {
  using KokkosTile::InvalidArgument;
  Kokkos::View<double**, Kokkos::LayoutRight, MemorySpace> m("m", 40, 40);
  // gemm: C and A share exactly one element, m(20, 19).
  auto a = Kokkos::subview(m, Kokkos::make_pair(20, 40), Kokkos::make_pair(0, 20));
  auto b = Kokkos::subview(m, Kokkos::make_pair(0, 20), Kokkos::make_pair(20, 40));
  auto c = Kokkos::subview(m, Kokkos::make_pair(20, 40), Kokkos::make_pair(19, 39));
  EXPECT_TRUE(
      throws_with<InvalidArgument>([&] { KokkosTile::gemm("N", "N", -1.0, a, b, 1.0, c); },
                                   {"KokkosTile::gemm<", "C and A overlap: they share elements"}));
  // reverse_copy: the evens into the evens shifted by one element pair.
  Kokkos::View<float*, MemorySpace> storage("storage", 100);
  Kokkos::View<float*, Kokkos::LayoutStride, MemorySpace> evens(storage.data(),
                                                                Kokkos::LayoutStride(40, 2));
  Kokkos::View<float*, Kokkos::LayoutStride, MemorySpace> shifted(storage.data() + 2,
                                                                  Kokkos::LayoutStride(40, 2));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::reverse_copy(evens, shifted); },
      {"KokkosTile::reverse_copy: src and dst overlap: they share elements", "40 elements"}));
  // transpose: blocks that share m(10, 12).
  Kokkos::View<float**, Kokkos::LayoutRight, MemorySpace> f("f", 40, 40);
  auto ta = Kokkos::subview(f, Kokkos::make_pair(0, 11), Kokkos::make_pair(0, 13));
  auto tb = Kokkos::subview(f, Kokkos::make_pair(10, 23), Kokkos::make_pair(12, 23));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::transpose_copy(ta, tb); },
      {"KokkosTile::transpose_copy<", "a and b overlap: they share elements"}));
  // stencil: in and out share one column.
  auto left = Kokkos::subview(f, Kokkos::ALL, Kokkos::make_pair(0, 21));
  auto right_wide = Kokkos::subview(f, Kokkos::ALL, Kokkos::make_pair(19, 40));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] {
        KokkosTile::apply_stencil(left, right_wide,
                                  KokkosTile::Stencil2D<float>::five_point(-4.f, 1.f),
                                  KokkosTile::BoundaryCondition<float>::clamp());
      },
      {"KokkosTile::apply_stencil<", "in and out overlap: they share elements"}));
}

// Interleaved strided Views whose overlap the check cannot decide within its step budget: the
// error says so (it used to claim that they share elements). The budget is lowered here so that a
// small pair runs out of it.
TEST(OverlapRule, UndecidedOverlapSaysSo) {
  const int n = 40;
  Kokkos::View<float*, MemorySpace> storage("storage", 2 * n * n + 2);
  using Strided = Kokkos::View<float**, Kokkos::LayoutStride, MemorySpace>;
  const Strided evens(storage.data(), Kokkos::LayoutStride(n, 2 * n, n, 2));
  const Strided odds_transposed(storage.data() + 1, Kokkos::LayoutStride(n, 2, n, 2 * n));
  using KokkosTile::Impl::ElementOverlap;
  EXPECT_EQ(KokkosTile::Impl::views_element_relation(evens, odds_transposed),
            ElementOverlap::disjoint);
  EXPECT_EQ(KokkosTile::Impl::views_element_relation(evens, odds_transposed, 1),
            ElementOverlap::undecided);
  EXPECT_TRUE(throws_with<KokkosTile::InvalidArgument>(
      [&] {
        KokkosTile::Impl::expect_disjoint("KokkosTile::transpose_copy<tiled>", evens,
                                          odds_transposed, "a and b", "", 1);
      },
      {"KokkosTile::transpose_copy<tiled>",
       "could not decide within 1 steps whether a and b "
       "share elements"}));
  EXPECT_NO_THROW(KokkosTile::transpose_copy(evens, odds_transposed));
  Kokkos::fence();
}

// Outputs whose strides make two indices one element race when written: refused by every entry
// point, in place and out of place.
TEST(OverlapRule, OutputsThatAliasThemselvesAreRefused) {
  using KokkosTile::InvalidArgument;
  using Strided2 = Kokkos::View<double**, Kokkos::LayoutStride, MemorySpace>;
  using Strided1 = Kokkos::View<double*, Kokkos::LayoutStride, MemorySpace>;
  Kokkos::View<double**, MemorySpace> a("a", 4, 4), b("b", 4, 4);
  Kokkos::View<double*, MemorySpace> storage("storage", 64), src("src", 8);
  const Strided2 same_rows(storage.data(), Kokkos::LayoutStride(4, 0, 4, 1));    // row stride 0
  const Strided2 overlapping(storage.data(), Kokkos::LayoutStride(4, 2, 4, 1));  // rows overlap
  const Strided1 one_element(storage.data(), Kokkos::LayoutStride(8, 0));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::gemm("N", "N", 1.0, a, b, 0.0, same_rows); },
      {"KokkosTile::gemm<", "C's strides make different indices one element"}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::gemm("N", "N", 1.0, a, b, 0.0, overlapping); },
      {"KokkosTile::gemm<", "C's strides make different indices one element"}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::transpose_copy(a, same_rows); },
      {"KokkosTile::transpose_copy<", "b's strides make different indices one element"}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::transpose(overlapping); },
      {"KokkosTile::transpose<in_place", "a's strides make different indices one element"}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] {
        KokkosTile::apply_stencil(a, overlapping, KokkosTile::Stencil2D<double>::five_point(-4, 1),
                                  KokkosTile::BoundaryCondition<double>::clamp());
      },
      {"KokkosTile::apply_stencil<", "out's strides make different indices one element"}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::reverse_copy(src, one_element); },
      {"KokkosTile::reverse_copy", "dst's strides make different indices one element"}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::reverse(one_element); },
      {"KokkosTile::reverse", "the View's strides make different indices one element"}));
  // Distinct strides that never meet within the extents are fine: columns 3 apart in rows of 12.
  const Strided2 spread(storage.data(), Kokkos::LayoutStride(4, 12, 4, 3));
  EXPECT_NO_THROW(KokkosTile::transpose_copy(a, spread));
  Kokkos::fence();
}

// Views with MemoryTraits<Atomic> (a common idiom for histogram counts) are accepted as inputs and
// outputs; the kernels read and write them through plain kernel Views.
TEST(OverlapRule, AtomicViewsAreAccepted) {
  using Atomic2 = Kokkos::View<float**, MemorySpace, Kokkos::MemoryTraits<Kokkos::Atomic>>;
  Kokkos::View<float**, MemorySpace> a("a", 5, 7);
  const Atomic2 b_atomic = Kokkos::View<float**, MemorySpace>("b", 7, 5);
  fill_random_device(a, 3);
  KokkosTile::transpose_copy(a, b_atomic);
  Kokkos::fence();
  const auto ha = to_host(a);
  const auto hb = to_host(Kokkos::View<float**, MemorySpace>(b_atomic.data(), 7, 5));
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 7; ++j)
      ASSERT_EQ(hb(j, i), ha(i, j));
  Kokkos::View<int*, MemorySpace> samples("samples", 100);
  Kokkos::View<unsigned*, MemorySpace, Kokkos::MemoryTraits<Kokkos::Atomic>> counts(
      Kokkos::View<unsigned*, MemorySpace>("counts", 4));
  KokkosTile::histogram(samples, counts);
  Kokkos::fence();
  EXPECT_EQ(to_host(Kokkos::View<unsigned*, MemorySpace>(counts.data(), 4))(0), 100u);
}

}  // namespace
}  // namespace KokkosTileTest
