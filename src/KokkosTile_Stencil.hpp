// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// 2-D stencils of run-time radius over a grid, through halo tiles in team scratch:
//
//   const auto laplace = KokkosTile::Stencil2D<float>::five_point(-4.f, 1.f);
//   KokkosTile::apply_stencil(space, in, out, laplace,
//   KokkosTile::BoundaryCondition<float>::clamp());
//
// out(i, j) = sum over taps of w(di, dj) * in(i + di, j + dj), reading outside the grid through
// the boundary condition (constant, clamp or periodic). Any extents and layouts; float, double or
// any arithmetic type. Every overload is asynchronous on its execution space (the instance given,
// else a default instance of out's); kernels are labelled "KokkosTile::apply_stencil<variant>", or
// with the label given.
//
// Variants: `tiled` (`automatic`, the default: tiles and their halos staged in scratch) and
// `naive` (one thread per
// output, taps read from global memory through the caches). With the default tile shape, radii 1
// and 2 and Views whose fast index is unit-stride in the same orientation, `tiled` runs
//  - on CUDA, the packet kernel (impl/stencil/Stencil_Packets.hpp: each thread computes two or
//    four rows of a 16-byte output packet, reading every tap from global memory through L1 and
//    L2; how many rows depends on the stencil, the element size and the device's bandwidth);
//  - elsewhere, for boxes and float stars, the strip kernel
//    (impl/stencil/Stencil_Strips.hpp: each team walks chunks of 64-column strips, the next
//    chunk loading while it computes the current one);
// the rest of the grid, and every other case, runs one tile per team. On host backends (Serial,
// OpenMP, Threads) the default `tiled` runs the host kernel instead (impl/stencil/Stencil_Host.hpp:
// each thread walks down a block of rows, the interior in contiguous vectorised loops, the
// boundary rows and columns resolved apart from them); an explicit tile shape keeps the tiles.
// This header checks what can be checked at compile time and forwards to
// impl/stencil/Stencil_Dispatch.hpp (checked_stencil_call: the run-time checks, then the kernel),
// which the compiled library (KOKKOSTILE_ENABLE_ETI) holds for float and double.

#include <Kokkos_Core.hpp>

#include "KokkosTile_Assert.hpp"
#include "KokkosTile_Stencil2D.hpp"
#include "KokkosTile_StencilOptions.hpp"
#include "impl/core/Core_KernelViews.hpp"
#include "impl/stencil/Stencil_Dispatch.hpp"
#include "impl/stencil/Stencil_Eti.hpp"

#include <string>
#include <type_traits>

namespace KokkosTile {

/// out = weights applied to in on `space` (asynchronous there). in and out have the same extents
/// and share no element. `label` names the call for Kokkos Tools: its region and its kernels.
template <class ExecSpace, class InView, class OutView, class T,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void apply_stencil(const std::string& label, const ExecSpace& space, const InView& in,
                   const OutView& out, const Stencil2D<T>& weights,
                   const BoundaryCondition<T>& boundary, const StencilOptions& options = {}) {
  static_assert(Kokkos::is_view<OutView>::value && Kokkos::is_view<InView>::value,
                "KokkosTile::apply_stencil needs Kokkos::Views");
  static_assert(OutView::rank() == 2 && InView::rank() == 2,
                "KokkosTile::apply_stencil needs rank-2 Views");
  static_assert(std::is_same_v<typename OutView::non_const_value_type, T> &&
                    std::is_same_v<typename InView::non_const_value_type, T>,
                "KokkosTile::apply_stencil: the Views' element type must be the weights' type");
  static_assert(std::is_same_v<typename OutView::value_type, T>,
                "KokkosTile::apply_stencil: the output View must not be const");
  static_assert(
      Kokkos::SpaceAccessibility<ExecSpace, typename OutView::memory_space>::accessible &&
          Kokkos::SpaceAccessibility<ExecSpace, typename InView::memory_space>::accessible,
      "KokkosTile::apply_stencil: the execution space cannot access the Views' memory");
  // The kernels see one View type per value type and memory space, whatever the layouts; the
  // run-time checks take the same Views, in the compiled library with the kernels.
  Impl::checked_stencil_call(label, space, Impl::output_kernel_view_2d(out),
                             Impl::input_kernel_view_2d(in), weights, boundary, options);
}

/// As above, labelled "KokkosTile::apply_stencil<variant>" (the variant that runs).
template <class ExecSpace, class InView, class OutView, class T,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void apply_stencil(const ExecSpace& space, const InView& in, const OutView& out,
                   const Stencil2D<T>& weights, const BoundaryCondition<T>& boundary,
                   const StencilOptions& options = {}) {
  apply_stencil(Impl::stencil_label(options), space, in, out, weights, boundary, options);
}

/// As above, on a default instance of out's execution space: asynchronous there too.
template <class InView, class OutView, class T,
          std::enable_if_t<Kokkos::is_view<InView>::value, int> = 0>
void apply_stencil(const InView& in, const OutView& out, const Stencil2D<T>& weights,
                   const BoundaryCondition<T>& boundary, const StencilOptions& options = {}) {
  apply_stencil(typename OutView::execution_space{}, in, out, weights, boundary, options);
}

/// The output-first order of KokkosTile 0.1: apply_stencil(space, in, out, ...) with the Views
/// the other way round. Deprecated, still as it was (out first).
template <class ExecSpace, class OutView, class InView, class T,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
[[deprecated(
    "KokkosTile 0.2: stencil(space, out, in, ...) is apply_stencil(space, in, out, ...), "
    "input first as in every KokkosTile call")]] void
stencil(const ExecSpace& space, const OutView& out, const InView& in, const Stencil2D<T>& weights,
        const BoundaryCondition<T>& boundary, const StencilOptions& options = {}) {
  apply_stencil(space, in, out, weights, boundary, options);
}

template <class OutView, class InView, class T,
          std::enable_if_t<Kokkos::is_view<OutView>::value, int> = 0>
[[deprecated(
    "KokkosTile 0.2: stencil(out, in, ...) is apply_stencil(in, out, ...), input first "
    "as in every KokkosTile call")]] void
stencil(const OutView& out, const InView& in, const Stencil2D<T>& weights,
        const BoundaryCondition<T>& boundary, const StencilOptions& options = {}) {
  apply_stencil(typename OutView::execution_space{}, in, out, weights, boundary, options);
}

}  // namespace KokkosTile
