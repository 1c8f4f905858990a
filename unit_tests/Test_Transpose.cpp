// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tests of KokkosTile_Transpose.hpp against a host reference: every variant, odd extents, every
// layout pair, in place and out of place, into poisoned outputs.
#include <KokkosTile_Transpose.hpp>

#include "TestHelpers.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace KokkosTileTest {
namespace {

using KokkosTile::TransposeOptions;
using KokkosTile::TransposeVariant;

const std::vector<TransposeVariant>& all_variants() {
  static const std::vector<TransposeVariant> variants = {
      TransposeVariant::automatic, TransposeVariant::naive, TransposeVariant::tiled,
      TransposeVariant::tiled_padded};
  return variants;
}

struct Extent2D {
  std::int64_t rows, cols;
};

const std::vector<Extent2D>& odd_extents() {
  // Whole 64 x 64 tiles (the pipelined kernel on devices) with and without leftovers, and more
  // whole tiles than a GPU keeps resident, so that teams walk several.
  static const std::vector<Extent2D> extents = {{0, 5},     {1, 1},      {17, 31},  {64, 33},
                                                {100, 7},   {129, 130},  {1, 1000}, {1000, 1},
                                                {192, 320}, {1600, 1664}};
  return extents;
}

template <class BView, class AView>
void expect_transposed(const BView& b, const AView& a, const TransposeOptions& options,
                       std::uint64_t seed) {
  using T = typename BView::non_const_value_type;
  const auto host_a = fill_random_device(a, seed);
  Kokkos::deep_copy(b, poison<T>());
  KokkosTile::transpose_copy(a, b, options);
  const auto host_b = to_host(b);
  for (std::size_t i = 0; i < a.extent(0); ++i)
    for (std::size_t j = 0; j < a.extent(1); ++j)
      ASSERT_TRUE(same_value(host_a(i, j), host_b(j, i)))
          << a.extent(0) << " x " << a.extent(1) << ", " << KokkosTile::to_string(options.variant)
          << ", tile " << options.tile << ": b(" << j << ", " << i << ")";
}

template <class T>
class Transpose : public ::testing::Test {};
using TransposeValueTypes = ::testing::Types<float, double, std::int16_t>;
TYPED_TEST_SUITE(Transpose, TransposeValueTypes, );

TYPED_TEST(Transpose, OutOfPlaceEveryVariantAndLayoutPair) {
  using T = TypeParam;
  using Right = Kokkos::View<T**, Kokkos::LayoutRight, MemorySpace>;
  using Left = Kokkos::View<T**, Kokkos::LayoutLeft, MemorySpace>;
  std::uint64_t seed = 0;
  for (const auto variant : all_variants()) {
    for (const int tile : {0, 7}) {
      const TransposeOptions options{variant, tile};
      for (const auto& e : odd_extents()) {
        expect_transposed(Right("b", e.cols, e.rows), Right("a", e.rows, e.cols), options, ++seed);
        expect_transposed(Right("b", e.cols, e.rows), Left("a", e.rows, e.cols), options, ++seed);
        expect_transposed(Left("b", e.cols, e.rows), Right("a", e.rows, e.cols), options, ++seed);
        expect_transposed(Left("b", e.cols, e.rows), Left("a", e.rows, e.cols), options, ++seed);
        Kokkos::View<T*, MemorySpace> sa, sb;
        expect_transposed(gapped_view<T>(sb, e.cols, e.rows, false, 1, 3),
                          gapped_view<T>(sa, e.rows, e.cols, true, 1, 2), options, ++seed);
      }
    }
  }
}

template <class AView>
void expect_transposed_in_place(const AView& a, const TransposeOptions& options,
                                std::uint64_t seed) {
  const auto before = fill_random_device(a, seed);
  KokkosTile::transpose(a, options);
  const auto after = to_host(a);
  for (std::size_t i = 0; i < a.extent(0); ++i)
    for (std::size_t j = 0; j < a.extent(1); ++j)
      ASSERT_TRUE(same_value(before(i, j), after(j, i)))
          << a.extent(0) << " square, " << KokkosTile::to_string(options.variant) << ", tile "
          << options.tile << ": (" << j << ", " << i << ")";
}

TYPED_TEST(Transpose, InPlaceSquares) {
  using T = TypeParam;
  std::uint64_t seed = 100;
  for (const auto variant : all_variants()) {
    for (const int tile : {0, 5}) {
      for (const std::int64_t n : {0, 1, 2, 31, 32, 33, 100, 129}) {
        const TransposeOptions options{variant, tile};
        expect_transposed_in_place(Kokkos::View<T**, Kokkos::LayoutRight, MemorySpace>("a", n, n),
                                   options, ++seed);
        expect_transposed_in_place(Kokkos::View<T**, Kokkos::LayoutLeft, MemorySpace>("a", n, n),
                                   options, ++seed);
        Kokkos::View<T*, MemorySpace> storage;
        expect_transposed_in_place(gapped_view<T>(storage, n, n, false, 1, 3), options, ++seed);
      }
    }
  }
}

/// Squares with several full device tiles off the diagonal (64 x 64 up to 4 bytes, 32 x 32 of 8
/// bytes), where the in-place kernel swaps tile pairs in packets: whole Views, line-aligned strides
/// with a packet-aligned but line-misaligned origin (the tile grid shifts), and unaligned origins.
TYPED_TEST(Transpose, InPlaceFullTilePairs) {
  using T = TypeParam;
  using Right = Kokkos::View<T**, Kokkos::LayoutRight, MemorySpace>;
  using Left = Kokkos::View<T**, Kokkos::LayoutLeft, MemorySpace>;
  std::uint64_t seed = 700;
  for (const auto variant : all_variants()) {
    const TransposeOptions options{variant, 0};
    for (const std::int64_t n : {192, 257, 300}) {
      expect_transposed_in_place(Right("a", n, n), options, ++seed);
      expect_transposed_in_place(Left("a", n, n), options, ++seed);
      for (const std::int64_t origin : {4, 5, 16}) {
        Right wide("wide", n, 320 + 64);
        expect_transposed_in_place(
            Kokkos::subview(wide, Kokkos::ALL, std::make_pair(origin, origin + n)), options,
            ++seed);
        Left tall("tall", 320 + 64, n);
        expect_transposed_in_place(
            Kokkos::subview(tall, std::make_pair(origin, origin + n), Kokkos::ALL), options,
            ++seed);
      }
      Kokkos::View<T*, MemorySpace> storage;
      expect_transposed_in_place(gapped_view<T>(storage, n, n, false, 1, 320 - n), options, ++seed);
    }
  }
}

/// Every order of the in-place transpose's teams (Impl::InPlaceTileOrder) gives each tile on and
/// above the diagonal to exactly one team, and no team a tile below it or past the grid.
TEST(TransposeInPlaceOrder, EveryUpperTileExactlyOnce) {
  for (const int tiles : {0, 1, 2, 3, 7, 8, 9, 33, 128}) {
    for (const int group : {-1, 0, 1, 2, 3, 4, 8, 16}) {  // below 1: the tiles themselves
      for (const bool mirrored : {false, true}) {
        KokkosTile::Impl::InPlaceTileOrder order;
        order.group = group;
        order.mirrored = mirrored;
        std::vector<int> seen(std::size_t(tiles) * tiles, 0);
        const std::int64_t teams = KokkosTile::Impl::in_place_teams(tiles, order);
        for (std::int64_t rank = 0; rank < teams; ++rank) {
          const auto t = KokkosTile::Impl::grouped_upper_tile_of_rank(int(rank), tiles, order);
          if (t.row < 0)
            continue;
          ASSERT_TRUE(t.row <= t.col && t.col < tiles)
              << "tiles " << tiles << ", group " << group << ", mirrored " << mirrored << ": rank "
              << rank << " took (" << t.row << ", " << t.col << ")";
          ++seen[std::size_t(t.row) * tiles + t.col];
        }
        for (int row = 0; row < tiles; ++row)
          for (int col = row; col < tiles; ++col)
            ASSERT_EQ(seen[std::size_t(row) * tiles + col], 1)
                << "tiles " << tiles << ", group " << group << ", mirrored " << mirrored
                << ": tile (" << row << ", " << col << ")";
      }
    }
  }
}

/// b = a^T into a window of b_outer (columns [origin, origin + a's rows)), every other element of
/// b_outer poisoned before and still poisoned after.
template <class BOuter, class AView>
void expect_transposed_into_window(const BOuter& b_outer, std::int64_t origin, const AView& a,
                                   std::uint64_t seed, const std::string& what) {
  using T = typename BOuter::non_const_value_type;
  const std::int64_t rows = a.extent(0), cols = a.extent(1);
  const auto b = Kokkos::subview(b_outer, Kokkos::ALL, std::make_pair(origin, origin + rows));
  const auto host_a = fill_random_device(a, seed);
  Kokkos::deep_copy(b_outer, poison<T>());
  KokkosTile::transpose_copy(a, b);
  const auto host_b = to_host(b_outer);
  for (std::int64_t r = 0; r < cols; ++r) {
    for (std::int64_t c = 0; c < std::int64_t(b_outer.extent(1)); ++c) {
      const std::int64_t i = c - origin;
      if (i >= 0 && i < rows) {
        ASSERT_TRUE(same_value(host_a(i, r), host_b(r, c)))
            << what << ", " << rows << " x " << cols << ": b(" << r << ", " << i << ")";
      } else {
        ASSERT_TRUE(is_poison(host_b(r, c))) << what << ", " << rows << " x " << cols << ": (" << r
                                             << ", " << c << ") outside b was written";
      }
    }
  }
}

/// Out of place between windows of wider matrices whose lines are whole device tile lines and
/// whose origins are packet-aligned but not line-aligned: the tile grid shifts, and the partial
/// tiles at its edges are moved in packets when their extents are whole packets (other extents
/// take the element-wise path). 136 x 200 cuts both edges of both indices to more than half a
/// tile together (float's shifts 40, 48 and 8 at origins 8, 16 and 40).
TYPED_TEST(Transpose, OutOfPlaceShiftedGridEdgeTiles) {
  using T = TypeParam;
  using Right = Kokkos::View<T**, Kokkos::LayoutRight, MemorySpace>;
  using Left = Kokkos::View<T**, Kokkos::LayoutLeft, MemorySpace>;
  constexpr std::int64_t width = 384;  // 6 lines of 64 elements
  std::uint64_t seed = 1700;
  for (const std::int64_t origin : {2, 8, 16, 40}) {
    for (const auto& e :
         std::vector<Extent2D>{{64, 128}, {100, 192}, {192, 96}, {37, 250}, {136, 200}}) {
      const std::string what = "origin " + std::to_string(origin);
      Right b_outer("b_outer", e.cols, width);
      Right a_right("a_right", e.rows, width);
      expect_transposed_into_window(
          b_outer, origin,
          Kokkos::subview(a_right, Kokkos::ALL, std::make_pair(origin, origin + e.cols)), ++seed,
          what + ", a right");
      Left a_left("a_left", width, e.cols);
      expect_transposed_into_window(
          b_outer, origin,
          Kokkos::subview(a_left, std::make_pair(origin, origin + e.rows), Kokkos::ALL), ++seed,
          what + ", a left");
    }
  }
}

/// Extents around the host kernel's tiles (64 x 64 elements of up to 4 bytes, 32 x 32 of 8 bytes)
/// and its groups of up to 16 x 16 tiles, thin and empty shapes.
const std::vector<Extent2D>& host_tile_extents() {
  static const std::vector<Extent2D> extents = {
      {0, 0},   {3, 0},    {1, 1},     {2, 2},     {1, 77},  {77, 1},
      {2, 300}, {31, 33},  {32, 32},   {33, 31},   {63, 65}, {64, 64},
      {65, 63}, {64, 129}, {127, 128}, {129, 257}, {300, 2}, {1040, 1100}};
  return extents;
}

/// The host kernel's paths: tiles with unit strides (Right/Right, Left/Left, gapped lines), tiles
/// with other strides (fast stride 2 on either side), lines copied (Right into Left and back), and
/// a const source; every output poisoned first.
TYPED_TEST(Transpose, HostPathTilesStridesAndLayouts) {
  using T = TypeParam;
  using Right = Kokkos::View<T**, Kokkos::LayoutRight, MemorySpace>;
  using Left = Kokkos::View<T**, Kokkos::LayoutLeft, MemorySpace>;
  using ConstRight = Kokkos::View<const T**, Kokkos::LayoutRight, MemorySpace>;
  std::uint64_t seed = 500;
  const TransposeOptions options{};
  for (const auto& e : host_tile_extents()) {
    expect_transposed(Right("b", e.cols, e.rows), Right("a", e.rows, e.cols), options, ++seed);
    expect_transposed(Left("b", e.cols, e.rows), Left("a", e.rows, e.cols), options, ++seed);
    expect_transposed(Left("b", e.cols, e.rows), Right("a", e.rows, e.cols), options, ++seed);
    expect_transposed(Right("b", e.cols, e.rows), Left("a", e.rows, e.cols), options, ++seed);
    Kokkos::View<T*, MemorySpace> sa, sb;
    // Lines with gaps, unit fast strides: a contiguous along j, b along i (a true transpose).
    expect_transposed(gapped_view<T>(sb, e.cols, e.rows, false, 1, 5),
                      gapped_view<T>(sa, e.rows, e.cols, false, 1, 3), options, ++seed);
    // Fast stride 2 on the destination, then on the source, then on both.
    expect_transposed(gapped_view<T>(sb, e.cols, e.rows, false, 2, 1),
                      gapped_view<T>(sa, e.rows, e.cols, false, 1, 0), options, ++seed);
    expect_transposed(gapped_view<T>(sb, e.cols, e.rows, true, 1, 0),
                      gapped_view<T>(sa, e.rows, e.cols, true, 2, 3), options, ++seed);
    expect_transposed(gapped_view<T>(sb, e.cols, e.rows, true, 2, 1),
                      gapped_view<T>(sa, e.rows, e.cols, false, 2, 1), options, ++seed);
    // A const source.
    const Right a("a", e.rows, e.cols);
    const Right b("b", e.cols, e.rows);
    const auto host_a = fill_random_device(a, ++seed);
    Kokkos::deep_copy(b, poison<T>());
    KokkosTile::transpose_copy(ConstRight(a), b);
    const auto host_b = to_host(b);
    for (std::int64_t i = 0; i < e.rows; ++i)
      for (std::int64_t j = 0; j < e.cols; ++j)
        ASSERT_TRUE(same_value(host_a(i, j), host_b(j, i)))
            << e.rows << " x " << e.cols << " const source: b(" << j << ", " << i << ")";
  }
}

/// Destinations of 8 MiB and more take non-temporal stores on x86-64 (whole 256-byte lines of full
/// tiles, 16-byte aligned): a destination whose lines are aligned, with partial tiles at both
/// edges, and one whose lines are not (a window one element in); every element checked.
TYPED_TEST(Transpose, HostPathLargeDestinations) {
  using T = TypeParam;
  using Right = Kokkos::View<T**, Kokkos::LayoutRight, MemorySpace>;
  // rows: a multiple of 8 (16-byte destination lines for every T) but of no tile extent.
  const std::int64_t rows = (std::int64_t(9) << 20) / sizeof(T) / 1500 / 16 * 16 + 8;
  const std::int64_t cols = 1501;
  const Right a("a", rows, cols);
  const auto host_a = fill_random_device(a, 1700);
  const Right b("b", cols, rows);
  Kokkos::deep_copy(b, poison<T>());
  KokkosTile::transpose_copy(a, b);
  auto host_b = to_host(b);
  for (std::int64_t i = 0; i < rows; ++i)
    for (std::int64_t j = 0; j < cols; ++j)
      ASSERT_TRUE(same_value(host_a(i, j), host_b(j, i))) << "b(" << j << ", " << i << ")";

  const Right outer("outer", cols, rows + 1);
  Kokkos::deep_copy(outer, poison<T>());
  const Kokkos::View<T**, Kokkos::LayoutStride, MemorySpace> shifted =
      Kokkos::subview(outer, Kokkos::ALL, Kokkos::pair<std::int64_t, std::int64_t>(1, 1 + rows));
  KokkosTile::transpose_copy(a, shifted);
  host_b = to_host(outer);
  for (std::int64_t j = 0; j < cols; ++j) {
    ASSERT_TRUE(is_poison(host_b(j, 0))) << "column 0 of row " << j << " was written";
    for (std::int64_t i = 0; i < rows; ++i)
      ASSERT_TRUE(same_value(host_a(i, j), host_b(j, 1 + i)))
          << "shifted b(" << j << ", " << i << ")";
  }
}

/// A LayoutStride subview of a larger poisoned matrix as the destination: the window is written
/// and nothing around it.
TYPED_TEST(Transpose, HostPathSubviewWritesOnlyItsWindow) {
  using T = TypeParam;
  using Right = Kokkos::View<T**, Kokkos::LayoutRight, MemorySpace>;
  std::uint64_t seed = 900;
  for (const auto& e : host_tile_extents()) {
    const Right a("a", e.rows, e.cols);
    const Right outer("outer", e.cols + 3, e.rows + 5);
    const Kokkos::View<T**, Kokkos::LayoutStride, MemorySpace> window =
        Kokkos::subview(outer, Kokkos::pair<std::int64_t, std::int64_t>(1, 1 + e.cols),
                        Kokkos::pair<std::int64_t, std::int64_t>(2, 2 + e.rows));
    const auto host_a = fill_random_device(a, ++seed);
    Kokkos::deep_copy(outer, poison<T>());
    KokkosTile::transpose_copy(a, window);
    const auto host_outer = to_host(outer);
    for (std::int64_t r = 0; r < e.cols + 3; ++r) {
      for (std::int64_t c = 0; c < e.rows + 5; ++c) {
        const bool inside = r >= 1 && r < 1 + e.cols && c >= 2 && c < 2 + e.rows;
        if (inside) {
          ASSERT_TRUE(same_value(host_a(c - 2, r - 1), host_outer(r, c)))
              << e.rows << " x " << e.cols << ": window (" << r - 1 << ", " << c - 2 << ")";
        } else {
          ASSERT_TRUE(is_poison(host_outer(r, c)))
              << e.rows << " x " << e.cols << ": (" << r << ", " << c << ") outside was written";
        }
      }
    }
  }
}

/// In place around the host tiles, their groups and the pair numbering of the upper triangle, for
/// unit and non-unit fast strides and a square window of a larger matrix (which must keep the
/// elements around the window).
TYPED_TEST(Transpose, HostPathInPlaceTileEdgesAndStrides) {
  using T = TypeParam;
  std::uint64_t seed = 1300;
  for (const std::int64_t n : {0, 1, 2, 3, 31, 32, 33, 63, 64, 65, 127, 129, 257, 700}) {
    const TransposeOptions options{};
    expect_transposed_in_place(Kokkos::View<T**, Kokkos::LayoutRight, MemorySpace>("a", n, n),
                               options, ++seed);
    expect_transposed_in_place(Kokkos::View<T**, Kokkos::LayoutLeft, MemorySpace>("a", n, n),
                               options, ++seed);
    Kokkos::View<T*, MemorySpace> storage;
    expect_transposed_in_place(gapped_view<T>(storage, n, n, true, 1, 7), options, ++seed);
    expect_transposed_in_place(gapped_view<T>(storage, n, n, false, 2, 1), options, ++seed);

    Kokkos::View<T**, Kokkos::LayoutRight, MemorySpace> outer("outer", n + 2, n + 3);
    const auto before = fill_random_device(outer, ++seed);
    const Kokkos::View<T**, Kokkos::LayoutStride, MemorySpace> window =
        Kokkos::subview(outer, Kokkos::pair<std::int64_t, std::int64_t>(1, 1 + n),
                        Kokkos::pair<std::int64_t, std::int64_t>(3, 3 + n));
    KokkosTile::transpose(window);
    const auto after = to_host(outer);
    for (std::int64_t r = 0; r < n + 2; ++r) {
      for (std::int64_t c = 0; c < n + 3; ++c) {
        const bool inside = r >= 1 && r < 1 + n && c >= 3 && c < 3 + n;
        const auto expected = inside ? before(1 + (c - 3), 3 + (r - 1)) : before(r, c);
        ASSERT_TRUE(same_value(expected, after(r, c)))
            << n << " square window: (" << r << ", " << c << ")";
      }
    }
  }
}

/// A trivially copyable element that is not arithmetic.
struct Rgb {
  std::uint8_t r, g, b;
};

void transpose_rgb(const Kokkos::View<Rgb**, Kokkos::LayoutRight, MemorySpace>& b,
                   const Kokkos::View<Rgb**, Kokkos::LayoutLeft, MemorySpace>& a) {
  Kokkos::parallel_for(
      "fill_rgb",
      Kokkos::MDRangePolicy<ExecSpace, Kokkos::Rank<2>>(
          {0, 0}, {std::int64_t(a.extent(0)), std::int64_t(a.extent(1))}),
      KOKKOS_LAMBDA(std::int64_t i, std::int64_t j) {
        a(i, j) = Rgb{std::uint8_t(i), std::uint8_t(j), std::uint8_t(i * 7 + j)};
      });
  KokkosTile::transpose_copy(a, b);
  Kokkos::fence();
}

TEST(TransposeTypes, TriviallyCopyableStructs) {
  Kokkos::View<Rgb**, Kokkos::LayoutLeft, MemorySpace> a("a", 45, 70);
  Kokkos::View<Rgb**, Kokkos::LayoutRight, MemorySpace> b("b", 70, 45);
  transpose_rgb(b, a);
  auto host_b = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), b);
  for (int i = 0; i < 45; ++i) {
    for (int j = 0; j < 70; ++j) {
      ASSERT_EQ(host_b(j, i).r, std::uint8_t(i));
      ASSERT_EQ(host_b(j, i).g, std::uint8_t(j));
      ASSERT_EQ(host_b(j, i).b, std::uint8_t(i * 7 + j));
    }
  }
}

