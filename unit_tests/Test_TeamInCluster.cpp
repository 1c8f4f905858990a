// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The team primitives inside a test's own parallel_for_cluster kernel (ClusterMember, native and
// emulated clusters of 1 to 4 blocks), against host loops: tiles taken from the member's scratch
// in turn (Tile2D(member, 0, shape)), load_tile / store_tile / load_tile_or_fill, team_for_each_2d,
// team_gemm, team_transpose, team_reverse, team_histogram and team_load_halo, one problem per
// block, odd extents that no team size divides, and outputs poisoned first.
#include <KokkosTile_Cluster.hpp>
#include <KokkosTile_ScratchBudget.hpp>
#include <KokkosTile_ScratchTile.hpp>
#include <KokkosTile_TeamCopy.hpp>
#include <KokkosTile_TeamGemm.hpp>
#include <KokkosTile_TeamHalo.hpp>
#include <KokkosTile_TeamHistogram.hpp>
#include <KokkosTile_TeamTranspose.hpp>

#include "TestHelpers.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace KokkosTileTest {
namespace {

using Member = KokkosTile::ClusterMember<ExecSpace>;
using Policy = KokkosTile::ClusterPolicy<ExecSpace>;
using KokkosTile::ClusterMode;

constexpr int M = 13, K = 9, N = 11, LEN = 37, BINS = 7, SAMPLES = 301, HALO_R = 1, HALO_T = 5;

template <class T>
struct Views {
  Kokkos::View<T***, MemorySpace> a, b, ct;  // per block: A (M x K), B (K x N), (A B)^T (N x M)
  Kokkos::View<T**, MemorySpace> v;          // per block: a vector of LEN, reversed in place
  Kokkos::View<int**, MemorySpace> samples;  // per block: SAMPLES samples
  Kokkos::View<std::uint32_t*, MemorySpace> counts;
  Kokkos::View<T**, Kokkos::LayoutLeft, MemorySpace> grid;  // (league * HALO_T) x HALO_T + 2
  Kokkos::View<T***, MemorySpace> halo;                     // per block: its halo window
  Kokkos::View<T***, MemorySpace> filled;  // per block: A in a tile one row, two columns wider
};

template <class T>
struct PrimitivesInCluster {
  Views<T> x;
  KOKKOS_FUNCTION void operator()(const Member& m) const {
    using Tile = KokkosTile::Tile2D<T, ExecSpace>;
    const int r = m.league_rank();
    constexpr int W = HALO_T + 2 * HALO_R;
    Tile ta(m, 0, {M, K, 1}), tb(m, 0, {K, N, 1}), tc(m, 0, {M, N, 1}), tt(m, 0, {N, M, 1}),
        th(m, 0, {W, W, 0}), tf(m, 0, {M + 1, K + 2, 0});
    KokkosTile::Tile1D<T, ExecSpace> tv(m, 0, LEN);
    KokkosTile::Tile1D<unsigned, ExecSpace> bins(m, 0, BINS);
    KokkosTile::load_tile(m, Kokkos::subview(x.a, r, Kokkos::ALL, Kokkos::ALL), 0, 0, ta);
    KokkosTile::load_tile(m, Kokkos::subview(x.b, r, Kokkos::ALL, Kokkos::ALL), 0, 0, tb);
    KokkosTile::load_tile(m, Kokkos::subview(x.v, r, Kokkos::ALL), 0, tv);
    KokkosTile::load_tile_or_fill(m, Kokkos::subview(x.a, r, Kokkos::ALL, Kokkos::ALL), 0, 0, tf,
                                  T(7));
    m.team_barrier();
    KokkosTile::team_for_each_2d(m, M + 1, K + 2, r % 2 == 0,
                                 [&](int i, int j) { x.filled(r, i, j) = tf(i, j); });
    KokkosTile::team_gemm(m, T(1.5), ta, tb, T(0), tc);  // beta = 0: tc's garbage not read
    KokkosTile::team_reverse(m, tv);
    m.team_barrier();
    KokkosTile::team_transpose(m, tc, tt);
    m.team_barrier();
    KokkosTile::store_tile(m, tt, Kokkos::subview(x.ct, r, Kokkos::ALL, Kokkos::ALL), 0, 0);
    KokkosTile::store_tile(m, tv, Kokkos::subview(x.v, r, Kokkos::ALL), 0);
    KokkosTile::team_histogram(m, Kokkos::subview(x.samples, r, Kokkos::ALL), bins, x.counts);
    KokkosTile::team_load_halo(m, x.grid, std::int64_t(r) * HALO_T, 1, HALO_R, th,
                               KokkosTile::BoundaryCondition<T>::constant(T(-2)));
    m.team_barrier();
    KokkosTile::store_tile(m, th, Kokkos::subview(x.halo, r, Kokkos::ALL, Kokkos::ALL), 0, 0);
  }
};

template <class T>
std::size_t scratch_bytes() {
  using Tile = KokkosTile::Tile2D<T, ExecSpace>;
  constexpr int W = HALO_T + 2 * HALO_R;
  return KokkosTile::ScratchBudget{}
      .template add<Tile>(KokkosTile::TileShape2D{M, K, 1})
      .template add<Tile>(KokkosTile::TileShape2D{K, N, 1})
      .template add<Tile>(KokkosTile::TileShape2D{M, N, 1})
      .template add<Tile>(KokkosTile::TileShape2D{N, M, 1})
      .template add<Tile>(KokkosTile::TileShape2D{W, W, 0})
      .template add<Tile>(KokkosTile::TileShape2D{M + 1, K + 2, 0})
      .template add<KokkosTile::Tile1D<T, ExecSpace>>(LEN)
      .template add<KokkosTile::Tile1D<unsigned, ExecSpace>>(BINS)
      .bytes();
}

template <class T>
void check_primitives_in_cluster(ClusterMode mode, int size) {
  const int team = cluster_team_size(size);
  const std::size_t bytes = scratch_bytes<T>();
  if (KokkosTile::max_cluster_size(ExecSpace(), team, bytes, mode) < size)
    return;
  SCOPED_TRACE(testing::Message() << "mode " << int(mode) << ", cluster " << size << ", "
                                  << sizeof(T) * 8 << "-bit");
  const auto policy = Policy::from_clusters(ExecSpace(), 3, size, team, bytes).set_mode(mode);
  const int league = policy.league_size();
  constexpr int W = HALO_T + 2 * HALO_R;
  Views<T> x{
      Kokkos::View<T***, MemorySpace>("a", league, M, K),
      Kokkos::View<T***, MemorySpace>("b", league, K, N),
      Kokkos::View<T***, MemorySpace>("ct", league, N, M),
      Kokkos::View<T**, MemorySpace>("v", league, LEN),
      Kokkos::View<int**, MemorySpace>("samples", league, SAMPLES),
      Kokkos::View<std::uint32_t*, MemorySpace>("counts", BINS),
      Kokkos::View<T**, Kokkos::LayoutLeft, MemorySpace>("grid", league * HALO_T, HALO_T + 2),
      Kokkos::View<T***, MemorySpace>("halo", league, W, W),
      Kokkos::View<T***, MemorySpace>("filled", league, M + 1, K + 2)};
  auto ha = Kokkos::create_mirror_view(x.a);
  auto hb = Kokkos::create_mirror_view(x.b);
  auto hv = Kokkos::create_mirror(x.v);  // a copy: x.v is reversed in place
  auto hs = Kokkos::create_mirror_view(x.samples);
  auto hg = Kokkos::create_mirror_view(x.grid);
  std::mt19937_64 engine(std::uint64_t(size) * 31 + sizeof(T));
  std::uniform_real_distribution<double> value(-1, 1);
  std::uniform_int_distribution<int> sample(-2, BINS + 2);  // some outside: clamped
  for (std::size_t e = 0; e < ha.span(); ++e)
    ha.data()[e] = T(value(engine));
  for (std::size_t e = 0; e < hb.span(); ++e)
    hb.data()[e] = T(value(engine));
  for (std::size_t e = 0; e < hv.span(); ++e)
    hv.data()[e] = T(value(engine));
  for (std::size_t e = 0; e < hs.span(); ++e)
    hs.data()[e] = sample(engine);
  for (std::size_t e = 0; e < hg.span(); ++e)
    hg.data()[e] = T(value(engine));
  Kokkos::deep_copy(x.a, ha);
  Kokkos::deep_copy(x.b, hb);
  Kokkos::deep_copy(x.v, hv);
  Kokkos::deep_copy(x.samples, hs);
  Kokkos::deep_copy(x.grid, hg);
  Kokkos::deep_copy(x.counts, 3u);  // added to
  Kokkos::deep_copy(x.ct, std::numeric_limits<T>::quiet_NaN());
  Kokkos::deep_copy(x.halo, std::numeric_limits<T>::quiet_NaN());
  Kokkos::deep_copy(x.filled, std::numeric_limits<T>::quiet_NaN());
  KokkosTile::parallel_for_cluster("test_primitives_in_cluster", policy, PrimitivesInCluster<T>{x});
  Kokkos::fence();

  const auto ct = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), x.ct);
  const auto v = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), x.v);
  const auto counts = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), x.counts);
  const auto halo = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), x.halo);
  const auto filled = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), x.filled);
  const double tol = 16 * K * double(std::numeric_limits<T>::epsilon());
  int gemm_bad = 0, reverse_bad = 0, halo_bad = 0, fill_bad = 0;
  std::vector<std::uint64_t> expected_counts(BINS, 3);
  for (int r = 0; r < league; ++r) {
    for (int i = 0; i < M; ++i) {
      for (int j = 0; j < N; ++j) {
        double sum = 0;
        for (int p = 0; p < K; ++p)
          sum += double(ha(r, i, p)) * double(hb(r, p, j));
        gemm_bad += !(std::abs(double(ct(r, j, i)) - 1.5 * sum) <= tol);
      }
    }
    for (int i = 0; i < LEN; ++i)
      reverse_bad += v(r, i) != hv(r, LEN - 1 - i);
    for (int i = 0; i < M + 1; ++i)
      for (int j = 0; j < K + 2; ++j)
        fill_bad += filled(r, i, j) != (i < M && j < K ? ha(r, i, j) : T(7));
    for (int i = 0; i < SAMPLES; ++i)
      ++expected_counts[std::clamp(hs(r, i), 0, BINS - 1)];
    for (int a = 0; a < W; ++a) {
      for (int b = 0; b < W; ++b) {
        const std::int64_t gi = std::int64_t(r) * HALO_T - HALO_R + a, gj = 1 - HALO_R + b;
        const bool inside = gi >= 0 && gi < league * HALO_T && gj >= 0 && gj < HALO_T + 2;
        halo_bad += halo(r, a, b) != (inside ? hg(gi, gj) : T(-2));
      }
    }
  }
  int histogram_bad = 0;
  for (int b = 0; b < BINS; ++b)
    histogram_bad += counts(b) != expected_counts[b];
  EXPECT_EQ(gemm_bad, 0);
  EXPECT_EQ(reverse_bad, 0);
  EXPECT_EQ(histogram_bad, 0);
  EXPECT_EQ(halo_bad, 0);
  EXPECT_EQ(fill_bad, 0);
}

TEST(TeamInCluster, EveryPrimitive) {
  SKIP_WITHOUT_CLUSTERS();
  for (const ClusterMode mode : {ClusterMode::automatic, ClusterMode::emulated}) {
    for (const int size : {1, 2, 4}) {
      check_primitives_in_cluster<double>(mode, size);
      check_primitives_in_cluster<float>(mode, size);
    }
  }
}

}  // namespace
}  // namespace KokkosTileTest
