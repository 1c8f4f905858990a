// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The histogram's instantiations in the compiled library (impl/core/Core_Eti.hpp): run_histogram
// for int samples (clamped integer bins) and float and double samples (even bins over a range),
// contiguous or strided, into contiguous unsigned counts, every enabled execution space, its own
// memory space. KOKKOSTILE_HISTOGRAM_INSTANTIATE(Space, T) is the library's definition, the
// declarations below are every user's.

#include "impl/core/Core_Eti.hpp"
#include "impl/histogram/Histogram_Dispatch.hpp"

#include <type_traits>

namespace KokkosTile {
namespace Impl {
/// The binner of a sample type: integer samples are clamped bins, floating-point ones a range.
template <class T>
using histogram_binner_t = std::conditional_t<std::is_integral_v<T>, ClampedBins<T>, RangeBins<T>>;
}  // namespace Impl
}  // namespace KokkosTile

#define KOKKOSTILE_HISTOGRAM_ETI_LAYOUT_(PREFIX, SPACE, T, LAYOUT)                               \
  PREFIX template void KokkosTile::Impl::run_histogram<                                          \
      SPACE, KokkosTile::Impl::KernelView1D<const T, LAYOUT, SPACE::memory_space>,               \
      KokkosTile::Impl::KernelView1D<unsigned, Kokkos::LayoutRight, SPACE::memory_space>,        \
      KokkosTile::Impl::histogram_binner_t<T>>(                                                  \
      const std::string&, const SPACE&,                                                          \
      const KokkosTile::Impl::KernelView1D<const T, LAYOUT, SPACE::memory_space>&,               \
      const KokkosTile::Impl::KernelView1D<unsigned, Kokkos::LayoutRight, SPACE::memory_space>&, \
      const KokkosTile::Impl::histogram_binner_t<T>&, const KokkosTile::HistogramOptions&,       \
      const KokkosTile::Experimental::HistogramTuning&);
#define KOKKOSTILE_HISTOGRAM_ETI_(PREFIX, SPACE, T)                       \
  KOKKOSTILE_HISTOGRAM_ETI_LAYOUT_(PREFIX, SPACE, T, Kokkos::LayoutRight) \
  KOKKOSTILE_HISTOGRAM_ETI_LAYOUT_(PREFIX, SPACE, T, Kokkos::LayoutStride)
#define KOKKOSTILE_HISTOGRAM_INSTANTIATE(SPACE, T) KOKKOSTILE_HISTOGRAM_ETI_(, SPACE, T)
#define KOKKOSTILE_HISTOGRAM_DECLARE_(SPACE, T) KOKKOSTILE_HISTOGRAM_ETI_(extern, SPACE, T)

#ifdef KOKKOSTILE_ETI
KOKKOSTILE_ETI_FOR_EACH_SPACE(KOKKOSTILE_HISTOGRAM_DECLARE_, int)
KOKKOSTILE_ETI_FOR_EACH_SPACE(KOKKOSTILE_HISTOGRAM_DECLARE_, float)
KOKKOSTILE_ETI_FOR_EACH_SPACE(KOKKOSTILE_HISTOGRAM_DECLARE_, double)
#endif
