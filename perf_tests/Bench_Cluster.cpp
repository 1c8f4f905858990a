// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Clusters and large scratch (KokkosTile_Cluster.hpp) against what a Kokkos user has without them:
//
//   cluster_exchange/<dsm|global>_c<C>/<space>/float/n:<bytes per block>
//       Blocks of a cluster pass a buffer round a ring, 32 rounds per launch (8 in smoke runs):
//       through the neighbour's scratch (DSM) or through global memory, with a cluster barrier
//       between writing and reading either way. GB/s: bytes delivered to neighbours.
//   cluster_pingpong/<dsm|global>/<space>/int/n:<round trips>
//       Producer/consumer round trip of one flag between the two blocks of a cluster, spinning on
//       the block's own scratch (DSM) or on global memory. round_trip_ns: time per round trip.
//   large_scratch_histogram/<variant>/<space>/int/n:<bins>
//       A per-team histogram of 4-byte bins in scratch, flushed into a global histogram: in large
//       level-0 scratch (parallel_for_large_scratch), in Kokkos' level-1 scratch (what Kokkos
//       falls back to when bins exceed level 0), with atomics straight into global memory, and in
//       Kokkos' level 0 where the bins fit there. GB/s: input bytes read.
//
// Each benchmark checks its result once before timing and reports an error if it is wrong.
#include <KokkosTile_Cluster.hpp>
#include <KokkosTile_ScratchBudget.hpp>

#include "BenchmarkSpaces.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

namespace KokkosTileBench {
namespace {

struct alignas(16) Vec4 {
  float v[4];
};

template <class Space>
int team_size_of() {
  return is_host_space<Space>() ? 1 : 256;
}

/// Blocks to launch: as many clusters as can be resident at once (one wave), at least one.
template <class Space>
int resident_league(const Space& space, int cluster, int team, std::size_t bytes) {
  const int clusters = KokkosTile::max_active_clusters(space, cluster, team, bytes);
  return (clusters > 0 ? clusters : 1) * cluster;
}

template <class Space>
struct ExchangeKernel {
  using view_type = Kokkos::View<Vec4**, typename Space::memory_space>;
  view_type data;    // (block, i): in before, out after
  view_type global;  // (block, i): the inbox of the global-memory variant
  int vectors;       // Vec4 per block
  int rounds;
  bool through_dsm;

