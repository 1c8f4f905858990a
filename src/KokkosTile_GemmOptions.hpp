// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// What a gemm call may choose (GemmOptions: the variant and the team tile of the tuned kernel); see
// KokkosTile_Gemm.hpp for the call and impl/gemm/Gemm_TileChoice.hpp for what `automatic` takes.

namespace KokkosTile {

enum class GemmVariant {
  /// The default: `tuned`.
  automatic,
  naive,
  tiled16,
  tuned,
  /// Opt-in: float on CUDA tensor cores (sm_80 and newer) with the 3xTF32 split, close to fp32's
  /// accuracy (impl/gemm/Gemm_Tf32x3.hpp); elsewhere, and for double, the same as `tuned`.
  tf32x3
};

/// Team tile (rows x columns x K step) and register tile (rows x columns) of the tuned kernel.
enum class GemmTile {
  automatic,         // on devices, float: 128x128x16_8x8, 128x128x8_8x8 or 128x64x8_8x4 (see
                     // resolve_gemm_tile); double: 128x64x8_8x4 or 64x64x16_4x4; on host
                     // backends packed panels
  t128x128x8_8x8,    // 256 threads, 64 accumulators each
  t128x128x16_8x8,   // the same with K steps of 16: half the barriers per multiply-add
  t128x128x16_8x16,  // 128 threads, 128 accumulators each: float only (double spills: rejected)
  t128x64x8_8x4,     // 256 threads, 32 accumulators each
  t128x64x8_8x8,     // 128 threads, 64 accumulators each (fp64 tensor cores: 4 warps of 64 x 32)
  t64x64x16_4x4,     // 256 (virtual) threads, 16 accumulators each
  t256x128x8_16x8    // 256 threads, 128 accumulators each: float only (double spills: rejected)
};

struct GemmOptions {
  GemmVariant variant = GemmVariant::automatic;
  GemmTile tile = GemmTile::automatic;
};

inline const char* to_string(GemmVariant variant) {
  switch (variant) {
    case GemmVariant::automatic:
      return "automatic";
    case GemmVariant::naive:
      return "naive";
    case GemmVariant::tiled16:
      return "tiled16";
    case GemmVariant::tuned:
      return "tuned";
    case GemmVariant::tf32x3:
      return "tf32x3";
  }
  return "unknown";
}

}  // namespace KokkosTile
