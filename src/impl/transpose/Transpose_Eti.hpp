// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The transpose's instantiations in the compiled library (impl/core/Core_Eti.hpp):
// checked_transpose_call and transpose_in_place_dispatch for float and double, every enabled
// execution space, its own memory space. KOKKOSTILE_TRANSPOSE_INSTANTIATE(Space, T) is the
// library's definition, the declarations below are every user's.

#include "impl/core/Core_Eti.hpp"
#include "impl/transpose/Transpose_Dispatch.hpp"

#define KOKKOSTILE_TRANSPOSE_ETI_(PREFIX, SPACE, T)                        \
  PREFIX template void KokkosTile::Impl::checked_transpose_call<           \
      SPACE, KokkosTile::Impl::KernelView2D<T, SPACE::memory_space>,       \
      KokkosTile::Impl::KernelView2D<const T, SPACE::memory_space>>(       \
      const std::string&, const SPACE&,                                    \
      const KokkosTile::Impl::KernelView2D<T, SPACE::memory_space>&,       \
      const KokkosTile::Impl::KernelView2D<const T, SPACE::memory_space>&, \
      const KokkosTile::TransposeOptions&);                                \
  PREFIX template void KokkosTile::Impl::transpose_in_place_dispatch<      \
      SPACE, KokkosTile::Impl::KernelView2D<T, SPACE::memory_space>>(      \
      const std::string&, const SPACE&,                                    \
      const KokkosTile::Impl::KernelView2D<T, SPACE::memory_space>&,       \
      const KokkosTile::TileShape2D&);
#define KOKKOSTILE_TRANSPOSE_INSTANTIATE(SPACE, T) KOKKOSTILE_TRANSPOSE_ETI_(, SPACE, T)
#define KOKKOSTILE_TRANSPOSE_DECLARE_(SPACE, T) KOKKOSTILE_TRANSPOSE_ETI_(extern, SPACE, T)

#ifdef KOKKOSTILE_ETI
KOKKOSTILE_ETI_FOR_EACH_SPACE(KOKKOSTILE_TRANSPOSE_DECLARE_, float)
KOKKOSTILE_ETI_FOR_EACH_SPACE(KOKKOSTILE_TRANSPOSE_DECLARE_, double)
#endif
