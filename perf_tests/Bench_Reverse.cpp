// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// KokkosTile::reverse (both scratch forms) and reverse_copy against what a Kokkos user would run
// instead: Kokkos::deep_copy of the same bytes (the copy bandwidth ceiling; cudaMemcpy on CUDA), a
// plain parallel_for that swaps mirrored elements, Kokkos::Experimental::reverse, and
// KokkosBlas::scal(y, 1, x) when Kokkos Kernels is found. Every variant reads n and writes n
// elements.
//
// Each family has a `kokkostile` row (the entry point with default arguments: what a user gets)
// and a `plain_kokkos` row (the RangePolicy loop a competent Kokkos user would write instead):
// reverse/... in place, reverse_copy/... out of place (dst(i) = src(n - 1 - i)).
#include <KokkosTile_Reverse.hpp>
#include <Kokkos_StdAlgorithms.hpp>
#ifdef KOKKOSTILE_HAVE_KOKKOSKERNELS
#include <KokkosBlas1_scal.hpp>
#endif

#include "BenchmarkSpaces.hpp"

namespace KokkosTileBench {
namespace {

/// The reversal anyone would write first: one thread per mirrored pair, no scratch.
template <class ViewType>
struct NaiveSwap {
  ViewType view;
  std::int64_t extent;
  KOKKOS_FUNCTION void operator()(std::int64_t i) const {
    const auto front = view(i);
    view(i) = view(extent - 1 - i);
    view(extent - 1 - i) = front;
  }
};

/// The out-of-place reversal anyone would write first: dst(i) = src(n - 1 - i), one per index.
template <class ViewType>
struct NaiveReverseCopy {
  ViewType src, dst;
  std::int64_t extent;
  KOKKOS_FUNCTION void operator()(std::int64_t i) const { dst(i) = src(extent - 1 - i); }
};

template <class Space, class T>
void register_reverse_for(const Config& config) {
  using view_type = Kokkos::View<T*, typename Space::memory_space>;
  for (const std::int64_t n : stream_extents<Space>(config)) {
    register_copy_baselines<Space, T>("reverse", std::to_string(n), n, config);
    const double bytes = 2.0 * static_cast<double>(n) * sizeof(T);
    auto add = [&](const std::string& variant, auto run_on) {
      register_benchmark(benchmark_name<Space, T>("reverse", variant, n), config,
                         [=](benchmark::State& state) {
                           const Space space;
                           view_type a("a", n), b("b", n);
                           fill_pattern(space, a);
                           fill_pattern(space, b);
                           time_memory_bound(state, space, bytes, [&] { run_on(space, a, b); });
                         });
    };
    add("kokkostile",
        [](const Space& s, const view_type& a, const view_type&) { KokkosTile::reverse(s, a); });
    add("plain_kokkos", [](const Space& s, const view_type& a, const view_type&) {
      const std::int64_t extent = a.extent(0);
      Kokkos::parallel_for("plain_kokkos", Kokkos::RangePolicy<Space>(s, 0, extent / 2),
                           NaiveSwap<view_type>{a, extent});
    });
    add("kokkostile_dynamic_chunk4096", [](const Space& s, const view_type& a, const view_type&) {
      KokkosTile::reverse(s, a, 4096);
    });
    add("kokkostile_static1024", [](const Space& s, const view_type& a, const view_type&) {
      KokkosTile::reverse_static<1024>(s, a);
    });
    add("kokkos_std_reverse", [](const Space& s, const view_type& a, const view_type&) {
      Kokkos::Experimental::reverse(s, a);
    });
#ifdef KOKKOSTILE_HAVE_KOKKOSKERNELS
    add("kokkosblas_scal", [](const Space& s, const view_type& a, const view_type& b) {
      KokkosBlas::scal(s, b, T(1), a);
    });
#endif

    // Out of place: its own family, with its own deep_copy baseline.
    register_copy_baselines<Space, T>("reverse_copy", std::to_string(n), n, config);
    auto add_copy = [&](const std::string& variant, auto run_on) {
      register_benchmark(benchmark_name<Space, T>("reverse_copy", variant, n), config,
                         [=](benchmark::State& state) {
                           const Space space;
                           view_type a("a", n), b("b", n);
                           fill_pattern(space, a);
                           time_memory_bound(state, space, bytes, [&] { run_on(space, a, b); });
                         });
    };
    add_copy("kokkostile", [](const Space& s, const view_type& a, const view_type& b) {
      KokkosTile::reverse_copy(s, a, b);
    });
    add_copy("plain_kokkos", [](const Space& s, const view_type& a, const view_type& b) {
      Kokkos::parallel_for("plain_kokkos", Kokkos::RangePolicy<Space>(s, 0, a.extent(0)),
                           NaiveReverseCopy<view_type>{a, b, std::int64_t(a.extent(0))});
    });
  }
}

struct RegisterReverse {
  const Config& config;
  template <class Space>
  void operator()() const {
    register_reverse_for<Space, float>(config);
    register_reverse_for<Space, double>(config);
  }
};

}  // namespace

void register_reverse_benchmarks(const Config& config) {
  for_each_enabled_space(RegisterReverse{config});
}

}  // namespace KokkosTileBench