  KOKKOS_FUNCTION void operator()(const KokkosTile::ClusterMember<Space>& m) const {
    Vec4* const mine = m.template team_scratch<Vec4>();
    Vec4* const inbox = mine + vectors;
    const int next_rank = (m.cluster_rank() + 1) % m.cluster_size();
    Vec4* const next_inbox = m.template cluster_scratch<Vec4>(next_rank) + vectors;
    const int block = m.league_rank();
    const int next_block = block - m.cluster_rank() + next_rank;
    KokkosTile::team_for(m, vectors, [&](int i) { mine[i] = data(block, i); });
    for (int round = 0; round < rounds; ++round) {
      if (through_dsm) {
        KokkosTile::team_for(m, vectors, [&](int i) { next_inbox[i] = mine[i]; });
      } else {
        KokkosTile::team_for(m, vectors, [&](int i) { global(next_block, i) = mine[i]; });
      }
      m.cluster_barrier();
      KokkosTile::team_for(m, vectors, [&](int i) {
        Vec4 value = through_dsm ? inbox[i] : global(block, i);
        for (int k = 0; k < 4; ++k)
          value.v[k] += 1.0f;
        mine[i] = value;
      });
      m.cluster_barrier();
    }
    KokkosTile::team_for(m, vectors, [&](int i) { data(block, i) = mine[i]; });
  }
};

template <class Space>
void register_exchange(const Config& config) {
  using view_type = typename ExchangeKernel<Space>::view_type;
  const std::size_t bytes = config.smoke ? 4096 : (is_host_space<Space>() ? 65536 : 98304);
  for (const int cluster : {2, 4, 8}) {
    for (const bool dsm : {true, false}) {
      const std::string variant =
          std::string(dsm ? "dsm" : "global") + "_c" + std::to_string(cluster);
      register_benchmark(
          benchmark_name<Space, float>("cluster_exchange", variant,
                                       static_cast<std::int64_t>(bytes)),
          config, [=](benchmark::State& state) {
            const Space space;
            const int team = team_size_of<Space>();
            // Scratch: the block's buffer and its inbox.
            const std::size_t scratch = 2 * bytes;
            const int league = config.smoke || is_host_space<Space>()
                                   ? 2 * cluster
                                   : resident_league(space, cluster, team, scratch);
            const int vectors = static_cast<int>(bytes / sizeof(Vec4));
            const int rounds = config.smoke ? 8 : 32;
            view_type data("data", league, vectors), global("global", league, vectors);
            const KokkosTile::ClusterPolicy<Space> policy(space, league, cluster, team, scratch);
            const ExchangeKernel<Space> kernel{data, global, vectors, rounds, dsm};

            // Check: after R rounds block b holds what block b - R (in its ring) started with,
            // plus R.
            auto host = Kokkos::create_mirror_view(data);
            for (int b = 0; b < league; ++b)
              for (int i = 0; i < vectors; ++i)
                for (int k = 0; k < 4; ++k)
                  host(b, i).v[k] = static_cast<float>((b * 131 + i * 4 + k) % 100000);
            Kokkos::deep_copy(data, host);
            KokkosTile::parallel_for_cluster("KokkosTileBench::cluster_exchange", policy, kernel);
            Kokkos::deep_copy(host, data);
            for (int b = 0; b < league; ++b) {
              const int rank = b % cluster;
              const int source = b - rank + ((rank - rounds) % cluster + cluster) % cluster;
              for (int i = 0; i < vectors; ++i)
                for (int k = 0; k < 4; ++k)
                  if (host(b, i).v[k] !=
                      static_cast<float>((source * 131 + i * 4 + k) % 100000 + rounds)) {
                    state.SkipWithError("cluster_exchange: wrong result");
                    return;
                  }
            }
            const double moved = static_cast<double>(league) * bytes * rounds;
            time_memory_bound(state, space, moved, [&] {
              KokkosTile::parallel_for_cluster("KokkosTileBench::cluster_exchange", policy, kernel);
            });
          });
    }
  }
}

template <class Space>
struct PingPongKernel {
  Kokkos::View<int*, typename Space::memory_space> flags;  // global variant: one per block
  Kokkos::View<int*, typename Space::memory_space> done;   // round trips block 0 completed
  int trips;
  bool through_dsm;