/// Structs of 3 and 16 bytes, out of place and in place, past one tile (the host kernel's register
/// blocks and its scalar path both see them).
struct Wide {
  double re, im;
};

// A free function, not the TEST body: nvcc refuses extended lambdas in a test's (private) body.
void fill_structs(const Kokkos::View<Rgb**, Kokkos::LayoutRight, MemorySpace>& a,
                  const Kokkos::View<Wide**, Kokkos::LayoutRight, MemorySpace>& w) {
  const std::int64_t n = a.extent(0), m = a.extent(1);
  Kokkos::parallel_for(
      "fill_structs", Kokkos::MDRangePolicy<ExecSpace, Kokkos::Rank<2>>({0, 0}, {n, m}),
      KOKKOS_LAMBDA(std::int64_t i, std::int64_t j) {
        a(i, j) = Rgb{std::uint8_t(i), std::uint8_t(j), std::uint8_t(i * 7 + j)};
        if (j < n)
          w(i, j) = Wide{double(i), double(j)};
      });
}

TEST(TransposeTypes, StructsThroughHostTiles) {
  for (const std::int64_t n : {1, 33, 65, 130}) {
    const std::int64_t m = n + 7;
    Kokkos::View<Rgb**, Kokkos::LayoutRight, MemorySpace> a("a", n, m), b("b", m, n);
    Kokkos::View<Wide**, Kokkos::LayoutRight, MemorySpace> w("w", n, n);
    fill_structs(a, w);
    KokkosTile::transpose_copy(a, b);
    KokkosTile::transpose(w);
    auto host_b = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), b);
    auto host_w = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), w);
    for (std::int64_t i = 0; i < n; ++i) {
      for (std::int64_t j = 0; j < m; ++j) {
        ASSERT_EQ(host_b(j, i).r, std::uint8_t(i));
        ASSERT_EQ(host_b(j, i).g, std::uint8_t(j));
        ASSERT_EQ(host_b(j, i).b, std::uint8_t(i * 7 + j));
      }
      for (std::int64_t j = 0; j < n; ++j) {
        ASSERT_EQ(host_w(j, i).re, double(i)) << n << ": (" << j << ", " << i << ")";
        ASSERT_EQ(host_w(j, i).im, double(j)) << n << ": (" << j << ", " << i << ")";
      }
    }
  }
}

