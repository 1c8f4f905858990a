// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tests of KokkosTile::gemm with complex and mixed value types (issue 18) against a host reference
// in std::complex<long double>, a plain triple loop with explicit conjugation: Kokkos::complex
// <float> and <double> with op(A) and op(B) in {N, T, C} (and lower case), every variant, odd and
// empty extents, LayoutLeft, LayoutRight, strided Views with gaps and a LayoutLeft subview, complex
// alpha and beta (beta = 0 with NaN in C), and mixed types: float A and B into double C must carry
// double precision (accumulation in double), real into complex, complex<float> into
// complex<double>.
#include <KokkosTile_Gemm.hpp>

#include "TestHelpers.hpp"

#include <cmath>
#include <complex>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace KokkosTileTest {
namespace {

using cf = Kokkos::complex<float>;
using cd = Kokkos::complex<double>;
using ref_t = std::complex<long double>;

template <class T>
constexpr bool is_complex_v = KokkosTile::Impl::is_gemm_complex_v<T>;

template <class T>
using real_t = typename KokkosTile::Impl::gemm_real<T>::type;

template <class T>
ref_t to_ref(const T& x) {
  if constexpr (is_complex_v<T>)
    return ref_t(x.real(), x.imag());
  else
    return ref_t(x, 0);
}

template <class T>
T nan_value() {
  const real_t<T> nan = std::numeric_limits<real_t<T>>::quiet_NaN();
  if constexpr (is_complex_v<T>)
    return T(nan, nan);
  else
    return nan;
}

template <class T>
T draw(std::mt19937_64& engine) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  if constexpr (is_complex_v<T>) {
    const double re = u(engine);
    const double im = u(engine);
    return T(real_t<T>(re), real_t<T>(im));
  } else {
    return T(u(engine));
  }
}

enum class Layout { left, right, strided, subview };

template <class T>
struct Operand {
  Kokkos::View<T*, MemorySpace> storage;
  Kokkos::View<T**, Kokkos::LayoutLeft, MemorySpace> parent;  // of the subview
  Kokkos::View<T**, Kokkos::LayoutStride, MemorySpace> view;
  Kokkos::View<T**, Kokkos::LayoutRight, Kokkos::HostSpace> host;
};

/// A rows x cols device View of the given layout, NaN outside it, random values in it.
template <class T>
Operand<T> make_operand(Layout layout, std::int64_t rows, std::int64_t cols, std::uint64_t seed) {
  Operand<T> x;
  switch (layout) {
    case Layout::left:
      x.view = gapped_view<T>(x.storage, rows, cols, true, 1, 0);
      break;
    case Layout::right:
      x.view = gapped_view<T>(x.storage, rows, cols, false, 1, 0);
      break;
    case Layout::strided:
      x.view = gapped_view<T>(x.storage, rows, cols, seed % 2 == 0, 2, 3);
      break;
    case Layout::subview:
      x.parent = Kokkos::View<T**, Kokkos::LayoutLeft, MemorySpace>("parent", rows + 3, cols + 2);
      Kokkos::deep_copy(x.parent, nan_value<T>());
      x.view = Kokkos::subview(x.parent, Kokkos::pair<std::int64_t, std::int64_t>(2, rows + 2),
                               Kokkos::pair<std::int64_t, std::int64_t>(1, cols + 1));
      break;
  }
  if (layout != Layout::subview)
    Kokkos::deep_copy(x.storage, nan_value<T>());
  x.host = Kokkos::View<T**, Kokkos::LayoutRight, Kokkos::HostSpace>("host", rows, cols);
  std::mt19937_64 engine(seed);
  for (std::int64_t i = 0; i < rows; ++i)
    for (std::int64_t j = 0; j < cols; ++j)
      x.host(i, j) = draw<T>(engine);
  Kokkos::View<T**, Kokkos::LayoutRight, MemorySpace> packed("packed", rows, cols);
  Kokkos::deep_copy(packed, x.host);
  Kokkos::deep_copy(x.view, packed);
  return x;
}

