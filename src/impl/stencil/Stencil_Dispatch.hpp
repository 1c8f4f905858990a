// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The run-time half of a stencil call, on the stencil's kernel Views (Core_KernelViews.hpp:
// strided, one type per value type and memory space): checked_stencil_call checks the options,
// extents and overlaps and calls stencil_dispatch, which chooses the kernel by variant, execution
// space, radius and options. checked_stencil_call is the one function per execution space and
// value type that the compiled library instantiates (Stencil_Eti.hpp): a user's file compiles
// neither the checks nor the kernels, only the View conversion (compile-time benchmark:
// perf_tests/compile_time.py).

#include <Kokkos_Core.hpp>
#include <Kokkos_Profiling_ScopedRegion.hpp>

#include "KokkosTile_Assert.hpp"
#include "KokkosTile_Stencil2D.hpp"
#include "KokkosTile_StencilOptions.hpp"
#include "impl/core/Core_BackendTraits.hpp"
#include "impl/core/Core_KernelViews.hpp"
#include "impl/core/Core_ViewChecks.hpp"
#include "impl/stencil/Stencil_Host.hpp"
#include "impl/stencil/Stencil_Launch.hpp"
#include "impl/stencil/Stencil_Tile.hpp"
#include "impl/stencil/Stencil_Tuning.hpp"

#include <cstdint>
#include <string>

namespace KokkosTile {
namespace Impl {

/// options with `automatic` resolved (to `tiled`) and the default tile shape filled in; an unknown
/// variant or boundary, or a tile outside [1, 4096]^2, is an InvalidArgument.
template <class T>
StencilOptions checked_stencil_options(const std::string& call, const StencilOptions& options,
                                       const BoundaryCondition<T>& boundary) {
  const int variant = static_cast<int>(options.variant);
  KOKKOSTILE_EXPECT(variant >= static_cast<int>(StencilVariant::automatic) &&
                        variant <= static_cast<int>(StencilVariant::naive),
                    InvalidArgument, call, "variant " << variant << " is not a StencilVariant");
  const int kind = static_cast<int>(boundary.kind);
  KOKKOSTILE_EXPECT(
      kind >= static_cast<int>(Boundary::constant) && kind <= static_cast<int>(Boundary::periodic),
      InvalidArgument, call, "boundary " << kind << " is not a Boundary");
  StencilOptions resolved = options;
  if (resolved.variant == StencilVariant::automatic)
    resolved.variant = StencilVariant::tiled;
  if (resolved.variant == StencilVariant::tiled) {
    const int rows = options.tile_rows == 0 ? stencil_fast_edge : options.tile_rows;
    const int cols = options.tile_cols == 0 ? stencil_fast_edge : options.tile_cols;
    KOKKOSTILE_EXPECT(rows > 0 && cols > 0 && rows <= 4096 && cols <= 4096, InvalidArgument, call,
                      "tile " << rows << " x " << cols << " is outside [1, 4096]^2");
  }
  return resolved;
}

/// The default label of a stencil call: "KokkosTile::apply_stencil<variant>", the variant that
/// runs.
inline std::string stencil_label(const StencilOptions& options) {
  return std::string("KokkosTile::apply_stencil<") +
         to_string(options.variant == StencilVariant::naive ? StencilVariant::naive
                                                            : StencilVariant::tiled) +
         ">";
}

/// out = weights applied to in for a call KokkosTile::apply_stencil validated: out and in are
/// kernel Views of the same non-zero extents that share no element.
template <class ExecSpace, class OutKernel, class InKernel, class T>
void stencil_dispatch(const std::string& call, const ExecSpace& space, const OutKernel& out,
                      const InKernel& in, const Stencil2D<T>& weights,
                      const BoundaryCondition<T>& boundary, const StencilOptions& options) {
  if (options.variant == StencilVariant::naive) {
    const bool out_left = leftmost_index_is_contiguous(out);
    const std::int64_t count = static_cast<std::int64_t>(in.extent(0)) * in.extent(1);
    const std::int64_t fast_extent = out_left ? out.extent(0) : out.extent(1);
    Kokkos::parallel_for(call, Kokkos::RangePolicy<ExecSpace>(space, 0, count),
                         StencilNaive<OutKernel, InKernel, T>{
                             out, in, weights, boundary, weights.is_star(), fast_extent, out_left});
    return;
  }

  // Host backends, default shape: blocks of rows walked by one thread each, contiguous inner loops
  // (Stencil_Host.hpp). An explicit tile shape still asks for the tile kernel.
  if constexpr (is_host_backend<ExecSpace>()) {
    if (options.tile_rows == 0 && options.tile_cols == 0) {
      launch_stencil_host(call, space, out, in, weights, boundary);
      return;
    }
  }

  // 64 x 64 output tiles: the shape with a compiled fast path for radii 1 and 2, and on host
  // backends a few pages that stay in L1/L2.
  const int tile_rows = options.tile_rows == 0 ? stencil_fast_edge : options.tile_rows;
  const int tile_cols = options.tile_cols == 0 ? stencil_fast_edge : options.tile_cols;
  // The strip kernel serves the default shape; an explicit tile shape asks for tiles.
  const bool strips = options.tile_rows == 0 && options.tile_cols == 0;
  switch (weights.radius()) {
    case 1:
      return launch_stencil_tiled<1>(call, space, out, in, weights, boundary, tile_rows, tile_cols,
                                     strips);
    case 2:
      return launch_stencil_tiled<2>(call, space, out, in, weights, boundary, tile_rows, tile_cols,
                                     strips);
    default:
      return launch_stencil_tiled<0>(call, space, out, in, weights, boundary, tile_rows, tile_cols,
                                     strips);
  }
}

/// KokkosTile::apply_stencil after its compile-time checks: the call's Tools region, then the
/// run-time checks (options, extents, out aliasing itself or overlapping in) and the kernel.
template <class ExecSpace, class OutKernel, class InKernel, class T>
void checked_stencil_call(const std::string& call, const ExecSpace& space, const OutKernel& out,
                          const InKernel& in, const Stencil2D<T>& weights,
                          const BoundaryCondition<T>& boundary, const StencilOptions& options) {
  // A region per call, so that Kokkos Tools see the call around its kernels.
  const Kokkos::Profiling::ScopedRegion region(call);
  const StencilOptions resolved = checked_stencil_options(call, options, boundary);
  KOKKOSTILE_EXPECT(out.extent(0) == in.extent(0) && out.extent(1) == in.extent(1), InvalidArgument,
                    call,
                    "in is " << in.extent(0) << " x " << in.extent(1) << " but out is "
                             << out.extent(0) << " x " << out.extent(1));
  expect_distinct_elements(call, out, "out");
  expect_disjoint(call, in, out, "in and out", "a stencil needs a separate output");
  if (in.extent(0) == 0 || in.extent(1) == 0)
    return;
  stencil_dispatch(call, space, out, in, weights, boundary, resolved);
}

}  // namespace Impl
}  // namespace KokkosTile
