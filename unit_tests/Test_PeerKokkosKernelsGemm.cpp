// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Kokkos Kernels' own GEMM test, adapted to KokkosTile::gemm (issue 18: peers' tests in our suite).
//
// The cases come from Kokkos Kernels' blas/unit_test/Test_Blas3_gemm.hpp (github.com/kokkos/
// kokkos-kernels, develop at commit 2fc2af19fa7b74b64f3ce7a212c0728afd150c62, 2025-08-20;
// Apache-2.0 WITH LLVM-exception):
//   - test_gemm<Scalar, Layout>: alpha = 4.5, beta in {0, 3}, op(A) and op(B) in their real-scalar
//     modes {"N", "T"} ("C" is pushed only for complex scalars), (M, N, K) in (0, 0, 0),
//     (50, 1, 40), (20, 14, 0), (13, 15, 17), (179, 15, 211), (12, 3071, 517); A, B and C all of
//     the same layout, LayoutLeft and LayoutRight; float and double (their complex cases wait for
//     complex support in KokkosTile::gemm). 2 x 4 x 6 = 48 cases per scalar and layout, 192 in all.
//   - impl_test_stream_gemm_psge2: two "N", "N" multiplies, (M, N, K) and (N, M, K), alpha 4.5,
//     beta 3, on the two instances of partition_space(space, 1, 1), run only when the space's
//     concurrency is at least 2 (as theirs), for (53, 42, 17), (13, 1, 17), (7, 13, 17): 3 cases
//     per scalar and layout, 12 in all.
//   - their inputs: Kokkos::fill_random(X, pool, Kokkos::rand<generator, Scalar>::max()), that is
//     uniform in [0, 1) for float and double, for A, B and C. Theirs seed the pool from the clock;
//     ours use a fixed seed per case, so that a failure reproduces.
//   - their tolerance, reproduced exactly: diff_C = sum over C of |C - C_ref|, and the case passes
//     when N == 0 or M == 0, or when diff_C / (N * M) < 1.05 * sqrt(K_eff) * K_eff * 75 * eps * 7
//     with K_eff = max(K, 1) and eps = Kokkos::ArithTraits<Scalar>::epsilon(), which is
//     Kokkos::Experimental::epsilon<Scalar>::value (used here: ArithTraits is Kokkos Kernels',
//     not Kokkos core's). They sum diff_C in Scalar; we sum in double (a slightly tighter test).
// Their reference (gemm_VanillaGEMM, a team kernel in Scalar precision) is replaced by an
// independent host triple loop that accumulates in long double from host copies of the inputs.
// Additionally (not in their list): KokkosBlas treats "C" as "T" for real scalars and so does
// KokkosTile::gemm today (KokkosTile_Gemm.hpp), so ConjugateActsAsTranspose runs their sizes,
// alpha and betas for the 5 pairs that involve "C", float on LayoutLeft and double on LayoutRight
// (120 cases). Nothing of theirs was trimmed.
#include <KokkosTile_Gemm.hpp>

#include <Kokkos_Random.hpp>

