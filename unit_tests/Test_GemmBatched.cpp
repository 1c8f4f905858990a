// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tests of KokkosTile_GemmBatched.hpp against a double-precision host reference on seeded random
// inputs: every device tile shape and its edges (m, n, k from 1 to past 64), op(A) and op(B) in
// {N, T, C}, batch-first Views in LayoutRight, LayoutLeft (the batch index contiguous),
// column-major matrices and strided subviews with gaps, alpha and beta (beta = 0 with NaN in C,
// alpha = 0 with NaN in A and B), float, double and complex, empty batches, and bad arguments.
#include <KokkosTile_GemmBatched.hpp>

#include "TestHelpers.hpp"

#include <cmath>
#include <complex>
#include <random>
#include <string>
#include <vector>

namespace KokkosTileTest {
namespace {

template <class T>
using View3 = Kokkos::View<T***, Kokkos::LayoutStride, MemorySpace>;
template <class T>
using Host3 = Kokkos::View<T***, Kokkos::LayoutRight, Kokkos::HostSpace>;

enum class BatchLayout { right, left, column_major, gapped };

template <class T>
T draw(std::mt19937_64& engine) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  if constexpr (KokkosTile::Impl::is_gemm_complex_v<T>) {
    const double re = u(engine);
    return T(re, u(engine));
  } else {
    return T(u(engine));
  }
}

template <class T>
T nan_value() {
  using R = typename KokkosTile::Impl::gemm_real<T>::type;
  return T(std::numeric_limits<R>::quiet_NaN());
}

/// A batch x rows x cols device View of `layout` over its own storage.
template <class T>
View3<T> make_batch(BatchLayout layout, int batch, int rows, int cols) {
  switch (layout) {
    case BatchLayout::right:
      return View3<T>(Kokkos::View<T***, Kokkos::LayoutRight, MemorySpace>("r", batch, rows, cols));
    case BatchLayout::left:
      return View3<T>(Kokkos::View<T***, Kokkos::LayoutLeft, MemorySpace>("l", batch, rows, cols));
    case BatchLayout::column_major: {  // each matrix column-major, matrices 3 elements apart
      const std::int64_t matrix = std::int64_t(rows) * cols + 3;
      return View3<T>("cm", Kokkos::LayoutStride(batch, matrix, rows, 1, cols, rows));
    }
    case BatchLayout::gapped: {  // a subview with gaps after every row and every matrix
      Kokkos::View<T***, Kokkos::LayoutRight, MemorySpace> big("g", batch + 1, rows + 2, cols + 3);
      return Kokkos::subview(big, Kokkos::pair<int, int>(1, batch + 1),
                             Kokkos::pair<int, int>(1, rows + 1),
                             Kokkos::pair<int, int>(2, cols + 2));
    }
  }
  return {};
}

/// Copies host values (LayoutRight) into a device View of any layout.
template <class T>
void upload(const Host3<T>& host, const View3<T>& device) {
  Kokkos::View<T***, Kokkos::LayoutRight, MemorySpace> packed("packed", host.extent(0),
                                                              host.extent(1), host.extent(2));
  Kokkos::deep_copy(packed, host);
  Kokkos::deep_copy(device, packed);
}

template <class T>
Host3<T> download(const View3<T>& device) {
  Kokkos::View<T***, Kokkos::LayoutRight, MemorySpace> packed("packed", device.extent(0),
                                                              device.extent(1), device.extent(2));
  Kokkos::deep_copy(packed, device);
  Host3<T> host("host", device.extent(0), device.extent(1), device.extent(2));
  Kokkos::deep_copy(host, packed);
  return host;
}

template <class T>
Host3<T> random_host(int batch, int rows, int cols, std::uint64_t seed) {
  Host3<T> host("random", batch, rows, cols);
  std::mt19937_64 engine(seed);
  for (int b = 0; b < batch; ++b)
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j)
        host(b, i, j) = draw<T>(engine);
  return host;
}

