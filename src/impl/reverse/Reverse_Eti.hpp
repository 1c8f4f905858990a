// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The reversal's instantiations in the compiled library (impl/core/Core_Eti.hpp):
// reverse_dispatch<0> (reverse) and reverse_copy_dispatch (one element type) for float and double,
// contiguous and strided kernel Views, every enabled execution space, its own memory space.
// KOKKOSTILE_REVERSE_INSTANTIATE(Space, T) is the library's definition, the declarations below
// are every user's.

#include "impl/core/Core_Eti.hpp"
#include "impl/reverse/Reverse_Dispatch.hpp"

#define KOKKOSTILE_REVERSE_ETI_LAYOUT_(PREFIX, SPACE, T, LAYOUT)                           \
  PREFIX template void KokkosTile::Impl::reverse_dispatch<                                 \
      0, SPACE, KokkosTile::Impl::KernelView1D<T, LAYOUT, SPACE::memory_space>>(           \
      const std::string&, const SPACE&,                                                    \
      const KokkosTile::Impl::KernelView1D<T, LAYOUT, SPACE::memory_space>&, std::size_t); \
  PREFIX template void KokkosTile::Impl::reverse_copy_dispatch<                            \
      SPACE, KokkosTile::Impl::KernelView1D<const T, LAYOUT, SPACE::memory_space>,         \
      KokkosTile::Impl::KernelView1D<T, LAYOUT, SPACE::memory_space>>(                     \
      const std::string&, const SPACE&,                                                    \
      const KokkosTile::Impl::KernelView1D<const T, LAYOUT, SPACE::memory_space>&,         \
      const KokkosTile::Impl::KernelView1D<T, LAYOUT, SPACE::memory_space>&, std::size_t);
#define KOKKOSTILE_REVERSE_ETI_(PREFIX, SPACE, T)                       \
  KOKKOSTILE_REVERSE_ETI_LAYOUT_(PREFIX, SPACE, T, Kokkos::LayoutRight) \
  KOKKOSTILE_REVERSE_ETI_LAYOUT_(PREFIX, SPACE, T, Kokkos::LayoutStride)
#define KOKKOSTILE_REVERSE_INSTANTIATE(SPACE, T) KOKKOSTILE_REVERSE_ETI_(, SPACE, T)
#define KOKKOSTILE_REVERSE_DECLARE_(SPACE, T) KOKKOSTILE_REVERSE_ETI_(extern, SPACE, T)

#ifdef KOKKOSTILE_ETI
KOKKOSTILE_ETI_FOR_EACH_SPACE(KOKKOSTILE_REVERSE_DECLARE_, float)
KOKKOSTILE_ETI_FOR_EACH_SPACE(KOKKOSTILE_REVERSE_DECLARE_, double)
#endif
