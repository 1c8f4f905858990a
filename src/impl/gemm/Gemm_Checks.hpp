// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// What KokkosTile::gemm accepts: its scalar types, which value types convert into C's without
// loss, the Views it takes and the op strings.

#include <Kokkos_Core.hpp>

#include "KokkosTile_Assert.hpp"
#include "KokkosTile_GemmOptions.hpp"
#include "impl/core/Core_Scalars.hpp"
#include "impl/gemm/Gemm_Operand.hpp"

#include <limits>
#include <cstdint>
#include <string>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

/// Whether a problem of these value types takes the kernels written for one real type (tuned
/// device kernel, host packed panels); complex and mixed ones take GemmTiled16 or GemmNaive.
template <class TA, class TB, class T>
inline constexpr bool gemm_one_real_type_v = std::is_floating_point_v<T> &&
                                             (std::is_same_v<TA, T> && std::is_same_v<TB, T>);

template <class ExecSpace, class ViewType>
constexpr void check_gemm_view() {
  static_assert(Kokkos::is_view<ViewType>::value, "KokkosTile::gemm needs Kokkos::Views");
  static_assert(ViewType::rank() == 2, "KokkosTile::gemm needs rank-2 Views");
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, typename ViewType::memory_space>::accessible,
                "KokkosTile::gemm: the execution space cannot access the View's memory space");
}

/// Whether a valid op (parse_gemm_op) is "C" or "c": conjugate transpose.
inline bool gemm_op_conjugates(const char* op) {
  return op[0] == 'C' || op[0] == 'c';
}

/// "N" -> false, "T" or "C" -> true (any case); anything else is an InvalidArgument.
inline bool parse_gemm_op(const std::string& call, const char* which, const char* op) {
  const char letter = op == nullptr ? '\0' : op[0];
  KOKKOSTILE_EXPECT(letter == 'N' || letter == 'n' || letter == 'T' || letter == 't' ||
                        letter == 'C' || letter == 'c',
                    InvalidArgument, call,
                    which << " is \"" << (op == nullptr ? "(null)" : op)
                          << "\"; it must be \"N\", \"T\" or \"C\"");
  return letter != 'N' && letter != 'n';
}

/// Refuses (InvalidArgument naming `call`) extents that do not agree: op(A) m x k, op(B) k_b x n, C
/// c_rows x c_cols. One message per disagreeing extent, so that it names the one that is wrong
/// (gemm and, per matrix, gemm_batched).
inline void expect_gemm_extents(const std::string& call, std::int64_t m, std::int64_t k,
                                std::int64_t k_b, std::int64_t n, std::int64_t c_rows,
                                std::int64_t c_cols) {
  KOKKOSTILE_EXPECT(k_b == k, InvalidArgument, call,
                    "the inner extents differ: op(A) is " << m << " x " << k << " but op(B) is "
                                                          << k_b << " x " << n);
  KOKKOSTILE_EXPECT(c_rows == m, InvalidArgument, call,
                    "C has " << c_rows << " rows but op(A) has " << m << " (op(A) is " << m << " x "
                             << k << ", op(B) " << k << " x " << n << ")");
  KOKKOSTILE_EXPECT(c_cols == n, InvalidArgument, call,
                    "C has " << c_cols << " columns but op(B) has " << n << " (op(A) is " << m
                             << " x " << k << ", op(B) " << k << " x " << n << ")");
}

/// options with `automatic` resolved (to `tuned`); an unknown variant or tile is an
/// InvalidArgument.
inline GemmOptions checked_gemm_options(const std::string& call, const GemmOptions& options) {
  GemmOptions resolved = options;
  const int variant = static_cast<int>(options.variant);
  KOKKOSTILE_EXPECT(variant >= static_cast<int>(GemmVariant::automatic) &&
                        variant <= static_cast<int>(GemmVariant::tf32x3),
                    InvalidArgument, call, "variant " << variant << " is not a GemmVariant");
  const int tile = static_cast<int>(options.tile);
  KOKKOSTILE_EXPECT(tile >= static_cast<int>(GemmTile::automatic) &&
                        tile <= static_cast<int>(GemmTile::t256x128x8_16x8),
                    InvalidArgument, call, "tile " << tile << " is not a GemmTile");
  if (resolved.variant == GemmVariant::automatic)
    resolved.variant = GemmVariant::tuned;
  return resolved;
}

/// The default label of a gemm call: "KokkosTile::gemm<variant>", the variant that runs.
inline std::string gemm_label(const GemmOptions& options) {
  const GemmVariant variant =
      options.variant == GemmVariant::automatic ? GemmVariant::tuned : options.variant;
  return std::string("KokkosTile::gemm<") + to_string(variant) + ">";
}

}  // namespace Impl
}  // namespace KokkosTile
