// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// KokkosTile::stencil (tiled: the default strips, one tile per team; naive) for the 5-point and
// 9-point stars and a 5x5 box, against the copy baselines of the same bytes (grid read once,
// written once) and the kernels a Kokkos user would write instead: plain_kokkos, a RangePolicy
// over aligned packets of a row with vector loads on devices and over rows on host backends
// (Bench_StencilPlain.hpp), and plain_mdrange, the MDRangePolicy kernel written first (the
// plain_kokkos row until 2026-11-28).
// `kokkostile` is the entry point with default options (the same call as kokkostile_tiled). On host
// spaces the box (uniform weights: an outer product, computed as separable rows) also runs as
// `kokkostile_unfactored`, tap by tap as any 5x5 box.
#include <KokkosTile_Stencil.hpp>

#include "BenchmarkSpaces.hpp"
#include "Bench_StencilPlain.hpp"

#include <algorithm>
#include <cmath>
#include <memory>

namespace KokkosTileBench {
namespace {

template <class Space>
std::vector<std::int64_t> stencil_edges(const Config& config) {
  if (config.smoke)
    return {61};
  if (is_host_space<Space>())
    return {4096};
  if (config.sweep)
    return {1024, 2048, 4096, 8192, 16384};
  return {8192};
}

template <class T>
KokkosTile::Stencil2D<T> make_stencil(const std::string& name) {
  if (name == "stencil_5pt")
    return KokkosTile::Stencil2D<T>::five_point(T(-4), T(1));
  if (name == "stencil_9pt")
    return KokkosTile::Stencil2D<T>::nine_point(T(-5), T(4) / 3, T(-1) / 12);
  return KokkosTile::Stencil2D<T>::box(2, std::vector<T>(25, T(1) / 25));
}

/// The stencil as a Kokkos user writes it first: one MDRangePolicy iteration per output, the
/// contiguous index innermost in the iteration order, the shape chosen at run time, the clamp
/// boundary resolved per tap. On CUDA, Kokkos 4.6 puts the first index on threadIdx.x whatever
/// the iteration order (default tiles 2 x 256); the row reads 0.11-0.21 of deep_copy on an H200,
/// the same time for every shape, as does the MDRangePolicy transpose.
template <class Grid, class T>
struct PlainStencil {
  Grid out;
  Grid in;
  int rows;
  int cols;
  int shape;  // 0: 5-point, 1: 9-point, 2: 5x5 box
  T w[25];    // 5-point: center, neighbour; 9-point: center, near, far; box: row by row

  KOKKOS_INLINE_FUNCTION T at(int i, int j) const {
    i = i < 0 ? 0 : (i >= rows ? rows - 1 : i);
    j = j < 0 ? 0 : (j >= cols ? cols - 1 : j);
    return in(i, j);
  }
  KOKKOS_INLINE_FUNCTION void operator()(int i, int j) const {
    if (shape == 0) {
      out(i, j) =
          w[0] * in(i, j) + w[1] * (at(i - 1, j) + at(i + 1, j) + at(i, j - 1) + at(i, j + 1));
    } else if (shape == 1) {
      out(i, j) = w[0] * in(i, j) +
                  w[1] * (at(i - 1, j) + at(i + 1, j) + at(i, j - 1) + at(i, j + 1)) +
                  w[2] * (at(i - 2, j) + at(i + 2, j) + at(i, j - 2) + at(i, j + 2));
    } else {
      T sum = T(0);
      for (int di = -2; di <= 2; ++di)
        for (int dj = -2; dj <= 2; ++dj)
          sum += w[(di + 2) * 5 + dj + 2] * at(i + di, j + dj);
      out(i, j) = sum;
    }
  }
};

template <class Grid, class T>
PlainStencil<Grid, T> make_plain(const std::string& name, const Grid& out, const Grid& in) {
  PlainStencil<Grid, T> plain{
      out, in, static_cast<int>(in.extent(0)), static_cast<int>(in.extent(1)), 2, {}};
  const auto weights = make_stencil<T>(name);
  if (name == "stencil_5pt") {
    plain.shape = 0;
    plain.w[0] = weights.weight(0, 0);
    plain.w[1] = weights.weight(1, 0);
  } else if (name == "stencil_9pt") {
    plain.shape = 1;
    plain.w[0] = weights.weight(0, 0);
    plain.w[1] = weights.weight(1, 0);
    plain.w[2] = weights.weight(2, 0);
  } else {
    for (int di = -2; di <= 2; ++di)
      for (int dj = -2; dj <= 2; ++dj)
        plain.w[(di + 2) * 5 + dj + 2] = weights.weight(di, dj);
  }
  return plain;
}

template <class Space, class Grid, class T>
void run_plain(const std::string& name, const Space& space, const Grid& out, const Grid& in,
               const KokkosTile::Stencil2D<T>& weights) {
  const auto weight = [&](int di, int dj) { return weights.weight(di, dj); };
  if (name == "stencil_5pt")
    plain_stencil<1, true>(space, out, in, weight);
  else if (name == "stencil_9pt")
    plain_stencil<2, true>(space, out, in, weight);
  else
    plain_stencil<2, false>(space, out, in, weight);
}

/// Whether the plain kernel's output equals KokkosTile::stencil's (clamp boundary) to rounding,
/// relative to the largest sum of |weight| * |input| an output can have: a baseline that computes
/// something else would make its row meaningless.
template <class Space, class Grid, class T, class Run>
bool plain_matches_library(const Space& space, const Grid& out, const Grid& in,
                           const KokkosTile::Stencil2D<T>& weights, const Run& run_plain_kernel) {
  Grid reference("reference", in.extent(0), in.extent(1));
  KokkosTile::apply_stencil(space, in, reference, weights,
                            KokkosTile::BoundaryCondition<T>::clamp());
  Kokkos::deep_copy(space, out, T(-1));
  run_plain_kernel();
  space.fence();
  const auto in_host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), in);
  const auto plain_host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  const auto reference_host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), reference);
  double largest_input = 0, weight_sum = 0;
  for (std::size_t i = 0; i < in.extent(0); ++i)
    for (std::size_t j = 0; j < in.extent(1); ++j)
      largest_input = std::max(largest_input, std::abs(double(in_host(i, j))));
  const int r = weights.radius();
  for (int di = -r; di <= r; ++di)
    for (int dj = -r; dj <= r; ++dj)
      weight_sum += std::abs(double(weights.weight(di, dj)));
  const double tolerance = (sizeof(T) == 4 ? 1e-5 : 1e-13) * largest_input * weight_sum;
  for (std::size_t i = 0; i < in.extent(0); ++i)
    for (std::size_t j = 0; j < in.extent(1); ++j)
      if (!(std::abs(plain_host(i, j) - double(reference_host(i, j))) <= tolerance))
        return false;
  return true;
}

