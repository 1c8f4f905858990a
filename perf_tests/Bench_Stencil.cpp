// KokkosTile::stencil (tiled: the default strips, one tile per team; naive) for the 5-point and
// 9-point stars and a 5x5 box, against the copy baselines of the same bytes (grid read once,
// written once).
#include <KokkosTile_Stencil.hpp>

#include "BenchmarkSpaces.hpp"

namespace KokkosTileBench {
namespace {

template <class Space>
std::int64_t stencil_edge(const Config& config) {
  if (config.smoke)
    return 61;
  return is_host_space<Space>() ? 4096 : 8192;
}

template <class T>
KokkosTile::Stencil2D<T> make_stencil(const std::string& name) {
  if (name == "stencil_5pt")
    return KokkosTile::Stencil2D<T>::five_point(T(-4), T(1));
  if (name == "stencil_9pt")
    return KokkosTile::Stencil2D<T>::nine_point(T(-5), T(4) / 3, T(-1) / 12);
  return KokkosTile::Stencil2D<T>::box(2, std::vector<T>(25, T(1) / 25));
}

template <class Space, class T>
void register_stencil_for(const Config& config) {
  using grid = Kokkos::View<T**, Kokkos::LayoutRight, typename Space::memory_space>;
  const std::int64_t edge = stencil_edge<Space>(config);
  const std::string label = std::to_string(edge) + "x" + std::to_string(edge);
  const double bytes = 2.0 * static_cast<double>(edge * edge) * sizeof(T);
  for (const std::string algorithm : {"stencil_5pt", "stencil_9pt", "stencil_box5x5"}) {
    register_copy_baselines<Space, T>(algorithm, label, edge * edge, config);
    for (const auto& named : std::vector<std::pair<std::string, KokkosTile::StencilOptions>>{
             {"kokkostile_tiled", {}},
             // One 64 x 64 tile per team (what the default did before the strip kernel).
             {"kokkostile_tiles64", {KokkosTile::StencilVariant::tiled, 64, 64}},
             {"kokkostile_naive", {KokkosTile::StencilVariant::naive}}}) {
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
                             KokkosTile::stencil(space, out, in, weights, boundary, options);
                           });
                         });
    }
  }
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
