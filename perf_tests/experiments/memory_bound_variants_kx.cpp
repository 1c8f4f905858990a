// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Tuning questions of the memory-bound kernels of issue 15 (README.md in this folder), each as a
// ratio to Kokkos::deep_copy of the same bytes in the same run (median of 9 batches of 10 calls):
//   1. the stencil packet kernel (Impl::launch_stencil_packets): output rows per thread and side
//      elements as packets or single elements, for the 5-point star (float, double) and, as a
//      reference, the 9-point star;
//   2. the out-of-place transpose through the public API: tile edge 32 or 64, on View memory (the
//      grid shifted so that full tiles are aligned, partial tiles at two edges) against the same
//      matrix placed on a 256-byte boundary (every tile full and aligned);
//   3. reverse_static<1024> against reverse (the packet kernel), in place.
#include <Kokkos_Core.hpp>
#include <KokkosTile.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace {

using Space = Kokkos::DefaultExecutionSpace;
using Memory = Space::memory_space;

double median_ms(const std::function<void()>& call) {
  call();
  Kokkos::fence();
  std::vector<double> samples;
  for (int batch = 0; batch < 9; ++batch) {
    const auto start = std::chrono::steady_clock::now();
    for (int k = 0; k < 10; ++k)
      call();
    Kokkos::fence();
    const std::chrono::duration<double, std::milli> elapsed =
        std::chrono::steady_clock::now() - start;
    samples.push_back(elapsed.count() / 10);
  }
  std::sort(samples.begin(), samples.end());
  return samples[samples.size() / 2];
}

template <class T>
double copy_ms(std::int64_t count) {
  Kokkos::View<T*, Memory> a("a", count), b("b", count);
  Kokkos::deep_copy(a, T(1));
  return median_ms([&] { Kokkos::deep_copy(b, a); });
}

template <class T>
const char* type_name() {
  return sizeof(T) == 4 ? "float" : "double";
}

#if defined(KOKKOS_ENABLE_CUDA)
template <class T, int R, bool Star, int Rows, bool Side, class Grid>
void stencil_variant(const Grid& out, const Grid& in, const KokkosTile::Stencil2D<T>& weights,
                     double copy) {
  KokkosTile::Impl::StencilFastPath fast;
  fast.usable = true;
  fast.fast_is_cols = true;
  fast.in_slow = static_cast<int>(in.stride(0));
  fast.out_slow = static_cast<int>(out.stride(0));
  fast.packets = true;
  const auto boundary = KokkosTile::BoundaryCondition<T>::clamp();
  const double ms = median_ms([&] {
    KokkosTile::Impl::launch_stencil_packets<R, Star, Grid, Grid, T, Rows, Side>(
        "variant", Kokkos::Cuda(), out, in, weights, boundary, fast);
  });
  std::printf("  %-7s %s R=%d rows/thread %d side %-8s %.4f ms  %.3f of deep_copy%s\n",
              Star ? "star" : "box", type_name<T>(), R, Rows, Side ? "packets" : "elements", ms,
              copy / ms,
              (Rows == KokkosTile::Impl::stencil_rows_per_thread<T, R, Star> &&
               Side == KokkosTile::Impl::stencil_side_packets<T, R>)
                  ? "  (library default)"
                  : "");
}

template <class T>
void stencil_questions(int edge) {
  using Grid = Kokkos::View<T**, Kokkos::LayoutRight, Memory>;
  Grid in("in", edge, edge), out("out", edge, edge);
  Kokkos::deep_copy(in, T(1));
  const double copy = copy_ms<T>(std::int64_t(edge) * edge);
  std::printf("stencil %s %dx%d: deep_copy %.4f ms\n", type_name<T>(), edge, edge, copy);
  const auto five = KokkosTile::Stencil2D<T>::five_point(T(-4), T(1));
  stencil_variant<T, 1, true, 1, false>(out, in, five, copy);
  stencil_variant<T, 1, true, 1, true>(out, in, five, copy);
  stencil_variant<T, 1, true, 2, false>(out, in, five, copy);
  stencil_variant<T, 1, true, 2, true>(out, in, five, copy);
  stencil_variant<T, 1, true, 4, false>(out, in, five, copy);
  stencil_variant<T, 1, true, 4, true>(out, in, five, copy);
  const auto nine = KokkosTile::Stencil2D<T>::nine_point(T(-5), T(4) / 3, T(-1) / 12);
  stencil_variant<T, 2, true, 2, true>(out, in, nine, copy);
  stencil_variant<T, 2, true, 1, true>(out, in, nine, copy);
}
#endif

