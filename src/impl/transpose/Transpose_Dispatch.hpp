// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Which kernel a validated transpose call runs: transpose_dispatch (out of place) and
// transpose_in_place_dispatch take the call on the transpose's kernel Views (Core_KernelViews.hpp:
// strided, one type per element type and memory space) and choose by variant, execution space and
// tile edge. checked_transpose_call is the run-time half of transpose_copy (its checks, then
// transpose_dispatch). checked_transpose_call and transpose_in_place_dispatch are the functions
// per execution space and element type that the compiled library instantiates
// (Transpose_Eti.hpp), so that a user's transpose_copy compiles neither the checks nor the kernels.

#include <Kokkos_Core.hpp>
#include <Kokkos_Profiling_ScopedRegion.hpp>

#include "KokkosTile_Assert.hpp"
#include "KokkosTile_TransposeOptions.hpp"
#include "impl/core/Core_BackendTraits.hpp"
#include "impl/core/Core_ViewChecks.hpp"
#include "impl/transpose/Transpose_Host.hpp"
#include "impl/transpose/Transpose_Launch.hpp"
#include "impl/transpose/Transpose_Team.hpp"

#include <cstdint>
#include <string>

namespace KokkosTile {
namespace Impl {

/// b(j, i) = a(i, j) for a call KokkosTile::transpose validated: b is a.extent(1) x a.extent(0),
/// neither is empty, they share no element; `variant` is resolved (not automatic) and `shape` is
/// the tile transpose_tile_shape gave.
template <class ExecSpace, class BKernel, class AKernel>
void transpose_dispatch(const std::string& call, const ExecSpace& space, const BKernel& b,
                        const AKernel& a, TransposeVariant variant, const TileShape2D& shape) {
  if (variant == TransposeVariant::naive) {
    const bool b_left = leftmost_index_is_contiguous(b);
    const std::int64_t count = static_cast<std::int64_t>(a.extent(0)) * a.extent(1);
    const std::int64_t fast_extent = b_left ? b.extent(0) : b.extent(1);
    Kokkos::parallel_for(call, Kokkos::RangePolicy<ExecSpace>(space, 0, count),
                         TransposeNaive<BKernel, AKernel>{b, a, fast_extent, b_left});
    return;
  }
  if constexpr (is_host_backend<ExecSpace>()) {
    host_transpose::transpose(call, space, b, a);
  } else {
    switch (shape.rows) {  // tile edges with a compiled fast path for full tiles
      case 32:
        return launch_transpose_tiled<32>(call, space, b, a, shape);
      case 64:
        return launch_transpose_tiled<64>(call, space, b, a, shape);
      default:
        return launch_transpose_tiled<0>(call, space, b, a, shape);
    }
  }
}

/// a = a^T in place for a call KokkosTile::transpose validated: a is square and not empty; `shape`
/// is the tile transpose_tile_shape gave for the in-place call.
template <class ExecSpace, class AKernel>
void transpose_in_place_dispatch(const std::string& call, const ExecSpace& space, const AKernel& a,
                                 const TileShape2D& shape) {
  if constexpr (is_host_backend<ExecSpace>()) {
    host_transpose::transpose_in_place(call, space, a);
  } else {
    switch (shape.rows) {  // tile edges with a compiled fast path for full tiles
      case 32:
        return launch_transpose_in_place<32>(call, space, a, shape);
      case 64:
        return launch_transpose_in_place<64>(call, space, a, shape);
      default:
        return launch_transpose_in_place<0>(call, space, a, shape);
    }
  }
}

/// KokkosTile::transpose_copy after its compile-time checks: the call's Tools region, then the
/// run-time checks (variant and tile options, extents, b aliasing itself or overlapping a) and the
/// kernel.
template <class ExecSpace, class BKernel, class AKernel>
void checked_transpose_call(const std::string& call, const ExecSpace& space, const BKernel& b,
                            const AKernel& a, const TransposeOptions& options) {
  // A region per call, so that Kokkos Tools see the call around its kernels.
  const Kokkos::Profiling::ScopedRegion region(call);
  const TransposeVariant variant = checked_transpose_variant<ExecSpace>(call, options);
  KOKKOSTILE_EXPECT(b.extent(0) == a.extent(1) && b.extent(1) == a.extent(0), InvalidArgument, call,
                    "a is " << a.extent(0) << " x " << a.extent(1) << " so b must be "
                            << a.extent(1) << " x " << a.extent(0) << ", but b is " << b.extent(0)
                            << " x " << b.extent(1));
  expect_distinct_elements(call, b, "b");
  expect_disjoint(call, a, b, "a and b",
                  "use KokkosTile::transpose(a) to transpose a square matrix in place");
  const TileShape2D shape = variant == TransposeVariant::naive
                                ? TileShape2D{}
                                : transpose_tile_shape<ExecSpace>(call, options, variant);
  if (a.extent(0) == 0 || a.extent(1) == 0)
    return;
  transpose_dispatch(call, space, b, a, variant, shape);
}

}  // namespace Impl
}  // namespace KokkosTile
