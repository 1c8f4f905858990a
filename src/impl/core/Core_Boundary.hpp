// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// What a read outside a 2-D grid returns: the boundary condition of apply_stencil
// (KokkosTile_Stencil2D.hpp) and of team_load_halo (KokkosTile_TeamHalo.hpp), and the read that
// resolves it.

#include <Kokkos_Core.hpp>

#include <cstdint>

namespace KokkosTile {

/// What a stencil reads outside the grid.
enum class Boundary {
  constant,  ///< a fixed value
  clamp,     ///< the nearest grid element (zero-gradient)
  periodic   ///< the grid wraps around
};

template <class T>
struct BoundaryCondition {
  Boundary kind = Boundary::clamp;
  T value = T(0);  ///< used by Boundary::constant

  // Callable in kernels too (team_load_halo's boundary is often made where it is used).
  KOKKOS_INLINE_FUNCTION static BoundaryCondition constant(T value) {
    return {Boundary::constant, value};
  }
  KOKKOS_INLINE_FUNCTION static BoundaryCondition clamp() { return {Boundary::clamp, T(0)}; }
  KOKKOS_INLINE_FUNCTION static BoundaryCondition periodic() { return {Boundary::periodic, T(0)}; }
};

namespace Impl {

/// Maps a possibly-outside index into [0, extent) for clamp and periodic boundaries.
KOKKOS_INLINE_FUNCTION std::int64_t boundary_index(std::int64_t index, std::int64_t extent,
                                                   Boundary kind) {
  if (kind == Boundary::periodic) {
    const std::int64_t wrapped = index % extent;
    return wrapped < 0 ? wrapped + extent : wrapped;
  }
  return index < 0 ? 0 : (index >= extent ? extent - 1 : index);
}

/// in(i, j), or what the boundary condition says when (i, j) is outside the grid.
template <class InView, class T>
KOKKOS_INLINE_FUNCTION T read_with_boundary(const InView& in, std::int64_t i, std::int64_t j,
                                            const BoundaryCondition<T>& boundary) {
  const std::int64_t rows = in.extent(0), cols = in.extent(1);
  if (i >= 0 && i < rows && j >= 0 && j < cols)
    return in(i, j);
  if (boundary.kind == Boundary::constant)
    return boundary.value;
  return in(boundary_index(i, rows, boundary.kind), boundary_index(j, cols, boundary.kind));
}

}  // namespace Impl
}  // namespace KokkosTile