#include "TestHelpers.hpp"

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace KokkosTileTest {
namespace {

struct PeerGemmSize {
  int m, n, k;
};

/// Their (M, N, K) list from test_gemm, in their order.
const std::vector<PeerGemmSize>& peer_gemm_sizes() {
  static const std::vector<PeerGemmSize> sizes = {{0, 0, 0},    {50, 1, 40},    {20, 14, 0},
                                                  {13, 15, 17}, {179, 15, 211}, {12, 3071, 517}};
  return sizes;
}

bool transposed(const char* mode) {
  return mode[0] != 'N' && mode[0] != 'n';
}

/// Their fill: Kokkos::fill_random with the maximum of Kokkos::rand for the scalar ([0, 1) here),
/// drawn on the host from a fixed seed and copied to the device View.
template <class ViewType>
auto fill_their_way(const ViewType& view, std::uint64_t seed) {
  using T = typename ViewType::non_const_value_type;
  using pool_type = Kokkos::Random_XorShift64_Pool<Kokkos::DefaultHostExecutionSpace>;
  // A separate host View even where the device View is in HostSpace: it keeps the inputs.
  Kokkos::View<T**, typename ViewType::array_layout, Kokkos::HostSpace> host("host", view.extent(0),
                                                                             view.extent(1));
  pool_type pool(seed);
  Kokkos::fill_random(host, pool, Kokkos::rand<typename pool_type::generator_type, T>::max());
  Kokkos::fence();
  Kokkos::deep_copy(view, host);
  return host;
}

/// One multiply's operands: op(A) is M x K, op(B) is K x N, C is M x N, all of one layout.
template <class T, class Layout>
struct PeerGemmProblem {
  using view_type = Kokkos::View<T**, Layout, MemorySpace>;
  using host_type = Kokkos::View<T**, Layout, Kokkos::HostSpace>;
  const char* trans_a;
  const char* trans_b;
  int m, n, k;
  view_type a, b, c;
  host_type a_h, b_h, c_before_h;

  PeerGemmProblem(const char* ta, const char* tb, int m_, int n_, int k_, std::uint64_t seed)
      : trans_a(ta), trans_b(tb), m(m_), n(n_), k(k_) {
    const bool at = transposed(ta), bt = transposed(tb);
    a = view_type("A", at ? k : m, at ? m : k);
    b = view_type("B", bt ? n : k, bt ? k : n);
    c = view_type("C", m, n);
    a_h = fill_their_way(a, seed);
    b_h = fill_their_way(b, seed + 1);
    c_before_h = fill_their_way(c, seed + 2);
  }

  /// alpha * op(A) * op(B) + beta * C_before, accumulated in long double on the host (op(A) and
  /// op(B)^T gathered into row-major copies first, so that the inner loop is contiguous).
  std::vector<long double> reference(T alpha, T beta) const {
    const bool at = transposed(trans_a), bt = transposed(trans_b);
    std::vector<long double> op_a(static_cast<std::size_t>(m) * k),
        op_bt(static_cast<std::size_t>(n) * k);
    for (int i = 0; i < m; ++i)
      for (int p = 0; p < k; ++p)
        op_a[static_cast<std::size_t>(i) * k + p] = at ? a_h(p, i) : a_h(i, p);
    for (int j = 0; j < n; ++j)
      for (int p = 0; p < k; ++p)
        op_bt[static_cast<std::size_t>(j) * k + p] = bt ? b_h(j, p) : b_h(p, j);
    std::vector<long double> expected(static_cast<std::size_t>(m) * n);
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < n; ++j) {
        long double sum = 0;
        const long double* row = op_a.data() + static_cast<std::size_t>(i) * k;
        const long double* col = op_bt.data() + static_cast<std::size_t>(j) * k;
        for (int p = 0; p < k; ++p)
          sum += row[p] * col[p];
        expected[static_cast<std::size_t>(i) * n + j] =
            static_cast<long double>(alpha) * sum +
            static_cast<long double>(beta) * static_cast<long double>(c_before_h(i, j));
      }
    }
    return expected;
  }
};

/// Their acceptance rule (impl_test_gemm): the mean absolute difference over C must stay below
/// 1.05 * sqrt(K_eff) * K_eff * 75 * eps * 7; empty C passes.
template <class T, class CView>
::testing::AssertionResult within_their_tolerance(const CView& c, int m, int n, int k,
                                                  const std::vector<long double>& expected) {
  if (n == 0 || m == 0)
    return ::testing::AssertionSuccess();
  const auto c_h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), c);
  double diff_c = 0;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      diff_c += static_cast<double>(std::fabs(static_cast<long double>(c_h(i, j)) -
                                              expected[static_cast<std::size_t>(i) * n + j]));
  const double machine_eps = Kokkos::Experimental::epsilon<T>::value;
  const int k_eff = (k == 0) ? 1 : k;
  const double diff_c_average = diff_c / (n * m);
  const double diff_c_expected = 1.0 * std::sqrt(k_eff) * k_eff * 75 * machine_eps * 7;
  if (diff_c_average < 1.05 * diff_c_expected)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "mean |C - C_ref| = " << diff_c_average << ", their bound 1.05 * " << diff_c_expected;
}

