// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// KokkosTile::gemm's variants (naive, tiled16 = the seed's 16 x 16 kernel, tuned, and the opt-in
// tf32x3 for float on devices; `kokkostile` is the default options, what a user gets) against
// `plain_kokkos` (the triple loop a Kokkos user writes), cuBLAS on CUDA (plain fp32 with
// CUBLAS_PEDANTIC_MATH, so no TF32; fp64 as cuBLAS runs it), OpenBLAS on host spaces when it is
// found (`blas`, with as many threads as the space has) and KokkosBlas::gemm when Kokkos Kernels is
// found. C = A * B with LayoutLeft (column-major) Views, alpha = 1, beta = 0, inputs signed values
// in [-1, 1). Algorithm "gemm"; counters GFLOP/s (2 M N K per call) and the ratio to the run's
// cuBLAS (or KokkosBlas, or naive) in plot_results.py. The fp32 rows on devices also report
// max_rel_err, their error against an fp64 reference (gemm_error_against_fp64), measured once
// after the timing. Complex rows (complex_float, complex_double; 8 M N K flops per call): on CUDA
// `kokkostile` (the 4M split as one real product), `kokkostile_tiled16` and `kokkostile_tf32x3`
// (complex_float) against cublasCgemm / cublasZgemm at 1024^3 and 2048^3; on host spaces against
// plain_kokkos at 256^3 and 512^3.
#include <KokkosTile_Gemm.hpp>
#ifdef KOKKOSTILE_HAVE_KOKKOSKERNELS
#include <KokkosBlas3_gemm.hpp>
#endif
#ifdef KOKKOS_ENABLE_CUDA
#include <cublas_v2.h>
#endif
#ifdef KOKKOSTILE_HAVE_OPENBLAS
#include <cblas.h>
// OpenBLAS' own extension; declared here too because not every cblas.h has it.
extern "C" void openblas_set_num_threads(int num_threads);
#endif

#include "BenchCublas.hpp"
#include "BenchmarkSpaces.hpp"

#include <chrono>
#include <memory>
#include <thread>
#include <vector>
#ifdef __linux__
#include <sched.h>
#endif

