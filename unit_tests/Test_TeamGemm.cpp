// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tests of KokkosTile_TeamGemm.hpp inside a test's own TeamPolicy kernel, against a double
// reference on the host: tiles staged in scratch (Tile2D) and Views in global memory, every op
// pair, odd extents from 1 x 1 to past 64, team sizes that do not divide the work (partial
// teams), beta = 0 with NaN in C, mixed scratch / global operands, epilogues, and both
// TeamGemmAlgo blockings; team_gemm_batched over several matrices a team.
#include <KokkosTile_ScratchBudget.hpp>
#include <KokkosTile_ScratchTile.hpp>
#include <KokkosTile_TeamCopy.hpp>
#include <KokkosTile_TeamGemm.hpp>

#include "TestHelpers.hpp"

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace KokkosTileTest {
namespace {

using Policy = Kokkos::TeamPolicy<ExecSpace>;
using Member = Policy::member_type;

/// The epilogue of the epilogue cases: depends on the row, the column and the value, so that a
/// call that skips it, or passes it the wrong element, gives another C.
template <class T>
KOKKOS_INLINE_FUNCTION T shifted(int i, int j, T value) {
  return value + T(i) - T(2 * j);
}

using KokkosTile::TeamGemmAlgo::Default;
using KokkosTile::TeamGemmAlgo::LargeBlocks;

template <char OpA, char OpB, class Algo, class T, class TeamMember, class AMatrix, class BMatrix,
          class CMatrix>
KOKKOS_INLINE_FUNCTION void team_gemm_maybe_epilogue(const TeamMember& team, bool epilogue, T alpha,
                                                     const AMatrix& a, const BMatrix& b, T beta,
                                                     const CMatrix& c) {
  if (epilogue)
    KokkosTile::team_gemm<OpA, OpB, Algo>(team, alpha, a, b, beta, c,
                                          [](int i, int j, T v) { return shifted(i, j, v); });
  else
    KokkosTile::team_gemm<OpA, OpB, Algo>(team, alpha, a, b, beta, c);
}

template <char OpA, char OpB, class T, class Algo>
struct ScratchTeamGemm {  // one matrix per team: A and B staged in scratch, C in scratch too
  Kokkos::View<const T***, MemorySpace> a, b;
  Kokkos::View<T***, MemorySpace> c;
  T alpha, beta;
  KokkosTile::TileShape2D shape_a, shape_b, shape_c;
  int level;
  bool epilogue;

  KOKKOS_FUNCTION void operator()(const Member& team) const {
    const int r = team.league_rank();
    KokkosTile::Tile2D<T, ExecSpace> ta(team, level, shape_a), tb(team, level, shape_b),
        tc(team, level, shape_c);
    auto ga = Kokkos::subview(a, r, Kokkos::ALL, Kokkos::ALL);
    auto gb = Kokkos::subview(b, r, Kokkos::ALL, Kokkos::ALL);
    auto gc = Kokkos::subview(c, r, Kokkos::ALL, Kokkos::ALL);
    KokkosTile::load_tile(team, ga, 0, 0, ta);
    KokkosTile::load_tile(team, gb, 0, 0, tb);
    KokkosTile::load_tile(team, gc, 0, 0, tc);
    team.team_barrier();
    team_gemm_maybe_epilogue<OpA, OpB, Algo>(team, epilogue, alpha, ta, tb, beta, tc);
    team.team_barrier();
    KokkosTile::store_tile(team, tc, gc, 0, 0);
  }
};

template <char OpA, char OpB, class T, class Algo>
struct GlobalTeamGemm {  // operands straight from global memory, op(B) through a subview
  Kokkos::View<const T***, MemorySpace> a, b;
  Kokkos::View<T***, MemorySpace> c;
  T alpha, beta;
  bool epilogue;
  KOKKOS_FUNCTION void operator()(const Member& team) const {
    const int r = team.league_rank();
    team_gemm_maybe_epilogue<OpA, OpB, Algo>(team, epilogue, alpha,
                                             Kokkos::subview(a, r, Kokkos::ALL, Kokkos::ALL),
                                             Kokkos::subview(b, r, Kokkos::ALL, Kokkos::ALL), beta,
                                             Kokkos::subview(c, r, Kokkos::ALL, Kokkos::ALL));
  }
};

struct TeamCase {
  int m, n, k;
};

/// A batch of random operands for op(A) m x k and op(B) k x n (C poisoned when beta = 0), their
/// host copies, and the check of C against the double host reference through an expected
/// epilogue f(r, i, j, value).
template <char OpA, char OpB, class T>
struct TeamGemmOperands {
  static constexpr bool ta = OpA != 'N', tb = OpB != 'N';
  TeamCase s;
  T alpha, beta;
  Kokkos::View<T***, MemorySpace> a, b, c;
  decltype(Kokkos::create_mirror(std::declval<Kokkos::View<T***, MemorySpace>>())) ha, hb, hc;

  TeamGemmOperands(const TeamCase& shape, int batch, T alpha_, T beta_, std::uint64_t seed)
      : s(shape),
        alpha(alpha_),
        beta(beta_),
        a("a", batch, ta ? s.k : s.m, ta ? s.m : s.k),
        b("b", batch, tb ? s.n : s.k, tb ? s.k : s.n),
        c("c", batch, s.m, s.n),
        ha(Kokkos::create_mirror(a)),
        hb(Kokkos::create_mirror(b)),
        hc(Kokkos::create_mirror(c)) {  // copies: on host backends a mirror view would be c itself
    std::mt19937_64 engine(seed);
    std::uniform_real_distribution<double> u(-1, 1);
    for (std::size_t e = 0; e < ha.span(); ++e)
      ha.data()[e] = T(u(engine));
    for (std::size_t e = 0; e < hb.span(); ++e)
      hb.data()[e] = T(u(engine));
    for (std::size_t e = 0; e < hc.span(); ++e)
      hc.data()[e] = beta == T(0) ? poison<T>() : T(u(engine));
    Kokkos::deep_copy(a, ha);
    Kokkos::deep_copy(b, hb);
    Kokkos::deep_copy(c, hc);
  }

  template <class Expected>
  void expect_c(const Expected& f) const {
    Kokkos::fence();
    auto out = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), c);
    int failures = 0;
    for (int r = 0; r < int(c.extent(0)); ++r) {
      for (int i = 0; i < s.m; ++i) {
        for (int j = 0; j < s.n; ++j) {
          double sum = 0, magnitude = 0;
          for (int p = 0; p < s.k; ++p) {
            const double x = ta ? ha(r, p, i) : ha(r, i, p), y = tb ? hb(r, j, p) : hb(r, p, j);
            sum += x * y;
            magnitude += std::abs(x * y);
          }
          double value = double(alpha) * sum;
          if (beta != T(0))
            value += double(beta) * double(hc(r, i, j));
          const double expected = f(r, i, j, value);
          const double tolerance = 4 * std::numeric_limits<T>::epsilon() * (s.k + 2) *
                                   (magnitude + 2 + std::abs(expected - value));
          if (!(std::abs(double(out(r, i, j)) - expected) <= tolerance) && ++failures <= 5)
            ADD_FAILURE() << "C(" << r << ", " << i << ", " << j << ") = " << out(r, i, j)
                          << ", expected " << expected;
        }
      }
    }
    EXPECT_EQ(failures, 0);
  }
};

