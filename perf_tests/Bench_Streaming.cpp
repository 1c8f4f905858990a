// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// KokkosTile::StreamPipeline on a transfer-bound workload, y = a * x + b over n floats that start
// and end in pinned host memory, against the serial sequence (copy everything in, one kernel, copy
// everything out, on one instance) and the ideal: the slowest of the three stages alone (copy in,
// kernel, copy out, each timed on its own). Algorithm "stream"; GB/s counts the bytes that cross
// the link (n floats in, n out), so each variant's ratio to `ideal_slowest_stage` is the fraction
// of the ideal overlap it reaches. `ideal_bidirectional_copies` is the link's measured two-way
// ceiling (both copies at once, no kernel).
#include <KokkosTile_PinnedHostSpace.hpp>
#include <KokkosTile_Streaming.hpp>

#include "BenchmarkSpaces.hpp"

#include <algorithm>
#include <chrono>

namespace KokkosTileBench {
namespace {

template <class Space>
std::int64_t streaming_extent(const Config& config) {
  if (config.smoke)
    return 4099;
  return is_host_space<Space>() ? std::int64_t{1} << 24 : std::int64_t{1} << 28;  // 64 MiB, 1 GiB
}

/// y = 2 x + 1 on `space`: a kernel far cheaper than the copies around it.
struct Axpb {
  template <class Space, class In, class Out>
  void operator()(const Space& space, const In& in, const Out& out, std::size_t = 0) const {
    Kokkos::parallel_for(
        "KokkosTileBench::axpb", Kokkos::RangePolicy<Space>(space, 0, in.extent(0)),
        KOKKOS_LAMBDA(std::int64_t i) { out(i) = 2.0f * in(i) + 1.0f; });
  }
};

template <class Space>
void register_streaming_for(const Config& config) {
  using device_view = Kokkos::View<float*, typename Space::memory_space>;
  using pinned_view = Kokkos::View<float*, KokkosTile::PinnedHostSpace>;
  using pageable_view = Kokkos::View<float*, Kokkos::HostSpace>;
  const std::int64_t n = streaming_extent<Space>(config);
  const double bytes = 2.0 * static_cast<double>(n) * sizeof(float);
  auto name = [&](const std::string& variant) {
    return benchmark_name<Space, float>("stream", variant, n);
  };
  auto make = [](auto view_tag, const char* label, std::int64_t count) {
    using view_type = decltype(view_tag);
    view_type view(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string(label)), count);
    Kokkos::deep_copy(view, 1.5f);
    return view;
  };

  register_benchmark(name("serial_sequence"), config, [=](benchmark::State& state) {
    const Space space;
    auto in = make(pinned_view(), "in", n);
    auto out = make(pinned_view(), "out", n);
    device_view d_in("d_in", n), d_out("d_out", n);
    time_memory_bound(state, space, bytes, [&] {
      Kokkos::deep_copy(space, d_in, in);
      Axpb{}(space, d_in, d_out);
      Kokkos::deep_copy(space, out, d_out);
    });
  });

  // The ideal: each stage alone, timed on its own; the iteration counts the slowest.
  auto* ideal = benchmark::RegisterBenchmark(
      name("ideal_slowest_stage").c_str(), [=](benchmark::State& state) {
        const Space space;
        auto in = make(pinned_view(), "in", n);
        auto out = make(pinned_view(), "out", n);
        device_view d_in("d_in", n), d_out("d_out", n);
        auto timed = [&](auto&& stage) {
          const auto start = std::chrono::steady_clock::now();
          stage();
          space.fence();
          return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        };
        double stage_seconds[3] = {0, 0, 0};
        auto run_stages = [&] {
          stage_seconds[0] = timed([&] { Kokkos::deep_copy(space, d_in, in); });
          stage_seconds[1] = timed([&] { Axpb{}(space, d_in, d_out); });
          stage_seconds[2] = timed([&] { Kokkos::deep_copy(space, out, d_out); });
        };
        run_stages();  // warm-up
        double sums[3] = {0, 0, 0};
        for (auto _ : state) {
          run_stages();
          for (int s = 0; s < 3; ++s)
            sums[s] += stage_seconds[s];
          state.SetIterationTime(*std::max_element(stage_seconds, stage_seconds + 3));
        }
        const double iterations = static_cast<double>(state.iterations());
        state.counters["GB/s"] =
            benchmark::Counter(bytes / 1e9, benchmark::Counter::kIsIterationInvariantRate);
        state.counters["copy_in_ms"] = 1e3 * sums[0] / iterations;
        state.counters["kernel_ms"] = 1e3 * sums[1] / iterations;
        state.counters["copy_out_ms"] = 1e3 * sums[2] / iterations;
      });
  ideal->UseManualTime()->Unit(benchmark::kMillisecond);
  if (config.smoke)
    ideal->Iterations(2);

