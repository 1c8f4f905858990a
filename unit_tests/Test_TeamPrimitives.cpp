// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tests of team_transpose, team_reverse (KokkosTile_TeamTranspose.hpp) and team_histogram
// (KokkosTile_TeamHistogram.hpp) inside a test's own TeamPolicy kernels, against host loops:
// scratch tiles and global Views, odd extents, team sizes that divide no work count (partial
// teams), samples outside the bins, 32- and 64-bit counts.
#include <KokkosTile_ScratchBudget.hpp>
#include <KokkosTile_ScratchTile.hpp>
#include <KokkosTile_TeamCopy.hpp>
#include <KokkosTile_TeamHistogram.hpp>
#include <KokkosTile_TeamTranspose.hpp>

#include "TestHelpers.hpp"

#include <cstdint>
#include <random>
#include <vector>

namespace KokkosTileTest {
namespace {

using Policy = Kokkos::TeamPolicy<ExecSpace>;
using Member = Policy::member_type;

/// Per team: its matrix into a padded scratch tile, transposed tile to tile, stored; and the same
/// straight from global memory into out2. Then its vector reversed in scratch and, again, in place
/// in global memory (twice reversed: as given).
struct TransposeReverse {
  Kokkos::View<const double***, MemorySpace> in;
  Kokkos::View<double***, MemorySpace> out, out2;
  Kokkos::View<double**, MemorySpace> vec, vec_scratch_reversed;
  KokkosTile::TileShape2D shape_in, shape_out;
  int level;

  KOKKOS_FUNCTION void operator()(const Member& team) const {
    const int r = team.league_rank();
    KokkosTile::Tile2D<double, ExecSpace> a(team, level, shape_in), b(team, level, shape_out);
    KokkosTile::Tile1D<double, ExecSpace> v(team, level, vec.extent(1));
    const auto mine = Kokkos::subview(in, r, Kokkos::ALL, Kokkos::ALL);
    const auto my_vec = Kokkos::subview(vec, r, Kokkos::ALL);
    KokkosTile::load_tile(team, mine, 0, 0, a);
    KokkosTile::load_tile(team, my_vec, 0, v);
    team.team_barrier();
    KokkosTile::team_transpose(team, a, b);
    KokkosTile::team_reverse(team, v);
    team.team_barrier();
    KokkosTile::store_tile(team, b, Kokkos::subview(out, r, Kokkos::ALL, Kokkos::ALL), 0, 0);
    KokkosTile::store_tile(team, v, Kokkos::subview(vec_scratch_reversed, r, Kokkos::ALL), 0);
    KokkosTile::team_transpose(team, mine, Kokkos::subview(out2, r, Kokkos::ALL, Kokkos::ALL));
    KokkosTile::team_reverse(team, my_vec);
  }
};

TEST(TeamPrimitives, TransposeAndReverse) {
  for (const auto& ext : std::vector<std::pair<int, int>>{{1, 1}, {7, 5}, {33, 17}, {64, 65}}) {
    for (const int size : team_sizes_under_test()) {
      SCOPED_TRACE(testing::Message() << ext.first << " x " << ext.second << ", team " << size);
      const int league = 3, rows = ext.first, cols = ext.second, length = rows + cols;
      Kokkos::View<double***, MemorySpace> in("in", league, rows, cols),
          out("out", league, cols, rows), out2("out2", league, cols, rows);
      Kokkos::View<double**, MemorySpace> vec("vec", league, length), rev("rev", league, length);
      auto h_in = Kokkos::create_mirror(in);
      auto h_vec = Kokkos::create_mirror(vec);
      std::mt19937_64 engine(rows * 100 + cols);
      std::uniform_real_distribution<double> u(-1, 1);
      for (std::size_t e = 0; e < h_in.span(); ++e)
        h_in.data()[e] = u(engine);
      for (std::size_t e = 0; e < h_vec.span(); ++e)
        h_vec.data()[e] = u(engine);
      Kokkos::deep_copy(in, h_in);
      Kokkos::deep_copy(vec, h_vec);
      Kokkos::deep_copy(out, poison<double>());
      Kokkos::deep_copy(out2, poison<double>());
      const KokkosTile::TileShape2D shape_in{rows, cols, 1}, shape_out{cols, rows, 1};
      using Tile = KokkosTile::Tile2D<double, ExecSpace>;
      const auto bytes = KokkosTile::ScratchBudget{}
                             .add<Tile>(shape_in)
                             .add<Tile>(shape_out)
                             .add<KokkosTile::Tile1D<double, ExecSpace>>(std::size_t(length))
                             .bytes();
      const auto placement = KokkosTile::place_team_scratch("team_primitives", ExecSpace(), bytes);
      Kokkos::parallel_for(
          "transpose_reverse", KokkosTile::with_scratch(team_policy_of(league, size), placement),
          TransposeReverse{in, out, out2, vec, rev, shape_in, shape_out, placement.level});
      Kokkos::fence();
      const auto h_out = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
      const auto h_out2 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out2);
      const auto h_rev = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), rev);
      const auto h_vec2 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), vec);
      int failures = 0;
      for (int t = 0; t < league; ++t) {
        for (int i = 0; i < rows; ++i)
          for (int j = 0; j < cols; ++j)
            failures += !(h_out(t, j, i) == h_in(t, i, j)) + !(h_out2(t, j, i) == h_in(t, i, j));
        for (int i = 0; i < length; ++i)
          failures += !(h_rev(t, i) == h_vec(t, length - 1 - i)) +
                      !(h_vec2(t, i) == h_vec(t, length - 1 - i));
      }
      EXPECT_EQ(failures, 0);
    }
  }
}

