// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tests of KokkosTile_TeamCopy.hpp: Views of every layout go through tiles of odd shapes and come
// out bit-identical, into poisoned outputs; and of the staged 2-D walk underneath
// (team_staged_copy_2d, KokkosTile_TeamLoops.hpp): every element once.
#include <KokkosTile_TeamCopy.hpp>
#include <KokkosTile_TeamLoops.hpp>

#include "TestHelpers.hpp"
#include "TileRoundTrip.hpp"

#include <string>
#include <utility>
#include <vector>

namespace KokkosTileTest {
namespace {

using KokkosTile::TileShape2D;

struct MatrixExtent {
  std::int64_t rows;
  std::int64_t cols;
};

const std::vector<MatrixExtent>& matrix_extents() {
  static const std::vector<MatrixExtent> extents = {{0, 5},   {5, 0},   {1, 1},   {17, 31},
                                                    {64, 33}, {100, 7}, {33, 64}, {129, 130}};
  return extents;
}

const std::vector<TileShape2D>& tile_shapes() {
  static const std::vector<TileShape2D> shapes = {{1, 1, 0},   {7, 5, 0},  {16, 16, 0}, {16, 16, 1},
                                                  {32, 32, 1}, {8, 32, 3}, {64, 48, 1}};
  return shapes;
}

template <class SrcView, class DstView>
void expect_round_trip(const SrcView& src, const DstView& dst, const TileShape2D& shape,
                       std::uint64_t seed) {
  using T = typename DstView::non_const_value_type;
  const auto host_src = fill_random_device(src, seed);
  Kokkos::deep_copy(dst, poison<T>());

  copy_through_tiles(src, dst, shape);

  const auto host_dst = to_host(dst);
  for (std::size_t i = 0; i < src.extent(0); ++i)
    for (std::size_t j = 0; j < src.extent(1); ++j)
      ASSERT_TRUE(same_value(host_src(i, j), host_dst(i, j)))
          << src.extent(0) << "x" << src.extent(1) << " through " << shape.rows << "x" << shape.cols
          << "+" << shape.pad << " tiles, element (" << i << ", " << j << ")";
}

TEST(TeamCopy, RoundTripThroughTilesInEveryLayout) {
  std::uint64_t seed = 1;
  for (const auto& shape : tile_shapes()) {
    for (const auto& extent : matrix_extents()) {
      Kokkos::View<double**, Kokkos::LayoutLeft, MemorySpace> left("left", extent.rows,
                                                                   extent.cols);
      Kokkos::View<double**, Kokkos::LayoutRight, MemorySpace> right("right", extent.rows,
                                                                     extent.cols);
      expect_round_trip(left, right, shape, ++seed);
      expect_round_trip(right, left, shape, ++seed);

      Kokkos::View<double*, MemorySpace> storage_a, storage_b;
      auto by_rows = gapped_view<double>(storage_a, extent.rows, extent.cols, true, 2, 3);
      auto by_cols = gapped_view<double>(storage_b, extent.rows, extent.cols, false, 3, 1);
      expect_round_trip(by_rows, by_cols, shape, ++seed);
      expect_round_trip(by_cols, left, shape, ++seed);
    }
  }
}

TEST(TeamCopy, SubviewsAndFloat) {
  Kokkos::View<float**, Kokkos::LayoutRight, MemorySpace> big("big", 70, 90);
  Kokkos::View<float**, Kokkos::LayoutLeft, MemorySpace> out("out", 41, 53);
  auto window =
      Kokkos::subview(big, Kokkos::pair<int, int>(13, 54), Kokkos::pair<int, int>(30, 83));
  expect_round_trip(window, out, TileShape2D{16, 16, 1}, 99);
}

TEST(TeamCopy, PaddedTilesTransposeCorrectly) {
  for (const auto& shape : tile_shapes()) {
    for (const auto& extent : matrix_extents()) {
      Kokkos::View<float**, Kokkos::LayoutRight, MemorySpace> src("src", extent.rows, extent.cols);
      Kokkos::View<float**, Kokkos::LayoutRight, MemorySpace> dst("dst", extent.cols, extent.rows);
      const auto host_src = fill_random_device(src, 500 + extent.rows);
      Kokkos::deep_copy(dst, poison<float>());

      transpose_through_tiles(src, dst, shape);

      const auto host_dst = to_host(dst);
      for (std::int64_t i = 0; i < extent.rows; ++i)
        for (std::int64_t j = 0; j < extent.cols; ++j)
          ASSERT_TRUE(same_value(host_src(i, j), host_dst(j, i)))
              << "tile " << shape.rows << "x" << shape.cols << "+" << shape.pad << ", (" << i
              << ", " << j << ")";
    }
  }
}

TEST(TeamCopy, LoadOrFillDefinesTheWholeTile) {
  const TileShape2D shape{16, 8, 1};
  const double fill = -7.5;
  Kokkos::View<double**, Kokkos::LayoutLeft, MemorySpace> src("src", 21, 11);
  auto host_src = Kokkos::create_mirror_view(src);
  fill_random(host_src, 77);
  Kokkos::deep_copy(src, host_src);
  const int tiles_down = tiles_along(21, shape.rows), tiles_across = tiles_along(11, shape.cols);
  Kokkos::View<double***, Kokkos::LayoutRight, MemorySpace> dump("dump", tiles_down * tiles_across,
                                                                 shape.rows, shape.cols);
  Kokkos::deep_copy(dump, poison<double>());

  dump_filled_tiles(src, dump, shape, fill);

  auto host_dump = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), dump);
  for (int t = 0; t < tiles_down * tiles_across; ++t) {
    for (int i = 0; i < shape.rows; ++i) {
      for (int j = 0; j < shape.cols; ++j) {
        const std::int64_t row = (t / tiles_across) * shape.rows + i;
        const std::int64_t col = (t % tiles_across) * shape.cols + j;
        const double expected = (row < 21 && col < 11) ? host_src(row, col) : fill;
        ASSERT_TRUE(same_value(expected, host_dump(t, i, j)))
            << "tile " << t << " (" << i << ", " << j << ")";
      }
    }
  }
}

