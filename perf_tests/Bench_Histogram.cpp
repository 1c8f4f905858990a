// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Histograms (KokkosTile_Histogram.hpp): every variant, the automatic choice and the baselines a
// user has without KokkosTile, over bin counts from 32 to 2^22 and two input distributions:
//
//   histogram_<uniform|skewed>/<variant>/<space>/int/n:<bins>
//       int samples in [0, bins) (2^28 on devices, 2^24 on host backends): uniform, or skewed
//       (90% of the samples in 8 bins spread over the range, the rest uniform). GB/s: input bytes
//       read. Variants: kokkostile (the entry point with default options: the automatic variant);
//       plain_kokkos (what a Kokkos user writes instead: the counts zeroed, then one
//       Kokkos::atomic_add per sample in a RangePolicy); shared, cluster, global_atomics and (host
//       backends) partitioned forced;
//       designs measured against them: shared_aggregated (adaptive warp aggregation),
//       global_uncached (no hot-bin cache, warp-aggregated atomics), global_plain (one global
//       atomic per sample), cluster_c<C> (a forced cluster size), cluster_staged and
//       cluster_remote_atomics (the other cluster designs) from 16,384 bins; cub_histogram_even
//       (cub::DeviceHistogram::HistogramEven, CUDA);
//       scatter_view (Kokkos::Experimental::ScatterView, every backend).
//
// Each benchmark checks its counts against a reference (plain Kokkos atomics) before timing and
// reports an error if they differ.
#include <KokkosTile_Histogram.hpp>
#include <Kokkos_ScatterView.hpp>

#include "BenchmarkSpaces.hpp"

#ifdef KOKKOS_ENABLE_CUDA
#include <cub/device/device_histogram.cuh>
#endif

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>

namespace KokkosTileBench {
namespace {

/// The options and the Experimental design knobs that the benchmarks compare.
struct HistogramOptions : KokkosTile::HistogramOptions,
                          KokkosTile::Experimental::HistogramTuning {};
using KokkosTile::HistogramVariant;

KOKKOS_INLINE_FUNCTION std::uint32_t mix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return static_cast<std::uint32_t>((x ^ (x >> 31)) >> 16);
}

template <class Space>
struct MakeSamples {
  Kokkos::View<int*, typename Space::memory_space> samples;
  int bins;
  bool skewed;
  KOKKOS_FUNCTION void operator()(std::int64_t i) const {
    const std::uint32_t a = mix(2 * static_cast<std::uint64_t>(i));
    const std::uint32_t b = mix(2 * static_cast<std::uint64_t>(i) + 1);
    const auto ubins = static_cast<std::uint32_t>(bins);
    if (skewed && b % 10 != 0)
      samples(i) = static_cast<int>((b / 10) % 8 * (ubins / 8) + ubins / 16);
    else
      samples(i) = static_cast<int>(a % ubins);
  }
};

template <class Space>
struct ReferenceCount {
  Kokkos::View<int*, typename Space::memory_space> samples;
  Kokkos::View<unsigned*, typename Space::memory_space> counts;
  KOKKOS_FUNCTION void operator()(std::int64_t i) const {
    Kokkos::atomic_add(&counts(samples(i)), 1u);
  }
};

template <class Space>
struct Mismatches {
  Kokkos::View<unsigned*, typename Space::memory_space> a, b;
  KOKKOS_FUNCTION void operator()(int i, int& wrong) const { wrong += a(i) != b(i) ? 1 : 0; }
};

template <class SV, class Samples>
struct ScatterCount {
  SV scatter;
  Samples samples;
  KOKKOS_FUNCTION void operator()(std::int64_t i) const {
    auto access = scatter.access();
    access(samples(i)) += 1u;
  }
};

/// The input and its reference histogram, kept while consecutive benchmarks share them.
template <class Space>
struct Input {
  using samples_type = Kokkos::View<int*, typename Space::memory_space>;
  using counts_type = Kokkos::View<unsigned*, typename Space::memory_space>;
  samples_type samples;
  counts_type reference;
  std::int64_t n = -1;
  int bins = 0;
  bool skewed = false;