template <char OpA, char OpB, class T, class Algo = Default>
void check_team_gemm(const TeamCase& s, int team_size, bool scratch, T alpha, T beta,
                     bool epilogue = false) {
  SCOPED_TRACE(testing::Message() << s.m << " x " << s.n << " x " << s.k << ", op " << OpA << OpB
                                  << ", team " << team_size << (scratch ? ", scratch" : ", global")
                                  << ", alpha " << alpha << ", beta " << beta
                                  << (epilogue ? ", epilogue" : "")
                                  << (std::is_same_v<Algo, LargeBlocks> ? ", large blocks" : ""));
  const int batch = 3;
  const TeamGemmOperands<OpA, OpB, T> x(s, batch, alpha, beta, s.m * 131 + s.n * 7 + s.k);
  const auto& a = x.a;
  const auto& b = x.b;
  const auto& c = x.c;
  if (scratch) {
    const KokkosTile::TileShape2D sa{int(a.extent(1)), int(a.extent(2)), 1},
        sb{int(b.extent(1)), int(b.extent(2)), 1}, sc{s.m, s.n, 1};
    using Tile = KokkosTile::Tile2D<T, ExecSpace>;
    const auto bytes = KokkosTile::ScratchBudget{}
                           .template add<Tile>(sa)
                           .template add<Tile>(sb)
                           .template add<Tile>(sc)
                           .bytes();
    const auto placement = KokkosTile::place_team_scratch("team_gemm_test", ExecSpace(), bytes);
    Kokkos::parallel_for("team_gemm_scratch",
                         KokkosTile::with_scratch(team_policy_of(batch, team_size), placement),
                         ScratchTeamGemm<OpA, OpB, T, Algo>{a, b, c, alpha, beta, sa, sb, sc,
                                                            placement.level, epilogue});
  } else {
    Kokkos::parallel_for("team_gemm_global", team_policy_of(batch, team_size),
                         GlobalTeamGemm<OpA, OpB, T, Algo>{a, b, c, alpha, beta, epilogue});
  }
  x.expect_c([&](int, int i, int j, double v) { return epilogue ? shifted(i, j, v) : v; });
}