namespace KokkosTileBench {
namespace {

/// C (m x n) = op(A) (m x k) * op(B) (k x n); with "T", A is stored k x m (B: n x k).
struct GemmShape {
  std::int64_t m, n, k;
  bool ta = false, tb = false;
  std::string label() const {
    const std::string ops = ta || tb ? std::string("_") + (ta ? "T" : "N") + (tb ? "T" : "N") : "";
    return std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k) + ops;
  }
};

template <class Space>
std::vector<GemmShape> gemm_shapes(const Config& config) {
  if (config.smoke)
    return {{67, 45, 31}};
  if (is_host_space<Space>())
    return {{256, 256, 256}, {512, 512, 512}, {1024, 1024, 1024}, {509, 257, 1021}};
  std::vector<GemmShape> shapes = {{1024, 1024, 1024},
                                   {2048, 2048, 2048},
                                   {4096, 4096, 4096},
                                   {8192, 8192, 8192},
                                   {16384, 256, 4096},               // tall and skinny
                                   {4099, 4097, 1031},               // odd
                                   {1024, 1024, 8192},               // deep: split along k
                                   {4096, 4096, 4096, true, false},  // op(A) along k ...
                                   {4096, 4096, 4096, false, true},  // ... op(B) along n
                                   {4096, 4096, 4096, true, true}};  // ... both
  if (config.sweep) {  // where the grid no longer fills the machine; the error over K
    shapes.insert(shapes.begin(), {{256, 256, 256}, {512, 512, 512}});
    for (const std::int64_t k : {64, 512})
      shapes.push_back({1024, 1024, k});
  }
  return shapes;
}

#ifdef KOKKOS_ENABLE_CUDA
/// C = op(A) * op(B) in cuBLAS, column-major, on the instance's stream.
template <class T>
void cublas_gemm(cublasHandle_t handle, const T* a, const T* b, T* c, const GemmShape& s) {
  const auto op_a = s.ta ? CUBLAS_OP_T : CUBLAS_OP_N, op_b = s.tb ? CUBLAS_OP_T : CUBLAS_OP_N;
  const int lda = int(s.ta ? s.k : s.m), ldb = int(s.tb ? s.n : s.k);
  if constexpr (std::is_same_v<T, float>) {
    const T one = 1, zero = 0;
    cublasSgemm(handle, op_a, op_b, int(s.m), int(s.n), int(s.k), &one, a, lda, b, ldb, &zero, c,
                int(s.m));
  } else if constexpr (std::is_same_v<T, double>) {
    const T one = 1, zero = 0;
    cublasDgemm(handle, op_a, op_b, int(s.m), int(s.n), int(s.k), &one, a, lda, b, ldb, &zero, c,
                int(s.m));
  } else if constexpr (std::is_same_v<T, Kokkos::complex<float>>) {
    // Kokkos::complex<float> has cuComplex's layout (two floats, 8-byte aligned).
    const cuComplex one = make_cuComplex(1, 0), zero = make_cuComplex(0, 0);
    cublasCgemm(handle, op_a, op_b, int(s.m), int(s.n), int(s.k), &one,
                reinterpret_cast<const cuComplex*>(a), lda, reinterpret_cast<const cuComplex*>(b),
                ldb, &zero, reinterpret_cast<cuComplex*>(c), int(s.m));
  } else {
    static_assert(std::is_same_v<T, Kokkos::complex<double>>, "cublas_gemm: no such scalar");
    const cuDoubleComplex one = make_cuDoubleComplex(1, 0), zero = make_cuDoubleComplex(0, 0);
    cublasZgemm(handle, op_a, op_b, int(s.m), int(s.n), int(s.k), &one,
                reinterpret_cast<const cuDoubleComplex*>(a), lda,
                reinterpret_cast<const cuDoubleComplex*>(b), ldb, &zero,
                reinterpret_cast<cuDoubleComplex*>(c), int(s.m));
  }
}
#endif

#ifdef KOKKOSTILE_HAVE_OPENBLAS
/// Sets OpenBLAS to `threads` threads, its workers free to run on every core. With
/// OMP_PROC_BIND, libgomp binds the main thread to one core before main(); workers that OpenBLAS
/// creates from it later inherit that one core, and all of OpenBLAS' threads would share it (at
/// n = 512 on 2 cores, 8 instead of ~300 GFLOP/s). So the main thread's binding is lifted while
/// OpenBLAS starts its workers (a first call does), then restored.
void openblas_use_threads(int threads) {
#ifdef __linux__
  cpu_set_t bound;
  if (sched_getaffinity(0, sizeof(bound), &bound) == 0) {
    cpu_set_t every;
    CPU_ZERO(&every);
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
      CPU_SET(cpu, &every);
    sched_setaffinity(0, sizeof(every), &every);
    openblas_set_num_threads(threads);
    const int n = 256;  // large enough for OpenBLAS to use its threads
    std::vector<double> a(n * n, 1.0), c(n * n);
    cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0, a.data(), n, a.data(), n,
                0.0, c.data(), n);
    sched_setaffinity(0, sizeof(bound), &bound);
    return;
  }
#endif
  openblas_set_num_threads(threads);
}

/// C = op(A) * op(B) in OpenBLAS, column-major.
template <class T>
void cblas_gemm(const T* a, const T* b, T* c, const GemmShape& s) {
  const auto op_a = s.ta ? CblasTrans : CblasNoTrans, op_b = s.tb ? CblasTrans : CblasNoTrans;
  const int lda = int(s.ta ? s.k : s.m), ldb = int(s.tb ? s.n : s.k);
  if constexpr (std::is_same_v<T, float>) {
    cblas_sgemm(CblasColMajor, op_a, op_b, int(s.m), int(s.n), int(s.k), 1.f, a, lda, b, ldb, 0.f,
                c, int(s.m));
  } else {
    cblas_dgemm(CblasColMajor, op_a, op_b, int(s.m), int(s.n), int(s.k), 1.0, a, lda, b, ldb, 0.0,
                c, int(s.m));
  }
}
#endif