using Wide = std::complex<double>;
template <class T>
Wide widen(const T& x) {
  if constexpr (KokkosTile::Impl::is_gemm_complex_v<T>)
    return Wide(double(x.real()), double(x.imag()));
  else
    return Wide(double(x), 0.0);
}

template <class T>
Wide op_element(const Host3<T>& x, char op, int b, int r, int c) {
  if (op == 'N')
    return widen(x(b, r, c));
  const Wide v = widen(x(b, c, r));
  return op == 'C' ? std::conj(v) : v;
}

struct BatchedCase {
  int batch, m, n, k;
};

/// A, B and C in layouts la, lb and lc.
template <class T>
void check_batched_in(const BatchedCase& s, char op_a, char op_b, BatchLayout la, BatchLayout lb,
                      BatchLayout lc, T alpha, T beta, std::uint64_t seed) {
  SCOPED_TRACE(testing::Message() << "batch " << s.batch << ", " << s.m << " x " << s.n << " x "
                                  << s.k << ", op " << op_a << op_b << ", layouts " << int(la)
                                  << int(lb) << int(lc) << ", alpha " << alpha << ", beta "
                                  << beta);
  const int a_rows = op_a == 'N' ? s.m : s.k, a_cols = op_a == 'N' ? s.k : s.m;
  const int b_rows = op_b == 'N' ? s.k : s.n, b_cols = op_b == 'N' ? s.n : s.k;
  auto a = make_batch<T>(la, s.batch, a_rows, a_cols);
  auto b = make_batch<T>(lb, s.batch, b_rows, b_cols);
  auto c = make_batch<T>(lc, s.batch, s.m, s.n);
  const auto ha = random_host<T>(s.batch, a_rows, a_cols, seed);
  const auto hb = random_host<T>(s.batch, b_rows, b_cols, seed + 1);
  auto hc = random_host<T>(s.batch, s.m, s.n, seed + 2);
  const bool alpha_zero = alpha == T(0), beta_zero = beta == T(0);
  if (beta_zero)  // never read
    Kokkos::deep_copy(hc, nan_value<T>());
  Host3<T> ha_up("a_up", s.batch, a_rows, a_cols), hb_up("b_up", s.batch, b_rows, b_cols);
  Kokkos::deep_copy(ha_up, ha);
  Kokkos::deep_copy(hb_up, hb);
  if (alpha_zero) {  // never read
    Kokkos::deep_copy(ha_up, nan_value<T>());
    Kokkos::deep_copy(hb_up, nan_value<T>());
  }
  upload(ha_up, a);
  upload(hb_up, b);
  upload(hc, c);
  const char sa[2] = {op_a, 0}, sb[2] = {op_b, 0};
  KokkosTile::gemm_batched(ExecSpace(), sa, sb, alpha, a, b, beta, c);
  const auto out = download(c);
  int failures = 0;
  for (int bi = 0; bi < s.batch; ++bi) {
    for (int i = 0; i < s.m; ++i) {
      for (int j = 0; j < s.n; ++j) {
        Wide sum = 0, magnitude = 0;
        for (int p = 0; !alpha_zero && p < s.k; ++p) {
          const Wide x = op_element(ha, op_a, bi, i, p), y = op_element(hb, op_b, bi, p, j);
          sum += x * y;
          magnitude += std::abs(x) * std::abs(y);
        }
        Wide expected = widen(alpha) * sum;
        if (!beta_zero)
          expected += widen(beta) * widen(hc(bi, i, j));
        const double eps =
            std::numeric_limits<typename KokkosTile::Impl::gemm_real<T>::type>::epsilon();
        const double tolerance =
            4 * eps * (s.k + 2) *
            (std::abs(widen(alpha)) * magnitude.real() +
             (beta_zero ? 0.0 : std::abs(widen(beta)) * std::abs(widen(hc(bi, i, j)))));
        const Wide got = widen(out(bi, i, j));
        const bool ok = std::isfinite(got.real()) && std::isfinite(got.imag()) &&
                        std::abs(got - expected) <= tolerance;
        if (!ok && ++failures <= 5)
          ADD_FAILURE() << "C(" << bi << ", " << i << ", " << j << ") = " << got << ", expected "
                        << expected;
      }
    }
  }
  EXPECT_EQ(failures, 0);
}