const std::vector<TeamCase>& team_cases() {
  static const std::vector<TeamCase> cases = {{1, 1, 1},    {5, 7, 3},    {8, 8, 8},  {17, 33, 9},
                                              {33, 17, 40}, {64, 64, 64}, {65, 31, 7}};
  return cases;
}

template <char OpA, char OpB, class T>
void run_team_cases(bool scratch) {
  for (const auto& s : team_cases())
    for (const int size : team_sizes_under_test())
      check_team_gemm<OpA, OpB, T>(s, size, scratch, T(1), T(0));
  check_team_gemm<OpA, OpB, T>({13, 11, 6}, team_sizes_under_test()[0], scratch, T(-0.5), T(2));
}

template <char OpA, char OpB, class T, class Algo>
struct BatchedTeamGemm {  // per_team matrices a team (the last team fewer), through subviews
  Kokkos::View<const T***, MemorySpace> a, b;
  Kokkos::View<T***, MemorySpace> c;
  T alpha, beta;
  int per_team;
  KOKKOS_FUNCTION void operator()(const Member& team) const {
    const int first = team.league_rank() * per_team;
    const int last = first + per_team < int(c.extent(0)) ? first + per_team : int(c.extent(0));
    const Kokkos::pair<int, int> mine(first, last);
    KokkosTile::team_gemm_batched<OpA, OpB, Algo>(
        team, alpha, Kokkos::subview(a, mine, Kokkos::ALL, Kokkos::ALL),
        Kokkos::subview(b, mine, Kokkos::ALL, Kokkos::ALL), beta,
        Kokkos::subview(c, mine, Kokkos::ALL, Kokkos::ALL),
        [=](int l, int i, int j, T v) { return shifted(i, j, v) + T(3 * (first + l)); });
  }
};

/// team_gemm_batched over 7 matrices, per_team a team, against the double host reference with
/// the epilogue v + i - 2 j + 3 l.
template <char OpA, char OpB, class T, class Algo = Default>
void check_team_gemm_batched(const TeamCase& s, int per_team, int team_size, T alpha, T beta) {
  SCOPED_TRACE(testing::Message() << "batched " << s.m << " x " << s.n << " x " << s.k << ", op "
                                  << OpA << OpB << ", " << per_team << " a team, team " << team_size
                                  << ", alpha " << alpha << ", beta " << beta
                                  << (std::is_same_v<Algo, LargeBlocks> ? ", large blocks" : ""));
  const int batch = 7;
  const TeamGemmOperands<OpA, OpB, T> x(s, batch, alpha, beta,
                                        s.m * 131 + s.n * 7 + s.k + 1000 * per_team);
  Kokkos::parallel_for("team_gemm_batched",
                       team_policy_of((batch + per_team - 1) / per_team, team_size),
                       BatchedTeamGemm<OpA, OpB, T, Algo>{x.a, x.b, x.c, alpha, beta, per_team});
  x.expect_c([](int r, int i, int j, double v) { return shifted(i, j, v) + 3 * r; });
}