/// op(X)(i, j) for op "N", "T" or "C" (any case), with explicit conjugation.
template <class T>
ref_t op_element(const Kokkos::View<T**, Kokkos::LayoutRight, Kokkos::HostSpace>& x, char op,
                 std::int64_t i, std::int64_t j) {
  switch (op) {
    case 'N':
    case 'n':
      return to_ref(x(i, j));
    case 'T':
    case 't':
      return to_ref(x(j, i));
    default:
      return std::conj(to_ref(x(j, i)));
  }
}

bool transposes(char op) {
  return op != 'N' && op != 'n';
}

struct Shape {
  std::int64_t m, n, k;
};

/// Runs one gemm of A (TA), B (TB) into C (TC) and compares every element of C with the
/// reference; the bound is relative to sum |a||b| (and |beta c|), scaled by C's precision.
template <class TA, class TB, class TC>
::testing::AssertionResult gemm_matches(const Shape& s, char op_a, char op_b, TC alpha, TC beta,
                                        Layout la, Layout lb, Layout lc,
                                        KokkosTile::GemmVariant variant,
                                        long double bound_scale = 1) {
  const std::int64_t m = s.m, n = s.n, k = s.k;
  const bool ta = transposes(op_a), tb = transposes(op_b);
  const std::uint64_t seed = 7919 * m + 104729 * n + 1299709 * k + 3 * op_a + 5 * op_b;
  auto a = make_operand<TA>(la, ta ? k : m, ta ? m : k, seed + 1);
  auto b = make_operand<TB>(lb, tb ? n : k, tb ? k : n, seed + 2);
  auto c = make_operand<TC>(lc, m, n, seed + 3);
  if (beta == TC(0)) {  // beta = 0: NaN in C must not leak
    Kokkos::deep_copy(c.view, nan_value<TC>());
    Kokkos::deep_copy(c.host, TC(0));
  }
  KokkosTile::GemmOptions options;
  options.variant = variant;
  const char op_a_string[2] = {op_a, '\0'}, op_b_string[2] = {op_b, '\0'};
  KokkosTile::gemm(ExecSpace(), op_a_string, op_b_string, alpha, a.view, b.view, beta, c.view,
                   options);
  const auto result = to_host(c.view);

  const long double eps = std::numeric_limits<real_t<TC>>::epsilon();
  for (std::int64_t i = 0; i < m; ++i) {
    for (std::int64_t j = 0; j < n; ++j) {
      ref_t sum = 0;
      long double magnitude = 0;
      for (std::int64_t p = 0; p < k; ++p) {
        const ref_t x = op_element(a.host, op_a, i, p), y = op_element(b.host, op_b, p, j);
        sum += x * y;
        magnitude += std::abs(x) * std::abs(y);
      }
      const ref_t expected = to_ref(alpha) * sum + to_ref(beta) * to_ref(c.host(i, j));
      const long double bound = bound_scale * 4 * (k + 4) * eps *
                                    (std::abs(to_ref(alpha)) * magnitude +
                                     std::abs(to_ref(beta)) * std::abs(to_ref(c.host(i, j)))) +
                                std::numeric_limits<real_t<TC>>::min();
      const ref_t got = to_ref(result(i, j));
      if (!(std::abs(got - expected) <= bound))
        return ::testing::AssertionFailure()
               << "C(" << i << ", " << j << ") of " << m << " x " << n << " x " << k << " (op "
               << op_a << op_b << ", " << KokkosTile::to_string(variant) << "): expected "
               << double(expected.real()) << " + " << double(expected.imag()) << "i, got "
               << double(got.real()) << " + " << double(got.imag()) << "i (bound " << double(bound)
               << ")";
    }
  }
  return ::testing::AssertionSuccess();
}

const KokkosTile::GemmVariant kVariants[] = {KokkosTile::GemmVariant::naive,
                                             KokkosTile::GemmVariant::tiled16,
                                             KokkosTile::GemmVariant::tuned};
