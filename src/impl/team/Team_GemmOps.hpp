// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// team_gemm's operand ops: which op characters are valid, and op(X)'s extents and elements for a
// rank-2 View or Tile2D X, and where X lies; and how it stores an element of C (through the
// caller's epilogue, if any).

#include <Kokkos_Core.hpp>

#include "impl/core/Core_Scalars.hpp"

#include <type_traits>

namespace KokkosTile {
namespace Impl {

template <char Op>
inline constexpr bool team_op_valid =
    Op == 'N' || Op == 'n' || Op == 'T' || Op == 't' || Op == 'C' || Op == 'c';
template <char Op>
inline constexpr bool team_op_transposes = Op != 'N' && Op != 'n';
template <char Op>
inline constexpr bool team_op_conjugates = Op == 'C' || Op == 'c';

/// The writable value type of a matrix (rank-2 View or Tile2D).
template <class Matrix>
using team_matrix_value_t = std::remove_cv_t<typename Matrix::value_type>;

/// Rows of op(X), columns of op(X).
template <char Op, class Matrix>
KOKKOS_FORCEINLINE_FUNCTION int team_op_rows(const Matrix& x) {
  return static_cast<int>(team_op_transposes<Op> ? x.extent(1) : x.extent(0));
}
template <char Op, class Matrix>
KOKKOS_FORCEINLINE_FUNCTION int team_op_cols(const Matrix& x) {
  return static_cast<int>(team_op_transposes<Op> ? x.extent(0) : x.extent(1));
}

/// op(X)(r, c) as T: X(c, r) for "T", conj(X(c, r)) for "C" (complex X; "C" is "T" for real X).
template <char Op, class T, class Matrix>
KOKKOS_FORCEINLINE_FUNCTION T team_op_element(const Matrix& x, int r, int c) {
  if constexpr (!team_op_transposes<Op>) {
    return T(x(r, c));
  } else if constexpr (team_op_conjugates<Op> && is_gemm_complex_v<team_matrix_value_t<Matrix>>) {
    return T(Kokkos::conj(x(c, r)));
  } else {
    return T(x(c, r));
  }
}

/// Whether a matrix lies in global memory: a View of a memory space other than Kokkos' scratch
/// space (a Tile2D, which has no memory_space, is scratch).
template <class Matrix, class = void>
inline constexpr bool team_matrix_in_global = false;
template <class Matrix>
inline constexpr bool team_matrix_in_global<Matrix, std::void_t<typename Matrix::memory_space>> =
    !std::is_same_v<typename Matrix::memory_space,
                    Kokkos::ScratchMemorySpace<typename Matrix::execution_space>>;

/// The epilogue of a team_gemm call without one: C's value as computed.
struct TeamGemmNoEpilogue {
  template <class T>
  KOKKOS_FORCEINLINE_FUNCTION T operator()(int, int, const T& value) const {
    return value;
  }
};

/// C(i, j) = epilogue(i, j, alpha * product + beta * C(i, j)); with beta = 0, C(i, j) is not read
/// (NaN in it is ignored).
template <class CMatrix, class T, class Epilogue>
KOKKOS_FORCEINLINE_FUNCTION void team_gemm_store(const CMatrix& c, int i, int j, const T& product,
                                                 const T& alpha, const T& beta,
                                                 const Epilogue& epilogue) {
  auto& out = c(i, j);
  out = epilogue(i, j, beta == T(0) ? T(alpha * product) : T(alpha * product + beta * T(out)));
}

}  // namespace Impl
}  // namespace KokkosTile
