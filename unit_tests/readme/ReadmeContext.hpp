// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// What the README's C++ snippets assume is already declared. ReadmeSnippets.cmake copies each
// snippet marked `<!-- snippet: NAME -->` in README.md into a function that opens with
// KOKKOSTILE_README_CONTEXT, compiled once per backend (ExecSpace is the backend under test) and
// run as the ctest case readme_NAME_<Backend>. Names a snippet declares itself (v, h, big, samples,
// counts, options, ...) must not appear here: a clash is a compile error, on purpose.

#include <KokkosTile.hpp>

#include <cstddef>
#include <cstdint>

namespace KokkosTileReadme {

/// The README says `using ExecSpace = Kokkos::DefaultExecutionSpace;`; the test runs every backend.
using ExecSpace = KOKKOSTILE_TEST_EXECSPACE;
using MemorySpace = typename ExecSpace::memory_space;

/// Fills a View with f(i) (rank 1) or f(i * extent(1) + j) (rank 2), on the View's own space.
template <class ViewType, class F>
void fill(const ViewType& view, F f) {
  using Exec = typename ViewType::execution_space;
  using T = typename ViewType::non_const_value_type;
  if constexpr (ViewType::rank() == 1) {
    Kokkos::parallel_for(
        "KokkosTileReadme::fill", Kokkos::RangePolicy<Exec>(0, view.extent(0)),
        KOKKOS_LAMBDA(std::int64_t i) { view(i) = static_cast<T>(f(i)); });
  } else {
    const std::int64_t cols = view.extent(1);
    Kokkos::parallel_for(
        "KokkosTileReadme::fill",
        Kokkos::MDRangePolicy<Exec, Kokkos::Rank<2>>({0, 0}, {view.extent(0), view.extent(1)}),
        KOKKOS_LAMBDA(std::int64_t i, std::int64_t j) {
          view(i, j) = static_cast<T>(f(i * cols + j));
        });
  }
}

/// Small integers as floats, so that every kernel has real data to move.
struct Ramp {
  KOKKOS_FUNCTION float operator()(std::int64_t k) const { return static_cast<float>(k % 97); }
};
/// Values in [0, 1) for the floating-point histogram.
struct UnitInterval {
  KOKKOS_FUNCTION float operator()(std::int64_t k) const {
    return static_cast<float>(k % 1000) / 1000.0f;
  }
};

/// The functor of the large-scratch launch: each team counts its rank into its own scratch, then
/// writes the count of the first bin to out(league_rank, 0).
struct LargeScratchFunctor {
  Kokkos::View<float**, MemorySpace> out;
  KOKKOS_FUNCTION void operator()(const KokkosTile::ClusterMember<ExecSpace>& m) const {
    int* bins = m.team_scratch<int>();
    const int nbins = static_cast<int>(m.scratch_bytes() / sizeof(int));
    KokkosTile::team_for(m, nbins, [&](int i) { bins[i] = i; });
    m.team_barrier();
    KokkosTile::team_single(m, [&]() {
      if (m.league_rank() < static_cast<int>(out.extent(0)))
        out(m.league_rank(), 0) = static_cast<float>(bins[nbins - 1]);
    });
  }
};

/// Everything a snippet may use without declaring it, with the sizes the test runs.
struct Context {
  ExecSpace space{};  // an execution-space instance: calls that take it are asynchronous on it
  int n = 1000;       // a length (1-D Views; columns of in and out)
  int league = 64;    // teams (blocks) of a team or cluster launch; rows of in and out
  int nbins = 256;
  std::size_t chunk_rows = 256;
  float alpha = 1.5f, beta = 0.5f;
  // 1-D float Views of length n on ExecSpace's memory.
  Kokkos::View<float*, MemorySpace> src{"src", static_cast<std::size_t>(n)};
  Kokkos::View<float*, MemorySpace> dst{"dst", static_cast<std::size_t>(n)};
  Kokkos::View<float*, MemorySpace> d{"d", static_cast<std::size_t>(n)};
  Kokkos::View<float*, MemorySpace> reals{"reals", static_cast<std::size_t>(n)};  // in [0, 1)
  // Square 2-D float Views (transpose in place, GEMM with either operand transposed).
  Kokkos::View<float**, MemorySpace> a{"a", 64, 64};
  Kokkos::View<float**, MemorySpace> b{"b", 64, 64};
  Kokkos::View<float**, MemorySpace> c{"c", 64, 64};
  // league x n: stencil input and output, the cluster ring's input and output.
  Kokkos::View<float**, MemorySpace> in{"in", static_cast<std::size_t>(league),
                                        static_cast<std::size_t>(n)};
  Kokkos::View<float**, MemorySpace> out{"out", static_cast<std::size_t>(league),
                                         static_cast<std::size_t>(n)};
  // Host data to stream through the device.
  Kokkos::View<float*, Kokkos::HostSpace> host_in{"host_in", 4096};
  Kokkos::View<float*, Kokkos::HostSpace> host_out{"host_out", 4096};
  LargeScratchFunctor functor{out};

  Context() {
    fill(src, Ramp{});
    fill(d, Ramp{});
    fill(reals, UnitInterval{});
    fill(a, Ramp{});
    fill(b, Ramp{});
    fill(in, Ramp{});
    for (std::size_t i = 0; i < host_in.extent(0); ++i)
      host_in(i) = static_cast<float>(i % 97);
    Kokkos::fence("KokkosTileReadme::Context");
  }
};

}  // namespace KokkosTileReadme

/// The context's members as local names (unused ones are fine: each snippet uses a few).
#define KOKKOSTILE_README_CONTEXT(context)                       \
  [[maybe_unused]] const auto& space = (context).space;          \
  [[maybe_unused]] const int n = (context).n;                    \
  [[maybe_unused]] const int league = (context).league;          \
  [[maybe_unused]] const int nbins = (context).nbins;            \
  [[maybe_unused]] const auto chunk_rows = (context).chunk_rows; \
  [[maybe_unused]] const float alpha = (context).alpha;          \
  [[maybe_unused]] const float beta = (context).beta;            \
  [[maybe_unused]] const auto& src = (context).src;              \
  [[maybe_unused]] const auto& dst = (context).dst;              \
  [[maybe_unused]] const auto& d = (context).d;                  \
  [[maybe_unused]] const auto& reals = (context).reals;          \
  [[maybe_unused]] const auto& a = (context).a;                  \
  [[maybe_unused]] const auto& b = (context).b;                  \
  [[maybe_unused]] const auto& c = (context).c;                  \
  [[maybe_unused]] const auto& in = (context).in;                \
  [[maybe_unused]] const auto& out = (context).out;              \
  [[maybe_unused]] const auto& host_in = (context).host_in;      \
  [[maybe_unused]] const auto& host_out = (context).host_out;    \
  [[maybe_unused]] const auto& functor = (context).functor;
