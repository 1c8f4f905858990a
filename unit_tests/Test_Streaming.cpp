// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tests of KokkosTile_Streaming.hpp: every row comes back exactly once, computed from its own input
// and its global row index, for odd sizes and chunkings, 1 to 4 instances, rank 1 and rank 2, mixed
// value types, in place, pageable, pinned and registered host memory; the functor sees only its
// chunk; no registration outlives a run, also when the functor throws; bad arguments raise.
#include <KokkosTile_HostRegistration.hpp>
#include <KokkosTile_PinnedHostSpace.hpp>
#include <KokkosTile_Streaming.hpp>

#include "TestHelpers.hpp"

#include <algorithm>
#include <limits>
#include <random>
#include <stdexcept>
#include <vector>

namespace KokkosTileTest {
namespace {

/// Small integers, so that every value the kernels compute is exact in float and double.
template <class HostView>
void fill_small_integers(const HostView& view, std::uint64_t seed) {
  using T = typename HostView::non_const_value_type;
  std::mt19937_64 engine(seed);
  std::uniform_int_distribution<int> draw(-1000, 1000);
  auto* data = view.data();
  for (std::size_t i = 0; i < view.span(); ++i)
    data[i] = static_cast<T>(draw(engine));
}

/// out(i) = 2 * in(i) + (first_row + i): wrong chunks, offsets or missing rows all show.
struct ScaleAndAddRow {
  template <class Space, class In, class Out>
  void operator()(const Space& space, const In& in, const Out& out, std::size_t first_row) const {
    using out_value = typename Out::non_const_value_type;
    const auto offset = static_cast<std::int64_t>(first_row);
    Kokkos::parallel_for(
        "ScaleAndAddRow", Kokkos::RangePolicy<Space>(space, 0, in.extent(0)),
        KOKKOS_LAMBDA(std::int64_t i) {
          out(i) = static_cast<out_value>(2 * in(i)) + static_cast<out_value>(offset + i);
        });
  }
};

template <class In, class Out>
::testing::AssertionResult scaled_and_added(const In& in, const Out& out) {
  using out_value = typename Out::non_const_value_type;
  for (std::size_t i = 0; i < in.extent(0); ++i) {
    const auto expected = static_cast<out_value>(2 * in(i)) + static_cast<out_value>(i);
    if (!(expected == out(i)))
      return ::testing::AssertionFailure() << "row " << i << " of " << in.extent(0) << ": expected "
                                           << expected << ", got " << out(i);
  }
  return ::testing::AssertionSuccess();
}

template <class T>
class Streaming : public ::testing::Test {};
using StreamingValueTypes = ::testing::Types<float, double>;
TYPED_TEST_SUITE(Streaming, StreamingValueTypes, );

TYPED_TEST(Streaming, EveryRowOnceForOddSizesChunksAndInstanceCounts) {
  using T = TypeParam;
  const std::size_t before = KokkosTile::live_host_registrations();
  for (const int instance_count : {1, 3, 4}) {
    KokkosTile::StreamPipeline<ExecSpace> pipeline(
        KokkosTile::streaming_instances(ExecSpace(), instance_count));
    for (const std::int64_t n : {std::int64_t{1}, std::int64_t{1000}, std::int64_t{100003}}) {
      for (const std::size_t chunk : {std::size_t{0}, std::size_t{1}, std::size_t{7},
                                      std::size_t{1021}, std::size_t{200000}}) {
        if (chunk != 0 && chunk < 1000 && n > 1000)
          continue;  // thousands of launches: slow under sanitizers, and n = 1000 covers them
        Kokkos::View<T*, KokkosTile::PinnedHostSpace> in("in", n), out("out", n);
        fill_small_integers(in, 11 + n);
        Kokkos::deep_copy(out, poison<T>());
        pipeline.run("test", in, out, chunk, ScaleAndAddRow{});
        ASSERT_TRUE(scaled_and_added(in, out))
            << "n " << n << ", chunk " << chunk << ", instances " << instance_count;
      }
    }
  }
  EXPECT_EQ(KokkosTile::live_host_registrations(), before);
}

TYPED_TEST(Streaming, PageableRegisteredAndUnpinnedHostMemory) {
  using T = TypeParam;
  const std::size_t before = KokkosTile::live_host_registrations();
  const std::int64_t n = 65537;
  auto instances = KokkosTile::streaming_instances(ExecSpace(), 2);
  Kokkos::View<T*, Kokkos::HostSpace> in("in", n), out("out", n);
  fill_small_integers(in, 7);

  // Pageable: pinned for the call only.
  Kokkos::deep_copy(out, poison<T>());
  KokkosTile::stream_chunks("pageable", instances, in, out, 4099, ScaleAndAddRow{});
  EXPECT_TRUE(scaled_and_added(in, out));
  EXPECT_EQ(KokkosTile::live_host_registrations(), before);
  EXPECT_FALSE(KokkosTile::is_page_locked(in.data()));

  // Registered by the caller: used as it is, still registered afterwards.
  {
    KokkosTile::ScopedHostRegistration pin_in(in), pin_out(out);
    Kokkos::deep_copy(out, poison<T>());
    KokkosTile::stream_chunks("registered", instances, in, out, 4099, ScaleAndAddRow{});
    EXPECT_TRUE(scaled_and_added(in, out));
    EXPECT_EQ(KokkosTile::live_host_registrations(), before + 2);
  }

  // Not pinned at all: slower on CUDA, still right.
  Kokkos::deep_copy(out, poison<T>());
  KokkosTile::StreamOptions no_pin;
  no_pin.pin_pageable_host_memory = false;
  KokkosTile::StreamPipeline<ExecSpace>(instances).run("unpinned", in, out, 4099, ScaleAndAddRow{},
                                                       no_pin);
  EXPECT_TRUE(scaled_and_added(in, out));
  EXPECT_EQ(KokkosTile::live_host_registrations(), before);
}

TEST(Streaming, MixedValueTypesAndInPlace) {
  const std::int64_t n = 30011;
  auto instances = KokkosTile::streaming_instances(ExecSpace(), 3);
  Kokkos::View<int*, Kokkos::HostSpace> in("in", n);
  Kokkos::View<double*, Kokkos::HostSpace> out("out", n);
  fill_small_integers(in, 21);
  Kokkos::deep_copy(out, poison<double>());
  KokkosTile::stream_chunks("mixed", instances, in, out, 1000, ScaleAndAddRow{});
  EXPECT_TRUE(scaled_and_added(in, out));

  Kokkos::View<float*, Kokkos::HostSpace> data("data", n), original("original", n);
  fill_small_integers(data, 22);
  Kokkos::deep_copy(original, data);
  KokkosTile::stream_chunks("in_place", instances, data, data, 999, ScaleAndAddRow{});
  EXPECT_TRUE(scaled_and_added(original, data));
}

/// Rank 2, rows split: out(i, k) = in(i, k) + in(i, k + 4) + 10 * (first_row + i), 7 columns in, 3
/// out.
struct PairColumns {
  template <class Space, class In, class Out>
  void operator()(const Space& space, const In& in, const Out& out, std::size_t first_row) const {
    const auto offset = static_cast<std::int64_t>(first_row);
    Kokkos::parallel_for(
        "PairColumns",
        Kokkos::MDRangePolicy<Space, Kokkos::Rank<2>>(
            space, {std::int64_t{0}, std::int64_t{0}},
            {static_cast<std::int64_t>(in.extent(0)), std::int64_t{3}}),
        KOKKOS_LAMBDA(std::int64_t i, std::int64_t k) {
          out(i, k) = in(i, k) + in(i, k + 4) + 10 * (offset + i);
        });
  }
};

TEST(Streaming, RankTwoRowsAreSplit) {
  const std::int64_t rows = 5003;
  Kokkos::View<double**, Kokkos::LayoutRight, KokkosTile::PinnedHostSpace> in("in", rows, 7),
      out("out", rows, 3);
  fill_small_integers(in, 31);
  Kokkos::deep_copy(out, poison<double>());
  KokkosTile::stream_chunks("rank2", KokkosTile::streaming_instances(ExecSpace(), 4), in, out, 333,
                            PairColumns{});
  for (std::int64_t i = 0; i < rows; ++i)
    for (int k = 0; k < 3; ++k)
      ASSERT_TRUE(same_value(in(i, k) + in(i, k + 4) + 10.0 * i, out(i, k))) << i << "," << k;
}

TEST(Streaming, FunctorSeesOnlyItsChunkAndEveryChunkOnce) {
  const std::int64_t n = 10007;
  const std::size_t chunk = 1000;
  Kokkos::View<float*, Kokkos::HostSpace> in("in", n), out("out", n);
  std::vector<std::size_t> firsts;
  KokkosTile::stream_chunks(
      "record", KokkosTile::streaming_instances(ExecSpace(), 3), in, out, chunk,
      [&](const ExecSpace& space, const auto& in_chunk, const auto& out_chunk, std::size_t first) {
        firsts.push_back(first);
        EXPECT_EQ(in_chunk.extent(0), std::min<std::size_t>(chunk, n - first));
        EXPECT_EQ(out_chunk.extent(0), in_chunk.extent(0));
        Kokkos::deep_copy(space, out_chunk, in_chunk);
      });
  ASSERT_EQ(firsts.size(), 11u);
  for (std::size_t c = 0; c < firsts.size(); ++c)
    EXPECT_EQ(firsts[c], c * chunk);
}

TEST(Streaming, NoRegistrationOutlivesAThrowingFunctor) {
  const std::size_t before = KokkosTile::live_host_registrations();
  const std::int64_t n = 20000;
  Kokkos::View<float*, Kokkos::HostSpace> in("in", n), out("out", n);
  fill_small_integers(in, 41);
  KokkosTile::StreamPipeline<ExecSpace> pipeline(KokkosTile::streaming_instances(ExecSpace(), 2));
  int calls = 0;
  EXPECT_THROW(pipeline.run("throws", in, out, 1000,
                            [&](const auto& space, const auto& i, const auto& o, std::size_t f) {
                              if (++calls == 3)
                                throw std::runtime_error("functor failed");
                              ScaleAndAddRow{}(space, i, o, f);
                            }),
               std::runtime_error);
  EXPECT_EQ(calls, 3);
  EXPECT_EQ(KokkosTile::live_host_registrations(), before);
  EXPECT_FALSE(KokkosTile::is_page_locked(in.data()));
  EXPECT_FALSE(KokkosTile::is_page_locked(out.data()));
  // The pipeline is still usable.
  Kokkos::deep_copy(out, poison<float>());
  pipeline.run("after", in, out, 1000, ScaleAndAddRow{});
  EXPECT_TRUE(scaled_and_added(in, out));
}

TEST(Streaming, EmptyInputCallsNothing) {
  Kokkos::View<float*, Kokkos::HostSpace> in("in", 0), out("out", 0);
  int calls = 0;
  KokkosTile::stream_chunks("empty", KokkosTile::streaming_instances(ExecSpace(), 2), in, out, 10,
                            [&](const auto&, const auto&, const auto&, std::size_t) { ++calls; });
  EXPECT_EQ(calls, 0);
}

TEST(Streaming, BadArgumentsRaise) {
  auto instances = KokkosTile::streaming_instances(ExecSpace(), 2);
  Kokkos::View<float*, Kokkos::HostSpace> in("in", 100), out("out", 99), buffer("buffer", 201);
  using KokkosTile::InvalidArgument;
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::stream_chunks("extents", instances, in, out, 10, ScaleAndAddRow{}); },
      {"KokkosTile::StreamPipeline::run(\"extents\")", "in has 100 rows but out has 99"}));
  auto front = Kokkos::subview(buffer, Kokkos::make_pair(0, 100));
  auto shifted = Kokkos::subview(buffer, Kokkos::make_pair(1, 101));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] {
        KokkosTile::stream_chunks("overlap", instances, front, shifted, 10, ScaleAndAddRow{});
      },
      {"(\"overlap\")", "in and out overlap (share elements) without being the same View"}));
  // Disjoint halves of one buffer share no element: accepted.
  auto back = Kokkos::subview(buffer, Kokkos::make_pair(100, 200));
  EXPECT_NO_THROW(
      KokkosTile::stream_chunks("halves", instances, front, back, 10, ScaleAndAddRow{}));
  Kokkos::View<float*, Kokkos::LayoutStride, Kokkos::HostSpace> strided(
      buffer.data(), Kokkos::LayoutStride(100, 2));
  Kokkos::View<float*, Kokkos::HostSpace> dense("dense", 100);
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] {
        KokkosTile::stream_chunks("strided", instances, strided, dense, 10, ScaleAndAddRow{});
      },
      {"(\"strided\")", "in (\"\") is not contiguous"}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [] { KokkosTile::StreamPipeline<ExecSpace> none{std::vector<ExecSpace>{}}; },
      {"KokkosTile::StreamPipeline", "needs at least one execution-space instance"}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [] { (void)KokkosTile::streaming_instances(ExecSpace(), 0); },
      {"KokkosTile::streaming_instances", "asked for 0 instances; at least 1 is needed"}));
}