TEST(TeamCopy, OneDimensionalTilesClipAtTheEnd) {
  for (const int chunk : {1, 7, 64}) {
    for (const auto extent : edge_extents()) {
      Kokkos::View<int*, MemorySpace> src("src", extent);
      Kokkos::View<int*, Kokkos::LayoutStride, MemorySpace> dst;
      Kokkos::View<int*, MemorySpace> storage("storage", 3 * extent);
      dst = Kokkos::View<int*, Kokkos::LayoutStride, MemorySpace>(storage.data(),
                                                                  Kokkos::LayoutStride(extent, 3));
      const int teams = tiles_along(extent, chunk);
      Kokkos::View<int*, MemorySpace> counts("counts", teams);
      auto host_src = Kokkos::create_mirror_view(src);
      fill_random(host_src, 300 + extent);
      Kokkos::deep_copy(src, host_src);
      Kokkos::deep_copy(storage, poison<int>());

      copy_through_1d_tiles(src, dst, chunk, counts);

      auto host_storage = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), storage);
      for (std::int64_t i = 0; i < extent; ++i) {
        ASSERT_TRUE(same_value(host_src(i), host_storage(3 * i))) << "element " << i;
        ASSERT_TRUE(is_poison(host_storage(3 * i + 1))) << "gap " << i << " was written";
      }
      auto host_counts = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), counts);
      for (int t = 0; t < teams; ++t) {
        const std::int64_t expected =
            std::min<std::int64_t>(chunk, extent - std::int64_t(t) * chunk);
        ASSERT_EQ(host_counts(t), expected) << "team " << t << ", chunk " << chunk;
      }
    }
  }
}

template <int InFlight>
struct StagedCopy2D {  // team r copies rows r * slow .. of src to dst, counting each visit
  Kokkos::View<const int**, Kokkos::LayoutRight, MemorySpace> src;
  Kokkos::View<int**, Kokkos::LayoutRight, MemorySpace> dst, hits;
  int slow;
  KOKKOS_FUNCTION void operator()(
      const typename Kokkos::TeamPolicy<ExecSpace>::member_type& team) const {
    const int row0 = team.league_rank() * slow;
    KokkosTile::team_staged_copy_2d<InFlight>(
        team, int(src.extent(1)), slow, [&](int f, int s) { return src(row0 + s, f); },
        [&](int f, int s, int value) {
          dst(row0 + s, f) = value;
          Kokkos::atomic_inc(&hits(row0 + s, f));
        });
  }
};

template <int InFlight>
void expect_staged_copy_2d(int fast, int slow, int team_size) {
  SCOPED_TRACE(testing::Message() << fast << " x " << slow << ", " << InFlight
                                  << " in flight, team " << team_size);
  const int teams = 2;
  Kokkos::View<int**, Kokkos::LayoutRight, MemorySpace> src("src", teams * slow, fast),
      dst("dst", teams * slow, fast), hits("hits", teams * slow, fast);
  const auto host_src = fill_random_device(src, 900 + fast * 31 + slow);
  Kokkos::deep_copy(dst, poison<int>());
  Kokkos::parallel_for("staged_copy_2d", team_policy_of(teams, team_size),
                       StagedCopy2D<InFlight>{src, dst, hits, slow});
  Kokkos::fence();
  const auto host_dst = to_host(dst);
  const auto host_hits = to_host(hits);
  for (int i = 0; i < teams * slow; ++i)
    for (int f = 0; f < fast; ++f) {
      ASSERT_EQ(host_hits(i, f), 1) << "(" << i << ", " << f << ")";
      ASSERT_EQ(host_dst(i, f), host_src(i, f)) << "(" << i << ", " << f << ")";
    }
}

TEST(TeamLoops, StagedCopy2DVisitsEveryElementOnce) {
  const std::vector<std::pair<int, int>> shapes = {{0, 5},   {5, 0},   {1, 1},   {7, 5},
                                                   {33, 17}, {64, 48}, {100, 3}, {3, 100}};
  for (const auto& [fast, slow] : shapes)
    for (const int size : team_sizes_under_test()) {
      expect_staged_copy_2d<1>(fast, slow, size);
      expect_staged_copy_2d<3>(fast, slow, size);
      expect_staged_copy_2d<8>(fast, slow, size);
    }
}

}  // namespace
}  // namespace KokkosTileTest
