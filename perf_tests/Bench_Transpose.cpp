// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// KokkosTile::transpose, every variant, against the copy baselines of the same bytes and what a
// user would pick instead: Kokkos::deep_copy from LayoutLeft to LayoutRight (a transpose in
// memory) and, on CUDA, cuBLAS geam with op(A) = A^T.
//
// Each family has a `kokkostile` row (the entry point with default options: what a user gets) and
// a `plain_kokkos` row (the kernel a competent Kokkos user would write instead): transpose/...
// out of place (an MDRangePolicy b(j, i) = a(i, j) with Kokkos' default iteration) and
// transpose_in_place/... for the square shapes (an MDRangePolicy over the square that swaps each
// element above the diagonal with its mirror).
#include <KokkosTile_Transpose.hpp>

#include "BenchmarkSpaces.hpp"

#ifdef KOKKOS_ENABLE_CUDA
#include <cublas_v2.h>
#endif

namespace KokkosTileBench {
namespace {

struct Shape {
  std::int64_t rows, cols;
  std::string label() const { return std::to_string(rows) + "x" + std::to_string(cols); }
};

template <class Space>
std::vector<Shape> transpose_shapes(const Config& config) {
  if (config.smoke)
    return {{67, 45}};
  if (is_host_space<Space>())
    return {{4096, 4096}, {8192, 2048}};
  if (config.sweep)
    return {{1024, 1024}, {2048, 2048}, {4096, 4096}, {8192, 8192}, {16384, 16384}, {16384, 4096}};
  return {{8192, 8192}, {16384, 4096}};
}

#ifdef KOKKOS_ENABLE_CUDA
/// C = A^T through cublas<t>geam (column-major: a rows x cols LayoutRight matrix is a cols x rows
/// column-major one).
template <class T>
void cublas_transpose(cublasHandle_t handle, const T* a, T* c, std::int64_t rows,
                      std::int64_t cols) {
  const T one = 1, zero = 0;
  // A (LayoutRight rows x cols) = column-major cols x rows, lda = cols. C = A^T in column-major is
  // rows x cols, ldc = rows: exactly the LayoutRight cols x rows matrix b.
  if constexpr (std::is_same_v<T, float>) {
    cublasSgeam(handle, CUBLAS_OP_T, CUBLAS_OP_N, int(rows), int(cols), &one, a, int(cols), &zero,
                c, int(rows), c, int(rows));
  } else {
    cublasDgeam(handle, CUBLAS_OP_T, CUBLAS_OP_N, int(rows), int(cols), &one, a, int(cols), &zero,
                c, int(rows), c, int(rows));
  }
}
#endif

/// b(j, i) = a(i, j), one MDRange index per element of a, Kokkos' default iteration order.
template <class BView, class AView>
struct PlainTranspose {
  BView b;
  AView a;
  KOKKOS_FUNCTION void operator()(std::int64_t i, std::int64_t j) const { b(j, i) = a(i, j); }
};

/// In place: the index pairs above the diagonal swap with their mirrors.
template <class AView>
struct PlainTransposeInPlace {
  AView a;
  KOKKOS_FUNCTION void operator()(std::int64_t i, std::int64_t j) const {
    if (i < j) {
      const auto upper = a(i, j);
      a(i, j) = a(j, i);
      a(j, i) = upper;
    }
  }
};

template <class Space, class T>
void register_transpose_for(const Config& config) {
  using right = Kokkos::View<T**, Kokkos::LayoutRight, typename Space::memory_space>;
  using left = Kokkos::View<T**, Kokkos::LayoutLeft, typename Space::memory_space>;
  using KokkosTile::TransposeVariant;
  for (const Shape shape : transpose_shapes<Space>(config)) {
    const std::int64_t count = shape.rows * shape.cols;
    const double bytes = 2.0 * static_cast<double>(count) * sizeof(T);
    register_copy_baselines<Space, T>("transpose", shape.label(), count, config);

    auto add = [&](const std::string& variant, auto run_on) {
      register_benchmark(benchmark_name<Space, T>("transpose", variant, shape.label()), config,
                         [=](benchmark::State& state) {
                           const Space space;
                           right a("a", shape.rows, shape.cols), b("b", shape.cols, shape.rows);
                           Kokkos::View<T*, typename Space::memory_space> flat(a.data(), count);
                           fill_pattern(space, flat);
                           time_memory_bound(state, space, bytes, [&] { run_on(space, b, a); });
                         });
    };
    add("kokkostile", [](const Space& s, const right& b, const right& a) {
      KokkosTile::transpose_copy(s, a, b);
    });
    add("plain_kokkos", [](const Space& s, const right& b, const right& a) {
      using policy = Kokkos::MDRangePolicy<Space, Kokkos::Rank<2>, Kokkos::IndexType<std::int64_t>>;
      Kokkos::parallel_for(
          "plain_kokkos", policy(s, {0, 0}, {std::int64_t(a.extent(0)), std::int64_t(a.extent(1))}),
          PlainTranspose<right, right>{b, a});
    });
    for (const auto& named : std::vector<std::pair<std::string, TransposeVariant>>{
             {"kokkostile_naive", TransposeVariant::naive},
             {"kokkostile_tiled", TransposeVariant::tiled},
             {"kokkostile_tiled_padded", TransposeVariant::tiled_padded}}) {
      const TransposeVariant variant = named.second;
      add(named.first, [variant](const Space& s, const right& b, const right& a) {
        KokkosTile::transpose_copy(s, a, b, {variant});
      });
    }
    add("kokkostile_tiled_padded64", [](const Space& s, const right& b, const right& a) {
      KokkosTile::transpose_copy(s, a, b, {TransposeVariant::tiled_padded, 64});
    });
    if (shape.rows == shape.cols) {
      add("kokkostile_in_place",
          [](const Space& s, const right&, const right& a) { KokkosTile::transpose(s, a); });

      // In place: its own family, with its own deep_copy baseline of the same bytes.
      register_copy_baselines<Space, T>("transpose_in_place", shape.label(), count, config);
      auto add_in_place = [&](const std::string& variant, auto run_on) {
        register_benchmark(benchmark_name<Space, T>("transpose_in_place", variant, shape.label()),
                           config, [=](benchmark::State& state) {
                             const Space space;
                             right a("a", shape.rows, shape.cols);
                             Kokkos::View<T*, typename Space::memory_space> flat(a.data(), count);
                             fill_pattern(space, flat);
                             time_memory_bound(state, space, bytes, [&] { run_on(space, a); });
                           });
      };
      add_in_place("kokkostile",
                   [](const Space& s, const right& a) { KokkosTile::transpose(s, a); });
      // 32 x 32 tiles (the default for 8-byte elements) for 4-byte ones too: half the scratch a
      // team, twice the teams a multiprocessor.
      add_in_place("kokkostile_tile32", [](const Space& s, const right& a) {
        KokkosTile::transpose(s, a, {KokkosTile::TransposeVariant::automatic, 32});
      });
      add_in_place("plain_kokkos", [](const Space& s, const right& a) {
        using policy =
            Kokkos::MDRangePolicy<Space, Kokkos::Rank<2>, Kokkos::IndexType<std::int64_t>>;
        Kokkos::parallel_for(
            "plain_kokkos",
            policy(s, {0, 0}, {std::int64_t(a.extent(0)), std::int64_t(a.extent(1))}),
            PlainTransposeInPlace<right>{a});
      });
    }
    add("deep_copy_left_to_right", [](const Space& s, const right& b, const right& a) {
      // b seen as a LayoutLeft rows x cols matrix: copying a into it puts every element at its
      // transposed address, which is how Kokkos users transpose today.
      const left b_as_left(b.data(), a.extent(0), a.extent(1));
      Kokkos::deep_copy(s, b_as_left, a);
    });
#ifdef KOKKOS_ENABLE_CUDA
    if constexpr (std::is_same_v<Space, Kokkos::Cuda>) {
      register_benchmark(benchmark_name<Space, T>("transpose", "cublas_geam", shape.label()),
                         config, [=](benchmark::State& state) {
                           const Space space;
                           right a("a", shape.rows, shape.cols), b("b", shape.cols, shape.rows);
                           Kokkos::View<T*, typename Space::memory_space> flat(a.data(), count);
                           fill_pattern(space, flat);
                           cublasHandle_t handle;
                           cublasCreate(&handle);
                           cublasSetStream(handle, space.cuda_stream());
                           time_memory_bound(state, space, bytes, [&] {
                             cublas_transpose(handle, a.data(), b.data(), shape.rows, shape.cols);
                           });
                           cublasDestroy(handle);
                         });
    }
#endif
  }
}

struct RegisterTranspose {
  const Config& config;
  template <class Space>
  void operator()() const {
    register_transpose_for<Space, float>(config);
    register_transpose_for<Space, double>(config);
  }
};

}  // namespace

void register_transpose_benchmarks(const Config& config) {
  for_each_enabled_space(RegisterTranspose{config});
}

}  // namespace KokkosTileBench
