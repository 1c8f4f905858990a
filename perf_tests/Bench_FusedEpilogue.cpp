// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The fused example of issue 51: Y_b = relu(A_b * B_b + bias) for n x n matrices (bias per column),
// written three ways on every enabled space. Algorithm "gemm_batched_bias_relu", extent n, counter
// GFLOP/s (2 n^3 per matrix), batch for at least 0.25 GFLOP (1 on devices):
//   kokkostile    one team kernel per call: each team multiplies its A_b and B_b (team_gemm;
//                 on the host staged into scratch tiles first by load_tile, on devices read
//                 from global memory), and team_gemm's epilogue writes relu(product + bias) to
//                 Y_b; Y is written once and never read;
//   sequence      the same work as whole-array calls: gemm_batched into Y, then a kernel that
//                 reads Y back and writes relu(Y + bias) (the baseline);
//   plain_kokkos  one thread per element of every Y_b, its dot product and the epilogue.
#include <KokkosTile_GemmBatched.hpp>
#include <KokkosTile_ScratchBudget.hpp>
#include <KokkosTile_ScratchTile.hpp>
#include <KokkosTile_TeamCopy.hpp>
#include <KokkosTile_TeamGemm.hpp>

#include "BenchBatched.hpp"
#include "BenchmarkSpaces.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace KokkosTileBench {
namespace {

template <class Space>
std::vector<int> fused_extents(const Config& config) {
  if (config.smoke)
    return {5, 17};
  return {8, 16, 32, 64};
}

template <class T>
KOKKOS_INLINE_FUNCTION T relu(T x) {
  return x > T(0) ? x : T(0);
}

/// One team per matrix; device teams of one thread per 4 x 4 block of Y (32 to max_team), host
/// teams of one thread. StageAB: A and B loaded into scratch tiles first (load_tile), else
/// team_gemm reads them from global memory. TileC: the product goes to a scratch tile, and a
/// second loop writes relu(tile + bias) to Y_b; else team_gemm's epilogue does it as it stores
/// Y_b, and the kernel needs neither the tile nor the barrier. Algo: team_gemm's blocking.
template <bool StageAB, bool TileC, class Algo = KokkosTile::TeamGemmAlgo::Default, class Space,
          class View3, class Bias>
void fused_bias_relu(const Space& space, const View3& a, const View3& b, const Bias& bias,
                     const View3& y, int max_team) {
  using T = typename View3::non_const_value_type;
  using Tile = KokkosTile::Tile2D<T, Space>;
  using Team = typename Kokkos::TeamPolicy<Space>::member_type;
  const int n = int(y.extent(1)), k = int(a.extent(2));
  // Rows padded by 4 elements: the lanes of a DMMA fragment load (team_gemm, double) then hit
  // distinct banks.
  const KokkosTile::TileShape2D shape_a{n, k, 4}, shape_b{k, n, 4}, shape_y{n, n, 4};
  KokkosTile::ScratchBudget budget;
  if (TileC)
    budget.template add<Tile>(shape_y);
  if (StageAB)
    budget.template add<Tile>(shape_a).template add<Tile>(shape_b);
  const auto placement =
      KokkosTile::place_team_scratch("KokkosTileBench::fused_bias_relu", space, budget.bytes());
  const int team_size =
      is_host_space<Space>() ? 1 : std::clamp((n * n / 16 + 31) / 32 * 32, 32, max_team);
  const auto policy = KokkosTile::with_scratch(
      Kokkos::TeamPolicy<Space>(space, int(y.extent(0)), team_size), placement);
  const int level = placement.level;
  // Not if constexpr below: nvcc's extended lambdas cannot first-capture there.
  Kokkos::parallel_for(
      "KokkosTileBench::fused_bias_relu", policy, KOKKOS_LAMBDA(const Team& team) {
        const int m = team.league_rank();
        const auto am = Kokkos::subview(a, m, Kokkos::ALL, Kokkos::ALL);
        const auto bm = Kokkos::subview(b, m, Kokkos::ALL, Kokkos::ALL);
        const auto ym = Kokkos::subview(y, m, Kokkos::ALL, Kokkos::ALL);
        const auto bias_relu = [&](int, int j, T v) { return relu(v + bias(j)); };
        if (TileC) {
          Tile ty(team, level, shape_y);
          if (StageAB) {
            Tile ta(team, level, shape_a), tb(team, level, shape_b);
            KokkosTile::load_tile(team, am, 0, 0, ta);
            KokkosTile::load_tile(team, bm, 0, 0, tb);
            team.team_barrier();
            KokkosTile::team_gemm<'N', 'N', Algo>(team, T(1), ta, tb, T(0), ty);
          } else {
            KokkosTile::team_gemm<'N', 'N', Algo>(team, T(1), am, bm, T(0), ty);
          }
          team.team_barrier();
          Kokkos::parallel_for(Kokkos::TeamVectorRange(team, n * n), [&](int e) {
            const int i = e / n, j = e % n;
            ym(i, j) = bias_relu(i, j, ty(i, j));
          });
        } else if (StageAB) {
          Tile ta(team, level, shape_a), tb(team, level, shape_b);
          KokkosTile::load_tile(team, am, 0, 0, ta);
          KokkosTile::load_tile(team, bm, 0, 0, tb);
          team.team_barrier();
          KokkosTile::team_gemm<'N', 'N', Algo>(team, T(1), ta, tb, T(0), ym, bias_relu);
        } else {
          KokkosTile::team_gemm<'N', 'N', Algo>(team, T(1), am, bm, T(0), ym, bias_relu);
        }
      });
}

/// Several matrices a team (team_gemm_batched, operands from global memory, the epilogue writing
/// Y): per_team matrices for a team of team_size threads, so that small matrices fill the team.
template <class Space, class View3, class Bias>
void fused_bias_relu_batched(const Space& space, const View3& a, const View3& b, const Bias& bias,
                             const View3& y, int per_team, int team_size) {
  using T = typename View3::non_const_value_type;
  using Team = typename Kokkos::TeamPolicy<Space>::member_type;
  const int batch = int(y.extent(0));
  Kokkos::parallel_for(
      "KokkosTileBench::fused_bias_relu_batched",
      Kokkos::TeamPolicy<Space>(space, (batch + per_team - 1) / per_team,
                                is_host_space<Space>() ? 1 : team_size),
      KOKKOS_LAMBDA(const Team& team) {
        const int first = team.league_rank() * per_team;
        const Kokkos::pair<int, int> mine(first,
                                          first + per_team < batch ? first + per_team : batch);
        KokkosTile::team_gemm_batched(team, T(1),
                                      Kokkos::subview(a, mine, Kokkos::ALL, Kokkos::ALL),
                                      Kokkos::subview(b, mine, Kokkos::ALL, Kokkos::ALL), T(0),
                                      Kokkos::subview(y, mine, Kokkos::ALL, Kokkos::ALL),
                                      [&](int, int, int j, T v) { return relu(v + bias(j)); });
      });
}

template <class Space, class View3, class Bias>
void sequence_bias_relu(const Space& space, const View3& a, const View3& b, const Bias& bias,
                        const View3& y) {
  using T = typename View3::non_const_value_type;
  KokkosTile::gemm_batched(space, "N", "N", T(1), a, b, T(0), y);
  const int n = int(y.extent(1));
  Kokkos::View<T*, typename View3::memory_space> flat(y.data(), y.span());
  Kokkos::parallel_for(
      "KokkosTileBench::bias_relu", Kokkos::RangePolicy<Space>(space, 0, flat.extent(0)),
      KOKKOS_LAMBDA(std::int64_t e) { flat(e) = relu(flat(e) + bias(int(e % n))); });
}

template <class Space, class View3, class Bias>
void plain_kokkos_bias_relu(const Space& space, const View3& a, const View3& b, const Bias& bias,
                            const View3& y) {
  using T = typename View3::non_const_value_type;
  const int n = int(y.extent(1)), k = int(a.extent(2));
  Kokkos::parallel_for(
      "KokkosTileBench::plain_bias_relu", Kokkos::RangePolicy<Space>(space, 0, y.size()),
      KOKKOS_LAMBDA(std::int64_t e) {
        const std::int64_t m = e / (std::int64_t(n) * n);
        const int i = int(e / n % n), j = int(e % n);
        T sum = 0;
        for (int p = 0; p < k; ++p)
          sum += a(m, i, p) * b(m, p, j);
        y(m, i, j) = relu(sum + bias(j));
      });
}

/// Whether y holds what plain_kokkos_bias_relu computes, to rounding (a variant that computes
/// something else is reported, not timed).
template <class Space, class View3, class Bias>
bool matches_plain(const Space& space, const View3& a, const View3& b, const Bias& bias,
                   const View3& y) {
  using T = typename View3::non_const_value_type;
  View3 expected("expected", y.extent(0), y.extent(1), y.extent(2));
  plain_kokkos_bias_relu(space, a, b, bias, expected);
  space.fence();
  const auto got = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), y);
  const auto want = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), expected);
  const double tolerance = 64 * double(std::numeric_limits<T>::epsilon()) * double(a.extent(2));
  for (std::size_t e = 0; e < got.span(); ++e)
    if (!(std::abs(double(got.data()[e]) - double(want.data()[e])) <= tolerance))
      return false;
  return true;
}