template <class T, class Layout>
void run_peer_gemm(const char* ta, const char* tb, const PeerGemmSize& size, T alpha, T beta,
                   std::uint64_t seed) {
  PeerGemmProblem<T, Layout> problem(ta, tb, size.m, size.n, size.k, seed);
  const auto expected = problem.reference(alpha, beta);
  KokkosTile::gemm(ExecSpace(), ta, tb, alpha, problem.a, problem.b, beta, problem.c);
  Kokkos::fence();
  EXPECT_TRUE(within_their_tolerance<T>(problem.c, size.m, size.n, size.k, expected))
      << ta << tb << ", M " << size.m << ", N " << size.n << ", K " << size.k << ", beta " << beta;
}

template <class T, class Layout>
void run_peer_gemm_modes(const std::vector<const char*>& modes_a,
                         const std::vector<const char*>& modes_b, bool only_with_c) {
  const T alpha = 4.5;
  const std::vector<T> betas = {0.0, 3.0};
  std::uint64_t seed = 18000;
  for (const T beta : betas) {
    for (const char* amode : modes_a) {
      for (const char* bmode : modes_b) {
        if (only_with_c && amode[0] != 'C' && bmode[0] != 'C')
          continue;
        for (const PeerGemmSize& size : peer_gemm_sizes())
          run_peer_gemm<T, Layout>(amode, bmode, size, alpha, beta, seed += 3);
      }
    }
  }
}

/// Their impl_test_stream_gemm_psge2: (M, N, K) and (N, M, K), "N" "N", on two instances at once.
template <class T, class Layout>
void run_peer_stream_gemm(int m, int n, int k, T alpha, T beta, std::uint64_t seed) {
  PeerGemmProblem<T, Layout> first("N", "N", m, n, k, seed);
  PeerGemmProblem<T, Layout> second("N", "N", n, m, k, seed + 3);
  const auto expected_first = first.reference(alpha, beta);
  const auto expected_second = second.reference(alpha, beta);
  auto instances = Kokkos::Experimental::partition_space(ExecSpace(), 1, 1);
  KokkosTile::gemm(instances[0], "N", "N", alpha, first.a, first.b, beta, first.c);
  KokkosTile::gemm(instances[1], "N", "N", alpha, second.a, second.b, beta, second.c);
  Kokkos::fence();
  EXPECT_TRUE(within_their_tolerance<T>(first.c, m, n, k, expected_first))
      << "instance 0, M " << m << ", N " << n << ", K " << k;
  EXPECT_TRUE(within_their_tolerance<T>(second.c, n, m, k, expected_second))
      << "instance 1, M " << n << ", N " << m << ", K " << k;
}

template <class T, class Layout>
void run_peer_test_gemm() {
  // test_gemm's real-scalar modes.
  run_peer_gemm_modes<T, Layout>({"N", "T"}, {"N", "T"}, false);
  if (ExecSpace().concurrency() >= 2) {
    run_peer_stream_gemm<T, Layout>(53, 42, 17, 4.5, 3.0, 19001);  // their general code path
    run_peer_stream_gemm<T, Layout>(13, 1, 17, 4.5, 3.0, 19011);   // their gemv-based path
    run_peer_stream_gemm<T, Layout>(7, 13, 17, 4.5, 3.0, 19021);   // their dot-based path
  }
}

TEST(PeerKokkosKernelsGemm, FloatLayoutLeft) {
  run_peer_test_gemm<float, Kokkos::LayoutLeft>();
}
TEST(PeerKokkosKernelsGemm, FloatLayoutRight) {
  run_peer_test_gemm<float, Kokkos::LayoutRight>();
}
TEST(PeerKokkosKernelsGemm, DoubleLayoutLeft) {
  run_peer_test_gemm<double, Kokkos::LayoutLeft>();
}
TEST(PeerKokkosKernelsGemm, DoubleLayoutRight) {
  run_peer_test_gemm<double, Kokkos::LayoutRight>();
}

TEST(PeerKokkosKernelsGemm, ConjugateActsAsTranspose) {
  const std::vector<const char*> modes = {"N", "T", "C"};
  // One layout per scalar, to keep the run short (their own cases above cover both layouts).
  run_peer_gemm_modes<float, Kokkos::LayoutLeft>(modes, modes, true);
  run_peer_gemm_modes<double, Kokkos::LayoutRight>(modes, modes, true);
}

}  // namespace
}  // namespace KokkosTileTest