/// The GEMM a competent Kokkos user writes without a library: on host spaces a RangePolicy over
/// the columns of (column-major) C, each thread running C(:, j) += A(:, p) B(p, j) over p with the
/// contiguous i innermost; on devices one thread per element of C, i (contiguous) fastest.
template <class Space, class ViewType>
void plain_kokkos_gemm(const Space& space, bool ta, bool tb, const ViewType& a, const ViewType& b,
                       const ViewType& c) {
  using T = typename ViewType::non_const_value_type;
  const std::int64_t m = c.extent(0), n = c.extent(1), k = ta ? a.extent(0) : a.extent(1);
  if constexpr (is_host_space<Space>()) {
    Kokkos::parallel_for(
        "plain_kokkos::gemm", Kokkos::RangePolicy<Space>(space, 0, n),
        KOKKOS_LAMBDA(std::int64_t j) {
          for (std::int64_t i = 0; i < m; ++i)
            c(i, j) = 0;
          for (std::int64_t p = 0; p < k; ++p) {
            const T bpj = tb ? b(j, p) : b(p, j);
            for (std::int64_t i = 0; i < m; ++i)
              c(i, j) += (ta ? a(p, i) : a(i, p)) * bpj;
          }
        });
  } else {
    Kokkos::parallel_for(
        "plain_kokkos::gemm",
        Kokkos::MDRangePolicy<Space, Kokkos::Rank<2, Kokkos::Iterate::Left>>(space, {0, 0}, {m, n}),
        KOKKOS_LAMBDA(std::int64_t i, std::int64_t j) {
          T sum = 0;
          for (std::int64_t p = 0; p < k; ++p)
            sum += (ta ? a(p, i) : a(i, p)) * (tb ? b(j, p) : b(p, j));
          c(i, j) = sum;
        });
  }
}

/// Fills a 1-D View with reproducible values in [-1, 1): signed, so that sums cancel and the
/// error rows below say something.
template <class Space, class ViewType>
void fill_signed(const Space& space, const ViewType& view, std::uint32_t seed) {
  using T = typename ViewType::non_const_value_type;
  Kokkos::parallel_for(
      "KokkosTileBench::fill_signed", Kokkos::RangePolicy<Space>(space, 0, view.extent(0)),
      KOKKOS_LAMBDA(std::int64_t i) {
        std::uint32_t h = static_cast<std::uint32_t>(i) * 2654435761u + seed * 40503u;
        h ^= h >> 15;
        h *= 2246822519u;
        h ^= h >> 13;
        view(i) = static_cast<T>(double(h >> 8) / double(1u << 23) - 1.0);
      });
}

/// The largest error of C = op(A) op(B) in units of its own scale: max over (i, j) of
/// |C(i, j) - R(i, j)| / sum_p |op(A)(i, p)| |op(B)(p, j)|, with R and the scale computed in
/// double (KokkosTile's fp64 GEMM) from the same inputs. Measured after the timing, for the fp32
/// rows on devices: tf32x3 against SGEMM.
template <class Space>
using Double2D = Kokkos::View<double**, Kokkos::LayoutLeft, typename Space::memory_space>;

/// x in double, and its absolute values.
template <class Space, class ViewType>
void widen(const Space& space, const ViewType& x, Double2D<Space>& value,
           Double2D<Space>& magnitude) {
  value = Double2D<Space>("value", x.extent(0), x.extent(1));
  magnitude = Double2D<Space>("magnitude", x.extent(0), x.extent(1));
  Kokkos::View<typename ViewType::const_value_type*, typename Space::memory_space> flat(x.data(),
                                                                                        x.span());
  Kokkos::View<double*, typename Space::memory_space> v(value.data(), value.span()),
      m(magnitude.data(), magnitude.span());
  Kokkos::parallel_for(
      "KokkosTileBench::widen", Kokkos::RangePolicy<Space>(space, 0, flat.extent(0)),
      KOKKOS_LAMBDA(std::int64_t i) {
        v(i) = flat(i);
        m(i) = Kokkos::abs(double(flat(i)));
      });
}

/// The largest error of C = op(A) op(B) in units of its own scale: max over (i, j) of
/// |C(i, j) - R(i, j)| / sum_p |op(A)(i, p)| |op(B)(p, j)|, with R and the scale computed in
/// double (KokkosTile's fp64 GEMM) from the same inputs. Measured after the timing, for the fp32
/// rows on devices: tf32x3 against SGEMM.
template <class Space, class ViewType>
double gemm_error_against_fp64(const Space& space, bool ta, bool tb, const ViewType& a,
                               const ViewType& b, const ViewType& c) {
  Double2D<Space> ad, am, bd, bm;
  widen(space, a, ad, am);
  widen(space, b, bd, bm);
  Double2D<Space> reference("reference", c.extent(0), c.extent(1)),
      scale("scale", c.extent(0), c.extent(1));
  KokkosTile::gemm(space, ta ? "T" : "N", tb ? "T" : "N", 1.0, ad, bd, 0.0, reference);
  KokkosTile::gemm(space, ta ? "T" : "N", tb ? "T" : "N", 1.0, am, bm, 0.0, scale);
  double worst = 0;
  const std::int64_t rows = c.extent(0);
  Kokkos::parallel_reduce(
      "KokkosTileBench::gemm_error",
      Kokkos::RangePolicy<Space>(space, 0, std::int64_t(c.extent(0)) * c.extent(1)),
      KOKKOS_LAMBDA(std::int64_t e, double& local) {
        const std::int64_t i = e % rows, j = e / rows;
        const double s = scale(i, j) > 0 ? scale(i, j) : 1.0;
        const double err = Kokkos::abs(double(c(i, j)) - reference(i, j)) / s;
        local = err > local ? err : local;
      },
      Kokkos::Max<double>(worst));
  return worst;
}