  // The measured ceiling of the link for this workload: the copy in and the copy out of the same
  // sizes at once, on two instances. A link does not carry both directions at full one-way speed,
  // so a pipeline that overlaps them cannot reach the slowest stage alone; this row says how close
  // to the link's real two-way rate it can get.
  register_benchmark(name("ideal_bidirectional_copies"), config, [=](benchmark::State& state) {
    const Space space;
    const auto instances = KokkosTile::streaming_instances(space, 2);
    auto in = make(pinned_view(), "in", n);
    auto out = make(pinned_view(), "out", n);
    device_view d_in("d_in", n), d_out("d_out", n);
    time_memory_bound(state, space, bytes, [&] {
      Kokkos::deep_copy(instances[0], d_in, in);
      Kokkos::deep_copy(instances[1], out, d_out);
      instances[0].fence("KokkosTileBench: copy in done");
      instances[1].fence("KokkosTileBench: copy out done");
    });
  });

  struct PipelineShape {
    int instances;
    int chunk_mib;
    bool pageable;
  };
  for (const auto shape :
       {PipelineShape{1, 16, false}, PipelineShape{2, 16, false}, PipelineShape{4, 4, false},
        PipelineShape{4, 16, false}, PipelineShape{4, 64, false}, PipelineShape{8, 16, false},
        PipelineShape{4, 16, true}}) {
    const std::string variant = std::string("kokkostile_pipeline_") +
                                std::to_string(shape.instances) + "x" +
                                std::to_string(shape.chunk_mib) + "MiB" +
                                (shape.pageable ? "_pageable_pinned_per_call" : "");
    register_benchmark(name(variant), config, [=](benchmark::State& state) {
      const Space space;
      KokkosTile::StreamPipeline<Space> pipeline(
          KokkosTile::streaming_instances(space, shape.instances));
      const std::size_t chunk_rows = (std::size_t(shape.chunk_mib) << 20) / sizeof(float);
      auto run = [&](const auto& in, const auto& out) {
        time_memory_bound(state, space, bytes, [&] {
          pipeline.run("KokkosTileBench::stream", in, out, chunk_rows, Axpb{});
        });
      };
      if (shape.pageable)
        run(make(pageable_view(), "in", n), make(pageable_view(), "out", n));
      else
        run(make(pinned_view(), "in", n), make(pinned_view(), "out", n));
    });
  }

  // Chunks the pipeline plans (chunk_rows = 0, StreamOptions::plan_chunks_from_measured_stages)
  // from the stage times it measures on its first run
  // (Memory_StreamPlan.hpp): a pipeline kept across calls (measured in the warm-up call), and a
  // new pipeline per call, which pays for its two calibration chunks every time. chunk_MiB: the
  // chunk it chose.
  for (const bool fresh : {false, true}) {
    register_benchmark(name(fresh ? "kokkostile_pipeline_4xauto_new_pipeline_per_call"
                                  : "kokkostile_pipeline_4xauto"),
                       config, [=](benchmark::State& state) {
                         const Space space;
                         const auto instances = KokkosTile::streaming_instances(space, 4);
                         KokkosTile::StreamPipeline<Space> kept(instances);
                         auto in = make(pinned_view(), "in", n);
                         auto out = make(pinned_view(), "out", n);
                         KokkosTile::StreamOptions planned;
                         planned.plan_chunks_from_measured_stages = true;
                         std::size_t chunk_rows = 0;
                         time_memory_bound(state, space, bytes, [&] {
                           if (fresh) {
                             KokkosTile::StreamPipeline<Space> pipeline(instances);
                             pipeline.run("KokkosTileBench::stream", in, out, 0, Axpb{}, planned);
                             chunk_rows = pipeline.last_chunk_rows();
                           } else {
                             kept.run("KokkosTileBench::stream", in, out, 0, Axpb{}, planned);
                             chunk_rows = kept.last_chunk_rows();
                           }
                         });
                         state.counters["chunk_MiB"] =
                             static_cast<double>(chunk_rows * sizeof(float)) / (1 << 20);
                       });
  }
}

struct RegisterStreaming {
  const Config& config;
  template <class Space>
  void operator()() const {
    // Streaming host data through a host space means nothing: measured there in smoke runs only.
    if (!is_host_space<Space>() || config.smoke)
      register_streaming_for<Space>(config);
  }
};

}  // namespace

void register_streaming_benchmarks(const Config& config) {
  for_each_enabled_space(RegisterStreaming{config});
}

}  // namespace KokkosTileBench
