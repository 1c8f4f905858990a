// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One user translation unit of the compile-time benchmark (compile_time.py): what an application
// file pays in compile time to call KokkosTile. Every unit holds one View, as the smallest Kokkos
// program does; the definitions that CMakeLists.txt gives each unit add the KokkosTile include
// (KOKKOSTILE_CT_INCLUDE) and one call of each named algorithm (KOKKOSTILE_CT_<ALGORITHM>) for
// each named scalar (KOKKOSTILE_CT_FLOAT, KOKKOSTILE_CT_DOUBLE), with default options and Views
// of the default layout on the default execution space: the call a user writes first.
#include <Kokkos_Core.hpp>
#ifdef KOKKOSTILE_CT_INCLUDE
#include <KokkosTile.hpp>
#endif

namespace {

#ifdef KOKKOSTILE_CT_INCLUDE
template <class T>
void call_kokkostile(const Kokkos::DefaultExecutionSpace& space) {
  [[maybe_unused]] const int n = 64;
#ifdef KOKKOSTILE_CT_REVERSE
  {
    Kokkos::View<T*> v("v", n);
    KokkosTile::reverse(space, v);
  }
#endif
#ifdef KOKKOSTILE_CT_TRANSPOSE
  {
    Kokkos::View<T**> a("a", n, n + 1), b("b", n + 1, n);
    KokkosTile::transpose_copy(space, a, b);
  }
#endif
#ifdef KOKKOSTILE_CT_STENCIL
  {
    Kokkos::View<T**> in("in", n, n), out("out", n, n);
    KokkosTile::apply_stencil(space, in, out, KokkosTile::Stencil2D<T>::five_point(T(-4), T(1)),
                              KokkosTile::BoundaryCondition<T>::clamp());
  }
#endif
#ifdef KOKKOSTILE_CT_HISTOGRAM
  {
    Kokkos::View<T*> samples("samples", n);
    Kokkos::View<unsigned*> counts("counts", 16);
    KokkosTile::histogram(space, samples, counts, 0.0, 1.0);
  }
#endif
#ifdef KOKKOSTILE_CT_GEMM
  {
    Kokkos::View<T**> a("a", n, n), b("b", n, n), c("c", n, n);
    KokkosTile::gemm(space, "N", "N", T(1), a, b, T(0), c);
  }
#endif
}
#endif

}  // namespace

void compile_unit() {
  const Kokkos::DefaultExecutionSpace space;
  Kokkos::View<float*> v("v", 16);
  Kokkos::deep_copy(space, v, 1.0f);
#ifdef KOKKOSTILE_CT_FLOAT
  call_kokkostile<float>(space);
#endif
#ifdef KOKKOSTILE_CT_DOUBLE
  call_kokkostile<double>(space);
#endif
}