template <class Space, class T>
void register_gemm_for(const Config& config) {
  using view_type = Kokkos::View<T**, Kokkos::LayoutLeft, typename Space::memory_space>;
  for (const GemmShape shape : gemm_shapes<Space>(config)) {
    const double flops = 2.0 * double(shape.m) * double(shape.n) * double(shape.k);
    const char* op_a = shape.ta ? "T" : "N";
    const char* op_b = shape.tb ? "T" : "N";
    const bool transposed = shape.ta || shape.tb;  // tuned, tf32x3 and the baselines only
    // settle: idle a moment after timing, untimed, for libraries whose worker threads spin after
    // a call (OpenBLAS' for up to 2^28 cycles) and would take cores from the next benchmark.
    auto add = [&](const std::string& variant, auto run_on, bool settle = false) {
      register_benchmark(
          benchmark_name<Space, T>("gemm", variant, shape.label()), config,
          [=](benchmark::State& state) {
            const Space space;
            view_type a("a", shape.ta ? shape.k : shape.m, shape.ta ? shape.m : shape.k),
                b("b", shape.tb ? shape.n : shape.k, shape.tb ? shape.k : shape.n),
                c("c", shape.m, shape.n);
            Kokkos::View<T*, typename Space::memory_space> fa(a.data(), a.span()),
                fb(b.data(), b.span());
            fill_signed(space, fa, 1);
            fill_signed(space, fb, 2);
            time_fenced_calls(state, space, run_on(space, a, b, c));
            if constexpr (!is_host_space<Space>() && std::is_same_v<T, float>) {
              if (!config.smoke)  // max_rel_err: see gemm_error_against_fp64
                state.counters["max_rel_err"] =
                    gemm_error_against_fp64(space, shape.ta, shape.tb, a, b, c);
            }
            state.counters["GFLOP/s"] =
                benchmark::Counter(flops / 1e9, benchmark::Counter::kIsIterationInvariantRate);
            if (settle && !config.smoke)
              std::this_thread::sleep_for(std::chrono::milliseconds(200));
          });
    };
    add("kokkostile",
        [=](const Space& space, const view_type& a, const view_type& b, const view_type& c) {
          return [=] { KokkosTile::gemm(space, op_a, op_b, T(1), a, b, T(0), c); };
        });
    // The triple loop takes seconds a call on a GPU at 8192^3: measured up to 4096^3 by default.
    if (is_host_space<Space>() || config.variants || shape.m * shape.n * shape.k <= (1LL << 36)) {
      add("plain_kokkos",
          [=](const Space& space, const view_type& a, const view_type& b, const view_type& c) {
            return [=] { plain_kokkos_gemm(space, shape.ta, shape.tb, a, b, c); };
          });
    }
#ifdef KOKKOSTILE_HAVE_OPENBLAS
    if constexpr (is_host_space<Space>()) {
      add(
          "blas",
          [shape](const Space& space, const view_type& a, const view_type& b, const view_type& c) {
            openblas_use_threads(space.concurrency());  // the threads Kokkos has
            return [=] { cblas_gemm<T>(a.data(), b.data(), c.data(), shape); };
          },
          true);
    }
#endif
    for (const auto variant : {KokkosTile::GemmVariant::naive, KokkosTile::GemmVariant::tiled16,
                               KokkosTile::GemmVariant::tuned, KokkosTile::GemmVariant::tf32x3}) {
      if (!config.variants && !config.smoke)
        break;  // the explicit variants and tiles are for tuning work (--kokkostile_variants)
      if (variant == KokkosTile::GemmVariant::tf32x3 &&
          (is_host_space<Space>() || !std::is_same_v<T, float>))
        continue;  // the same as tuned there
      if (variant == KokkosTile::GemmVariant::naive && shape.m * shape.n * shape.k > (1LL << 36))
        continue;  // minutes per call at 8192^3
      if (is_host_space<Space>() && variant != KokkosTile::GemmVariant::tuned &&
          shape.m * shape.n * shape.k > (1LL << 28))
        continue;  // seconds per call on host at 1024^3
      if (transposed && variant != KokkosTile::GemmVariant::tuned &&
          variant != KokkosTile::GemmVariant::tf32x3)
        continue;
      add(std::string("kokkostile_") + KokkosTile::to_string(variant),
          [=](const Space& space, const view_type& a, const view_type& b, const view_type& c) {
            KokkosTile::GemmOptions options;
            options.variant = variant;
            return [=] { KokkosTile::gemm(space, op_a, op_b, T(1), a, b, T(0), c, options); };
          });
    }
    if (!is_host_space<Space>() && (config.variants || config.smoke)) {  // every compiled tile
      for (const auto tile :
           {KokkosTile::GemmTile::t128x128x8_8x8, KokkosTile::GemmTile::t128x128x16_8x8,
            KokkosTile::GemmTile::t128x128x16_8x16, KokkosTile::GemmTile::t128x64x8_8x4,
            KokkosTile::GemmTile::t128x64x8_8x8, KokkosTile::GemmTile::t64x64x16_4x4,
            KokkosTile::GemmTile::t256x128x8_16x8}) {
        if (sizeof(T) >= 8 && (tile == KokkosTile::GemmTile::t128x128x16_8x16 ||
                               tile == KokkosTile::GemmTile::t256x128x8_16x8))
          continue;  // rejected for double (spills)
        const char* name =
            tile == KokkosTile::GemmTile::t128x128x8_8x8     ? "kokkostile_tuned_128x128x8"
            : tile == KokkosTile::GemmTile::t128x128x16_8x8  ? "kokkostile_tuned_128x128x16"
            : tile == KokkosTile::GemmTile::t128x128x16_8x16 ? "kokkostile_tuned_128x128x16_8x16"
            : tile == KokkosTile::GemmTile::t128x64x8_8x4    ? "kokkostile_tuned_128x64x8"
            : tile == KokkosTile::GemmTile::t128x64x8_8x8    ? "kokkostile_tuned_128x64x8_8x8"
            : tile == KokkosTile::GemmTile::t256x128x8_16x8  ? "kokkostile_tuned_256x128x8"
                                                             : "kokkostile_tuned_64x64x16";
        add(name, [tile, op_a, op_b](const Space& space, const view_type& a, const view_type& b,
                                     const view_type& c) {
          KokkosTile::GemmOptions options;
          options.tile = tile;
          return [=] { KokkosTile::gemm(space, op_a, op_b, T(1), a, b, T(0), c, options); };
        });
      }
    }
    if (!is_host_space<Space>() && config.variants && shape.m * shape.n <= (1LL << 20)) {
      // Split along k into a forced number of slices (1: none), where automatic may split.
      for (const int slices : {1, 2, 3, 4})
        add("kokkostile_split_k" + std::to_string(slices),
            [=](const Space& space, const view_type& a, const view_type& b, const view_type& c) {
              return [=] {
                KokkosTile::Impl::gemm_split_k_slices_override() = slices;
                KokkosTile::gemm(space, op_a, op_b, T(1), a, b, T(0), c);
                KokkosTile::Impl::gemm_split_k_slices_override() = 0;
              };
            });
    }
#ifdef KOKKOSTILE_HAVE_KOKKOSKERNELS
    add("kokkosblas",
        [=](const Space& space, const view_type& a, const view_type& b, const view_type& c) {
          return [=] { KokkosBlas::gemm(space, op_a, op_b, T(1), a, b, T(0), c); };
        });
#endif
#ifdef KOKKOS_ENABLE_CUDA
    if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
      add("cublas_pedantic",
          [shape](const Space& space, const view_type& a, const view_type& b, const view_type& c) {
            // One handle per benchmark, released with the last copy of the closure.
            const auto handle = pedantic_cublas_handle(space);
            return [=] { cublas_gemm<T>(handle.get(), a.data(), b.data(), c.data(), shape); };
          });
    }
#endif
  }
}