/// Chunks the pipeline plans (chunk_rows = 0, plan_chunks_from_measured_stages) on an input large
/// enough for its calibration on devices (two timed chunks, then planned ones), twice on one
/// pipeline (the second run reuses the measured stage times), and with another functor type
/// (measured afresh).
TEST(Streaming, ChosenChunksPastCalibration) {
  const std::int64_t n = std::int64_t{12} << 20;  // 48 MiB of float
  Kokkos::View<float*, KokkosTile::PinnedHostSpace> in("in", n), out("out", n);
  fill_small_integers(in, 53);
  KokkosTile::StreamPipeline<ExecSpace> pipeline(KokkosTile::streaming_instances(ExecSpace(), 3));
  KokkosTile::StreamOptions planned;
  planned.plan_chunks_from_measured_stages = true;
  for (int run = 0; run < 2; ++run) {
    Kokkos::deep_copy(out, poison<float>());
    pipeline.run("chosen", in, out, 0, ScaleAndAddRow{}, planned);
    ASSERT_TRUE(scaled_and_added(in, out)) << "run " << run;
    EXPECT_GE(pipeline.last_chunk_rows(), 1u);
    EXPECT_LE(pipeline.last_chunk_rows(), std::size_t(n));
    if (!KokkosTile::StreamPipeline<ExecSpace>::copies_chunks) {
      EXPECT_EQ(pipeline.last_chunk_rows(), (std::size_t{16} << 20) / sizeof(float));
    }
  }
  Kokkos::deep_copy(out, poison<float>());
  pipeline.run(
      "chosen, another functor", in, out, 0,
      [](const ExecSpace& space, const auto& i, const auto& o, std::size_t first) {
        ScaleAndAddRow{}(space, i, o, first);
      },
      planned);
  EXPECT_TRUE(scaled_and_added(in, out));
  // Without the option: about 16 MiB.
  pipeline.run("default", in, out, 0, ScaleAndAddRow{});
  EXPECT_TRUE(scaled_and_added(in, out));
  EXPECT_EQ(pipeline.last_chunk_rows(), (std::size_t{16} << 20) / sizeof(float));
}

