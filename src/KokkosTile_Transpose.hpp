// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Matrix transpose through scratch tiles, for any extents, layouts and strides:
//
//   KokkosTile::transpose_copy(space, a, b);  // b(j, i) = a(i, j); b is a.extent(1) x a.extent(0)
//   KokkosTile::transpose(space, a);          // in place, a square
//   KokkosTile::transpose_copy("my_label", space, a, b, {KokkosTile::TransposeVariant::naive});
//
// Element types: anything trivially copyable. Every overload is asynchronous on its execution
// space (the instance given, else a default instance of the output View's). Kernels are labelled
// "KokkosTile::transpose_copy<variant>" and "KokkosTile::transpose<in_place,variant>", or with the
// label given.
//
// Variants: `naive` (one thread per element, coalesced writes, strided reads), `tiled` (through a
// scratch tile, both directions coalesced) and `tiled_padded` (the tile's rows padded by one
// element, so that reading it by columns is free of shared-memory bank conflicts). `automatic`
// picks tiled_padded on devices and tiled on host backends, where padding buys nothing.
//
// On host backends (Serial, OpenMP, Threads) the tiled variants (automatic, tiled, tiled_padded,
// and every in-place call) run host kernels instead of scratch-tile teams
// (impl/transpose/Transpose_Host.hpp): one thread per group of cache-blocked tiles, each tile
// transposed through a small per-thread buffer in register blocks, with the next tile prefetched;
// Views that are contiguous along the same index are copied line by line. There the tile edge of
// TransposeOptions decides nothing (the host kernel sizes its tiles for L1 by element size); it is
// still validated as on devices. `naive` keeps its one-thread-per-element kernel everywhere.
//
// On CUDA, the out-of-place tiled_padded transpose with 64-element tiles (the device default) of
// Views that are contiguous along one index, of one layout and 16-byte aligned runs as KokkosTile's
// own blocks (impl/transpose/Transpose_CudaTiles.hpp) instead of scratch-tile teams, under the same
// kernel label.
//
// This header validates and forwards to impl/transpose/Transpose_Dispatch.hpp, which the compiled
// library (KOKKOSTILE_ENABLE_ETI) holds for float and double.

#include <Kokkos_Core.hpp>
#include <Kokkos_Profiling_ScopedRegion.hpp>

#include "KokkosTile_Assert.hpp"
#include "KokkosTile_TransposeOptions.hpp"
#include "impl/core/Core_KernelViews.hpp"
#include "impl/core/Core_ViewChecks.hpp"
#include "impl/transpose/Transpose_Dispatch.hpp"
#include "impl/transpose/Transpose_Eti.hpp"
#include "impl/transpose/Transpose_Launch.hpp"
#include "impl/transpose/Transpose_Tuning.hpp"

#include <string>
#include <type_traits>

