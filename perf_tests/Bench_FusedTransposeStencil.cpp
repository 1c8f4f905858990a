// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The second fused example of issue 51: a transpose feeding a stencil, out = L(in^T), L the
// 5-point Laplacian (-4, 1) with clamped edges, on an n x n grid, written three ways on every
// enabled space. Algorithm "transpose_stencil_5pt", extent n x n, counter GB/s (the grid read once
// and written once, as the copy baselines count):
//   kokkostile    one team kernel: each team loads the block of `in` its output tile needs, with
//                 its halo (team_load_halo, clamped), transposes it in scratch (team_transpose)
//                 and applies the stencil to the transposed block; in^T is never written;
//   sequence      the same work as whole-array calls: transpose_copy into a temporary, then
//                 apply_stencil on it (the baseline);
//   plain_kokkos  one thread per output element, its five taps read from `in` transposed.
// deep_copy of the grid is the copy-speed reference, as in the other memory-bound families.
#include <KokkosTile_ScratchBudget.hpp>
#include <KokkosTile_ScratchTile.hpp>
#include <KokkosTile_Stencil.hpp>
#include <KokkosTile_TeamHalo.hpp>
#include <KokkosTile_TeamTranspose.hpp>
#include <KokkosTile_Transpose.hpp>

#include "BenchmarkSpaces.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>

namespace KokkosTileBench {
namespace {

template <class Space>
std::int64_t fused_stencil_edge(const Config& config) {
  if (config.smoke)
    return 61;
  return is_host_space<Space>() ? 4096 : 8192;
}

/// Output tile edge: 128 on host backends (a team of one thread, the two blocks in L2; 1.1x faster
/// than 64 on 2 cores), 32 on devices (a team of 256 threads, four outputs each).
template <class Space>
constexpr int fused_tile_edge() {
  return is_host_space<Space>() ? 128 : 32;
}

template <class Space, class Grid>
void fused_transpose_stencil(const Space& space, const Grid& in, const Grid& out) {
  using T = typename Grid::non_const_value_type;
  using Tile = KokkosTile::Tile2D<T, Space>;
  using Team = typename Kokkos::TeamPolicy<Space>::member_type;
  constexpr bool host = is_host_space<Space>();
  constexpr int edge = fused_tile_edge<Space>();
  const std::int64_t n = std::int64_t(out.extent(0));
  const int tiles = int((n + edge - 1) / edge);
  // An odd pitch: the transposing reads of a column of the block hit distinct banks.
  const KokkosTile::TileShape2D halo{edge + 2, edge + 2, 1};
  const auto budget = KokkosTile::ScratchBudget{}.template add<Tile>(halo).template add<Tile>(halo);
  const auto placement = KokkosTile::place_team_scratch("KokkosTileBench::fused_transpose_stencil",
                                                        space, budget.bytes());
  const int team_size = host ? 1 : 256;
  const auto policy = KokkosTile::with_scratch(
      Kokkos::TeamPolicy<Space>(space, tiles * tiles, team_size), placement);
  const int level = placement.level;
  const auto boundary = KokkosTile::BoundaryCondition<T>::clamp();
  Kokkos::parallel_for(
      "KokkosTileBench::fused_transpose_stencil", policy, KOKKOS_LAMBDA(const Team& team) {
        // Consecutive teams take consecutive blocks along rows of `in` (down a column of `out`'s
        // tiles): on 2 host cores 1.2x faster than the other order, whose blocks of `in` each
        // begin new rows.
        const std::int64_t i0 = std::int64_t(team.league_rank() % tiles) * edge;
        const std::int64_t j0 = std::int64_t(team.league_rank() / tiles) * edge;
        Tile block(team, level, halo), block_t(team, level, halo);
        // out(i, j) reads in^T(i + di, j + dj) = in(j + dj, i + di): the block of `in` at
        // (j0, i0) with a halo of 1, transposed, is in^T's block at (i0, j0) with its halo.
        KokkosTile::team_load_halo(team, in, j0, i0, 1, block, boundary);
        team.team_barrier();
        KokkosTile::team_transpose(team, block, block_t);
        team.team_barrier();
        const auto value = [&](int a, int b) {
          return T(-4) * block_t(a + 1, b + 1) + (block_t(a, b + 1) + block_t(a + 2, b + 1) +
                                                  block_t(a + 1, b) + block_t(a + 1, b + 2));
        };
        const int rows = int(n - i0 < edge ? n - i0 : edge);
        const int cols = int(n - j0 < edge ? n - j0 : edge);
        const auto store = [&](int a, int b) { out(i0 + a, j0 + b) = value(a, b); };
        if constexpr (Kokkos::SpaceAccessibility<Kokkos::HostSpace,
                                                 typename Space::memory_space>::
                          accessible) {  // rows of contiguous, vectorisable taps
          for (int a = 0; a < rows; ++a)
            for (int b = 0; b < cols; ++b)
              store(a, b);
        } else {  // neighbouring threads on neighbouring outputs of a row
          Kokkos::parallel_for(Kokkos::TeamVectorRange(team, edge * edge), [&](int e) {
            const int a = e / edge, b = e % edge;
            if (a < rows && b < cols)
              store(a, b);
          });
        }
      });
}

template <class Space, class Grid>
void sequence_transpose_stencil(const Space& space, const Grid& in, const Grid& out,
                                const Grid& in_t) {
  using T = typename Grid::non_const_value_type;
  KokkosTile::transpose_copy(space, in, in_t);
  KokkosTile::apply_stencil(space, in_t, out, KokkosTile::Stencil2D<T>::five_point(T(-4), T(1)),
                            KokkosTile::BoundaryCondition<T>::clamp());
}

template <class Space, class Grid>
void plain_transpose_stencil(const Space& space, const Grid& in, const Grid& out) {
  using T = typename Grid::non_const_value_type;
  const std::int64_t n = std::int64_t(out.extent(0));
  Kokkos::parallel_for(
      "KokkosTileBench::plain_transpose_stencil",
      Kokkos::MDRangePolicy<Space, Kokkos::Rank<2>>(space, {0, 0}, {n, n}),
      KOKKOS_LAMBDA(std::int64_t i, std::int64_t j) {
        const std::int64_t up = i > 0 ? i - 1 : 0, down = i + 1 < n ? i + 1 : n - 1;
        const std::int64_t left = j > 0 ? j - 1 : 0, right = j + 1 < n ? j + 1 : n - 1;
        out(i, j) = T(-4) * in(j, i) + (in(j, up) + in(j, down) + in(left, i) + in(right, i));
      });
}

/// Whether `out` holds the sequence's result, to rounding (a variant that computes something else
/// is reported, not timed).
template <class Space, class Grid>
bool matches_sequence(const Space& space, const Grid& in, const Grid& out) {
  using T = typename Grid::non_const_value_type;
  Grid expected("expected", out.extent(0), out.extent(1)), in_t("in_t", in.extent(1), in.extent(0));
  sequence_transpose_stencil(space, in, expected, in_t);
  space.fence();
  const auto got = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  const auto want = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), expected);
  // Values up to 1000, sums of eight: a few units in the last place of 8000.
  const double tolerance = 8 * 8000 * double(std::numeric_limits<T>::epsilon());
  for (std::size_t i = 0; i < got.extent(0); ++i)
    for (std::size_t j = 0; j < got.extent(1); ++j)
      if (!(std::abs(double(got(i, j)) - double(want(i, j))) <= tolerance))
        return false;
  return true;
}