/// An independent reference for the chunk plan: an event simulation of the pipeline (chunks
/// round-robin on `instances`, one chunk per instance at a time, each stage a serial engine: one
/// copy engine per direction, one kernel at a time), with stage s of a chunk of c rows taking
/// overhead[s] + c * per_row[s].
double simulated_seconds(const KokkosTile::Impl::StreamStageModel& model, std::size_t rows,
                         std::size_t chunk, int instances) {
  std::vector<double> instance_free(instances, 0.0);
  double engine_free[3] = {0, 0, 0};
  double end = 0;
  std::size_t index = 0;
  for (std::size_t first = 0; first < rows; first += chunk, ++index) {
    const std::size_t count = std::min(chunk, rows - first);
    double t = instance_free[index % instances];
    for (int s = 0; s < 3; ++s) {
      t = std::max(t, engine_free[s]) + model.overhead[s] + model.per_row[s] * double(count);
      engine_free[s] = t;
    }
    instance_free[index % instances] = t;
    end = std::max(end, t);
  }
  return end;
}

/// The plan comes within 3% of the best chunk the simulation finds (every chunk count up to 4096
/// and within the cap), for copy-bound, kernel-bound and latency-bound stages, 1 to 8 instances.
TEST(StreamingPlan, ChunksCloseToTheSimulatedBest) {
  using KokkosTile::Impl::StreamStageModel;
  const double link = 1.0 / 50e9, hbm = 1.0 / 3e12;  // seconds per byte
  auto model = [](double o0, double a0, double o1, double a1, double o2, double a2) {
    StreamStageModel m;
    m.overhead[0] = o0, m.overhead[1] = o1, m.overhead[2] = o2;
    m.per_row[0] = a0, m.per_row[1] = a1, m.per_row[2] = a2;
    return m;
  };
  const std::vector<StreamStageModel> models = {
      model(10e-6, 4 * link, 5e-6, 4 * hbm, 10e-6, 4 * link),       // copies bound (float rows)
      model(10e-6, 4 * link, 5e-6, 4 * 3 * link, 10e-6, 4 * link),  // kernel bound
      model(200e-6, 4 * link, 50e-6, 4 * hbm, 200e-6, 4 * link),    // latency heavy
      model(10e-6, 4 * link, 5e-6, 4 * hbm, 10e-6, 4 * link / 8),   // small output
      model(0, 4 * link, 0, 0, 0, 4 * link)};                       // no overheads at all
  for (std::size_t m = 0; m < models.size(); ++m) {
    for (const std::size_t rows :
         {std::size_t{1}, std::size_t{9}, std::size_t{100003}, std::size_t{1} << 28}) {
      for (const int instances : {1, 2, 3, 4, 8}) {
        for (const std::size_t cap : {std::size_t{1} << 26, std::size_t{1000}}) {
          const std::size_t planned =
              KokkosTile::Impl::plan_stream_chunk_rows(models[m], rows, instances, cap);
          ASSERT_GE(planned, 1u);
          ASSERT_LE(planned, std::min(rows, cap));
          double best = std::numeric_limits<double>::infinity();
          for (std::size_t chunks = 1; chunks <= std::min<std::size_t>(rows, 4096); ++chunks) {
            const std::size_t chunk = (rows + chunks - 1) / chunks;
            if (chunk <= cap)
              best = std::min(best, simulated_seconds(models[m], rows, chunk, instances));
          }
          if (best == std::numeric_limits<double>::infinity())  // the cap forces more chunks
            best = simulated_seconds(models[m], rows, cap, instances);
          EXPECT_LE(simulated_seconds(models[m], rows, planned, instances), 1.03 * best)
              << "model " << m << ", " << rows << " rows, " << instances << " instances, cap "
              << cap << ": planned " << planned << " rows a chunk";
        }
      }
    }
  }
}

