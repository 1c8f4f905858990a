// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// team_gemm's operand ops: which op characters are valid, and op(X)'s extents and elements for a
// rank-2 View or Tile2D X, and where X lies; operands as batches of matrices; and how it stores
// an element of C (through the caller's epilogue, if any).

#include <Kokkos_Core.hpp>

#include "impl/core/Core_Scalars.hpp"

#include <type_traits>
#include <utility>

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

/// The operands of a team_gemm call as a batch of matrices, b(l) the l-th: a rank-2 matrix is a
/// batch of one (team_gemm), a rank-3 View one matrix per leading index (team_gemm_batched). The
/// bodies spread (matrix, block) pairs over the team, so that many small matrices fill it.
template <class Matrix>
struct TeamGemmOne {
  const Matrix& x;
  KOKKOS_FORCEINLINE_FUNCTION const Matrix& operator()(int) const { return x; }
};
/// Matrix l of a rank-3 View: x(l, i, j) read in place. Building a rank-2 subview for every block
/// instead took the fused example's batched kernel (double) from 102 to 183 registers a thread
/// (ptxas -v).
template <class View3>
struct TeamGemmSlice {
  using value_type = typename View3::value_type;
  using memory_space = typename View3::memory_space;
  using execution_space = typename View3::execution_space;
  const View3& x;
  int l;
  KOKKOS_FORCEINLINE_FUNCTION decltype(auto) operator()(int i, int j) const { return x(l, i, j); }
  KOKKOS_FORCEINLINE_FUNCTION auto extent(int d) const { return x.extent(d + 1); }
};
template <class View3>
struct TeamGemmMany {
  const View3& x;
  KOKKOS_FORCEINLINE_FUNCTION TeamGemmSlice<View3> operator()(int l) const { return {x, l}; }
};
/// The matrix type of a batch.
template <class Batch>
using team_gemm_matrix_t = std::decay_t<decltype(std::declval<const Batch&>()(0))>;

/// The epilogue of a team_gemm call without one: C's value as computed.
struct TeamGemmNoEpilogue {
  template <class T>
  KOKKOS_FORCEINLINE_FUNCTION T operator()(int, int, int, const T& value) const {
    return value;
  }
};

/// A team_gemm epilogue f(i, j, value) as the bodies call it, with the matrix index first.
template <class Epilogue>
struct TeamGemmOneEpilogue {
  const Epilogue& f;
  template <class T>
  KOKKOS_FORCEINLINE_FUNCTION T operator()(int, int i, int j, const T& value) const {
    return f(i, j, value);
  }
};

/// C(i, j) = epilogue(l, i, j, alpha * product + beta * C(i, j)), C the l-th matrix of the batch;
/// with beta = 0, C(i, j) is not read (NaN in it is ignored).
template <class CMatrix, class T, class Epilogue>
KOKKOS_FORCEINLINE_FUNCTION void team_gemm_store(const CMatrix& c, int l, int i, int j,
                                                 const T& product, const T& alpha, const T& beta,
                                                 const Epilogue& epilogue) {
  auto& out = c(i, j);
  out = epilogue(l, i, j, beta == T(0) ? T(alpha * product) : T(alpha * product + beta * T(out)));
}

}  // namespace Impl
}  // namespace KokkosTile
