// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The scalar rules of the matrix multiplies (gemm, gemm_batched, team_gemm): which value types
// they take (float, double, Kokkos::complex of either), and which of A's and B's value types
// convert into C's without loss.

#include <Kokkos_Core.hpp>

#include <limits>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

/// Whether T is a Kokkos::complex (the complex scalars gemm accepts).
template <class T>
struct is_gemm_complex : std::false_type {};
template <class R>
struct is_gemm_complex<Kokkos::complex<R>> : std::true_type {};
template <class T>
inline constexpr bool is_gemm_complex_v = is_gemm_complex<std::remove_cv_t<T>>::value;

/// The real type under a gemm scalar: R for Kokkos::complex<R>, else T.
template <class T>
struct gemm_real {
  using type = T;
};
template <class R>
struct gemm_real<Kokkos::complex<R>> {
  using type = R;
};

/// float, double (any real floating-point type, as before) or Kokkos::complex of one.
template <class T>
inline constexpr bool is_gemm_scalar_v = std::is_floating_point_v<typename gemm_real<T>::type>;

/// Whether A's or B's value type X converts to C's value type T without loss: real into real or
/// complex, complex into complex only, of at least X's precision.
template <class X, class T>
constexpr bool gemm_converts() {
  if constexpr (!is_gemm_scalar_v<X> || !is_gemm_scalar_v<T>) {
    return false;
  } else {
    using x_limits = std::numeric_limits<typename gemm_real<X>::type>;
    using t_limits = std::numeric_limits<typename gemm_real<T>::type>;
    const bool domain = !is_gemm_complex_v<X> || is_gemm_complex_v<T>;
    return domain && x_limits::digits <= t_limits::digits &&
           x_limits::max_exponent <= t_limits::max_exponent;
  }
}
template <class X, class T>
inline constexpr bool gemm_converts_v = gemm_converts<X, T>();

/// One element of C: out = alpha * product + beta * out; with beta = 0, out is not read (NaN in
/// it is ignored). Every GEMM epilogue that writes elements one at a time goes through it.
template <class T>
KOKKOS_FORCEINLINE_FUNCTION void gemm_update(T& out, const T& product, const T& alpha,
                                             const T& beta) {
  if (beta == T(0)) {
    out = alpha * product;
  } else {
    out = alpha * product + beta * out;
  }
}

}  // namespace Impl
}  // namespace KokkosTile
