// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Packing for the host GEMM (BLIS-style): blocks of op(A) and panels of op(B) are copied into
// contiguous micro-panels in the order the micro-kernel reads them, so that its inner loop streams
// through memory whatever the layout, stride or transpose of the operands, and edges are padded
// with zeros so that the micro-kernel always computes whole MR x NR tiles.
//
//   A~: an mc x kc block of op(A) as ceil(mc / MR) micro-panels of MR x kc, each k-major
//       (element (i, p) of micro-panel r at r * MR * kc + p * MR + i);
//   B~: a kc x nc panel of op(B) as ceil(nc / NR) micro-panels of kc x NR, each k-major
//       (element (p, j) of micro-panel s at s * NR * kc + p * NR + j).
//
// A source is a pointer and two strides (op(X)(r, c) = data[r * rs + c * cs]): every Kokkos
// layout and subview, and transposes (the strides swapped). The loops read along the source's
// contiguous index.

#include <cstdint>

namespace KokkosTile {
namespace Impl {

/// A strided host matrix: X(r, c) = data[r * rs + c * cs].
template <class T>
struct GemmHostMatrix {
  T* data = nullptr;
  std::int64_t rs = 0, cs = 0;

  T* at(std::int64_t r, std::int64_t c) const { return data + r * rs + c * cs; }
  /// The same elements read as the transpose.
  GemmHostMatrix transposed() const { return {data, cs, rs}; }
};

/// Packs rows [0, rows) x columns [0, kc) of `src` (already offset to the block's corner) into one
/// micro-panel of W x kc, k-major (dst[p * W + i]), rows from `rows` to W zero. With W = MR this
/// packs op(A); with the source transposed and W = NR, op(B).
template <int W, class T>
inline void gemm_pack_micro_panel(const GemmHostMatrix<const T>& src, int rows, std::int64_t kc,
                                  T* dst) {
  if (rows == W && src.rs == 1) {
    // Contiguous along the micro-panel's width: a straight copy of W elements per k.
    for (std::int64_t p = 0; p < kc; ++p) {
      const T* s = src.data + p * src.cs;
      T* d = dst + p * W;
      for (int i = 0; i < W; ++i)
        d[i] = s[i];
    }
    return;
  }
  if (src.cs < src.rs) {
    // Contiguous (or closer to it) along k: read each row along k, write every W-th element.
    for (int i = 0; i < rows; ++i) {
      const T* s = src.data + i * src.rs;
      for (std::int64_t p = 0; p < kc; ++p)
        dst[p * W + i] = s[p * src.cs];
    }
  } else {
    for (std::int64_t p = 0; p < kc; ++p) {
      const T* s = src.data + p * src.cs;
      for (int i = 0; i < rows; ++i)
        dst[p * W + i] = s[i * src.rs];
    }
  }
  if (rows < W) {
    for (std::int64_t p = 0; p < kc; ++p)
      for (int i = rows; i < W; ++i)
        dst[p * W + i] = T(0);
  }
}

/// Packs the mc x kc block of op(A) at `a` (its corner) into ceil(mc / MR) micro-panels.
template <int MR, class T>
inline void gemm_pack_a(const GemmHostMatrix<const T>& a, std::int64_t mc, std::int64_t kc,
                        T* dst) {
  for (std::int64_t i0 = 0; i0 < mc; i0 += MR) {
    const int rows = mc - i0 < MR ? int(mc - i0) : MR;
    gemm_pack_micro_panel<MR>(GemmHostMatrix<const T>{a.data + i0 * a.rs, a.rs, a.cs}, rows, kc,
                              dst + i0 * kc);
  }
}

/// Packs micro-panel `s` (columns [s * NR, s * NR + NR) of nc) of the kc x nc panel of op(B) at
/// `b` (its corner) into its place in B~: NR wide, or NE wide when it is the last and has at most
/// NE columns (the kernels' run<NE>). One call per micro-panel, so that threads can share the
/// packing of a panel.
template <int NR, int NE, class T>
inline void gemm_pack_b_micro_panel(const GemmHostMatrix<const T>& b, std::int64_t nc,
                                    std::int64_t kc, std::int64_t s, T* dst) {
  const std::int64_t j0 = s * NR;
  const int cols = nc - j0 < NR ? int(nc - j0) : NR;
  // Column j of op(B) is row j of op(B)^T: the same routine as for A with the strides swapped.
  const GemmHostMatrix<const T> columns{b.data + j0 * b.cs, b.cs, b.rs};
  if (cols <= NE)
    gemm_pack_micro_panel<NE>(columns, cols, kc, dst + j0 * kc);
  else
    gemm_pack_micro_panel<NR>(columns, cols, kc, dst + j0 * kc);
}

}  // namespace Impl
}  // namespace KokkosTile