TEST(TeamGemm, Batched) {  // several matrices a team, spread over its threads together
  const std::vector<TeamCase> cases = {{1, 1, 1}, {5, 7, 3}, {8, 8, 8}, {17, 33, 9}, {64, 64, 20}};
  for (const auto& s : cases) {
    for (const int size : team_sizes_under_test()) {
      for (const int per_team : {1, 3, 7}) {
        check_team_gemm_batched<'N', 'N', double>(s, per_team, size, 1.0, 0.0);
        check_team_gemm_batched<'T', 'N', float>(s, per_team, size, 1.0f, 0.0f);
      }
      check_team_gemm_batched<'N', 'T', double, LargeBlocks>(s, 3, size, -0.5, 2.0);
      check_team_gemm_batched<'T', 'T', float, LargeBlocks>(s, 3, size, 0.5f, -1.0f);
    }
  }
  const int size = team_sizes_under_test()[0];
  check_team_gemm_batched<'N', 'N', double>({13, 11, 6}, 3, size, 0.0, 2.0);  // A, B unread
  check_team_gemm_batched<'N', 'N', float>({9, 10, 0}, 3, size, 1.0f, 0.5f);  // k = 0
}

TEST(TeamGemm, ScratchTilesFloat) {
  run_team_cases<'N', 'N', float>(true);
  run_team_cases<'T', 'N', float>(true);
}
TEST(TeamGemm, ScratchTilesDouble) {
  run_team_cases<'N', 'T', double>(true);
  run_team_cases<'T', 'T', double>(true);
}
TEST(TeamGemm, PartialWarps) {  // devices: double off its tensor-core form, onto SIMT tiles
  if (!on_cuda())
    GTEST_SKIP() << "teams of 48 threads are a GPU case";
  for (const auto& s : team_cases())
    check_team_gemm<'N', 'T', double>(s, 48, true, 1.0, 0.0);
  check_team_gemm<'T', 'N', double>({13, 11, 6}, 48, false, -0.5, 2.0);
}

TEST(TeamGemm, Epilogue) {  // C = f(i, j, alpha A B + beta C), f read once per element
  const std::vector<TeamCase> cases = {
      {5, 7, 3}, {8, 8, 8}, {17, 33, 9}, {64, 64, 64}, {65, 31, 7}};
  for (const bool scratch : {false, true}) {
    for (const auto& s : cases) {
      for (const int size : team_sizes_under_test()) {
        check_team_gemm<'N', 'N', double>(s, size, scratch, 1.0, 0.0, true);
        check_team_gemm<'T', 'N', float>(s, size, scratch, 1.0f, 0.0f, true);
      }
    }
    const int size = team_sizes_under_test()[0];
    check_team_gemm<'N', 'T', double>({13, 11, 6}, size, scratch, -0.5, 2.0, true);
    check_team_gemm<'N', 'N', double>({13, 11, 6}, size, scratch, 0.0, 2.0, true);  // A, B unread
    check_team_gemm<'N', 'N', float>({9, 10, 0}, size, scratch, 1.0f, 0.5f, true);  // k = 0
  }
}

TEST(TeamGemm, LargeBlocks) {  // 8 x 8 SIMT tiles, 32 x 32 DMMA blocks where they fit, else not
  const std::vector<TeamCase> cases = {{5, 7, 3},   {17, 33, 9},  {64, 64, 64},
                                       {65, 31, 7}, {96, 96, 17}, {130, 70, 9}};
  for (const bool scratch : {false, true}) {
    for (const auto& s : cases) {
      for (const int size : team_sizes_under_test()) {
        check_team_gemm<'N', 'N', double, LargeBlocks>(s, size, scratch, 1.0, 0.0);
        check_team_gemm<'T', 'N', float, LargeBlocks>(s, size, scratch, 1.0f, 0.0f, true);
      }
    }
    const int size = team_sizes_under_test()[0];
    check_team_gemm<'N', 'T', double, LargeBlocks>({70, 66, 13}, size, scratch, -0.5, 2.0, true);
    check_team_gemm<'T', 'T', float, LargeBlocks>({70, 66, 13}, size, scratch, 0.5f, -1.0f);
  }
}

TEST(TeamGemm, GlobalViews) {
  run_team_cases<'N', 'N', double>(false);
  run_team_cases<'T', 'C', float>(false);  // 'C' is 'T' for real types
}

}  // namespace
}  // namespace KokkosTileTest