TEST(TransposeInstances, AsynchronousOnAnInstance) {
  const ExecSpace instance = Kokkos::Experimental::partition_space(ExecSpace(), 1)[0];
  Kokkos::View<double**, Kokkos::LayoutRight, MemorySpace> a("a", 300, 200), b("b", 200, 300);
  const auto host_a = fill_random_device(a, 5);
  KokkosTile::transpose_copy(instance, a, b);
  KokkosTile::transpose_copy(instance, b, a, {KokkosTile::TransposeVariant::naive});
  instance.fence();
  const auto host_back = to_host(a);
  for (int i = 0; i < 300; ++i)
    for (int j = 0; j < 200; ++j)
      ASSERT_TRUE(same_value(host_a(i, j), host_back(i, j)));
}

TEST(TransposeErrors, RejectsWrongExtentsNamingCallAndShapes) {
  Kokkos::View<float**, MemorySpace> a("a", 4, 6), b("b", 4, 6);
  try {
    KokkosTile::transpose_copy(a, b);
    FAIL() << "no exception";
  } catch (const KokkosTile::InvalidArgument& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("KokkosTile::transpose"), std::string::npos) << message;
    EXPECT_NE(message.find("4 x 6 so b must be 6 x 4"), std::string::npos) << message;
  }
}