template <class Space, class T>
void register_fused_stencil_for(const Config& config) {
  using grid = Kokkos::View<T**, Kokkos::LayoutRight, typename Space::memory_space>;
  const std::int64_t n = fused_stencil_edge<Space>(config);
  const std::string extent = std::to_string(n) + "x" + std::to_string(n);
  const std::string algorithm = "transpose_stencil_5pt";
  const double bytes = 2.0 * double(n) * double(n) * sizeof(T);
  register_copy_baselines<Space, T>(algorithm, extent, n * n, config);
  auto add = [&](const std::string& variant, auto call) {
    register_benchmark(
        benchmark_name<Space, T>(algorithm, variant, extent), config, [=](benchmark::State& state) {
          const Space space;
          grid in("in", n, n), out("out", n, n), in_t("in_t", n, n);
          Kokkos::View<T*, typename Space::memory_space> flat(in.data(), n * n);
          fill_pattern(space, flat);
          call(space, in, out, in_t);
          if (!matches_sequence(space, in, out)) {
            state.SkipWithError("differs from transpose_copy + apply_stencil");
            return;
          }
          time_memory_bound(state, space, bytes, [&] { call(space, in, out, in_t); });
        });
  };
  add("kokkostile", [](const Space& space, const grid& in, const grid& out, const grid&) {
    fused_transpose_stencil(space, in, out);
  });
  add("sequence", [](const Space& space, const grid& in, const grid& out, const grid& in_t) {
    sequence_transpose_stencil(space, in, out, in_t);
  });
  add("plain_kokkos", [](const Space& space, const grid& in, const grid& out, const grid&) {
    plain_transpose_stencil(space, in, out);
  });
}

struct RegisterFusedStencil {
  const Config& config;
  template <class Space>
  void operator()() const {
    register_fused_stencil_for<Space, float>(config);
    register_fused_stencil_for<Space, double>(config);
  }
};

}  // namespace

void register_fused_transpose_stencil_benchmarks(const Config& config) {
  for_each_enabled_space(RegisterFusedStencil{config});
}

}  // namespace KokkosTileBench
