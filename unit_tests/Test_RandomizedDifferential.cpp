// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A randomised differential test: about 500 cases from fixed seeds, each with random extents
// (0 to a few hundred), random layouts (LayoutRight, LayoutLeft, a window of a larger View, a
// gapped LayoutStride View) and random scalars, for transpose, GEMM, stencil, reverse and
// histogram, each against a host reference computed here (double precision where it rounds),
// into poisoned outputs. A failure prints the case's seed: re-run it with
// KOKKOSTILE_DIFFERENTIAL_SEED=<seed> (and KOKKOSTILE_DIFFERENTIAL_CASES=1).
#include <KokkosTile_Gemm.hpp>
#include <KokkosTile_Histogram.hpp>
#include <KokkosTile_Reverse.hpp>
#include <KokkosTile_Stencil.hpp>
#include <KokkosTile_Transpose.hpp>

#include "TestHelpers.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace KokkosTileTest {
namespace {

std::uint64_t first_seed() {
  const char* seed = std::getenv("KOKKOSTILE_DIFFERENTIAL_SEED");
  return seed != nullptr ? std::strtoull(seed, nullptr, 10) : 20261124;
}

int cases(int default_cases) {
  const char* count = std::getenv("KOKKOSTILE_DIFFERENTIAL_CASES");
  return count != nullptr ? std::atoi(count) : default_cases;
}

std::int64_t draw(std::mt19937_64& engine, std::int64_t lo, std::int64_t hi) {
  return std::uniform_int_distribution<std::int64_t>(lo, hi)(engine);
}

/// Extents: mostly small and odd, sometimes 0 or 1, sometimes a few hundred.
std::int64_t random_extent(std::mt19937_64& engine, std::int64_t most) {
  switch (draw(engine, 0, 9)) {
    case 0:
      return draw(engine, 0, 1);
    case 1:
      return draw(engine, most / 2, most);
    default:
      return draw(engine, 2, most / 4);
  }
}

/// A rows x cols View of one of four layouts, with whatever owns its memory.
enum class Kind { right, left, window, gapped };
const char* name(Kind kind) {
  switch (kind) {
    case Kind::right:
      return "LayoutRight";
    case Kind::left:
      return "LayoutLeft";
    case Kind::window:
      return "window of a LayoutRight";
    case Kind::gapped:
      return "gapped LayoutStride";
  }
  return "?";
}

Kind random_kind(std::mt19937_64& engine) {
  return static_cast<Kind>(draw(engine, 0, 3));
}

/// Calls f with a View of the kind asked for: LayoutRight and LayoutLeft each their own View type,
/// so that the plain-layout fast paths are taken where they exist, and the window and the gapped
/// View one LayoutStride type. Three types, not four: every kernel is instantiated for each pair
/// (GEMM: each triple) of them, and the compile time grows with that count. The memory lives as
/// long as the call.
template <class T, class F>
void with_view(Kind kind, std::int64_t rows, std::int64_t cols, std::uint64_t seed, F&& f) {
  switch (kind) {
    case Kind::right: {
      Kokkos::View<T**, Kokkos::LayoutRight, MemorySpace> v("right", rows, cols);
      f(v);
      return;
    }
    case Kind::left: {
      Kokkos::View<T**, Kokkos::LayoutLeft, MemorySpace> v("left", rows, cols);
      f(v);
      return;
    }
    case Kind::window: {
      const std::int64_t top = seed % 3, left = seed % 5;
      Kokkos::View<T**, Kokkos::LayoutRight, MemorySpace> big("big", rows + top + 2,
                                                              cols + left + 3);
      const Kokkos::View<T**, Kokkos::LayoutStride, MemorySpace> window =
          Kokkos::subview(big, Kokkos::pair<std::int64_t, std::int64_t>(top, top + rows),
                          Kokkos::pair<std::int64_t, std::int64_t>(left, left + cols));
      f(window);
      return;
    }
    case Kind::gapped: {
      Kokkos::View<T*, MemorySpace> storage;
      f(gapped_view<T>(storage, rows, cols, seed % 2 == 0, 1 + std::int64_t(seed % 2), 3));
      return;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// transpose: b(j, i) = a(i, j), exactly.

template <class T>
void transpose_case(std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  const std::int64_t rows = random_extent(engine, 300), cols = random_extent(engine, 300);
  const Kind ka = random_kind(engine), kb = random_kind(engine);
  with_view<T>(ka, rows, cols, seed, [&](const auto& a) {
    with_view<T>(kb, cols, rows, seed + 1, [&](const auto& b) {
      const auto host_a = fill_random_device(a, seed);
      Kokkos::deep_copy(b, poison<T>());
      KokkosTile::transpose_copy(a, b);
      const auto host_b = to_host(b);
      for (std::int64_t i = 0; i < rows; ++i)
        for (std::int64_t j = 0; j < cols; ++j)
          ASSERT_TRUE(host_b(j, i) == host_a(i, j))
              << "transpose seed " << seed << ": " << rows << " x " << cols << ", a " << name(ka)
              << ", b " << name(kb) << ", at (" << i << ", " << j << ")";
    });
  });
}

// ---------------------------------------------------------------------------------------------
// GEMM: C = alpha op(A) op(B) + beta C against a double reference; beta = 0 with a NaN C.

template <class T>
void gemm_case(std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  const std::int64_t m = random_extent(engine, 160), n = random_extent(engine, 160),
                     k = random_extent(engine, 160);
  const bool ta = draw(engine, 0, 1) == 1, tb = draw(engine, 0, 1) == 1;
  const Kind ka = random_kind(engine), kb = random_kind(engine), kc = random_kind(engine);
  const T alpha = T(draw(engine, -3, 3)) / T(2);
  const T beta = draw(engine, 0, 2) == 0 ? T(0) : T(draw(engine, -2, 2)) / T(2);
  with_view<T>(ka, ta ? k : m, ta ? m : k, seed, [&](const auto& a) {
    with_view<T>(kb, tb ? n : k, tb ? k : n, seed + 1, [&](const auto& b) {
      with_view<T>(kc, m, n, seed + 2, [&](const auto& c) {
        const auto host_a = fill_random_device(a, seed);
        const auto host_b = fill_random_device(b, seed + 1);
        auto host_c = fill_random_device(c, seed + 2);
        if (beta == T(0)) {  // C must not be read: NaN in it must not reach the result
          Kokkos::deep_copy(c, poison<T>());
        }
        KokkosTile::gemm(ta ? "T" : "N", tb ? "T" : "N", alpha, a, b, beta, c);
        const auto got = to_host(c);
        const double eps = std::is_same_v<T, float> ? 1e-6 : 1e-15;
        for (std::int64_t i = 0; i < m; ++i) {
          for (std::int64_t j = 0; j < n; ++j) {
            double sum = 0, magnitude = 0;
            for (std::int64_t p = 0; p < k; ++p) {
              const double x = ta ? host_a(p, i) : host_a(i, p);
              const double y = tb ? host_b(j, p) : host_b(p, j);
              sum += x * y;
              magnitude += std::fabs(x * y);
            }
            double want = double(alpha) * sum;
            if (beta != T(0))
              want += double(beta) * double(host_c(i, j));
            const double tolerance =
                4.0 * eps * (double(k) + 2.0) * (std::fabs(double(alpha)) * magnitude + 2.0);
            ASSERT_LE(std::fabs(double(got(i, j)) - want), tolerance)
                << "gemm seed " << seed << ": " << m << " x " << n << " x " << k << ", op "
                << (ta ? "T" : "N") << (tb ? "T" : "N") << ", alpha " << alpha << ", beta " << beta
                << ", A " << name(ka) << ", B " << name(kb) << ", C " << name(kc) << ", at (" << i
                << ", " << j << "): got " << got(i, j) << ", want " << want;
          }
        }
      });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// stencil: a random star or box (radius 0 to 3) and boundary, against a double reference.

template <class T>
KokkosTile::Stencil2D<T> random_stencil(std::mt19937_64& engine, std::string& what) {
  const auto w = [&] { return T(std::uniform_real_distribution<double>(-1.0, 1.0)(engine)); };
  switch (draw(engine, 0, 2)) {
    case 0:
      what = "five_point";
      return KokkosTile::Stencil2D<T>::five_point(w(), w());
    case 1:
      what = "nine_point";
      return KokkosTile::Stencil2D<T>::nine_point(w(), w(), w());
    default: {
      const int radius = int(draw(engine, 0, 3));
      std::vector<T> weights((2 * radius + 1) * (2 * radius + 1));
      for (auto& x : weights)
        x = w();
      what = "box r" + std::to_string(radius);
      return KokkosTile::Stencil2D<T>::box(radius, weights);
    }
  }
}

template <class T>
void stencil_case(std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  const std::int64_t rows = std::max<std::int64_t>(1, random_extent(engine, 260));
  const std::int64_t cols = std::max<std::int64_t>(1, random_extent(engine, 260));
  std::string what;
  const auto weights = random_stencil<T>(engine, what);
  const int kind = int(draw(engine, 0, 2));
  const auto bc = kind == 0   ? KokkosTile::BoundaryCondition<T>::constant(T(0.75))
                  : kind == 1 ? KokkosTile::BoundaryCondition<T>::clamp()
                              : KokkosTile::BoundaryCondition<T>::periodic();
  const Kind ki = random_kind(engine), ko = random_kind(engine);
  const std::int64_t r = weights.radius();
  with_view<T>(ki, rows, cols, seed, [&](const auto& in) {
    with_view<T>(ko, rows, cols, seed + 1, [&](const auto& out) {
      const auto host_in = fill_random_device(in, seed);
      Kokkos::deep_copy(out, poison<T>());
      KokkosTile::apply_stencil(in, out, weights, bc);
      const auto got = to_host(out);
      auto at = [&](std::int64_t i, std::int64_t j) -> double {
        if (i < 0 || i >= rows || j < 0 || j >= cols) {
          if (kind == 0)
            return 0.75;
          if (kind == 1) {
            i = std::min(std::max<std::int64_t>(i, 0), rows - 1);
            j = std::min(std::max<std::int64_t>(j, 0), cols - 1);
          } else {
            i = ((i % rows) + rows) % rows;
            j = ((j % cols) + cols) % cols;
          }
        }
        return double(host_in(i, j));
      };
      const double eps = std::is_same_v<T, float> ? 1e-5 : 1e-13;
      for (std::int64_t i = 0; i < rows; ++i) {
        for (std::int64_t j = 0; j < cols; ++j) {
          double want = 0, magnitude = 0;
          for (std::int64_t di = -r; di <= r; ++di)
            for (std::int64_t dj = -r; dj <= r; ++dj) {
              const double term = double(weights.weight(int(di), int(dj))) * at(i + di, j + dj);
              want += term;
              magnitude += std::fabs(term);
            }
          ASSERT_LE(std::fabs(double(got(i, j)) - want), eps * magnitude + 1e-30)
              << "stencil seed " << seed << ": " << what << ", boundary " << kind << ", " << rows
              << " x " << cols << ", in " << name(ki) << ", out " << name(ko) << ", at (" << i
              << ", " << j << ")";
        }
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------
// reverse (in place, static chunk, copy into a longer destination) on contiguous and strided 1-D
// Views, exactly.

template <class T, class F>
void with_view_1d(bool strided, std::int64_t n, F&& f) {
  if (strided) {  // a column of a LayoutRight matrix: stride 3
    Kokkos::View<T**, Kokkos::LayoutRight, MemorySpace> big("big", n, 3);
    f(Kokkos::subview(big, Kokkos::ALL, 1));
  } else {
    Kokkos::View<T*, MemorySpace> v("v", n);
    f(v);
  }
}

template <class T>
void reverse_case(std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  const std::int64_t n = random_extent(engine, 20000);
  const bool strided_src = draw(engine, 0, 1) == 1, strided_dst = draw(engine, 0, 1) == 1;
  const std::int64_t extra = draw(engine, 0, 3);
  const int form = int(draw(engine, 0, 2));
  with_view_1d<T>(strided_src, n, [&](const auto& src) {
    with_view_1d<T>(strided_dst, n + extra, [&](const auto& dst) {
      const auto host_src = fill_random_device(src, seed);
      Kokkos::deep_copy(dst, poison<T>());
      if (form == 2) {
        KokkosTile::reverse_copy(src, dst);
      } else {
        Kokkos::deep_copy(Kokkos::subview(dst, Kokkos::pair<std::int64_t, std::int64_t>(0, n)),
                          src);
        const auto head = Kokkos::subview(dst, Kokkos::pair<std::int64_t, std::int64_t>(0, n));
        if (form == 0)
          KokkosTile::reverse(head);
        else
          KokkosTile::reverse_static<512>(typename decltype(head)::execution_space(), head);
      }
      const auto got = to_host(dst);
      for (std::int64_t i = 0; i < n; ++i)
        ASSERT_TRUE(got(i) == host_src(n - 1 - i))
            << "reverse seed " << seed << ": form " << form << ", n " << n << ", src "
            << (strided_src ? "strided" : "contiguous") << ", dst "
            << (strided_dst ? "strided" : "contiguous") << ", at " << i;
      for (std::int64_t i = n; i < n + extra; ++i)
        ASSERT_TRUE(is_poison(got(i))) << "reverse seed " << seed << ": wrote past n at " << i;
    });
  });
}

// ---------------------------------------------------------------------------------------------
// histogram: integer samples (clamped) and floating-point samples in a range, exactly.

void histogram_case(std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  const std::int64_t n = random_extent(engine, 40000);
  const std::int64_t nbins = 1 + random_extent(engine, 6000);
  const bool strided = draw(engine, 0, 1) == 1, floating = draw(engine, 0, 1) == 1;
  Kokkos::View<std::uint32_t*, MemorySpace> counts("counts", nbins);
  std::vector<std::uint32_t> expected(nbins, 0);
  if (floating) {
    const double lo = -1.0 + double(draw(engine, 0, 4)) / 8,
                 hi = lo + 0.5 + double(draw(engine, 0, 8)) / 4;
    with_view_1d<double>(strided, n, [&](const auto& samples) {
      const auto host = fill_random_device(samples, seed);  // in [-1, 1): some fall outside
      for (std::int64_t i = 0; i < n; ++i) {
        const double x = host(i);
        if (x >= lo && x < hi)
          ++expected[std::min<std::int64_t>(
              nbins - 1, std::int64_t(std::floor((x - lo) * double(nbins) / (hi - lo))))];
      }
      Kokkos::deep_copy(counts, std::uint32_t(7));  // overwritten, not added to
      KokkosTile::histogram(samples, counts, lo, hi);
    });
  } else {
    with_view_1d<int>(strided, n, [&](const auto& samples) {
      auto host = to_host(samples);
      for (std::int64_t i = 0; i < n; ++i) {
        host(i) = int(draw(engine, -3, nbins + 3));
        ++expected[std::min<std::int64_t>(nbins - 1, std::max<std::int64_t>(0, host(i)))];
      }
      auto packed = packed_like(samples);
      Kokkos::deep_copy(packed, host);
      Kokkos::deep_copy(samples, packed);
      Kokkos::deep_copy(counts, std::uint32_t(7));
      KokkosTile::histogram(samples, counts);
    });
  }
  const auto got = to_host(counts);
  for (std::int64_t b = 0; b < nbins; ++b)
    ASSERT_EQ(got(b), expected[b])
        << "histogram seed " << seed << ": " << (floating ? "double" : "int") << " samples, n " << n
        << ", " << nbins << " bins, " << (strided ? "strided" : "contiguous") << ", bin " << b;
}

// ---------------------------------------------------------------------------------------------

TEST(RandomizedDifferential, Transpose) {
  const std::uint64_t seed = first_seed();
  for (int c = 0; c < cases(120); ++c) {
    if (c % 2 == 0)
      transpose_case<float>(seed + 1000 + c);
    else
      transpose_case<double>(seed + 1000 + c);
  }
}

TEST(RandomizedDifferential, Gemm) {
  const std::uint64_t seed = first_seed();
  for (int c = 0; c < cases(100); ++c) {
    if (c % 2 == 0)
      gemm_case<float>(seed + 2000 + c);
    else
      gemm_case<double>(seed + 2000 + c);
  }
}

TEST(RandomizedDifferential, Stencil) {
  const std::uint64_t seed = first_seed();
  for (int c = 0; c < cases(100); ++c) {
    if (c % 2 == 0)
      stencil_case<float>(seed + 3000 + c);
    else
      stencil_case<double>(seed + 3000 + c);
  }
}

TEST(RandomizedDifferential, Reverse) {
  const std::uint64_t seed = first_seed();
  for (int c = 0; c < cases(100); ++c) {
    if (c % 2 == 0)
      reverse_case<float>(seed + 4000 + c);
    else
      reverse_case<int>(seed + 4000 + c);
  }
}

TEST(RandomizedDifferential, Histogram) {
  const std::uint64_t seed = first_seed();
  for (int c = 0; c < cases(80); ++c)
    histogram_case(seed + 5000 + c);
}

}  // namespace
}  // namespace KokkosTileTest