template <class Count>
struct TeamHistogramKernel {
  Kokkos::View<const int*, MemorySpace> samples;
  Kokkos::View<Count*, MemorySpace> counts;
  int per_team, level;
  KOKKOS_FUNCTION void operator()(const Member& team) const {
    const int first = team.league_rank() * per_team;
    const int last =
        first + per_team < int(samples.extent(0)) ? first + per_team : int(samples.extent(0));
    KokkosTile::Tile1D<unsigned, ExecSpace> bins(team, level, counts.extent(0));
    KokkosTile::team_histogram(team, Kokkos::subview(samples, Kokkos::make_pair(first, last)), bins,
                               counts);
  }
};

template <class Count>
void check_team_histogram(int n, int nbins, int per_team, int size) {
  SCOPED_TRACE(testing::Message() << n << " samples, " << nbins << " bins, " << per_team
                                  << " per team, team " << size << ", " << sizeof(Count) * 8
                                  << "-bit counts");
  Kokkos::View<int*, MemorySpace> samples("samples", n);
  Kokkos::View<Count*, MemorySpace> counts("counts", nbins);
  auto h_samples = Kokkos::create_mirror(samples);
  std::mt19937_64 engine(n + nbins);
  std::uniform_int_distribution<int> draw(-3, nbins + 3);  // some outside: clamped
  for (int i = 0; i < n; ++i)
    h_samples(i) = draw(engine);
  Kokkos::deep_copy(samples, h_samples);
  Kokkos::deep_copy(counts, Count(5));  // added to
  const auto bytes = KokkosTile::ScratchBudget{}
                         .add<KokkosTile::Tile1D<unsigned, ExecSpace>>(std::size_t(nbins))
                         .bytes();
  const auto placement = KokkosTile::place_team_scratch("team_histogram", ExecSpace(), bytes);
  const int league = (n + per_team - 1) / per_team;
  Kokkos::parallel_for("team_histogram",
                       KokkosTile::with_scratch(team_policy_of(league, size), placement),
                       TeamHistogramKernel<Count>{samples, counts, per_team, placement.level});
  Kokkos::fence();
  std::vector<std::uint64_t> expected(nbins, 5);
  for (int i = 0; i < n; ++i)
    ++expected[h_samples(i) < 0 ? 0 : (h_samples(i) >= nbins ? nbins - 1 : h_samples(i))];
  const auto h_counts = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), counts);
  int failures = 0;
  for (int b = 0; b < nbins; ++b)
    failures += std::uint64_t(h_counts(b)) != expected[b];
  EXPECT_EQ(failures, 0);
}

TEST(TeamPrimitives, Histogram) {
  for (const int size : team_sizes_under_test()) {
    check_team_histogram<std::uint32_t>(10007, 257, 1000, size);
    check_team_histogram<std::uint64_t>(4099, 1, 333, size);
    check_team_histogram<std::uint32_t>(65, 4096, 7, size);
  }
}

}  // namespace
}  // namespace KokkosTileTest