const char kOps[] = {'N', 'T', 'C'};

template <class T>
class GemmComplex : public ::testing::Test {};
using GemmComplexTypes = ::testing::Types<cf, cd>;
TYPED_TEST_SUITE(GemmComplex, GemmComplexTypes, );

TYPED_TEST(GemmComplex, EveryOpPairAndVariantMatchesReference) {
  using T = TypeParam;
  const Shape shapes[] = {{0, 5, 3}, {5, 0, 3}, {7, 5, 0}, {1, 1, 1}, {37, 29, 41}, {33, 17, 16}};
  for (const auto variant : kVariants)
    for (const Shape& shape : shapes)
      for (const char op_a : kOps)
        for (const char op_b : kOps)
          EXPECT_TRUE((gemm_matches<T, T, T>(shape, op_a, op_b, T(0.75, -1.25), T(0), Layout::right,
                                             Layout::left, Layout::right, variant)));
}

TYPED_TEST(GemmComplex, LayoutsSubviewsAndBetaMatchReference) {
  using T = TypeParam;
  const Layout layouts[] = {Layout::left, Layout::right, Layout::strided, Layout::subview};
  int turn = 0;
  for (const auto variant : kVariants)
    for (const auto la : layouts)
      for (const auto lb : layouts)
        for (const auto lc : layouts) {
          const char op_a = kOps[turn % 3], op_b = kOps[(turn / 3) % 3];
          ++turn;
          EXPECT_TRUE((gemm_matches<T, T, T>({37, 29, 41}, op_a, op_b, T(-0.5, 1.5), T(0.25, 2), la,
                                             lb, lc, variant)))
              << "layouts " << int(la) << int(lb) << int(lc);
        }
}

// From 32^3 multiply-adds, tuned and tf32x3 split a complex problem into one real product of twice
// the width and depth (Gemm_SplitComplex.hpp): the shapes straddle that bound (32 x 32 x 32
// splits, 32 x 32 x 31 does not) and reach past the real kernels' tiles, with every op pair,
// complex alpha, beta = 0 over NaN, complex beta and real beta (C written in place when
// column-major), and mixed layouts (op(B) read in place or copied). tf32x3 runs float's real
// products on CUDA tensor cores with the 3xTF32 split: a bound four times as wide, as in the real
// tests.
TYPED_TEST(GemmComplex, SplitIntoRealProductsEveryOpPairLayoutAndBeta) {
  using T = TypeParam;
  const Shape shapes[] = {{32, 32, 32}, {32, 32, 31}, {70, 45, 90}, {129, 65, 33}};
  const Layout layouts[] = {Layout::left, Layout::right, Layout::strided, Layout::subview};
  int turn = 0;
  for (const auto variant : {KokkosTile::GemmVariant::tuned, KokkosTile::GemmVariant::tf32x3}) {
    const long double scale = variant == KokkosTile::GemmVariant::tf32x3 ? 4 : 1;
    for (const Shape& shape : shapes)
      for (const char op_a : kOps)
        for (const char op_b : kOps) {
          const Layout la = layouts[turn % 4], lb = layouts[(turn / 4) % 4],
                       lc = layouts[(turn / 2) % 4];
          ++turn;
          EXPECT_TRUE((gemm_matches<T, T, T>(shape, op_a, op_b, T(0.5, -1.5), T(0), la, lb, lc,
                                             variant, scale)));
          EXPECT_TRUE((gemm_matches<T, T, T>(shape, op_a, op_b, T(-1, 0.25), T(0.75, 1), lc, la, lb,
                                             variant, scale)));
          // A real beta over a column-major C: the product is written into C in place.
          EXPECT_TRUE((gemm_matches<T, T, T>(shape, op_a, op_b, T(0.5, 2), T(-1.5, 0), la, lb,
                                             Layout::left, variant, scale)));
        }
  }
}