  KOKKOS_FUNCTION void operator()(const KokkosTile::ClusterMember<Space>& m) const {
    const int rank = m.cluster_rank();
    int* const own = through_dsm ? m.template team_scratch<int>() : &flags(rank);
    int* const other = through_dsm ? m.template cluster_scratch<int>(1 - rank) : &flags(1 - rank);
    if (m.team_rank() == 0)
      Kokkos::atomic_store(own, 0);
    m.cluster_barrier();
    if (m.team_rank() == 0) {
      for (int k = 1; k <= trips; ++k) {
        if (rank == 0) {
          Kokkos::atomic_store(other, k);
          while (Kokkos::atomic_load(own) != k) {
          }
        } else {
          while (Kokkos::atomic_load(own) != k) {
          }
          Kokkos::atomic_store(other, k);
        }
      }
      if (rank == 0)
        done(0) = trips;
    }
  }
};

template <class Space>
void register_pingpong(const Config& config) {
  const int trips = config.smoke ? 16 : 10000;
  for (const bool dsm : {true, false}) {
    register_benchmark(
        benchmark_name<Space, int>("cluster_pingpong", dsm ? "dsm" : "global", trips), config,
        [=](benchmark::State& state) {
          const Space space;
          Kokkos::View<int*, typename Space::memory_space> flags("flags", 2), done("done", 1);
          // One warp per block: only thread 0 plays, the others wait at the end.
          const KokkosTile::ClusterPolicy<Space> policy(
              space, 2, 2, is_host_space<Space>() ? 1 : 32, sizeof(int));
          const PingPongKernel<Space> kernel{flags, done, trips, dsm};
          KokkosTile::parallel_for_cluster("KokkosTileBench::cluster_pingpong", policy, kernel);
          int finished = 0;
          Kokkos::deep_copy(finished, Kokkos::subview(done, 0));
          if (finished != trips) {
            state.SkipWithError("cluster_pingpong: wrong round-trip count");
            return;
          }
          for (auto _ : state) {
            KokkosTile::parallel_for_cluster("KokkosTileBench::cluster_pingpong", policy, kernel);
            space.fence();
          }
          state.counters["round_trip_ns"] =
              benchmark::Counter(trips * 1e-9, benchmark::Counter::kIsIterationInvariantRate |
                                                   benchmark::Counter::kInvert);
        });
  }
}

KOKKOS_INLINE_FUNCTION int bin_of(std::int64_t i, int bins) {
  const std::uint32_t hash = static_cast<std::uint32_t>(i) * 2654435761u;
  return static_cast<int>((hash >> 7) % static_cast<std::uint32_t>(bins));
}

/// One team's histogram in `local` (scratch of any kind), flushed into `global`.
template <class Member, class View>
KOKKOS_INLINE_FUNCTION void team_histogram(const Member& m, int* local, int bins,
                                           std::int64_t begin, std::int64_t end, const View& in,
                                           const View& global) {
  KokkosTile::team_for(m, bins, [&](int b) { local[b] = 0; });
  m.team_barrier();
  const int count = static_cast<int>(end - begin);
  KokkosTile::team_for(m, count, [&](int i) { Kokkos::atomic_add(&local[in(begin + i)], 1); });
  m.team_barrier();
  KokkosTile::team_for(m, bins, [&](int b) {
    if (local[b] != 0)
      Kokkos::atomic_add(&global(b), local[b]);
  });
}

/// Kokkos' own team member, dressed as a ClusterMember for team_histogram.
template <class KokkosMember>
struct KokkosTeam {
  const KokkosMember& member;
  KOKKOS_INLINE_FUNCTION int team_rank() const { return member.team_rank(); }
  KOKKOS_INLINE_FUNCTION int team_size() const { return member.team_size(); }
  KOKKOS_INLINE_FUNCTION void team_barrier() const { member.team_barrier(); }
};

template <class Space>
struct HistogramLarge {
  Kokkos::View<int*, typename Space::memory_space> in, global;
  int bins;
  std::int64_t per_team;
  KOKKOS_FUNCTION void operator()(const KokkosTile::ClusterMember<Space>& m) const {
    const std::int64_t begin = per_team * m.league_rank();
    const std::int64_t end = Kokkos::min(begin + per_team, static_cast<std::int64_t>(in.extent(0)));
    team_histogram(m, m.template team_scratch<int>(), bins, begin, end, in, global);
  }
};

template <class Space>
struct HistogramKokkos {
  using member_type = typename Kokkos::TeamPolicy<Space>::member_type;
  Kokkos::View<int*, typename Space::memory_space> in, global;
  int bins;
  std::int64_t per_team;
  int level;
  KOKKOS_FUNCTION void operator()(const member_type& member) const {
    const std::int64_t begin = per_team * member.league_rank();
    const std::int64_t end = Kokkos::min(begin + per_team, static_cast<std::int64_t>(in.extent(0)));
    int* const local = static_cast<int*>(
        member.team_scratch(level).get_shmem(static_cast<std::size_t>(bins) * sizeof(int)));
    team_histogram(KokkosTeam<member_type>{member}, local, bins, begin, end, in, global);
  }
};

template <class Space>
struct HistogramGlobal {
  Kokkos::View<int*, typename Space::memory_space> in, global;
  KOKKOS_FUNCTION void operator()(std::int64_t i) const { Kokkos::atomic_add(&global(in(i)), 1); }
};

template <class Space>
struct HistogramInput {
  Kokkos::View<int*, typename Space::memory_space> in;
  int bins;
  KOKKOS_FUNCTION void operator()(std::int64_t i) const { in(i) = bin_of(i, bins); }
};

template <class Space>
struct HistogramTotal {
  Kokkos::View<int*, typename Space::memory_space> global;
  KOKKOS_FUNCTION void operator()(int b, std::int64_t& sum) const { sum += global(b); }
};

template <class Space>
void register_histogram(const Config& config) {
  using view_type = Kokkos::View<int*, typename Space::memory_space>;
  const std::int64_t n = config.smoke ? 100003 : (is_host_space<Space>() ? 1 << 22 : 1 << 26);
  const int team = team_size_of<Space>();
  for (const int bins : {8192, 50000}) {
    const std::size_t bytes = static_cast<std::size_t>(bins) * sizeof(int);
    // With room for Kokkos' own alignment of the allocation.
    const bool fits_level0 = bytes + 256 <= KokkosTile::scratch_capacity(Space(), 0);
    auto add = [&](const std::string& variant, auto run) {
      register_benchmark(benchmark_name<Space, int>("large_scratch_histogram", variant, bins),
                         config, [=](benchmark::State& state) {
                           const Space space;
                           view_type in("in", n), global("global", bins);
                           Kokkos::parallel_for("KokkosTileBench::histogram_input",
                                                Kokkos::RangePolicy<Space>(space, 0, n),
                                                HistogramInput<Space>{in, bins});
                           const int league = is_host_space<Space>()
                                                  ? static_cast<int>(space.concurrency())
                                                  : resident_league(space, 1, team, bytes);
                           const std::int64_t per_team = (n + league - 1) / league;
                           Kokkos::deep_copy(space, global, 0);
                           run(space, in, global, league, per_team);
                           std::int64_t total = 0;
                           Kokkos::parallel_reduce("KokkosTileBench::histogram_total",
                                                   Kokkos::RangePolicy<Space>(space, 0, bins),
                                                   HistogramTotal<Space>{global}, total);
                           if (total != n) {
                             state.SkipWithError("large_scratch_histogram: counts do not add up");
                             return;
                           }
                           time_memory_bound(state, space, static_cast<double>(n) * sizeof(int),
                                             [&] { run(space, in, global, league, per_team); });
                         });
    };
    add("large_scratch_l0",
        [bins, bytes, team](const Space& s, const view_type& in, const view_type& global,
                            int league, std::int64_t per_team) {
          KokkosTile::parallel_for_large_scratch(
              "KokkosTileBench::histogram_large_scratch",
              KokkosTile::LargeScratchPolicy<Space>(s, league, team, bytes),
              HistogramLarge<Space>{in, global, bins, per_team});
        });
    for (const int level : {0, 1}) {
      if (level == 0 && !fits_level0)
        continue;
      add(level == 0 ? "kokkos_level0" : "kokkos_level1",
          [bins, bytes, team, level](const Space& s, const view_type& in, const view_type& global,
                                     int league, std::int64_t per_team) {
            Kokkos::parallel_for("KokkosTileBench::histogram_kokkos",
                                 Kokkos::TeamPolicy<Space>(s, league, team)
                                     .set_scratch_size(level, Kokkos::PerTeam(bytes)),
                                 HistogramKokkos<Space>{in, global, bins, per_team, level});
          });
    }
    add("global_atomics",
        [](const Space& s, const view_type& in, const view_type& global, int, std::int64_t) {
          Kokkos::parallel_for("KokkosTileBench::histogram_global",
                               Kokkos::RangePolicy<Space>(s, 0, in.extent(0)),
                               HistogramGlobal<Space>{in, global});
        });
  }
}

struct RegisterCluster {
  const Config& config;
  template <class Space>
  void operator()() const {
    register_exchange<Space>(config);
    register_pingpong<Space>(config);
    register_histogram<Space>(config);
  }
};

}  // namespace

void register_cluster_benchmarks(const Config& config) {
  for_each_enabled_space(RegisterCluster{config});
}

}  // namespace KokkosTileBench