namespace KokkosTile {

/// b(j, i) = a(i, j) on `space` (asynchronous there). b must be a.extent(1) x a.extent(0) and
/// must not overlap a. `label` names the call for Kokkos Tools: its region and its kernels.
template <class ExecSpace, class AView, class BView,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void transpose_copy(const std::string& label, const ExecSpace& space, const AView& a,
                    const BView& b, const TransposeOptions& options = {}) {
  Impl::check_transposable_view<ExecSpace, AView>();
  Impl::check_transposable_view<ExecSpace, BView>();
  static_assert(std::is_same_v<typename BView::value_type, typename BView::non_const_value_type>,
                "KokkosTile::transpose_copy: the output View must not be const");
  // The tile kernels stage a's elements in scratch of b's type and move them in packets of b's
  // type, so mixed types (float into double) stopped deep inside them; say so here instead.
  static_assert(
      std::is_same_v<typename AView::non_const_value_type, typename BView::non_const_value_type>,
      "KokkosTile::transpose_copy: a and b must have the same element type (convert one "
      "with Kokkos::deep_copy first)");
  // The kernels see one View type per element type and memory space, whatever the layouts; the
  // run-time checks take the same Views, in the compiled library with the kernels.
  Impl::checked_transpose_call(label, space, Impl::output_kernel_view_2d(b),
                               Impl::input_kernel_view_2d(a), options);
}

/// As above, labelled "KokkosTile::transpose_copy<variant>" (the variant that runs).
template <class ExecSpace, class AView, class BView,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0,
          std::enable_if_t<Kokkos::is_view<AView>::value, int> = 0>
void transpose_copy(const ExecSpace& space, const AView& a, const BView& b,
                    const TransposeOptions& options = {}) {
  transpose_copy(Impl::transpose_label<ExecSpace>("transpose_copy<", options), space, a, b,
                 options);
}

/// As above, on a default instance of b's execution space: asynchronous there too.
template <class AView, class BView, std::enable_if_t<Kokkos::is_view<AView>::value, int> = 0,
          std::enable_if_t<Kokkos::is_view<BView>::value, int> = 0>
void transpose_copy(const AView& a, const BView& b, const TransposeOptions& options = {}) {
  transpose_copy(typename BView::execution_space{}, a, b, options);
}

/// The output-first order of KokkosTile 0.1: transpose_copy(space, a, b) with the Views the other
/// way round. Deprecated, still as it was (b first).
template <class ExecSpace, class BView, class AView,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0,
          std::enable_if_t<Kokkos::is_view<BView>::value, int> = 0,
          std::enable_if_t<Kokkos::is_view<AView>::value, int> = 0>
[[deprecated(
    "KokkosTile 0.2: transpose(space, b, a) is transpose_copy(space, a, b), input first "
    "as in every KokkosTile call")]] void
transpose(const ExecSpace& space, const BView& b, const AView& a,
          const TransposeOptions& options = {}) {
  transpose_copy(space, a, b, options);
}

template <class BView, class AView, std::enable_if_t<Kokkos::is_view<BView>::value, int> = 0,
          std::enable_if_t<Kokkos::is_view<AView>::value, int> = 0>
[[deprecated(
    "KokkosTile 0.2: transpose(b, a) is transpose_copy(a, b), input first as in every "
    "KokkosTile call")]] void
transpose(const BView& b, const AView& a, const TransposeOptions& options = {}) {
  transpose_copy(typename BView::execution_space{}, a, b, options);
}

/// Transposes the square matrix a in place on `space` (asynchronous there). `label` names the call
/// for Kokkos Tools.
template <class ExecSpace, class AView,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0,
          std::enable_if_t<Kokkos::is_view<AView>::value, int> = 0>
void transpose(const std::string& label, const ExecSpace& space, const AView& a,
               const TransposeOptions& options = {}) {
  Impl::check_transposable_view<ExecSpace, AView>();
  static_assert(std::is_same_v<typename AView::value_type, typename AView::non_const_value_type>,
                "KokkosTile::transpose: an in-place transpose needs a non-const View");
  const std::string& call = label;
  const Kokkos::Profiling::ScopedRegion region(call);
  TransposeVariant variant = Impl::checked_transpose_variant<ExecSpace>(call, options);
  // In place always goes through tiles: a naive in-place swap would race unless half the threads
  // idle; `naive` is served by the unpadded tile.
  if (variant == TransposeVariant::naive)
    variant = TransposeVariant::tiled;
  KOKKOSTILE_EXPECT(a.extent(0) == a.extent(1), InvalidArgument, call,
                    "an in-place transpose needs a square matrix, but a is " << a.extent(0) << " x "
                                                                             << a.extent(1));
  // Two tiles per team on devices (Impl::transpose_in_place_device_edge).
  TransposeOptions in_place_options = options;
  if (in_place_options.tile == 0 && !Impl::is_host_backend<ExecSpace>())
    in_place_options.tile = Impl::transpose_in_place_device_edge<typename AView::value_type>;
  const TileShape2D shape = Impl::transpose_tile_shape<ExecSpace>(call, in_place_options, variant);
  const auto kernel_a = Impl::output_kernel_view_2d(a);
  Impl::expect_distinct_elements(call, kernel_a, "a");
  if (a.extent(0) == 0)
    return;
  Impl::transpose_in_place_dispatch(call, space, kernel_a, shape);
}

/// As above, labelled "KokkosTile::transpose<in_place,variant>" (the variant that runs).
template <class ExecSpace, class AView,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0,
          std::enable_if_t<Kokkos::is_view<AView>::value, int> = 0>
void transpose(const ExecSpace& space, const AView& a, const TransposeOptions& options = {}) {
  transpose(Impl::transpose_label<ExecSpace>("transpose<in_place,", options), space, a, options);
}

/// As above, on a default instance of a's execution space: asynchronous there too.
template <class AView, std::enable_if_t<Kokkos::is_view<AView>::value, int> = 0>
void transpose(const AView& a, const TransposeOptions& options = {}) {
  transpose(typename AView::execution_space{}, a, options);
}

}  // namespace KokkosTile