/// A in `layout`, B and C in the next two: every pairing of contiguous indices is reached.
template <class T>
void check_batched(const BatchedCase& s, char op_a, char op_b, BatchLayout layout, T alpha, T beta,
                   std::uint64_t seed) {
  const auto next = [&](int d) { return BatchLayout((int(layout) + d) % 4); };
  check_batched_in<T>(s, op_a, op_b, layout, next(1), next(2), alpha, beta, seed);
}

const std::vector<BatchedCase>& batched_cases() {
  static const std::vector<BatchedCase> cases = {{3, 1, 1, 1},    {5, 2, 3, 4},     {7, 8, 8, 8},
                                                 {2, 7, 9, 5},    {4, 16, 16, 16},  {3, 17, 15, 33},
                                                 {3, 32, 32, 32}, {2, 31, 33, 30},  {2, 64, 64, 64},
                                                 {2, 65, 63, 17}, {1, 100, 70, 130}};
  return cases;
}

template <class T>
void run_batched_cases() {
  const bool complex = KokkosTile::Impl::is_gemm_complex_v<T>;
  const std::vector<std::pair<char, char>> ops =
      complex ? std::vector<std::pair<char, char>>{{'N', 'N'}, {'N', 'T'}, {'C', 'N'}, {'T', 'C'}}
              : std::vector<std::pair<char, char>>{{'N', 'N'}, {'N', 'T'}, {'T', 'N'}, {'T', 'T'}};
  std::uint64_t seed = 100;
  int index = 0;
  for (const auto& s : batched_cases()) {
    for (const auto& op : ops) {
      const BatchLayout layout = BatchLayout(index++ % 4);
      check_batched<T>(s, op.first, op.second, layout, T(1), T(0), seed += 3);
    }
    check_batched<T>(s, 'N', 'N', BatchLayout(index++ % 4), T(0.5), T(-1.5), seed += 3);
  }
}

TEST(GemmBatched, FloatEveryShapeOpAndLayout) {
  run_batched_cases<float>();
}
TEST(GemmBatched, DoubleEveryShapeOpAndLayout) {
  run_batched_cases<double>();
}
TEST(GemmBatched, ComplexFloat) {
  run_batched_cases<Kokkos::complex<float>>();
}
TEST(GemmBatched, ComplexDouble) {
  run_batched_cases<Kokkos::complex<double>>();
}

/// Float and double above 16 x 16 take gemm's tuned kernel on devices: whole 16-byte packets need
/// A and B in layouts whose matrices and rows start on 16 bytes (LayoutRight, or column-major
/// matrices 3 elements apart: every form but packets), and multiples of the tile.
template <class T>
void run_tuned_forms() {
  const std::vector<BatchedCase> cases = {{3, 64, 64, 64}, {2, 128, 64, 96}, {2, 64, 192, 32},
                                          {2, 96, 64, 80}, {3, 33, 40, 17},  {4, 32, 32, 32},
                                          {3, 17, 24, 40}};
  std::uint64_t seed = 500;
  for (const auto& s : cases) {
    for (const auto& op :
         {std::pair{'N', 'N'}, std::pair{'N', 'T'}, std::pair{'T', 'N'}, std::pair{'T', 'T'}}) {
      check_batched_in<T>(s, op.first, op.second, BatchLayout::right, BatchLayout::right,
                          BatchLayout::right, T(1), T(0), seed += 3);
      check_batched_in<T>(s, op.first, op.second, BatchLayout::column_major,
                          BatchLayout::column_major, BatchLayout::left, T(0.5), T(-1.5), seed += 3);
    }
    check_batched_in<T>(s, 'N', 'N', BatchLayout::right, BatchLayout::right,
                        BatchLayout::column_major, T(-2), T(0.25), seed += 3);
  }
}

