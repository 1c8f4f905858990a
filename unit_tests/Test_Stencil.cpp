// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tests of KokkosTile_Stencil.hpp and KokkosTile_Stencil2D.hpp against a double-precision host
// reference with its own boundary handling: stars and boxes of several radii, every boundary
// condition, odd extents and layouts, tiled and naive, into poisoned outputs.
#include <KokkosTile_Stencil.hpp>

#include "TestHelpers.hpp"

#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace KokkosTileTest {
namespace {

using KokkosTile::Boundary;
using KokkosTile::BoundaryCondition;
using KokkosTile::Stencil2D;
using KokkosTile::StencilOptions;
using KokkosTile::StencilVariant;

/// The reference: double accumulation, boundary resolved by explicit cases.
template <class HostIn, class T>
void reference(const HostIn& in, const Stencil2D<T>& weights, const BoundaryCondition<T>& bc,
               std::vector<double>& value, std::vector<double>& magnitude) {
  const std::int64_t rows = in.extent(0), cols = in.extent(1), r = weights.radius();
  value.assign(rows * cols, 0.0);
  magnitude.assign(rows * cols, 0.0);
  auto at = [&](std::int64_t i, std::int64_t j) -> double {
    if (i < 0 || i >= rows || j < 0 || j >= cols) {
      switch (bc.kind) {
        case Boundary::constant:
          return bc.value;
        case Boundary::clamp:
          i = std::min(std::max<std::int64_t>(i, 0), rows - 1);
          j = std::min(std::max<std::int64_t>(j, 0), cols - 1);
          break;
        case Boundary::periodic:
          i = ((i % rows) + rows) % rows;
          j = ((j % cols) + cols) % cols;
          break;
      }
    }
    return in(i, j);
  };
  for (std::int64_t i = 0; i < rows; ++i) {
    for (std::int64_t j = 0; j < cols; ++j) {
      for (std::int64_t di = -r; di <= r; ++di) {
        for (std::int64_t dj = -r; dj <= r; ++dj) {
          const double term = double(weights.weight(di, dj)) * at(i + di, j + dj);
          value[i * cols + j] += term;
          magnitude[i * cols + j] += std::fabs(term);
        }
      }
    }
  }
}

template <class T>
Stencil2D<T> random_box(int radius, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::uniform_real_distribution<double> draw(-1.0, 1.0);
  std::vector<T> weights((2 * radius + 1) * (2 * radius + 1));
  for (auto& w : weights)
    w = static_cast<T>(draw(engine));
  return Stencil2D<T>::box(radius, weights);
}

/// A star of radius r with a different random weight on every arm, so that a kernel that swaps
/// the two indices (LayoutLeft) or mirrors an arm gets a wrong answer.
template <class T>
Stencil2D<T> random_star(int radius, std::uint64_t seed) {
  Stencil2D<T> star(radius);
  std::mt19937_64 engine(seed);
  std::uniform_real_distribution<double> draw(-1.0, 1.0);
  star.set(0, 0, static_cast<T>(draw(engine)));
  for (int d = 1; d <= radius; ++d) {
    star.set(-d, 0, static_cast<T>(draw(engine)));
    star.set(d, 0, static_cast<T>(draw(engine)));
    star.set(0, -d, static_cast<T>(draw(engine)));
    star.set(0, d, static_cast<T>(draw(engine)));
  }
  return star;
}

template <class T>
std::vector<std::pair<std::string, Stencil2D<T>>> stencils() {
  return {{"five_point", Stencil2D<T>::five_point(T(-4), T(1))},
          {"nine_point", Stencil2D<T>::nine_point(T(0.5), T(0.2), T(-0.05))},
          {"star_r1", random_star<T>(1, 11)},
          {"star_r2", random_star<T>(2, 12)},
          {"box_r0", random_box<T>(0, 1)},
          {"box_r1", random_box<T>(1, 2)},
          {"box_r2", random_box<T>(2, 4)},
          {"box_r3", random_box<T>(3, 3)}};
}

template <class T>
std::vector<BoundaryCondition<T>> boundaries() {
  return {BoundaryCondition<T>::constant(T(2.5)), BoundaryCondition<T>::clamp(),
          BoundaryCondition<T>::periodic()};
}

/// Every element of `out` against the double-precision host reference of `host_in`, to a
/// tolerance relative to the magnitude of its taps.
template <class HostIn, class OutView, class T>
void expect_matches_reference(const HostIn& host_in, const OutView& out,
                              const Stencil2D<T>& weights, const BoundaryCondition<T>& bc,
                              const std::string& what) {
  const auto host_out = to_host(out);
  std::vector<double> expected, magnitude;
  reference(host_in, weights, bc, expected, magnitude);
  const double tolerance = std::is_same_v<T, float> ? 1e-5 : 1e-13;
  const std::int64_t cols = host_in.extent(1);
  for (std::size_t i = 0; i < host_in.extent(0); ++i) {
    for (std::size_t j = 0; j < host_in.extent(1); ++j) {
      const double got = host_out(i, j);
      const double want = expected[i * cols + j];
      ASSERT_LE(std::fabs(got - want), tolerance * magnitude[i * cols + j] + 1e-30)
          << what << ", " << host_in.extent(0) << " x " << host_in.extent(1) << " at (" << i << ", "
          << j << "): got " << got << ", want " << want;
    }
  }
}

template <class OutView, class InView, class T>
void expect_stencil(const OutView& out, const InView& in, const Stencil2D<T>& weights,
                    const BoundaryCondition<T>& bc, const StencilOptions& options,
                    const std::string& what, std::uint64_t seed) {
  const auto host_in = fill_random_device(in, seed);
  Kokkos::deep_copy(out, poison<T>());
  KokkosTile::apply_stencil(in, out, weights, bc, options);
  expect_matches_reference(host_in, out, weights, bc, what);
}

template <class T>
class Stencil : public ::testing::Test {};
using StencilValueTypes = ::testing::Types<float, double>;
TYPED_TEST_SUITE(Stencil, StencilValueTypes, );

TYPED_TEST(Stencil, MatchesHostReferenceForEveryStencilBoundaryAndVariant) {
  using T = TypeParam;
  using Right = Kokkos::View<T**, Kokkos::LayoutRight, MemorySpace>;
  using Left = Kokkos::View<T**, Kokkos::LayoutLeft, MemorySpace>;
  const auto extents = every_other_when_shrunk(std::vector<std::pair<std::int64_t, std::int64_t>>{
      {1, 1},
      {3, 2},
      {17, 31},
      {64, 33},
      {100, 7},
      {129, 130},
      {200, 201},
      // Strips of 64 fast-index lines (whole, plus a tiled remainder, or none), chunks of 32 or
      // 64 slow lines (whole, partial, shorter than the radius).
      {130, 192},
      {68, 200},
      {1, 128},
      {128, 1},
      {256, 66},
      // The CUDA streaming kernel: bands of 32 packets (a last band of 1 packet handed to the
      // tiles, of 2 or 3 packets), remainder lines, chunks of 8 or 16 slow lines (whole,
      // partial), the smallest grid it takes (one wrap of a periodic boundary), several teams.
      {5, 8},
      {37, 132},
      {300, 40},
      {40, 1030},
      // The CUDA packet kernel's interior blocks (no boundary on any read; side elements from the
      // neighbouring packets) for four rows a thread: blocks of 32 slow lines with 2 lines above
      // and below inside the grid, and 34 packets across, for either orientation.
      {100, 1030},
      {1030, 100}});
  const std::vector<std::pair<std::string, StencilOptions>> variants = {
      {"tiled", StencilOptions{}},
      {"tiled 7x5", StencilOptions{StencilVariant::tiled, 7, 5}},
      {"tiled 32x32", StencilOptions{StencilVariant::tiled, 32, 32}},
      {"naive", StencilOptions{StencilVariant::naive}}};
  std::uint64_t seed = 0;
  // Shrunk (racecheck), each stencil and boundary takes one variant, in turn: every variant still
  // runs, on a quarter of the combinations.
  std::size_t combination = 0;
  for (const auto& [stencil_name, weights] : stencils<T>()) {
    for (const auto& bc : boundaries<T>()) {
      ++combination;
      for (std::size_t v = 0; v < variants.size(); ++v) {
        if (test_shrink() && v != combination % variants.size())
          continue;
        const auto& [variant_name, options] = variants[v];
        for (const auto& [rows, cols] : extents) {
          const std::string what = stencil_name + ", boundary " +
                                   std::to_string(static_cast<int>(bc.kind)) + ", " + variant_name;
          expect_stencil(Right("out", rows, cols), Right("in", rows, cols), weights, bc, options,
                         what + ", Right->Right", ++seed);
          expect_stencil(Right("out", rows, cols), Left("in", rows, cols), weights, bc, options,
                         what + ", Left->Right", ++seed);
          expect_stencil(Left("out", rows, cols), Left("in", rows, cols), weights, bc, options,
                         what + ", Left->Left", ++seed);
        }
      }
    }
  }
}

// The packet kernel's tuning by device (Stencil_Packets.hpp): on devices rich in bandwidth
// (Test_DeviceBandwidth.cpp), float 5-point stars take four rows a thread instead of two and 5x5
// boxes rolling sums at four teams a multiprocessor; every other shape keeps the defaults.
TEST(StencilPacketTuning, DeviceChoice) {
  using namespace KokkosTile::Impl;
  EXPECT_EQ((stencil_rows_per_thread<float, 1, true>), 2);
  EXPECT_EQ((stencil_rows_per_thread_rich<float, 1, true>), 4);
  EXPECT_EQ((stencil_rows_per_thread_rich<double, 1, true>),
            (stencil_rows_per_thread<double, 1, true>));
  EXPECT_TRUE((stencil_rolling_sums_rich<float, 2, false>));
  EXPECT_TRUE((stencil_rolling_sums_rich<double, 2, false>));
  EXPECT_FALSE((stencil_rolling_sums_rich<float, 2, true>));
  EXPECT_FALSE((stencil_rolling_sums_rich<float, 1, false>));
  EXPECT_EQ((stencil_teams_per_sm<float, 2, false>), 3u);
  EXPECT_EQ((stencil_teams_per_sm_rich<float, 2, false>), 4u);
  EXPECT_EQ((stencil_teams_per_sm_rich<double, 2, true>), (stencil_teams_per_sm<double, 2, true>));
}

#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
/// One tuning of the packet kernel (Rows, TeamsPerSm, RollingSums), whichever the device running
/// the test would choose: Views whose fast extent is whole packets, so that the packet kernel
/// computes every output.
template <int R, bool Star, int Rows, unsigned Teams, bool Rolling, class Grid, class T>
void expect_packet_tuning(const Grid& out, const Grid& in, const Stencil2D<T>& weights,
                          const BoundaryCondition<T>& bc, const std::string& what,
                          std::uint64_t seed) {
  const auto host_in = fill_random_device(in, seed);
  Kokkos::deep_copy(out, poison<T>());
  const bool left = std::is_same_v<typename Grid::array_layout, Kokkos::LayoutLeft>;
  KokkosTile::Impl::StencilFastPath fast;
  fast.usable = true;
  fast.fast_is_cols = !left;
  fast.in_slow = static_cast<int>(left ? in.stride(1) : in.stride(0));
  fast.out_slow = static_cast<int>(left ? out.stride(1) : out.stride(0));
  fast.packets = true;
  const std::int64_t covered = KokkosTile::Impl::launch_stencil_packets<
      R, Star, Grid, Grid, T, Rows, KokkosTile::Impl::stencil_side_packets<T, R>, Teams, Rolling>(
      "packet tuning", Kokkos::Cuda(), out, in, weights, bc, fast);
  const std::string tuning = what + ", " + std::to_string(Rows) + " rows, " +
                             std::to_string(Teams) + " teams" + (Rolling ? ", rolling" : "");
  ASSERT_EQ(covered, std::int64_t(left ? in.extent(0) : in.extent(1))) << tuning;
  expect_matches_reference(host_in, out, weights, bc, tuning);
}

/// Each tuning of shape (R, Star) in T, both orientations, every boundary, grids from the
/// smallest four rows take (2 R + 4 slow lines) to ones with interior blocks.
template <class T, int R, bool Star, int Rows, unsigned Teams, bool Rolling>
void expect_packet_tuning_everywhere(const std::string& name, const Stencil2D<T>& weights,
                                     std::uint64_t seed) {
  using Right = Kokkos::View<T**, Kokkos::LayoutRight, MemorySpace>;
  using Left = Kokkos::View<T**, Kokkos::LayoutLeft, MemorySpace>;
  constexpr int V = KokkosTile::Impl::packet_width<T>();
  for (const auto& bc : boundaries<T>()) {
    const std::string what = name + ", boundary " + std::to_string(static_cast<int>(bc.kind));
    for (const auto& [slow, packets] :
         std::vector<std::pair<int, int>>{{R + 4, 2}, {6, 1}, {37, 33}, {100, 258}, {67, 65}}) {
      const int fast_extent = packets * V;
      expect_packet_tuning<R, Star, Rows, Teams, Rolling>(Right("out", slow, fast_extent),
                                                          Right("in", slow, fast_extent), weights,
                                                          bc, what + ", Right", ++seed);
      expect_packet_tuning<R, Star, Rows, Teams, Rolling>(Left("out", fast_extent, slow),
                                                          Left("in", fast_extent, slow), weights,
                                                          bc, what + ", Left", ++seed);
    }
  }
}

TEST(StencilPacketTuning, EveryDevicesTuningMatchesReference) {
  if constexpr (on_cuda()) {
    using namespace KokkosTile::Impl;
    // float 5-point stars: two rows (default) and four (rich in bandwidth).
    for (const auto& [name, weights] : std::vector<std::pair<std::string, Stencil2D<float>>>{
             {"five_point", Stencil2D<float>::five_point(-4.f, 1.f)},
             {"star_r1", random_star<float>(1, 13)}}) {
      expect_packet_tuning_everywhere<float, 1, true, 2, 4, false>(name, weights, 900);
      expect_packet_tuning_everywhere<float, 1, true, 4, 4, false>(name, weights, 1000);
    }
    // 5x5 boxes: the window at the default teams, and rolling sums at four (rich in bandwidth).
    expect_packet_tuning_everywhere<float, 2, false, 4, stencil_teams_per_sm<float, 2, false>,
                                    false>("box_r2", random_box<float>(2, 21), 1100);
    expect_packet_tuning_everywhere<float, 2, false, 4, 4, true>("box_r2", random_box<float>(2, 22),
                                                                 1200);
    expect_packet_tuning_everywhere<double, 2, false, 4, stencil_teams_per_sm<double, 2, false>,
                                    false>("box_r2", random_box<double>(2, 23), 1300);
    expect_packet_tuning_everywhere<double, 2, false, 4, 4, true>("box_r2",
                                                                  random_box<double>(2, 24), 1400);
  }
}
#endif

TEST(StencilLayouts, StridedSubviews) {
  Kokkos::View<double**, Kokkos::LayoutRight, MemorySpace> big_in("big_in", 90, 80),
      big_out("big_out", 90, 80);
  auto in = Kokkos::subview(big_in, Kokkos::pair<int, int>(3, 80), Kokkos::pair<int, int>(5, 72));
  auto out =
      Kokkos::subview(big_out, Kokkos::pair<int, int>(10, 87), Kokkos::pair<int, int>(1, 68));
  expect_stencil(out, in, Stencil2D<double>::nine_point(1.0, -0.25, 0.125),
                 BoundaryCondition<double>::periodic(), StencilOptions{}, "subviews", 77);
}

// Subviews whose strides and offsets allow packets on the input, and an output that does not (its
// rows start one element off a packet), so that the strip kernel stores element by element.
TEST(StencilLayouts, StripKernelOnSubviews) {
  Kokkos::View<float**, Kokkos::LayoutRight, MemorySpace> big_in("big_in", 90, 200),
      big_out("big_out", 90, 200);
  auto in = Kokkos::subview(big_in, Kokkos::pair<int, int>(3, 83), Kokkos::pair<int, int>(8, 144));
  auto out =
      Kokkos::subview(big_out, Kokkos::pair<int, int>(5, 85), Kokkos::pair<int, int>(1, 137));
  auto aligned_out =
      Kokkos::subview(big_out, Kokkos::pair<int, int>(5, 85), Kokkos::pair<int, int>(4, 140));
  std::uint64_t seed = 500;
  for (const auto& bc : boundaries<float>()) {
    expect_stencil(out, in, Stencil2D<float>::five_point(-4.f, 1.f), bc, StencilOptions{},
                   "strip subviews, unaligned out", ++seed);
    expect_stencil(aligned_out, in, Stencil2D<float>::nine_point(0.5f, 0.2f, -0.05f), bc,
                   StencilOptions{}, "strip subviews, aligned out", ++seed);
  }
}

/// A box of radius r whose weights are the outer product slow x fast, exactly (dyadic factors),
/// which the host kernel computes as separable rows (Stencil_HostSeparable.hpp).
template <class T>
Stencil2D<T> outer_product_box(int r, const std::vector<double>& slow,
                               const std::vector<double>& fast) {
  std::vector<T> weights;
  for (int ds = 0; ds <= 2 * r; ++ds)
    for (int df = 0; df <= 2 * r; ++df)
      weights.push_back(static_cast<T>(slow[ds] * fast[df]));
  return Stencil2D<T>::box(r, weights);
}

/// Every shape family of the host kernel (stars of radius 1 to 4 compiled in, 5 run-time; boxes of
/// radius 1 and 2 compiled in, 3 and 8 run-time; radius 0; boxes that are outer products, uniform
/// or of two different factors, so that a kernel that swaps them or mirrors one fails on
/// LayoutLeft or LayoutRight: radius 2 takes separable sweeps, radius 1 keeps the taps).
template <class T>
std::vector<std::pair<std::string, Stencil2D<T>>> host_shapes() {
  std::vector<std::pair<std::string, Stencil2D<T>>> shapes = stencils<T>();
  for (const int r : {3, 4, 5})
    shapes.emplace_back("star_r" + std::to_string(r), random_star<T>(r, 40 + r));
  shapes.emplace_back("box_r8", random_box<T>(8, 6));
  shapes.emplace_back("box_r1_uniform", Stencil2D<T>::box(1, std::vector<T>(9, T(1) / 9)));
  shapes.emplace_back("box_r2_uniform", Stencil2D<T>::box(2, std::vector<T>(25, T(1) / 25)));
  shapes.emplace_back("box_r1_outer", outer_product_box<T>(1, {0.5, -1, 0.25}, {2, 0.75, -0.5}));
  shapes.emplace_back("box_r2_outer", outer_product_box<T>(2, {0.25, -0.5, 1, 0.125, 3},
                                                           {-1, 0.5, 2, 1.5, 0.0625}));
  return shapes;
}

/// The host kernel's edges (it runs the default options on host backends; on CUDA these run the
/// device kernels): grids smaller than the radius, single rows and columns, odd extents, fewer
/// rows than threads, both layouts and their mixes, every boundary, each shape family (stars of
/// 9 taps and more and boxes take two output rows per sweep: odd and even row blocks), and on x86
/// every copy of the row kernels the CPU can run (baseline, AVX2, AVX-512).
TYPED_TEST(Stencil, HostPathEdgesEveryShapeLayoutAndBoundary) {
  using T = TypeParam;
  using Right = Kokkos::View<T**, Kokkos::LayoutRight, MemorySpace>;
  using Left = Kokkos::View<T**, Kokkos::LayoutLeft, MemorySpace>;
  // Under racecheck (test_shrink) every other extent: the whole list ran past 440 s there.
  const auto extents = every_other_when_shrunk(std::vector<std::pair<std::int64_t, std::int64_t>>{
      {1, 1}, {1, 19}, {19, 1}, {2, 2}, {3, 5}, {6, 4}, {17, 33}, {37, 131}, {64, 65}, {5, 1100}});
  std::uint64_t seed = 9000;
  // isa -2: the CPU decides, and every output of a compiled-in radius is streamed (else only large
  // grids are): rows of whole and partial cache lines, row pairs whose pitch is and is not whole
  // lines.
  // Device backends ignore both overrides: they run the cases once.
  for (const int isa : {-1, -2, 0, 1, 2}) {
    if (isa >= 0 && !KokkosTile::Impl::stencil_host_isa_available(
                        static_cast<KokkosTile::Impl::StencilHostIsa>(isa)))
      continue;
    if (isa != -1 && !KokkosTile::Impl::is_host_backend<ExecSpace>())
      continue;
    KokkosTile::Impl::stencil_host_isa_override = isa == -2 ? -1 : isa;
    KokkosTile::Impl::host_stream_override = isa == -2 ? 1 : -1;
    for (const auto& [name, weights] : host_shapes<T>()) {
      for (const auto& bc : boundaries<T>()) {
        for (const auto& [rows, cols] : extents) {
          const std::string what = name + ", boundary " +
                                   std::to_string(static_cast<int>(bc.kind)) + ", isa " +
                                   std::to_string(isa);
          expect_stencil(Right("out", rows, cols), Right("in", rows, cols), weights, bc,
                         StencilOptions{}, what + ", Right->Right", ++seed);
          expect_stencil(Left("out", rows, cols), Left("in", rows, cols), weights, bc,
                         StencilOptions{}, what + ", Left->Left", ++seed);
          expect_stencil(Right("out", rows, cols), Left("in", rows, cols), weights, bc,
                         StencilOptions{}, what + ", Left->Right", ++seed);
          expect_stencil(Left("out", rows, cols), Right("in", rows, cols), weights, bc,
                         StencilOptions{}, what + ", Right->Left", ++seed);
        }
      }
    }
  }
  KokkosTile::Impl::stencil_host_isa_override = -1;
  KokkosTile::Impl::host_stream_override = -1;
}

/// Strided Views (LayoutStride with gaps, fast strides of 1 and 3) in and out, with grids wide
/// enough to split into several column strips (radius-8 boxes of doubles: strips of 1920 columns)
/// and strided output rows longer than one 4 KB chunk; elements in the gaps stay untouched.
TYPED_TEST(Stencil, HostPathStridedViewsAndStrips) {
  using T = TypeParam;
  const std::vector<std::pair<std::int64_t, std::int64_t>> extents = {
      {1, 1}, {4, 3}, {9, 1100}, {5, 2050}, {2050, 3}, {3, 4000}};
  const T sentinel = T(1234.5);
  std::uint64_t seed = 12000;
  for (const auto& [name, weights] : std::vector<std::pair<std::string, Stencil2D<T>>>{
           {"nine_point", Stencil2D<T>::nine_point(T(0.5), T(0.2), T(-0.05))},
           {"box_r8", random_box<T>(8, 7)}}) {
    for (const auto& bc : boundaries<T>()) {
      for (const auto& [rows, cols] : extents) {
        for (const bool in_rows_contiguous : {false, true}) {
          for (const bool out_rows_contiguous : {false, true}) {
            for (const std::int64_t fast_stride : {1, 3}) {
              Kokkos::View<T*, MemorySpace> in_storage, out_storage;
              const auto in =
                  gapped_view<T>(in_storage, rows, cols, in_rows_contiguous, fast_stride, 5);
              const auto out =
                  gapped_view<T>(out_storage, rows, cols, out_rows_contiguous, 4 - fast_stride, 3);
              Kokkos::deep_copy(out_storage, sentinel);
              const std::string what =
                  name + ", boundary " + std::to_string(static_cast<int>(bc.kind)) +
                  ", in rows contiguous " + std::to_string(in_rows_contiguous) +
                  ", out rows contiguous " + std::to_string(out_rows_contiguous) +
                  ", fast stride " + std::to_string(fast_stride);
              expect_stencil(out, in, weights, bc, StencilOptions{}, what, ++seed);
              // Elements of the output storage outside the View keep the sentinel.
              auto storage = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out_storage);
              std::vector<char> inside(storage.extent(0), 0);
              for (std::int64_t i = 0; i < rows; ++i)
                for (std::int64_t j = 0; j < cols; ++j)
                  inside[i * out.stride(0) + j * out.stride(1)] = 1;
              for (std::size_t k = 0; k < storage.extent(0); ++k) {
                if (!inside[k]) {
                  ASSERT_EQ(storage(k), sentinel) << what << ": wrote outside the View at " << k;
                }
              }
            }
          }
        }
      }
    }
  }
}