TYPED_TEST(GemmComplex, LowerCaseOpsAndBetaWithEveryOpPair) {
  using T = TypeParam;
  for (const char op_a : {'n', 't', 'c'})
    for (const char op_b : {'n', 't', 'c'})
      EXPECT_TRUE(
          (gemm_matches<T, T, T>({19, 23, 17}, op_a, op_b, T(1, 1), T(-1, 0.5), Layout::left,
                                 Layout::right, Layout::left, KokkosTile::GemmVariant::tuned)));
}

// "C" and "T" differ for complex operands (a regression that ignored "C" would pass the reference
// only where imaginary parts vanish): checked directly on a 1 x 1 x 1 product.
TYPED_TEST(GemmComplex, ConjugateDiffersFromTranspose) {
  using T = TypeParam;
  Kokkos::View<T**, MemorySpace> a("a", 1, 1), b("b", 1, 1), c("c", 1, 1);
  Kokkos::deep_copy(a, T(1, 2));
  Kokkos::deep_copy(b, T(3, -1));
  for (const auto variant : kVariants) {
    KokkosTile::GemmOptions options;
    options.variant = variant;
    KokkosTile::gemm(ExecSpace(), "C", "N", T(1), a, b, T(0), c, options);
    auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), c);
    EXPECT_EQ(host(0, 0), T(1, -7)) << KokkosTile::to_string(variant);  // (1 - 2i)(3 - i)
    KokkosTile::gemm(ExecSpace(), "T", "c", T(1), a, b, T(0), c, options);
    Kokkos::deep_copy(host, c);
    EXPECT_EQ(host(0, 0), T(1, 7)) << KokkosTile::to_string(variant);  // (1 + 2i)(3 + i)
  }
}

// Complex problems ignore a forced tuned tile (even the one rejected for double), in the tiled16
// kernel (1 x 1 x 1) and in the split into real products (40 x 40 x 40).
TYPED_TEST(GemmComplex, ForcedTileIsIgnored) {
  using T = TypeParam;
  // n x n x n of constants: every element of C is n (1 + 2i)(3 + i) = n + 7n i, exactly.
  for (const int n : {1, 40}) {
    Kokkos::View<T**, MemorySpace> a("a", n, n), b("b", n, n), c("c", n, n);
    Kokkos::deep_copy(a, T(1, 2));
    Kokkos::deep_copy(b, T(3, -1));
    for (const auto tile :
         {KokkosTile::GemmTile::t128x128x16_8x16, KokkosTile::GemmTile::t128x64x8_8x4}) {
      KokkosTile::GemmOptions options;
      options.tile = tile;
      Kokkos::deep_copy(c, T(0));
      KokkosTile::gemm(ExecSpace(), "N", "C", T(1), a, b, T(0), c, options);
      auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), c);
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
          ASSERT_EQ(host(i, j), T(n, 7 * n))
              << n << "^3, tile " << int(tile) << ", at (" << i << ", " << j << ")";
    }
  }
}

TYPED_TEST(GemmComplex, BadOpsAreStillRejected) {
  using T = TypeParam;
  Kokkos::View<T**, MemorySpace> a("a", 2, 2), b("b", 2, 2), c("c", 2, 2);
  EXPECT_TRUE(throws_with<KokkosTile::InvalidArgument>(
      [&] { KokkosTile::gemm(ExecSpace(), "H", "N", T(1), a, b, T(0), c); },
      {"KokkosTile::gemm<tuned>", "trans_a", "\"H\""}));
  EXPECT_TRUE(throws_with<KokkosTile::InvalidArgument>(
      [&] { KokkosTile::gemm(ExecSpace(), "N", "N", T(1), a, b, T(0), a); },
      {"KokkosTile::gemm<tuned>", "share elements"}));
}