template <class Space, class T>
void register_stencil_at(const Config& config, std::int64_t edge) {
  using grid = Kokkos::View<T**, Kokkos::LayoutRight, typename Space::memory_space>;
  const std::string label = std::to_string(edge) + "x" + std::to_string(edge);
  const double bytes = 2.0 * static_cast<double>(edge * edge) * sizeof(T);
  for (const std::string algorithm : {"stencil_5pt", "stencil_9pt", "stencil_box5x5"}) {
    register_copy_baselines<Space, T>(algorithm, label, edge * edge, config);
    register_benchmark(benchmark_name<Space, T>(algorithm, "plain_kokkos", label), config,
                       // Google Benchmark calls the body once per repetition: the check runs
                       // on the first call only (0 unchecked, 1 matches, -1 differs).
                       [=, verdict = std::make_shared<int>(0)](benchmark::State& state) {
                         const Space space;
                         grid in("in", edge, edge), out("out", edge, edge);
                         Kokkos::View<T*, typename Space::memory_space> flat(in.data(),
                                                                             edge * edge);
                         fill_pattern(space, flat);
                         const auto weights = make_stencil<T>(algorithm);
                         const auto run = [&] { run_plain(algorithm, space, out, in, weights); };
                         if (*verdict == 0)
                           *verdict = plain_matches_library(space, out, in, weights, run) ? 1 : -1;
                         if (*verdict < 0) {
                           state.SkipWithError("plain_kokkos: differs from KokkosTile::stencil");
                           return;
                         }
                         time_memory_bound(state, space, bytes, run);
                       });
    register_benchmark(
        benchmark_name<Space, T>(algorithm, "plain_mdrange", label), config,
        [=](benchmark::State& state) {
          const Space space;
          grid in("in", edge, edge), out("out", edge, edge);
          Kokkos::View<T*, typename Space::memory_space> flat(in.data(), edge * edge);
          fill_pattern(space, flat);
          const auto plain = make_plain<grid, T>(algorithm, out, in);
          using policy = Kokkos::MDRangePolicy<
              Space, Kokkos::Rank<2, Kokkos::Iterate::Right, Kokkos::Iterate::Right>>;
          time_memory_bound(state, space, bytes, [&] {
            Kokkos::parallel_for("KokkosTileBench::plain_stencil",
                                 policy(space, {0, 0}, {edge, edge}), plain);
          });
        });
    for (const auto& named : std::vector<std::pair<std::string, KokkosTile::StencilOptions>>{
             {"kokkostile", {}},
             {"kokkostile_tiled", {}},
             // One 64 x 64 tile per team (what the default did before the strip kernel).
             {"kokkostile_tiles64", {KokkosTile::StencilVariant::tiled, 64, 64}},
             {"kokkostile_naive", {KokkosTile::StencilVariant::naive}},
             // The uniform box is an outer product, which host backends compute as separable
             // rows; this row computes it tap by tap, as any other 5x5 box (the hook of
             // Stencil_HostSeparable.hpp).
             {"kokkostile_unfactored", {}}}) {
      const bool unfactored = named.first == "kokkostile_unfactored";
      if (unfactored && !(is_host_space<Space>() && algorithm == "stencil_box5x5"))
        continue;
      const KokkosTile::StencilOptions options = named.second;
      register_benchmark(benchmark_name<Space, T>(algorithm, named.first, label), config,
                         [=](benchmark::State& state) {
                           const Space space;
                           grid in("in", edge, edge), out("out", edge, edge);
                           Kokkos::View<T*, typename Space::memory_space> flat(in.data(),
                                                                               edge * edge);
                           fill_pattern(space, flat);
                           const auto weights = make_stencil<T>(algorithm);
                           const auto boundary = KokkosTile::BoundaryCondition<T>::clamp();
                           time_memory_bound(state, space, bytes, [&] {
                             if (unfactored)
                               KokkosTile::Impl::stencil_host_separable_override = 0;
                             KokkosTile::apply_stencil(space, in, out, weights, boundary, options);
                             KokkosTile::Impl::stencil_host_separable_override = -1;
                           });
                         });
    }
  }
}

template <class Space, class T>
void register_stencil_for(const Config& config) {
  for (const std::int64_t edge : stencil_edges<Space>(config))
    register_stencil_at<Space, T>(config, edge);
}

struct RegisterStencil {
  const Config& config;
  template <class Space>
  void operator()() const {
    register_stencil_for<Space, float>(config);
    register_stencil_for<Space, double>(config);
  }
};

}  // namespace

void register_stencil_benchmarks(const Config& config) {
  for_each_enabled_space(RegisterStencil{config});
}

}  // namespace KokkosTileBench