template <class Space, class T>
void register_fused_for(const Config& config) {
  using view_type = Kokkos::View<T***, Kokkos::LayoutRight, typename Space::memory_space>;
  using bias_type = Kokkos::View<T*, typename Space::memory_space>;
  const double target = is_host_space<Space>() ? 2.5e8 : 1e9;
  for (const int n : fused_extents<Space>(config)) {
    const std::int64_t batch = config.smoke ? 3 : batch_for(n, target);
    const double flops = 2.0 * double(n) * n * n * double(batch);
    auto add = [&](const std::string& variant, auto call) {
      register_benchmark(benchmark_name<Space, T>("gemm_batched_bias_relu", variant, n), config,
                         [=](benchmark::State& state) {
                           const Space space;
                           view_type a("a", batch, n, n), b("b", batch, n, n), y("y", batch, n, n);
                           bias_type bias("bias", n);
                           fill_batched(space, a, 1);
                           fill_batched(space, b, 2);
                           fill_batched(space, bias, 3);
                           call(space, a, b, bias, y);
                           if (!matches_plain(space, a, b, bias, y)) {
                             state.SkipWithError("differs from plain_kokkos");
                             return;
                           }
                           time_fenced_calls(state, space, [=] { call(space, a, b, bias, y); });
                           state.counters["GFLOP/s"] = benchmark::Counter(
                               flops / 1e9, benchmark::Counter::kIsIterationInvariantRate);
                           state.counters["batch"] = double(batch);
                         });
    };
    // The default form: team_gemm's epilogue writes Y; on the host A and B staged; on devices
    // read from global memory, in teams of at most 128, by size (the fastest form on an H200,
    // variants below): below n = 16, 16 matrices a team (team_gemm_batched); from n = 32,
    // team_gemm's large blocks (float: 8 x 8 tiles a thread in teams of 64; double: 32 x 32 a
    // warp). At n = 32 these still take 4 x 4 tiles and 16 x 16 blocks, but the large-block
    // kernel measured 1.07-1.3x faster: ptxas, given more registers, keeps more loads in flight.
    add("kokkostile", [](const Space& space, const view_type& a, const view_type& b,
                         const bias_type& bias, const view_type& y) {
      using Large = KokkosTile::TeamGemmAlgo::LargeBlocks;
      const int order = int(y.extent(1));
      if constexpr (is_host_space<Space>())
        fused_bias_relu<true, false>(space, a, b, bias, y, 1);
      else if (order < 16)
        fused_bias_relu_batched(space, a, b, bias, y, 16, 128);
      else if (order < 32)
        fused_bias_relu<false, false>(space, a, b, bias, y, 128);
      else
        fused_bias_relu<false, false, Large>(space, a, b, bias, y, sizeof(T) == 8 ? 128 : 64);
    });
    if (config.variants) {  // the other forms, to show what the default's choices gain
      add("kokkostile_staged",
          [](const Space& space, const view_type& a, const view_type& b, const bias_type& bias,
             const view_type& y) { fused_bias_relu<true, false>(space, a, b, bias, y, 128); });
      add("kokkostile_global",
          [](const Space& space, const view_type& a, const view_type& b, const bias_type& bias,
             const view_type& y) { fused_bias_relu<false, false>(space, a, b, bias, y, 128); });
      add("kokkostile_staged_tile",
          [](const Space& space, const view_type& a, const view_type& b, const bias_type& bias,
             const view_type& y) { fused_bias_relu<true, true>(space, a, b, bias, y, 128); });
      add("kokkostile_global_tile",
          [](const Space& space, const view_type& a, const view_type& b, const bias_type& bias,
             const view_type& y) { fused_bias_relu<false, true>(space, a, b, bias, y, 128); });
      using Large = KokkosTile::TeamGemmAlgo::LargeBlocks;
      add("kokkostile_large_t64", [](const Space& space, const view_type& a, const view_type& b,
                                     const bias_type& bias, const view_type& y) {
        fused_bias_relu<false, false, Large>(space, a, b, bias, y, 64);
      });
      add("kokkostile_large_t128", [](const Space& space, const view_type& a, const view_type& b,
                                      const bias_type& bias, const view_type& y) {
        fused_bias_relu<false, false, Large>(space, a, b, bias, y, 128);
      });
      for (const int per_team : {4, 8, 16})
        add("kokkostile_batched" + std::to_string(per_team),
            [per_team](const Space& space, const view_type& a, const view_type& b,
                       const bias_type& bias, const view_type& y) {
              fused_bias_relu_batched(space, a, b, bias, y, per_team, 128);
            });
      add("kokkostile_large_tile_t128",
          [](const Space& space, const view_type& a, const view_type& b, const bias_type& bias,
             const view_type& y) {
            fused_bias_relu<false, true, Large>(space, a, b, bias, y, 128);
          });
    }
    add("sequence",
        [](const Space& space, const view_type& a, const view_type& b, const bias_type& bias,
           const view_type& y) { sequence_bias_relu(space, a, b, bias, y); });
    add("plain_kokkos",
        [](const Space& space, const view_type& a, const view_type& b, const bias_type& bias,
           const view_type& y) { plain_kokkos_bias_relu(space, a, b, bias, y); });
  }
}

struct RegisterFused {
  const Config& config;
  template <class Space>
  void operator()() const {
    register_fused_for<Space, float>(config);
    register_fused_for<Space, double>(config);
  }
};

}  // namespace

void register_fused_epilogue_benchmarks(const Config& config) {
  for_each_enabled_space(RegisterFused{config});
}

}  // namespace KokkosTileBench