template <class T>
void transpose_questions(int edge) {
  using Matrix = Kokkos::View<T**, Kokkos::LayoutRight, Memory>;
  using Unmanaged = Kokkos::View<T**, Kokkos::LayoutRight, Memory, Kokkos::MemoryUnmanaged>;
  const std::int64_t count = std::int64_t(edge) * edge;
  Matrix a("a", edge, edge), b("b", edge, edge);
  Kokkos::deep_copy(a, T(1));
  // The same matrices on a 256-byte boundary inside larger buffers.
  const std::int64_t slack = 256 / sizeof(T);
  Kokkos::View<T*, Memory> a_buffer("a_buffer", count + slack), b_buffer("b_buffer", count + slack);
  auto aligned = [&](T* data) {
    const auto address = reinterpret_cast<std::uintptr_t>(data);
    return data + (256 - address % 256) % 256 / sizeof(T);
  };
  Unmanaged a_aligned(aligned(a_buffer.data()), edge, edge);
  Unmanaged b_aligned(aligned(b_buffer.data()), edge, edge);
  const double copy = copy_ms<T>(count);
  std::printf("transpose %s %dx%d: deep_copy %.4f ms; View data at %lu mod 256 bytes\n",
              type_name<T>(), edge, edge, copy,
              static_cast<unsigned long>(reinterpret_cast<std::uintptr_t>(a.data()) % 256));
  for (const int tile : {64, 32}) {
    const KokkosTile::TransposeOptions options{KokkosTile::TransposeVariant::tiled_padded, tile};
    const double on_views = median_ms([&] { KokkosTile::transpose(b, a, options); });
    const double on_aligned =
        median_ms([&] { KokkosTile::transpose(b_aligned, a_aligned, options); });
    std::printf("  tile %d: View memory %.3f of deep_copy, 256-byte aligned %.3f%s\n", tile,
                copy / on_views, copy / on_aligned, tile == 64 ? "  (library default)" : "");
  }
}

template <class T>
void reverse_questions(std::int64_t count) {
  Kokkos::View<T*, Memory> v("v", count);
  Kokkos::deep_copy(v, T(1));
  const double copy = copy_ms<T>(count);
  const double packets = median_ms([&] { KokkosTile::reverse(v); });
  const double staged = median_ms([&] { KokkosTile::reverse_static<1024>(v); });
  const double staged64 = median_ms([&] { KokkosTile::reverse_static<64>(v); });
  std::printf(
      "reverse %s, %ld elements: reverse %.3f, reverse_static<1024> %.3f, "
      "reverse_static<64> %.3f of deep_copy\n",
      type_name<T>(), static_cast<long>(count), copy / packets, copy / staged, copy / staged64);
}

}  // namespace

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  std::printf("execution space %s\n", Space::name());
#if defined(KOKKOS_ENABLE_CUDA)
  for (const int edge : {8192, 16384}) {
    stencil_questions<float>(edge);
    stencil_questions<double>(edge);
  }
#endif
  for (const int edge : {8192, 16384}) {
    transpose_questions<float>(edge);
    transpose_questions<double>(edge);
  }
  for (const std::int64_t count : {std::int64_t(1) << 26, std::int64_t(1) << 28}) {
    reverse_questions<float>(count);
    reverse_questions<double>(count);
  }
  return 0;
}
