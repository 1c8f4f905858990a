// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tests of KokkosTile_Gemm.hpp against a double-precision host reference on seeded random inputs:
// every variant and tuned tile shape, op(A) and op(B) in {N, T}, extents that are 0, 1, primes and
// tile multiples plus one, LayoutLeft, LayoutRight and strided Views with gaps, subviews, alpha
// and beta (beta = 0 with NaN in C, alpha = 0 with NaN in A), the host kernel's block edges, and
// bad arguments.
#include <KokkosTile_Gemm.hpp>

#include "TestHelpers.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace KokkosTileTest {
namespace {

struct GemmCase {
  std::int64_t m, n, k;
};

const std::vector<GemmCase>& gemm_cases() {
  static const std::vector<GemmCase> cases = {{0, 5, 3},   {5, 0, 3},      {7, 5, 0},     {1, 1, 1},
                                              {17, 33, 9}, {129, 65, 257}, {200, 130, 70}};
  return cases;
}

enum class Layout { left, right, strided };

/// A rows x cols device View of the given layout holding random values; returns the host copy.
template <class T>
struct Operand {
  Kokkos::View<T*, MemorySpace> storage;
  Kokkos::View<T**, Kokkos::LayoutStride, MemorySpace> view;
  Kokkos::View<T**, Kokkos::LayoutRight, Kokkos::HostSpace> host;
};

template <class T>
Operand<T> make_operand(Layout layout, std::int64_t rows, std::int64_t cols, std::uint64_t seed) {
  Operand<T> operand;
  switch (layout) {
    case Layout::left:
      operand.view = gapped_view<T>(operand.storage, rows, cols, true, 1, 0);
      break;
    case Layout::right:
      operand.view = gapped_view<T>(operand.storage, rows, cols, false, 1, 0);
      break;
    case Layout::strided:  // gaps after every line, and a non-unit fast stride
      operand.view = gapped_view<T>(operand.storage, rows, cols, seed % 2 == 0, 2, 3);
      break;
  }
  Kokkos::deep_copy(operand.storage, poison<T>());
  auto host = fill_random_device(operand.view, seed);
  operand.host = Kokkos::View<T**, Kokkos::LayoutRight, Kokkos::HostSpace>("host", rows, cols);
  Kokkos::deep_copy(operand.host, host);
  return operand;
}

/// Runs one gemm and compares every element of C with the double-precision reference.
template <class T>
::testing::AssertionResult gemm_matches(const GemmCase& shape, bool ta, bool tb, T alpha, T beta,
                                        Layout la, Layout lb, Layout lc,
                                        const KokkosTile::GemmOptions& options,
                                        bool poison_unread = false,
                                        const KokkosTile::Impl::GemmHostIsa* host_isa = nullptr) {
  const std::int64_t m = shape.m, n = shape.n, k = shape.k;
  const std::uint64_t seed = 7919 * m + 104729 * n + 1299709 * k + 3 * ta + 5 * tb;
  auto a = make_operand<T>(la, ta ? k : m, ta ? m : k, seed + 1);
  auto b = make_operand<T>(lb, tb ? n : k, tb ? k : n, seed + 2);
  auto c = make_operand<T>(lc, m, n, seed + 3);
  if (beta == T(0)) {  // beta = 0: whatever is in C must not matter
    Kokkos::deep_copy(c.view, poison<T>());
    Kokkos::deep_copy(c.host, T(0));
  }
  if (poison_unread)  // alpha = 0: A and B must not be read
    Kokkos::deep_copy(a.view, poison<T>());

  if (host_isa == nullptr) {
    KokkosTile::gemm(ExecSpace(), ta ? "T" : "N", tb ? "T" : "N", alpha, a.view, b.view, beta,
                     c.view, options);
  } else if constexpr (KokkosTile::Impl::is_host_backend<ExecSpace>()) {
    // The host kernel of one instruction set, through its internal entry (m, n, k >= 1).
    auto op = [](const auto& view, bool trans) {
      const std::int64_t s0 = view.stride(0), s1 = view.stride(1);
      return KokkosTile::Impl::GemmHostMatrix<const T>{view.data(), trans ? s1 : s0,
                                                       trans ? s0 : s1};
    };
    KokkosTile::Impl::gemm_host<ExecSpace, T>(
        "test", ExecSpace(), op(a.view, ta), op(b.view, tb),
        KokkosTile::Impl::GemmHostMatrix<T>{c.view.data(), std::int64_t(c.view.stride(0)),
                                            std::int64_t(c.view.stride(1))},
        alpha, beta, m, n, k, *host_isa);
  }
  const auto result = to_host(c.view);

  // tf32x3 on tensor cores: each operand is carried to about 22 bits (2 eps) and a product has
  // three parts, each added into an fp32 accumulator that may truncate: four times the bound.
  const double eps = std::numeric_limits<T>::epsilon() *
                     (options.variant == KokkosTile::GemmVariant::tf32x3 ? 4 : 1);
  for (std::int64_t i = 0; i < m; ++i) {
    for (std::int64_t j = 0; j < n; ++j) {
      double sum = 0, magnitude = 0;
      if (alpha != T(0)) {
        for (std::int64_t p = 0; p < k; ++p) {
          const double x = ta ? a.host(p, i) : a.host(i, p);
          const double y = tb ? b.host(j, p) : b.host(p, j);
          sum += x * y;
          magnitude += std::abs(x * y);
        }
      }
      const double expected = double(alpha) * sum + double(beta) * c.host(i, j);
      const double bound =
          2 * (k + 2) * eps *
              (std::abs(double(alpha)) * magnitude + std::abs(double(beta) * c.host(i, j))) +
          std::numeric_limits<T>::min();
      const double got = result(i, j);
      if (!(std::abs(got - expected) <= bound))
        return ::testing::AssertionFailure()
               << "C(" << i << ", " << j << ") of " << m << " x " << n << " x " << k << " (op "
               << (ta ? "T" : "N") << (tb ? "T" : "N") << "): expected " << expected << ", got "
               << got << " (bound " << bound << ")";
    }
  }
  return ::testing::AssertionSuccess();
}

template <class T>
class Gemm : public ::testing::Test {};
using GemmValueTypes = ::testing::Types<float, double>;
TYPED_TEST_SUITE(Gemm, GemmValueTypes, );

const KokkosTile::GemmVariant kVariants[] = {
    KokkosTile::GemmVariant::naive, KokkosTile::GemmVariant::tiled16,
    KokkosTile::GemmVariant::tuned, KokkosTile::GemmVariant::tf32x3};

TYPED_TEST(Gemm, EveryVariantAndTransposeMatchesReference) {
  using T = TypeParam;
  for (const auto variant : kVariants) {
    for (const auto& shape : gemm_cases()) {
      for (const bool ta : {false, true}) {
        for (const bool tb : {false, true}) {
          KokkosTile::GemmOptions options;
          options.variant = variant;
          EXPECT_TRUE(gemm_matches<T>(shape, ta, tb, T(1.5), T(0), Layout::right, Layout::left,
                                      Layout::right, options))
              << KokkosTile::to_string(variant);
        }
      }
    }
  }
}

TYPED_TEST(Gemm, LayoutsAndStridesMatchReference) {
  using T = TypeParam;
  const Layout layouts[] = {Layout::left, Layout::right, Layout::strided};
  for (const auto variant : kVariants) {
    for (const auto la : layouts) {
      for (const auto lb : layouts) {
        for (const auto lc : layouts) {
          KokkosTile::GemmOptions options;
          options.variant = variant;
          EXPECT_TRUE(
              gemm_matches<T>({67, 45, 31}, false, true, T(-0.5), T(2), la, lb, lc, options))
              << KokkosTile::to_string(variant) << " layouts " << int(la) << int(lb) << int(lc);
        }
      }
    }
  }
}

// Every compiled tile shape, on odd extents and on whole tiles (256 x 128 x 64), each with op(A)
// and op(B) in the orientations that pick different scratch layouts on devices: op(A) along k
// and op(B) along n; both along k; op(A) along m and op(B) along k.
TYPED_TEST(Gemm, EveryTunedTileShapeMatchesReference) {
  using T = TypeParam;
  struct Orientation {
    bool ta;
    Layout la;
    Layout lb;
  };
  for (const auto tile :
       {KokkosTile::GemmTile::t128x128x8_8x8, KokkosTile::GemmTile::t128x128x16_8x8,
        KokkosTile::GemmTile::t128x128x16_8x16, KokkosTile::GemmTile::t128x64x8_8x4,
        KokkosTile::GemmTile::t128x64x8_8x8, KokkosTile::GemmTile::t64x64x16_4x4,
        KokkosTile::GemmTile::t256x128x8_16x8}) {
    KokkosTile::GemmOptions options;
    options.tile = tile;
    if (sizeof(T) >= 8 && (tile == KokkosTile::GemmTile::t128x128x16_8x16 ||
                           tile == KokkosTile::GemmTile::t256x128x8_16x8))
      continue;  // rejected for double: ForcedTileThatSpillsForDoubleIsRejected
    for (const Orientation o : {Orientation{true, Layout::left, Layout::right},
                                Orientation{false, Layout::right, Layout::left},
                                Orientation{false, Layout::left, Layout::left}})
      for (const GemmCase shape :
           {GemmCase{129, 130, 17}, GemmCase{256, 128, 64}, GemmCase{3, 300, 5}})
        EXPECT_TRUE(
            gemm_matches<T>(shape, o.ta, false, T(1), T(-1), o.la, o.lb, Layout::left, options))
            << "tile " << int(tile) << " op(A) " << o.ta << " layouts " << int(o.la) << int(o.lb);
  }
}

// The forced tiles with 128 double accumulators per thread spill (0.03 of cuBLAS when 8 x 16
// ran): gemm rejects them for double on every execution space, naming the tile; float keeps them.
TYPED_TEST(Gemm, ForcedTileThatSpillsForDoubleIsRejected) {
  using T = TypeParam;
  for (const auto tile :
       {KokkosTile::GemmTile::t128x128x16_8x16, KokkosTile::GemmTile::t256x128x8_16x8}) {
    KokkosTile::GemmOptions options;
    options.tile = tile;
    const std::string name =
        tile == KokkosTile::GemmTile::t128x128x16_8x16 ? "t128x128x16_8x16" : "t256x128x8_16x8";
    if constexpr (sizeof(T) >= 8) {
      Kokkos::View<T**> a("a", 4, 4), b("b", 4, 4), c("c", 4, 4);
      try {
        KokkosTile::gemm("N", "N", T(1), a, b, T(0), c, options);
        ADD_FAILURE() << "the tile " << name << " ran for double";
      } catch (const KokkosTile::InvalidArgument& e) {
        EXPECT_NE(std::string(e.what()).find(name), std::string::npos) << e.what();
      }
    } else {
      EXPECT_TRUE(gemm_matches<T>(GemmCase{129, 130, 17}, false, false, T(1), T(-1), Layout::left,
                                  Layout::left, Layout::left, options))
          << name;
    }
  }
}

// A problem big enough for automatic to take its largest tiles on a GPU (whole 128 x 128 x 16
// tiles, more of them than multiprocessors), in every orientation of op(A) and op(B) that changes
// how a tile is copied: op(A) along m with op(B) either way, and op(A) along k.
TYPED_TEST(Gemm, AutomaticTileOnLargeProblemsMatchesReference) {
  using T = TypeParam;
  const KokkosTile::GemmOptions options;
  const GemmCase shape{4096, 2176, 16};
  EXPECT_TRUE(gemm_matches<T>(shape, false, false, T(1), T(0.5), Layout::left, Layout::left,
                              Layout::left, options));
  EXPECT_TRUE(gemm_matches<T>(shape, false, true, T(1), T(0.5), Layout::left, Layout::left,
                              Layout::left, options));
  EXPECT_TRUE(gemm_matches<T>(shape, true, false, T(1), T(0.5), Layout::left, Layout::left,
                              Layout::left, options));
}

// Extents that are multiples of every tile (256 x 256 x 64: the whole-packet form of the tuned
// kernel on devices, reading along either index of op(A) and op(B)) and that are not (192, 72).
TYPED_TEST(Gemm, PacketReadsInEveryOrientationMatchReference) {
  using T = TypeParam;
  for (const bool ta : {false, true})
    for (const bool tb : {false, true})
      for (const Layout la : {Layout::left, Layout::right})
        for (const Layout lb : {Layout::left, Layout::right})
          for (const GemmCase shape : {GemmCase{256, 256, 64}, GemmCase{256, 192, 72}})
            EXPECT_TRUE(gemm_matches<T>(shape, ta, tb, T(1), T(0.5), la, lb, Layout::left,
                                        KokkosTile::GemmOptions{}))
                << "op " << ta << tb << " layouts " << int(la) << int(lb);
}

// Grids of fewer tiles than multiprocessors split along k on CUDA (Gemm_SplitK.hpp; the labels
// test checks that they do): 8 tiles of 128 x 64 in two slices of 1024 (k = 2048), the same with
// 7 multiply-adds past the slices (2055), and one tile in four slices of 1024 and a tail of 4
// (128 x 64 x 4100); every op pair, both layouts of op(A) and op(B), beta = 0 over NaN and
// beta != 0. Other backends run them unsplit, against the same reference.
TYPED_TEST(Gemm, SplitAlongKMatchesReference) {
  using T = TypeParam;
  for (const GemmCase shape :
       {GemmCase{256, 256, 2048}, GemmCase{256, 192, 2055}, GemmCase{128, 64, 4100}})
    for (const bool ta : {false, true})
      for (const bool tb : {false, true}) {
        const Layout la = ta ? Layout::right : Layout::left, lb = tb ? Layout::left : Layout::right;
        EXPECT_TRUE(gemm_matches<T>(shape, ta, tb, T(1.5), T(0), la, lb, Layout::left,
                                    KokkosTile::GemmOptions{}))
            << "op " << ta << tb;
        EXPECT_TRUE(gemm_matches<T>(shape, ta, tb, T(-1), T(0.5), lb, la, Layout::right,
                                    KokkosTile::GemmOptions{}))
            << "op " << ta << tb;
      }
}

// The split plan (CUDA's planner, a host function): only grids of fewer tiles than
// multiprocessors split, into as many slices as the multiprocessors hold (four at most), each a
// multiple of 16 and at least 1024 deep.
TEST(GemmSplitK, PlanFollowsTilesAndDepth) {
  using KokkosTile::Impl::plan_gemm_split_k;
  const auto plan = [](std::int64_t tiles, std::int64_t k) {
    const auto p = plan_gemm_split_k(tiles, k, 132, 2);
    return std::to_string(p.slices) + " x " + std::to_string(p.depth);
  };
  EXPECT_EQ(plan(128, 8192), "2 x 4096");  // 1024^2 in 128 x 64 tiles: 264 teams fit
  EXPECT_EQ(plan(8, 8192), "4 x 2048");    // at most four slices
  EXPECT_EQ(plan(8, 4100), "4 x 1024");    // 4 left for the sum
  EXPECT_EQ(plan(8, 3000), "2 x 1488");    // three would be 992 deep
  EXPECT_EQ(plan(132, 8192), "1 x 0");     // the grid fills the multiprocessors
  EXPECT_EQ(plan(128, 1024), "1 x 0");     // slices of 512 would be too shallow
  EXPECT_EQ(plan(0, 8192), "1 x 0");
}

/// While alive, every problem large enough by the hook's measure takes the padded copies on
/// devices (Gemm_PaddedOperands.hpp), so that small odd problems test that path.
struct PaddedFromFewMultiplyAdds {
  PaddedFromFewMultiplyAdds() { KokkosTile::Impl::gemm_padding_min_multiply_adds_override() = 1; }
  ~PaddedFromFewMultiplyAdds() { KokkosTile::Impl::gemm_padding_min_multiply_adds_override() = 0; }
};

// Problems that allow no whole-packet tiles (odd extents, odd leading dimensions, gapped strides)
// through the padded copies on devices, for every op pair and layout, beta = 0 over poison and
// beta != 0; host backends run their own path for the same cases. Both sides of the padded extents'
// multiples (m 256, n 128, k 16) are crossed, and the edge kernels take a few rows past 256 (257,
// 259, 513), a few columns past 128 (129, 131), both (259 x 131, 513 x 129) or neither (300 x 200).
TYPED_TEST(Gemm, PaddedOperandsMatchReference) {
  using T = TypeParam;
  const PaddedFromFewMultiplyAdds padded;
  for (const bool ta : {false, true})
    for (const bool tb : {false, true})
      for (const Layout la : {Layout::left, Layout::right, Layout::strided})
        for (const GemmCase shape :
             {GemmCase{129, 130, 17}, GemmCase{257, 3, 33}, GemmCase{1, 129, 16},
              GemmCase{300, 200, 5}, GemmCase{259, 131, 45}, GemmCase{513, 129, 24}}) {
          EXPECT_TRUE(gemm_matches<T>(shape, ta, tb, T(1.5), T(0), la, Layout::left, Layout::right,
                                      KokkosTile::GemmOptions{}))
              << "op " << ta << tb << " layout " << int(la);
          EXPECT_TRUE(gemm_matches<T>(shape, ta, tb, T(-1), T(0.5), Layout::right, la,
                                      Layout::strided, KokkosTile::GemmOptions{}))
              << "op " << ta << tb << " layout " << int(la);
        }
}

TYPED_TEST(Gemm, AlphaZeroReadsNeitherAnorB) {
  using T = TypeParam;
  for (const auto variant : kVariants) {
    KokkosTile::GemmOptions options;
    options.variant = variant;
    EXPECT_TRUE(gemm_matches<T>({33, 17, 9}, false, false, T(0), T(3), Layout::right, Layout::right,
                                Layout::left, options, true));
    EXPECT_TRUE(gemm_matches<T>({33, 17, 9}, false, false, T(0), T(0), Layout::right, Layout::right,
                                Layout::left, options, true));
  }
}

/// Views declared LayoutLeft and LayoutRight (not strided Views with those strides).
template <class T>
void typed_layouts_match_reference() {
  const std::int64_t m = 70, n = 37, k = 129;
  Kokkos::View<T**, Kokkos::LayoutLeft, MemorySpace> a("a", m, k);
  Kokkos::View<T**, Kokkos::LayoutRight, MemorySpace> b("b", k, n);
  Kokkos::View<T**, Kokkos::LayoutLeft, MemorySpace> c("c", m, n);
  const auto ha = fill_random_device(a, 1), hb = fill_random_device(b, 2);
  for (const auto variant : kVariants) {
    Kokkos::deep_copy(c, poison<T>());
    KokkosTile::GemmOptions options;
    options.variant = variant;
    KokkosTile::gemm("N", "N", T(1), a, b, T(0), c, options);
    const auto hc = to_host(c);
    for (std::int64_t i = 0; i < m; ++i)
      for (std::int64_t j = 0; j < n; ++j) {
        double sum = 0, magnitude = 0;
        for (std::int64_t p = 0; p < k; ++p) {
          sum += double(ha(i, p)) * hb(p, j);
          magnitude += std::abs(double(ha(i, p)) * hb(p, j));
        }
        ASSERT_LE(std::abs(hc(i, j) - sum),
                  2 * (k + 2) * std::numeric_limits<T>::epsilon() * magnitude)
            << KokkosTile::to_string(variant) << " C(" << i << ", " << j << ")";
      }
  }
}

TYPED_TEST(Gemm, DeclaredLayoutsMatchReference) {
  typed_layouts_match_reference<TypeParam>();
}

// The host kernel (what the default options run on host backends: packed panels and a register
// micro-kernel) at its edges: extents around its micro-tile (MR x NR) and its cache blocks (KC, MC,
// NC) as the kernel this CPU runs defines them, last micro-panels around the narrower kernel's
// width (NE), every op pair, every layout of A, B and C (a LayoutRight C runs as C^T, a C strided
// both ways through the edge path), beta = 0 with NaN in C and beta != 0 (which later k panels
// must not apply again). On devices these run the device kernel on the same extents.
TYPED_TEST(Gemm, HostKernelEdgesMatchReference) {
  using T = TypeParam;
  const auto blocking = KokkosTile::Impl::gemm_host_blocking<T>();
  const std::int64_t mr = blocking.mr, nr = blocking.nr, kc = blocking.kc, mc = blocking.mc,
                     nc = blocking.nc, ne = blocking.ne;
  // The last micro-panel's width around ne, where the kernel of that width takes it.
  const GemmCase shapes[] = {{1, 1, 1},
                             {mr - 1, nr - 1, 2},
                             {mr, nr, kc},
                             {mr + 1, nr + 1, kc + 1},
                             {mc + 1, 2 * nr + 1, 17},
                             {2 * mc + mr + 1, 5, 2 * kc + 1},
                             {3, nc + 1, 2},
                             {37, 3 * nr - 1, kc - 1},
                             {mr + 2, nr + ne, 9},
                             {mr - 3, 2 * nr + ne + 1, kc + 2}};
  const Layout layouts[] = {Layout::left, Layout::right, Layout::strided};
  int index = 0;
  for (const GemmCase& shape : shapes) {
    for (const bool ta : {false, true}) {
      for (const bool tb : {false, true}) {
        // Every combination of the three layouts appears over the 40 cases.
        const Layout la = layouts[index % 3], lb = layouts[index / 3 % 3],
                     lc = layouts[index / 9 % 3];
        const T alpha = index % 3 == 0 ? T(1) : T(-0.75);
        const T beta = index % 2 == 0 ? T(0) : T(1.25);
        EXPECT_TRUE(gemm_matches<T>(shape, ta, tb, alpha, beta, la, lb, lc, {}))
            << blocking.kernel << " kernel, layouts " << int(la) << int(lb) << int(lc);
        ++index;
      }
    }
  }
}

// Every host micro-kernel this CPU can run (the default options run only the best one: AVX-512,
// AVX2 + FMA or portable), on extents around each one's own blocking.
TYPED_TEST(Gemm, EveryHostMicroKernelMatchesReference) {
  using T = TypeParam;
  using KokkosTile::Impl::GemmHostIsa;
  // `if constexpr`, so that a device backend's build does not see the loop below after an
  // unconditional return (nvcc warned "loop is not reachable").
  if constexpr (!KokkosTile::Impl::is_host_backend<ExecSpace>()) {
    GTEST_SKIP() << "host kernels only";
  } else {
    for (const GemmHostIsa isa : {GemmHostIsa::avx512, GemmHostIsa::avx2, GemmHostIsa::generic}) {
      if (int(isa) < int(KokkosTile::Impl::gemm_host_isa()))
        continue;  // not on this CPU
      const auto blocking = KokkosTile::Impl::gemm_host_blocking<T>(isa);
      const std::int64_t mr = blocking.mr, nr = blocking.nr, kc = blocking.kc, mc = blocking.mc,
                         ne = blocking.ne;
      const GemmCase shapes[] = {{1, nr + 1, 3},
                                 {mr + 1, nr - 1, kc + 1},
                                 {mc + mr - 1, 2 * nr + 1, 2 * kc + 1},
                                 {mr + 3, nr + ne, 7}};
      const Layout layouts[] = {Layout::left, Layout::right, Layout::strided};
      int index = 0;
      for (const GemmCase& shape : shapes) {
        for (const bool ta : {false, true}) {
          for (const bool tb : {false, true}) {
            const Layout la = layouts[index % 3], lb = layouts[(index + 1) % 3],
                         lc = layouts[index / 3 % 3];
            const T beta = index % 2 == 0 ? T(0) : T(-0.5);
            EXPECT_TRUE(gemm_matches<T>(shape, ta, tb, T(1.25), beta, la, lb, lc, {}, false, &isa))
                << blocking.kernel << " kernel, layouts " << int(la) << int(lb) << int(lc);
            ++index;
          }
        }
      }
    }
  }
}

/// Subviews of larger Views as A, B and C: C's neighbours in its parent must stay untouched.
template <class T>
void subviews_match_reference() {
  const std::int64_t m = 45, n = 38, k = 71;
  using pair = Kokkos::pair<std::int64_t, std::int64_t>;
  Kokkos::View<T**, Kokkos::LayoutRight, MemorySpace> a_parent("a", m + 5, k + 7);
  Kokkos::View<T**, Kokkos::LayoutLeft, MemorySpace> b_parent("b", n + 3, k + 4);  // B^T
  Kokkos::View<T**, Kokkos::LayoutRight, MemorySpace> c_parent("c", m + 4, n + 6);
  const auto ha = fill_random_device(a_parent, 11), hb = fill_random_device(b_parent, 12);
  Kokkos::deep_copy(c_parent, poison<T>());
  const auto a = Kokkos::subview(a_parent, pair(2, 2 + m), pair(3, 3 + k));
  const auto b = Kokkos::subview(b_parent, pair(1, 1 + n), pair(4, 4 + k));
  const auto c = Kokkos::subview(c_parent, pair(3, 3 + m), pair(5, 5 + n));
  KokkosTile::gemm("N", "T", T(2), a, b, T(0), c);
  const auto hc = to_host(c_parent);
  for (std::int64_t i = 0; i < m + 4; ++i) {
    for (std::int64_t j = 0; j < n + 6; ++j) {
      const bool inside = i >= 3 && i < 3 + m && j >= 5 && j < 5 + n;
      if (!inside) {
        ASSERT_TRUE(std::isnan(hc(i, j))) << "C's parent (" << i << ", " << j << ") was written";
        continue;
      }
      double sum = 0, magnitude = 0;
      for (std::int64_t p = 0; p < k; ++p) {
        const double x = double(ha(2 + i - 3, 3 + p)) * hb(1 + j - 5, 4 + p);
        sum += x;
        magnitude += std::abs(x);
      }
      ASSERT_LE(std::abs(hc(i, j) - 2 * sum),
                4 * (k + 2) * std::numeric_limits<T>::epsilon() * magnitude)
          << "C(" << i - 3 << ", " << j - 5 << ")";
    }
  }
}

TYPED_TEST(Gemm, SubviewsMatchReference) {
  subviews_match_reference<TypeParam>();
}

TEST(Gemm, BadArgumentsRaise) {
  Kokkos::View<float**, MemorySpace> a("a", 4, 5), b("b", 5, 6), c("c", 4, 6), wrong("wrong", 4, 7);
  EXPECT_THROW(KokkosTile::gemm("N", "N", 1.f, a, b, 0.f, wrong), KokkosTile::InvalidArgument);
  EXPECT_THROW(KokkosTile::gemm("N", "T", 1.f, a, b, 0.f, c), KokkosTile::InvalidArgument);
  EXPECT_THROW(KokkosTile::gemm("X", "N", 1.f, a, b, 0.f, c), KokkosTile::InvalidArgument);
  EXPECT_THROW(KokkosTile::gemm("N", nullptr, 1.f, a, b, 0.f, c), KokkosTile::InvalidArgument);
  Kokkos::View<float**, MemorySpace> square("square", 6, 6);
  auto part = Kokkos::subview(square, Kokkos::make_pair(0, 4), Kokkos::ALL);
  EXPECT_THROW(KokkosTile::gemm("N", "N", 1.f, part, square, 0.f, part),
               KokkosTile::InvalidArgument);
  // The message names the call and the extent that disagrees.
  auto message_of = [](auto&& call) {
    try {
      call();
    } catch (const KokkosTile::InvalidArgument& error) {
      return std::string(error.what());
    }
    return std::string("(nothing thrown)");
  };
  const std::string columns =
      message_of([&] { KokkosTile::gemm("N", "N", 1.f, a, b, 0.f, wrong); });
  EXPECT_NE(columns.find("KokkosTile::gemm<tuned>"), std::string::npos) << columns;
  EXPECT_NE(columns.find("C has 7 columns but op(B) has 6"), std::string::npos) << columns;
  const std::string inner = message_of([&] { KokkosTile::gemm("N", "T", 1.f, a, b, 0.f, c); });
  EXPECT_NE(inner.find("inner extents differ: op(A) is 4 x 5 but op(B) is 6 x 5"),
            std::string::npos)
      << inner;
  Kokkos::View<float**, MemorySpace> short_c("short_c", 3, 6);
  const std::string rows = message_of([&] { KokkosTile::gemm("N", "N", 1.f, a, b, 0.f, short_c); });
  EXPECT_NE(rows.find("C has 3 rows but op(A) has 4"), std::string::npos) << rows;
  using KokkosTile::InvalidArgument;
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::gemm("X", "N", 1.f, a, b, 0.f, c); },
      {"KokkosTile::gemm<tuned>", "trans_a is \"X\"; it must be \"N\", \"T\" or \"C\""}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::gemm("N", nullptr, 1.f, a, b, 0.f, c); }, {"trans_b is \"(null)\""}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::gemm("N", "N", 1.f, part, square, 0.f, part); },
      {"KokkosTile::gemm<tuned>", "C and A overlap: they share elements"}));
  KokkosTile::GemmOptions unknown;
  unknown.variant = static_cast<KokkosTile::GemmVariant>(42);
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::gemm("N", "N", 1.f, a, b, 0.f, c, unknown); },
      {"KokkosTile::gemm<unknown>", "variant 42 is not a GemmVariant"}));
  KokkosTile::GemmOptions unknown_tile;
  unknown_tile.tile = static_cast<KokkosTile::GemmTile>(-1);
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::gemm("N", "N", 1.f, a, b, 0.f, c, unknown_tile); },
      {"KokkosTile::gemm<tuned>", "tile -1 is not a GemmTile"}));
  // The label overload names the call in its errors too.
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::gemm("my_gemm", ExecSpace(), "N", "X", 1.f, a, b, 0.f, c); },
      {"my_gemm", "trans_b is \"X\""}));
}

}  // namespace
}  // namespace KokkosTileTest