TEST(TransposeErrors, RejectsNonSquareInPlaceOverlapAndBadTiles) {
  Kokkos::View<float**, MemorySpace> a("a", 4, 6), square("square", 8, 8);
  using KokkosTile::InvalidArgument;
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::transpose(a); },
      {"KokkosTile::transpose", "an in-place transpose needs a square matrix, but a is 4 x 6"}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::transpose_copy(square, square); },
      {"KokkosTile::transpose_copy<", "a and b overlap: they share elements"}));
  Kokkos::View<float**, MemorySpace> b("b", 6, 4);
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] {
        KokkosTile::transpose_copy(a, b, {TransposeVariant::tiled, -1});
      },
      {"KokkosTile::transpose_copy<tiled>", "tile edge -1 is outside [1, 1024]"}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] {
        KokkosTile::transpose_copy(a, b, {TransposeVariant::tiled, 5000});
      },
      {"KokkosTile::transpose_copy<tiled>", "tile edge 5000 is outside [1, 1024]"}));
  // Bad options are refused on empty Views too, and bad variants everywhere.
  Kokkos::View<float**, MemorySpace> empty_a("empty_a", 0, 5), empty_b("empty_b", 5, 0);
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] {
        KokkosTile::transpose_copy(empty_a, empty_b, {TransposeVariant::tiled, -1});
      },
      {"KokkosTile::transpose_copy<tiled>", "tile edge -1 is outside [1, 1024]"}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::transpose_copy(a, b, {static_cast<TransposeVariant>(42)}); },
      {"variant 42 is not a TransposeVariant"}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::transpose(square, {static_cast<TransposeVariant>(42)}); },
      {"variant 42 is not a TransposeVariant"}));
}

// KokkosTile 0.1's output-first transpose(b, a) still writes b from a (deprecated).
TEST(TransposeErrors, DeprecatedOutputFirstOrderKeepsItsMeaning) {
  Kokkos::View<float**, MemorySpace> a("a", 5, 9), b("b", 9, 5);
  fill_random_device(a, 9);
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
  KokkosTile::transpose(b, a);
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
  Kokkos::fence();
  const auto ha = to_host(a);
  const auto hb = to_host(b);
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 9; ++j)
      ASSERT_EQ(hb(j, i), ha(i, j)) << "(" << i << ", " << j << ")";
}

}  // namespace
}  // namespace KokkosTileTest