/// The fit recovers overhead and cost per row from two timed chunks, and clamps noise.
TEST(StreamingPlan, FitFromTwoChunks) {
  KokkosTile::Impl::StreamStageSeconds small, large;
  small.stage[0] = 10e-6 + 1000 * 2e-9, large.stage[0] = 10e-6 + 4000 * 2e-9;
  small.stage[1] = 5e-6, large.stage[1] = 5e-6;
  small.stage[2] = 30e-6, large.stage[2] = 20e-6;  // noise: a larger chunk timed faster
  const auto model = KokkosTile::Impl::fit_stream_model(1000, small, 4000, large);
  EXPECT_NEAR(model.per_row[0], 2e-9, 1e-15);
  EXPECT_NEAR(model.overhead[0], 10e-6, 1e-12);
  EXPECT_EQ(model.per_row[1], 0.0);
  EXPECT_NEAR(model.overhead[1], 5e-6, 1e-12);
  EXPECT_EQ(model.per_row[2], 0.0);
  EXPECT_NEAR(model.overhead[2], 30e-6, 1e-12);
}

}  // namespace
}  // namespace KokkosTileTest

namespace KokkosTileTest {
namespace {

// StreamPipeline copies chunks exactly where KokkosTile's kernels take their device paths: on a
// space whose own memory is not HostSpace (Impl::is_host_backend), so the two definitions of
// "host" cannot drift apart. Break either definition and this fails for Cuda or for the host.
TEST(Streaming, CopiesChunksExactlyOffHostBackends) {
  EXPECT_EQ(KokkosTile::StreamPipeline<ExecSpace>::copies_chunks,
            !KokkosTile::Impl::is_host_backend<ExecSpace>());
  EXPECT_FALSE(KokkosTile::StreamPipeline<Kokkos::DefaultHostExecutionSpace>::copies_chunks);
  EXPECT_TRUE(KokkosTile::Impl::is_host_backend<Kokkos::DefaultHostExecutionSpace>());
#ifdef KOKKOS_ENABLE_CUDA
  EXPECT_TRUE(KokkosTile::StreamPipeline<Kokkos::Cuda>::copies_chunks);
  EXPECT_FALSE(KokkosTile::Impl::is_host_backend<Kokkos::Cuda>());
  EXPECT_TRUE(KokkosTile::Impl::is_cuda<Kokkos::Cuda>());
#endif
}

}  // namespace
}  // namespace KokkosTileTest
