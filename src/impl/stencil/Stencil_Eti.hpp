// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The stencil's instantiations in the compiled library (impl/core/Core_Eti.hpp):
// checked_stencil_call for float and double, every enabled execution space, its own memory space.
// KOKKOSTILE_STENCIL_INSTANTIATE(Space, T) is the library's definition, the declarations below
// are every user's.

#include "impl/core/Core_Eti.hpp"
#include "impl/stencil/Stencil_Dispatch.hpp"

#define KOKKOSTILE_STENCIL_ETI_(PREFIX, SPACE, T)                               \
  PREFIX template void KokkosTile::Impl::checked_stencil_call<                  \
      SPACE, KokkosTile::Impl::KernelView2D<T, SPACE::memory_space>,            \
      KokkosTile::Impl::KernelView2D<const T, SPACE::memory_space>, T>(         \
      const std::string&, const SPACE&,                                         \
      const KokkosTile::Impl::KernelView2D<T, SPACE::memory_space>&,            \
      const KokkosTile::Impl::KernelView2D<const T, SPACE::memory_space>&,      \
      const KokkosTile::Stencil2D<T>&, const KokkosTile::BoundaryCondition<T>&, \
      const KokkosTile::StencilOptions&);
#define KOKKOSTILE_STENCIL_INSTANTIATE(SPACE, T) KOKKOSTILE_STENCIL_ETI_(, SPACE, T)
#define KOKKOSTILE_STENCIL_DECLARE_(SPACE, T) KOKKOSTILE_STENCIL_ETI_(extern, SPACE, T)

#ifdef KOKKOSTILE_ETI
KOKKOSTILE_ETI_FOR_EACH_SPACE(KOKKOSTILE_STENCIL_DECLARE_, float)
KOKKOSTILE_ETI_FOR_EACH_SPACE(KOKKOSTILE_STENCIL_DECLARE_, double)
#endif