TEST(StencilErrors, BadArgumentsNameTheCall) {
  Kokkos::View<float**, MemorySpace> a("a", 10, 12), b("b", 12, 10);
  const auto five = Stencil2D<float>::five_point(-4.f, 1.f);
  try {
    KokkosTile::apply_stencil(a, b, five, BoundaryCondition<float>::clamp());
    FAIL() << "no exception";
  } catch (const KokkosTile::InvalidArgument& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("KokkosTile::apply_stencil<tiled>: in is 10 x 12 but out is 12 x 10"),
              std::string::npos)
        << message;
  }
  using KokkosTile::InvalidArgument;
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::apply_stencil(a, a, five, BoundaryCondition<float>::clamp()); },
      {"KokkosTile::apply_stencil<tiled>", "in and out overlap: they share elements"}));
  const int too_far = Stencil2D<float>::max_radius + 1;
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { Stencil2D<float> wide(too_far); },
      {"KokkosTile::Stencil2D", "radius " + std::to_string(too_far) + " is outside [0, " +
                                    std::to_string(Stencil2D<float>::max_radius) + "]"}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [] { (void)Stencil2D<float>::box(1, std::vector<float>(8)); },
      {"KokkosTile::Stencil2D::box", "a radius-1 box needs 9 weights, got 8"}));
  Stencil2D<float> one(1);
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { one.set(2, 0, 1.f); },
      {"KokkosTile::Stencil2D::set", "offset (2, 0) is outside radius 1"}));
  Kokkos::View<float**, MemorySpace> c("c", 10, 12);
  StencilOptions bad_tile;
  bad_tile.tile_rows = -1;
  bad_tile.tile_cols = 5;
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::apply_stencil(a, c, five, BoundaryCondition<float>::clamp(), bad_tile); },
      {"KokkosTile::apply_stencil<tiled>", "tile -1 x 5 is outside [1, 4096]^2"}));
  // Bad options are refused before the extents are looked at, empty Views included.
  Kokkos::View<float**, MemorySpace> empty_in("empty_in", 0, 7), empty_out("empty_out", 0, 7);
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] {
        KokkosTile::apply_stencil(empty_in, empty_out, five, BoundaryCondition<float>::clamp(),
                                  bad_tile);
      },
      {"KokkosTile::apply_stencil<tiled>", "tile -1 x 5 is outside [1, 4096]^2"}));
  StencilOptions bad_variant;
  bad_variant.variant = static_cast<KokkosTile::StencilVariant>(7);
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] {
        KokkosTile::apply_stencil(a, c, five, BoundaryCondition<float>::clamp(), bad_variant);
      },
      {"variant 7 is not a StencilVariant"}));
  BoundaryCondition<float> bad_boundary;
  bad_boundary.kind = static_cast<KokkosTile::Boundary>(9);
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::apply_stencil(a, c, five, bad_boundary); },
      {"KokkosTile::apply_stencil<tiled>", "boundary 9 is not a Boundary"}));
  // The label overload names the call in its errors.
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] {
        KokkosTile::apply_stencil("heat::step", ExecSpace(), a, b, five,
                                  BoundaryCondition<float>::clamp());
      },
      {"heat::step", "in is 10 x 12 but out is 12 x 10"}));
}

// KokkosTile 0.1's output-first stencil(out, in, ...) still computes out from in (deprecated).
TEST(StencilErrors, DeprecatedOutputFirstOrderKeepsItsMeaning) {
  Kokkos::View<float**, MemorySpace> in("in", 9, 11), out("out", 9, 11),
      expected("expected", 9, 11);
  fill_random_device(in, 5);
  const auto five = Stencil2D<float>::five_point(-4.f, 1.f);
  KokkosTile::apply_stencil(in, expected, five, BoundaryCondition<float>::clamp());
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
  KokkosTile::stencil(out, in, five, BoundaryCondition<float>::clamp());
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
  Kokkos::fence();
  const auto got = to_host(out);
  const auto want = to_host(expected);
  for (int i = 0; i < 9; ++i)
    for (int j = 0; j < 11; ++j)
      ASSERT_EQ(got(i, j), want(i, j)) << "(" << i << ", " << j << ")";
}

}  // namespace
}  // namespace KokkosTileTest