/// Complex C = A * B (alpha = 1, beta = 0, LayoutLeft): `kokkostile` (default options: four real
/// products, impl/gemm/Gemm_SplitComplex.hpp), `kokkostile_tiled16` (the generic 16 x 16 tile
/// kernel) and on CUDA `kokkostile_tf32x3` for complex<float>, against cuBLAS on CUDA and
/// plain_kokkos on host spaces. 8 M N K flops per call.
template <class Space, class T>
void register_gemm_complex_for(const Config& config) {
  using view_type = Kokkos::View<T**, Kokkos::LayoutLeft, typename Space::memory_space>;
  using real_type = typename T::value_type;
  // Built in one expression: assigning an initializer list to the vector trips GCC 12's
  // -Wnonnull (a false positive in std::copy) under -Werror.
  const std::vector<GemmShape> shapes =
      config.smoke             ? std::vector<GemmShape>{{67, 45, 31}}
      : is_host_space<Space>() ? std::vector<GemmShape>{{256, 256, 256}, {512, 512, 512}}
                               : std::vector<GemmShape>{{1024, 1024, 1024}, {2048, 2048, 2048}};
  for (const GemmShape shape : shapes) {
    const double flops = 8.0 * double(shape.m) * double(shape.n) * double(shape.k);
    auto add = [&](const std::string& variant, auto run_on) {
      register_benchmark(benchmark_name<Space, T>("gemm", variant, shape.label()), config,
                         [=](benchmark::State& state) {
                           const Space space;
                           view_type a("a", shape.m, shape.k), b("b", shape.k, shape.n),
                               c("c", shape.m, shape.n);
                           // Real and imaginary parts alike, through the real type underneath.
                           Kokkos::View<real_type*, typename Space::memory_space> fa(
                               reinterpret_cast<real_type*>(a.data()), 2 * a.span()),
                               fb(reinterpret_cast<real_type*>(b.data()), 2 * b.span());
                           fill_pattern(space, fa);
                           fill_pattern(space, fb);
                           time_fenced_calls(state, space, run_on(space, a, b, c));
                           state.counters["GFLOP/s"] = benchmark::Counter(
                               flops / 1e9, benchmark::Counter::kIsIterationInvariantRate);
                         });
    };
    add("kokkostile",
        [](const Space& space, const view_type& a, const view_type& b, const view_type& c) {
          return [=] { KokkosTile::gemm(space, "N", "N", T(1), a, b, T(0), c); };
        });
    // The generic 16 x 16 scratch-tile kernel, which every complex call took before the split.
    if (config.variants || config.smoke) {
      add("kokkostile_tiled16",
          [](const Space& space, const view_type& a, const view_type& b, const view_type& c) {
            KokkosTile::GemmOptions options;
            options.variant = KokkosTile::GemmVariant::tiled16;
            return [=] { KokkosTile::gemm(space, "N", "N", T(1), a, b, T(0), c, options); };
          });
    }
    if (std::is_same_v<real_type, float> && !is_host_space<Space>() &&
        (config.variants || config.smoke)) {
      add("kokkostile_tf32x3",
          [](const Space& space, const view_type& a, const view_type& b, const view_type& c) {
            KokkosTile::GemmOptions options;
            options.variant = KokkosTile::GemmVariant::tf32x3;
            return [=] { KokkosTile::gemm(space, "N", "N", T(1), a, b, T(0), c, options); };
          });
    }
    if (is_host_space<Space>() || config.smoke) {
      add("plain_kokkos",
          [](const Space& space, const view_type& a, const view_type& b, const view_type& c) {
            return [=] { plain_kokkos_gemm(space, false, false, a, b, c); };
          });
    }
#ifdef KOKKOS_ENABLE_CUDA
    if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
      add("cublas_pedantic",
          [shape](const Space& space, const view_type& a, const view_type& b, const view_type& c) {
            const auto handle = pedantic_cublas_handle(space);
            return [=] { cublas_gemm<T>(handle.get(), a.data(), b.data(), c.data(), shape); };
          });
    }
#endif
  }
}

struct RegisterGemm {
  const Config& config;
  template <class Space>
  void operator()() const {
    register_gemm_for<Space, float>(config);
    register_gemm_for<Space, double>(config);
    register_gemm_complex_for<Space, Kokkos::complex<float>>(config);
    register_gemm_complex_for<Space, Kokkos::complex<double>>(config);
  }
};

}  // namespace

void register_gemm_benchmarks(const Config& config) {
  for_each_enabled_space(RegisterGemm{config});
}

}  // namespace KokkosTileBench
