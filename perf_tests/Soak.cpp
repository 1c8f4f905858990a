// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A soak: many mixed KokkosTile calls of random sizes (fixed seed) on the default execution space,
// each checked by an identity it must keep, with the device's free memory and the process's
// resident set sampled as it goes. It fails when a call gives a wrong result or throws, or when
// the peak memory of the second half of the calls after the warm-up exceeds the first half's by
// more than --growth-mib (default 64).
//
//     kokkostile_soak [--calls N] [--seed S] [--growth-mib M]
//
// The calls: reverse_copy then reverse (must give back the input), transpose_copy twice and the
// in-place transpose twice (identity), the identity stencil under each boundary (out == in), GEMM
// with B the identity (C == A), and int histograms (the counts sum to the sample count).
#include <KokkosTile.hpp>

#if defined(KOKKOS_ENABLE_CUDA)
#include <cuda_runtime.h>
#endif

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <string>
#include <unistd.h>

namespace {

using Space = Kokkos::DefaultExecutionSpace;
using Memory = Space::memory_space;

double resident_mib() {
  std::ifstream statm("/proc/self/statm");
  long pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * static_cast<double>(sysconf(_SC_PAGESIZE)) / (1 << 20);
}

double device_used_mib() {
#if defined(KOKKOS_ENABLE_CUDA)
  std::size_t free_bytes = 0, total_bytes = 0;
  if (cudaMemGetInfo(&free_bytes, &total_bytes) != cudaSuccess)
    return -1.0;
  return static_cast<double>(total_bytes - free_bytes) / (1 << 20);
#else
  return 0.0;
#endif
}

/// Elements where a and b differ by more than tolerance (relative to |a| + 1).
template <class ViewA, class ViewB>
std::int64_t mismatches_2d(const ViewA& a, const ViewB& b, double tolerance) {
  std::int64_t bad = 0;
  Kokkos::parallel_reduce(
      "soak::compare",
      Kokkos::MDRangePolicy<Space, Kokkos::Rank<2>>({0, 0}, {a.extent(0), a.extent(1)}),
      KOKKOS_LAMBDA(const std::int64_t i, const std::int64_t j, std::int64_t& sum) {
        const double x = a(i, j), y = b(i, j);
        if (!(Kokkos::fabs(x - y) <= tolerance * (Kokkos::fabs(x) + 1.0)))
          ++sum;
      },
      bad);
  return bad;
}

template <class View>
void fill_random(const View& v, std::uint64_t seed) {
  Kokkos::parallel_for(
      "soak::fill", Kokkos::RangePolicy<Space>(0, v.span()), KOKKOS_LAMBDA(const std::int64_t k) {
        std::uint64_t z = seed + static_cast<std::uint64_t>(k) * 0x9E3779B97F4A7C15ull;
        z = (z ^ (z >> 31)) * 0xBF58476D1CE4E5B9ull;
        v.data()[k] = static_cast<typename View::value_type>(static_cast<double>(z >> 40) /
                                                             static_cast<double>(1 << 24));
      });
}

struct Soak {
  std::mt19937_64 engine;
  std::int64_t failures = 0;

  std::int64_t extent(std::int64_t lo, std::int64_t hi) {
    return std::uniform_int_distribution<std::int64_t>(lo, hi)(engine);
  }
  void expect(bool ok, const char* what, std::int64_t call, const std::string& sizes) {
    if (!ok) {
      ++failures;
      std::printf("call %lld: %s wrong (%s)\n", static_cast<long long>(call), what, sizes.c_str());
    }
  }

  void reversal(std::int64_t call) {
    const std::int64_t n = extent(1, 1 << 20);
    Kokkos::View<float*, Memory> a("soak::a", n), b("soak::b", n + extent(0, 3));
    fill_random(a, call);
    KokkosTile::reverse_copy(Space(), a, b);
    auto head = Kokkos::subview(b, std::make_pair(std::int64_t(0), n));
    KokkosTile::reverse(Space(), head);
    Kokkos::View<float**, Kokkos::LayoutLeft, Memory> a2(a.data(), n, 1);
    Kokkos::View<float**, Kokkos::LayoutLeft, Memory> b2(b.data(), n, 1);
    expect(mismatches_2d(a2, b2, 0.0) == 0, "reverse_copy + reverse", call, std::to_string(n));
  }

  void transposes(std::int64_t call) {
    const std::int64_t m = extent(1, 1500), n = extent(1, 1500), s = extent(1, 800);
    Kokkos::View<double**, Kokkos::LayoutRight, Memory> a("soak::a", m, n), c("soak::c", m, n);
    Kokkos::View<double**, Kokkos::LayoutLeft, Memory> b("soak::b", n, m);
    fill_random(a, call);
    KokkosTile::transpose_copy(Space(), a, b);
    KokkosTile::transpose_copy(Space(), b, c);
    expect(mismatches_2d(a, c, 0.0) == 0, "transpose_copy twice", call,
           std::to_string(m) + "x" + std::to_string(n));
    Kokkos::View<float**, Kokkos::LayoutRight, Memory> q("soak::q", s, s), r("soak::r", s, s);
    fill_random(q, call + 1);
    Kokkos::deep_copy(Space(), r, q);
    KokkosTile::transpose(Space(), q);
    KokkosTile::transpose(Space(), q);
    expect(mismatches_2d(q, r, 0.0) == 0, "transpose in place twice", call, std::to_string(s));
  }