TEST(GemmBatched, FloatTunedKernelForms) {
  run_tuned_forms<float>();
}
TEST(GemmBatched, DoubleTunedKernelForms) {
  run_tuned_forms<double>();
}

TEST(GemmBatched, AlphaZeroReadsNeitherOperand) {
  for (const BatchLayout layout : {BatchLayout::right, BatchLayout::gapped})
    check_batched<double>({3, 9, 7, 5}, 'N', 'T', layout, 0.0, 2.0, 7);
  check_batched<float>({3, 9, 7, 5}, 'T', 'N', BatchLayout::left, 0.f, 0.f, 8);
}

TEST(GemmBatched, EmptyExtentsAndKZero) {
  check_batched<double>({0, 4, 4, 4}, 'N', 'N', BatchLayout::right, 1.0, 0.0, 9);
  check_batched<double>({3, 0, 4, 4}, 'N', 'N', BatchLayout::right, 1.0, 0.0, 10);
  check_batched<double>({3, 4, 5, 0}, 'N', 'N', BatchLayout::left, 1.0, 0.5, 11);
}

TEST(GemmBatched, MixedValueTypes) {  // float A and B into double C: compiled in this file
  Kokkos::View<float***, MemorySpace> a("a", 3, 5, 4), b("b", 3, 4, 6);
  Kokkos::View<double***, MemorySpace> c("c", 3, 5, 6);
  Kokkos::deep_copy(a, 0.5f);
  Kokkos::deep_copy(b, 0.25f);
  KokkosTile::gemm_batched("N", "N", 1.0, a, b, 0.0, c);
  const auto hc = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), c);
  EXPECT_EQ(hc(2, 4, 5), 0.5);
  EXPECT_EQ(hc(0, 0, 0), 0.5);
}

TEST(GemmBatched, BadArguments) {
  Kokkos::View<double***, MemorySpace> a("a", 2, 4, 5), b("b", 2, 5, 3), c("c", 2, 4, 3);
  Kokkos::View<double***, MemorySpace> b3("b3", 3, 5, 3), wrong_k("k", 2, 6, 3);
  using KokkosTile::InvalidArgument;
  EXPECT_TRUE(
      throws_with<InvalidArgument>([&] { KokkosTile::gemm_batched("N", "N", 1.0, a, b3, 0.0, c); },
                                   {"KokkosTile::gemm_batched", "batch extents differ"}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::gemm_batched("N", "N", 1.0, a, wrong_k, 0.0, c); },
      {"inner extents differ"}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::gemm_batched("T", "N", 1.0, a, b, 0.0, c); }, {"inner extents differ"}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::gemm_batched("X", "N", 1.0, a, b, 0.0, c); }, {"trans_a", "\"X\""}));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::gemm_batched("app::batched", ExecSpace(), "N", "N", 1.0, a, b, 0.0, a); },
      {"app::batched", "C has"}));
  // C aliasing A: a 4 x 5 view of A's memory as C.
  Kokkos::View<double***, MemorySpace> c_over_a(a.data(), 2, 4, 5);
  Kokkos::View<double***, MemorySpace> square("sq", 2, 5, 5);
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::gemm_batched("N", "N", 1.0, a, square, 0.0, c_over_a); },
      {"C and A overlap"}));
  // C whose matrices interleave: batch stride 1 with rows of stride 1.
  Kokkos::View<double*, MemorySpace> storage("s", 64);
  View3<double> interleaved(storage.data(), Kokkos::LayoutStride(2, 1, 4, 1, 3, 4));
  EXPECT_TRUE(throws_with<InvalidArgument>(
      [&] { KokkosTile::gemm_batched("N", "N", 1.0, a, b, 0.0, interleaved); }, {"do not nest"}));
}

}  // namespace
}  // namespace KokkosTileTest