// float A and B into double C: the products of floats are exact in double, so a result within
// double rounding of the reference proves the sums were taken in double (float sums would be off
// by about 1e-7 relative).
TEST(GemmMixed, FloatIntoDoubleAccumulatesInDouble) {
  for (const auto variant : kVariants)
    for (const char op_a : {'N', 'T', 'C'})
      for (const char op_b : {'N', 'T'})
        EXPECT_TRUE((gemm_matches<float, float, double>({37, 29, 301}, op_a, op_b, 1.5, -0.75,
                                                        Layout::right, Layout::left,
                                                        Layout::strided, variant)));
  // And a bound independent of the tolerance formula: 1e-12 relative to sum |a||b|.
  Kokkos::View<float**, MemorySpace> a("a", 1, 1000), b("b", 1000, 1);
  Kokkos::View<double**, MemorySpace> c("c", 1, 1);
  auto ha = Kokkos::create_mirror_view(a);
  auto hb = Kokkos::create_mirror_view(b);
  long double exact = 0, magnitude = 0;
  for (int p = 0; p < 1000; ++p) {
    ha(0, p) = 1.0f + float(p) * 1e-4f;
    hb(p, 0) = 1.0f / 3.0f + float(p % 7) * 1e-3f;
    exact += (long double)ha(0, p) * hb(p, 0);
    magnitude += std::abs((long double)ha(0, p) * hb(p, 0));
  }
  Kokkos::deep_copy(a, ha);
  Kokkos::deep_copy(b, hb);
  for (const auto variant : kVariants) {
    KokkosTile::GemmOptions options;
    options.variant = variant;
    KokkosTile::gemm(ExecSpace(), "N", "N", 1.0, a, b, 0.0, c, options);
    auto hc = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), c);
    EXPECT_LE(std::abs((long double)hc(0, 0) - exact), 1e-12L * magnitude)
        << KokkosTile::to_string(variant);
  }
}

TEST(GemmMixed, RealIntoComplexAndComplexFloatIntoComplexDouble) {
  for (const auto variant : kVariants) {
    for (const char op : kOps) {
      EXPECT_TRUE(
          (gemm_matches<double, cd, cd>({21, 13, 35}, op, op, cd(1, -2), cd(0.5, 0.5), Layout::left,
                                        Layout::right, Layout::left, variant)));
      EXPECT_TRUE(
          (gemm_matches<float, cf, cf>({21, 13, 35}, 'N', op, cf(1, -2), cf(0), Layout::right,
                                       Layout::right, Layout::left, variant)));
      EXPECT_TRUE(
          (gemm_matches<cf, cf, cd>({21, 13, 35}, op, 'C', cd(-1, 0.25), cd(2, 0), Layout::strided,
                                    Layout::left, Layout::right, variant)));
      EXPECT_TRUE((gemm_matches<float, double, double>(
          {21, 13, 35}, op, 'T', 2.0, 0.0, Layout::left, Layout::left, Layout::left, variant)));
    }
  }
}

// For real types "C" is "T", as before (float keeps the tuned kernels).
TEST(GemmMixed, RealConjugateTransposeIsTranspose) {
  for (const auto variant : kVariants)
    EXPECT_TRUE((gemm_matches<float, float, float>({37, 29, 41}, 'C', 'c', 1.0f, 0.5f, Layout::left,
                                                   Layout::right, Layout::left, variant)));
}

// The accepted mixes, at compile time.
static_assert(KokkosTile::Impl::gemm_converts_v<float, double>);
static_assert(KokkosTile::Impl::gemm_converts_v<float, cf>);
static_assert(KokkosTile::Impl::gemm_converts_v<double, cd>);
static_assert(KokkosTile::Impl::gemm_converts_v<cf, cd>);
static_assert(!KokkosTile::Impl::gemm_converts_v<double, float>);
static_assert(!KokkosTile::Impl::gemm_converts_v<double, cf>);
static_assert(!KokkosTile::Impl::gemm_converts_v<cf, float>);
static_assert(!KokkosTile::Impl::gemm_converts_v<cd, double>);
static_assert(!KokkosTile::Impl::gemm_converts_v<cd, cf>);
static_assert(!KokkosTile::Impl::gemm_converts_v<int, double>);

}  // namespace
}  // namespace KokkosTileTest