  static Input& get(std::int64_t n, int bins, bool skewed) {
    static Input input;
    static const bool hooked = [] {
      // Device memory must go before Kokkos finalizes, not with the program's statics.
      Kokkos::push_finalize_hook([] { input = Input(); });
      return true;
    }();
    (void)hooked;
    if (input.n != n || input.bins != bins || input.skewed != skewed) {
      const Space space;
      input = Input();
      input.samples = samples_type(Kokkos::view_alloc(Kokkos::WithoutInitializing, "samples"), n);
      Kokkos::parallel_for("KokkosTileBench::histogram_samples",
                           Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>(space, 0, n),
                           MakeSamples<Space>{input.samples, bins, skewed});
      input.reference = counts_type("reference", bins);
      Kokkos::parallel_for("KokkosTileBench::histogram_reference",
                           Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>(space, 0, n),
                           ReferenceCount<Space>{input.samples, input.reference});
      space.fence();
      input.n = n;
      input.bins = bins;
      input.skewed = skewed;
    }
    return input;
  }
};

template <class Space>
std::vector<int> bin_counts(const Config& config) {
  if (config.smoke)
    return {32, 4096};
  if (!config.variants)  // one size a tier: a warp's bins, a byte's, scratch-sized, past scratch
    return {32, 256, 49152, 1 << 20, 1 << 22};
  return {32, 256, 4096, 16384, 49152, 131072, 262144, 1 << 20, 1 << 22};
}

template <class Space>
void register_histogram(const Config& config) {
  using counts_type = typename Input<Space>::counts_type;
  using samples_type = typename Input<Space>::samples_type;
  const std::int64_t n = config.smoke             ? 100003
                         : is_host_space<Space>() ? std::int64_t{1} << 24
                                                  : std::int64_t{1} << 28;
  // run(space, samples, counts): one histogram call, queued on space.
  using run_type = std::function<void(const Space&, const samples_type&, const counts_type&)>;
  for (const int bins : bin_counts<Space>(config)) {
    for (const bool skewed : {false, true}) {
      const std::string algorithm = skewed ? "histogram_skewed" : "histogram_uniform";
      auto add = [&](const std::string& variant, const run_type& run) {
        register_benchmark(
            benchmark_name<Space, int>(algorithm, variant, bins), config,
            [=](benchmark::State& state) {
              const Space space;
              const Input<Space>& input = Input<Space>::get(n, bins, skewed);
              counts_type counts(Kokkos::view_alloc(Kokkos::WithoutInitializing, "counts"), bins);
              Kokkos::deep_copy(counts, 0xA5A5A5A5u);  // poisoned: unwritten bins fail the check
              run(space, input.samples, counts);
              int wrong = 0;
              Kokkos::parallel_reduce("KokkosTileBench::histogram_check",
                                      Kokkos::RangePolicy<Space>(space, 0, bins),
                                      Mismatches<Space>{counts, input.reference}, wrong);
              if (wrong != 0) {
                state.SkipWithError((variant + ": wrong counts").c_str());
                return;
              }
              time_memory_bound(state, space, static_cast<double>(n) * sizeof(int),
                                [&] { run(space, input.samples, counts); });
              const HistogramVariant chosen = KokkosTile::histogram_variant_for(space, bins, n);
              state.SetLabel(std::string("automatic: ") + KokkosTile::to_string(chosen));
            });
      };
      auto forced = [](HistogramOptions options) {
        return [options](const Space& s, const samples_type& in, const counts_type& out) {
          KokkosTile::Experimental::histogram(s, in, out, options, options);
        };
      };
      auto runnable = [&](const HistogramOptions& options) {
        try {
          (void)KokkosTile::Experimental::histogram_plan(Space(), bins, n, sizeof(unsigned),
                                                         options, options);
          return true;
        } catch (const KokkosTile::ResourceError&) {
          return false;
        }
      };
      add("kokkostile", [](const Space& s, const samples_type& in, const counts_type& out) {
        KokkosTile::histogram(s, in, out);
      });
      add("plain_kokkos", [](const Space& s, const samples_type& in, const counts_type& out) {
        Kokkos::deep_copy(s, out, 0u);
        Kokkos::parallel_for("KokkosTileBench::plain_histogram",
                             Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>(
                                 s, 0, static_cast<std::int64_t>(in.extent(0))),
                             ReferenceCount<Space>{in, out});
      });
      // What a user would pick instead: CUB on CUDA, and Kokkos' ScatterView everywhere.
      auto add_baselines = [&] {
#ifdef KOKKOS_ENABLE_CUDA
        if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
          add("cub_histogram_even",
              [](const Space& s, const samples_type& in, const counts_type& out) {
                // Temporary storage sized once per shape, as a CUB user would keep it.
                static Kokkos::View<unsigned char*, Kokkos::CudaSpace> temp;
                static std::size_t temp_bytes = 0;
                static const bool hooked = [] {
                  Kokkos::push_finalize_hook([] {
                    temp = Kokkos::View<unsigned char*, Kokkos::CudaSpace>();
                    temp_bytes = 0;
                  });
                  return true;
                }();
                (void)hooked;
                const int levels = static_cast<int>(out.extent(0)) + 1;
                const int count = static_cast<int>(in.extent(0));
                std::size_t need = 0;
                cub::DeviceHistogram::HistogramEven(nullptr, need, in.data(), out.data(), levels, 0,
                                                    levels - 1, count, s.cuda_stream());
                if (need > temp_bytes) {
                  temp = Kokkos::View<unsigned char*, Kokkos::CudaSpace>("cub_temp", need);
                  temp_bytes = need;
                }
                cub::DeviceHistogram::HistogramEven(temp.data(), need, in.data(), out.data(),
                                                    levels, 0, levels - 1, count, s.cuda_stream());
              });
        }
#endif
        add("scatter_view", [](const Space& s, const samples_type& in, const counts_type& out) {
          // On Space itself: the counts View's own device is its memory space's default execution
          // space (Threads, say, where Space is Serial), and ScatterView takes instances of its
          // own.
          using scatter_type = Kokkos::Experimental::ScatterView<
              unsigned*, typename counts_type::array_layout,
              Kokkos::Device<Space, typename Space::memory_space>>;
          // Duplicated (host) or atomic (device) as Kokkos chooses for the space; the counts are
          // zeroed and the duplicates summed into them, so the call overwrites like the others.
          // Kept across calls on the same counts, as an application would keep it.
          static scatter_type scatter;
          static const unsigned* made_for = nullptr;
          static const bool hooked = [] {
            Kokkos::push_finalize_hook([] { scatter = scatter_type(); });
            return true;
          }();
          (void)hooked;
          if (made_for != out.data()) {
            scatter = scatter_type(out);
            made_for = out.data();
          }
          Kokkos::deep_copy(s, out, 0u);
          scatter.reset_except(s, out);
          Kokkos::parallel_for("KokkosTileBench::histogram_scatter_view",
                               Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>(
                                   s, 0, static_cast<std::int64_t>(in.extent(0))),
                               ScatterCount<scatter_type, samples_type>{scatter, in});
          counts_type dest = out;
          Kokkos::Experimental::contribute(s, dest, scatter);
        });
      };
      if (!config.variants && !config.smoke) {  // the forced variants are for tuning work
        add_baselines();
        continue;
      }
      HistogramOptions shared;
      shared.variant = HistogramVariant::shared;
      if (runnable(shared)) {
        add("shared", forced(shared));
        if (!is_host_space<Space>()) {
          shared.warp_aggregation = KokkosTile::Experimental::WarpAggregation::adaptive;
          add("shared_aggregated", forced(shared));
        }
      }
      HistogramOptions cluster;
      cluster.variant = HistogramVariant::cluster;
      // The host emulation is for correctness; it is measured in smoke runs only.
      const bool measure_cluster = !is_host_space<Space>() || config.smoke;
      if (measure_cluster && runnable(cluster)) {
        add("cluster", forced(cluster));
        if (!is_host_space<Space>() && bins >= 16384) {
          for (const int c : {2, 4, 8, 16}) {
            HistogramOptions sized = cluster;
            sized.cluster_size = c;
            if (runnable(sized))
              add("cluster_c" + std::to_string(c), forced(sized));
          }
          for (const auto& [name, design] :
               {std::pair{"cluster_staged",
                          KokkosTile::Experimental::ClusterHistogramDesign::staged},
                std::pair{"cluster_remote_atomics",
                          KokkosTile::Experimental::ClusterHistogramDesign::remote_atomics}}) {
            HistogramOptions other = cluster;
            other.cluster_design = design;
            if (runnable(other))
              add(name, forced(other));
          }
        }
      }
      HistogramOptions global;
      global.variant = HistogramVariant::global_atomics;
      add("global_atomics", forced(global));
      if (is_host_space<Space>()) {
        HistogramOptions partitioned;
        partitioned.variant = HistogramVariant::partitioned;
        add("partitioned", forced(partitioned));
      }
      if (!is_host_space<Space>()) {
        global.hot_bin_cache = false;
        global.warp_aggregation = KokkosTile::Experimental::WarpAggregation::always;
        add("global_uncached", forced(global));
        global.warp_aggregation = KokkosTile::Experimental::WarpAggregation::never;
        add("global_plain", forced(global));
      }
      add_baselines();
    }
  }
}

struct RegisterHistogram {
  const Config& config;
  template <class Space>
  void operator()() const {
    register_histogram<Space>(config);
  }
};

}  // namespace

void register_histogram_benchmarks(const Config& config) {
  for_each_enabled_space(RegisterHistogram{config});
}

}  // namespace KokkosTileBench
