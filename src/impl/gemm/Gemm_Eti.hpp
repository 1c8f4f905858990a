// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// GEMM's instantiations in the compiled library (impl/core/Core_Eti.hpp): gemm_dispatch for one
// value type in A, B and C (float, double, Kokkos::complex<float>, Kokkos::complex<double>), every
// enabled execution space, its own memory space. KOKKOSTILE_GEMM_INSTANTIATE(Space, T) is the
// library's definition (in the units cmake/KokkosTileEti.cmake writes), the declarations below are
// every user's.

#include "impl/core/Core_Eti.hpp"
#include "impl/gemm/Gemm_Dispatch.hpp"

#define KOKKOSTILE_GEMM_ETI_(PREFIX, SPACE, T)                                  \
  PREFIX template void KokkosTile::Impl::gemm_dispatch<                         \
      SPACE, KokkosTile::Impl::GemmKernelView<const T, SPACE::memory_space>,    \
      KokkosTile::Impl::GemmKernelView<const T, SPACE::memory_space>,           \
      KokkosTile::Impl::GemmKernelView<T, SPACE::memory_space>>(                \
      const std::string&, const SPACE&, bool, bool, bool, bool, T,              \
      const KokkosTile::Impl::GemmKernelView<const T, SPACE::memory_space>&,    \
      const KokkosTile::Impl::GemmKernelView<const T, SPACE::memory_space>&, T, \
      const KokkosTile::Impl::GemmKernelView<T, SPACE::memory_space>&,          \
      const KokkosTile::GemmOptions&);
#define KOKKOSTILE_GEMM_INSTANTIATE(SPACE, T) KOKKOSTILE_GEMM_ETI_(, SPACE, T)
#define KOKKOSTILE_GEMM_DECLARE_(SPACE, T) KOKKOSTILE_GEMM_ETI_(extern, SPACE, T)

#ifdef KOKKOSTILE_ETI
KOKKOSTILE_ETI_FOR_EACH_SPACE(KOKKOSTILE_GEMM_DECLARE_, float)
KOKKOSTILE_ETI_FOR_EACH_SPACE(KOKKOSTILE_GEMM_DECLARE_, double)
KOKKOSTILE_ETI_FOR_EACH_SPACE(KOKKOSTILE_GEMM_DECLARE_, Kokkos::complex<float>)
KOKKOSTILE_ETI_FOR_EACH_SPACE(KOKKOSTILE_GEMM_DECLARE_, Kokkos::complex<double>)
#endif