  void stencil(std::int64_t call) {
    const std::int64_t m = extent(1, 2048), n = extent(1, 2048);
    Kokkos::View<float**, Kokkos::LayoutRight, Memory> in("soak::in", m, n), out("soak::out", m, n);
    fill_random(in, call);
    const auto identity = KokkosTile::Stencil2D<float>::five_point(1.f, 0.f);
    using Boundary = KokkosTile::BoundaryCondition<float>;
    const Boundary boundaries[] = {Boundary::periodic(), Boundary::clamp(),
                                   Boundary::constant(2.f)};
    KokkosTile::apply_stencil(Space(), in, out, identity, boundaries[call % 3]);
    expect(mismatches_2d(in, out, 0.0) == 0, "identity stencil", call,
           std::to_string(m) + "x" + std::to_string(n));
  }

  void gemm(std::int64_t call) {
    const std::int64_t m = extent(1, 512), k = extent(1, 512);
    Kokkos::View<float**, Kokkos::LayoutLeft, Memory> a("soak::a", m, k), c("soak::c", m, k);
    Kokkos::View<float**, Kokkos::LayoutRight, Memory> eye("soak::eye", k, k);
    fill_random(a, call);
    Kokkos::parallel_for(
        "soak::eye", Kokkos::RangePolicy<Space>(0, k),
        KOKKOS_LAMBDA(const std::int64_t i) { eye(i, i) = 1.f; });
    Kokkos::deep_copy(Space(), c, 7.f);  // beta = 0 must not read it
    KokkosTile::gemm(Space(), "N", "N", 1.f, a, eye, 0.f, c);
    expect(mismatches_2d(a, c, 1e-6) == 0, "gemm by the identity", call,
           std::to_string(m) + "x" + std::to_string(k));
  }

  void histogram(std::int64_t call) {
    const std::int64_t n = extent(0, 1 << 20);
    const int nbins = static_cast<int>(extent(1, 1 << 16));
    Kokkos::View<int*, Memory> samples("soak::samples", n);
    Kokkos::View<std::uint32_t*, Memory> counts("soak::counts", nbins);
    Kokkos::parallel_for(
        "soak::samples", Kokkos::RangePolicy<Space>(0, n),
        KOKKOS_LAMBDA(const std::int64_t i) { samples(i) = static_cast<int>((i * 7919) % 65536); });
    KokkosTile::histogram(Space(), samples, counts);
    std::uint64_t total = 0;
    Kokkos::parallel_reduce(
        "soak::total", Kokkos::RangePolicy<Space>(0, nbins),
        KOKKOS_LAMBDA(const std::int64_t b, std::uint64_t& sum) { sum += counts(b); }, total);
    expect(total == static_cast<std::uint64_t>(n), "histogram total", call,
           std::to_string(n) + " samples, " + std::to_string(nbins) + " bins");
  }
};

}  // namespace

int main(int argc, char** argv) {
  std::int64_t calls = 10000, warmup = 100;
  std::uint64_t seed = 2026;
  double growth_mib = 64.0;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--calls"))
      calls = std::atoll(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--seed"))
      seed = std::strtoull(argv[i + 1], nullptr, 10);
    else if (!std::strcmp(argv[i], "--growth-mib"))
      growth_mib = std::atof(argv[i + 1]);
  }
  Kokkos::ScopeGuard guard(argc, argv);
  Soak soak{std::mt19937_64(seed)};
  warmup = std::min(warmup, calls / 2);
  // Peaks of each half after the warm-up: sizes are random, so single samples swing with the
  // allocator; a leak raises the second half's peak above the first's by its rate times calls/2.
  const std::int64_t every = std::max<std::int64_t>(1, calls / 50), middle = (warmup + calls) / 2;
  double peak_rss[2] = {0, 0}, peak_device[2] = {0, 0};
  std::printf("soak: %lld calls on %s, seed %llu\n", static_cast<long long>(calls), Space::name(),
              static_cast<unsigned long long>(seed));
  for (std::int64_t call = 0; call < calls; ++call) {
    try {
      switch (call % 5) {
        case 0:
          soak.reversal(call);
          break;
        case 1:
          soak.transposes(call);
          break;
        case 2:
          soak.stencil(call);
          break;
        case 3:
          soak.gemm(call);
          break;
        default:
          soak.histogram(call);
          break;
      }
    } catch (const std::exception& error) {
      ++soak.failures;
      std::printf("call %lld threw: %s\n", static_cast<long long>(call), error.what());
    }
    if (call + 1 > warmup && ((call + 1) % every == 0 || call + 1 == calls)) {
      Space().fence();
      const double rss = resident_mib(), device = device_used_mib();
      const int part = call + 1 <= middle ? 0 : 1;
      peak_rss[part] = std::max(peak_rss[part], rss);
      peak_device[part] = std::max(peak_device[part], device);
      if ((call + 1) % (every * 5) == 0 || call + 1 == calls)
        std::printf("after %6lld calls: host RSS %8.1f MiB, device used %8.1f MiB, failures %lld\n",
                    static_cast<long long>(call + 1), rss, device,
                    static_cast<long long>(soak.failures));
    }
  }
  const double rss_growth = peak_rss[1] - peak_rss[0],
               device_growth = peak_device[1] - peak_device[0];
  const bool flat = rss_growth <= growth_mib && device_growth <= growth_mib;
  std::printf(
      "soak: %lld failures; peak host RSS %.1f then %.1f MiB, peak device use %.1f then "
      "%.1f MiB over the two halves after the warm-up (growth limit %.0f): %s\n",
      static_cast<long long>(soak.failures), peak_rss[0], peak_rss[1], peak_device[0],
      peak_device[1], growth_mib, soak.failures == 0 && flat ? "passed" : "FAILED");
  return soak.failures == 0 && flat ? 0 : 1;
}
